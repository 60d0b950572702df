"""Sâm Lốc bots: random, greedy (a sensible beginner) and sam (greedy plus báo Sâm).

Every bot chooses from its seat's view (:class:`~vncards.core.ShedView`): its own hand,
the table, the cards played, the others' card counts and the declarations; never from
the game's state.

The random bot declines an offered Sâm declaration 99 times in 100: a bot that declared
half the time would turn most games into a Sâm that fails at the first play, which says
nothing about the game. The sam bot declares when a plan of combinations it can lead
one after another survives most simulated deals of the cards it cannot see.

>>> from vncards.core import play_game
>>> from vncards.samloc import plugin
>>> state = plugin.new_game(plugin.presets["standard"], 4, seed=3)
>>> game = play_game(plugin, state, [BOTS["greedy"](i) for i in range(4)])
>>> plugin.result(game.final).finished
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from vncards.core import (
    Bot,
    Combo,
    ComboRules,
    Kind,
    Pass,
    Play,
    PlayList,
    RandomBot,
    ShedView,
    View,
    classify,
    is_chop,
)
from vncards.samloc._engine import TWOS, sam_chops, sam_combo_rules

__all__ = ["BOTS", "GreedyBot", "RandomSamBot", "SamBot", "declarer_of", "sam_plan"]


def declarer_of(view: ShedView) -> int:
    """The seat whose báo Sâm counts, as every seat sees it, or -1: of the declarations,
    the one nearest in turn order from the seat that would have led.

    >>> from vncards.core import CardSet, Declare
    >>> from vncards.samloc import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=7)
    >>> declarer_of(plugin.view(st, 0))
    -1
    >>> _ = plugin.apply(st, Declare(1))
    >>> declarer_of(plugin.view(st, 0))
    1
    """
    said = view.declarations
    if not said:
        return -1
    n = len(view.counts)
    first = view.first
    return min((e.seat for e in said if e.seat is not None), key=lambda s: (s - first) % n)


def _next_in_play(view: ShedView, seat: int) -> int:
    """The next seat after ``seat`` still in play, or -1 (``next_active`` on a view)."""
    n = len(view.counts)
    out = view.out
    i = seat
    for _ in range(n - 1):
        i = i + 1 if i + 1 < n else 0
        if not out >> i & 1:
            return i
    return -1


def _breaks_quad(mask: int, hand: int) -> bool:
    """Whether ``mask`` takes part, not all, of a tứ quý in ``hand``."""
    for r in range(13):
        nib = (hand >> (4 * r)) & 15
        if nib == 15:
            part = (mask >> (4 * r)) & 15
            if part and part != 15:
                return True
    return False


def _split_actions(actions: Sequence[Any]) -> tuple[list[int], bool]:
    if isinstance(actions, PlayList):
        return actions.masks, actions.can_pass
    masks = [a.cards for a in actions if isinstance(a, Play)]
    return masks, any(isinstance(a, Pass) for a in actions)


class GreedyBot:
    """A sensible beginner: never declares Sâm; leads its lowest card in the longest
    combination that holds it; beats cheaply, keeps 2s and tứ quý for when they matter,
    chops a 2 whenever it can, always blocks a Sâm, and obeys báo một.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """The bot's action, or ``None`` to decline a Sâm declaration (``view`` is the
        Sâm plugin's, a :class:`~vncards.core.ShedView`)."""
        if optional:
            return None
        return self._play(cast(ShedView, view), actions)

    def _play(self, view: ShedView, actions: Sequence[Any]) -> Any:
        seat = view.seat
        masks, can_pass = _split_actions(actions)
        if not masks:
            return Pass(seat)
        rules = sam_combo_rules(view.rules)
        combos = [c for c in (classify(m, rules) for m in masks) if c is not None]
        hand = view.hand_mask
        declarer = declarer_of(view)
        nxt = _next_in_play(view, seat)
        warn = declarer == -1 and nxt >= 0 and view.counts[nxt] == 1
        table = view.table
        if table is None:
            return Play(seat, self._lead(combos, hand, warn).mask)
        pick = self._respond(view, combos, hand, table, warn, declarer)
        if pick is None and not can_pass:
            pick = min(combos, key=lambda c: c.key)
        return Pass(seat) if pick is None else Play(seat, pick.mask)

    @staticmethod
    def _lead(combos: list[Combo], hand: int, warn: bool) -> Combo:
        if warn:
            multi = [c for c in combos if c.length > 1]
            if multi:
                return max(multi, key=lambda c: (c.length, -c.key))
            return max(combos, key=lambda c: c.top_rank)
        low = hand & ~TWOS
        r0 = ((low & -low).bit_length() - 1) >> 2 if low else 12
        lowbits = 15 << (4 * r0)
        pool = [
            c
            for c in combos
            if c.mask & lowbits
            and (r0 == 12 or not c.mask & TWOS)
            and not _breaks_quad(c.mask, hand)
        ]
        if not pool:
            pool = combos
        # keep a card that is not a lone 2 for the end (a 2 may not go out)
        rest_ok = [c for c in pool if (hand & ~c.mask) & ~TWOS or (hand & ~c.mask).bit_count() != 1]
        return max(rest_ok or pool, key=lambda c: (c.length, -c.key))

    @staticmethod
    def _respond(
        view: ShedView,
        combos: list[Combo],
        hand: int,
        table: Combo,
        warn: bool,
        declarer: int,
    ) -> Combo | None:
        seat = view.seat
        if declarer != -1 and view.table_seat == declarer:
            return min(combos, key=lambda c: (c.kind == Kind.QUAD, c.key))  # block the Sâm
        chops = [c for c in combos if is_chop(c, table, sam_chops())]
        if chops and table.kind == Kind.SINGLE:
            return min(chops, key=lambda c: c.key)
        same = [c for c in combos if c.kind == table.kind and c.length == table.length]
        if warn and table.kind == Kind.SINGLE and same:
            return max(same, key=lambda c: c.top_rank)
        cheap = [c for c in same if not c.mask & TWOS and not _breaks_quad(c.mask, hand)]
        if cheap:
            return min(cheap, key=lambda c: c.key)
        others = [
            count for i, count in enumerate(view.counts) if i != seat and not view.out >> i & 1
        ]
        urgent = bool(others) and min(others) <= 3
        if same and (urgent or table.top_rank >= 9):
            return min(same, key=lambda c: c.key)
        if chops and urgent:
            return min(chops, key=lambda c: c.key)
        return None


# ---------------------------------------------------------------- báo Sâm planning

Unit = tuple[int, int, int, int]
_ByRank = list[list[tuple[int, int, int, tuple[int, ...]]]]
_ByLen = dict[int, list[tuple[int, int]]]
_Deals = list[list[tuple[list[int], int]]]
"""A planned combination by ranks: ``(kind, rank or top position, length, rank bits)``."""


@functools.cache
def _straights_by_rank(rules: ComboRules) -> tuple[_ByRank, _ByLen]:
    table = rules.tables().straights
    by_rank: _ByRank = [[] for _ in range(13)]
    by_len: _ByLen = {}
    for bits, (pos, _) in table.items():
        n = bits.bit_count()
        by_len.setdefault(n, []).append((bits, pos))
        ranks = tuple(q for q in range(13) if bits >> q & 1)
        for r in ranks:
            by_rank[r].append((bits, pos, n, ranks))
    return by_rank, by_len


def _plans(counts: list[int], by_rank: _ByRank, limit: int) -> list[list[Unit]]:
    """Up to ``limit`` ways to split the hand (cards per rank) into combinations, the
    lowest rank left always used first: its sets largest first, then its straights."""
    out: list[list[Unit]] = []
    acc: list[Unit] = []
    single = int(Kind.SINGLE)
    straight = int(Kind.STRAIGHT)

    def rec(held: int) -> None:
        # held: the ranks with cards left, the lowest of them is the one to use
        if len(out) >= limit:
            return
        if not held:
            out.append(acc[:])
            return
        r = (held & -held).bit_length() - 1
        c = counts[r]
        for k in range(c, 0, -1):
            counts[r] = c - k
            acc.append((single + k - 1, r, k, 1 << r))
            rec(held if k < c else held & ~(1 << r))
            acc.pop()
        counts[r] = c
        for bits, pos, n, ranks in by_rank[r]:
            if bits & held == bits:
                left = held
                for q in ranks:
                    counts[q] -= 1
                    if not counts[q]:
                        left &= ~(1 << q)
                acc.append((straight, pos, n, bits))
                rec(left)
                acc.pop()
                for q in ranks:
                    counts[q] += 1

    rec(sum(1 << r for r in range(13) if counts[r]))
    return out


def _sample_deals(view: ShedView, rng: random.Random, samples: int) -> _Deals:
    """``samples`` random deals of the cards ``view``'s seat cannot see to the seats
    still in play: per seat, its count of cards of each rank and its ranks as bits."""
    seat = view.seat
    hand = view.hand_mask
    opponents = [i for i in range(len(view.counts)) if i != seat and not view.out >> i & 1]
    unseen = [c for c in range(52) if not (hand | view.pile) >> c & 1]
    deals: _Deals = []
    for _ in range(samples):
        rng.shuffle(unseen)
        sample = []
        pos = 0
        for i in opponents:
            size = view.counts[i]
            opp = [0] * 13
            for c in unseen[pos : pos + size]:
                opp[c >> 2] += 1
            pos += size
            sample.append((opp, sum(1 << r for r in range(13) if opp[r])))
        deals.append(sample)
    return deals


def _tops(deals: _Deals) -> list[list[int]]:
    """Per deal, for n from 1 to 4, the highest rank some opponent holds n cards of
    (-1 when none does)."""
    out = []
    for sample in deals:
        top = [-1] * 5
        for counts, _ in sample:
            for q in range(13):
                for n in range(1, counts[q] + 1):
                    if q > top[n]:
                        top[n] = q
        out.append(top)
    return out


def _losses(unit: Unit, deals: _Deals, tops: list[list[int]], by_len: _ByLen) -> int:
    """Bit s is set when some opponent of deal s can beat ``unit``: a straight by a
    higher one as long, a 2 by a four of a kind, anything else by a higher rank held
    as many times (four of a kind for a four)."""
    kind, key, length, _ = unit
    m = 0
    if kind == Kind.STRAIGHT:
        table = by_len[length]
        for s, sample in enumerate(deals):
            if any(p > key and b & present == b for _, present in sample for b, p in table):
                m |= 1 << s
        return m
    if length == 1 and key == 12:
        need, key = 4, -1
    else:
        need = 4 if length == 4 else length
    for s, top in enumerate(tops):
        if top[need] > key:
            m |= 1 << s
    return m


def sam_plan(
    view: ShedView, rng: random.Random, samples: int = 64, limit: int = 4000
) -> tuple[float, list[Unit]]:
    """The plan of leads most likely to play the viewing seat's hand out unbeaten, and
    the share of ``samples`` random deals of the cards it cannot see to the opponents
    that it survives.

    The plan is in playing order; its last combination holds no 2 (thối 2) and needs
    no protection, since going out ends the game before anyone answers.
    """
    hand = view.hand_mask
    by_rank, by_len = _straights_by_rank(sam_combo_rules(view.rules))
    counts = [(hand >> (4 * r) & 15).bit_count() for r in range(13)]
    plans = _plans(counts, by_rank, limit)
    deals = _sample_deals(view, rng, samples)
    tops = _tops(deals)
    cache: dict[Unit, int] = {}
    full = (1 << samples) - 1
    best: tuple[float, int, list[Unit]] = (-1.0, 0, [])
    for plan in plans:
        masks = []
        for u in plan:
            m = cache.get(u)
            if m is None:
                m = cache[u] = _losses(u, deals, tops, by_len)
            masks.append(m)
        # the last play goes out at once, so nobody can beat it: spare the riskiest
        # combination without a 2 for it
        # what the plan loses without combination j: the OR of the masks before it
        # and after it, from running ORs in both directions
        n = len(masks)
        after = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            after[i] = after[i + 1] | masks[i]
        last = -1
        lost = full
        lost_count = 0
        before = 0
        for j, u in enumerate(plan):
            if not u[3] >> 12 & 1:
                rest = before | after[j + 1]
                count = rest.bit_count()
                if last < 0 or count < lost_count:
                    last, lost, lost_count = j, rest, count
            before |= masks[j]
        if last < 0:
            continue  # nothing to go out with but a 2
        share = (full & ~lost).bit_count() / samples
        if (share, -len(plan)) > (best[0], best[1]):
            ordered = [u for i, u in enumerate(plan) if i != last]
            ordered.sort(key=lambda u: not u[3] >> 12 & 1)  # 2s early: one may not go out
            best = (share, -len(plan), [*ordered, plan[last]])
    return best[0], best[2]


def _unit_mask(unit: Unit, hand: int) -> int:
    kind, key, length, bits = unit
    mask = 0
    if kind == Kind.STRAIGHT:
        for r in range(13):
            if bits >> r & 1:
                nib = hand >> (4 * r) & 15
                mask |= (nib & -nib) << (4 * r)
        return mask
    nib = hand >> (4 * key) & 15
    taken = 0
    for s in range(4):
        if taken < length and nib >> s & 1:
            mask |= 1 << (4 * key + s)
            taken += 1
    return mask


class SamBot(GreedyBot):
    """Greedy play, plus báo Sâm when a plan survives at least ``threshold`` of
    simulated deals; as the declarer it leads that plan (2s first, never last)."""

    name = "sam"

    def __init__(self, seed: int = 0, threshold: float = 0.6, samples: int = 64) -> None:
        super().__init__(seed)
        self.threshold = threshold
        self.samples = samples

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """Declare when confident; as declarer follow the plan; otherwise play greedy."""
        view = cast(ShedView, view)
        if optional:
            share, plan = sam_plan(view, self._rng, self.samples)
            if plan and share >= self.threshold:
                return actions[0]
            return None
        if view.table is None and declarer_of(view) == view.seat:
            masks, _ = _split_actions(actions)
            hand = view.hand_mask
            _, plan = sam_plan(view, self._rng, self.samples)
            for unit in plan:
                m = _unit_mask(unit, hand)
                if m in masks:
                    return Play(view.seat, m)
        return self._play(view, actions)


class RandomSamBot(RandomBot):
    """Uniform among the offered actions; declines an offered Sâm 99 times in 100.

    >>> bot = RandomSamBot(3)
    >>> bot.pick(["a", "b", "c"], False) in {"a", "b", "c"}
    True
    """

    def __init__(self, seed: int = 0, decline: float = 0.99) -> None:
        super().__init__(seed, decline)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomSamBot,
    "greedy": GreedyBot,
    "sam": SamBot,
}
"""Bot factories by name: seed → bot."""
