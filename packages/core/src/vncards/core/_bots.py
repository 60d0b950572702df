"""Bots: the protocol lives in :mod:`vncards.core._game`; here, the random bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the offered actions; an optional choice is declined with
    probability ``decline`` (so random players still take wins they are offered when
    ``decline`` is 0).

    It never reads its view, so game loops may call :meth:`pick` without building one.

    >>> bot = RandomBot(seed=3)
    >>> bot.pick(["a", "b", "c"], False) in {"a", "b", "c"}
    True
    """

    name = "random"

    def __init__(self, seed: int = 0, decline: float = 0.5) -> None:
        # SheddingGame's loop draws from ``_random`` itself for a bot that keeps this
        # ``choose``, once per choice as ``choose`` does: keep the two in step
        self._random = random.Random(seed).random
        self.decline = decline

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """One action at random, or ``None`` for a declined optional choice."""
        return self.pick(actions, optional)

    def pick(self, actions: Sequence[Any], optional: bool) -> Any | None:
        """:meth:`choose` without a view."""
        rand = self._random
        if optional and (not actions or rand() < self.decline):
            return None
        # floor(u * n) for u uniform on multiples of 2**-53: any bias is below 2**-40 for
        # every n a card game offers, and it costs a third of randrange
        return actions[int(rand() * len(actions))]
