"""Sâm Lốc play: combinations, rank-only comparison, straights per preset, chặt and
chặt chồng, pass lock-out, thối 2, who leads, matches.

Sources: the project's Sâm rules page (docs/rules/samloc.md) and the seeds it follows
(samloc-gamevh for ``standard``, samloc-f8 for ``a23``, samloc-online for ``five-players``).
"""

from __future__ import annotations

import pytest
from vncards.core import (
    CardSet,
    ClimbState,
    IllegalMove,
    Pass,
    Play,
    RandomBot,
    classify,
    play_match,
    resolve_rules,
)
from vncards.samloc import SamState, plugin, sam_combo_rules

from tests.samloc._positions import deal_table, pass_, play


def refused(state: ClimbState, seat: int, cards: str) -> str:
    with pytest.raises(IllegalMove) as info:
        play(state, seat, cards)
    return info.value.code


def kind(cards: str, variant: str = "standard") -> str | None:
    combo = classify(CardSet.parse(cards).mask, sam_combo_rules(plugin.presets[variant]))
    return None if combo is None else combo.kind.code


# ---------------------------------------------------------------- combinations


def test_suits_never_decide_single() -> None:
    """Rank only (gamevh): 9♥ does not beat 9♠, while 10♣ beats 9♥."""
    st = deal_table("9S 3H 4D", "9H 10C 5D")
    play(st, 0, "9S")
    assert refused(st, 1, "9H") == "does-not-beat"
    play(st, 1, "10C")


def test_suits_never_decide_pair() -> None:
    """Rank only (gamevh FAQ): a pair of 8s does not beat another pair of 8s."""
    st = deal_table("8S 8C 3H", "8D 8H 4S 9D")
    play(st, 0, "8S 8C")
    assert refused(st, 1, "8D 8H") == "does-not-beat"


def test_no_pair_run_in_sam() -> None:
    """No đôi thông in Sâm (rules page): 3-3-4-4-5-5 is not a combination."""
    assert kind("3S 3H 4S 4H 5S 5H") is None


def test_a_single_never_beats_a_pair() -> None:
    """Same type and size to beat (gamevh): an A does not beat a pair of 8s."""
    st = deal_table("8S 8C 3H", "AD 4H 4S")
    play(st, 0, "8S 8C")
    assert refused(st, 1, "AD") == "does-not-beat"


@pytest.mark.parametrize("cards", ["KS AH 2D", "AS 2H 3D", "2S 3H 4D"])
def test_standard_straights_exclude_two(cards: str) -> None:
    """Standard (gamevh table): K-A-2, A-2-3 and 2-3-4 are not straights."""
    assert kind(cards) is None


def test_standard_straight_mixed_suits() -> None:
    """gamevh: 5-6-7-8 of mixed suits is a straight; 5-6-8-9 is not."""
    assert kind("5S 6H 7D 8C") == "straight"
    assert kind("5S 6H 8D 9C") is None


def test_a23_order_low_to_high() -> None:
    """a23 (f8): A-2-3 < 2-3-4 < 3-4-5 < … < Q-K-A."""
    st = deal_table(
        "AS 2S 3S 9H", "2H 3H 4H 9S", "3D 4D 5D 9C", "QC KC AC 10H", first=0, variant="a23"
    )
    play(st, 0, "AS 2S 3S")
    play(st, 1, "2H 3H 4H")
    play(st, 2, "3D 4D 5D")
    play(st, 3, "QC KC AC")


def test_a23_king_ace_two_is_not_a_straight() -> None:
    """a23 (f8): K-A-2 does not exist."""
    assert kind("KS AH 2D", "a23") is None


def test_a23_lowest_straight_loses_to_q_k_a() -> None:
    """a23 (f8): Q-K-A is the highest three-card straight, so A-2-3 cannot beat it."""
    st = deal_table("QC KC AD 9H", "AS 2S 3S 9D", variant="a23")
    play(st, 0, "QC KC AD")
    assert refused(st, 1, "AS 2S 3S") == "does-not-beat"


def test_ten_card_straight_is_a_combination() -> None:
    """Rules page: a straight of all 10 cards is possible (3…Q up to 5…A)."""
    assert kind("3S 4H 5D 6C 7S 8H 9D 10C JS QH") == "straight"
    assert kind("5S 6H 7D 8C 9S 10H JD QC KS AH") == "straight"
    assert kind("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H", "a23") == "straight"


# ---------------------------------------------------------------- chặt


def test_quad_chops_single_two_and_pays_fifteen() -> None:
    """Chặt (rules page): a tứ quý beats a single 2; the chopped 2 costs 15 lá."""
    st = deal_table("2S 3H 9D", "5S 5C 5D 5H 9S", "KD KH 4C")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    pass_(st, 2)
    pass_(st, 0)  # round over: the chain settles
    assert plugin.result(st).payments == (-15, 15, 0)


def test_each_quad_of_a_hand_is_offered_against_a_single_two() -> None:
    """Chặt (rules page): a hand with two tứ quý may chop a single 2 with either; both are
    offered, each as its own four cards, beside nothing else (no card beats a 2)."""
    st = deal_table("2S 3H 10D", "5S 5C 5D 5H 9S 9C 9D 9H JC", "KD KH 4C")
    play(st, 0, "2S")
    offered = {str(CardSet(a.cards)) for a in plugin.legal_actions(st) if isinstance(a, Play)}
    assert offered == {"5S 5C 5D 5H", "9S 9C 9D 9H"}


def test_quad_cannot_chop_pair_of_twos() -> None:
    """Chặt (f8): one tứ quý beats one 2 only, never a pair of 2s."""
    st = deal_table("2S 2H 9D", "5S 5C 5D 5H 9S")
    play(st, 0, "2S 2H")
    assert refused(st, 1, "5S 5C 5D 5H") == "does-not-beat"


def test_quad_does_not_chop_an_ace() -> None:
    """Chặt (rules page): only a 2 may be chopped by a tứ quý, not an A."""
    st = deal_table("AS 3H 9D", "5S 5C 5D 5H 9S")
    play(st, 0, "AS")
    assert refused(st, 1, "5S 5C 5D 5H") == "does-not-beat"


def test_chat_chong_last_victim_pays_whole_chain() -> None:
    """Chặt chồng (rules page): A's 2 chopped by B's 5s, B's 5s by C's 9s: B pays C
    15 + 10 = 25 when the round ends; A pays nothing."""
    st = deal_table("2S 3H 8D", "5S 5C 5D 5H 8S", "9S 9C 9D 9H 4C", "KD KH 4S")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    play(st, 2, "9S 9C 9D 9H")
    assert plugin.result(st).payments == (0, 0, 0, 0)  # chain open: unpaid
    pass_(st, 3)
    pass_(st, 0)
    pass_(st, 1)
    assert plugin.result(st).payments == (0, -25, 25, 0)
    assert plugin.game_stats(st)["chops"] == 2


def test_higher_quad_chops_quad_pays_ten() -> None:
    """Chặt (rules page): a higher tứ quý beats a tứ quý; the chopped one costs 10 lá."""
    st = deal_table("6S 6C 6D 6H 3H", "JS JC JD JH 3S", "KD KH 4S")
    play(st, 0, "6S 6C 6D 6H")
    play(st, 1, "JS JC JD JH")
    pass_(st, 2)
    pass_(st, 0)
    assert plugin.result(st).payments == (-10, 10, 0)


# ---------------------------------------------------------------- rounds


def test_pass_locks_out_gamevh_pair_example() -> None:
    """gamevh: A pair 5s, B pair 7s, C passes, D pair 9s, A and B pass → D leads;
    C may not come back with a pair of Ks in that round."""
    st = deal_table("5S 5C 3H", "7S 7C 3D", "KS KC 4H", "9S 9C 4D")
    play(st, 0, "5S 5C")
    play(st, 1, "7S 7C")
    pass_(st, 2)
    play(st, 3, "9S 9C")
    assert Play(2, CardSet.parse("KS KC").mask) not in plugin.legal_actions(st)
    pass_(st, 0)
    assert refused(st, 2, "KS KC") == "not-your-turn"
    pass_(st, 1)
    assert st.turn == 3
    assert st.table is None
    play(st, 3, "4D")


def test_leader_may_not_pass() -> None:
    """Rounds (rules page): the leader plays anything; only followers pass."""
    st = deal_table("5S 3H", "7S 3D")
    with pytest.raises(IllegalMove) as info:
        pass_(st, 0)
    assert info.value.code == "cannot-pass-lead"


# ---------------------------------------------------------------- thối 2


def test_finish_on_two_forbidden() -> None:
    """Thối 2 (gamevh, rules page default): a play that empties the hand and holds a 2
    is illegal, and is not offered."""
    st = deal_table("9S 9C 3H", "2S 4D", "KS KH 5C")
    play(st, 0, "3H")
    assert Play(1, CardSet.parse("2S").mask) in plugin.legal_actions(st)
    play(st, 1, "4D")
    pass_(st, 2)
    pass_(st, 0)
    # seat 1 leads with a lone 2: every lead would go out on a 2, so it leaves play
    assert st.turn == 2
    assert plugin.game_stats(st)["thoi_2"] == 1


def test_lone_two_responder_cannot_go_out() -> None:
    """Thối 2: a player holding only a 2 may not beat a single with it."""
    st = deal_table("3H 4S KD", "2S", "5C 6D", no_instant=True)
    play(st, 0, "3H")
    assert refused(st, 1, "2S") == "finish-on-two"
    assert plugin.legal_actions(st) == [Pass(1)]


def test_pair_of_twos_may_not_go_out() -> None:
    """Thối 2: two 2s as the last two cards may not go out as a pair."""
    st = deal_table("2S 2H", "5C 6D KH")
    assert refused(st, 0, "2S 2H") == "finish-on-two"
    play(st, 0, "2S")  # one 2 at a time is fine while another card stays


def test_stuck_players_make_a_draw_when_nobody_can_go_out() -> None:
    """Thối 2 (our decision): when every seat still in play holds a lone 2, nobody
    can ever go out, so the game ends as a draw; only settled chops are paid."""
    st = deal_table("2S 3H", "2H 4C")
    play(st, 0, "3H")
    play(st, 1, "4C")
    pass_(st, 0)
    res = plugin.result(st)
    assert res.finished
    assert res.outcome == "draw"
    assert res.winner is None
    assert res.payments == (0, 0)


def test_finish_on_two_loses_play_goes_on() -> None:
    """Thối 2 with ``finish_on_two=loses``: going out on a 2 is allowed but ranks the
    player a loser who pays as if still holding that last play (2 + 5 = 6 lá);
    the others play on."""
    st = deal_table("3H 2S", "5C 6D KH", "4S 9D 9H", finish_on_two="loses")
    play(st, 0, "3H")
    pass_(st, 1)
    pass_(st, 2)
    play(st, 0, "2S")
    assert not st.finished
    pass_(st, 1)
    pass_(st, 2)
    assert st.turn == 1
    play(st, 1, "5C")
    pass_(st, 2)
    play(st, 1, "6D")
    play(st, 2, "9D")  # seat 1 is down to one card: seat 2 answers with its highest
    pass_(st, 1)
    play(st, 2, "9H")  # and leads its highest single
    play(st, 1, "KH")
    res = plugin.result(st)
    # seat 1 went out: seat 0 pays 1 + 5 = 6, seat 2 holds 4S: 1
    assert res.outcome == "win"
    assert res.winner == 1
    assert res.payments == (-6, 7, -1)


def test_finish_on_two_loses_last_player_standing_wins() -> None:
    """``finish_on_two=loses`` with two players: when one goes out on a 2 the other is
    the only one left and wins."""
    st = deal_table("3H 2S", "5C 6D KH", finish_on_two="loses")
    play(st, 0, "3H")
    pass_(st, 1)
    play(st, 0, "2S")
    res = plugin.result(st)
    assert res.winner == 1
    assert res.payments == (-6, 6)


# ---------------------------------------------------------------- who leads


def test_lowest_card_leads_first_game() -> None:
    """First lead (rules page): the holder of the lowest card; ties on rank ♠<♣<♦<♥."""
    rules = plugin.presets["standard"]
    hands = [CardSet.parse(h).mask for h in ("3H 9S", "3C KD", "4S 5H")]
    assert plugin.choose_first(rules, hands, None) == 1


def test_first_play_need_not_hold_lowest_card() -> None:
    """Rules page: the first play may be any combination."""
    st = deal_table("3S 9S 9H", "4C KD")
    play(st, 0, "9S 9H")


def test_random_first_lead_needs_seed() -> None:
    """``first_lead=random`` (gamevh): a seeded draw; without a seed nobody is chosen."""
    rules = resolve_rules(plugin, None, {"first_lead": "random"})
    hands = [CardSet.parse(h).mask for h in ("3H 9S", "3C KD", "4S 5H")]
    assert plugin.choose_first(rules, hands, None) is None
    seats = {plugin.choose_first(rules, hands, seed) for seed in range(40)}
    assert seats == {0, 1, 2}


def test_match_previous_winner_leads() -> None:
    """Matches (f8, gamevh): from the second game the previous winner leads."""
    bots = [RandomBot(i, decline=1.0) for i in range(4)]
    match = play_match(plugin, plugin.presets["standard"], 4, 5, 11, bots)
    for prev, game in zip(match.games, match.games[1:], strict=False):
        winner = plugin.result(prev.final).winner
        if winner is not None:
            start = game.start
            assert isinstance(start, SamState)
            assert start.first == winner
            assert start.later is True
    assert sum(match.totals) == 0
