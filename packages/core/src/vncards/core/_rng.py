"""Seeded randomness that gives the same numbers on every machine and Python version.

SplitMix64 is specified to the bit, so a deal can be reproduced anywhere (another
language's server included) from the seed alone.
"""

from __future__ import annotations

import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import vncards.core._splitmix as _splitmix
from vncards.core._errors import SeedError

__all__ = ["Rng", "deal", "deal_masks", "derive_seed"]

_MASK64 = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
# below(n) rejects outputs from _SPAN - _SPAN % n up: the bounds for the deck sizes a
# shuffle meets, computed once
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(129))
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
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SeedError(f"a seed is an integer, not {type(seed).__name__}")
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

        Dealing is on every simulated game's path: the compiled build shuffles a list
        on native 64-bit ints (``_splitmix``), the pure one makes the draws all at once
        (see ``_draws``); the numbers used are exactly those of :meth:`below`.

        >>> cards = list(range(8)); Rng(5).shuffle(cards); cards
        [0, 7, 3, 1, 4, 6, 5, 2]
        """
        count = len(items) - 1
        if count < 1:
            return
        if _NATIVE and type(items) is list:
            self._state = _splitmix.shuffle(_signed(self._state), items) & _MASK64
            return
        if count >= len(_LIMITS) - 1:
            self._shuffle_from(items, count)
            return
        state = self._state
        draws = _draws(state, count)
        limits = _LIMITS
        for k, z in enumerate(draws, 1):
            i = count + 1 - k
            if z >= limits[i + 1]:
                # below() rejects this draw (odds under n / 2**64): on from here one
                # draw at a time, from the generator just past it
                self._state = (state + k * _GAMMA) & _MASK64
                self._shuffle_from(items, i)
                return
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
        self._state = (state + count * _GAMMA) & _MASK64

    def _shuffle_from(self, items: MutableSequence[T], top: int) -> None:
        """The shuffle's steps from position ``top`` down, one draw at a time."""
        state = self._state
        limits = _LIMITS
        for i in range(top, 0, -1):
            n = i + 1
            limit = limits[n] if n < len(limits) else _SPAN - _SPAN % n
            while True:
                state = (state + _GAMMA) & _MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state


def _signed(state: int) -> int:
    """The 64-bit ``state`` as the signed number ``_splitmix`` works on."""
    return state - _SPAN if state >> 63 else state


def _native_agrees() -> bool:
    """Whether the compiled shuffle (``_splitmix``) runs and shuffles as the pure one does."""
    if not _splitmix.native():
        return False
    for seed in (1, 2**63 + 5):
        mine, theirs = list(range(52)), list(range(52))
        after = Rng(seed)
        after._state = _splitmix.shuffle(_signed(after._state), mine) & _MASK64
        reference = Rng(seed)
        reference._shuffle_from(theirs, 51)
        if mine != theirs or after._state != reference._state:
            return False
    return True


_NATIVE = _native_agrees()
"""Whether :meth:`Rng.shuffle` shuffles lists with the compiled ``_splitmix``."""


# SplitMix64's k-th output is a fixed function of state + k * gamma, so many outputs can
# be computed side by side: each in its own 128-bit lane of one big int, where a 64-bit
# value times a 64-bit constant never reaches the next lane. A handful of big-int
# operations then replace a dozen small ones per draw.
_LANES: dict[int, tuple[int, int, int, struct.Struct]] = {}


def _draws(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of a generator in state ``state`` (state unchanged)."""
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << (128 * k) for k in range(count))
        steps = sum(((k + 1) * _GAMMA) << (128 * k) for k in range(count))
        lanes = _LANES[count] = (ones, steps, ones * _MASK64, struct.Struct("<" + "Q8x" * count))
    ones, steps, low64, unpack = lanes
    s = (state * ones + steps) & low64
    z = ((s ^ s >> 30) & low64) * 0xBF58476D1CE4E5B9 & low64
    z = ((z ^ z >> 27) & low64) * 0x94D049BB133111EB & low64
    z ^= z >> 31 & low64
    return unpack.unpack(z.to_bytes(count * 16, "little"))


def derive_seed(seed: int, index: int) -> int:
    """Seed of game ``index`` in a run seeded ``seed``; the same whoever computes it.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    return Rng((seed * 0x9E3779B97F4A7C15 + index) & _MASK64).next64()


_BITS = tuple(1 << i for i in range(128))


def deal_masks(seed: int, deck_size: int, hand_sizes: Sequence[int]) -> list[int]:
    """The hands :func:`deal` deals, as card masks (the stock left out): what a game
    starts from, without sorting each hand first.

    >>> hands, _ = deal(42, 52, [13, 13])
    >>> deal_masks(42, 52, [13, 13]) == [sum(1 << c for c in h) for h in hands]
    True
    """
    if sum(hand_sizes) > deck_size:
        raise ValueError("not enough cards for these hands")
    if _NATIVE:
        state = Rng(seed)._state
        return _splitmix.deal_masks(_signed(state), deck_size, hand_sizes)
    cards = list(range(deck_size))
    Rng(seed).shuffle(cards)
    bit = _BITS.__getitem__ if deck_size <= len(_BITS) else (1).__lshift__
    masks = []
    pos = 0
    for size in hand_sizes:
        masks.append(sum(map(bit, cards[pos : pos + size])))
        pos += size
    return masks


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
    if _NATIVE:
        return _splitmix.deal(_signed(Rng(seed)._state), deck_size, hand_sizes)
    cards = list(range(deck_size))
    Rng(seed).shuffle(cards)
    return _splitmix.split_sorted(cards, hand_sizes)
