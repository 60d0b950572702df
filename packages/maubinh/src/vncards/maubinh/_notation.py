"""Cards as Mậu Binh writes them: in its own order for people and queries (2 low, A
high), and read from records and events."""

from __future__ import annotations

from collections.abc import Iterable

from vncards.core import POKER, NotationError, RecordError, format_cards, parse_card

__all__ = ["card_ids", "record_card", "shown_cards"]


def shown_cards(cards: Iterable[int]) -> list[str]:
    """Cards for people and queries, in Mậu Binh order: by rank (2 low, A high), then
    suit (core's poker order)."""
    ordered: list[int] = sorted(cards, key=POKER.sort_key)
    return format_cards(ordered)


def card_ids(tokens: Iterable[str]) -> list[int]:
    """Card ids of record tokens (known to be cards)."""
    return [parse_card(t).id for t in tokens]


def record_card(token: str) -> int:
    """The id of a record's card token; :class:`RecordError` for one that is no card."""
    try:
        return parse_card(token).id
    except NotationError as e:
        raise RecordError(str(e)) from None
