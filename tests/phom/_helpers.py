"""Deals built from named cards, for the Phỏm tests."""

from __future__ import annotations

from vncards.phom import PhomRules, PhomState, mask_of, parse_phom_card, start_game


def cards(text: str) -> list[int]:
    """Phỏm card numbers of space-separated card names."""
    return [parse_phom_card(t) for t in text.split()]


def mask(text: str) -> int:
    """The mask of space-separated card names."""
    return mask_of(cards(text))


def game(hands: list[str], rules: PhomRules | None = None, stock: str = "") -> PhomState:
    """A game whose first player is the one given ten cards; the stock is ``stock`` then
    the other undealt cards in card order."""
    masks = [mask(h) for h in hands]
    first = next(i for i, h in enumerate(hands) if len(h.split()) == 10)
    used = 0
    for m in masks:
        used |= m
    head = cards(stock)
    rest = [c for c in range(52) if not used >> c & 1 and c not in head]
    return start_game(rules or PhomRules(), masks, head + rest, first)
