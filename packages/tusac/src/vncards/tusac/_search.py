"""The ``search`` bot of Tứ Sắc: core's :class:`~vncards.core.SearchBot` with Tứ Sắc's
hooks.

A Tứ Sắc game is long (the stock runs down one card per turn) and a full rollout costs
milliseconds, so a rollout here plays a fixed number of actions (``horizon``) with the
``greedy`` strategy for every seat and then scores the position: a finished game by its
payments, an unfinished one by how close each hand is to complete (its fewest rác,
:func:`~vncards.tusac.min_junk`) — each seat's chance to win is taken as
proportional to ``exp(-rác)``, and the seat's payoff is what a win is worth times its
chance against each other seat's.

An offered win is always taken (the proven choice); discards among the worst rác and
takes are searched, and the rollouts being noisy, the greedy choice is kept unless
another is better by a standard error (``margin``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from vncards.core import SearchBot, SearchGame, SearchHooks
from vncards.tusac._engine import (
    Discard,
    Take,
    TuSacState,
    apply_action,
    decision_parts,
    worst_of,
)
from vncards.tusac._settle import base_payment
from vncards.tusac._solver import hand_remove, min_junk

__all__ = ["TuSacHooks", "search_bot"]

# what a win is worth to the winner from each loser, roughly: the base payment of a
# hand with a few lệnh
_WIN_VALUE = float(base_payment(4, False))


class TuSacHooks(SearchHooks):
    """Tứ Sắc's search hooks (see the module docstring).

    >>> from vncards.tusac import plugin, TuSacRules
    >>> st = plugin.new_game(TuSacRules(), 4, seed=1)
    >>> hooks = TuSacHooks()
    >>> view = plugin.view(st, st.turn)
    >>> len(hooks.candidates(view, view.legal, view.optional)) <= hooks.max_candidates
    True
    """

    max_candidates = 6
    horizon = 16
    margin = 1.0

    def exact(self, view: Any, actions: Sequence[Any], optional: bool) -> tuple[Any] | None:
        """An offered win is taken."""
        if optional and actions:
            return (actions[0],)
        return None

    def candidates(self, view: Any, actions: Sequence[Any], optional: bool) -> list[Any]:
        """Discards: the worst rác (fewest outs; the others may owe đền). Takes: every
        take of the seat's own (the one leaving the fewest rác first) and the draw or
        pass."""
        if optional:
            return [*actions, None]
        if not actions:
            return []
        hand = view.own
        if isinstance(actions[0], Discard):
            worst, _ = worst_of(hand, view.seen)
            ranked = [a for a in actions if a.card in worst] or list(actions)
            return ranked[: self.max_candidates]
        seat = view.seat
        takes = [a for a in actions if isinstance(a, Take) and a.seat == seat]
        others = [a for a in actions if not isinstance(a, Take)]
        takes.sort(key=lambda t: (_junk_after(hand, t), t.cards))
        return [*takes[: self.max_candidates - len(others)], *others]

    def rollout(self, plugin: SearchGame, state: Any, rng: random.Random) -> None:
        """:data:`horizon` actions of the greedy strategy for every seat."""
        for _ in range(self.horizon):
            step = decision_parts(state)
            if step is None:
                return
            seat, actions, optional = step
            apply_action(state, _greedy(state, seat, actions, optional, rng))

    def reward(self, plugin: SearchGame, state: Any, seat: int) -> float:
        """Payments when the game is over; otherwise the expected payoff of each seat's
        chance to win from its fewest rác."""
        if state.finished:
            return float(plugin.result(state).payments[seat])
        weights = [math.exp(-min_junk(h)) for h in state.hands]
        total = sum(weights)
        n = len(weights)
        # a win collects from n - 1 losers; a loss pays the winner
        mine = weights[seat] / total
        return _WIN_VALUE * (mine * (n - 1) - (1 - mine))


def search_bot(seed: int = 0, *, think: float = 0.1, iterations: int | None = None) -> SearchBot:
    """A Tứ Sắc ``search`` bot (a bot factory: seed → bot).

    >>> from vncards.core import play_game
    >>> from vncards.tusac import GreedyBot, TuSacRules, plugin
    >>> state = plugin.new_game(TuSacRules(), 3, seed=2)
    >>> bots = [search_bot(0, iterations=8), GreedyBot(1), GreedyBot(2)]
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    from vncards.tusac._plugin import plugin

    return SearchBot(plugin, TuSacHooks(), seed, think=think, iterations=iterations)


def _junk_after(hand: Any, take: Take) -> int:
    after = hand
    for k in take.cards:
        after = hand_remove(after, k)
    return min_junk(after)


def _greedy(
    state: TuSacState, seat: int, actions: Sequence[Any], optional: bool, rng: random.Random
) -> Any:
    """The greedy bot's choice, read from the full state (only the seat's own hand and
    the cards everyone has seen)."""
    if optional or len(actions) == 1:
        return actions[0]
    hand = state.hands[seat]
    if isinstance(actions[0], Discard):
        worst, _ = worst_of(hand, state.seen())
        best = [a for a in actions if a.card in worst] or list(actions)
        return best[int(rng.random() * len(best))]
    takes = [a for a in actions if isinstance(a, Take) and a.seat == seat]
    if not takes:
        return actions[-1]
    scored = [(_junk_after(hand, t), t) for t in takes]
    fewest = min(s for s, _ in scored)
    best_takes = [t for s, t in scored if s == fewest]
    return best_takes[int(rng.random() * len(best_takes))]
