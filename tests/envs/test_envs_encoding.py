"""The action encodings as functions: ids and actions are one-to-one, in every game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from vncards.envs import hand_positions, play_from_positions

from ._configs import ENV_GAMES

hands = st.sets(st.integers(0, 51), min_size=1, max_size=13).map(
    lambda cards: sum(1 << c for c in cards)
)


@given(hands, st.integers(0, (1 << 13) - 1))
def test_a_play_is_the_set_of_hand_positions_it_uses(hand: int, positions: int) -> None:
    """Climbing games: positions within the hand's size read back as the same play, and
    a play's positions give its id back; positions beyond the hand are no play."""
    size = hand.bit_count()
    cards = play_from_positions(hand, positions)
    if positions >> size:
        assert cards == -1
        return
    assert cards & ~hand == 0
    assert cards.bit_count() == positions.bit_count()
    assert hand_positions(hand, cards) == positions


@pytest.mark.skipif("tusac" not in ENV_GAMES, reason="vncards-tusac is not installed")
def test_tusac_ids_cover_every_take_shape_once() -> None:
    """Tứ Sắc: the 119 take ids are every own-card set that completes a group with some
    active card, each once; discards, draw, pass and decline have their own ids."""
    from vncards.envs.tusac_v0 import DECLINE, DRAW, PASS, TAKE0, TAKES
    from vncards.tusac import take_shapes

    shapes = {own for kind in range(28) for own in take_shapes(kind)}
    assert set(TAKES) == shapes
    assert len(TAKES) == len(shapes) == DRAW - TAKE0
    assert (TAKE0, DRAW, PASS, DECLINE) == (28, 147, 148, 149)


@pytest.mark.skipif("maubinh" not in ENV_GAMES, reason="vncards-maubinh is not installed")
@given(st.integers(0, 72_071), st.sets(st.integers(0, 51), min_size=13, max_size=13))
def test_maubinh_ids_and_splits_are_one_to_one(action_id: int, cards: set[int]) -> None:
    """Mậu Binh: id → (chi1, chi2, chi3) → id for any 13 cards; the three chi hold the
    hand once."""
    from vncards.envs.maubinh_v0 import id_of, split_of

    hand = sorted(cards)
    chi1, chi2, chi3 = split_of(hand, action_id)
    assert (len(chi1), len(chi2), len(chi3)) == (5, 5, 3)
    assert sorted(chi1 + chi2 + chi3) == hand
    assert id_of(hand, chi1, chi2) == action_id
