"""Suit and colour tests on card masks for the settings that narrow combinations (the
Northern game's): pairs of one colour, straights of one suit, and answers that follow
the suits of what they beat.

A card's id is ``4 * rank + suit`` with suits ♠ ♣ ♦ ♥ as 0…3, so a rank's cards are one
nibble of the mask: ♠♣ (black, đen) its two low bits, ♦♥ (red, đỏ) its two high ones.
"""

from __future__ import annotations

from typing import Final

__all__ = ["allowed", "follows_masks", "one_colour_pairs", "per_rank"]

_LOW_BITS: Final = sum(1 << (r << 2) for r in range(13))  # bit 4r for each rank r
_POP: Final = tuple(bin(i).count("1") for i in range(16))
_TWOS: Final = 15 << 48  # the four 2s (heo)


def one_colour_pairs(mask: int) -> bool:
    """Whether no rank of ``mask`` mixes a black card (♠♣) with a red one (♦♥).

    >>> one_colour_pairs(0b0011_1100), one_colour_pairs(0b0101)   # 3♦3♥ 4♠4♣; 3♠3♦
    (True, False)
    """
    black = (mask | mask >> 1) & _LOW_BITS
    red = (mask >> 2 | mask >> 3) & _LOW_BITS
    return not black & red


def allowed(mask: int, one_colour: bool, one_suit: bool) -> bool:
    """Whether a play of one rank or of a run of ranks (as the generator finds them by
    ranks alone) meets the settings: with ``one_colour`` a pair, and each pair of a
    pair-run, is of one colour; with ``one_suit`` a straight is of one suit.

    >>> allowed(0b0101, True, False), allowed(0b0011, True, False)     # 3♠3♦; 3♠3♣
    (False, True)
    >>> allowed(0b0001_0001_0010, False, True)                          # 3♣ 4♠ 5♠
    False
    """
    low = (mask & -mask).bit_length() - 1
    rest = mask >> (low & ~3)
    if rest < 16:  # one rank: only a pair may be of two colours
        return not (one_colour and _POP[rest] == 2 and rest != 3 and rest != 12)
    if _POP[rest & 15] == 1:  # a straight
        return not (one_suit and mask & ~(_LOW_BITS << (low & 3)))
    return not one_colour or one_colour_pairs(mask)


def _pattern(mask: int, by_colour: bool) -> int:
    """The suits of ``mask`` rank by rank from its lowest card, four bits a rank: the
    rank's suit bits, or (``by_colour``) how many of its cards are black."""
    out = shift = 0
    while mask:
        nib = mask & 15
        if nib:
            out |= (_POP[nib & 3] if by_colour else nib) << shift
            shift += 4
        mask >>= 4
    return out


def follows_masks(play: int, over: int, by_colour: bool) -> bool:
    """Whether ``play`` follows ``over`` (two combinations of one shape): the same suits
    rank by rank, or with ``by_colour`` (pairs, pair-runs) the same colours. A play of
    2s alone follows anything: it beats by rank and suit.

    >>> follows_masks(0b0100_0000, 0b0100, False)      # 4♦ on 3♦
    True
    >>> follows_masks(0b0101_0000, 0b1010, True)       # 4♠4♦ on 3♣3♥: one black each
    True
    >>> follows_masks(1 << 51, 1 << 44, False)         # 2♥ on K♠
    True
    """
    if not play & ~_TWOS:
        return True
    return _pattern(play, by_colour) == _pattern(over, by_colour)


def per_rank(mask: int) -> int:
    """Cards of the lowest rank in ``mask``: with the count of cards, what tells a
    combination's shape (a quad from a straight of four, say).

    >>> per_rank(0b0011_0011), per_rank(0b0001_0001)
    (2, 1)
    """
    low = (mask & -mask).bit_length() - 1
    return _POP[(mask >> (low & ~3)) & 15]
