"""The grouping solver against a brute-force search, and the analysis queries."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.tusac import (
    GROUPS,
    best_grouping,
    best_lenh,
    classify_group,
    hand_kinds,
    hand_of,
    is_complete,
    min_junk,
    parse_cards,
    plugin,
)

from tests.tusac._reference import is_group, reference

# Hands drawn from the real deck (at most 4 copies of a kind), small enough for the
# brute-force search; a second strategy crowds a few kinds so that pairs, sets, Khạp,
# Quàn and soldiers' groups all turn up often.
_any_hand = st.lists(st.integers(0, 111), unique=True, max_size=11).map(
    lambda ids: [i // 4 for i in ids]
)
_crowded_kinds = [0, 1, 2, 3, 4, 5, 6, 13, 20, 27, 10, 11, 12]
_crowded_hand = st.lists(
    st.sampled_from([k * 4 + c for k in _crowded_kinds for c in range(4)]), unique=True, max_size=12
).map(lambda ids: [i // 4 for i in ids])
_hands = st.one_of(_any_hand, _crowded_hand)


@settings(max_examples=400, deadline=None)
@given(_hands)
def test_min_junk_matches_brute_force(kinds: list[int]) -> None:
    """Rác is the fewest leftovers of any grouping, Khạp locked (rules page, "Rác")."""
    junk, _ = reference(kinds)
    hand = hand_of(kinds)
    assert min_junk(hand) == junk
    assert is_complete(hand) == (junk == 0)


@settings(max_examples=400, deadline=None)
@given(_hands)
def test_best_lenh_matches_brute_force(kinds: list[int]) -> None:
    """The grouping counted is the one that scores most (rules page, "Scoring")."""
    junk, lenh = reference(kinds)
    hand = hand_of(kinds)
    assert best_lenh(hand) == lenh
    g = best_grouping(hand)
    assert (g.junk, g.lenh) == (junk, lenh)


@settings(max_examples=300, deadline=None)
@given(_hands)
def test_best_grouping_is_a_partition_into_valid_groups(kinds: list[int]) -> None:
    """The grouping returned uses every card once, in valid groups, Khạp kept whole."""
    g = best_grouping(hand_of(kinds))
    used = [k for grp in g.groups for k in grp] + list(g.rest)
    assert Counter(used) == Counter(kinds)
    for grp in g.groups:
        assert is_group(grp), grp
    counts = Counter(kinds)
    for k, n in counts.items():
        if n >= 3:
            assert (k,) * n in g.groups


def test_group_table_matches_the_rules_table() -> None:
    """Every group of the package's table is valid by the rules page, and there are 101:
    4 lone Tướng, 28 × (pair, triple, quad), 4 general sets, 4 chariot sets, 5 soldiers."""
    assert len(GROUPS) == 4 + 28 * 3 + 4 + 4 + 5
    assert all(is_group(g) for g in GROUPS)


def test_hand_packing_round_trips() -> None:
    """A hand packed as counts gives back its cards."""
    kinds = parse_cards("RK RK RA WP WP WP GR YH")
    assert hand_kinds(hand_of(kinds)) == sorted(kinds)


def test_khap_is_locked_in_the_count() -> None:
    """A Khạp may not be broken (rules page, "Khạp"): RR RR RR RC RH keeps the Khạp and
    leaves RC RH as rác, although RR RC RH + RR RR would leave none."""
    assert min_junk(hand_of(parse_cards("RR RR RR RC RH"))) == 2
    assert min_junk(hand_of(parse_cards("RR RR RC RH"))) == 1


def test_soldiers_cross_colours() -> None:
    """Three or four Chốt of different colours form a group (rules page, "soldiers")."""
    assert is_complete(hand_of(parse_cards("RP YP GP")))
    assert is_complete(hand_of(parse_cards("RP YP GP WP")))
    assert not is_complete(hand_of(parse_cards("RP RP YP")))
    assert best_lenh(hand_of(parse_cards("RP YP GP WP"))) == 2


def test_lone_tuong_scores_more_than_a_pair() -> None:
    """Two identical Tướng score 2 as two lone Tướng, not 0 as a pair (best grouping)."""
    assert best_lenh(hand_of(parse_cards("WK WK"))) == 2


def test_analyze_cards_reports_junk_groups_and_points() -> None:
    """``vncards analyze tusac`` contract (DESIGN): junk, complete, groups, points."""
    out = plugin.analyze_cards(
        ["tướng đỏ", "sĩ đỏ", "tượng đỏ", "YR", "YR", "YR", "YR", "WP", "GP", "RP"]
    )
    assert out == {
        "junk": 0,
        "complete": True,
        "groups": [["RK", "RA", "RE"], ["RP", "GP", "WP"], ["YR", "YR", "YR", "YR"]],
        "points": 1 + 1 + 8,
    }
    out = plugin.analyze_cards(["RK", "GR", "WC"])
    assert out == {"junk": 2, "complete": False, "groups": [["RK"]], "points": 0}


def test_classify_cards_names_the_group() -> None:
    """``vncards classify tusac``: a group code, or null for cards that are no group."""
    rules = plugin.presets["standard"]
    assert plugin.classify_cards(rules, ["RP", "YP", "GP", "WP"])["combo"] == "soldiers"
    assert plugin.classify_cards(rules, ["tướng xanh"])["combo"] == "single-general"
    assert plugin.classify_cards(rules, ["GA"]) == {"combo": None, "cards": ["GA"]}
    assert classify_group(parse_cards("RR RR RR")) == "triple"
