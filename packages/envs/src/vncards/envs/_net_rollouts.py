"""The network inside a search's rollouts: search hooks that keep a game's own hooks
(candidates, proofs, deals of the hidden cards, payoff) and change only how a rollout
is played and scored.

- :class:`NetPolicy`: every seat of a rollout plays the network, to the end of the game.
- :class:`NetLeaf`: a rollout stops when the searching seat is to choose again (or the
  game ends); the others play the game's greedy bot meanwhile, and the network's best
  score of that choice, in lá, is the rollout's payoff.

Both are slower a rollout than the game's own greedy rollouts; ``docs/bots.md`` says by
how much and what they measured.

>>> from vncards.envs.net import search_net_bot
>>> bot = search_net_bot("samloc", 1, iterations=20, rollout="leaf")
>>> type(bot.hooks).__name__
'NetLeaf'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from vncards.core import STOP, Bot, SearchHooks, drive
from vncards.core._search import SearchGame
from vncards.envs.learn._bot import NetBot

__all__ = ["NetLeaf", "NetPolicy"]


class _Kept(SearchHooks):
    """A game's search hooks, every member handed to them."""

    def __init__(self, base: SearchHooks) -> None:
        self.base = base

    def candidates(self, view: Any, actions: Sequence[Any], optional: bool) -> list[Any]:
        """The game's own candidates."""
        return self.base.candidates(view, actions, optional)

    def exact(self, view: Any, actions: Sequence[Any], optional: bool) -> tuple[Any] | None:
        """The game's own proofs."""
        return self.base.exact(view, actions, optional)

    def rollout(self, plugin: SearchGame, state: Any, rng: random.Random) -> None:
        """The game's own rollout."""
        self.base.rollout(plugin, state, rng)

    def reward(self, plugin: SearchGame, state: Any, seat: int) -> float:
        """The game's own payoff."""
        return self.base.reward(plugin, state, seat)

    def worlds(self, plugin: SearchGame, view: Any, rng: random.Random) -> Callable[[], Any]:
        """The game's own deals of the hidden cards."""
        return self.base.worlds(plugin, view, rng)


class NetPolicy(_Kept):
    """``base`` with rollouts played to the end by ``bots`` (one network bot a seat)."""

    def __init__(self, base: SearchHooks, bots: Sequence[NetBot]) -> None:
        super().__init__(base)
        self.bots = list(bots)

    def rollout(self, plugin: SearchGame, state: Any, rng: random.Random) -> None:
        """Every seat plays its network bot to the end of the game."""
        drive(plugin, state, bots=self.bots[: len(state.hands)], overrun="rollout did not end")


class NetLeaf(_Kept):
    """``base`` with rollouts cut at the searching seat's next choice, where ``net``
    scores it: its best score times ``scale`` (the training's lá per unit of score) is
    the payoff. ``others`` (one bot a seat) play until then."""

    def __init__(self, base: SearchHooks, net: NetBot, others: Sequence[Bot], scale: float) -> None:
        super().__init__(base)
        self.net = net
        self.others = list(others)
        self.scale = scale
        self._until: _Until | None = None
        """The rollouts' chooser, made by :meth:`worlds` for each decision's seat."""

    def worlds(self, plugin: SearchGame, view: Any, rng: random.Random) -> Callable[[], Any]:
        """The game's own deals; it also notes whose search it is."""
        self._until = _Until(plugin, view.seat, self.others)
        return self.base.worlds(plugin, view, rng)

    def rollout(self, plugin: SearchGame, state: Any, rng: random.Random) -> None:
        """The other seats play until the searching seat is to choose or the game ends."""
        if self._until is None:
            raise RuntimeError("a leaf rollout comes after worlds() told whose search it is")
        drive(plugin, state, self._until, overrun="rollout did not end")

    def reward(self, plugin: SearchGame, state: Any, seat: int) -> float:
        """The lá paid at the end, or the network's best score of the seat's choice."""
        d = plugin.decision(state)
        if d is None or d.seat != seat:
            return self.base.reward(plugin, state, seat)
        view = plugin.view(state, seat)
        kind = self.net.features.view_type
        if not isinstance(view, kind):
            raise TypeError(f"the network scores a {kind.__name__}, not {type(view).__name__}")
        return self.scale * float(self.net.scores(view, d.actions, d.optional).max())


class _Until:
    """A chooser for :func:`~vncards.core.drive`: each seat's bot, until ``seat`` is to
    choose (then :data:`~vncards.core.STOP`)."""

    name = "rollout"

    def __init__(self, plugin: SearchGame, seat: int, bots: Sequence[Bot]) -> None:
        self.view = plugin.view
        self.seat = seat
        self.bots = bots

    def __call__(self, state: Any, decision: Any) -> Any:
        """The seat's bot's choice, or ``STOP`` at the searching seat's turn."""
        seat = decision.seat
        if seat == self.seat:
            return STOP
        view = self.view(state, seat)
        return self.bots[seat].choose(view, decision.actions, decision.optional)
