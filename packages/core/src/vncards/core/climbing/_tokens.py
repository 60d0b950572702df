"""Card masks in record notation (``3S`` … ``2H``), lowest card first: the tokens of a
mask, and of a whole hand in a few table lookups.

>>> _hand_strings(0b1011), _cards(1 << 51)
(('3S', '3C', '3H'), ['2H'])
"""

from __future__ import annotations

from vncards.core._cardset import mask_ids

__all__: list[str] = []

_STR = tuple(
    r + s
    for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
    for s in "SCDH"
)


def _cards(mask: int) -> list[str]:
    return [_STR[i] for i in mask_ids(mask)]


# the record notation of each byte of a hand mask: a hand's cards in a few lookups
_BYTE_STRINGS = tuple(
    tuple(tuple(_STR[8 * k + b] for b in range(8) if byte >> b & 1 and 8 * k + b < 52)
          for byte in range(256))
    for k in range(7)
)  # fmt: skip


def _hand_strings(mask: int) -> tuple[str, ...]:
    """The cards of ``mask`` in record notation, lowest first.

    >>> _hand_strings(0b1011)
    ('3S', '3C', '3H')
    """
    t = _BYTE_STRINGS
    return (
        t[0][mask & 255]
        + t[1][mask >> 8 & 255]
        + t[2][mask >> 16 & 255]
        + t[3][mask >> 24 & 255]
        + t[4][mask >> 32 & 255]
        + t[5][mask >> 40 & 255]
        + t[6][mask >> 48 & 255]
    )
