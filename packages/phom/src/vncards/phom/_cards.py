"""The French deck as Phỏm sees it: the ace low, card masks laid out by suit.

Phỏm runs go A 2 3 … K (the ace only low: core's :data:`~vncards.core.RUMMY` order) and
suits matter only for runs, so the engine numbers cards its own way: ``suit * 13 + rank``
with the rank the card's position in that order, 0 for the ace up to 12 for the king. A
hand is a 52-bit mask in that numbering, and the 13 bits of one suit are a plain shift
away (``hand >> 13 * suit & 0x1FFF``), which is what the run finder reads. Card text is
core's notation (``9S``, ``10H``, ``9 bích``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from vncards.core import DECK, RUMMY
from vncards.core import format_card as core_format
from vncards.core import mask_ids as cards_of
from vncards.core import parse_card as core_parse

__all__ = [
    "ALL_CARDS",
    "SUIT_BITS",
    "card_name",
    "card_names",
    "cards_of",
    "from_core",
    "mask_of",
    "parse_phom_card",
    "rank_of",
    "suit_of",
]

SUIT_BITS = 0x1FFF
"""The 13 rank bits of one suit."""
ALL_CARDS = (1 << 52) - 1

# core numbers cards rank_index * 4 + suit with 3 lowest and 2 highest; Phỏm's number
# of a core id is its suit's block of 13 and its rank's position in the A-low order
_FROM_CORE = tuple(DECK[c].suit.value * 13 + RUMMY.position(c) for c in range(52))
_TO_CORE = tuple(_FROM_CORE.index(p) for p in range(52))
_NAMES = tuple(core_format(_TO_CORE[p]) for p in range(52))


def from_core(card_id: int) -> int:
    """The Phỏm number of core's card id (``rank_index * 4 + suit``, 3 lowest).

    >>> card_name(from_core(0)), card_name(from_core(51))
    ('3S', '2H')
    """
    return _FROM_CORE[card_id]


def rank_of(card: int) -> int:
    """The card's rank, its position in the A-low order: 0 (ace) to 12 (king).

    >>> rank_of(parse_phom_card("AS")), rank_of(parse_phom_card("KH"))
    (0, 12)
    """
    return card % 13


def suit_of(card: int) -> int:
    """The card's suit, 0 ♠, 1 ♣, 2 ♦, 3 ♥ (core's order; it decides nothing here).

    >>> suit_of(parse_phom_card("10 cơ"))
    3
    """
    return card // 13


def parse_phom_card(token: str) -> int:
    """A card in any of core's notations as a Phỏm card number.

    >>> parse_phom_card("2S"), parse_phom_card("K chuồn")
    (1, 25)
    """
    return _FROM_CORE[core_parse(token).id]


def card_name(card: int) -> str:
    """The record notation of a card.

    >>> card_name(0), card_name(51)
    ('AS', 'KH')
    """
    return _NAMES[card]


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards.

    >>> mask_of([0, 1, 3])
    11
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def card_names(cards: int | Sequence[int]) -> list[str]:
    """Record notation of a mask's cards (by suit, then rank) or of a card list as given.

    >>> card_names(mask_of([parse_phom_card(t) for t in ("5H", "5S", "6S")]))
    ['5S', '6S', '5H']
    """
    listed = cards_of(cards) if isinstance(cards, int) else cards
    return [_NAMES[c] for c in listed]
