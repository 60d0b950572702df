"""Settlement, báo một (đền) and tới trắng.

Sources: the rules page (docs/rules/samloc.md); samloc-f8 (scoring table: 2s and tứ quý
left in hand add to what a loser pays, also at ăn trắng; báo một đền "the total of every
player's cards left plus 2s and tứ quý"); samloc-gamevh (tới trắng list and the FAQ
"three triples are checked before five pairs"); samloc-online (tới trắng only in a
match's first game).
"""

from __future__ import annotations

import pytest
from vncards.core import CardSet, Declare, play_game, resolve_rules
from vncards.samloc import SamState, instant_win_code, plugin

from tests.samloc._positions import deal_table, pass_, play

# ---------------------------------------------------------------- normal end


def test_losers_pay_cards_left_plus_five_per_two() -> None:
    """Settlement (rules page): each loser pays cards left + 5 per held 2.
    Seat 2 goes out; seat 0 holds 3 cards: 3; seat 1 holds 4 cards with one 2: 4 + 5 = 9."""
    st = deal_table("3S 4H 5D 9S", "6S 2H 9D 10C KD", "7C 8H 8D QD")
    play(st, 0, "9S")
    play(st, 1, "10C")
    play(st, 2, "QD")
    pass_(st, 0)
    pass_(st, 1)
    play(st, 2, "7C")
    pass_(st, 0)
    pass_(st, 1)
    play(st, 2, "8H 8D")
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("win", 2, (-3, -9, 12))


def test_cong_pays_fifteen_plus_twos() -> None:
    """Cóng (rules page): a loser who never played pays 15 + 5 per held 2 instead of the
    cards left; a loser who played pays the cards left (+ 5 per 2).
    Seat 1 played: 4 cards (2H 2D 9C KD) + 2 × 5 = 14; seat 2 cóng: 15."""
    st = deal_table("3S 4H 8D 8S 10S", "6S 2H 2D 9C KD", "7C 8H QD")
    play(st, 0, "3S")
    play(st, 1, "6S")
    pass_(st, 2)
    play(st, 0, "10S")
    pass_(st, 1)
    play(st, 0, "8D 8S")
    pass_(st, 1)
    pass_(st, 2)
    play(st, 0, "4H")
    res = plugin.result(st)
    assert (res.winner, res.payments) == (0, (29, -14, -15))
    assert plugin.game_stats(st)["cong"] == 1


def test_chops_add_to_settlement() -> None:
    """Settlement (rules page): chop payments made during the game are added."""
    st = deal_table("2S 3H 9D", "5S 5C 5D 5H 9S 4C", "KD KH 4S")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    pass_(st, 2)
    pass_(st, 0)
    play(st, 1, "9S")
    pass_(st, 2)
    pass_(st, 0)
    play(st, 1, "4C")
    res = plugin.result(st)
    # chop: seat 0 pays 15; end: seat 0 holds 2 cards, seat 2 cóng 15
    assert res.payments == (-17, 32, -15)


@pytest.mark.parametrize(
    ("variant", "expected"), [("a23", (40, -15, -25)), ("standard", (20, -5, -15))]
)
def test_held_quad_adds_ten_under_a23(variant: str, expected: tuple[int, ...]) -> None:
    """a23 (f8 scoring table "+ 2 + tứ quý"): a loser still holding a tứ quý pays 10 more.
    Seat 1 played and holds 7♠7♣7♦7♥ K♦: 5 (+ 10 under a23); seat 2 never played and
    holds a tứ quý of Js: cóng 15 (+ 10 under a23)."""
    st = deal_table("3S 4H 9D", "6S 7S 7C 7D 7H KD", "JS JC JD JH 8H", variant=variant)
    play(st, 0, "3S")
    play(st, 1, "6S")
    pass_(st, 2)
    play(st, 0, "9D")
    pass_(st, 1)
    play(st, 0, "4H")
    res = plugin.result(st)
    assert (res.winner, res.payments) == (0, expected)


# ---------------------------------------------------------------- báo một


def test_bao_mot_lead_must_be_highest_single() -> None:
    """Báo một (rules page, gamevh): with the next player down to one card, leading a
    single lower than one's highest card is a violation; the announced player goes out,
    so the violator (seat 0) pays what every loser owes: its 9♦ (1) + seat 2's 8♥ Q♦ (2)."""
    st = deal_table("3S 4H 9D KD", "5S 6H", "7C 8H QD")
    play(st, 0, "3S")
    play(st, 1, "5S")  # seat 1 now holds one card; seat 0 sits right before it
    play(st, 2, "7C")
    play(st, 0, "KD")  # beats with its highest: fine
    pass_(st, 1)
    pass_(st, 2)
    play(st, 0, "4H")  # leads a low single although 9♦ is higher: violation
    play(st, 1, "6H")
    res = plugin.result(st)
    assert [(v.index, v.seat, v.rule) for v in res.violations] == [(6, 0, "bao-mot")]
    assert (res.winner, res.payments) == (1, (-3, 3, 0))
    assert plugin.game_stats(st)["bao_mot_violations"] == 1


def test_bao_mot_highest_single_is_no_violation() -> None:
    """Báo một: leading one's highest single is what the rule asks; nobody is penalised."""
    st = deal_table("3S 4H 9D KD", "5S 6H", "7C 8H QD")
    play(st, 0, "3S")
    play(st, 1, "5S")
    play(st, 2, "7C")
    play(st, 0, "KD")
    pass_(st, 1)
    pass_(st, 2)
    play(st, 0, "9D")
    pass_(st, 1)
    play(st, 2, "QD")  # seat 0 now holds one card: seat 2 beats with its highest
    pass_(st, 0)  # seat 1 passed this round already, so the round ends
    play(st, 2, "8H")
    res = plugin.result(st)
    assert not res.violations
    assert (res.winner, res.payments) == (2, (-1, -1, 2))


def test_bao_mot_violation_and_den() -> None:
    """Báo một đền (f8, rules page): seat 2 sits before seat 0, who holds one card; seat 2
    answers and then leads with low singles instead of its highest, and seat 0 goes out:
    seat 2 pays what every loser owes (seat 1: 2 cards, seat 2: 2 cards = 4), seat 1
    pays nothing."""
    st = deal_table("3S KH", "4H 9D 10S", "5S 6H JD QC")
    play(st, 0, "3S")  # seat 0 is down to one card
    play(st, 1, "4H")
    play(st, 2, "JD")  # seat 2 answers with J although Q is its highest: violation
    pass_(st, 0)
    pass_(st, 1)
    play(st, 2, "5S")  # seat 2 leads a low single: violation again
    play(st, 0, "KH")
    res = plugin.result(st)
    assert [(v.index, v.seat) for v in res.violations] == [(2, 2), (5, 2)]
    assert res.payments == (4, 0, -4)


def test_bao_mot_pass_when_able_is_a_violation() -> None:
    """Báo một (f8: "must block by every means"): passing on a single that one's highest
    card beats, while the next player holds one card, is a violation."""
    st = deal_table("3S KH", "4H 9D 10S", "5S 6H JD QC")
    play(st, 0, "3S")
    play(st, 1, "4H")
    pass_(st, 2)
    res = plugin.result(st)
    assert [(v.index, v.seat) for v in res.violations] == [(2, 2)]


def test_bao_mot_multi_card_lead_is_fine() -> None:
    """Báo một (rules page): leading a combination of several cards is allowed."""
    st = deal_table("3S KH", "4H 9D 10S", "5S 5H JD QC")
    play(st, 0, "3S")
    pass_(st, 1)
    play(st, 2, "QC")  # highest: fine
    pass_(st, 0)  # seat 1 is locked out: the round ends
    play(st, 2, "5S 5H")
    assert not plugin.result(st).violations


def test_bao_mot_no_den_when_announced_does_not_win() -> None:
    """Báo một: the violation is listed, but đền applies only if the announced player
    then goes out; here seat 2 wins and everyone pays their own."""
    st = deal_table("3S 4D", "4H 9S", "5S 6H QC")
    play(st, 0, "3S")  # seat 0 announced
    play(st, 1, "4H")
    play(st, 2, "5S")  # seat 2 is right before seat 0: should beat with Q
    pass_(st, 0)
    pass_(st, 1)
    play(st, 2, "QC")
    pass_(st, 0)
    pass_(st, 1)
    play(st, 2, "6H")
    res = plugin.result(st)
    assert res.winner == 2
    assert len(res.violations) == 1
    assert res.payments == (-1, -1, 2)


def test_bao_mot_does_not_apply_during_sam() -> None:
    """Báo Sâm (rules page: "no other penalties"): báo một is not judged in a Sâm game;
    seat 2 passes on the declarer's single although its A beats it."""
    st = deal_table(
        "3S 4C 5D 6S 7C 8D 9S 10C 5H QD",
        "3C 4H 6C 6D 7D 9C 10D KS AD 2S",
        "4D 5C 7H JC JH QS AC KD 2C 8H",
    )
    plugin.apply(st, Declare(0))
    play(st, 0, "3S 4C 5D 6S 7C 8D 9S 10C")
    pass_(st, 1)
    pass_(st, 2)
    play(st, 0, "5H")
    pass_(st, 1)
    pass_(st, 2)
    play(st, 0, "QD")
    res = plugin.result(st)
    assert res.outcome == "sam-success"
    assert not res.violations


# ---------------------------------------------------------------- tới trắng

TEN_STRAIGHT = "3S 4H 5D 6C 7S 8H 9D 10C JS QH"
PAIRS = "3C 3D 5S 5H 7C 7D 9S 9H JC JD"
TRIPLES = "4S 4C 4D 6S 6H 6D 8S 8C 8D KH"
FILLER = "10S 10H QS KS AS AH 2S 2H 4H 6C"
FILLER2 = "5C 10D QC QD KC KD AC AD 2C 2D"


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        (TEN_STRAIGHT, "dragon"),
        ("2S 2C 2D 2H 3S 5H 7D 9C JS KH", "four-twos"),
        ("3D 5D 7H 9H JH KD 4H 6H 8D 10D", "one-colour"),
        ("3S 5C 7S 9C JS KC 4S 6C 8S 10C", "one-colour"),
        (TRIPLES, "three-triples"),
        ("4S 4C 4D 4H 6S 6H 6D 8S 8C 8D", "three-triples"),
        (PAIRS, "five-pairs"),
        ("4S 4C 4D 4H 6S 6H 8D 8S 10C 10D", "five-pairs"),
        ("3S 3H 5D 5C 7S 7H 9D 9C JS QH", None),
    ],
)
def test_instant_win_codes(hand: str, code: str | None) -> None:
    """Tới trắng (rules page, gamevh): dragon, four 2s, one colour, three triples (a tứ
    quý counts as one), five pairs (a tứ quý counts as two)."""
    assert instant_win_code(CardSet.parse(hand).mask, plugin.presets["standard"]) == code


def test_a23_dragon_with_ace_two_three() -> None:
    """Tới trắng under a23 (f8): A-2-3-…-10 is a 10-card straight only there."""
    hand = CardSet.parse("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H").mask
    assert instant_win_code(hand, plugin.presets["a23"]) == "dragon"
    assert instant_win_code(hand, plugin.presets["standard"]) is None


def test_three_triples_beat_five_pairs_gamevh_faq() -> None:
    """gamevh FAQ: one player has five pairs, another three triples: three triples win,
    whoever sits first. The winner collects 20 from each other player."""
    rules = plugin.presets["standard"]
    hands = [CardSet.parse(h).mask for h in (PAIRS, TRIPLES, FILLER, FILLER2)]
    st = plugin.start(rules, hands, 0)
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.instant_win) == ("instant-win", 1, "three-triples")
    assert res.payments == (-20, 60, -20, -20)
    assert plugin.legal_actions(st) == []
    assert plugin.decision(st) is None


def test_same_instant_win_earliest_from_first_player() -> None:
    """Tới trắng priority ties: earliest in turn order counting from the first player."""
    rules = plugin.presets["standard"]
    other_pairs = "4S 4C 6S 6C 8H 8D 10S 10H QS QH"
    rest = "KS KH AS AH 2S 2H 3H 4D 7H 9D"
    hands = [CardSet.parse(h).mask for h in (PAIRS, FILLER2, other_pairs, rest)]
    assert plugin.result(plugin.start(rules, hands, 0)).winner == 0
    assert plugin.result(plugin.start(rules, hands, 1)).winner == 2


def test_a23_instant_win_counts_held_twos_and_quads() -> None:
    """a23 (f8: "Ăn trắng: 20 lá each + 2 + tứ quý"): losers also pay 5 per 2 and 10 per
    tứ quý they hold. Seat 2 holds two 2s: 30; seat 3 holds two 2s: 30; seat 0: 20."""
    rules = plugin.presets["a23"]
    hands = [CardSet.parse(h).mask for h in (PAIRS, TRIPLES, FILLER, FILLER2)]
    res = plugin.result(plugin.start(rules, hands, 0))
    assert res.payments == (-20, 80, -30, -30)


def test_five_players_instant_win_only_in_first_game() -> None:
    """five-players (online): tới trắng counts only in a match's first game."""
    rules = plugin.presets["five-players"]
    hands = [CardSet.parse(h).mask for h in (PAIRS, TRIPLES, FILLER, FILLER2)]
    assert plugin.start(rules, hands, 0).finished
    assert not plugin.start(rules, hands, 0, later=True).finished
    assert plugin.start(plugin.presets["standard"], hands, 0, later=True).finished


def test_instant_win_checked_before_declarations() -> None:
    """Rules page: tới trắng is checked before any Sâm declaration; none can follow."""
    rules = plugin.presets["standard"]
    hands = [CardSet.parse(h).mask for h in (PAIRS, TRIPLES, FILLER, FILLER2)]
    st = plugin.start(rules, hands, 0)
    assert not [a for a in plugin.legal_actions(st) if isinstance(a, Declare)]


def test_cong_is_counted_only_in_games_won_by_play() -> None:
    """Cóng (rules page) exists only when a player wins by playing out: an instant win,
    a Sâm (won or failed) or a draw counts none. Over seeded games of every preset, the
    cóng count of the statistics is the number of losers the result makes pay the cóng
    price."""
    seen: set[str] = set()
    for preset in plugin.presets:
        rules = resolve_rules(plugin, preset)
        for k in range(40):
            bots = [plugin.bots["sam" if k % 4 == 0 else "random"](k * 4 + s) for s in range(4)]
            game = play_game(plugin, plugin.new_game(rules, 4, 500 + k), bots)
            res = plugin.result(game.final)
            seen.add(str(res.outcome))
            cong = plugin.game_stats(game.final)["cong"]
            if res.outcome != "win":
                assert cong == 0
                continue
            final = game.final
            assert isinstance(final, SamState)
            thoi = {s for s, _ in final.thoi}
            never_played = [
                s
                for s in range(4)
                if s != res.winner and not game.final.played >> s & 1 and s not in thoi
            ]
            assert cong == len(never_played)
    assert {"win", "sam-success"} <= seen or {"win", "sam-failed"} <= seen
