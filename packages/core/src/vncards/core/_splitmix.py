"""SplitMix64's shuffle on native 64-bit integers, for the compiled build.

Compiled, ``i64`` arithmetic wraps around like the C machine word it is (the build hook
compiles with ``-fwrapv``, so signed overflow is defined to wrap), which is SplitMix64's
arithmetic modulo 2**64 read as a signed number: the same bits, with no
arbitrary-precision ints on the way. Interpreted, ``i64`` is a plain ``int`` that never
wraps, so this module's results are only right when :func:`native` says so; ``_rng``
checks that before using it (and keeps its own pure-Python shuffle otherwise).

A value here is the unsigned 64-bit number ``u`` held as ``u - 2**64`` when ``u >= 2**63``.
Right shifts of negative values are arithmetic (they copy the sign bit), so each unsigned
shift by ``k`` is a signed one masked to its low ``64 - k`` bits.

>>> native() in (True, False)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import i64

__all__ = ["deal", "deal_masks", "native", "shuffle"]

# the constants of SplitMix64 (0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB)
# less 2**64: the same 64 bits as signed numbers
_GAMMA: Final = -7046029254386353131
_MUL1: Final = -4658895280553007687
_MUL2: Final = -7723592293110705685
_TOP: Final = 9223372036854775807  # 2**63 - 1


def _wraps(top: i64) -> bool:
    """Whether ``top + 1`` wraps to a negative number (it does only when compiled)."""
    return top + 1 < 0


def native() -> bool:
    """Whether this module runs compiled, with wrapping 64-bit arithmetic.

    >>> native() == (type(native).__name__ != "function")
    True
    """
    return _wraps(_TOP)


def _mix(s: i64) -> i64:
    """SplitMix64's output function of the state ``s``."""
    z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _below(z: i64, n: i64) -> i64:
    """The unsigned value of ``z`` modulo ``n``, or ``-1`` when rejection sampling rejects
    it (it lies in the top ``2**64 % n`` values, as ``Rng.below`` rejects)."""
    rest = z % n  # floored: z's signed value modulo n
    if z >= 0:
        return rest
    # z stands for z + 2**64; span = 2**64 % n, from 2**63 % n = ((2**63 - 1) % n + 1) % n
    span = ((((_TOP % n) + 1) % n) * 2) % n
    if z >= -span:
        return -1
    return (rest + span) % n


def shuffle(state: i64, items: list[Any]) -> i64:
    """Fisher–Yates shuffle of ``items`` in place, as ``Rng.shuffle`` does it from
    ``state`` (signed); returns the state after it (signed).

    Right only when :func:`native` is true: interpreted, the products never wrap.
    """
    i: i64 = len(items) - 1
    while i > 0:
        while True:
            state = state + _GAMMA
            j = _below(_mix(state), i + 1)
            if j >= 0:
                break
        items[i], items[j] = items[j], items[i]
        i -= 1
    return state


def deal_masks(state: i64, deck_size: int, hand_sizes: Sequence[int]) -> list[int]:
    """``_rng.deal_masks`` from the generator's state (signed): the deck
    ``0..deck_size-1`` shuffled, then dealt in blocks as card masks.

    Right only when :func:`native` is true.
    """
    cards = list(range(deck_size))
    shuffle(state, cards)
    masks = []
    pos = 0
    for size in hand_sizes:
        mask = 0
        for card in cards[pos : pos + size]:
            mask |= 1 << card
        masks.append(mask)
        pos += size
    return masks


def deal(
    state: i64, deck_size: int, hand_sizes: Sequence[int]
) -> tuple[list[list[int]], list[int]]:
    """``_rng.deal`` from the generator's state (signed): the deck ``0..deck_size-1``
    shuffled, dealt in blocks, each hand sorted, the rest the stock in draw order.

    Right only when :func:`native` is true.
    """
    cards = list(range(deck_size))
    shuffle(state, cards)
    return split_sorted(cards, hand_sizes)


def split_sorted(cards: list[int], hand_sizes: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """``cards`` dealt in blocks of ``hand_sizes``, each hand sorted, and the rest in
    order (right in either build).

    >>> split_sorted([5, 2, 9, 1, 7], [2, 2])
    ([[2, 5], [1, 9]], [7])
    """
    hands = []
    pos = 0
    for size in hand_sizes:
        hands.append(sorted(cards[pos : pos + size]))
        pos += size
    return hands, cards[pos:]
