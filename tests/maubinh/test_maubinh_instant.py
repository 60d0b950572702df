"""Mậu binh trắng against the rules page, "Mậu binh trắng (instant hands)": each of the
eight kinds, the order between them, the splits of 3 thùng, 3 sảnh and 5 đôi 1 sám, the
``instant_wins`` setting; and the split-shaped kinds against a plain search."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.maubinh import RANK, SUIT, MauBinhRules, instant_hand
from vncards.maubinh._instant import _kinds

from tests.maubinh._helpers import ids

RULES = MauBinhRules()

EXAMPLES = [
    ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "rong-cuon"),
    ("2S 3H 4D 5C 6S 7H 8D 9C 10S JH QD KC AS", "sanh-rong"),
    ("2H 3H 4D 5D 6H 7H 8D 9D 9H JH QD KD AD", "dong-mau-13"),
    ("2S 3C 4S 5C 6S 7C 8S 9C 9S JC QS KC AH", "dong-mau-12"),
    ("2S 2H 4D 4C 6S 6H 8D 8C 10S 10H QD QC QS", "nam-doi-mot-sam"),
    ("2S 2H 4D 4C 6S 6H 8D 8C 10S 10H QD QC AS", "luc-phe-bon"),
    ("2S 5S 7S 9S JS 3H 6H 8H 10H QH 4D 8D KD", "ba-thung"),
    ("10S JH QD KC AS 9H 10D JC QS KH 2C 3D 4H", "ba-sanh"),
]


@pytest.mark.parametrize(("hand", "code"), EXAMPLES, ids=[c for _, c in EXAMPLES])
def test_each_instant_hand(hand: str, code: str) -> None:
    """Rules, the instant-hand table: each kind is found (the highest it qualifies for)."""
    assert instant_hand(ids(hand), RULES) == code


def test_kinds_checked_highest_first() -> None:
    """Rules: checked highest first — a rồng cuốn is also 13 ranks, one colour and three
    flushes; five pairs and a triple are also six pairs."""
    assert list(_kinds(ids(EXAMPLES[0][0])))[:4] == [
        "rong-cuon", "sanh-rong", "dong-mau-13", "ba-thung",
    ]  # fmt: skip
    assert list(_kinds(ids(EXAMPLES[4][0]))) == ["nam-doi-mot-sam", "luc-phe-bon"]


def test_quad_serves_as_two_pairs() -> None:
    """Rules: a quad may serve as two pairs (5 đôi 1 sám), counts as two pairs (lục phé
    bôn); a triple counts as one pair."""
    assert instant_hand(ids("2S 2H 2D 2C 6S 6H 8D 8C 10S 10H QD QC QS"), RULES) == (
        "nam-doi-mot-sam"
    )
    assert instant_hand(ids("2S 2H 2D 2C 6S 6H 8D 8C 10S 10H QD QC AS"), RULES) == "luc-phe-bon"
    assert instant_hand(ids("2S 2H 2D 6C 6S 7H 8D 9C 10S 10H QD QC AS"), RULES) is None


@pytest.mark.parametrize(
    "hand",
    [
        "2S 5S 7S 9S JS 3H 6H 8H 10H QH 4D 8D KD",  # 5 + 5 + 3 in three suits
        "2S 3S 5S 7S 9S JS QS KS AS 10S 4D 8D KD",  # 10 of one suit + 3
        "2S 3S 5S 7S 9S JS QS KS 4H 8H 10H QH KH",  # 8 (= 5 + 3) + 5
    ],
)
def test_three_flushes_every_split(hand: str) -> None:
    """Rules, 3 thùng: 5 + 5 + 3 cards each of one suit — one suit may fill two parts."""
    assert instant_hand(ids(hand), RULES) == "ba-thung"


def test_three_flushes_needs_the_sizes() -> None:
    """Rules, 3 thùng: suit counts 7 + 6 do not split into 5 + 5 + 3."""
    hand = "2S 3S 5S 7S 9S JS QS 4H 8H 10H QH KH AH"
    assert instant_hand(ids(hand), RULES) != "ba-thung"


@pytest.mark.parametrize(
    "hand",
    [
        "AS 2H 3D 4C 5S 9H 10D JC QS KH 9C 10S JD",  # A-2-3-4-5, 9-K, 9-10-J
        "2S 3H 4D 5C 6S 2H 3D 4C 5S 6H QC KD AH",  # front Q-K-A
        "AS 2H 3D 5C 6S 7H 8D 9C 9S 10H JC QD KH",  # front A-2-3
        "10S JH QD KC AS 10H JD QC KD AH 2S 3H 4D",  # two 10-J-Q-K-A
    ],
)
def test_three_straights_every_split(hand: str) -> None:
    """Rules, 3 sảnh: 5 + 5 + 3 straights; 3-card straights are 3 consecutive ranks, A-2-3
    and Q-K-A count, and the wheel counts for 5 cards."""
    assert instant_hand(ids(hand), RULES) == "ba-sanh"
    assert instant_hand(ids(hand), MauBinhRules(wheel="lowest")) == "ba-sanh"


def test_no_wrap_in_three_straights() -> None:
    """Rules: no wrap-around — K-A-2 is not a 3-card straight."""
    hand = "2S 3H 4D 5C 6S 9H 10D JC QS KH KC AD 2H"
    assert instant_hand(ids(hand), RULES) is None


def test_instant_wins_setting_turns_kinds_off() -> None:
    """Rules, setting ``instant_wins``: only listed kinds count; an empty table turns
    them off."""
    hand = ids(EXAMPLES[0][0])
    assert instant_hand(hand, MauBinhRules(instant_wins={})) is None
    assert instant_hand(hand, MauBinhRules(instant_wins={"ba-thung": 6})) == "ba-thung"


def _straights(length: int) -> list[tuple[int, ...]]:
    runs = [tuple(range(lo, lo + length)) for lo in range(14 - length)]
    return [*runs, (12, *range(length - 1))]


def _split_into(counts: Counter[int], parts: list[list[tuple[int, ...]]]) -> bool:
    """Whether the rank counts are exactly one choice from each list of rank sets."""
    if not parts:
        return not +counts
    for option in parts[0]:
        need = Counter(option)
        if all(counts[r] >= n for r, n in need.items()) and _split_into(counts - need, parts[1:]):
            return True
    return False


def _reference(cards: list[int]) -> set[str]:
    """The split-shaped and counting kinds by plain search over the rules' words."""
    out = set()
    ranks = Counter(RANK[c] for c in cards)
    suits = Counter(SUIT[c] for c in cards)
    if _split_into(ranks, [_straights(5), _straights(5), _straights(3)]):
        out.add("ba-sanh")
    # each of the parts 5, 5, 3 goes to one suit; a suit's count is the sum of its parts
    for owners in {(a, b, c) for a in range(4) for b in range(4) for c in range(4)}:
        got: Counter[int] = Counter()
        for part, suit in zip((5, 5, 3), owners, strict=True):
            got[suit] += part
        if got == suits:
            out.add("ba-thung")
    pairs = sum(n // 2 for n in ranks.values())
    if pairs == 6:
        out.add("luc-phe-bon")
    triples = [r for r, n in ranks.items() if n >= 3]
    for t in triples:
        rest = ranks.copy()
        rest[t] -= 3
        if all(n % 2 == 0 for n in rest.values()):
            out.add("nam-doi-mot-sam")
    return out


def _hands_near_instant(rng: random.Random) -> list[int]:
    """13 cards often close to a split-shaped instant hand: straights or pairs stacked."""
    kind = rng.randrange(3)
    deck = list(range(52))
    if kind == 0:
        return rng.sample(deck, 13)
    if kind == 1:
        ranks = [*rng.choice(_straights(5)), *rng.choice(_straights(5)), *rng.choice(_straights(3))]
    else:
        ranks = [r for r in rng.sample(range(13), 7) for _ in range(2)][:13]
    picked: list[int] = []
    for r in ranks:
        free = [c for c in deck if RANK[c] == r and c not in picked]
        if not free:
            return rng.sample(deck, 13)
        picked.append(rng.choice(free))
    return picked


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_split_kinds_match_a_plain_search(rng: random.Random) -> None:
    """Property: 3 sảnh, 3 thùng, lục phé bôn and 5 đôi 1 sám are found exactly when a
    plain search over the rules' definitions finds them."""
    cards = _hands_near_instant(rng)
    found = set(_kinds(cards)) & {"ba-sanh", "ba-thung", "luc-phe-bon", "nam-doi-mot-sam"}
    assert found == _reference(cards)


def test_one_in_a_few_hundred_deals_is_instant() -> None:
    """Instant hands are rare at the deal (a sanity bound on the checks, seeded)."""
    rng = random.Random(1)
    hits = sum(instant_hand(rng.sample(range(52), 13), RULES) is not None for _ in range(3000))
    assert 0 < hits < 300
