"""Tứ Sắc positions dealt by hand, for the tests that build them."""

from __future__ import annotations

from typing import Any

from vncards.tusac import (
    Take,
    TuSacAction,
    TuSacRules,
    TuSacState,
    parse_card,
    parse_cards,
    plugin,
    start_game,
)


def table(*hands: str, stock: str = "", dealer: int = 0, **rules: Any) -> TuSacState:
    """A game dealt these hands (short notation) and this stock (draw order)."""
    return start_game(
        TuSacRules(**rules),
        [parse_cards(h) for h in hands],
        parse_cards(stock) if stock else [],
        dealer,
    )


def c(token: str) -> int:
    """The kind of one card token."""
    return parse_card(token)


def take(seat: int, cards: str = "") -> Take:
    """``seat`` takes the active card with ``cards`` from its hand."""
    return Take(seat, tuple(parse_cards(cards)) if cards else ())


def legal(state: TuSacState) -> set[TuSacAction]:
    """Every action the plugin accepts now."""
    return set(plugin.legal_actions(state))
