"""Tứ Sắc engine rules pinned where mutation testing of ``tusac/_engine.py`` found them
unchecked: every refusal code with its message and an unchanged table, the order of
claims on a discarded and on a drawn card, declining a claim, the state each action
leaves (turn, active card, counters), the cards every player sees, the Quàn dealt,
outs for đền, exception (b) of the pair rule and independent copies of a state.

Positions are dealt by hand with few cards (see ``tests/tusac/test_tusac_rules.py``);
the dealer is seat 0 unless said otherwise. Rules are those of docs/rules/tusac.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, cast

import pytest
from vncards.core import Decision, IllegalMove
from vncards.tusac import (
    ACTIVE,
    DISCARD,
    KINDS,
    Discard,
    Draw,
    Group,
    Pass,
    Take,
    TuSacRules,
    TuSacState,
    discard_outs,
    hand_count,
    hand_of,
    obligation,
    parse_cards,
    plugin,
    waiting_pair,
)
from vncards.tusac._engine import (
    TuSacAction,
    action_error,
    apply_action,
    claim_order,
    decline_error,
    take_error,
    winning_takes,
)

from tests.tusac._positions import c, legal, table, take

# enough cards that a draw never meets the hòa limit in these short games
FILLER = "WK WK WK WK YK YK YK YK"


def refuse(state: TuSacState, action: TuSacAction, code: str, *mentions: str) -> str:
    """Check that ``action`` is refused with ``code``, by ``action_error`` and by
    ``apply`` alike, with a message that is a sentence naming ``mentions``, and that the
    table is unchanged; return the message."""
    before = state.copy()
    err = action_error(state, action)
    assert err is not None, f"{action!r} was not refused"
    assert err.code == code
    if isinstance(action, Take):
        # a refused take wins nothing
        assert take_error(state, action.seat, action.cards)[1] is False
    with pytest.raises(IllegalMove) as info:
        plugin.apply(state, action)
    got = info.value
    assert (got.code, got.message, str(got)) == (code, err.message, err.message)
    message = got.message
    assert message[:1].isupper(), message
    assert message.endswith("."), message
    for word in mentions:
        assert word in message, (word, message)
    assert state == before
    assert action not in legal(state)
    return message


def state_line(state: TuSacState) -> tuple[Any, ...]:
    """What an action leaves on the table besides hands and groups."""
    return (
        state.phase,
        state.turn,
        state.active,
        state.source,
        state.drawn,
        state.after_take,
        state.den_seat,
        state.declined,
        state.counts,
        state.n_actions,
    )


# ---------------------------------------------------------------- refusals of a take


def _take_table() -> TuSacState:
    # Seat 1 (in turn after the GR) holds GR GC GH with two rác WA WE; seat 2 holds GC GH
    # with a Khạp of YA and a rác WP, so its chariot set would not win.
    st = table("RK RA RE GR YC", "GR GC GH WA WE", "GC GH YA YA YA WP")
    plugin.apply(st, Discard(0, c("GR")))
    return st


def test_take_before_the_discard_is_refused_must_discard() -> None:
    """The dealer opens by discarding (rules page, "Play"): nobody takes, draws or passes
    before that discard."""
    st = table("RK RA RE GR YC", "GC GH WA WE")
    refuse(st, take(1, "GC GH"), "must-discard", "discard")
    refuse(st, Draw(0), "must-discard", "discard")
    refuse(st, Pass(0), "must-discard", "discard")


def test_discarder_cannot_take_back_own_card_own_card() -> None:
    """The discarder never takes back their own card (Decisions 1): ``own-card`` names it."""
    refuse(_take_table(), take(0, "GC GH"), "own-card", "GR")


def test_take_must_form_a_group_not_a_group() -> None:
    """A take needs own cards forming a valid group with the active card ("Play"); an
    empty take is only for an active Tướng."""
    st = _take_table()
    refuse(st, take(1, "WA"), "not-a-group", "WA with the active GR", "is not a valid group")
    refuse(st, take(1, "WA WE"), "not-a-group", "WA WE with the active GR", "is not a valid group")
    refuse(st, take(1, ""), "not-a-group", "No card with the active GR", "is not a valid group")


def test_take_with_cards_not_held_card_not_in_hand() -> None:
    """A take uses cards the player holds, as many copies as it names."""
    st = _take_table()
    refuse(st, take(1, "GR GR"), "card-not-in-hand", "2 × GR")
    refuse(st, take(2, "GR GR"), "card-not-in-hand", "2 × GR")


def test_take_that_adds_rac_more_junk() -> None:
    """Rule 3: GR GC GH WA WE has two rác; taking GR as a pair, or into a second chariot
    set, leaves three or four: refused, and seat 1 may only draw."""
    st = _take_table()
    refuse(st, take(1, "GR"), "more-junk", "GR", "rác")
    refuse(st, take(1, "GC GH"), "more-junk", "GR", "rác")
    assert {a for a in legal(st) if a.seat == 1} == {Draw(1)}


def test_out_of_turn_take_not_your_turn() -> None:
    """Out of turn only a win, a Khạp or a pair may take (rules 1, 2, 4): seat 2's
    chariot set leaves WP, so it is no win."""
    refuse(_take_table(), take(2, "GC GH"), "not-your-turn", "turn")


def test_take_by_a_seat_that_does_not_exist_no_such_seat() -> None:
    """Seats are 0 to n - 1: seat 3 of three players and seat -1 are refused."""
    st = _take_table()
    refuse(st, take(3, "GC GH"), "no-such-seat", "seat 3")
    refuse(st, take(-1, "GC GH"), "no-such-seat", "seat -1")


def test_khap_holder_refusals_must_take_and_khap_locked() -> None:
    """Rule 2: seat 1 holds the Khạp of the discarded YC. It may not use the Khạp's cards
    in a pair take, nor take with another group; seat 2 may not take either; nobody draws.
    Each message names the take that is owed."""
    st = table("RK RA RE YC GR", "YC YC YC YR YH WA", "YR YH GP")
    plugin.apply(st, Discard(0, c("YC")))
    refuse(st, take(1, "YC YC"), "khap-locked", "Khạp of YC")
    own = refuse(st, take(1, "YR YH"), "must-take", "YC with YC YC YC")
    assert own.startswith("This player must take")
    other = refuse(st, take(2, "YR YH"), "must-take", "YC with YC YC YC")
    assert other.startswith("Another player must take")
    refuse(st, Draw(1), "must-take", "YC")
    assert take_error(st, 1, (c("YC"),) * 3) == (None, False)


def test_khap_of_another_card_is_locked_in_a_take() -> None:
    """A Khạp may not be broken: seat 1 holds YR YR YR and may not take the discarded YC
    with YR YH; it may draw."""
    st = table("RK RA RE YC GR", "YR YR YR YH WA WE")
    plugin.apply(st, Discard(0, c("YC")))
    refuse(st, take(1, "YR YH"), "khap-locked", "Khạp of YR")
    assert legal(st) == {Draw(1)}


def test_everything_is_refused_once_the_game_is_over() -> None:
    """After a win no action is accepted (``game-over``) and there is no claim to decline."""
    st = table("RK RA RE GR YC", "GC GH", "WA WE")
    plugin.apply(st, Discard(0, c("GR")))
    assert take_error(st, 1, (c("GC"), c("GH"))) == (None, True)
    plugin.apply(st, take(1, "GC GH"))
    assert st.finished
    refuse(st, take(2, "WA"), "game-over", "over")
    refuse(st, Discard(1, c("WA")), "game-over", "over")
    refuse(st, Draw(2), "game-over", "over")
    refuse(st, Pass(2), "game-over", "over")
    assert decline_error(st, 2) is not None
    assert winning_takes(st, 2) == []


# ---------------------------------------------------------------- refusals of a discard


def test_discard_refusals_each_code() -> None:
    """Rule 3 and the Khạp lock on the dealer's opening discard: only the player in turn
    discards, a card it holds, not a Khạp card, and a rác; kinds run 0 (RK) to 27 (WP)."""
    st = table("RK RA RE GR YC YR YR YR", "WA WE")
    refuse(st, Discard(1, c("WA")), "not-your-turn", "turn")
    refuse(st, Discard(0, KINDS), "card-not-in-hand", f"no card {KINDS}")
    refuse(st, Discard(0, -1), "card-not-in-hand", "no card -1")
    refuse(st, Discard(0, c("WP")), "card-not-in-hand", "no WP")
    refuse(st, Discard(0, c("YR")), "khap-locked", "Khạp of YR")
    refuse(st, Discard(0, c("RA")), "not-junk", "RA", "rác")
    assert legal(st) == {Discard(0, c("GR")), Discard(0, c("YC"))}
    plugin.apply(st, Discard(0, c("GR")))
    refuse(st, Discard(1, c("WA")), "no-discard", "discard")


# ---------------------------------------------------------------- refusals of a draw or pass


def test_draw_and_pass_refusals_each_code() -> None:
    """Only the player in turn draws; a pass is only for the card one has just drawn, and
    one draws once."""
    st = table("RK RA RE GR YC", "WA WE", "GA GE YR YC", stock=f"YH {FILLER}")
    plugin.apply(st, Discard(0, c("GR")))
    refuse(st, Draw(2), "not-your-turn", "turn")
    refuse(st, Pass(2), "not-your-turn", "turn")
    refuse(st, Pass(1), "no-pass", "drawn")
    plugin.apply(st, Draw(1))
    refuse(st, Draw(1), "already-drew", "drawn")
    refuse(st, Pass(2), "not-your-turn", "turn")
    refuse(st, Draw(2), "not-your-turn", "turn")


def test_pass_while_someone_must_take_the_drawn_card_must_take() -> None:
    """Rule 4 on a drawn card: seat 2 holds YH YH, so seat 1 may not pass the YH it drew."""
    st = table("RK RA RE YC GR", "WA WE", "YH YH GA GE", stock=f"YH {FILLER}")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    refuse(st, Pass(1), "must-take", "YH")
    assert legal(st) == {take(2, "YH YH")}


def test_unknown_action_is_refused() -> None:
    """An object that is no Tứ Sắc action is refused (``unknown-action``), naming its type."""

    @dataclass(frozen=True)
    class Shout:
        seat: int

    st = table("RK RA RE GR YC", "WA WE")
    before = st.copy()
    with pytest.raises(IllegalMove) as info:
        apply_action(st, cast("TuSacAction", Shout(0)))
    assert info.value.code == "unknown-action"
    assert "Shout" in info.value.message
    assert info.value.message.endswith(".")
    assert st == before


# ---------------------------------------------------------------- declining a winning claim


def _two_winners_on_a_draw() -> TuSacState:
    # 4 players. Seat 0 discards YC; seat 1 draws GR. Seats 1, 2 and 0 each hold GC GH and
    # win with it; seat 3 does not.
    st = table("YC GC GH", "GC GH", "GC GH", "RA RE", stock=f"GR {FILLER}")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    return st


def test_claims_on_a_drawn_card_drawer_first_then_seats_after_it() -> None:
    """Decisions 1: a drawn card's claims are asked of the drawer first, then of the seats
    after it in turn order (seat 2 before seat 0); each may let its claim go."""
    st = _two_winners_on_a_draw()
    assert claim_order(st) == [1, 2, 3, 0]
    d = plugin.decision(st)
    assert d == Decision(1, [take(1, "GC GH")], optional=True)
    plugin.decline(st, 1)
    assert plugin.decision(st) == Decision(2, [take(2, "GC GH")], optional=True)
    plugin.decline(st, 2)
    assert plugin.decision(st) == Decision(0, [take(0, "GC GH")], optional=True)
    plugin.decline(st, 0)  # its own claim, whoever else has declined
    assert st.declined == 0b111
    d = plugin.decision(st)
    assert d == Decision(1, [take(1, "GC GH"), Pass(1)])


def test_a_later_claim_cannot_be_declined_before_an_earlier_one() -> None:
    """Claims are offered in claim order: seat 2 has nothing to decline while the drawer
    (seat 1) has not let its claim go; seat 3 has no claim at all."""
    st = _two_winners_on_a_draw()
    for seat in (2, 0, 3):
        err = decline_error(st, seat)
        assert err is not None
        assert err.code == "nothing-to-decline"
        assert err.message == "This player has no claim to decline."
        with pytest.raises(IllegalMove):
            plugin.decline(st, seat)
    assert st.declined == 0
    plugin.decline(st, 1)
    with pytest.raises(IllegalMove) as info:
        plugin.decline(st, 1)  # twice
    assert info.value.code == "nothing-to-decline"
    assert st.declined == 0b10


def test_nothing_to_decline_without_an_active_card() -> None:
    """While a discard is owed there is no claim to decline."""
    st = table("YC GC GH", "GC GH")
    err = decline_error(st, 1)
    assert err is not None
    assert (err.code, err.message) == (
        "nothing-to-decline",
        "This player has no claim to decline.",
    )


def test_an_action_clears_the_declined_claims() -> None:
    """Declining is for one active card: once seat 1 has let its win on the drawn GR go
    and passed it, the claims on the passed card are asked afresh, seat 2 (in turn)
    first, then seat 0; seat 1 may not take it back."""
    st = _two_winners_on_a_draw()
    plugin.decline(st, 1)
    plugin.apply(st, Pass(1))
    assert st.declined == 0
    assert claim_order(st) == [2, 3, 0]
    assert plugin.decision(st) == Decision(2, [take(2, "GC GH")], optional=True)
    plugin.decline(st, 2)
    assert plugin.decision(st) == Decision(0, [take(0, "GC GH")], optional=True)


def test_discard_claims_run_from_the_seat_after_the_discarder() -> None:
    """Rule 1: several winners on a discard are asked nearest first after the discarder,
    wrapping round the table (seat 3 discards: seats 0, 1, 2)."""
    st = table("RK RA RE WA", "GC GH", "GC GH", "GR YC", dealer=3)
    assert (st.turn, st.phase) == (3, DISCARD)
    plugin.apply(st, Discard(3, c("GR")))
    assert claim_order(st) == [0, 1, 2]
    assert plugin.decision(st) == Decision(1, [take(1, "GC GH")], optional=True)
    plugin.decline(st, 1)
    assert plugin.decision(st) == Decision(2, [take(2, "GC GH")], optional=True)


def test_a_take_that_does_not_win_is_not_offered_as_a_claim() -> None:
    """Only winning takes are claims (rule 1); the player in turn simply chooses between
    its take and a draw."""
    st = table("RK RA RE GR YC", "GC GH WA WE", "YK")
    plugin.apply(st, Discard(0, c("GR")))
    assert winning_takes(st, 1) == []
    assert take_error(st, 1, (c("GC"), c("GH"))) == (None, False)
    assert plugin.decision(st) == Decision(1, [take(1, "GC GH"), Draw(1)])


# ---------------------------------------------------------------- rule 4 and its exceptions


def test_two_rac_outside_exception_b_do_not_excuse_the_pair_rule_4b() -> None:
    """Exception (b) names two Chốt of different colours and Xe + Pháo, Xe + Mã, Pháo +
    Mã: YE and WR (a Tượng and a Xe) are none of them, so the holder of RE RE must take
    the discarded RE."""
    hand = "RE RE YE WK WR WH WH"
    assert not waiting_pair(hand_of(parse_cards(hand)))
    st = table("RE GR YA", "WA WE", hand)
    plugin.apply(st, Discard(0, c("RE")))
    assert obligation(st) == (2, (c("RE"), c("RE")))
    assert legal(st) == {take(2, "RE RE")}


def test_pair_take_breaking_a_chariot_set_is_not_forced_rule_3_over_4() -> None:
    """Rule 3 beats rule 4: seat 2 holds RR RC RH + RC + GA; taking the discarded RC into a
    triple leaves RR, RH and GA, three rác instead of two, so it neither must nor may."""
    st = table("RK RA RE RC YA", "WA WE", "RR RC RC RH GA")
    plugin.apply(st, Discard(0, c("RC")))
    assert obligation(st) is None
    refuse(st, take(2, "RC RC"), "not-your-turn", "turn")
    assert legal(st) == {Draw(1)}


def test_drawer_who_passed_its_pair_is_not_forced_to_take_it_back() -> None:
    """Rule 4 binds only out of turn, and a passed card is not the passer's to take
    (Decisions 1): seat 1 draws YH holding YH YH, passes it, and seat 2 may draw."""
    st = table("RK RA RE YC GR", "YH YH WA WE", "GA GE", stock=f"YH {FILLER}")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    assert take(1, "YH YH") in legal(st)
    plugin.apply(st, Pass(1))
    assert obligation(st) is None
    assert legal(st) == {Draw(2)}


def test_forced_take_is_found_again_after_each_action() -> None:
    """Whether someone must take is decided afresh for each active card: before the draw
    seat 1 may draw; the drawn YH then binds seat 2's pair."""
    st = table("RK RA RE YC GR", "WA WE", "YH YH GA GE", stock=f"YH {FILLER}")
    plugin.apply(st, Discard(0, c("YC")))
    assert legal(st) == {Draw(1)}
    plugin.apply(st, Draw(1))
    assert obligation(st) == (2, (c("YH"), c("YH")))
    assert legal(st) == {take(2, "YH YH")}


# ---------------------------------------------------------------- what each action leaves


def test_each_action_moves_turn_active_card_and_counters() -> None:
    """A discard makes the card active and passes the turn on (wrapping to seat 0); a draw
    makes the top of the stock active and puts the old card aside; a pass hands the drawn
    card to the next player; a take exposes the group and owes a discard; the counters
    are draws, takes, discards and passes."""
    st = table("RK RA RE GR YC", "WA WE", "YR YH GA WC", stock="YC GA GR", draw_limit=1)
    assert state_line(st) == (DISCARD, 0, -1, -1, False, False, -1, 0, (0, 0, 0, 0), 0)
    plugin.apply(st, Discard(0, c("GR")))
    assert state_line(st) == (ACTIVE, 1, c("GR"), 0, False, False, -1, 0, (0, 0, 1, 0), 1)
    plugin.apply(st, Draw(1))
    assert state_line(st) == (ACTIVE, 1, c("YC"), 1, True, False, -1, 0, (1, 0, 1, 0), 2)
    assert st.dead[c("GR")] == 1
    plugin.apply(st, Pass(1))
    assert state_line(st) == (ACTIVE, 2, c("YC"), 1, False, False, -1, 0, (1, 0, 1, 1), 3)
    plugin.apply(st, take(2, "YR YH"))
    assert state_line(st) == (DISCARD, 2, -1, 1, False, True, -1, 0, (1, 1, 1, 1), 4)
    assert st.exposed[2] == (Group("chariot-set", (c("YR"), c("YC"), c("YH")), 1, ""),)
    assert st.hands[2] == hand_of(parse_cards("GA WC"))
    plugin.apply(st, Discard(2, c("GA")))  # GA and WC have 3 outs each: both worst
    assert state_line(st) == (ACTIVE, 0, c("GA"), 2, False, False, -1, 0, (1, 1, 2, 1), 5)
    assert st.violations == ()
    plugin.apply(st, Draw(0))
    assert state_line(st) == (ACTIVE, 0, c("GA"), 0, True, False, -1, 0, (2, 1, 2, 1), 6)
    assert st.dead[c("GA")] == 1
    plugin.apply(st, Pass(0))
    assert (st.turn, st.drawn, st.counts) == (1, False, (2, 1, 2, 2))
    # one card left, at the limit of 1: the draw ends the game drawn and counts no draw
    plugin.apply(st, Draw(1))
    assert (st.finished, st.outcome, st.winner, st.active) == (True, "draw", None, -1)
    assert (st.counts, st.n_actions, st.stock_left()) == ((2, 1, 2, 2), 8, 1)
    assert st.dead[c("GA")] == 2


def test_pass_by_the_last_seat_gives_the_turn_to_seat_0() -> None:
    """The turn goes round the table: seat 2 of three passes, seat 0 plays next."""
    st = table("RK RA RE GR YC", "GC GH WA", "WA WE", stock=f"YA YA {FILLER}")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, take(1, "GC GH"))
    plugin.apply(st, Discard(1, c("WA")))
    plugin.apply(st, Draw(2))
    plugin.apply(st, Pass(2))
    assert (st.turn, st.source, st.drawn, st.active) == (0, 2, False, c("YA"))
    assert st.counts == (1, 1, 2, 1)


def test_four_soldiers_made_by_taking_score_two() -> None:
    """Groups (rules page): four Chốt of different colours made by taking score 2 lệnh,
    and a taken group that is not a quad has no name."""
    st = table("RK RA RE WP YC", "RP YP GP WA")
    plugin.apply(st, Discard(0, c("WP")))
    plugin.apply(st, take(1, "RP YP GP"))
    assert st.exposed[1] == (Group("soldiers", (c("RP"), c("YP"), c("GP"), c("WP")), 2, ""),)


def test_taken_triple_and_khui_are_exposed_with_their_lenh() -> None:
    """A triple made by taking is worth 1 and has no name; a Khui is worth 6."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC GA GE")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, take(2, "YC YC"))
    assert st.exposed[2] == (Group("triple", (c("YC"),) * 3, 1, ""),)
    st = table("RK RA RE YC GR", "WA WE", "YC YC YC GA GE")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, take(2, "YC YC YC"))
    assert st.exposed[2] == (Group("quad", (c("YC"),) * 4, 6, "khui"),)


# ---------------------------------------------------------------- đền


def test_den_violation_names_the_card_and_every_worst_rac() -> None:
    """Đền: after taking, seat 1 keeps WA and GA (3 outs each, both worst) and YR, YC
    (7 outs each); discarding YR is recorded, naming YR and both worst rác."""
    st = table("RK RA RE GK GK WC", "WR WH WA GA YR YC", "YK")
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    plugin.apply(st, Discard(1, c("YR")))
    assert st.den_seat == 1
    [v] = st.violations
    assert (v.index, v.seat, v.rule) == (2, 1, "den")
    assert v.message.startswith("Discarded YR")
    assert "(GA, WA)" in v.message or "(WA, GA)" in v.message
    assert v.message.endswith("the discarder pays for every loser.")


def test_den_lapses_when_the_card_is_drawn_past() -> None:
    """Đền is paid only if someone wins by taking that very card: seat 1's đền discard
    YR is put aside by seat 2's draw, and seat 2's win on the drawn GH pays as usual,
    13 from each loser (pairs only: L = 0)."""
    st = table("RK RA RE GK GK WC", "WR WH YR YC GA", "GH WP WP", stock=f"GH {FILLER}")
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    plugin.apply(st, Discard(1, c("YR")))
    assert st.den_seat == 1
    plugin.apply(st, Draw(2))
    assert st.den_seat == -1
    plugin.apply(st, take(2, "GH"))
    assert (st.winner, st.den_payer) == (2, -1)
    assert plugin.result(st).payments == (-13, -13, 26)


def test_den_lapses_when_the_card_is_taken_without_winning() -> None:
    """Đền follows the card only until it is taken: seat 2 takes seat 1's đền discard YR
    as a pair (no win) and discards WA, its worst rác with YH; seat 3 wins on it with
    WA WA (L = 0) and every loser pays 13."""
    st = table("RK RA RE GK GK WC", "WR WH YR YC GA", "YR YH WA", "WA")
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    plugin.apply(st, Discard(1, c("YR")))
    plugin.apply(st, take(2, "YR"))
    assert st.den_seat == -1
    plugin.apply(st, Discard(2, c("WA")))
    plugin.apply(st, take(3, "WA"))
    assert (st.winner, st.den_payer) == (3, -1)
    assert plugin.result(st).payments == (-13, -13, -13, 39)


# ---------------------------------------------------------------- what every player sees


def test_seen_counts_exposed_groups_dead_cards_and_the_active_card() -> None:
    """Outs count copies nobody can see yet: Quàn and taken groups, cards put aside and
    the active card are seen (the active card here is RK, kind 0, drawn twice over)."""
    st = table("RA RE RR YC GP GP GP GP", "GA GE YR", "WA WE", stock=f"RK RK {FILLER}")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    plugin.apply(st, Pass(1))
    plugin.apply(st, Draw(2))
    seen = st.seen()
    expected = [0] * KINDS
    expected[c("GP")] = 4  # seat 0's Quàn
    expected[c("YC")] = 1  # put aside by seat 1's draw
    expected[c("RK")] = 2  # the first RK put aside, the second active
    assert seen == expected


def test_seen_cards_hands_and_stock_account_for_every_copy() -> None:
    """Along whole bot games: for every kind, the copies seen, in hands and left in the
    stock are the deck's 4, and each counter matches the actions played."""
    for seed, n in ((5, 3), (8, 4)):
        st = plugin.new_game(TuSacRules(), n, seed)
        bots = [plugin.bots["greedy"](seed + i) for i in range(n)]
        kinds: dict[type[Any], int] = {Discard: 2, Take: 1, Pass: 3, Draw: 0}
        counts = [0, 0, 0, 0]
        actions = 0
        while (d := plugin.decision(st)) is not None:
            seen = st.seen()
            stock = st.stock[st.pos :]
            for k in range(KINDS):
                held = sum(hand_count(h, k) for h in st.hands)
                assert seen[k] + held + stock.count(k) == 4, k
            choice = bots[d.seat].choose(plugin.view(st, d.seat), d.actions, d.optional)
            if choice is None:
                plugin.decline(st, d.seat)
                continue
            plugin.apply(st, choice)
            actions += 1
            if not (isinstance(choice, Draw) and st.outcome == "draw"):
                counts[kinds[type(choice)]] += 1
            assert st.counts == tuple(counts)
            assert st.n_actions == actions
        assert st.finished


def test_action_error_agrees_with_apply_on_every_probed_action() -> None:
    """``action_error`` says exactly what ``apply`` does: ``None`` for the legal actions,
    the same code for every other action of the universe, which leaves the table as it
    was."""
    st = plugin.new_game(TuSacRules(), 3, 21)
    bot = plugin.bots["random"]
    bots = [bot(i) for i in range(3)]
    rng = random.Random(4)
    codes: set[str] = set()
    while (d := plugin.decision(st)) is not None:
        allowed = set(plugin.legal_actions(st))
        universe = list(dict.fromkeys(plugin.action_universe(st)))
        for action in rng.sample(universe, min(12, len(universe))):
            err = action_error(st, action)
            assert (err is None) == (action in allowed), action
            if err is not None:
                codes.add(err.code)
                trial = st.copy()
                with pytest.raises(IllegalMove) as info:
                    plugin.apply(trial, action)
                assert info.value.code == err.code
                assert trial == st
        choice = bots[d.seat].choose(plugin.view(st, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(st, d.seat)
        else:
            plugin.apply(st, choice)
    assert {"not-your-turn", "card-not-in-hand", "not-a-group", "no-discard"} <= codes


# ---------------------------------------------------------------- outs


def test_outs_skip_a_set_whose_other_card_is_in_a_pair_den() -> None:
    """Outs count the missing card of a set only if its other cards are rác: in GR GH GH
    the GH are a pair, so GR waits for its 3 unseen copies only, not for GC."""
    hand = hand_of(parse_cards("GR GH GH"))
    unseen = [4 - hand_count(hand, k) for k in range(KINDS)]
    assert discard_outs(hand, c("GR"), unseen) == 3


def test_outs_of_a_soldier_count_the_colours_it_waits_for_den() -> None:
    """RP beside the rác YP waits for RP (3 unseen), GP and WP (4 each): 11 outs; with a
    GP seen, 10."""
    hand = hand_of(parse_cards("RP YP WA"))
    unseen = [4 - hand_count(hand, k) for k in range(KINDS)]
    assert discard_outs(hand, c("RP"), unseen) == 11
    unseen[c("GP")] -= 1
    assert discard_outs(hand, c("RP"), unseen) == 10


# ---------------------------------------------------------------- the deal


def test_every_quan_dealt_is_exposed_and_the_dealer_opens() -> None:
    """The deal (rules page): each Quàn (four identical cards) is exposed at once as a
    group worth 8, in kind order, and leaves the private hand; the dealer (here seat 1)
    has the turn and owes the opening discard; a complete non-dealer does not win."""
    dealt = "GP GP GP GP RK RK RK RK RA YC"
    st = table(dealt, "WA WA WA WA GC YC", "YK YA YE", stock="YK YH", dealer=1)
    assert st.exposed[0] == (
        Group("quad", (c("RK"),) * 4, 8, "quan"),
        Group("quad", (c("GP"),) * 4, 8, "quan"),
    )
    assert st.exposed[1] == (Group("quad", (c("WA"),) * 4, 8, "quan"),)
    assert st.exposed[2] == ()
    assert st.hands[0] == hand_of(parse_cards("RA YC"))
    assert st.dealt[0] == tuple(sorted(parse_cards(dealt)))
    assert st.stock == tuple(parse_cards("YK YH"))
    assert (st.dealer, st.turn, st.phase, st.finished, st.winner) == (1, 1, DISCARD, False, None)
    assert st.khap_counts() == (0, 0, 0)


def test_complete_dealer_wins_wherever_seated() -> None:
    """A dealer with no rác wins at once (instant win ``dealer-complete``), here seat 1."""
    st = table("WA WE", "RK RA RE GP GP", dealer=1)
    assert (st.finished, st.winner, st.outcome, st.instant_win) == (
        True,
        1,
        "instant-win",
        "dealer-complete",
    )
    assert st.dealer == 1


# ---------------------------------------------------------------- copies


def test_a_copy_is_independent_of_the_original() -> None:
    """Bots and the referee try actions on copies: playing on a copy changes nothing in
    the original, not its hands, its groups nor whether someone must take."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC GA GE")
    assert obligation(st) is None
    cp = st.copy()
    assert cp == st
    plugin.apply(cp, Discard(0, c("YC")))
    assert obligation(cp) == (2, (c("YC"), c("YC")))
    assert obligation(st) is None
    plugin.apply(cp, take(2, "YC YC"))
    assert st.phase == DISCARD
    assert st.hands[0] == hand_of(parse_cards("RK RA RE YC GR"))
    assert st.hands[2] == hand_of(parse_cards("YC YC GA GE"))
    assert st.exposed[2] == ()
    assert legal(st) == {Discard(0, c("YC")), Discard(0, c("GR"))}
