"""Phỏm bots: ``random`` (core's), ``greedy`` and ``search`` (core's determinized
search, with greedy rollouts and the greedy bot's best few choices as candidates).

The greedy rule reads only the seat's own hand and its taken cards: take whenever a
take is allowed (it earns ăn gà and moves a phỏm forward); meld the phỏm that leave
the fewest points; lay off whatever lowers the points most; discard the card whose
loss leaves the hand the least rác (by points, a rác card in a cạ counting half), the
costliest such card first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from vncards.core import BotMaker, RandomBot, SearchBot, SearchGame, SearchHooks, View
from vncards.phom._actions import Discard, LayOff, Meld, Take
from vncards.phom._cards import cards_of, mask_of, rank_of, suit_of
from vncards.phom._engine import apply_action
from vncards.phom._melds import solve, weigh
from vncards.phom._moves import legal_actions
from vncards.phom._state import PhomState

__all__ = [
    "BOTS",
    "GreedyBot",
    "PhomHooks",
    "greedy_bot",
    "greedy_order",
    "random_bot",
    "search_bot",
]


def random_bot(game: object, seed: int) -> RandomBot:
    """Core's random bot (Phỏm offers no optional choice); a bot maker: the plugin
    played and a seed.

    >>> random_bot(None, 1).pick(["a"], False)
    'a'
    """
    return RandomBot(seed)


def greedy_bot(game: object, seed: int) -> GreedyBot:
    """The greedy bot (:class:`GreedyBot`); a bot maker: the plugin played and a seed.

    >>> greedy_bot(None, 3).name
    'greedy'
    """
    return GreedyBot(seed)


def _keep_value(rest: int) -> int:
    """Twice what the rác weighs, less the weight of rác cards in a cạ with another rác
    card (one card short of a phỏm: worth keeping)."""
    total = 2 * weigh(rest)
    for c in cards_of(rest):
        near = rest & ~(1 << c) & (_SAME_RANK[c] | _NEAR_IN_SUIT[c])
        if near:
            total -= weigh(1 << c)
    return total


_SAME_RANK = tuple(sum(1 << (13 * s + rank_of(c)) for s in range(4)) for c in range(52))
_NEAR_IN_SUIT = tuple(
    sum(1 << (13 * suit_of(c) + r) for r in range(13) if 0 < abs(r - rank_of(c)) <= 2)
    for c in range(52)
)


def _after(hand: int, taken: int, action: Any) -> int:
    """What the hand's rác is worth after ``action`` (best split, taken cards placed;
    a rác card in a cạ counts half)."""
    if isinstance(action, Discard):
        hand &= ~(1 << action.card)
    elif isinstance(action, Meld):
        for g in action.groups:
            hand &= ~mask_of(g)
        taken = 0
    elif isinstance(action, LayOff):
        for _, cards in action.entries:
            hand &= ~mask_of(cards)
    part = solve(hand, taken)
    return _keep_value(part.rest) if part is not None else 100_000


def greedy_order(hand: int, taken: int, actions: Sequence[Any]) -> list[Any]:
    """``actions`` best first by the greedy rule (see the module docstring).

    >>> greedy_order(0b111 | 1 << 25, 0, [Discard(0, 0), Discard(0, 25)])[0]
    Discard(seat=0, card=25)
    """
    if len(actions) <= 1:
        return list(actions)
    takes = [a for a in actions if isinstance(a, Take)]
    if takes:
        return [*takes, *(a for a in actions if not isinstance(a, Take))]

    def key(a: Any) -> tuple[int, int, int]:
        lay = 0 if isinstance(a, LayOff) else 1
        lost = -weigh(1 << a.card) if isinstance(a, Discard) else 0
        return (_after(hand, taken, a) - (1000 if lay == 0 else 0), lay, lost)

    return sorted(actions, key=key)


class GreedyBot:
    """The greedy rule (module docstring) from the seat's view.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> v = plugin.view(st, st.first)
    >>> isinstance(GreedyBot(0).choose(v, v.legal, False), Discard)
    True
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """The greedy choice among ``actions``."""
        if not actions:
            return None
        own = getattr(view, "own", None)
        taken = getattr(view, "taken", None)
        if own is None or taken is None:
            raise TypeError(f"the greedy bot reads a Phỏm view, not {type(view).__name__}")
        return greedy_order(own, taken[view.seat], actions)[0]


class PhomHooks(SearchHooks):
    """Search hooks: the greedy bot's best ``max_candidates`` choices, greedy rollouts.

    >>> PhomHooks().max_candidates
    4
    """

    max_candidates = 4

    def candidates(self, view: Any, actions: Sequence[Any], optional: bool) -> list[Any]:
        """The greedy bot's best few choices, its first choice first."""
        return greedy_order(view.own, view.taken[view.seat], actions)[: self.max_candidates]

    def rollout(self, plugin: SearchGame, state: Any, rng: random.Random) -> None:
        """Every seat plays the greedy rule to the end."""
        assert isinstance(state, PhomState)
        for _ in range(1000):
            if state.finished:
                return
            actions = legal_actions(state)
            seat = state.turn
            apply_action(state, greedy_order(state.hands[seat], state.taken[seat], actions)[0])
        raise RuntimeError("rollout did not end")


def search_bot(
    game: SearchGame, seed: int = 0, *, think: float = 0.1, iterations: int | None = None
) -> SearchBot:
    """A Phỏm ``search`` bot over ``game`` (the plugin it plays; a bot maker: the plugin
    and a seed).

    >>> from vncards.core import play_game
    >>> from vncards.phom import plugin
    >>> state = plugin.new_game(plugin.presets["standard"], 3, seed=2)
    >>> bots = [search_bot(plugin, 0, iterations=8), GreedyBot(1), GreedyBot(2)]
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return SearchBot(game, PhomHooks(), seed, think=think, iterations=iterations)


BOTS: dict[str, BotMaker] = {"random": random_bot, "greedy": greedy_bot, "search": search_bot}
"""Bot makers by name (the plugin played and a seed → a bot)."""
