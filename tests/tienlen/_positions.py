"""Tiến lên positions dealt by hand, and moves written as cards, for the tests that use
them."""

from __future__ import annotations

import pytest
from vncards.core import CardSet, ClimbState, IllegalMove, Pass, Play
from vncards.tienlen import PRESETS, TienLenRules, plugin

DEM_LA = PRESETS["dem-la"]
BA_BICH = PRESETS["ba-bich"]


def mask(cards: str) -> int:
    """The card mask of ``cards`` (any notation)."""
    return CardSet.parse(cards).mask


def table(hands: list[str], first: int = 0, rules: TienLenRules = DEM_LA) -> ClimbState:
    """A game from explicit (possibly short) hands, ``first`` acting first."""
    return plugin.start(rules, [mask(h) for h in hands], first)


def play(state: ClimbState, seat: int, cards: str) -> None:
    """``seat`` plays ``cards``."""
    plugin.apply(state, Play(seat, mask(cards)))


def pass_(state: ClimbState, seat: int) -> None:
    """``seat`` passes."""
    plugin.apply(state, Pass(seat))


def refused(state: ClimbState, action: Play | Pass) -> str:
    """The error code ``action`` is refused with (and check it changed nothing)."""
    before = state.copy()
    with pytest.raises(IllegalMove) as info:
        plugin.apply(state, action)
    assert state == before
    return info.value.code
