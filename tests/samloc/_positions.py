"""Sâm positions dealt by hand, and moves written as cards, for the tests that use them."""

from __future__ import annotations

from typing import Any

from vncards.core import CardSet, ClimbState, Pass, Play, resolve_rules
from vncards.samloc import SamState, plugin


def deal_table(
    *hands: str, first: int = 0, variant: str = "standard", no_instant: bool = False, **rules: Any
) -> SamState:
    """A game from small hands. Each hand mixes colours, so none wins at the deal;
    ``no_instant`` makes it a later game where tới trắng does not count (for hands too
    small to mix colours)."""
    if no_instant:
        rules["instant_wins_first_game_only"] = True
    chosen = resolve_rules(plugin, variant, rules)
    masks = [CardSet.parse(h).mask for h in hands]
    state = plugin.start(chosen, masks, first, later=no_instant)
    assert not state.finished
    return state


def play(state: ClimbState, seat: int, cards: str) -> None:
    """``seat`` plays ``cards`` (any notation)."""
    plugin.apply(state, Play(seat, CardSet.parse(cards).mask))


def pass_(state: ClimbState, seat: int) -> None:
    """``seat`` passes."""
    plugin.apply(state, Pass(seat))
