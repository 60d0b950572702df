"""Sâm Lốc rules pinned where mutation testing of ``samloc/_engine.py`` and
``samloc/_game.py`` found them unchecked: báo một across seats that are out, thối 2
with several stuck leaders, chop prices on an engine built fresh (the plugin caches its
engines), the answers offered to a single, declarations and the counts of ``game_stats``.

Every expected payment is worked out by hand from the rules page (docs/rules/samloc.md),
with the standard preset: a card left 1 lá, a 2 held 5 more, cóng 15, chặt 2 15 lá,
chặt tứ quý 10 lá, Sâm 20.
"""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    CardSet,
    ClimbState,
    Declare,
    IllegalMove,
    random_first,
    resolve_rules,
)
from vncards.samloc import SamEngine, SamState, plugin
from vncards.samloc._engine import next_active
from vncards.samloc._game import SamLoc
from vncards.samloc._hands import instant_win_code

from tests.samloc._positions import pass_, play


def table(*hands: str, first: int = 0, fresh: bool = False, **rules: Any) -> SamState:
    """A later game (no tới trắng) from small hands; ``fresh`` gives it an engine built
    for this test instead of the plugin's cached one."""
    rules["instant_wins_first_game_only"] = True
    chosen = resolve_rules(plugin, "standard", rules)
    state = plugin.start(chosen, [CardSet.parse(h).mask for h in hands], first, later=True)
    if fresh:
        state.engine = SamEngine(chosen)
    assert not state.finished
    return state


def offered(state: ClimbState) -> set[str]:
    """The plays offered to the seat to act, written as cards."""
    eng = state.engine
    assert eng is not None
    return {str(CardSet(m)) for m in eng.plays(state)}


def bao_mot(state: ClimbState) -> list[tuple[int, int]]:
    """``(action index, seat)`` of every báo một violation so far."""
    return [(v.index, v.seat) for v in plugin.result(state).violations]


def engine_violations(state: ClimbState) -> list[tuple[int, int, int]]:
    """``(action index, seat, announced seat)`` of the báo một notes an engine kept."""
    notes = cast(SamState, state).viol
    return [(i, s, a) for i, s, a, _ in notes]


# ---------------------------------------------------------------- chặt on a fresh engine


def test_fresh_engine_prices_chat_two_fifteen_and_chat_quad_ten() -> None:
    """Chặt (rules page): a tứ quý on a single 2 costs 15 lá, a higher tứ quý on a tứ quý
    10 lá, on an engine built from the rules (not the plugin's cached one)."""
    st = table("2S 3H 9D", "5S 5C 5D 5H 9S", "KD KH 4C", fresh=True)
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    pass_(st, 2)
    pass_(st, 0)
    assert plugin.result(st).payments == (-15, 15, 0)
    st = table("5S 5C 5D 5H 3H", "9S 9C 9D 9H 4S", "KD KH 4C", fresh=True)
    play(st, 0, "5S 5C 5D 5H")
    play(st, 1, "9S 9C 9D 9H")
    pass_(st, 2)
    pass_(st, 0)
    assert plugin.result(st).payments == (-10, 10, 0)
    assert plugin.game_stats(st)["chops"] == 1


def test_fresh_engine_locks_out_a_passed_seat_even_with_a_chop() -> None:
    """Rules page (chặt): a player who passed stays out of the round even if they hold a
    tứ quý that could chop the 2 played after their pass."""
    st = table("9D 3H 4H", "5S 5C 5D 5H 9S", "2S KD KH", fresh=True)
    play(st, 0, "9D")
    pass_(st, 1)
    play(st, 2, "2S")
    pass_(st, 0)
    # the round is over: the 2's owner leads, seat 1 was never asked again
    assert st.table is None
    assert st.turn == 2


def test_fresh_engine_refuses_going_out_on_a_two() -> None:
    """Thối 2 (rules page, ``finish_on_two=forbidden``): going out with a play holding a 2
    is refused with ``finish-on-two``; under ``loses`` it is allowed."""
    st = table("3H 2S 2C", "5C 6D KH", fresh=True)
    play(st, 0, "3H")
    pass_(st, 1)
    with pytest.raises(IllegalMove) as info:
        play(st, 0, "2S 2C")
    assert info.value.code == "finish-on-two"
    st = table("3H 2S 2C", "5C 6D KH", fresh=True, finish_on_two="loses")
    play(st, 0, "3H")
    pass_(st, 1)
    play(st, 0, "2S 2C")
    assert plugin.result(st).winner == 1


def test_plugin_builds_one_engine_per_rules() -> None:
    """The plugin's engine for a rules value is a Sâm engine, built once."""
    fresh = SamLoc()
    rules = plugin.presets["a23"]
    eng = fresh.engine(rules)
    assert isinstance(eng, SamEngine)
    assert fresh.engine(rules) is eng
    assert eng.combo_rules.straight_order[:2] == (11, 12)


# ---------------------------------------------------------------- answers to a single


def test_only_a_quad_answers_a_single_two() -> None:
    """Chặt (rules page): nothing beats a single 2 but a tứ quý (suits never decide, so a
    higher 2 does not)."""
    st = table("2S 3H 9D", "2H 5S 5C 5D 5H 9S", "KD KH 4C")
    play(st, 0, "2S")
    assert offered(st) == {"5S 5C 5D 5H"}


def test_higher_singles_answer_a_single_and_no_quad_does() -> None:
    """Rules page: a single is beaten by any single of higher rank; a tứ quý chops only a
    2, so it is not offered against a 9."""
    st = table("9D 3H 4H", "3S 10S JC 2H 6S 6C 6D 6H", "KD KH 4C")
    play(st, 0, "9D")
    assert offered(st) == {"10S", "JC", "2H"}


# ---------------------------------------------------------------- báo một


def test_bao_mot_pass_by_the_seat_before_the_last_of_three() -> None:
    """Báo một (rules page): seat 1 passes on a 4 that its K beats while seat 2 holds one
    card: a violation; seat 2 then goes out and seat 1 pays for every loser.
    Losers: seat 0 holds 9♦ 10♦ (2 lá), seat 1 never played (cóng 15): 17 lá."""
    st = table("4S 9D 10D", "KH 6C 7C", "8S")
    play(st, 0, "4S")
    pass_(st, 1)
    assert bao_mot(st) == [(1, 1)]
    play(st, 2, "8S")
    assert plugin.result(st).payments == (0, -17, 17)


def test_bao_mot_low_single_by_the_seat_before_the_last_of_three() -> None:
    """Báo một (rules page): beating a single with a card lower than one's highest (Q♣
    under K♠) while the next seat holds one card is a violation."""
    st = table("4S 9D 10D", "KS QC 7C", "8S")
    play(st, 0, "4S")
    play(st, 1, "QC")
    res = plugin.result(st)
    assert [(v.index, v.seat, v.rule) for v in res.violations] == [(1, 1, "bao-mot")]
    assert "beat a single with" in res.violations[0].message
    assert plugin.game_stats(st)["bao_mot_violations"] == 1


def test_bao_mot_lead_of_a_low_single() -> None:
    """Báo một (rules page): leading a single other than one's highest card while the
    next seat holds one card is a violation; leading the highest (by rank) is not."""
    st = table("4S KS 9D", "8S", "5C 6C 7C")
    play(st, 0, "4S")
    res = plugin.result(st)
    assert [(v.index, v.seat) for v in res.violations] == [(0, 0)]
    assert res.violations[0].message == (
        "The next player holds one card, but this player led a single lower than their "
        "highest card."
    )
    st = table("4S KS 9D", "8S", "5C 6C 7C")
    play(st, 0, "KS")
    assert bao_mot(st) == []


def test_bao_mot_pass_with_a_spade_highest() -> None:
    """Báo một (rules page): "highest" is by rank; a K♠ beats a Q♥, so passing on the Q
    while the next seat holds one card is a violation."""
    st = table("QH 9D 10D", "KS 5C", "8S")
    play(st, 0, "QH")
    pass_(st, 1)
    assert bao_mot(st) == [(1, 1)]
    assert plugin.result(st).violations[0].message == (
        "The next player holds one card, but this player passed on a single that their "
        "highest card beats."
    )


def test_bao_mot_pass_holding_a_two_among_other_cards() -> None:
    """Báo một and thối 2 (rules page): a player holding 2♥ and a 5 could beat the 4 with
    the 2 without going out, so passing is a violation; only a lone 2 excuses it. (With
    seat 1 down to one card, seat 0's lead of its 4 under a 10 is a violation too.)"""
    st = table("4S 9D 10D", "2H 5C", "8S")
    play(st, 0, "4S")
    pass_(st, 1)
    assert bao_mot(st) == [(1, 1)]
    st = table("4S 9D 10D", "2H", "8S")
    play(st, 0, "4S")
    pass_(st, 1)
    assert bao_mot(st) == [(0, 0)]


def test_bao_mot_pass_holding_one_card_that_beats() -> None:
    """Báo một (rules page): a player down to a lone K who passes on a 4 while the next
    seat holds one card has not stopped the single. (Seat 0 leading its 4 under a 10
    while seat 1 holds one card is a violation too.)"""
    st = table("4S 9D 10D", "KH", "8S")
    play(st, 0, "4S")
    pass_(st, 1)
    assert bao_mot(st) == [(0, 0), (1, 1)]


def test_bao_mot_reaches_past_a_seat_that_went_out_on_a_two() -> None:
    """Báo một (rules page: the next player "among those still in play"): seat 2 went
    out on a 2 under ``loses``; seat 1 passes on a 9 its 10 beats while seat 3 holds one
    card: a violation. Seat 3 goes out; seat 1 pays every loser: seat 0 holds 3♥ 5♥
    (2 lá), seat 1 holds 6♣ 10♣ (2), seat 2 pays as if holding its 2 (1 + 5 = 6): 10."""
    st = table("4S 3H 5H", "KH 5C 6C 10C", "7D 2S", "8S 9S JS", finish_on_two="loses")
    play(st, 0, "4S")
    play(st, 1, "5C")
    play(st, 2, "7D")
    play(st, 3, "8S")
    pass_(st, 0)
    play(st, 1, "KH")  # its highest: seat 2 holds one card
    play(st, 2, "2S")  # out on a 2: a loser, play goes on
    pass_(st, 3)
    pass_(st, 1)  # the round ends; seat 2 is out, so seat 3 leads
    play(st, 3, "9S")
    pass_(st, 0)
    pass_(st, 1)
    assert bao_mot(st) == [(11, 1)]
    play(st, 3, "JS")
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("win", 3)
    assert res.payments == (0, -10, 0, 10)


def test_bao_mot_low_single_past_a_seat_that_went_out_on_a_two() -> None:
    """As above, but seat 1 beats the 9 with 10♣ while holding Q♣: a violation; seat 3
    then goes out with J♠ and seat 1 pays every loser: seat 0 2 lá, seat 1 (6♣ Q♣) 2,
    seat 2 6: 10."""
    st = table("4S 3H 5H", "KH 5C 6C 10C QC", "7D 2S", "8S 9S JS", finish_on_two="loses")
    play(st, 0, "4S")
    play(st, 1, "5C")
    play(st, 2, "7D")
    play(st, 3, "8S")
    pass_(st, 0)
    play(st, 1, "KH")
    play(st, 2, "2S")
    pass_(st, 3)
    pass_(st, 1)
    play(st, 3, "9S")
    pass_(st, 0)
    play(st, 1, "10C")
    assert bao_mot(st) == [(11, 1)]
    play(st, 3, "JS")
    assert plugin.result(st).payments == (0, -10, 0, 10)


# ---------------------------------------------------------------- thối 2: stuck leaders


def test_two_stuck_leaders_leave_play_in_turn() -> None:
    """Thối 2 (rules page, ``forbidden``): seat 1 and then seat 2 get the lead holding a
    lone 2; each leaves play as a loser and the next seat leads; seat 0 goes out.
    Payments: seats 1 and 2 each hold a 2 (1 + 5 = 6 lá): seat 0 wins 12."""
    st = table("3S 9H 9D", "AS 2S", "KS 2H")
    play(st, 0, "3S")
    play(st, 1, "AS")
    pass_(st, 2)
    pass_(st, 0)  # seat 1 leads with only 2♠: stuck
    assert st.turn == 2
    play(st, 2, "KS")
    pass_(st, 0)  # seat 2 leads with only 2♥: stuck; seat 0 leads
    assert st.stuck == 0b110
    assert st.out == 0b110
    assert st.turn == 0
    assert not st.finished
    play(st, 0, "9H")
    play(st, 0, "9D")
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("win", 0, (12, -6, -6))
    stats = plugin.game_stats(st)
    assert (stats["thoi_2"], stats["cong"], stats["draws"]) == (2, 0, 0)


def test_two_players_out_on_a_two_leave_the_last_one_the_winner() -> None:
    """Thối 2 under ``loses`` (rules page): seats 1 and 2 both go out on a 2, each a loser
    paying as if still holding it (1 + 5 = 6 lá); seat 0, the last left, wins 12."""
    st = table("4S 9H 9D", "5S 2S", "6S 2H", finish_on_two="loses")
    play(st, 0, "4S")
    play(st, 1, "5S")
    play(st, 2, "6S")
    play(st, 0, "9H")
    play(st, 1, "2S")
    assert not st.finished
    pass_(st, 2)
    pass_(st, 0)
    play(st, 2, "2H")
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("win", 0, (12, -6, -6))
    assert st.winner == 0
    assert plugin.game_stats(st)["thoi_2"] == 2


# ---------------------------------------------------------------- a standalone engine


def test_standalone_engine_records_bao_mot_and_a_plain_win() -> None:
    """The engine alone, on a state with no extras (as in its own example): báo một is
    still noted, and going out is a plain win, not a Sâm."""
    eng = SamEngine(plugin.presets["standard"])
    st = SamState([CardSet.parse(h).mask for h in ("4S 9D 10D", "KH 6C 7C", "8S")], 0)
    eng.play(st, 0, CardSet.parse("4S").mask)
    eng.pass_turn(st, 1)
    assert engine_violations(st) == [(1, 1, 2)]
    eng.play(st, 2, CardSet.parse("8S").mask)
    assert st.finished
    assert st.winner == 2
    assert st.sam is None
    st = SamState([CardSet.parse(h).mask for h in ("4S 9D 10D", "KH 6C 7C", "8S")], 0)
    eng.play(st, 0, CardSet.parse("4S").mask)
    eng.play(st, 1, CardSet.parse("6C").mask)
    assert engine_violations(st) == [(1, 1, 2)]
    st = SamState([CardSet.parse(h).mask for h in ("3S 9H", "4S")], 0)
    eng.play(st, 0, CardSet.parse("3S").mask)
    eng.play(st, 1, CardSet.parse("4S").mask)
    assert st.finished
    assert st.winner == 1
    assert st.sam is None


def test_standalone_engine_stuck_leader() -> None:
    """The engine alone: a leader holding a lone 2 leaves play (thối 2), no Sâm involved."""
    eng = SamEngine(plugin.presets["standard"])
    st = SamState([CardSet.parse(h).mask for h in ("3S 9H", "AS 2S", "KS QS")], 0)
    eng.play(st, 0, CardSet.parse("3S").mask)
    eng.play(st, 1, CardSet.parse("AS").mask)
    eng.pass_turn(st, 2)
    eng.pass_turn(st, 0)
    assert st.stuck == 0b10
    assert st.sam is None
    assert st.turn == 2


# ---------------------------------------------------------------- báo Sâm


def test_nearest_declaration_to_the_would_be_leader_counts() -> None:
    """Báo Sâm (rules page): the declaration nearest in turn order from the would-be
    leader counts. Leader seat 1 of four: seat 2 is one step away, seat 0 three."""
    hands = (
        "3S 4S 5C 5D 7S 9S JS QS KC 2D",
        "3H 6S 7C 8D 9H 10S JC QD KH AS",
        "4C 4D 6H 7H 8C 10C JD QH AC 2S",
        "3C 4H 6C 6D 7D 9C 10D KS AD 2H",
    )
    st = table(*hands, first=1)
    plugin.apply(st, Declare(0))
    assert st.n_actions == 1
    plugin.apply(st, Declare(2))
    assert st.declarer == 2
    assert st.turn == 2
    assert st.n_actions == 2
    for bad, code in (
        (Declare(2), "already-declared"),
        (Declare(4), "no-such-seat"),
        (Declare(0, "one"), "unknown-declaration"),
    ):
        with pytest.raises(IllegalMove) as info:
            plugin.apply(st, bad)
        assert info.value.code == code
        assert info.value.message[0].isupper()
        assert info.value.message.endswith(".")
    assert plugin.game_stats(st)["sam_declared"] == 1


def test_no_decline_once_play_has_started() -> None:
    """Báo Sâm (rules page): declarations (and so declining one) end with the first play."""
    st = table("3S 9H 9D", "4S 5S 6S", "KD KH 4C")
    play(st, 0, "3S")
    with pytest.raises(IllegalMove) as info:
        plugin.decline(st, 0)
    assert info.value.code == "nothing-to-decline"
    assert info.value.message == "There is no optional choice to decline."


def test_sam_blocked_by_seat_zero_pays_seat_zero() -> None:
    """Báo Sâm failure (rules page): the declarer pays the blocker 20 × opponents; here
    the blocker is seat 0 (4 players: 60 lá)."""
    st = table("3S 9H 9D", "4S 5D 6C", "KD KH 4C", "7S 8S 10H")
    plugin.apply(st, Declare(1))
    play(st, 1, "4S")
    pass_(st, 2)
    pass_(st, 3)
    play(st, 0, "9H")
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("sam-failed", 0, (60, -60, 0, 0))
    stats = plugin.game_stats(st)
    assert (stats["sam_failed"], stats["sam_success"], stats["cong"]) == (1, 0, 0)


def test_sam_success_names_the_declarer_winner() -> None:
    """Báo Sâm success (rules page): the declarer goes out unbeaten; each opponent pays
    20."""
    st = table("3S 9H 9D", "4S 5D 6C", "KD KH 4C")
    plugin.apply(st, Declare(1))
    play(st, 1, "4S 5D 6C")
    assert st.winner == 1
    res = plugin.result(st)
    assert (res.outcome, res.payments) == ("sam-success", (-20, 40, -20))
    stats = plugin.game_stats(st)
    assert (stats["sam_success"], stats["sam_failed"]) == (1, 0)


def test_stuck_declarer_fails_alone() -> None:
    """Báo Sâm (rules page): a declarer left with only a lone 2 to lead has failed with
    no blocker: they pay each opponent 20 and the next seat is named winner."""
    st = table("3S 9H 9D", "4S 2S", "KD KH 4C")
    plugin.apply(st, Declare(1))
    play(st, 1, "4S")
    pass_(st, 2)
    pass_(st, 0)
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("sam-failed", 2, (20, -40, 20))
    assert plugin.game_stats(st)["sam_failed"] == 1


# ---------------------------------------------------------------- dealing and counts


@pytest.mark.parametrize("n", [2, 5])
def test_new_game_deals_ten_cards_to_two_to_five_players(n: int) -> None:
    """Rules page: 2 to 5 players, ten cards each."""
    st = plugin.new_game(plugin.presets["standard"], n, seed=3)
    assert [h.bit_count() for h in st.dealt] == [10] * n


@pytest.mark.parametrize("n", [1, 6])
def test_new_game_refuses_a_table_of_the_wrong_size(n: int) -> None:
    """Rules page: Sâm is played by 2 to 5."""
    with pytest.raises(ValueError, match="2 to 5 players"):
        plugin.new_game(plugin.presets["standard"], n, seed=3)


def test_random_first_lead_uses_the_deal_seed() -> None:
    """``first_lead=random`` (gamevh): the first seat is the seeded draw."""
    rules = resolve_rules(plugin, None, {"first_lead": "random"})
    for seed in range(6):
        st = plugin.new_game(rules, 4, seed=seed)
        assert st.first == random_first(seed, 4)
        assert st.later is False


def test_instant_win_names_the_winner() -> None:
    """Tới trắng (rules page): five pairs win at the deal."""
    pairs = "3S 3H 5D 5C 7S 7H 9H 9D JC JS"
    rules = plugin.presets["standard"]
    st = plugin.start(rules, [CardSet.parse(pairs).mask, CardSet.parse("4S 6D 8C").mask], 1)
    assert st.finished
    assert st.winner == 0
    assert plugin.game_stats(st)["instant_wins"] == 1


def test_cong_counts_only_losers_who_never_played() -> None:
    """Cóng (rules page): a loser who never played pays 15 and is counted; seat 1 played
    and pays its 1 card left (6♣). Seat 0 goes out with its last single: 16 lá."""
    st = table("3S 9H", "4S 5D 6C", "3C 3D 3H")
    play(st, 0, "3S")
    play(st, 1, "4S")
    pass_(st, 2)
    pass_(st, 0)
    play(st, 1, "5D")
    pass_(st, 2)
    play(st, 0, "9H")
    res = plugin.result(st)
    assert res.payments == (16, -1, -15)
    stats = plugin.game_stats(st)
    assert (stats["cong"], stats["chops"], stats["draws"]) == (1, 0, 0)
    assert (stats["sam_declared"], stats["sam_failed"], stats["instant_wins"]) == (0, 0, 0)


def test_draw_when_every_leader_holds_a_lone_two() -> None:
    """Thối 2 (rules page): when every seat still in play holds only a lone 2, nobody can
    go out: a draw, both counted as stuck, nothing paid."""
    st = table("3S 2S", "4S 2H")
    play(st, 0, "3S")
    play(st, 1, "4S")
    pass_(st, 0)
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("draw", None, (0, 0))
    stats = plugin.game_stats(st)
    assert (stats["draws"], stats["thoi_2"], stats["cong"]) == (1, 2, 0)


def test_record_deal_names_first_only_where_the_rules_do_not() -> None:
    """Who leads (rules page): a first game under ``lowest-card`` leaves ``first`` out of
    its record (the rules find the leader again); a later game, or a first game under
    ``first_lead=random``, names it."""
    std = plugin.presets["standard"]
    assert plugin.record_deal(plugin.new_game(std, 4, seed=5))["first"] is None
    assert plugin.record_deal(plugin.new_game(std, 4, seed=5, first=3))["first"] == 3
    rnd = resolve_rules(plugin, None, {"first_lead": "random"})
    st = plugin.new_game(rnd, 4, seed=5)
    assert plugin.record_deal(st)["first"] == random_first(5, 4)


def test_summary_of_the_standard_preset() -> None:
    """``vncards compare`` (rules page, settings table): the standard preset's settings,
    written out from its defaults: 2 to 5 players, lowest card leads, straights 3…A,
    chặt 15 and 10 lá, thối 2 forbidden, Sâm 20, 5 more per 2 held, cóng 15, tới trắng
    20."""
    assert plugin.summary(plugin.presets["standard"]) == {
        "deck": "french 52",
        "players": "2-5",
        "hand_size": 10,
        "first_lead": "lowest-card",
        "combinations": ["single", "pair", "triple", "straight", "quad"],
        "suits_break_ties": False,
        "straights": "3…A (no 2)",
        "chops": ["quad > single 2 (15 lá)", "quad > quad (higher, 10 lá)"],
        "chop_chain": "each chop on a chop adds the chopped value",
        "passed_may_chop": False,
        "finish_on_two": "forbidden",
        "instant_wins": ["dragon", "four-twos", "one-colour", "three-triples", "five-pairs"],
        "instant_wins_first_game_only": False,
        "sam": "success: 20 from each opponent; failure: 20 × opponents to the blocker",
        "scoring": "lá left + 5 per 2; cóng 15; tới trắng 20",
    }


def test_deal_json_lists_the_deal_and_who_leads() -> None:
    """A seeded deal as record fields (rules page, who leads): players P1…Pn, ten cards
    each, ``first`` the holder of the lowest card, and the tới trắng hands found."""
    rules = plugin.presets["standard"]
    deal = plugin.deal_json(rules, 3, 21)
    assert deal["game"] == "samloc"
    assert deal["players"] == ["P1", "P2", "P3"]
    hands = [CardSet.parse(deal["hands"][p]) for p in deal["players"]]
    assert [len(h) for h in hands] == [10, 10, 10]
    lowest = min(h.mask & -h.mask for h in hands)
    assert deal["first"] == next(
        p for p, h in zip(deal["players"], hands, strict=True) if h.mask & lowest
    )
    expected = plugin.instant_wins(rules, [h.mask for h in hands])
    assert [(w["player"], w["code"]) for w in deal["instant_wins"]] == [
        (deal["players"][s], code) for s, code in expected
    ]


def test_summary_of_the_a23_preset() -> None:
    """``vncards compare`` (rules page, presets): ``a23`` (f8) lets A sit below 2 and 3,
    adds 10 lá per tứ quý held, and its tới trắng losers also pay for 2s and tứ quý."""
    summary = plugin.summary(plugin.presets["a23"])
    assert summary["players"] == "2-4"
    assert summary["straights"] == "A-2-3 < 2-3-4 < … < Q-K-A"
    assert summary["scoring"] == (
        "lá left + 5 per 2 + 10 per tứ quý; cóng 15; tới trắng 20 + 2s and tứ quý"
    )
    assert summary["sam"] == "success: 20 from each opponent; failure: 20 to every other player"
    assert summary["chop_chain"] == "each chop on a chop adds 15 lá"
    assert plugin.preset_differences("a23") == {
        "max_players": (5, 4),
        "straight_order": ("standard", "a23"),
        "held_quad": (0, 10),
        "instant_win_counts_held": (False, True),
        "sam_failure_payee": ("blocker", "everyone"),
        "chop_chain": ("accumulate", "flat"),
    }


def test_equal_instant_wins_rank_by_seat_and_show_in_the_deal() -> None:
    """Tới trắng (rules page): between two hands of the same kind the earlier seat in turn
    order wins; a seeded deal lists every tới trắng hand with its player and code."""
    rules = plugin.presets["standard"]
    a = CardSet.parse("3S 3H 5D 5C 7S 7H 9H 9D JC JS").mask
    b = CardSet.parse("4S 4H 6D 6C 8S 8H 10H 10D QC QS").mask
    assert plugin.instant_wins(rules, [a, b]) == [(0, "five-pairs"), (1, "five-pairs")]
    st = plugin.new_game(rules, 4, seed=5, first=3)
    assert plugin.first_seat(st) == 3
    for seed in range(400):
        deal = plugin.deal_json(rules, 5, seed)
        if deal["instant_wins"]:
            break
    else:
        pytest.fail("no tới trắng in 400 seeded deals of five hands")
    players = deal["players"]
    found = {
        (p, code)
        for p in players
        if (code := instant_win_code(CardSet.parse(deal["hands"][p]).mask, rules)) is not None
    }
    assert {(w["player"], w["code"]) for w in deal["instant_wins"]} == found


@settings(max_examples=400)
@given(st.integers(1, 5), st.data())
def test_next_player_in_play_skips_every_seat_that_is_out(n: int, data: st.DataObject) -> None:
    """Báo một (rules page) concerns the next player still in play: seats that are out
    (went out, or left play stuck on a 2) are skipped, however many in a row and across
    the end of the table; nobody is next when every other seat is out."""
    seat = data.draw(st.integers(0, n - 1))
    out = data.draw(st.integers(0, (1 << n) - 1))
    state = ClimbState([0] * n, seat)
    state.out = out
    expected = next(((seat + k) % n for k in range(1, n) if not out >> ((seat + k) % n) & 1), -1)
    assert next_active(state, seat) == expected


def test_instant_wins_of_a_deal_follow_the_rules_given() -> None:
    """Tới trắng (rules page): A-2-3-…-10 is a sảnh rồng only where A-2-3 is a straight
    (``a23``). The plugin's list of instant wins for a deal uses the rules it is given."""
    a2ten = CardSet.parse("AS 2H 3D 4C 5S 6S 7H 8D 9C 10S").mask
    other = CardSet.parse("3S 3H 5D 6C 8S 9S JH QD KC AH").mask
    assert plugin.instant_wins(plugin.presets["a23"], [other, a2ten]) == [(1, "dragon")]
    assert plugin.instant_wins(plugin.presets["standard"], [other, a2ten]) == []
