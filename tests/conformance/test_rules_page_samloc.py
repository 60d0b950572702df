"""The Sâm Lốc engine checked against its rules page and the record/referee contract.

Each test names the rule it checks; the expectations are worked out by hand from the
rules (lá: a card left 1, a held 2 five more, cóng 15, a chopped 2 15, a chopped tứ quý
10, a Sâm 20, tới trắng 20). The tests concentrate on points the rest of the suite does
not pin: chains of three chops, a chop answered by the 2's owner, a chop that ends the
game, đền that covers a cóng loser, báo một by rank only, Sâm payments at other table
sizes, tới trắng priority across seats, the first lead when 3♠ is not dealt, and the
command line on the real Sâm plugin.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import (
    CardSet,
    ClimbState,
    Declare,
    IllegalMove,
    Play,
    referee,
    resolve_rules,
)
from vncards.samloc import SamState, plugin

from tests.samloc._positions import deal_table, pass_, play

# ---------------------------------------------------------------- helpers


def table(*hands: str, first: int = 0, variant: str = "standard", **rules: Any) -> SamState:
    """A later game of a match (tới trắng off, so hands may be small) from given hands."""
    return deal_table(*hands, first=first, variant=variant, no_instant=True, **rules)


def deal10(*hands: str, first: int = 0, variant: str = "standard") -> SamState:
    """A first game from full ten-card hands (tới trắng is checked)."""
    rules = resolve_rules(plugin, variant)
    return plugin.start(rules, [CardSet.parse(h).mask for h in hands], first)


def refused(state: ClimbState, seat: int, cards: str) -> str:
    with pytest.raises(IllegalMove) as info:
        play(state, seat, cards)
    return info.value.code


def beats(over: str, cards: str, variant: str = "standard") -> dict[str, bool]:
    rules = plugin.presets[variant]
    return plugin.beats_cards(rules, over.split(), cards.split())


# ---------------------------------------------------------------- ordering and beating


@pytest.mark.parametrize(
    ("over", "cards", "expected"),
    [
        ("AS", "2S", True),  # 2 is the top rank
        ("2S", "2H", False),  # a 2 of a "higher" suit is still the same rank
        ("AS AH", "2S 2C", True),
        ("AS AC AD", "2S 2C 2D", True),
        ("KS KH", "AS AH", True),
        ("9S 9H", "8S 8H", False),
        ("5S 6H 7D", "5C 6D 7H", False),  # same ranks, other suits
        ("5S 6H 7D", "6C 7C 8D", True),
        ("5S 6H 7D", "6C 7C 8D 9S", False),  # longer straight: other size
        ("5S 6H 7D 8C", "9S 10H JD", False),  # shorter straight
        ("10S JH QD KC", "JS QH KD AC", True),  # J-Q-K-A is a straight in standard
        ("8S 8H", "9S 9H 9D", False),  # a triple does not beat a pair
        ("4S", "5S 5H", False),  # a pair does not beat a single
    ],
)
def test_beating_needs_same_type_size_and_higher_rank(
    over: str, cards: str, expected: bool
) -> None:
    """Rules page, Cards and Combinations: ranks run 3 < … < A < 2, suits never decide,
    and a play beats only the same type with the same number of cards and a higher rank."""
    assert beats(over, cards) == {"beats": expected, "chop": False}


@pytest.mark.parametrize(
    ("over", "cards"),
    [
        ("9S 9C 9D", "5S 5C 5D 5H"),  # a tứ quý on a triple
        ("AS AH", "5S 5C 5D 5H"),  # on a pair of Aces
        ("3S 4H 5D 6C", "5S 5C 5D 5H"),  # on a straight of four
        ("9S 9C 9D 9H", "5S 5C 5D 5H"),  # a lower tứ quý on a higher one
    ],
)
def test_tu_quy_beats_only_a_single_two_or_a_lower_tu_quy(over: str, cards: str) -> None:
    """Rules page, Chặt: a tứ quý beats a single 2 or a lower tứ quý, nothing else."""
    assert beats(over, cards) == {"beats": False, "chop": False}


def test_tu_quy_of_threes_chops_a_two_and_higher_tu_quy_chops_it() -> None:
    """Rules page, Chặt: any tứ quý (even of 3s) chops a single 2; a higher tứ quý chops a
    tứ quý."""
    assert beats("2H", "3S 3C 3D 3H") == {"beats": True, "chop": True}
    assert beats("3S 3C 3D 3H", "4S 4C 4D 4H") == {"beats": True, "chop": True}


@pytest.mark.parametrize(
    ("over", "cards", "expected"),
    [
        ("AS 2H 3D 4C", "2S 3H 4D 5C", True),  # A-2-3-4 < 2-3-4-5
        ("JS QH KD AC", "AS 2H 3D 4C", False),  # A low is the bottom
        ("2S 3H 4D", "3S 4H 5D", True),
    ],
)
def test_a23_four_card_straights_follow_the_low_ace_order(
    over: str, cards: str, expected: bool
) -> None:
    """Rules page, Combinations (a23): straights run A(low) 2 3 … K A(high), so with four
    cards A-2-3-4 is the lowest and J-Q-K-A the highest."""
    assert beats(over, cards, "a23") == {"beats": expected, "chop": False}


def test_standard_refuses_a23_straights_in_play() -> None:
    """Rules page, Combinations (standard): A-2-3 is not a straight, so it cannot be led."""
    st = table("AS 2H 3D 9C", "5S 6H 7D")
    assert refused(st, 0, "AS 2H 3D") == "not-a-combination"
    plays = [CardSet(a.cards) for a in plugin.legal_actions(st) if isinstance(a, Play)]
    assert plays
    assert all(len(p) == 1 for p in plays)


# ---------------------------------------------------------------- chặt and chặt chồng


def test_chat_chong_three_chops_last_victim_pays_thirty_five() -> None:
    """Rules page, Chặt chồng: a 2 chopped by four 5s, those by four 9s, those by four Ks:
    the last player chopped (the 9s) pays the whole chain 15 + 10 + 10 = 35 to the last
    chopper; the 2's owner and the 5s' owner pay nothing."""
    st = table("2S 3H 8D", "5S 5C 5D 5H 8S", "9S 9C 9D 9H 4C", "KD KH KS KC 4S")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    play(st, 2, "9S 9C 9D 9H")
    play(st, 3, "KD KH KS KC")
    pass_(st, 0)
    pass_(st, 1)
    pass_(st, 2)
    assert plugin.result(st).payments == (0, 0, -35, 35)


def test_owner_of_the_two_chops_back_and_collects_the_chain() -> None:
    """Rules page, Chặt chồng: the 2's owner chops the chopper back with a higher tứ quý;
    the last player chopped (the 5s' owner) pays the chain 15 + 10 = 25 to them."""
    st = table("2S 9S 9C 9D 9H 3H 8D", "5S 5C 5D 5H 8S", "KD KH 4C")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    pass_(st, 2)
    play(st, 0, "9S 9C 9D 9H")
    pass_(st, 1)
    assert plugin.result(st).payments == (25, -25, 0)


def test_chop_that_ends_the_game_is_paid() -> None:
    """Rules page, Chặt and Settlement: a chop is paid even when the chopper goes out with
    it. Seat 1 chops seat 0's 2 with its last four cards: seat 0 pays 15 for the 2 plus its
    2 cards left; seat 2 never played: cóng 15."""
    st = table("2S 3H 9D", "5S 5C 5D 5H", "KD KH 4C")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    res = plugin.result(st)
    assert (res.finished, res.outcome, res.winner) == (True, "win", 1)
    assert res.payments == (-17, 32, -15)


def test_owner_of_a_chopped_two_who_wins_still_pays_the_chop() -> None:
    """Rules page, Settlement: chop payments are added to the card settlement, also when
    the chopped player goes on to win. Seat 0's 2 is chopped (pays 15); seat 0 then goes
    out and seat 1, holding 2 cards, pays 2: seat 0 −15 + 2 = −13."""
    st = table("2S 3H 3D KD", "5S 5C 5D 5H 4C 6C 7C")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    pass_(st, 0)
    play(st, 1, "4C")
    play(st, 0, "KD")
    pass_(st, 1)
    play(st, 0, "3H 3D")
    res = plugin.result(st)
    assert (res.winner, res.violations, res.payments) == (0, (), (-13, 13))


def test_unfinished_game_pays_only_settled_chains() -> None:
    """DESIGN referee (unfinished game) and rules page Chặt: a chain whose round is over is
    paid, a chain whose round is still open is not. Seat 0's 2 is chopped and the round
    ends (seat 0 pays seat 1 15); seat 1's 2 is then chopped by seat 2, round still open."""
    st = table("2S 3H 8D", "5S 5C 5D 5H 2H 8S", "9S 9C 9D 9H 4C 4S")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    pass_(st, 2)
    pass_(st, 0)
    play(st, 1, "2H")
    play(st, 2, "9S 9C 9D 9H")
    res = plugin.result(st)
    assert (res.finished, res.outcome, res.winner) == (False, None, None)
    assert res.payments == (-15, 15, 0)
    pass_(st, 0)
    pass_(st, 1)
    assert plugin.result(st).payments == (-15, 0, 15)


# ---------------------------------------------------------------- rounds and the end


def test_turn_passes_in_seat_order_and_wraps() -> None:
    """Rules page, Cards and table: seats are listed in turn order, so after seat i acts
    seat i+1 does, and after the last seat the first one."""
    st = table("3S 9D KD", "4S 10D AD", "5S JD 2D")
    assert st.turn == 0
    play(st, 0, "3S")
    assert st.turn == 1
    play(st, 1, "4S")
    assert st.turn == 2
    play(st, 2, "5S")
    assert st.turn == 0


def test_nothing_is_legal_once_a_player_has_no_cards() -> None:
    """Rules page, Rounds: the game ends when one player has no cards; no action follows."""
    st = table("3S 9D", "5H 6S 7C", first=0)
    play(st, 0, "9D")
    pass_(st, 1)
    play(st, 0, "3S")
    res = plugin.result(st)
    assert (res.finished, res.winner, res.payments) == (True, 0, (15, -15))
    assert plugin.legal_actions(st) == []
    with pytest.raises(IllegalMove):
        play(st, 1, "5H")


def test_leader_may_lead_a_tu_quy_or_a_two() -> None:
    """Rules page, Rounds: the leader plays anything, a tứ quý or a lone 2 included."""
    st = table("7S 7C 7D 7H 2S 3D", "5H 6S 8C")
    play(st, 0, "7S 7C 7D 7H")
    pass_(st, 1)
    play(st, 0, "2S")
    assert st.turn == 1


# ---------------------------------------------------------------- settlement


def test_losers_at_a_five_player_table_each_pay_the_winner() -> None:
    """Rules page, Settlement: each loser pays the winner its cards left + 5 per held 2, or
    cóng 15 (+5 per 2) if it never played; the payments sum to zero."""
    st = table("3S 9D 9H", "4S 2H 5C", "6S KD KH", "7S 8D 2C", "10C JD QH")
    play(st, 0, "3S")  # seat 0 played: 2 cards left -> 2
    play(st, 1, "4S")  # seat 1 played: 2 cards with a 2 -> 2 + 5 = 7
    play(st, 2, "6S")
    pass_(st, 3)  # seat 3 never plays: cóng 15 + 5 = 20
    pass_(st, 4)  # seat 4 never plays: cóng 15
    pass_(st, 0)
    pass_(st, 1)
    play(st, 2, "KD KH")
    res = plugin.result(st)
    assert (res.winner, res.violations) == (2, ())
    assert res.payments == (-2, -7, 44, -20, -15)
    assert sum(res.payments) == 0


# ---------------------------------------------------------------- báo một


def test_bao_mot_den_covers_a_cong_loser() -> None:
    """Rules page, Báo một: a violator pays what every loser would have paid, a cóng
    loser's 15 included. Seat 1 holds one card; seat 0 (right before it) leads 3♠ though
    it holds K♦; seat 1 goes out: seat 0 pays its own 2 cards + seat 2's cóng 15 = 17,
    seat 2 pays nothing."""
    st = table("3S 9D KD", "5H", "4C 6C 7H")
    play(st, 0, "3S")
    play(st, 1, "5H")
    res = plugin.result(st)
    assert [(v.index, v.seat, v.rule) for v in res.violations] == [(0, 0, "bao-mot")]
    assert (res.winner, res.payments) == (1, (-17, 17, 0))


def test_bao_mot_highest_rank_of_a_lower_suit_is_no_violation() -> None:
    """Rules page, Báo một with Cards: the highest card is judged by rank only, so leading
    9♠ while also holding 9♥ is leading one's highest card."""
    st = table("3S 9S 9H", "5H", "4C 6C 7H")
    play(st, 0, "9S")
    assert not plugin.result(st).violations


def test_bao_mot_obliges_only_the_seat_right_before() -> None:
    """Rules page, Báo một: only the player right before the one-card player must stop a
    single; seat 0 leading a low single while seat 2 (not next) holds one card is fine."""
    st = table("3S 9D KD", "5H 6S 7C", "4C", "8C 8H 10S")
    play(st, 0, "3S")
    assert not plugin.result(st).violations


def test_bao_mot_beat_with_a_lower_card_is_a_violation_and_den() -> None:
    """Rules page, Báo một: when beating a single the player before the announced one must
    use their highest card. Seat 2 (before seat 0, who holds one card) beats 4♥ with 6♥
    although it holds Q♣; seat 0 then goes out: seat 2 pays everyone's due, its own 3
    cards + seat 1's 2 cards = 5, and seat 1 pays nothing."""
    st = table("3S KH", "4H 9D 10S", "5S 6H JD QC")
    play(st, 0, "3S")
    play(st, 1, "4H")
    play(st, 2, "6H")
    play(st, 0, "KH")
    res = plugin.result(st)
    assert [(v.index, v.seat) for v in res.violations] == [(2, 2)]
    assert (res.winner, res.payments) == (0, (5, 0, -5))


def test_bao_mot_two_players_pass_on_a_beatable_single() -> None:
    """Rules page, Báo một, two players: the opponent is both before and after the
    announced player; letting its single through while holding a higher card is a
    violation (the đền equals the normal payment at two players)."""
    st = table("3S 9D KD", "5H 6S")
    play(st, 0, "3S")
    play(st, 1, "5H")  # seat 1 is down to one card
    pass_(st, 0)  # K♦ would have beaten it
    play(st, 1, "6S")
    res = plugin.result(st)
    assert [(v.index, v.seat) for v in res.violations] == [(2, 0)]
    assert (res.winner, res.payments) == (1, (-2, 2))


# ---------------------------------------------------------------- báo Sâm


def test_sam_success_at_five_players_collects_eighty() -> None:
    """Rules page, Báo Sâm: on success each opponent pays the declarer 20 (4 × 20 = 80)."""
    st = table("KS KH AD", "3S 4C", "5C 6H", "7S 8H", "9C 10H")
    plugin.apply(st, Declare(0))
    play(st, 0, "KS KH")
    for seat in (1, 2, 3, 4):
        pass_(st, seat)
    play(st, 0, "AD")
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("sam-success", 0)
    assert res.payments == (80, -20, -20, -20, -20)


@pytest.mark.parametrize(
    ("variant", "n", "amount"),
    [
        ("standard", 2, 20),  # 20 × 1 opponent
        ("standard", 5, 80),  # 20 × 4 opponents
        ("five-players", 2, 40),  # 20 × 2 players
        ("five-players", 5, 100),  # 20 × 5 players
    ],
)
def test_sam_failure_payment_by_table_size(variant: str, n: int, amount: int) -> None:
    """Rules page, Báo Sâm and presets: a blocked declarer pays the blocker 20 × number
    of opponents, or 20 × number of players under five-players; nobody else pays (the
    a23 preset's đền làng is in tests/samloc/test_samloc_f8.py)."""
    hands = ["3S 9D", "4C 10H", "5C 6H", "7S 8H", "JC QH"][:n]
    st = table(*hands, variant=variant)
    plugin.apply(st, Declare(0))
    play(st, 0, "3S")
    play(st, 1, "10H")
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("sam-failed", 1)
    assert res.payments == (-amount, amount, *([0] * (n - 2)))


def test_sam_failed_by_a_higher_tu_quy_adds_no_chop() -> None:
    """Rules page, Báo Sâm: a chặt on the declarer (here a higher tứ quý on the declarer's
    tứ quý) fails the Sâm at once; only the Sâm failure is paid (3 × 20), not the 10 lá
    chop."""
    st = table("5S 5C 5D 5H 3D", "9S 9C 9D 9H 4D", "KD KH 4C", "7S 8H 10C")
    plugin.apply(st, Declare(0))
    play(st, 0, "5S 5C 5D 5H")
    play(st, 1, "9S 9C 9D 9H")
    res = plugin.result(st)
    assert (res.finished, res.outcome, res.winner) == (True, "sam-failed", 1)
    assert res.payments == (-60, 60, 0, 0)
    assert plugin.legal_actions(st) == []


def test_opponents_passing_do_not_fail_the_sam() -> None:
    """Rules page, Báo Sâm: only a beat fails the Sâm; after passes the declarer leads
    again and the game goes on."""
    st = table("3S 4C 5D 9H", "6S 7C", "8D 10C")
    plugin.apply(st, Declare(0))
    play(st, 0, "3S 4C 5D")
    pass_(st, 1)
    pass_(st, 2)
    res = plugin.result(st)
    assert not res.finished
    assert (st.turn, st.table) == (0, None)


def test_declarer_nearest_from_lowest_card_holder_counts() -> None:
    """Rules page, Báo Sâm: the first declarer in turn order counting from the seat that
    would otherwise lead (the lowest card's holder, here seat 2 with 3♠) counts: seats 0
    and 3 both declare, seat 3 is nearer from seat 2 and leads."""
    hands = (
        "4S 5C 6D 8S 9C JD QS KC 2D AH",
        "4C 5D 7S 8C 10D JS QC AS 2C KH",
        "3S 5S 6C 7D 9S 10C JC KD AC 3H",
        "4D 6S 7C 8D 9D 10S QD KS AD 2S",
    )
    masks = [CardSet.parse(h).mask for h in hands]
    assert plugin.choose_first(plugin.presets["standard"], masks, None) == 2
    st = deal10(*hands, first=2)
    assert not st.finished
    assert st.turn == 2
    plugin.apply(st, Declare(0))
    plugin.apply(st, Declare(3))
    assert (st.declarer, st.turn) == (3, 3)


# ---------------------------------------------------------------- tới trắng

DRAGON = "3C 4H 5D 6C 7S 8H 9D 10C JS QH"
FOUR_TWOS = "2S 2C 2D 2H 3H 5C 7C 9C KS KH"
RED = "3D 4D 5H 6H 7D 8D 9H 10H JD KD"
FOUR_TWOS_B = "2S 2C 2D 2H 3S 5C 7C 9C KS KH"
TRIPLES = "4S 4C 4D 6S 6H 6D 8S 8C 8D KH"
BLACK = "3S 3C 5S 5C 7S 9C 10S JC QS AC"


@pytest.mark.parametrize(
    ("low", "high", "code"),
    [
        (FOUR_TWOS, DRAGON, "dragon"),
        (RED, FOUR_TWOS_B, "four-twos"),
        (TRIPLES, BLACK, "one-colour"),
    ],
)
def test_instant_win_priority_beats_turn_order(low: str, high: str, code: str) -> None:
    """Rules page, Tới trắng: when two players qualify the higher hand wins
    (dragon > four-twos > one-colour > three-triples), even from the later seat; the
    winner collects 20 from the other player."""
    st = deal10(low, high, first=0)
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.instant_win) == ("instant-win", 1, code)
    assert res.payments == (-20, 20)


def test_instant_win_at_three_players_collects_from_each() -> None:
    """Rules page, Tới trắng: 20 lá from each other player (2 × 20 = 40), whatever they
    hold (standard: no extra for 2s)."""
    other = "3S 4S 5S 6S 7H 8C 9H 10S AS AD"
    third = "4C 5H 6D 7D 8S 9S JH QC QD 2S"
    st = deal10(DRAGON, other, third, first=1)
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.instant_win) == ("instant-win", 0, "dragon")
    assert res.payments == (40, -20, -20)


# ---------------------------------------------------------------- first lead


def test_first_game_lowest_dealt_card_leads_when_three_spades_is_out() -> None:
    """Rules page, Cards and table: in a first game the holder of the lowest card dealt
    leads; undealt cards do not count, and a tie on rank goes ♠ < ♣ < ♦ < ♥. With 3♠ and
    3♣ undealt, 3♦ (Bình) is lower than 3♥ (An)."""
    record = {
        "game": "samloc",
        "players": ["An", "Bình"],
        "hands": {
            "An": ["3H", "5S", "6C", "7D", "8H", "9S", "10C", "JD", "QH", "KS"],
            "Bình": ["3D", "4S", "5C", "6D", "7H", "9C", "10D", "JS", "QC", "AS"],
        },
        "actions": [{"player": "An", "play": ["3H"]}],
    }
    report = referee(plugin, record)
    assert report.legal is False
    assert report.error is not None
    assert (report.error.index, report.error.player, report.error.code) == (
        0,
        "An",
        "not-your-turn",
    )
    record["actions"] = [{"player": "Bình", "play": ["QC"]}, {"player": "An", "play": ["KS"]}]
    report = referee(plugin, record)
    assert (report.legal, report.finished, report.outcome) == (True, False, None)


# ---------------------------------------------------------------- referee and CLI

SAM_HANDS = {
    "An": ["3S", "4S", "5C", "5D", "7S", "9S", "JS", "QS", "KC", "2D"],
    "Bình": ["3H", "6S", "7C", "8D", "9H", "10S", "JC", "QD", "KH", "AS"],
    "Chi": ["4C", "4D", "6H", "7H", "8C", "10C", "JD", "QH", "AC", "2S"],
    "Dũng": ["3C", "4H", "6C", "6D", "7D", "9C", "10D", "KS", "AD", "2H"],
}


def sam_record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "samloc",
        "players": ["An", "Bình", "Chi", "Dũng"],
        "hands": SAM_HANDS,
        "actions": [
            {"player": "Bình", "declare": "sam"},
            {"player": "Bình", "play": ["6S", "7C", "8D", "9H", "10S", "JC", "QD", "KH", "AS"]},
            {"player": "Chi", "pass": True},
            {"player": "Dũng", "pass": True},
            {"player": "An", "pass": True},
            {"player": "Bình", "play": ["3H"]},
        ],
    }
    record.update(changes)
    return record


def test_referee_sam_success_times_the_bet() -> None:
    """DESIGN referee and rules page Báo Sâm: a successful Sâm, bet 2: each opponent pays
    20 × 2 = 40 (one ``sam`` transfer each); outcome sam-success, winner the declarer, no
    instant-win code."""
    report = referee(plugin, sam_record(bet=2))
    assert report.model_dump(mode="json", by_alias=True) == {
        "game": "samloc",
        "variant": "standard",
        "legal": True,
        "finished": True,
        "outcome": "sam-success",
        "winner": "Bình",
        "instant_win": None,
        "payments": {"An": -40, "Bình": 120, "Chi": -40, "Dũng": -40},
        "transfers": [
            {"from": who, "to": "Bình", "amount": 40, "reason": "sam"}
            for who in ("An", "Chi", "Dũng")
        ],
        "violations": [],
        "error": None,
    }


def test_referee_sam_failed_names_the_blocker_winner() -> None:
    """DESIGN referee: after a failed Sâm the winner is the blocker. Bình leads 6♠ as a
    single; Chi beats it with 7♥: Bình pays Chi 3 × 20 = 60 (five-players: 4 × 20 = 80)."""
    actions = [
        {"player": "Bình", "declare": "sam"},
        {"player": "Bình", "play": ["6S"]},
        {"player": "Chi", "play": ["7H"]},
    ]
    report = referee(plugin, sam_record(actions=actions))
    assert (report.outcome, report.winner, report.instant_win) == ("sam-failed", "Chi", None)
    assert report.payments == {"An": 0, "Bình": -60, "Chi": 60, "Dũng": 0}
    assert [(t.from_, t.to, t.amount, t.reason) for t in report.transfers] == [
        ("Bình", "Chi", 60, "den")
    ]
    report = referee(plugin, sam_record(actions=actions, variant="five-players"))
    assert report.payments == {"An": 0, "Bình": -80, "Chi": 80, "Dũng": 0}


def test_referee_act_after_sam_failed_is_illegal() -> None:
    """Rules page, Báo Sâm: the game ends the moment the Sâm fails, so a later action is
    illegal (legal false, error at its index), and the payments are still the failure's."""
    actions = [
        {"player": "Bình", "declare": "sam"},
        {"player": "Bình", "play": ["6S"]},
        {"player": "Chi", "play": ["7H"]},
        {"player": "Dũng", "play": ["KS"]},
    ]
    report = referee(plugin, sam_record(actions=actions))
    assert report.legal is False
    assert report.error is not None
    assert (report.error.index, report.error.player) == (3, "Dũng")
    assert (report.outcome, report.winner) == ("sam-failed", "Chi")


def _write(tmp_path: Path, record: dict[str, Any] | str) -> str:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return str(path)


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("VNCARDS_PLUGINS", "samloc")
    return CliRunner()


def test_cli_referee_exit_codes_for_samloc(runner: CliRunner, tmp_path: Path) -> None:
    """DESIGN referee: a legal record exits 0 with the JSON ruling; an illegal action exits
    1 with the error object; a deal with a card twice cannot be read: exit 2."""
    ok = runner.invoke(app, ["referee", _write(tmp_path, sam_record()), "--json"])
    assert ok.exit_code == 0, ok.output
    data = json.loads(ok.stdout)
    assert (data["outcome"], data["winner"], data["payments"]["Bình"]) == (
        "sam-success",
        "Bình",
        60,
    )
    late = sam_record(
        actions=[{"player": "An", "play": ["3S"]}, {"player": "Bình", "declare": "sam"}]
    )
    bad = runner.invoke(app, ["referee", _write(tmp_path, late), "--json"])
    assert bad.exit_code == 1
    data = json.loads(bad.stdout)
    assert data["legal"] is False
    assert data["error"]["index"] == 1
    assert data["error"]["player"] == "Bình"
    assert data["error"]["code"] == "declare-after-play"
    twice = sam_record()
    twice["hands"] = {**SAM_HANDS, "An": [*SAM_HANDS["An"][:9], "3H"]}
    unread = runner.invoke(app, ["referee", _write(tmp_path, twice), "--json"])
    assert unread.exit_code == 2


def test_cli_classify_uses_the_rules_page_codes(runner: CliRunner) -> None:
    """DESIGN classify and rules page Combinations: codes single, pair, triple, quad,
    straight; a pair run is no combination in Sâm."""
    cases = {
        ("9S",): "single",
        ("9S", "9H"): "pair",
        ("9S", "9H", "9D"): "triple",
        ("9S", "9H", "9D", "9C"): "quad",
        ("9S", "10H", "JD"): "straight",
        ("3S", "3H", "4S", "4H", "5S", "5H"): None,
        ("KS", "AH", "2D"): None,
    }
    for cards, code in cases.items():
        out = runner.invoke(app, ["classify", "samloc", *cards, "--json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.stdout)["combo"] == code


def test_cli_beats_chop_and_non_chop(runner: CliRunner) -> None:
    """DESIGN beats and rules page Chặt: four 5s over a single 2 beats and is a chop; over
    a pair of 2s it does not beat; 9♥ over 9♠ does not beat."""
    cases = [
        ("2S", "5S 5C 5D 5H", {"beats": True, "chop": True}),
        ("2S 2H", "5S 5C 5D 5H", {"beats": False, "chop": False}),
        ("9S", "9H", {"beats": False, "chop": False}),
        ("9S", "10H", {"beats": True, "chop": False}),
    ]
    for over, cards, expected in cases:
        out = runner.invoke(app, ["beats", "samloc", "--over", over, "--play", cards, "--json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.stdout) == expected


def test_cli_moves_over_a_two_are_only_the_tu_quy(runner: CliRunner) -> None:
    """DESIGN moves and rules page Chặt: over a single 2 the only legal plays are the
    hand's tứ quý (no single beats a 2, not even another 2)."""
    out = runner.invoke(
        app, ["moves", "samloc", "--hand", "5S 5C 5D 5H 2H AS KH", "--over", "2S", "--json"]
    )
    assert out.exit_code == 0, out.output
    moves = json.loads(out.stdout)["moves"]
    assert [(m["combo"], sorted(m["cards"])) for m in moves] == [
        ("quad", sorted(["5S", "5C", "5D", "5H"]))
    ]


def test_cli_deal_ten_each_and_player_ranges(runner: CliRunner) -> None:
    """Rules page, Cards and presets: 10 cards each from one 52-card deck, 2–5 players
    (a23: 2–4); the same seed gives the same deal."""
    out = runner.invoke(app, ["deal", "samloc", "--players", "5", "--seed", "9", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    hands = list(data["hands"].values())
    assert len(hands) == 5
    assert all(len(h) == 10 for h in hands)
    assert len({c for h in hands for c in h}) == 50
    again = runner.invoke(app, ["deal", "samloc", "--players", "5", "--seed", "9", "--json"])
    assert json.loads(again.stdout) == data
    a23 = runner.invoke(
        app, ["deal", "samloc", "--variant", "a23", "--players", "5", "--seed", "9", "--json"]
    )
    assert a23.exit_code == 2
    six = runner.invoke(app, ["deal", "samloc", "--players", "6", "--seed", "9", "--json"])
    assert six.exit_code == 2


def test_cli_games_and_rules_show_the_presets_and_prices(runner: CliRunner) -> None:
    """Rules page, presets and Chặt/Settlement/Báo Sâm/Tới trắng numbers: standard is the
    default (2–5 players), a23 seats 2–4, five-players 2–5; the standard prices are a
    chopped 2 15, a chopped tứ quý 10, a held 2 5, cóng 15, Sâm 20, tới trắng 20; thối 2
    forbidden and the lowest card leading are the defaults; five-players bases a failed
    Sâm on players and keeps tới trắng to a match's first game."""
    out = runner.invoke(app, ["games", "--json"])
    assert out.exit_code == 0, out.output
    (game,) = [g for g in json.loads(out.stdout)["games"] if g["name"] == "samloc"]
    assert game["default_preset"] == "standard"
    assert {p["name"]: tuple(p["players"]) for p in game["presets"]} == {
        "standard": (2, 5),
        "a23": (2, 4),
        "five-players": (2, 5),
    }
    out = runner.invoke(app, ["rules", "samloc", "--json"])
    assert out.exit_code == 0, out.output
    rules = json.loads(out.stdout)["rules"]
    assert {
        k: rules[k]
        for k in (
            "chop_two",
            "chop_quad",
            "held_two",
            "cong",
            "sam",
            "instant_win",
            "finish_on_two",
            "first_lead",
            "straight_order",
            "sam_failure_basis",
        )
    } == {
        "chop_two": 15,
        "chop_quad": 10,
        "held_two": 5,
        "cong": 15,
        "sam": 20,
        "instant_win": 20,
        "finish_on_two": "forbidden",
        "first_lead": "lowest-card",
        "straight_order": "standard",
        "sam_failure_basis": "opponents",
    }
    out = runner.invoke(app, ["rules", "samloc", "--variant", "five-players", "--json"])
    differs = json.loads(out.stdout)["differs_from_default"]
    assert differs == {"sam_failure_basis": "players", "instant_wins_first_game_only": True}


def test_cli_rules_a23_shows_the_f8_payment_table(runner: CliRunner) -> None:
    """Rules page, presets: the defaults are ``sam_failure_payee = blocker`` and
    ``chop_chain = accumulate``; ``vncards rules samloc --variant a23`` shows the f8
    table's đền làng, flat 15 per chặt chồng, held tứ quý and 2-3-4 straights."""
    out = runner.invoke(app, ["rules", "samloc", "--json"])
    assert out.exit_code == 0, out.output
    rules = json.loads(out.stdout)["rules"]
    assert (rules["sam_failure_payee"], rules["chop_chain"], rules["chop_chain_step"]) == (
        "blocker",
        "accumulate",
        15,
    )
    out = runner.invoke(app, ["rules", "samloc", "--variant", "a23", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["differs_from_default"] == {
        "max_players": 4,
        "straight_order": "a23",
        "held_quad": 10,
        "instant_win_counts_held": True,
        "sam_failure_payee": "everyone",
        "chop_chain": "flat",
    }
    text = runner.invoke(app, ["rules", "samloc", "--variant", "a23"])
    assert "sam_failure_payee" in text.stdout
    assert "'everyone' (≠ default)" in text.stdout
