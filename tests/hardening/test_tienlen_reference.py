"""Tiến lên settlement and tới trắng against a naive model of the rules page.

The model counts a loser's debt by trying every set of disjoint hàng (tứ quý, 3 and 4
đôi thông, by rank counts) and keeping the dearest, with held 2s at their colour's value
and four 2s also allowed as one tứ quý; it reads the tới trắng hands straight from their
definitions. ``count_la``, ``chop_value`` and ``instant_win_of`` must agree with it on
random hands and random thối values. These tests are what kills mutants of
``vncards.tienlen._scoring``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vncards.core import CardSet, ComboRules, classify

tienlen = pytest.importorskip("vncards.tienlen")
scoring = pytest.importorskip("vncards.tienlen._scoring")

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def _best_hang(counts: tuple[int, ...], quad: int, three: int, four: int) -> int:
    """Most lá disjoint hàng add over one lá per card (ranks 3…A only)."""
    best = 0
    for r in range(12):
        if counts[r] == 4 and quad > 4:
            after = (*counts[:r], 0, *counts[r + 1 :])
            best = max(best, quad - 4 + _best_hang(after, quad, three, four))
        for length, value in ((3, three), (4, four)):
            ranks = range(r, r + length)
            if r + length <= 12 and value > 2 * length and all(counts[x] >= 2 for x in ranks):
                after = tuple(c - 2 if x in ranks else c for x, c in enumerate(counts))
                best = max(best, value - 2 * length + _best_hang(after, quad, three, four))
    return best


def model_debt(ids: list[int], rules: Any) -> int:
    counts = tuple(sum(1 for i in ids if i // 4 == r) for r in range(12))
    plain = sum(1 for i in ids if i < 48)
    black = sum(1 for i in ids if i in (48, 49))
    red = sum(1 for i in ids if i in (50, 51))
    twos = black * rules.thoi_black_two + red * rules.thoi_red_two
    if black + red == 4:
        twos = max(twos, rules.thoi_quad)
    gain = _best_hang(
        counts,
        rules.thoi_quad,
        rules.thoi_three_pair_run,
        rules.thoi_four_pair_run,
    )
    return int(plain + gain + twos)


def model_instant_win(ids: list[int], rules: Any) -> str | None:
    counts = [sum(1 for i in ids if i // 4 == r) for r in range(13)]
    found = {
        "dragon": all(counts[r] for r in range(12)),
        "four-twos": counts[12] == 4,
        "five-pair-run": any(all(counts[x] >= 2 for x in range(r, r + 5)) for r in range(8)),
        "six-pairs": sum(c // 2 for c in counts) >= 6,
    }
    for code in ("dragon", "four-twos", "five-pair-run", "six-pairs"):
        if code in rules.instant_wins and found[code]:
            return code
    return None


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    """Up to 13 cards, often rich in pairs, runs of pairs, quads and 2s."""
    ids: set[int] = set()
    for _ in range(draw(st.integers(0, 4))):
        shape = draw(st.sampled_from(["quad", "pairs", "twos"]))
        r = draw(st.integers(0, 11))
        if shape == "quad":
            ids |= {r * 4 + s for s in range(4)}
        elif shape == "pairs":
            for x in range(r, min(r + draw(st.integers(2, 6)), 12)):
                ids |= {
                    x * 4 + s
                    for s in draw(st.lists(st.integers(0, 3), min_size=2, max_size=3, unique=True))
                }
        else:
            ids |= {
                48 + s
                for s in draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
            }
    ids |= set(draw(st.lists(st.integers(0, 51), max_size=13)))
    return sorted(ids)[: draw(st.integers(1, 13))] if draw(st.booleans()) else sorted(ids)


thoi = st.builds(
    lambda b, r, q, t3, t4: tienlen.TienLenRules(
        thoi_black_two=b, thoi_red_two=r, thoi_quad=q, thoi_three_pair_run=t3, thoi_four_pair_run=t4
    ),
    st.integers(0, 8),
    st.integers(0, 8),
    st.integers(0, 30),
    st.integers(0, 30),
    st.integers(0, 30),
)


@FUZZ
@given(hands(), st.one_of(st.just(None), thoi))
def test_loser_debt_agrees_with_the_model(ids: list[int], rules: Any) -> None:
    """Cards left at 1 lá each, held 2s and the dearest disjoint hàng at their thối value
    instead (seed: 5 cards with a black and a red 2 → 3 + 3 + 6 = 12)."""
    rules = rules or tienlen.TienLenRules()
    assert scoring.count_la(sum(1 << i for i in ids), rules) == model_debt(ids, rules)


@FUZZ
@given(
    hands(),
    st.lists(st.sampled_from(["dragon", "four-twos", "five-pair-run", "six-pairs"]), unique=True),
)
def test_instant_win_agrees_with_the_model(ids: list[int], allowed: list[str]) -> None:
    """Tới trắng: the strongest hand among those the rules allow, straight from the
    definitions (dragon > four-twos > five-pair-run > six-pairs)."""
    rules = tienlen.TienLenRules(instant_wins=tuple(allowed))
    assert scoring.instant_win_of(sum(1 << i for i in ids), rules) == model_instant_win(ids, rules)


@pytest.mark.parametrize(
    ("text", "value"),
    [("2S", 3), ("2C", 3), ("2D", 6), ("2H", 6), ("2S 2H", 9), ("2D 2H", 12), ("2S 2C", 6),
     ("5S 5C 5D 5H", 12), ("3S 3C 4S 4C 5S 5C", 12), ("3S 3C 4S 4C 5S 5C 6D 6H", 16)],
)  # fmt: skip
def test_chop_value_is_the_thoi_of_what_was_chopped(text: str, value: int) -> None:
    """Thối: black 2 = 3, red 2 = 6, a pair of 2s the sum of its cards, tứ quý 12,
    3 đôi thông 12, 4 đôi thông 16."""
    combo = classify(CardSet.parse(text).mask, ComboRules())
    assert combo is not None
    assert scoring.chop_value(combo, tienlen.TienLenRules()) == value


def test_seed_example_five_cards_with_two_twos_owe_twelve() -> None:
    """Seed: five cards left holding one black and one red 2 → 3 + 3 + 6 = 12 lá."""
    hand = CardSet.parse("5D 7D 9H 2C 2H").mask
    assert scoring.count_la(hand, tienlen.TienLenRules()) == 12


def test_four_twos_held_count_as_their_dearest_reading() -> None:
    """Four held 2s are 3 + 3 + 6 + 6 = 18 lá, more than one tứ quý (12); with cheap 2s
    the tứ quý reading wins."""
    hand = CardSet.parse("2S 2C 2D 2H").mask
    assert scoring.count_la(hand, tienlen.TienLenRules()) == 18
    cheap = tienlen.TienLenRules(thoi_black_two=1, thoi_red_two=1)
    assert scoring.count_la(hand, cheap) == 12


@pytest.mark.parametrize("first", [0, 1, 2])
def test_instant_win_order_strength_then_turn_order(first: int) -> None:
    """Several tới trắng hands: the stronger wins; equal ones go to the earliest in turn
    order counted from the first player."""
    six_a = CardSet.parse("3S 3C 4S 4C 7S 7C 9D 9H JS JC QD QH KH").mask
    six_b = CardSet.parse("3D 3H 4D 4H 7D 7H 9S 9C JD JH QS QC KS").mask
    plain = CardSet.parse("5S 6C 8D 10S KD AS AC 2S 5H 6H 8H 10H AD").mask
    order = scoring.instant_wins_in_order(tienlen.TienLenRules(), [six_a, plain, six_b], first)
    seats = [seat for seat, _ in order]
    assert seats == ([2, 0] if first in (1, 2) else [0, 2])


def test_instant_win_tie_goes_to_the_earliest_from_the_first_player_of_four() -> None:
    """Four seats, equal tới trắng at seats 0 and 2, seat 1 first: seat 2 comes first in
    turn order (1 → 2 → 3 → 0); with no first player named, seat 0 is first."""
    six_a = CardSet.parse("3S 3C 4S 4C 7S 7C 9D 9H JS JC QD QH KH").mask
    six_b = CardSet.parse("3D 3H 4D 4H 7D 7H 9S 9C JD JH QS QC KS").mask
    plain = CardSet.parse("5S 6C 8D 10S KD AS AC 2S 5H 6H 8H 10H AD").mask
    other = CardSet.parse("5C 6D 8C 10D KC 2C 5D 6S 8S 10C AH 2D 2H").mask
    hands = [six_a, plain, six_b, other]
    rules = tienlen.TienLenRules()
    assert [s for s, _ in scoring.instant_wins_in_order(rules, hands, 1)] == [2, 0]
    assert [s for s, _ in scoring.instant_wins_in_order(rules, hands, 3)] == [0, 2]
    assert [s for s, _ in scoring.instant_wins_in_order(rules, hands)] == [0, 2]


def test_four_twos_count_as_two_pairs_when_tu_quy_heo_is_not_played() -> None:
    """Six pairs counts a tứ quý as two pairs — four 2s too, which matters at a table
    that does not play tứ quý heo as a tới trắng of its own."""
    hand = CardSet.parse("2S 2C 2D 2H 3S 3C 5D 5H 8S 8C JD JH KS").mask
    rules = tienlen.TienLenRules(instant_wins=("dragon", "five-pair-run", "six-pairs"))
    assert scoring.instant_win_of(hand, rules) == "six-pairs"
    assert scoring.instant_win_of(hand, tienlen.TienLenRules()) == "four-twos"
