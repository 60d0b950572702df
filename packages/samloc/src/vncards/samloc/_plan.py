"""The báo Sâm planner: the plan of leads most likely to play a hand out unbeaten.

The hand is split every way into combinations (up to a limit); the cards the seat
cannot see are dealt at random to the opponents a number of times, and a plan survives
a deal when no opponent of that deal can beat any of its combinations but the last
(going out ends the game before anyone answers).

What each deal says about the opponents is read once: for each size, the highest
rank an opponent holds that many times, and for each straight length, the highest
straight an opponent holds. A combination's losses, one bit per deal, are then a
lookup, and each split is scored as it is found.

>>> import random
>>> from vncards.samloc import plugin
>>> state = plugin.new_game(plugin.presets["standard"], 4, seed=5)
>>> share, plan = sam_plan(plugin.view(state, 0), random.Random(0), samples=16)
>>> 0.0 <= share <= 1.0 and sum(unit[2] for unit in plan) == 10
True
"""

from __future__ import annotations

import functools
import random
import sys
from array import array
from typing import TypeVar

from vncards.core import ComboRules, Kind, ShedView
from vncards.samloc._engine import sam_combo_rules

__all__ = ["Unit", "sam_plan", "unit_mask"]

Unit = tuple[int, int, int, int]
"""A planned combination by ranks: ``(kind, rank or top position, length, rank bits)``."""

_T = TypeVar("_T")
_Straight = tuple[int, int, int, tuple[int, ...]]
_ByRank = list[list[_Straight]]
_ByLen = dict[int, list[tuple[int, int]]]

_SINGLE = int(Kind.SINGLE)
_STRAIGHT = int(Kind.STRAIGHT)
_TWO = 12
# bit 4r for each rank r, and the same in the two or four bits of each rank
_NIB = int("1" * 13, 16)
_PAIRS = _NIB * 5
_QUADS = _NIB * 3
# an array of 32-bit words (the random generator's unit)
_WORD = next(code for code in "IL" if array(code).itemsize == 4)


@functools.cache
def _straights_by_rank(rules: ComboRules) -> tuple[_ByRank, _ByLen]:
    """The straights holding each rank, and the straights of each length by their
    card ranks spread to one bit per rank's cards (bit ``4r``), highest first."""
    table = rules.tables().straights
    by_rank: _ByRank = [[] for _ in range(13)]
    by_len: _ByLen = {}
    for bits, (pos, _) in table.items():
        n = bits.bit_count()
        ranks = tuple(q for q in range(13) if bits >> q & 1)
        by_len.setdefault(n, []).append((sum(1 << (4 * q) for q in ranks), pos))
        for r in ranks:
            by_rank[r].append((bits, pos, n, ranks))
    for straights in by_len.values():
        straights.sort(key=lambda s: -s[1])
    return by_rank, by_len


def _words(rng: random.Random, count: int) -> list[int]:
    """The next ``count`` 32-bit words of ``rng``, as ``count`` calls of
    ``rng.getrandbits(32)`` would give them."""
    words = array(_WORD, rng.getrandbits(32 * count).to_bytes(4 * count, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words.tolist()


def _shuffles(cards: list[_T], rng: random.Random, times: int) -> list[list[_T]]:
    """``cards`` after each of ``times`` successive ``rng.shuffle`` calls.

    The same draws as :meth:`random.Random.shuffle` (a number below ``i + 1`` for each
    position ``i`` from the last down: 32 random bits a try, kept when their top bits
    fall below it), the random words fetched many at a time: never more than the draws
    one by one would use, so the generator ends where they leave it.
    """
    out: list[list[_T]] = []
    cards = cards[:]  # of any type: compiled, a swap moves references and makes no ints
    size = len(cards)
    if type(rng) is not random.Random or size < 2:
        for _ in range(times):
            rng.shuffle(cards)
            out.append(cards[:])
        return out
    # the bits a try keeps for position i
    shifts = [32 - (i + 1).bit_length() for i in range(size)]
    i = size - 1
    left = times * (size - 1)  # draws still to make: at least one word each
    while left:
        for w in _words(rng, left):
            j = w >> shifts[i]
            if j <= i:
                cards[i], cards[j] = cards[j], cards[i]
                left -= 1
                if i > 1:
                    i -= 1
                else:
                    out.append(cards[:])
                    i = size - 1
    return out


class _Deals:
    """The sampled deals, as one bit per deal: which deals let an opponent beat a set
    (by size and rank) or a straight (by length and top position)."""

    def __init__(self, view: ShedView, rng: random.Random, samples: int, by_len: _ByLen) -> None:
        seat = view.seat
        seen = view.hand_mask | view.pile
        sizes = [
            view.counts[i] for i in range(len(view.counts)) if i != seat and not view.out >> i & 1
        ]
        unseen = [1 << c for c in range(52) if not seen >> c & 1]
        # per deal: each opponent's ranks (bit 4r), and the ranks some opponent holds
        # at least n times, n = 1 … 4
        self.present: list[list[int]] = []
        tops: list[list[int]] = [[], [], [], [], []]
        for cards in _shuffles(unseen, rng, samples):
            pos = 0
            held: list[int] = []
            at_least = [0, 0, 0, 0, 0]
            for size in sizes:
                m = sum(cards[pos : pos + size])
                pos += size
                # cards of each rank, counted in its four bits
                m = (m & _PAIRS) + (m >> 1 & _PAIRS)
                m = (m & _QUADS) + (m >> 2 & _QUADS)
                b0, b1, b2 = m & _NIB, m >> 1 & _NIB, m >> 2 & _NIB
                held.append(b0 | b1 | b2)
                at_least[1] |= b0 | b1 | b2
                at_least[2] |= b1 | b2
                at_least[3] |= b2 | (b1 & b0)
                at_least[4] |= b2
            self.present.append(held)
            for n in range(1, 5):
                tops[n].append((at_least[n].bit_length() - 1) >> 2)
        self.by_len = by_len
        # sets[n][key + 1]: the deals where an opponent holds a rank above key n times
        self.sets = [_beaten_above(t, 14) for t in tops]
        self.straights: dict[int, list[int]] = {}

    def losses(self, unit: Unit) -> int:
        """Bit s is set when some opponent of deal s can beat ``unit``: a straight by a
        higher one as long, a 2 by a four of a kind, anything else by a higher rank
        held as many times (four of a kind for a four)."""
        kind, key, length, _ = unit
        if kind == _STRAIGHT:
            table = self.straights.get(length)
            if table is None:
                table = self.straights[length] = self._straight_losses(length)
            return table[key + 1]
        if length == 1 and key == _TWO:
            return self.sets[4][0]  # any four of a kind
        return self.sets[length][key + 1]

    def _straight_losses(self, length: int) -> list[int]:
        straights = self.by_len[length]
        tops = []
        for held in self.present:
            top = -1
            for spread, pos in straights:  # highest first: the first held is the top
                if any(spread & h == spread for h in held):
                    top = pos
                    break
            tops.append(top)
        return _beaten_above(tops, max(p for _, p in straights) + 2)


def _beaten_above(tops: list[int], size: int) -> list[int]:
    """``out[key + 1]``: the bits ``s`` with ``tops[s] > key`` (``tops[s]`` is -1 or
    more, ``size`` is past the highest top plus one)."""
    at = [0] * size
    for s, top in enumerate(tops):
        at[top + 1] |= 1 << s
    out = [0] * size
    above = 0
    for i in range(size - 1, -1, -1):
        out[i] = above
        above |= at[i]
    return out


class _Search:
    """Splits a hand (its cards per rank) into combinations, the lowest rank left
    always used first: its sets largest first, then its straights; each split scored
    against the deals as it is found, the first best kept."""

    def __init__(self, counts: list[int], by_rank: _ByRank, deals: _Deals, samples: int) -> None:
        self.counts = counts
        self.by_rank = by_rank
        self.deals = deals
        self.full = (1 << samples) - 1
        self.units: list[Unit] = []
        self.masks: list[int] = []
        self.found = 0
        self.limit = 0
        self.best_kept = -1  # deals the best plan survives, -1 before any plan
        self.best_len = 0
        self.best: list[Unit] = []

    def run(self, limit: int) -> None:
        """Score up to ``limit`` splits."""
        self.limit = limit
        held = 0
        for r in range(13):
            if self.counts[r]:
                held |= 1 << r
        self._extend(held)

    def _push(self, unit: Unit) -> None:
        self.units.append(unit)
        self.masks.append(self.deals.losses(unit))

    def _pop(self) -> None:
        self.units.pop()
        self.masks.pop()

    def _extend(self, held: int) -> None:
        # held: the ranks with cards left, the lowest of them is the one to use
        if self.found >= self.limit:
            return
        if not held:
            self.found += 1
            self._score()
            return
        counts = self.counts
        r = (held & -held).bit_length() - 1
        c = counts[r]
        for k in range(c, 0, -1):
            counts[r] = c - k
            self._push((_SINGLE + k - 1, r, k, 1 << r))
            self._extend(held if k < c else held & ~(1 << r))
            self._pop()
        counts[r] = c
        for bits, pos, n, ranks in self.by_rank[r]:
            if bits & held == bits:
                left = held
                for q in ranks:
                    counts[q] -= 1
                    if not counts[q]:
                        left &= ~(1 << q)
                self._push((_STRAIGHT, pos, n, bits))
                self._extend(left)
                self._pop()
                for q in ranks:
                    counts[q] += 1

    def _score(self) -> None:
        plan = self.units
        masks = self.masks
        # the last play goes out at once, so nobody can beat it: spare the riskiest
        # combination without a 2 for it; what the plan loses without combination j
        # is the OR of the masks before it and after it
        n = len(masks)
        after = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            after[i] = after[i + 1] | masks[i]
        last = -1
        lost_count = 0
        before = 0
        for j in range(n):
            if not plan[j][3] >> _TWO & 1:
                count = (before | after[j + 1]).bit_count()
                if last < 0 or count < lost_count:
                    last, lost_count = j, count
            before |= masks[j]
        if last < 0:
            return  # nothing to go out with but a 2
        kept = self.full.bit_count() - lost_count
        if kept > self.best_kept or (kept == self.best_kept and n < self.best_len):
            ordered = [u for i, u in enumerate(plan) if i != last]
            ordered.sort(key=_two_late)  # 2s early: one may not go out
            ordered.append(plan[last])
            self.best_kept, self.best_len, self.best = kept, n, ordered


def _two_late(unit: Unit) -> bool:
    return not unit[3] >> _TWO & 1


def sam_plan(
    view: ShedView, rng: random.Random, samples: int = 64, limit: int = 4000
) -> tuple[float, list[Unit]]:
    """The plan of leads most likely to play the viewing seat's hand out unbeaten, and
    the share of ``samples`` random deals of the cards it cannot see to the opponents
    that it survives (-1.0 and no plan when every split would go out on a 2).

    The plan is in playing order; its last combination holds no 2 (thối 2) and needs
    no protection, since going out ends the game before anyone answers.
    """
    hand = view.hand_mask
    by_rank, by_len = _straights_by_rank(sam_combo_rules(view.rules))
    counts = [(hand >> (4 * r) & 15).bit_count() for r in range(13)]
    search = _Search(counts, by_rank, _Deals(view, rng, samples, by_len), samples)
    search.run(limit)
    if search.best_kept < 0:
        return -1.0, []
    return search.best_kept / samples, search.best


def unit_mask(unit: Unit, hand: int) -> int:
    """The cards of ``hand`` that play ``unit``: a straight's lowest suit of each rank,
    a set's lowest suits.

    >>> from vncards.core import CardSet
    >>> hand = CardSet.parse("5S 5C 5D 6H 7S").mask
    >>> str(CardSet(unit_mask((1, 2, 2, 1 << 2), hand)))
    '5S 5C'
    >>> str(CardSet(unit_mask((4, 2, 3, 0b111 << 2), hand)))
    '5S 6H 7S'
    """
    kind, key, length, bits = unit
    mask = 0
    if kind == _STRAIGHT:
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
