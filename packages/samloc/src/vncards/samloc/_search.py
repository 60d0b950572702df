"""The ``search`` bot of Sâm Lốc: core's :class:`~vncards.core.SearchBot` with Sâm's
hooks.

- Báo Sâm: the bot declares when a plan of leads survives most simulated deals of the
  cards it cannot see (the ``sam`` bot's test, :func:`~vncards.samloc.sam_plan`), and as
  the declarer it leads that plan; neither takes a rollout.
- Otherwise it searches: the rollout policy is the beginner's strategy of the
  ``greedy`` bot (lowest card in its longest combination, 2s and tứ quý kept, a 2
  always chopped, a Sâm always blocked, báo một obeyed) written for full states.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

from mypy_extensions import mypyc_attr
from vncards.core import ClimbState, Combo, Kind, SearchBot, classify, is_chop

# the base from its own module: a class compiled apart from it loads it there
from vncards.core._search import ClimbHooks
from vncards.samloc._bots import SamBot, declarer_of
from vncards.samloc._engine import TWOS, SamState, next_active

__all__ = ["SamHooks", "search_bot"]


# a subclass of a core class: a plain class when compiled apart from the core
@mypyc_attr(native_class=False)
class SamHooks(ClimbHooks):
    """Sâm's search hooks (see the module docstring).

    >>> from vncards.core import CardSet, ClimbState
    >>> from vncards.samloc import plugin
    >>> hooks = SamHooks(plugin)
    >>> state = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> masks = [CardSet.parse(p).mask for p in ("3S", "3S 4D 5C")]
    >>> hooks.policy(state, 0, masks, False) in masks
    True
    """

    def __init__(self, plugin: Any, seed: int = 0) -> None:
        super().__init__(plugin)
        self._sam = SamBot(seed)

    def exact(self, view: Any, actions: Sequence[Any], optional: bool) -> tuple[Any] | None:
        """Báo Sâm and the declarer's leads follow the ``sam`` bot; else core's proofs."""
        if optional:
            return (self._sam.choose(view, actions, optional),)
        if view.table is None and declarer_of(view) == view.seat:
            return (self._sam.choose(view, actions, optional),)
        return super().exact(view, actions, optional)

    def policy(self, state: ClimbState, seat: int, masks: list[int], can_pass: bool) -> int | None:
        """The beginner's play; ``None`` passes."""
        if not masks:
            return None
        eng: Any = state.engine
        combos = [c for c in (classify(m, eng.combo_rules) for m in masks) if c is not None]
        hand = state.hands[seat]
        declarer = cast(SamState, state).declarer
        nxt = next_active(state, seat)
        warn = declarer == -1 and nxt >= 0 and state.hands[nxt].bit_count() == 1
        table = state.table
        if table is None:
            return _lead(combos, hand, warn).mask
        pick = _respond(state, seat, combos, hand, table, warn, declarer, eng.chops)
        if pick is None and not can_pass:
            pick = min(combos, key=lambda c: c.key)
        return None if pick is None else pick.mask


def search_bot(
    plugin: Any, seed: int = 0, *, think: float = 0.1, iterations: int | None = None
) -> SearchBot:
    """A Sâm ``search`` bot for ``plugin`` (the game's plugin
    binds itself: its ``bots["search"]`` is a bot factory, seed → bot).

    >>> from vncards.core import play_game
    >>> from vncards.samloc import GreedyBot, plugin
    >>> state = plugin.new_game(plugin.presets["standard"], 4, seed=2)
    >>> bots = [search_bot(plugin, 0, iterations=20)] + [GreedyBot(i) for i in range(1, 4)]
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    hooks = SamHooks(plugin, random.Random(seed).getrandbits(32))
    return SearchBot(plugin, hooks, seed, think=think, iterations=iterations)


# ---------------------------------------------------------------- the policy


def _breaks_quad(mask: int, hand: int) -> bool:
    for r in range(13):
        if (hand >> (4 * r)) & 15 == 15:
            part = (mask >> (4 * r)) & 15
            if part and part != 15:
                return True
    return False


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
        if c.mask & lowbits and (r0 == 12 or not c.mask & TWOS) and not _breaks_quad(c.mask, hand)
    ]
    if not pool:
        pool = combos
    rest_ok = [c for c in pool if (hand & ~c.mask) & ~TWOS or (hand & ~c.mask).bit_count() != 1]
    return max(rest_ok or pool, key=lambda c: (c.length, -c.key))


def _respond(
    state: ClimbState,
    seat: int,
    combos: list[Combo],
    hand: int,
    table: Combo,
    warn: bool,
    declarer: object,
    chop_rows: Any,
) -> Combo | None:
    if declarer != -1 and state.table_seat == declarer:
        return min(combos, key=lambda c: (c.kind == Kind.QUAD, c.key))
    chops = [c for c in combos if is_chop(c, table, chop_rows)]
    if chops and table.kind == Kind.SINGLE:
        return min(chops, key=lambda c: c.key)
    same = [c for c in combos if c.kind == table.kind and c.length == table.length]
    if warn and table.kind == Kind.SINGLE and same:
        return max(same, key=lambda c: c.top_rank)
    cheap = [c for c in same if not c.mask & TWOS and not _breaks_quad(c.mask, hand)]
    if cheap:
        return min(cheap, key=lambda c: c.key)
    others = [
        state.hands[i].bit_count()
        for i in range(len(state.hands))
        if i != seat and not state.out >> i & 1
    ]
    urgent = bool(others) and min(others) <= 3
    if same and (urgent or table.top_rank >= 9):
        return min(same, key=lambda c: c.key)
    if chops and urgent:
        return min(chops, key=lambda c: c.key)
    return None
