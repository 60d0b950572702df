"""CardSet behaves as a Python set of card ids, held in one 52-bit mask."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from vncards.core import (
    FULL_DECK_MASK,
    CardSet,
    mask_ids,
    mask_of,
    parse_card,
    rank_counts,
    ranks_with,
)

card_ids = st.frozensets(st.integers(0, 51), max_size=52)


@given(card_ids, card_ids)
def test_cardset_operations_match_python_sets(a: frozenset[int], b: frozenset[int]) -> None:
    """|, &, -, ^, <=, <, ==, len, in and iteration agree with Python sets of ids."""
    x, y = CardSet(a), CardSet(b)
    assert set((x | y).ids()) == a | b
    assert set((x & y).ids()) == a & b
    assert set((x - y).ids()) == a - b
    assert set((x ^ y).ids()) == a ^ b
    assert (x <= y) == (a <= b)
    assert (x < y) == (a < b)
    assert (x == y) == (a == b)
    assert (hash(x) == hash(y)) or a != b
    assert len(x) == len(a)
    assert bool(x) == bool(a)
    assert [c.id for c in x] == sorted(a)
    assert all((i in x) == (i in a) for i in range(52))


@given(card_ids)
def test_cardset_text_round_trip(a: frozenset[int]) -> None:
    """str() writes the cards lowest first and CardSet.parse reads them back."""
    x = CardSet(a)
    assert CardSet.parse(str(x)) == x
    assert eval(repr(x), {"CardSet": CardSet}) == x
    assert x.rank_counts() == [sum(1 for i in a if i // 4 == r) for r in range(13)]


@given(card_ids)
def test_mask_helpers(a: frozenset[int]) -> None:
    """mask_of and mask_ids are inverse; rank_counts counts per rank."""
    m = mask_of(a)
    assert mask_ids(m) == sorted(a)
    assert sum(rank_counts(m)) == len(a)


def test_cardset_membership_forms() -> None:
    """Membership accepts a Card, an id or a token; other objects are never members."""
    hand = CardSet.parse("3S, 10 cơ")
    assert parse_card("3S") in hand
    assert 31 in hand
    assert "10h" in hand
    assert "4s" not in hand
    assert 99 not in hand
    assert 2.5 not in hand


def test_cardset_lowest_highest_and_errors() -> None:
    """lowest/highest follow game order; an empty set has neither; masks stay in 52 bits."""
    hand = CardSet.parse("2S 3H 3D")
    assert str(hand.lowest()) == "3D"
    assert str(hand.highest()) == "2S"
    assert CardSet.full().mask == FULL_DECK_MASK
    assert hand.symbols() == ["3♦", "3♥", "2♠"]
    with pytest.raises(ValueError):
        CardSet().lowest()
    with pytest.raises(ValueError):
        CardSet().highest()
    with pytest.raises(ValueError):
        CardSet(1 << 52)
    with pytest.raises(ValueError):
        CardSet(-1)


@given(st.integers(0, FULL_DECK_MASK), st.integers(1, 4))
def test_ranks_with_at_least_count_cards_agree_with_rank_counts(mask: int, count: int) -> None:
    """ranks_with marks bit 4r exactly for the ranks r that rank_counts counts at least
    ``count`` cards of."""
    counts = rank_counts(mask)
    assert ranks_with(mask, count) == sum(1 << (4 * r) for r in range(13) if counts[r] >= count)


@pytest.mark.parametrize("count", [0, 5, -1])
def test_ranks_with_refuses_impossible_counts(count: int) -> None:
    """A rank has one to four cards: other counts are a mistake, said as such."""
    with pytest.raises(ValueError, match="1 to 4"):
        ranks_with(0b1111, count)
