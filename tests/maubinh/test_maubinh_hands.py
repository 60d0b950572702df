"""The hand evaluator against the rules page, "Hands": every category high to low, the
tie-breaks, both straight orders of ``wheel``, 3-card chi, the 3-against-5 comparison and
``suits_break_ties``; and against an independent reference on random hands."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import POKER
from vncards.maubinh import RANK, SUIT, MauBinhRules, evaluator, hand_code, mb_rank
from vncards.maubinh._hands import _tables
from vncards.maubinh._instant import _THREE_STRAIGHTS
from vncards.maubinh._rules import HAND_CODES

from tests.maubinh._helpers import ids, key

LOWEST = MauBinhRules(wheel="lowest")
SUITS = MauBinhRules(suits_break_ties=True)

# one example of each five-card hand, high to low (rules page table)
FIVE = [
    ("10H JH QH KH AH", "straight-flush"),
    ("9S 9H 9D 9C 2S", "quads"),
    ("AS AH AD KS KH", "full-house"),
    ("2H 5H 9H JH KH", "flush"),
    ("8S 9D 10C JH QS", "straight"),
    ("7S 7H 7D AS KC", "trips"),
    ("KS KH 3D 3C 2S", "two-pair"),
    ("AS AH KD QC JS", "pair"),
    ("AS KH QD JC 9S", "high-card"),
]


def test_five_card_hands_rank_as_the_table_lists_them() -> None:
    """Rules, "Hands": straight-flush > quads > full-house > flush > straight > trips >
    two-pair > pair > high-card, each example named by its code."""
    keys = [key(text) for text, _ in FIVE]
    assert [hand_code(k) for k in keys] == [code for _, code in FIVE]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_rank_order_two_lowest_ace_highest() -> None:
    """Rules, "Cards and table": 2 3 … K A, the 2 lowest (unlike Tiến lên)."""
    assert key("AS KH 9D 7C 5S") > key("KS QH 9D 7C 5S")
    assert key("3S 3H 9D 7C 5S") > key("2S 2H 9D 7C 5S")
    assert key("AH AD 5C") > key("2H 2D KC")


@pytest.mark.parametrize(
    ("higher", "lower", "rule"),
    [
        ("5S 5H 5D 2C 2D", "4S 4H 4D AC AD", "full-house: the triple's rank"),
        ("KS KH 3D 3C 4S", "KD KC 2D 2C AS", "two-pair: the higher pair, then the lower pair"),
        ("KS KH 3D 3C 5S", "KD KC 3S 3H 4S", "two-pair: then the fifth card"),
        ("AS AH KD QC 9S", "AD AC KS QH 8S", "pair: then the other cards high to low"),
        ("AH JH 9H 5H 3H", "AS JS 9S 5S 2S", "flush: ranks card by card"),
        ("AS KH QD JC 9S", "AH KD QC JS 8H", "high-card: ranks card by card"),
        ("6S 6H 6D 6C 2S", "5S 5H 5D 5C AS", "quads: the quad's rank"),
        ("7S 7H 7D 2C 3S", "6S 6H 6D AC KS", "trips: the triple's rank"),
    ],
)
def test_ties_broken_as_the_table_says(higher: str, lower: str, rule: str) -> None:
    """Rules, "Hands", ties broken by: the column of each category."""
    assert key(higher) > key(lower), rule


def test_equal_hands_tie() -> None:
    """Rules, "Equal hands tie", and suits never rank a hand by default."""
    assert key("AS KS QS JS 9H") == key("AH KH QH JH 9S")
    assert key("9S 10H JD QC KS") == key("9H 10S JC QD KH")


def test_wheel_second_highest_by_default() -> None:
    """Rules, "Straights": 10-J-Q-K-A highest, A-2-3-4-5 second, then 9-10-J-Q-K down to
    2-3-4-5-6; Q-K-A-2-3 is no straight."""
    top, wheel, nine, low = (
        key("10S JH QD KC AS"),
        key("AS 2H 3D 4C 5S"),
        key("9S 10H JD QC KS"),
        key("2S 3H 4D 5C 6S"),
    )
    assert top > wheel > nine > low
    assert hand_code(key("QS KH AD 2C 3S")) == "high-card"
    assert key("10H JH QH KH AH") > key("AH 2H 3H 4H 5H") > key("9H 10H JH QH KH")


def test_wheel_lowest_setting() -> None:
    """Rules, setting ``wheel = lowest``: A-2-3-4-5 below 2-3-4-5-6, as in poker."""
    wheel = key("AS 2H 3D 4C 5S", LOWEST)
    assert wheel < key("2S 3H 4D 5C 6S", LOWEST)
    assert hand_code(wheel) == "straight"
    assert key("AH 2H 3H 4H 5H", LOWEST) < key("2H 3H 4H 5H 6H", LOWEST)
    assert key("AH 2H 3H 4H 5H", LOWEST) > key("9S 9H 9D 9C AS", LOWEST)


def test_three_card_chi_is_trips_pair_or_high_card() -> None:
    """Rules: a 3-card chi3 is only trips, pair or high-card (no straights, no flushes)."""
    assert hand_code(key("5S 5H 5D")) == "trips"
    assert hand_code(key("QH QD 5C")) == "pair"
    assert hand_code(key("QH KH AH")) == "high-card"
    assert key("5S 5H 5D") > key("AS AH KD") > key("AS KH QD")


def test_three_against_five_runs_out_and_is_not_higher() -> None:
    """Rules: a 3-card hand compared with a 5-card one: category, then card by card;
    when it runs out of cards it is not higher."""
    assert key("QH QD 7C") < key("QS QC 7H 6D 2S")  # equal to its last card: not higher
    assert key("QH QD AC") > key("QS QC 7H 6D 2S")  # its kicker is higher
    assert key("AS KH QD") < key("AC KD QH 3S 2S")
    assert key("2S 2H 2D") > key("AS AH KD KC QS")  # trips over two-pair


def test_suits_break_ties_setting() -> None:
    """Rules, ``suits_break_ties``: ♠ < ♣ < ♦ < ♥ on the highest card that decides."""
    assert key("AH KH QH JH 9S", SUITS) > key("AS KS QS JS 9H", SUITS)
    assert key("9S 9H 4D 3C 2S", SUITS) > key("9D 9C 4S 3H 2H", SUITS)  # pair: 9♥ vs 9♦
    assert key("AS 2H 3D 4C 5S", SUITS) < key("AD 2S 3C 4H 5H", SUITS)  # the wheel's A
    assert key("QH QD 5C", SUITS) != key("QS QC 5D", SUITS)
    # ranks still come first
    assert key("AS KS QS JS 10S", SUITS) > key("KH QH JH 10H 9H", SUITS)


def _reference(cards: list[int], wheel: str) -> tuple[int, ...]:
    """A plain comparison tuple: category, then the ranks in tie-break order."""
    ranks = sorted((RANK[c] for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if len(cards) == 3:
        cat = {3: 3, 2: 1}.get(shape[0], 0)
        return (cat, *order)
    flush = len({SUIT[c] for c in cards}) == 1
    distinct = sorted(set(ranks))
    straight_top = None
    if len(distinct) == 5 and distinct[4] - distinct[0] == 4:
        straight_top = distinct[4] * 2  # even numbers: room for the wheel between
    if distinct == [0, 1, 2, 3, 12]:
        straight_top = 11 * 2 + 1 if wheel == "second" else -1  # just below 10-J-Q-K-A
    if straight_top is not None:
        return (8 if flush else 4, straight_top)
    if flush:
        return (5, *order)
    cat = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0)
    return (cat, *order)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True),
    st.sampled_from(["second", "lowest"]),
)
def test_keys_order_as_a_plain_reference(cards: list[int], wheel: str) -> None:
    """Property: comparing two 5-card chi (or two 3-card chi) by key agrees with a plain
    reference comparison, and the category is the reference's."""
    ev = evaluator(MauBinhRules(wheel=wheel))
    a, b = cards[:5], cards[5:]
    ka, kb = ev.key(a), ev.key(b)
    ra, rb = _reference(a, wheel), _reference(b, wheel)
    assert (ka > kb) == (ra > rb)
    assert (ka == kb) == (ra == rb)
    assert HAND_CODES.index(hand_code(ka)) == ra[0]
    ta, tb = cards[:3], cards[3:6]
    assert (ev.key(ta) > ev.key(tb)) == (_reference(ta, wheel) > _reference(tb, wheel))


def test_every_category_reached_by_some_five_cards() -> None:
    """Every code of the table comes out of the evaluator (a sample of all 5-card sets)."""
    ev = evaluator(MauBinhRules())
    rng = random.Random(3)
    seen = {hand_code(ev.key(rng.sample(range(52), 5))) for _ in range(20_000)}
    seen |= {hand_code(ev.key(ids(t))) for t, _ in FIVE}
    assert seen == set(HAND_CODES)


def test_rank_order_is_core_poker_order() -> None:
    """Rules, "Cards and table": 2 3 … K A is core's POKER order; the evaluator's rank of a
    card id is its position there (the 2 is 0, the A 12)."""
    assert POKER.positions == RANK
    assert tuple((c // 4 + 1) % 13 for c in range(52)) == RANK
    assert all(mb_rank(c) == POKER.position(c) for c in range(52))
    assert tuple(c % 4 for c in range(52)) == SUIT


@pytest.mark.parametrize(
    ("wheel", "digest"),
    [
        ("second", "95ca7cf4aadc9e7b9c78d433d2c6a248ffce1a4ecb904790110add1d1ffc5d4a"),
        ("lowest", "cbb48aac83ad19c8c0b976fa12222d31abfbb68a7f1492fefc5a846addc888d4"),
    ],
)
def test_lookup_tables_are_the_recorded_ones(wheel: str, digest: str) -> None:
    """Every key of every rank multiset, under both straight orders, is the one recorded
    before the tables were built from core's POKER order (a change here changes games)."""
    tables = _tables(wheel)
    text = repr([sorted(t.items()) for t in tables])
    assert hashlib.sha256(text.encode()).hexdigest() == digest


def test_three_straights_table_is_the_recorded_one() -> None:
    """Rules, "ba-sanh": the rank counts of every 5 + 5 + 3 split into straights (POKER's
    runs, A-2-3… and …Q-K-A), as recorded before they came from core."""
    text = repr(sorted(_THREE_STRAIGHTS))
    digest = "f21610d1130b813632a33755f5a8036e01e42119857d1568e7a99c16d1d98c07"
    assert hashlib.sha256(text.encode()).hexdigest() == digest
