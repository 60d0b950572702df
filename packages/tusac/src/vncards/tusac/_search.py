"""The ``search`` bot of Tứ Sắc: core's :class:`~vncards.core.SearchBot` with Tứ Sắc's
hooks.

A rollout plays a fixed number of actions (``horizon``: some two turns of each seat) with
the ``greedy`` strategy for every seat and then scores the position: a finished game by
its payments, an unfinished one by each seat's chance to win
(:func:`~vncards.tusac._evaluate.win_chances`: every hand's rác, its live outs and the
turn order), the seat's payoff being what a win is worth times its chance against each
other seat's.

An offered win is always taken (the proven choice). The candidates are ranked by the
hand they leave (:func:`~vncards.tusac._evaluate.hand_score`: fewest rác, then most
live outs): a discard by the hand it keeps, a take by the best hand its discard can
keep; the draw or pass is always searched. The rollouts being noisy, the first (best
ranked) choice is kept unless another is better by a standard error (``margin``).
"""

from __future__ import annotations

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
from vncards.tusac._evaluate import hand_score, unseen_of, win_chances
from vncards.tusac._solver import Hand, hand_count, hand_remove, min_junk

__all__ = ["TuSacHooks", "search_bot"]

# what a win is worth to the winner from each loser, on average: about 22 lá in games
# between greedy bots (more than the base payment of a hand with a few lệnh, 17: Khui,
# Quàn and Khạp pay on top)
_WIN_VALUE = 22.0


class TuSacHooks(SearchHooks):
    """Tứ Sắc's search hooks (see the module docstring).

    >>> from vncards.tusac import plugin, TuSacRules
    >>> st = plugin.new_game(TuSacRules(), 4, seed=1)
    >>> hooks = TuSacHooks()
    >>> view = plugin.view(st, st.turn)
    >>> len(hooks.candidates(view, view.legal, view.optional)) <= hooks.max_candidates
    True
    """

    max_candidates = 4
    horizon = 16
    margin = 1.0

    def exact(self, view: Any, actions: Sequence[Any], optional: bool) -> tuple[Any] | None:
        """An offered win is taken."""
        if optional and actions:
            return (actions[0],)
        return None

    def candidates(self, view: Any, actions: Sequence[Any], optional: bool) -> list[Any]:
        """The best discards by the hand they keep; the best takes of the seat's own by
        the best hand they can keep, and the draw or pass (see the module docstring)."""
        if optional:
            return [*actions, None]
        if not actions:
            return []
        hand = view.own
        unseen = unseen_of(hand, view.seen)
        if isinstance(actions[0], Discard):
            ranked = sorted(
                actions,
                key=lambda a: hand_score(hand_remove(hand, a.card), unseen),
                reverse=True,
            )
            return ranked[: self.max_candidates]
        seat = view.seat
        takes = [a for a in actions if isinstance(a, Take) and a.seat == seat]
        others = [a for a in actions if not isinstance(a, Take)]
        takes.sort(key=lambda t: _take_score(hand, t, unseen), reverse=True)
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
        chance to win (:func:`~vncards.tusac._evaluate.win_chances`)."""
        if state.finished:
            return float(plugin.result(state).payments[seat])
        n: int = state.n_players
        # a win collects from n - 1 losers; a loss pays the winner
        mine = win_chances(state)[seat]
        return _WIN_VALUE * (mine * (n - 1) - (1 - mine))


def search_bot(
    plugin: Any, seed: int = 0, *, think: float = 0.1, iterations: int | None = None
) -> SearchBot:
    """A Tứ Sắc ``search`` bot for ``plugin`` (the game's plugin
    binds itself: its ``bots["search"]`` is a bot factory, seed → bot).

    >>> from vncards.core import play_game
    >>> from vncards.tusac import GreedyBot, TuSacRules, plugin
    >>> state = plugin.new_game(TuSacRules(), 3, seed=2)
    >>> bots = [search_bot(plugin, 0, iterations=8), GreedyBot(1), GreedyBot(2)]
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return SearchBot(plugin, TuSacHooks(), seed, think=think, iterations=iterations)


def _take_score(hand: Hand, take: Take, unseen: list[int]) -> tuple[int, float]:
    """The best :func:`~vncards.tusac._evaluate.hand_score` a take's discard can keep."""
    after = hand
    for k in take.cards:
        after = hand_remove(after, k)
    junk = min_junk(after)
    best: tuple[int, float] | None = None
    for k in range(len(unseen)):
        n = hand_count(after, k)
        if n == 0 or n >= 3:
            continue
        kept = hand_remove(after, k)
        if min_junk(kept) >= junk:
            continue
        score = hand_score(kept, unseen)
        if best is None or score > best:
            best = score
    return best if best is not None else (1, 0.0)


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
