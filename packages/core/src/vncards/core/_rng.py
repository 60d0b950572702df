"""Seeded randomness that gives the same numbers on every machine and Python version.

SplitMix64 is specified to the bit, so a deal can be reproduced anywhere (another
language's server included) from the seed alone.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

__all__ = ["Rng", "deal", "derive_seed"]

_MASK64 = (1 << 64) - 1
_SPAN = 1 << 64
T = TypeVar("T")


class Rng:
    """A SplitMix64 generator.

    The raw outputs match the published reference implementation (seed 1234567):

    >>> r = Rng(1234567)
    >>> r.next64(), r.next64()
    (6457827717110365317, 3203168211198807973)
    >>> r = Rng(1)
    >>> [r.below(10) for _ in range(5)]
    [5, 9, 0, 5, 1]
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = s = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _MASK64 + 1 - ((_MASK64 + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place: for ``i`` from the end, swap with ``below(i + 1)``.

        The generator is inlined here (dealing is on every simulated game's path); the
        numbers drawn are exactly those of :meth:`below`.
        """
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state


def derive_seed(seed: int, index: int) -> int:
    """Seed of game ``index`` in a run seeded ``seed``; the same whoever computes it.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    return Rng((seed * 0x9E3779B97F4A7C15 + index) & _MASK64).next64()


def deal(seed: int, deck_size: int, hand_sizes: list[int]) -> tuple[list[list[int]], list[int]]:
    """Shuffle card ids ``0..deck_size-1`` with ``seed`` and deal them out.

    Cards are dealt in blocks: the first ``hand_sizes[0]`` cards of the shuffled deck
    to seat 0, the next to seat 1, and so on; what remains is returned as the stock in
    draw order.

    >>> hands, rest = deal(42, 52, [13, 13])
    >>> len(hands[0]), len(hands[1]), len(rest)
    (13, 13, 26)
    """
    if sum(hand_sizes) > deck_size:
        raise ValueError("not enough cards for these hands")
    cards = list(range(deck_size))
    Rng(seed).shuffle(cards)
    hands = []
    pos = 0
    for size in hand_sizes:
        hands.append(sorted(cards[pos : pos + size]))
        pos += size
    return hands, cards[pos:]
