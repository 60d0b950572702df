"""Combinations: the classifier and comparator under Tiến lên-like and Sâm-like rules,
and legal-move generation proved against the brute-force reference."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    CardSet,
    ChopRule,
    Combo,
    ComboRules,
    Kind,
    RulesError,
    beats,
    brute_force_plays,
    classify,
    is_chop,
    legal_plays,
)

TWO = 12
# Tiến lên: suits break ties, straights 3…A, pair-runs of 3+ pairs without the 2.
TIENLEN = ComboRules()
# The Tiến lên chop table (chặt), one ChopRule per cell.
TIENLEN_CHOPS = (
    ChopRule((Kind.PAIR_RUN, 6), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.PAIR_RUN, 6), (Kind.PAIR_RUN, 6), need_higher=True),
    ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR, 2), target_rank=TWO),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR_RUN, 6)),
    ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.PAIR, 2), target_rank=TWO),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.PAIR_RUN, 6)),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.QUAD, 4)),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.PAIR_RUN, 8), need_higher=True),
)
# Sâm: only rank counts, no pair-runs, straights of 3 to 10 cards within 3…A.
SAM = ComboRules(suits_break_ties=False, pair_runs=False, max_straight=10)
# Sâm "a23": the straight order runs A(low) 2 3 … K A(high), without wrapping.
SAM_A23 = ComboRules(
    suits_break_ties=False, pair_runs=False, max_straight=10, straight_order=(11, 12, *range(12))
)
SAM_CHOPS = (
    ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
)


def combo(text: str, rules: ComboRules = TIENLEN) -> Combo:
    c = classify(CardSet.parse(text).mask, rules)
    assert c is not None, f"{text} should be a combination"
    return c


def code(text: str, rules: ComboRules) -> str | None:
    c = classify(CardSet.parse(text).mask, rules)
    return None if c is None else c.kind.code


# ---------------------------------------------------------------- classifier


@pytest.mark.parametrize(
    ("cards", "tienlen", "sam"),
    [
        ("7H", "single", "single"),
        ("7S 7H", "pair", "pair"),
        ("7S 7C 7H", "triple", "triple"),
        ("7S 7C 7D 7H", "quad", "quad"),
        ("3S 4C 5H", "straight", "straight"),
        ("3S 4C 5H 6D 7S 8S 9S 10S JS QS KS AS", "straight", None),  # 12 cards > Sâm's 10
        ("3S 4C 5H 6D 7S 8S 9S 10S JS QS", "straight", "straight"),
        ("3S 3H 4S 4H 5D 5C", "pair-run", None),  # Sâm has no đôi thông
        ("3S 3H 4S 4H 5D 5C 6S 6H", "pair-run", None),
        ("QS KS AS 2S", None, None),  # no 2 in a straight
        ("KS AS 2S", None, None),
        ("AS 2S 3S", None, None),
        ("3S 4S", None, None),  # two cards are no straight
        ("3S 3H 4S 4H", None, None),  # two pairs are no pair-run
        ("3S 3H 4S 4H 5D", None, None),  # mixed counts per rank
        ("3S 5S 6S", None, None),  # a gap
        ("KS KH AS AH 2S 2H", None, None),  # no 2 in a pair-run
        ("3S 3C 3H 4S 4C 4H 5S 5C 5H", None, None),  # triples in a row are nothing
    ],
)
def test_classifier_per_shape(cards: str, tienlen: str | None, sam: str | None) -> None:
    """Each shape (rác, đôi, sám cô, tứ quý, sảnh, đôi thông) and each non-combination,
    under Tiến lên-like and Sâm-like rules."""
    assert code(cards, TIENLEN) == tienlen
    assert code(cards, SAM) == sam


def test_classifier_a23_window() -> None:
    """Sâm a23: A-2-3 and 2-3-4 are the lowest straights, Q-K-A the highest, K-A-2 none."""
    assert code("AS 2S 3H", SAM_A23) == "straight"
    assert code("2S 3H 4D", SAM_A23) == "straight"
    assert code("QS KH AD", SAM_A23) == "straight"
    assert code("KS AH 2D", SAM_A23) is None
    assert code("AS 2S 3H 4C 5C", SAM_A23) == "straight"
    order = ["AS 2S 3H", "2S 3H 4D", "3S 4S 5S", "QS KH AD"]
    keys = [combo(t, SAM_A23).key for t in order]
    assert keys == sorted(keys)
    assert len(set(keys)) == 4
    assert code("AS 2S 3H", SAM) is None


def test_classifier_rejects_empty_and_reports_fields() -> None:
    """The empty set is no combination; a combo reports its kind, size, top rank and mask."""
    assert classify(0, TIENLEN) is None
    c = combo("5S 6H 7D")
    assert (c.kind, c.length, c.top_rank) == (Kind.STRAIGHT, 3, 4)
    assert c.mask == CardSet.parse("5S 6H 7D").mask
    assert c.same_shape(combo("8S 9S 10S"))
    assert not c.same_shape(combo("8S 9S 10S JS"))


def test_kind_codes_round_trip() -> None:
    """Kind codes are the JSON names, and read back."""
    assert [k.code for k in Kind] == ["single", "pair", "triple", "quad", "straight", "pair-run"]
    assert all(Kind.from_code(k.code) is k for k in Kind)
    with pytest.raises(ValueError, match="unknown combination"):
        Kind.from_code("bomb")


def test_combo_rules_refuse_nonsense() -> None:
    """One-rank straights, ranks outside 0..12 and max below min are refused."""
    with pytest.raises(RulesError):
        ComboRules(min_straight=1)
    with pytest.raises(RulesError):
        ComboRules(min_pair_run=1)
    with pytest.raises(RulesError):
        ComboRules(straight_order=(0, 1, 13))
    with pytest.raises(RulesError):
        ComboRules(min_straight=5, max_straight=4)


# ---------------------------------------------------------------- comparator


def test_pair_with_higher_suit_beats_same_rank_pair() -> None:
    """Tiến lên: 3♣3♥ beats 3♠3♦ — the pair holding the higher suit wins."""
    assert beats(combo("3C 3H"), combo("3S 3D"))
    assert not beats(combo("3S 3D"), combo("3C 3H"))


def test_single_suit_breaks_ties_in_tienlen_not_in_sam() -> None:
    """Tiến lên: 9♥ beats 9♠ (suit order ♠ < ♣ < ♦ < ♥); Sâm: suits never decide."""
    assert beats(combo("9H"), combo("9S"))
    assert not beats(combo("9S"), combo("9H"))
    assert not beats(combo("9H", SAM), combo("9S", SAM))
    assert not beats(combo("8H 8D", SAM), combo("8S 8C", SAM))
    assert beats(combo("2S"), combo("AH"))


def test_straight_compares_highest_card_same_length_only() -> None:
    """Sảnh: same length only; the highest card decides, by rank then suit."""
    assert beats(combo("3S 4S 5H"), combo("3H 4H 5D"))
    assert beats(combo("4S 5S 6S"), combo("3H 4H 5H"))
    assert not beats(combo("4S 5S 6S 7S"), combo("3H 4H 5H"))
    assert not beats(combo("3S 4S 5H", SAM), combo("3H 4H 5D", SAM))


def test_triple_quad_pair_run_compare_by_rank() -> None:
    """Sám cô and tứ quý compare by rank; đôi thông by highest card."""
    assert beats(combo("4S 4C 4D"), combo("3C 3D 3H"))
    assert beats(combo("4S 4C 4D 4H"), combo("3S 3C 3D 3H"))
    assert beats(combo("3S 3C 4S 4C 5S 5H"), combo("3D 3H 4D 4H 5C 5D"))
    assert not beats(combo("3S 3C 4S 4C 5S 5D"), combo("3D 3H 4D 4H 5C 5H"))


def test_chop_table_rows() -> None:
    """Tiến lên chặt: 3 đôi thông on a single 2 (not a pair of 2s); tứ quý on a single 2,
    a pair of 2s, any 3 đôi thông, a smaller tứ quý; 4 đôi thông on all of those."""
    three_runs = combo("3S 3C 4S 4C 5S 5C")
    quad = combo("6S 6C 6D 6H")
    four_runs = combo("7S 7C 8S 8C 9S 9C 10S 10C")
    two, twos, ace = combo("2S"), combo("2S 2H"), combo("AH")
    chops = TIENLEN_CHOPS
    assert is_chop(three_runs, two, chops)
    assert not is_chop(three_runs, twos, chops)
    assert not is_chop(three_runs, ace, chops)
    assert is_chop(quad, two, chops)
    assert is_chop(quad, twos, chops)
    assert is_chop(quad, combo("QS QC KS KC AS AC"), chops)
    assert is_chop(quad, combo("5S 5C 5D 5H"), chops)
    assert not is_chop(quad, combo("7S 7C 7D 7H"), chops)
    assert is_chop(four_runs, quad, chops)
    assert is_chop(four_runs, twos, chops)
    assert beats(four_runs, quad, chops)
    assert not beats(quad, four_runs, chops)
    assert not beats(quad, two)  # without a chop table nothing chops


# ---------------------------------------------------------------- move generation


@st.composite
def dense_hands(draw: st.DrawFn, max_cards: int = 13) -> int:
    """Hands with many pairs, triples and quads, so that every shape turns up."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=7, unique=True))
    nibble = st.one_of(st.integers(1, 15), st.sampled_from([3, 5, 12, 15, 7, 14]))
    mask = 0
    for r in ranks:
        mask |= draw(nibble) << (4 * r)
    while mask.bit_count() > max_cards:
        mask &= mask - 1
    return mask


@st.composite
def spread_hands(draw: st.DrawFn) -> int:
    """Hands of one card in each of many ranks, so that long straights turn up."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=9, max_size=13, unique=True))
    mask = 0
    for r in ranks:
        mask |= 1 << (4 * r + draw(st.integers(0, 3)))
    return mask


hands = st.one_of(dense_hands(), spread_hands())

SHAPES = [
    (Kind.SINGLE, 1),
    (Kind.PAIR, 2),
    (Kind.TRIPLE, 3),
    (Kind.QUAD, 4),
    (Kind.STRAIGHT, 3),
    (Kind.STRAIGHT, 4),
    (Kind.STRAIGHT, 5),
    (Kind.PAIR_RUN, 6),
    (Kind.PAIR_RUN, 8),
    (Kind.PAIR, 3),  # not a shape: a chop row naming it must generate nothing
]

chop_rules = st.builds(
    ChopRule,
    attacker=st.sampled_from(SHAPES),
    target=st.sampled_from(SHAPES),
    target_rank=st.one_of(st.none(), st.just(TWO), st.integers(0, 12)),
    need_higher=st.booleans(),
)

combo_rules = st.one_of(
    st.sampled_from([TIENLEN, SAM, SAM_A23]),
    st.builds(
        ComboRules,
        suits_break_ties=st.booleans(),
        straight_order=st.sampled_from([tuple(range(12)), (11, 12, *range(12)), tuple(range(13))]),
        min_straight=st.integers(2, 5),
        pair_runs=st.booleans(),
        pair_run_order=st.sampled_from([tuple(range(12)), tuple(range(13))]),
        min_pair_run=st.integers(2, 4),
        max_straight=st.integers(5, 13),
    ),
)


def _no_dupes(plays: list[int]) -> set[int]:
    assert len(plays) == len(set(plays)), "a play is listed twice"
    return set(plays)


@settings(max_examples=150, deadline=None)
@given(hands, combo_rules)
def test_legal_plays_leading_equals_brute_force(hand: int, rules: ComboRules) -> None:
    """Leading: legal_plays lists exactly the subsets of the hand that classify."""
    assert _no_dupes(legal_plays(hand, rules)) == brute_force_plays(hand, rules)


@settings(max_examples=200, deadline=None)
@given(
    hands,
    hands,
    st.data(),
    combo_rules,
    st.one_of(st.just(TIENLEN_CHOPS), st.just(SAM_CHOPS), st.lists(chop_rules, max_size=5)),
)
def test_legal_plays_responding_equals_brute_force(
    hand: int,
    other: int,
    data: st.DataObject,
    rules: ComboRules,
    chop_table: Sequence[ChopRule],
) -> None:
    """Responding: the plays that beat the table (same shape higher, or a chop row), and
    with chops_only exactly the chops."""
    leads = legal_plays(other, rules)
    over = classify(data.draw(st.sampled_from(leads)), rules)
    assert over is not None
    chops = tuple(chop_table)
    expected = brute_force_plays(hand, rules, over, chops)
    assert _no_dupes(legal_plays(hand, rules, over, chops)) == expected
    only = {m for m in expected if is_chop(classify(m, rules), over, chops)}  # type: ignore[arg-type]
    assert _no_dupes(legal_plays(hand, rules, over, chops, chops_only=True)) == only


def test_a23_thirteen_card_straight_listed_once() -> None:
    """Sâm a23 with no length cap: A-2-3…K and 2-3…A are the same 13 cards, which the
    order reaches twice; the straight is listed once, at its higher place."""
    rules = ComboRules(suits_break_ties=False, pair_runs=False, straight_order=(11, 12, *range(12)))
    hand = CardSet.parse("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S").mask
    plays = legal_plays(hand, rules)
    assert plays.count(hand) == 1
    assert set(plays) == brute_force_plays(hand, rules)
    top = classify(hand, rules)
    assert top is not None
    assert top.top_rank == 11  # the ace, at the high end


def test_legal_plays_example_counts() -> None:
    """3♠3♥4♦5♣2♠ leads 5 singles, the pair of 3s and the straights 3-4-5 (two ways)."""
    hand = CardSet.parse("3S 3H 4D 5C 2S").mask
    plays = {str(CardSet(m)) for m in legal_plays(hand, TIENLEN)}
    assert plays == {"3S", "3H", "4D", "5C", "2S", "3S 3H", "3S 4D 5C", "3H 4D 5C"}


def test_legal_plays_quad_chops_single_two() -> None:
    """Over a single 2 a hand with tứ quý and a higher 2 may play both; passed, only the quad."""
    hand = CardSet.parse("9S 9C 9D 9H 2H 4S").mask
    over = combo("2S")
    got = {str(CardSet(m)) for m in legal_plays(hand, TIENLEN, over, TIENLEN_CHOPS)}
    assert got == {"2H", "9S 9C 9D 9H"}
    only = legal_plays(hand, TIENLEN, over, TIENLEN_CHOPS, chops_only=True)
    assert [str(CardSet(m)) for m in only] == ["9S 9C 9D 9H"]


def test_legal_plays_chop_rows_naming_one_shape_twice() -> None:
    """Two rows for one attacker shape, one needing a higher combination and one not: the
    looser row counts (a play any row allows is legal)."""
    chops = (
        ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
        ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4)),
    )
    hand = CardSet.parse("3S 3C 3D 3H").mask
    over = combo("5S 5C 5D 5H")
    assert legal_plays(hand, TIENLEN, over, chops) == [hand]
    assert brute_force_plays(hand, TIENLEN, over, chops) == {hand}
