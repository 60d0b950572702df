"""Bots: the protocol lives in :mod:`vncards.core._game`; here, the random bot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from mypy_extensions import mypyc_attr
from vncards.core._twister import draws, generator

__all__ = ["Draws", "RandomBot", "random_generator"]


class Draws(Protocol):
    """What a random bot uses of a generator: ``random()``, the next float in [0, 1)."""

    def random(self) -> float:
        """The next float of the stream."""
        ...


def random_generator(seed: int) -> Draws:
    """A generator for a game's own random bot: its ``random()`` gives the floats of
    ``random.Random(seed).random()``, from the core's compiled kernel where the core is
    compiled (a third quicker to seed), so that a seeded bot plays the same games in
    both builds. :class:`RandomBot` draws from one.

    >>> import random
    >>> mine, reference = random_generator(7), random.Random(7)
    >>> [mine.random() for _ in range(3)] == [reference.random() for _ in range(3)]
    True
    """
    return generator(seed)


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    """Picks uniformly among the offered actions; an optional choice is declined with
    probability ``decline`` (so random players still take wins they are offered when
    ``decline`` is 0).

    It never reads its view, so game loops may call :meth:`pick` without building one
    (or draw for it, see :attr:`drawn_in_loop`).

    >>> bot = RandomBot(seed=3)
    >>> bot.pick(["a", "b", "c"], False) in {"a", "b", "c"}
    True
    """

    name = "random"

    drawn_in_loop: ClassVar[bool] = True
    """Whether a game loop may draw this bot's choices itself (one ``random()`` per
    choice, as :meth:`choose` does) instead of calling :meth:`choose`. A subclass whose
    body overrides ``choose`` or ``pick`` has it off unless that body sets it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        body = vars(cls)
        if "drawn_in_loop" not in body and ("choose" in body or "pick" in body):
            cls.drawn_in_loop = False

    def __init__(self, seed: int = 0, decline: float = 0.5) -> None:
        # a loop that draws for this bot (see drawn_in_loop) calls ``_random`` once per
        # choice as ``choose`` does: keep the two in step
        self._random = draws(seed)
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
