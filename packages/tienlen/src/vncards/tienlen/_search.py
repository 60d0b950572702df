"""The ``search`` bot of Tiến lên: core's :class:`~vncards.core.SearchBot` with Tiến
lên's hooks.

The rollout policy is the beginner's strategy of :mod:`vncards.tienlen._bots` (whole
units, hàng kept to chop, 2s spent late) written for full states, so that a rollout
costs a fraction of a millisecond; the candidates searched are its play, the pass, every
legal unit of the hand and the lowest and highest plays.

Heads-up (two players) a rollout is about a quarter of the cost of one at four seats,
so the same thinking time buys a wider search: every legal play is a candidate (up to
:attr:`TienLenHooks.heads_up_extra` more). And with one opponent what counts most is
going out first, so a rollout the seat wins is worth :attr:`TienLenHooks.heads_up_win`
lá more than its payment. And heads-up the search reads the opponent's hand from its
play before dealing the hidden cards (:attr:`TienLenHooks.reading_steps`, see
:func:`~vncards.core.heads_up_worlds`): hands that explain the opponent's plays and
passes so far are dealt more often.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr
from vncards.core import ClimbState, SearchBot, SearchGame

# the base from its own module: a class compiled apart from it loads it there
from vncards.core._search import ClimbHooks
from vncards.tienlen._bots import Unit, greedy_answer, greedy_lead, narrows_units, split_hand
from vncards.tienlen._rules import TienLenRules

__all__ = ["TienLenHooks", "search_bot"]

_TWO = 12
_TWOS = 15 << (_TWO * 4)


# a subclass of a core class: a plain class when compiled apart from the core
@mypyc_attr(native_class=False)
class TienLenHooks(ClimbHooks):
    """Tiến lên's search hooks: the beginner's strategy as rollout policy, the units of
    :func:`~vncards.tienlen.split_hand` as candidates.

    >>> from vncards.core import CardSet, ClimbState
    >>> from vncards.tienlen import plugin
    >>> hooks = TienLenHooks(plugin)
    >>> state = ClimbState([CardSet.parse("3S 4D 5C 9H").mask, CardSet.parse("6S").mask], 0)
    >>> masks = [CardSet.parse(p).mask for p in ("3S", "3S 4D 5C", "9H")]
    >>> str(CardSet(hooks.policy(state, 0, masks, False)))
    '3S 4D 5C'
    """

    heads_up_extra = 50
    """Legal plays searched beyond the usual candidates when two play."""
    heads_up_win = 10.0
    """Lá added to the payoff of a rollout the seat wins when two play."""
    reading_steps = 400
    """When two play, the opponent's hand is read from its play: 400 steps of the chain
    of :func:`~vncards.core.heads_up_worlds` before each search."""

    def extra_candidates(self, view: Any) -> int:
        """Every legal play (up to :attr:`heads_up_extra` more) when two play."""
        return self.heads_up_extra if len(view.counts) == 2 else 0

    def reward(self, plugin: SearchGame, state: Any, seat: int) -> float:
        """Net lá; when two play, :attr:`heads_up_win` more for a win."""
        result = plugin.result(state)
        payoff = float(result.payments[seat])
        if result.winner == seat and len(result.payments) == 2:
            payoff += self.heads_up_win
        return payoff

    def units(self, hand: int) -> list[int]:
        """The units of :func:`~vncards.tienlen.split_hand` (as the South splits: the
        search keeps those that are legal plays)."""
        return [u.mask for u in _units(hand)]

    def policy(self, state: ClimbState, seat: int, masks: list[int], can_pass: bool) -> int | None:
        """The beginner's play; ``None`` passes."""
        if not masks:
            return None
        pick = _pick(state, seat, masks, can_pass)
        if pick is None and not can_pass:
            return min(masks)
        return pick


def search_bot(
    plugin: Any, seed: int = 0, *, think: float = 0.1, iterations: int | None = None
) -> SearchBot:
    """A Tiến lên ``search`` bot for ``plugin`` (the game's plugin
    binds itself: its ``bots["search"]`` is a bot factory, seed → bot).

    >>> from vncards.core import play_game
    >>> from vncards.tienlen import GreedyBot, plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=2)
    >>> bots = [search_bot(plugin, 0, iterations=20)] + [GreedyBot(i) for i in range(1, 4)]
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return SearchBot(plugin, TienLenHooks(plugin), seed, think=think, iterations=iterations)


# ---------------------------------------------------------------- the policy


# split_hand by hand: rollouts of one decision meet the same hands again and again
_UNITS: dict[int, list[Unit]] = {}


def _units(hand: int, rules: TienLenRules | None = None) -> list[Unit]:
    if rules is None or not narrows_units(rules):
        units = _UNITS.get(hand)
        if units is None:
            if len(_UNITS) >= 1 << 16:
                _UNITS.clear()
            units = _UNITS[hand] = split_hand(hand)
        return units
    return split_hand(hand, rules)


def _pick(state: ClimbState, seat: int, masks: list[int], can_pass: bool) -> int | None:
    hand = state.hands[seat]
    legal = set(masks)
    if hand in legal:
        return hand
    danger = min(
        (h.bit_count() for s, h in enumerate(state.hands) if s != seat and h),
        default=13,
    )
    rules = state.rules
    units = _units(hand, rules if isinstance(rules, TienLenRules) else None)
    table = state.table
    if table is None:
        return greedy_lead(units, legal, masks, danger)
    return greedy_answer(table, units, legal, masks, danger, can_pass)
