"""Seeded dealing: the same seed gives the same deal on every machine."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from vncards.core import Rng, deal, derive_seed, format_cards


def test_splitmix64_matches_reference_outputs() -> None:
    """Rng is SplitMix64: seed 1234567 gives the reference implementation's first outputs."""
    r = Rng(1234567)
    assert [r.next64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_seed_42_deals_this_exact_hand() -> None:
    """Seed 42, two hands of 13: the first hand is exactly these cards, pinned so that a
    change of shuffle or dealing order (which would change every seeded game) is caught."""
    hands, rest = deal(42, 52, [13, 13])
    assert format_cards(hands[0]) == [
        "3S", "4S", "4D", "6S", "8D", "9C", "9D", "9H", "10S", "QS", "QH", "KS", "AD",
    ]  # fmt: skip
    assert len(hands[1]) == 13
    assert len(rest) == 26


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 13), min_size=1, max_size=4))
def test_deal_is_a_partition(seed: int, sizes: list[int]) -> None:
    """Hands and stock together are every card once; the same seed deals the same."""
    hands, rest = deal(seed, 52, sizes)
    cards = [c for h in hands for c in h] + rest
    assert sorted(cards) == list(range(52))
    assert [len(h) for h in hands] == sizes
    assert all(h == sorted(h) for h in hands)
    assert deal(seed, 52, sizes) == (hands, rest)


def test_deal_needs_enough_cards() -> None:
    """Asking for more cards than the deck holds is refused."""
    with pytest.raises(ValueError):
        deal(1, 52, [13, 13, 13, 13, 1])


@given(st.integers(1, 1000), st.integers(0, 2**64 - 1))
def test_below_stays_in_range(n: int, seed: int) -> None:
    """below(n) is always in [0, n)."""
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(5))


def test_below_refuses_empty_range() -> None:
    """below(0) has no value to give."""
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_derive_seed_is_stable_and_distinct() -> None:
    """Game seeds of a run are fixed numbers and differ game to game."""
    seeds = [derive_seed(7, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert seeds == [derive_seed(7, i) for i in range(100)]
    assert derive_seed(7, 0) != derive_seed(8, 0)
