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

import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from mypy_extensions import mypyc_attr
from vncards.core import (
    Bot,
    Combo,
    Kind,
    Pass,
    Play,
    PlayList,
    ShedView,
    View,
    classify,
    is_chop,
)

# the base from its own module: a class compiled apart from it loads it there
from vncards.core._bots import RandomBot
from vncards.samloc._engine import TWOS, sam_chops, sam_combo_rules
from vncards.samloc._plan import Unit, sam_plan, unit_mask

__all__ = ["BOTS", "GreedyBot", "RandomSamBot", "SamBot", "declarer_of"]


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


@mypyc_attr(allow_interpreted_subclasses=True)
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


@mypyc_attr(allow_interpreted_subclasses=True)
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
            share, plan = self._plan(view)
            if plan and share >= self.threshold:
                return actions[0]
            return None
        if view.table is None and declarer_of(view) == view.seat:
            masks, _ = _split_actions(actions)
            hand = view.hand_mask
            _, plan = self._plan(view)
            for unit in plan:
                m = unit_mask(unit, hand)
                if m in masks:
                    return Play(view.seat, m)
        return self._play(view, actions)

    def _plan(self, view: ShedView) -> tuple[float, list[Unit]]:
        return sam_plan(view, self._rng, self.samples)


# a subclass of a core class: a plain class when compiled apart from the core
@mypyc_attr(native_class=False)
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
