"""Core's combination settings that narrow what a combination is and what answers it:
``one_colour_pairs``, ``one_suit_straights`` and ``follow_suit`` of :class:`ComboRules`
(the Northern Tiến lên's rules are three such values), in the classifier, the
comparator and the legal-play generator, against a brute force over every subset."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    CardSet,
    ChopRule,
    ComboRules,
    Kind,
    beats,
    brute_force_plays,
    classify,
    follows,
    legal_plays,
)

ROWS = (
    ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12),
    ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
    ChopRule((Kind.PAIR_RUN, 6), (Kind.PAIR_RUN, 6), need_higher=True),
    ChopRule((Kind.PAIR_RUN, 6), (Kind.SINGLE, 1), target_rank=12),
)


def mask(cards: str) -> int:
    return CardSet.parse(cards).mask


@st.composite
def narrowed(draw: st.DrawFn) -> ComboRules:
    return ComboRules(
        suits_break_ties=draw(st.booleans()),
        pair_runs=draw(st.booleans()),
        one_colour_pairs=draw(st.booleans()),
        one_suit_straights=draw(st.booleans()),
        follow_suit=draw(st.booleans()),
        straight_order=draw(st.sampled_from([tuple(range(12)), (11, 12, *range(12))])),
    )


@settings(max_examples=200, deadline=None)
@given(
    rules=narrowed(),
    cards=st.lists(st.integers(0, 51), min_size=2, max_size=12, unique=True),
    split=st.integers(0, 6),
    chops=st.booleans(),
)
def test_generator_is_the_brute_force_under_any_setting(
    rules: ComboRules, cards: list[int], split: int, chops: bool
) -> None:
    """legal_plays lists, once each, exactly the subsets that classify and beat the table
    (following it where follow_suit asks), with or without a chop table."""
    table_ids, hand_ids = cards[:split], cards[split:]
    table = classify(sum(1 << i for i in table_ids), rules) if table_ids else None
    hand = sum(1 << i for i in hand_ids)
    rows = ROWS if chops else ()
    got = legal_plays(hand, rules, table, rows)
    assert len(got) == len(set(got))
    assert set(got) == brute_force_plays(hand, rules, table, rows)


def test_classifier_narrows_pairs_straights_and_pair_runs() -> None:
    """A pair of one colour, a straight of one suit, a pair-run of one-colour pairs."""
    rules = ComboRules(one_colour_pairs=True, one_suit_straights=True)
    assert classify(mask("8D 8H"), rules) is not None
    assert classify(mask("8C 8H"), rules) is None
    assert classify(mask("8S 8C 8H"), rules) is not None  # a triple is no pair
    assert classify(mask("9C 10C JC QC"), rules) is not None
    assert classify(mask("9C 10C JC QD"), rules) is None
    assert classify(mask("3S 3C 4D 4H 5S 5C"), rules) is not None
    assert classify(mask("3S 3H 4D 4H 5S 5C"), rules) is None


@pytest.mark.parametrize(
    ("play", "over", "expected"),
    [
        ("9S", "5S", True),
        ("9H", "5S", False),
        ("2H", "KS", True),
        ("9S 9D", "5C 5H", True),
        ("9S 9C", "5C 5H", False),
        ("9S 9C 9H", "6S 6C 6H", True),
        ("9S 9C 9D", "6S 6C 6H", False),
        ("6S 7H 8S", "3S 4H 5S", True),
        ("6H 7S 8S", "3S 4H 5S", False),
        ("7S 7C 7D 7H", "5S 5C 5D 5H", True),
    ],
)
def test_follow_suit(play: str, over: str, expected: bool) -> None:
    """follows and beats(rules=...) under follow_suit; a play that does not follow
    does not beat."""
    rules = ComboRules(follow_suit=True)
    a, b = classify(mask(play), rules), classify(mask(over), rules)
    assert a is not None
    assert b is not None
    assert follows(a, b, rules) is expected
    assert beats(a, b, ROWS, rules) is expected
    assert follows(a, b, ComboRules())  # without the setting everything follows
