"""The climbing base's ``ClimbEngine.plays`` lists the answers to a single itself when
no chop row chops it, or when the hand holds nothing to chop with: the very list, in the
very order, that ``legal_plays`` gives, under every table of Tiến lên and Sâm (chops of
2s included)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import ClimbEngine, ClimbState, classify, legal_plays, resolve_rules
from vncards.samloc import plugin as samloc
from vncards.tienlen import plugin as tienlen


def _engines() -> list[object]:
    plugins: tuple[Any, ...] = (tienlen, samloc)
    return [
        plugin.engine(resolve_rules(plugin, preset))
        for plugin in plugins
        for preset in plugin.presets
    ]


ENGINES = _engines()


@pytest.mark.parametrize("eng", ENGINES, ids=lambda e: type(e).__name__)
@settings(max_examples=150, deadline=None)
@given(
    hand=st.integers(0, (1 << 52) - 1),
    card=st.integers(0, 51),
    bombs=st.sampled_from([0, 0xF << 20, 0xF << 20 | 0xF << 40, 0x33 << 8 | 0x3 << 16]),
)
def test_the_answers_to_a_single_are_legal_plays_own(
    eng: object, hand: int, card: int, bombs: int
) -> None:
    """Rule: an answer to a single is a higher single or, for a single the chop table
    names (a 2), a chop; ``plays`` gives exactly ``legal_plays``' list."""
    assert isinstance(eng, ClimbEngine)
    rules = eng.combo_rules
    mine = (hand | bombs) & ~(1 << card) & ((1 << 52) - 1)
    over = classify(1 << card, rules)
    assert over is not None
    state = ClimbState([1 << card, mine], 0)
    state.table, state.table_seat, state.turn, state.pile = over, 0, 1, 1 << card
    state.hands[0] = 0b1 << 51 if card != 51 else 0b1
    assert ClimbEngine.plays(eng, state) == eng._plays_hook(
        state, 1, legal_plays(mine, rules, over, eng.chops)
    )
