"""The random bots' draws: for a seed, the stream of floats in [0, 1) that
``random.Random(seed).random`` gives.

This is the pure build's module. The compiled build replaces it with ``_twister.pyx``
(Cython): the same Mersenne Twister, seeded as CPython seeds it from an int, with the
part of the seeding that is the same for every seed worked out once. It gives the very
same floats (tested against :class:`random.Random` over many seeds), so a seeded game is
the same in both builds.

>>> import random
>>> draw, reference = draws(2024), random.Random(2024)
>>> [draw() for _ in range(3)] == [reference.random() for _ in range(3)]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the protocol lives with the bots that draw
    from vncards.core._bots import Draws

__all__ = ["draws", "generator"]


def generator(seed: int) -> Draws:
    """A generator whose ``random()`` gives ``random.Random(seed).random()``'s floats."""
    return random.Random(seed)


def draws(seed: int) -> Callable[[], float]:
    """``random.Random(seed).random``: each call the next float of ``seed``'s stream."""
    return generator(seed).random
