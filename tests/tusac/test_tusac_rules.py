"""One test per rule of the rules page (docs/rules/tusac.md), on small hand-made tables.

Tables are dealt by hand with few cards so every hand's rác can be checked at a glance;
the dealer is seat 0 unless said otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest
from vncards.core import IllegalMove
from vncards.tusac import (
    DISCARD,
    Discard,
    Draw,
    Pass,
    TuSacState,
    plugin,
    worst_discards,
)

from tests.tusac._positions import c, legal, table, take


def refused(state: TuSacState, action: Any) -> str:
    with pytest.raises(IllegalMove) as info:
        plugin.apply(state, action)
    return info.value.code


# ---------------------------------------------------------------- deal and opening


def test_quan_is_exposed_at_the_deal() -> None:
    """Four identical dealt cards are a Quàn, exposed at once (rules page, "Quàn")."""
    st = table("YP YP YP YP RK GR", "WK")
    assert [(g.name, g.lenh) for g in st.exposed[0]] == [("quan", 8)]
    assert plugin.analyze_cards(["RK", "GR"])["junk"] == 1  # the private hand left


def test_khap_count_is_announced() -> None:
    """The number of Khạp each player holds is announced (rules page, "Khạp"), not their
    kinds: seat 1 holds two, seat 0 none (its four YP are a Quàn)."""
    st = table("YP YP YP YP RK GR", "WA WA WA GC GC GC YK")
    assert st.khap_counts() == (0, 2)


def test_dealer_discards_a_rac_first() -> None:
    """The dealer starts by discarding a rác (rules page, "Deal and turn"): RK RA RE GR
    YC may only discard GR or YC."""
    st = table("RK RA RE GR YC", "WK WA", "WE WR")
    assert legal(st) == {Discard(0, c("GR")), Discard(0, c("YC"))}
    assert refused(st, Discard(1, c("WK"))) == "not-your-turn"
    assert refused(st, Draw(0)) == "must-discard"


def test_dealer_with_no_rac_wins_at_once() -> None:
    """A dealer whose dealt cards hold no rác wins at once (rules page): RK RA RE + GR GC
    GH is 2 lệnh, so each loser pays (3 + 2) + 10 = 15."""
    st = table("RK RA RE GR GC GH", "WA WE", "YA YE")
    res = plugin.result(st)
    assert (res.outcome, res.instant_win, res.winner) == ("instant-win", "dealer-complete", 0)
    assert res.payments == (30, -15, -15)


# ---------------------------------------------------------------- rule 3: no more rác


def test_discard_must_be_a_rac_rule_3() -> None:
    """Rule 3 (seed "lá bài vức phải là lá bài rác"): a discard must lower the rác count;
    RA belongs to RK RA RE and is refused."""
    st = table("RK RA RE GR YC", "WK")
    assert refused(st, Discard(0, c("RA"))) == "not-junk"
    assert refused(st, Discard(0, c("WP"))) == "card-not-in-hand"


def test_khap_cannot_be_broken_by_a_discard_rule_2() -> None:
    """Rule 2 (seed "Khạp không thể bị phá"): YR YR YR YC YH may not discard a YR, though
    YR YR + YR YC YH would then leave one rác fewer."""
    st = table("YR YR YR YC YH", "WK")
    assert refused(st, Discard(0, c("YR"))) == "khap-locked"
    assert legal(st) == {Discard(0, c("YC")), Discard(0, c("YH"))}


def test_take_must_not_raise_rac_rule_3() -> None:
    """Rule 3 (seed "số lượng rác ... không được tăng lên"): seat 1 holds GR GC GH YP (one
    rác); taking the discarded GR as a pair would leave GC GH YP, three rác."""
    st = table("RK RA RE GR WC", "GR GC GH YP")
    plugin.apply(st, Discard(0, c("GR")))
    assert refused(st, take(1, "GR")) == "more-junk"
    assert legal(st) == {Draw(1)}


# ---------------------------------------------------------------- taking in turn


def test_next_player_takes_with_a_group_then_discards() -> None:
    """The next player may take the active card with 1-3 own cards forming a group, then
    discards a rác and the turn passes on (rules page, "Deal and turn")."""
    st = table("RK RA RE GR YC", "GC GH WA WE", "YK")
    plugin.apply(st, Discard(0, c("GR")))
    assert legal(st) == {take(1, "GC GH"), Draw(1)}
    plugin.apply(st, take(1, "GC GH"))
    assert (st.phase, st.turn) == (DISCARD, 1)
    assert [g.code for g in st.exposed[1]] == ["chariot-set"]
    assert legal(st) == {Discard(1, c("WA")), Discard(1, c("WE"))}
    plugin.apply(st, Discard(1, c("WA")))
    assert st.turn == 2


def test_active_tuong_may_be_taken_alone() -> None:
    """An active Tướng may be taken on its own (rules page; record ``"take": []``). A
    Tướng is never rác, so it only becomes active by being drawn."""
    st = table("RA RE RR YC", "GA GE YR", stock="WK WC WC WC WC WC WC WC WC")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    assert legal(st) == {take(1), Pass(1)}
    plugin.apply(st, take(1))
    assert [(g.code, g.lenh) for g in st.exposed[1]] == [("single-general", 1)]
    assert refused(st, Discard(1, c("WK"))) == "card-not-in-hand"


def test_out_of_turn_take_without_a_priority_is_refused() -> None:
    """Out of turn only rules 1, 2 and 4 take (seed "những trường hợp này"): seat 2 may
    not take GR with GC GH while it is seat 1's turn."""
    st = table("RK RA RE GR YC", "WA WE", "GC GH YA")
    plugin.apply(st, Discard(0, c("GR")))
    assert refused(st, take(2, "GC GH")) == "not-your-turn"
    assert refused(st, take(0, "")) == "own-card"


# ---------------------------------------------------------------- rule 1: the winner


def test_winner_takes_out_of_turn_rule_1() -> None:
    """Rule 1 (seed "ngay khi người đó không có quận"): seat 2, holding GC GH, wins on the
    discarded GR although it is seat 1's turn."""
    st = table("RK RA RE GR YC", "WA WE", "GC GH")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, take(2, "GC GH"))
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("win", 2)


def test_several_winners_nearest_after_the_discarder_first_rule_1() -> None:
    """Several winners: the nearest in turn order after the discarder is offered the claim
    first; declining moves to the next one (rules page, rule 1)."""
    st = table("RK RA RE GR YC", "GC GH", "GC GH", "GC GH")
    plugin.apply(st, Discard(0, c("GR")))
    d = plugin.decision(st)
    assert d is not None
    assert (d.seat, d.optional, list(d.actions)) == (1, True, [take(1, "GC GH")])
    plugin.decline(st, 1)
    d = plugin.decision(st)
    assert d is not None
    assert (d.seat, d.optional) == (2, True)
    plugin.decline(st, 2)
    d = plugin.decision(st)
    assert d is not None
    assert (d.seat, d.optional) == (3, True)
    with pytest.raises(IllegalMove):
        plugin.decline(st, 1)
    plugin.decline(st, 3)
    d = plugin.decision(st)
    assert d is not None
    assert (d.seat, d.optional) == (1, False)
    assert take(3, "GC GH") in legal(st)  # declining changes whose choice is next, not legality


def test_winner_overrides_khap_rule_1_over_2() -> None:
    """Rule 1 comes before rule 2: while seat 2 must take YC into its Khạp, seat 3 may
    still win with YR YH."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC YC WC", "YR YH")
    plugin.apply(st, Discard(0, c("YC")))
    assert legal(st) == {take(2, "YC YC YC"), take(3, "YR YH")}


# ---------------------------------------------------------------- rule 2: Khạp


def test_khap_holder_must_take_out_of_turn_rule_2() -> None:
    """Rule 2 (seed "người có Khạp phải ăn lá bài tỳ để tạo thành Khui"): the only legal
    action is seat 2's Khui; seat 1 may not draw; seat 2 then has the turn."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC YC WC GA")
    plugin.apply(st, Discard(0, c("YC")))
    assert legal(st) == {take(2, "YC YC YC")}
    assert refused(st, Draw(1)) == "must-take"
    plugin.apply(st, take(2, "YC YC YC"))
    assert [(g.name, g.lenh) for g in st.exposed[2]] == [("khui", 6)]
    assert (st.phase, st.turn) == (DISCARD, 2)


def test_khap_holder_must_take_in_turn_too_rule_2() -> None:
    """Rule 2 binds the player in turn as well: seat 1 holding the Khạp may not draw, nor
    use the Khạp's cards in another group."""
    st = table("RK RA RE YC GR", "YC YC YC YR YH WA")
    plugin.apply(st, Discard(0, c("YC")))
    assert legal(st) == {take(1, "YC YC YC")}
    assert refused(st, Draw(1)) == "must-take"
    assert refused(st, take(1, "YR YH")) == "must-take"
    assert refused(st, take(1, "YC YC")) == "khap-locked"


# ---------------------------------------------------------------- rule 4: pair


def test_pair_holder_must_take_out_of_turn_rule_4() -> None:
    """Rule 4 (seed "nếu người đó không có quận, người đó phải ăn"): seat 2, not in turn,
    holds YC YC and must take the discarded YC as a triple; it then has the turn."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC GA GE")
    plugin.apply(st, Discard(0, c("YC")))
    assert legal(st) == {take(2, "YC YC")}
    assert refused(st, Draw(1)) == "must-take"
    plugin.apply(st, take(2, "YC YC"))
    assert [(g.code, g.lenh) for g in st.exposed[2]] == [("triple", 1)]
    assert (st.phase, st.turn) == (DISCARD, 2)


def test_pair_holder_in_turn_is_not_forced_rule_4() -> None:
    """Rule 4 binds only out of turn: seat 1, next after the discarder, may take the
    triple or draw."""
    st = table("RK RA RE YC GR", "YC YC WA WE")
    plugin.apply(st, Discard(0, c("YC")))
    assert legal(st) == {take(1, "YC YC"), Draw(1)}


def test_pair_rule_exception_tuong_rule_4a() -> None:
    """Exception (a) (seed "không thể dùng ... nếu lá bài này là lá tướng"): seat 2's pair
    of RK does not take the RK seat 1 draws; seat 1 may take it alone or pass."""
    st = table("RA RE RR YC", "WA WE", "RK RK GA GE", stock="RK WC WC WC WC WC WC WC WC")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    assert refused(st, take(2, "RK RK")) == "not-your-turn"
    assert legal(st) == {take(1), Pass(1)}


@pytest.mark.parametrize(
    ("waiting", "exempt"),
    [
        ("RP GP", True),
        ("WR WC", True),
        ("WC WH", True),
        ("WR GC", True),
        ("RC GH", True),
        ("WR GR", False),
        ("RE GC", False),
    ],
)
def test_pair_rule_exception_two_waiting_rac_rule_4b(waiting: str, exempt: bool) -> None:
    """Exception (b) (seed "đúng 2 con rác ... 2 con chuột khác màu, hay 1 xe 1 pháo, hay
    1 xe 1 mã, hay 1 pháo 1 mã"): with exactly two rác that are two Chốt of different
    colours, or Xe + Pháo, Xe + Mã, Pháo + Mã — the rules name no colour for these, so
    WR GC counts too — the pair may not take; two Xe, or a Tượng and a Pháo, are not
    among them."""
    st = table("RK RA RE YC GA", "WA WE", f"YC YC {waiting}")
    plugin.apply(st, Discard(0, c("YC")))
    if exempt:
        assert refused(st, take(2, "YC YC")) == "not-your-turn"
        assert Draw(1) in legal(st)
    else:
        assert legal(st) == {take(2, "YC YC")}


def test_pair_take_that_adds_rac_is_not_forced_rule_3_over_4() -> None:
    """Rule 3 comes before rule 4: seat 2's RP RP are part of two soldiers' groups (RP YP
    GP, RP YP WP); taking the triple would raise its rác from 1 to 2, so it may not."""
    st = table("RK RA RE RP GA", "WA WE", "RP RP YP YP GP WP WA")
    plugin.apply(st, Discard(0, c("RP")))
    assert refused(st, take(2, "RP RP")) == "not-your-turn"
    assert Draw(1) in legal(st)


# ---------------------------------------------------------------- drawing and passing


def test_drawn_card_claims_and_pass() -> None:
    """The drawn card becomes active: others may claim it by rules 1, 2, 4 (here seat 2's
    pair), the drawer may take it or pass; a pass gives the next player the card."""
    st = table("RK RA RE YC GR", "WA WE", "YH YH GA GE", stock="YH WC WC WC WC WC WC WC WC")
    plugin.apply(st, Discard(0, c("YC")))
    assert refused(st, Pass(1)) == "no-pass"
    plugin.apply(st, Draw(1))
    assert (st.active, st.turn) == (c("YH"), 1)
    assert legal(st) == {take(2, "YH YH")}
    st = table("RK RA RE YC GR", "WA WE", "GA GE YR YC", stock="YH WC WC WC WC WC WC WC WC")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, Draw(1))
    assert legal(st) == {Pass(1)}
    assert refused(st, Draw(1)) == "already-drew"
    plugin.apply(st, Pass(1))
    assert (st.active, st.turn) == (c("YH"), 2)
    assert legal(st) == {take(2, "YR YC"), Draw(2)}
    assert refused(st, take(1, "")) in {"own-card", "not-a-group"}


def test_hoa_when_a_draw_meets_seven_cards_left() -> None:
    """Hòa (seed "chỉ có 7 lá bài còn lại trong nọc, ván bài được cho là huề"): a draw
    from a stock of 8 is made; the next draw, from 7, ends the game with no payment."""
    st = table("RK RA RE YC GR", "WA WE", "GA GE", stock="WC WC WC WC YA YA YA YA")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, Draw(1))
    plugin.apply(st, Pass(1))
    assert st.stock_left() == 7
    plugin.apply(st, Draw(2))
    res = plugin.result(st)
    assert (res.finished, res.outcome, res.winner, res.payments) == (True, "draw", None, (0, 0, 0))
    assert plugin.legal_actions(st) == []


# ---------------------------------------------------------------- đền


def _den_table(**rules: Any) -> TuSacState:
    # Seat 1 takes WC with WR WH and keeps YR YC GA: YR and YC wait for YH (outs: 3 YR +
    # 4 YH, and 3 YC + 4 YH), GA waits only for its own copies (3): GA is the worst rác.
    st = table("RK RA RE GK GK WC", "WR WH YR YC GA", "YR", **rules)
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    return st


def test_worst_rac_has_fewest_outs_den() -> None:
    """Đền (rules page): the worst rác is the one with the fewest outs among unseen copies."""
    st = _den_table()
    worst, outs = worst_discards(st, 1)
    assert outs == {c("YR"): 7, c("YC"): 7, c("GA"): 3}
    assert worst == [c("GA")]


def test_outs_count_only_unseen_copies_den() -> None:
    """Outs are copies the player has not seen (rules page, "Đền"): with two GA and three YH
    dead on the table, GA has 1 out and YR, YC have 3 + 1 each; GA is still the worst."""
    st = _den_table()
    dead = [0] * 28
    dead[c("GA")], dead[c("YH")] = 2, 3
    st.dead = tuple(dead)
    worst, outs = worst_discards(st, 1)
    assert outs == {c("YR"): 4, c("YC"): 4, c("GA"): 1}
    assert worst == [c("GA")]


def test_den_ties_are_all_worst() -> None:
    """Ties are all worst (rules page): seat 1 keeps a lone WA and a lone GA, each with
    3 unseen copies and nothing else to wait for, so either may be discarded."""
    st = table("RK RA RE GK GK WC", "WR WH WA GA", "YR")
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    worst, outs = worst_discards(st, 1)
    assert outs == {c("GA"): 3, c("WA"): 3}
    assert sorted(worst) == sorted([c("GA"), c("WA")])


def test_den_discarder_pays_for_every_loser() -> None:
    """Đền (seed "người đó sẽ bị phạt, chung tiền thay cho những người thua khác"): seat 1
    discards YR instead of GA and seat 2 wins on it as a pair (L = 0, 13 a loser): seat 1
    pays 2 × 13 = 26, seat 0 pays nothing."""
    st = _den_table()
    plugin.apply(st, Discard(1, c("YR")))
    plugin.apply(st, take(2, "YR"))
    res = plugin.result(st)
    assert [(v.index, v.seat, v.rule) for v in res.violations] == [(2, 1, "den")]
    assert res.payments == (0, -26, 26)


def test_den_leaves_the_losers_own_khap_payments_as_usual() -> None:
    """Đền (rules page, as clarified: "payments for losers' own Quàn, Khui and Khạp are
    made as usual, by every player who owes them"): seat 0, a loser who pays the winner
    nothing, holds a Khạp of WP; the đền discarder, seat 1, still pays it 3 as every
    other loser does, and the winner pays nothing for a Khạp. Seat 1: 2 × 13 + 3 = 29."""
    st = table("RK RA RE GK GK WC WP WP WP", "WR WH YR YC GA", "YR")
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    plugin.apply(st, Discard(1, c("YR")))
    plugin.apply(st, take(2, "YR"))
    res = plugin.result(st)
    assert [(v.seat, v.rule) for v in res.violations] == [(1, "den")]
    rows = sorted((t.payer, t.payee, t.amount, t.reason) for t in res.transfers)
    assert rows == [(1, 0, 3, "khap"), (1, 2, 13, "den"), (1, 2, 13, "win")]
    assert res.payments == (3, -29, 26)


def test_den_off_records_nothing() -> None:
    """Setting ``den`` off: the same game pays 13 from each loser and records no violation."""
    st = _den_table(den=False)
    plugin.apply(st, Discard(1, c("YR")))
    plugin.apply(st, take(2, "YR"))
    res = plugin.result(st)
    assert res.violations == ()
    assert res.payments == (-13, -13, 26)


def test_worst_discard_carries_no_penalty() -> None:
    """Discarding the worst rác is never a violation, whoever wins on it."""
    st = table("RK RA RE GK GK WC", "WR WH YR YC GA", "GA")
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    plugin.apply(st, Discard(1, c("GA")))
    plugin.apply(st, take(2, "GA"))
    res = plugin.result(st)
    assert res.violations == ()
    assert res.payments == (-13, -13, 26)


# ---------------------------------------------------------------- scoring


def test_khui_doubles_and_losers_are_paid_for_quan_and_khap() -> None:
    """Scoring (seed "nếu người thắng có Quàn hay Khui ... (3 + số_lệnh)*2 + 10"): seat 2
    wins with a Khui (L = 6): each loser owes (3 + 6) × 2 + 10 = 28. Seat 0's Quàn earns 8
    from the winner and 8 from seat 1; seat 1's Khạp earns 3 from seat 0 only.
    Seat 0: -28 + 8 + 8 - 3 = -15; seat 1: -28 + 3 - 8 = -33; seat 2: 56 - 8 = 48."""
    st = table("GK GK GK GK RK RA RE YC GR", "WA WA WA GC", "YC YC YC")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, take(2, "YC YC YC"))
    assert plugin.result(st).payments == (-15, -33, 48)


def test_triple_made_by_taking_scores_one() -> None:
    """A triple made by taking is 1 lệnh, not 3: seat 1 wins with GR GR + GR and RK RA RE
    (L = 2): each loser pays (3 + 2) + 10 = 15."""
    st = table("WK WA WE GR YC", "GR GR RK RA RE", "YA")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, take(1, "GR GR"))
    assert plugin.result(st).payments == (-15, 30, -15)


def test_winner_counts_its_khap_and_best_grouping() -> None:
    """The winner's groups score in the grouping worth most: WK WK as two lone Tướng (2),
    its Khạp YA YA YA (3) and the taken chariot set (1): L = 6, 19 from each loser."""
    st = table("RK RA RE GR YC", "GC GH WK WK YA YA YA")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, take(1, "GC GH"))
    assert plugin.result(st).payments == (-19, 19)
