"""``CardSet``: an immutable set of French cards held in one 52-bit integer.

Bit ``i`` stands for the card with id ``i``. Hot paths work on the raw ``int``;
``CardSet`` is the typed, readable face of the same value.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from vncards.core._cards import DECK, Card, parse_cards

__all__ = ["FULL_DECK_MASK", "CardSet", "mask_ids", "mask_of", "rank_counts"]

FULL_DECK_MASK = (1 << 52) - 1
"""All 52 cards as one mask."""


def mask_of(cards: Iterable[Card | int]) -> int:
    """Bitmask of cards given as :class:`Card` or ids.

    >>> mask_of([0, 1])
    3
    """
    m = 0
    for c in cards:
        m |= 1 << (c if isinstance(c, int) else c.id)
    return m


def mask_ids(mask: int) -> list[int]:
    """Card ids in a mask, lowest first.

    >>> mask_ids(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def rank_counts(mask: int) -> list[int]:
    """How many cards of each of the 13 ranks a mask holds.

    >>> rank_counts(0b1111)[:2]
    [4, 0]
    """
    return [_NIBBLE_POP[(mask >> (4 * r)) & 15] for r in range(13)]


_NIBBLE_POP = tuple(bin(i).count("1") for i in range(16))


class CardSet:
    """An immutable set of cards.

    >>> hand = CardSet.parse("3S 3H 4D")
    >>> len(hand), "3h" in hand, str(hand)
    (3, True, '3S 3H 4D')
    >>> (hand - CardSet.parse("3S")).symbols()
    ['3♥', '4♦']
    >>> hand.rank_counts()[:3]
    [2, 1, 0]
    """

    __slots__ = ("_mask",)

    def __init__(self, cards: Iterable[Card | int] | int = 0) -> None:
        mask = cards if isinstance(cards, int) else mask_of(cards)
        if mask < 0 or mask > FULL_DECK_MASK:
            raise ValueError(f"a card mask is a 52-bit non-negative integer, got {mask}")
        self._mask = mask

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        """Read cards in any notation :func:`~vncards.core.parse_cards` accepts."""
        return cls(mask_of(parse_cards(text)))

    @classmethod
    def full(cls) -> CardSet:
        """All 52 cards."""
        return cls(FULL_DECK_MASK)

    @property
    def mask(self) -> int:
        """The underlying bitmask."""
        return self._mask

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return (DECK[i] for i in mask_ids(self._mask))

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            item = parse_cards([item])[0]
        if isinstance(item, Card):
            return bool(self._mask >> item.id & 1)
        if isinstance(item, int):
            return 0 <= item < 52 and bool(self._mask >> item & 1)
        return False

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self._mask | other._mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self._mask & other._mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self._mask & ~other._mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self._mask ^ other._mask)

    def __le__(self, other: CardSet) -> bool:
        return self._mask & ~other._mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self._mask != other._mask

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def __bool__(self) -> bool:
        return self._mask != 0

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def ids(self) -> list[int]:
        """Card ids, lowest first."""
        return mask_ids(self._mask)

    def symbols(self) -> list[str]:
        """Cards as people see them (``3♠``), lowest first."""
        return [c.symbol for c in self]

    def rank_counts(self) -> list[int]:
        """Cards held of each rank, 3 first and 2 last."""
        return rank_counts(self._mask)

    def lowest(self) -> Card:
        """The lowest card (rank, then suit)."""
        if not self._mask:
            raise ValueError("an empty CardSet has no lowest card")
        return DECK[(self._mask & -self._mask).bit_length() - 1]

    def highest(self) -> Card:
        """The highest card (rank, then suit)."""
        if not self._mask:
            raise ValueError("an empty CardSet has no highest card")
        return DECK[self._mask.bit_length() - 1]
