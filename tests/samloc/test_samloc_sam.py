"""Báo Sâm: declarations before the first play, who counts, success and failure payments.

Sources: the rules page (docs/rules/samloc.md), samloc-gamevh ("a declarer's pair
beaten by a higher pair: the Sâm has failed"), samloc-f8 (the 3 + 6…A hand that plays
out: straight 6…A, then the 3), samloc-online (failure pays 20 × number of players).
"""

from __future__ import annotations

import pytest
from vncards.core import (
    CardSet,
    Declare,
    IllegalMove,
    Pass,
    Play,
    resolve_rules,
)
from vncards.samloc import SamState, plugin

from tests.samloc._positions import play

# four ten-card hands without a tới trắng; seat 0 holds the lowest card (3♠)
F8_SAM = "3H 6S 7C 8D 9H 10S JC QD KH AS"
HANDS = (
    "3S 4S 5C 5D 7S 9S JS QS KC 2D",
    F8_SAM,
    "4C 4D 6H 7H 8C 10C JD QH AC 2S",
    "3C 4H 6C 6D 7D 9C 10D KS AD 2H",
)


def sam_table(variant: str = "standard", hands: tuple[str, ...] = HANDS) -> SamState:
    rules = resolve_rules(plugin, variant)
    state = plugin.start(rules, [CardSet.parse(h).mask for h in hands], 0)
    assert not state.finished
    return state


def test_declarations_listed_before_first_play_only() -> None:
    """Báo Sâm (rules page): before the first play any seat may declare; after it, none."""
    st = sam_table()
    legal = plugin.legal_actions(st)
    assert [a for a in legal if isinstance(a, Declare)] == [Declare(s) for s in range(4)]
    play(st, 0, "3S")
    assert not [a for a in plugin.legal_actions(st) if isinstance(a, Declare)]
    with pytest.raises(IllegalMove) as info:
        plugin.apply(st, Declare(1))
    assert info.value.code == "declare-after-play"


def test_declarer_leads_instead_of_lowest_card() -> None:
    """Báo Sâm (rules page, online): the declarer leads, not the holder of the lowest card."""
    st = sam_table()
    plugin.apply(st, Declare(1))
    assert st.turn == 1
    assert all(a.seat == 1 for a in plugin.legal_actions(st) if isinstance(a, Play))


def test_nearest_declaration_counts_whatever_the_record_order() -> None:
    """Báo Sâm (DESIGN record contract): when several declare, the one nearest in turn
    order from the would-be leader counts, in whatever order the record lists them."""
    st = sam_table()
    plugin.apply(st, Declare(3))
    plugin.apply(st, Declare(2))
    assert (st.declarer, st.turn) == (2, 2)
    plugin.apply(st, Declare(1))
    assert (st.declarer, st.turn) == (1, 1)
    with pytest.raises(IllegalMove) as info:
        plugin.apply(st, Declare(3))
    assert info.value.code == "already-declared"


def test_decision_offers_optional_declarations_in_turn_order() -> None:
    """Báo Sâm: each seat in turn order from the would-be leader gets an optional
    declaration; declining moves on; then the leader plays."""
    st = sam_table()
    seats = []
    for _ in range(4):
        d = plugin.decision(st)
        assert d is not None
        assert d.optional
        assert list(d.actions) == [Declare(d.seat)]
        seats.append(d.seat)
        plugin.decline(st, d.seat)
    assert seats == [0, 1, 2, 3]
    d = plugin.decision(st)
    assert d is not None
    assert not d.optional
    assert d.seat == 0
    with pytest.raises(IllegalMove):
        plugin.decline(st, 0)


def test_declaration_stops_the_asking() -> None:
    """Báo Sâm: once a seat declares, farther seats' declarations would be void, so they
    are not asked; the declarer plays."""
    st = sam_table()
    plugin.decline(st, 0)
    plugin.apply(st, Declare(1))
    d = plugin.decision(st)
    assert d is not None
    assert d.seat == 1
    assert not d.optional


def test_declaration_stops_the_asking_round_the_table() -> None:
    """Báo Sâm: asking goes round the table from the would-be leader (seat 2 here), so
    after seat 3 declares, seats 0 and 1 — farther from the leader — are not asked."""
    rules = resolve_rules(plugin, "standard")
    st = plugin.start(rules, [CardSet.parse(h).mask for h in HANDS], 2)
    plugin.decline(st, 2)
    plugin.apply(st, Declare(3))
    assert plugin.side_decision(st) is None
    d = plugin.decision(st)
    assert d is not None
    assert (d.seat, d.optional) == (3, False)


def test_a_farther_declaration_out_of_turn_leaves_the_nearer_seats_asked() -> None:
    """Báo Sâm: a seat that declares before its turn to be asked counts only if no seat
    nearer the would-be leader declares; those seats are still asked, in turn order."""
    st = sam_table()
    plugin.apply(st, Declare(2))
    asked = []
    for _ in range(2):
        d = plugin.decision(st)
        assert d is not None
        assert d.optional
        asked.append(d.seat)
        plugin.decline(st, d.seat)
    assert asked == [0, 1]
    d = plugin.decision(st)
    assert d is not None
    assert (d.seat, d.optional, st.declarer) == (2, False, 2)


def test_f8_hand_plays_out_sam_success() -> None:
    """f8 example: 3, 6…A declares, plays the straight 6…A, then the 3; nobody can beat
    the straight and the 3 goes out at once. Each of 3 opponents pays 20: +60."""
    st = sam_table()
    plugin.apply(st, Declare(1))
    play(st, 1, "6S 7C 8D 9H 10S JC QD KH AS")
    for seat in (2, 3, 0):
        plugin.apply(st, Pass(seat))
    play(st, 1, "3H")
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("sam-success", 1)
    assert res.payments == (-20, 60, -20, -20)
    assert plugin.game_stats(st)["sam_success"] == 1


def test_pair_beaten_sam_failed() -> None:
    """gamevh: the declarer plays a pair and an opponent plays a higher pair: the Sâm has
    failed at once. The declarer pays the blocker 20 × 3 opponents = 60."""
    st = sam_table()
    plugin.apply(st, Declare(0))
    play(st, 0, "5C 5D")
    plugin.apply(st, Pass(1))
    with pytest.raises(IllegalMove):
        play(st, 2, "4C 4D")  # a lower pair does not beat
    plugin.apply(st, Pass(2))
    play(st, 3, "6C 6D")
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("sam-failed", 3)
    assert res.payments == (-60, 0, 0, 60)


def test_five_players_failure_pays_times_players() -> None:
    """five-players (online): the failed declarer pays the blocker 20 × number of players
    (4 here): 80."""
    st = sam_table("five-players")
    plugin.apply(st, Declare(0))
    play(st, 0, "5C 5D")
    plugin.apply(st, Pass(1))
    plugin.apply(st, Pass(2))
    play(st, 3, "6C 6D")
    assert plugin.result(st).payments == (-80, 0, 0, 80)


def test_chop_of_declarers_two_fails_sam_without_chop_payment() -> None:
    """Báo Sâm (rules page): a chặt counts as beating the declarer; the Sâm payment is the
    only one (our decision: the chop's 15 lá is not added)."""
    hands = (
        "3S 4S 5C 5D 7S 9S JS QS KC 2D",
        "8S 8C 8D 8H 3H 6S 7C 9H 10S AS",
        "4C 4D 6H 7H JC 10C JD QH AC 2S",
        "3C 4H 6C 6D 7D 9C 10D KS AD 2H",
    )
    st = sam_table(hands=hands)
    plugin.apply(st, Declare(0))
    play(st, 0, "2D")
    play(st, 1, "8S 8C 8D 8H")
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("sam-failed", 1, (-60, 60, 0, 0))


def test_declarer_left_with_lone_two_fails() -> None:
    """Báo Sâm with thối 2 forbidden (our decision): a declarer who must lead a lone 2
    cannot play out, so the Sâm fails; with no blocker the declarer pays each opponent
    20 and the seat after the declarer is named winner."""
    hands = (
        "3S 4C 5D 6S 7C 8D 9S 10C JD 2H",
        "3C 4H 6C 6D 7D 9C 10D KS AD 2S",
        "4D 5C 5H 7H JC JH QH AC KD 2C",
    )
    st = sam_table(hands=hands)
    plugin.apply(st, Declare(0))
    play(st, 0, "3S 4C 5D 6S 7C 8D 9S 10C JD")
    plugin.apply(st, Pass(1))
    plugin.apply(st, Pass(2))
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("sam-failed", 1, (-40, 20, 20))


def test_declarer_going_out_on_two_fails_when_allowed() -> None:
    """Báo Sâm with ``finish_on_two=loses`` (online: a declarer whose last card is a 2
    loses the Sâm): same payment as above."""
    hands = (
        "3S 4C 5D 6S 7C 8D 9S 10C JD 2H",
        "3C 4H 6C 6D 7D 9C 10D KS AD 2S",
        "4D 5C 5H 7H JC JH QH AC KD 2C",
    )
    rules = resolve_rules(plugin, None, {"finish_on_two": "loses"})
    st = plugin.start(rules, [CardSet.parse(h).mask for h in hands], 0)
    plugin.apply(st, Declare(0))
    play(st, 0, "3S 4C 5D 6S 7C 8D 9S 10C JD")
    plugin.apply(st, Pass(1))
    plugin.apply(st, Pass(2))
    play(st, 0, "2H")
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("sam-failed", 1, (-40, 20, 20))
