"""The Tứ Sắc engine checked against its rules page and the design's record, referee and
``vncards analyze tusac`` contracts: rules that the other Tứ Sắc tests do not pin yet.

Engine positions are dealt by hand with few cards (``tests/tusac/_positions.py``);
the dealer is seat 0 unless said otherwise. Whole records are built by ``_record``:
each hand is a few chosen cards plus whole general or chariot sets of kinds the chosen
cards do not use, so every hand's rác are exactly the rác of its chosen cards.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result
from vncards.cli.app import app
from vncards.core import IllegalMove, RecordError, referee
from vncards.tusac import (
    CARD_CODES,
    DISCARD,
    Discard,
    Draw,
    Pass,
    TuSacRules,
    TuSacState,
    min_junk,
    obligation,
    plugin,
    worst_discards,
)

from tests.tusac._positions import c, legal, table, take

# enough stock that no draw in these short games meets the hòa limit of 7
FILLER = "WC WC WC WC YA YA YA YA"


def _refused(state: TuSacState, action: Any) -> str:
    """The code ``action`` is refused with (the table is left unchanged)."""
    before = state.copy()
    with pytest.raises(IllegalMove) as info:
        plugin.apply(state, action)
    assert state == before
    return info.value.code


# ---------------------------------------------------------------- whole records

_SETS: tuple[tuple[str, str, str], ...] = (
    *((f"{col}K", f"{col}A", f"{col}E") for col in "RYGW"),
    *((f"{col}R", f"{col}C", f"{col}H") for col in "RYGW"),
)


def _record(
    chosen: dict[str, str], dealer: str, stock_head: str, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """A whole 112-card Tứ Sắc record: each player's chosen cards topped up with whole
    sets (distinct, sharing no kind with the chosen cards) to 20 cards, 21 for the dealer;
    the stock is ``stock_head`` then the rest of the deck in kind order."""
    left = dict.fromkeys(CARD_CODES, 4)
    for code in [*" ".join(chosen.values()).split(), *stock_head.split()]:
        left[code] -= 1
        assert left[code] >= 0, code
    hands: dict[str, list[str]] = {}
    for name, cards in chosen.items():
        hand = cards.split()
        need = (21 if name == dealer else 20) - len(hand)
        kinds = set(hand)
        for group in sorted(_SETS, key=lambda g: -min(left[k] for k in g)):
            if need == 0:
                break
            if kinds & set(group) or min(left[k] for k in group) == 0:
                continue
            hand.extend(group)
            kinds.update(group)
            for k in group:
                left[k] -= 1
            need -= 3
        assert need == 0, name
        hands[name] = hand
    stock = stock_head.split() + [k for k in CARD_CODES for _ in range(left[k])]
    return {
        "game": "tusac",
        "players": list(chosen),
        "hands": hands,
        "stock": stock,
        "actions": actions,
    }


def _lone_tuong_record() -> dict[str, Any]:
    """An (dealer) discards YC; Bình, dealt a complete hand (six sets and two lone YK),
    draws WK and takes it on its own: L = 6 + 2 + 1 = 9, so An and Chi pay 3 + 9 + 10."""
    return _record(
        {"An": "GA GE YC", "Bình": "YK YK", "Chi": "WA WE"},
        dealer="An",
        stock_head="WK",
        actions=[
            {"player": "An", "discard": "YC"},
            {"player": "Bình", "draw": True},
            {"player": "Bình", "take": []},
        ],
    )


def _verdict(data: dict[str, Any]) -> dict[str, Any]:
    report: dict[str, Any] = referee(plugin, data).model_dump(mode="json", by_alias=True)
    return report


# ---------------------------------------------------------------- deal


@pytest.mark.parametrize("n", [2, 3, 4])
def test_deal_sizes_and_dealer_opens(n: int) -> None:
    """Rules page, "Deal and turn": 2-4 players get 20 cards each and the dealer (cái) 21,
    the rest is the stock; the dealer acts first by discarding (here the dealer is seat
    ``n - 1``, as a match's previous winner would be)."""
    st = plugin.new_game(TuSacRules(), n, seed=11, first=n - 1)
    sizes = [len(h) for h in st.dealt]
    assert sizes == [20] * (n - 1) + [21]
    assert len(st.stock) == 112 - 20 * n - 1
    assert st.dealer == n - 1
    if not st.finished:
        assert (st.turn, st.phase) == (n - 1, DISCARD)
        assert {a.seat for a in plugin.legal_actions(st)} == {n - 1}
        assert all(isinstance(a, Discard) for a in plugin.legal_actions(st))


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_outside_two_to_four_is_refused(n: int) -> None:
    """Rules page, "Deal and turn": Tứ Sắc is for 2 to 4 players; a game or a record with
    another count is refused (a record with it cannot be read)."""
    assert plugin.player_range(TuSacRules()) == (2, 4)
    with pytest.raises(ValueError):
        plugin.new_game(TuSacRules(), n, seed=1)
    names = [f"P{i}" for i in range(n)]
    data = {"game": "tusac", "players": names, "hands": {p: [] for p in names}, "stock": []}
    with pytest.raises(RecordError):
        referee(plugin, data)


def test_deal_json_is_seeded_and_written_in_codes() -> None:
    """DESIGN, "deal": the same seed always gives the same deal, hands and stock, written
    in short codes (colour letter + piece letter), with the list of instant wins."""
    rules = TuSacRules()
    one = plugin.deal_json(rules, 3, seed=42)
    assert one == plugin.deal_json(rules, 3, seed=42)
    assert one != plugin.deal_json(rules, 3, seed=43)
    cards = [k for h in one["hands"].values() for k in h] + one["stock"]
    assert set(cards) <= set(CARD_CODES)
    assert sorted(len(h) for h in one["hands"].values()) == [20, 20, 21]
    assert isinstance(one["instant_wins"], list)


# ---------------------------------------------------------------- rule 2: Khạp


def test_khap_of_tuong_must_take_the_tuong_rule_2_not_4a() -> None:
    """Rules page, rule 2 and exception 4(a): the Tướng exception is only the pair rule's.
    Seat 2 holds a Khạp of RK; the RK seat 1 draws must go into seat 2's Khui, so seat 1
    may neither pass nor take it alone."""
    st = table("RA RE RR YC", "WA WE", "RK RK RK GA GE", stock=f"RK {FILLER}")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    assert obligation(st) == (2, (c("RK"),) * 3)
    assert legal(st) == {take(2, "RK RK RK")}
    assert _refused(st, Pass(1)) == "must-take"
    assert _refused(st, take(1)) == "must-take"
    plugin.apply(st, take(2, "RK RK RK"))
    assert [(g.name, g.lenh) for g in st.exposed[2]] == [("khui", 6)]
    assert (st.phase, st.turn) == (DISCARD, 2)


def test_drawer_holding_the_khap_must_take_the_drawn_card_rule_2() -> None:
    """Rules page, rule 2 (the drawn card follows the same priorities): seat 1 holds a
    Khạp of YH and draws the fourth YH; it must make the Khui and may not pass."""
    st = table("RA RE RR YC", "YH YH YH WA WE", "GA", stock=f"YH {FILLER}")
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, Draw(1))
    assert legal(st) == {take(1, "YH YH YH")}
    assert _refused(st, Pass(1)) == "must-take"


# ---------------------------------------------------------------- rule 4: pair


def test_pair_rule_exception_b_covers_xe_and_ma() -> None:
    """Rules page, exception 4(b): exactly two rác Xe + Mã (of one colour) excuse the pair
    holder like Xe + Pháo and Pháo + Mã: seat 2 need not and may not take the YC."""
    st = table("RK RA RE YC GA", "WA WE", "YC YC WR WH")
    plugin.apply(st, Discard(0, c("YC")))
    assert obligation(st) is None
    assert _refused(st, take(2, "YC YC")) == "not-your-turn"
    assert legal(st) == {Draw(1)}


@pytest.mark.parametrize("waiting", ["RA RE", "GA GE"])
def test_pair_rule_exception_b_lists_only_chot_and_xe_phao_ma(waiting: str) -> None:
    """Rules page, exception 4(b) names only two Chốt, Xe+Pháo, Xe+Mã and Pháo+Mã: two rác
    Sĩ + Tượng of one colour (which also wait for one card, the Tướng) do not excuse the
    pair holder, who must take the YC."""
    st = table("RK RA RE YC GA", "WA WE", f"YC YC {waiting}")
    plugin.apply(st, Discard(0, c("YC")))
    assert obligation(st) == (2, (c("YC"), c("YC")))
    assert legal(st) == {take(2, "YC YC")}


def test_winner_overrides_a_forced_pair_take_rule_1_over_4() -> None:
    """Rules page, priority order: rule 1 beats rule 4. While seat 2 must take YC into a
    triple, seat 3 may still win with YR YH; nothing else is legal."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC GA GE", "YR YH")
    plugin.apply(st, Discard(0, c("YC")))
    assert legal(st) == {take(2, "YC YC"), take(3, "YR YH")}
    plugin.apply(st, take(3, "YR YH"))
    assert (plugin.result(st).outcome, plugin.result(st).winner) == ("win", 3)


def test_out_of_turn_taker_plays_on_and_the_seats_between_are_skipped() -> None:
    """Rules page, "Deal and turn": whoever takes discards a rác and the next player is the
    one after them. Seat 2 takes seat 0's YC out of turn, discards its worst rác WP (GA,
    GE have 7 outs each, WP 3), and seat 3 plays next; seat 1 never gets its turn."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC GA GE WP", "WE WA", stock=FILLER)
    plugin.apply(st, Discard(0, c("YC")))
    assert _refused(st, Draw(1)) == "must-take"
    plugin.apply(st, take(2, "YC YC"))
    assert worst_discards(st, 2) == ([c("WP")], {c("GA"): 7, c("GE"): 7, c("WP"): 3})
    plugin.apply(st, Discard(2, c("WP")))
    assert st.violations == ()
    assert st.turn == 3
    assert legal(st) == {Draw(3)}
    assert _refused(st, Draw(1)) == "not-your-turn"


# ---------------------------------------------------------------- win and hòa


def test_discarding_the_last_rac_is_not_a_win() -> None:
    """Rules page, "Win": a win is a take that leaves no rác. Seat 1 takes GR with GC GH
    and discards its last rác WA: its hand has no rác but the game goes on; on the next
    card, a drawn YK, seat 1 may take it on its own out of turn and wins with L = 3
    (chariot set, general set, lone Tướng): 3 + 3 + 10 = 16 from each loser."""
    st = table("RK RA RE GR YC", "GC GH WA YK YA YE", "WE WA", stock=f"RK {FILLER}")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, take(1, "GC GH"))
    plugin.apply(st, Discard(1, c("WA")))
    assert min_junk(st.hands[1]) == 0
    assert not st.finished
    assert plugin.result(st).payments == (0, 0, 0)
    plugin.apply(st, Draw(2))
    assert take(1) in legal(st)
    plugin.apply(st, take(1))
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("win", 1, (-16, 32, -16))


def test_seven_left_still_allows_a_take_only_a_draw_ends_it() -> None:
    """Rules page, "Draw (hòa)": the game ends when a draw would be needed with 7 cards
    left, not as soon as 7 are left: seat 1 may still take GR with GC GH and discard;
    seat 2's draw then ends the game drawn, with no payment."""
    st = table("RK RA RE GR YC", "GC GH WA WE", "YA YE", stock="WC WC WC WC YK YK YK")
    plugin.apply(st, Discard(0, c("GR")))
    assert st.stock_left() == 7
    assert legal(st) == {Draw(1), take(1, "GC GH")}
    plugin.apply(st, take(1, "GC GH"))
    plugin.apply(st, Discard(1, c("WA")))
    assert not st.finished
    plugin.apply(st, Draw(2))
    res = plugin.result(st)
    assert (res.finished, res.outcome, res.winner, res.payments) == (True, "draw", None, (0, 0, 0))


# ---------------------------------------------------------------- đền


def test_dealer_opening_discard_carries_no_den() -> None:
    """Rules page, "Đền": the worst-rác duty comes after taking a card. The dealer's
    opening YR is not its worst rác (GA has 3 outs, YR and YC 7), yet when seat 2 wins on
    it every loser pays its own 13 and no violation is recorded."""
    st = table("RK RA RE YR YC GA", "WK", "YR")
    assert worst_discards(st, 0)[0] == [c("GA")]
    plugin.apply(st, Discard(0, c("YR")))
    plugin.apply(st, take(2, "YR"))
    res = plugin.result(st)
    assert res.violations == ()
    assert res.payments == (-13, -13, 26)


def test_den_after_an_out_of_turn_take() -> None:
    """Rules page, "Đền": any take owes the worst rác, an out-of-turn one too. Seat 2 takes
    YC into a triple, discards GA (7 outs) instead of WP (3); seat 3 wins on that GA with
    a pair (L = 1, the taken triple being seat 2's): seat 2 pays 3 × 13, the rest nothing."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC GA GE WP", "GA", stock=FILLER)
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, take(2, "YC YC"))
    plugin.apply(st, Discard(2, c("GA")))
    assert [(v.index, v.seat, v.rule) for v in st.violations] == [(2, 2, "den")]
    plugin.apply(st, take(3, "GA"))
    assert plugin.result(st).payments == (0, 0, -39, 39)


# ---------------------------------------------------------------- scoring


def test_winner_with_a_dealt_quan_is_doubled() -> None:
    """Rules page, "Scoring": a winner with a Quàn is paid (3 + L) × 2 + 10. Seat 1 (not
    the dealer) was dealt YP × 4 and wins with GC GH on GR: L = 8 + 1, 34 per loser."""
    st = table("RK RA RE GR YC", "YP YP YP YP GC GH", "WA")
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, take(1, "GC GH"))
    assert plugin.result(st).payments == (-34, 68, -34)


def test_quan_and_khui_double_once() -> None:
    """Rules page, "Scoring": a Quàn or a Khui doubles (3 + L) once; having both does not
    double again. Seat 1 (Quàn YP, Khạp GC, lone RK) must take GC and wins with the Khui:
    L = 8 + 6 + 1 = 15, (3 + 15) × 2 + 10 = 46 per loser."""
    st = table("RK RA RE GC YC", "YP YP YP YP GC GC GC RK", "WA")
    plugin.apply(st, Discard(0, c("GC")))
    assert legal(st) == {take(1, "GC GC GC")}
    plugin.apply(st, take(1, "GC GC GC"))
    assert plugin.result(st).payments == (-46, 92, -46)


def test_loser_with_two_khap_is_paid_for_each_by_other_losers_only() -> None:
    """Rules page, "Scoring": a loser's Khạp earns 3 from every other loser, none from the
    winner. Seat 1 wins with L = 1 (14 a loser); seat 2 holds two Khạp: seats 0 and 3 pay
    it 6 each. Seat 0: -14 - 6; seat 2: -14 + 12; seat 1: +42."""
    st = table("RK RA RE GR YC", "GC GH", "WA WA WA YE YE YE RP", "WK")
    assert st.khap_counts() == (0, 0, 2, 0)
    plugin.apply(st, Discard(0, c("GR")))
    plugin.apply(st, take(1, "GC GH"))
    assert plugin.result(st).payments == (-20, 42, -2, -20)


def test_loser_khui_made_in_play_is_paid_by_winner_and_losers() -> None:
    """Rules page, "Scoring": a loser's Khui earns 6 from the winner and from every other
    loser (and nothing more for the Khạp it came from). Seat 2 makes a Khui of YC,
    discards GA, seat 3 wins on it with a pair (L = 0, 13 a loser).
    Seat 0: -13 - 6; seat 2: -13 + 3 × 6; seat 3: +39 - 6."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC YC GA", "GA", stock=FILLER)
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, take(2, "YC YC YC"))
    plugin.apply(st, Discard(2, c("GA")))
    plugin.apply(st, take(3, "GA"))
    assert plugin.result(st).payments == (-19, -19, 5, 33)


def test_loser_taken_triple_earns_nothing() -> None:
    """Rules page, "Scoring": losers are paid only for Quàn, Khui and Khạp; a triple made
    by taking is none of these. Seat 2 takes YC into a triple, discards GA, and seat 3 wins
    on it with a pair: every loser pays 13, seat 2 included."""
    st = table("RK RA RE YC GR", "WA WE", "YC YC GA", "GA", stock=FILLER)
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, take(2, "YC YC"))
    plugin.apply(st, Discard(2, c("GA")))
    plugin.apply(st, take(3, "GA"))
    assert plugin.result(st).payments == (-13, -13, -13, 39)


# ---------------------------------------------------------------- records and referee


def test_record_lone_tuong_take_is_an_empty_list() -> None:
    """DESIGN, record actions: ``"take": []`` takes an active Tướng on its own. Bình, dealt
    a complete hand (no instant win: only the dealer wins at once), takes the drawn WK
    alone and wins: An and Chi pay (3 + 9) + 10 = 22 each, itemised as ``win``."""
    report = _verdict(_lone_tuong_record())
    assert report == {
        "game": "tusac",
        "variant": "standard",
        "legal": True,
        "finished": True,
        "outcome": "win",
        "winner": "Bình",
        "instant_win": None,
        "payments": {"An": -22, "Bình": 44, "Chi": -22},
        "transfers": [
            {"from": "An", "to": "Bình", "amount": 22, "reason": "win"},
            {"from": "Chi", "to": "Bình", "amount": 22, "reason": "win"},
        ],
        "violations": [],
        "error": None,
    }


def test_record_bet_multiplies_every_payment() -> None:
    """DESIGN, game record and referee: ``bet`` (default 1) is the stake per lá; payments
    are net lá × bet."""
    data = _lone_tuong_record()
    data["bet"] = 3
    assert _verdict(data)["payments"] == {"An": -66, "Bình": 132, "Chi": -66}


def test_record_first_is_not_used() -> None:
    """DESIGN, "Tứ Sắc" records: the dealer (the 21-card hand) acts first and ``first`` is
    not used: naming another player there changes nothing in the verdict."""
    data = _lone_tuong_record()
    expected = _verdict(data)
    for name in ("Bình", "Chi"):
        other = copy.deepcopy(data)
        other["first"] = name
        assert _verdict(other) == expected


def _cli_referee(data: dict[str, Any]) -> Result:
    runner = CliRunner()
    return runner.invoke(
        app,
        ["referee", "-", "--json"],
        input=json.dumps(data, ensure_ascii=False),
        env={"VNCARDS_PLUGINS": "tusac"},
    )


def test_cli_referee_output_and_exit_codes() -> None:
    """DESIGN, "Referee": ``vncards referee --json`` prints the eleven fields and exits 0 for a
    legal record; an illegal action gives ``legal: false`` and an error naming its index,
    player, code and message, exit 1; a deal that is not a deal is one line on stderr,
    exit 2."""
    data = _lone_tuong_record()
    ok = _cli_referee(data)
    assert ok.exit_code == 0, ok.output
    out = json.loads(ok.stdout)
    assert set(out) == {
        "game",
        "variant",
        "legal",
        "finished",
        "outcome",
        "winner",
        "instant_win",
        "payments",
        "transfers",
        "violations",
        "error",
    }
    assert (out["legal"], out["winner"], sum(out["payments"].values())) == (True, "Bình", 0)
    assert [(t["from"], t["to"], t["amount"]) for t in out["transfers"]] == [
        ("An", "Bình", 22),
        ("Chi", "Bình", 22),
    ]

    bad = copy.deepcopy(data)
    bad["actions"][1] = {"player": "Chi", "draw": True}
    illegal = _cli_referee(bad)
    assert illegal.exit_code == 1, illegal.output
    out = json.loads(illegal.stdout)
    assert out["legal"] is False
    assert set(out["error"]) == {"index", "player", "code", "message"}
    assert (out["error"]["index"], out["error"]["player"], out["error"]["code"]) == (
        1,
        "Chi",
        "not-your-turn",
    )

    broken = copy.deepcopy(data)
    broken["stock"][-1] = broken["stock"][0]  # a fifth copy of one card
    unread = _cli_referee(broken)
    assert unread.exit_code == 2
    assert len(unread.stderr.strip().splitlines()) == 1


def test_referee_reports_den_violation_with_player_name() -> None:
    """DESIGN, "Referee": a đền is a violation ``{index, player, rule, message}``.
    An discards YC; Chi takes it with YC YC out of turn, keeps GA GE (7 outs each) and WP
    (3) and discards GA: violation at action 2. An, next after Chi, then draws (the đền
    lapses): legal, unfinished, nothing paid."""
    data = _record(
        {"An": "RA RE YC", "Bình": "WA WE", "Chi": "YC YC GA GE WP"},
        dealer="An",
        stock_head="",
        actions=[
            {"player": "An", "discard": "YC"},
            {"player": "Chi", "take": ["YC", "YC"]},
            {"player": "Chi", "discard": "GA"},
            {"player": "An", "draw": True},
        ],
    )
    report = _verdict(data)
    assert report["legal"] is True
    assert report["finished"] is False
    [v] = report["violations"]
    assert set(v) == {"index", "player", "rule", "message"}
    assert (v["index"], v["player"], v["rule"]) == (2, "Chi", "den")
    assert report["payments"] == {"An": 0, "Bình": 0, "Chi": 0}


# ---------------------------------------------------------------- vncards analyze tusac


def _analyze(*cards: str) -> Result:
    return CliRunner().invoke(
        app, ["analyze", "tusac", *cards, "--json"], env={"VNCARDS_PLUGINS": "tusac"}
    )


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (
            ["GR", "GR", "GR"],
            {"junk": 0, "complete": True, "groups": [["GR", "GR", "GR"]], "points": 3},
        ),
        (
            ["YP", "YP", "YP", "YP"],
            {"junk": 0, "complete": True, "groups": [["YP", "YP", "YP", "YP"]], "points": 8},
        ),
        (
            ["YR", "YR", "YR", "YC", "YH"],
            {"junk": 2, "complete": False, "groups": [["YR", "YR", "YR"]], "points": 0},
        ),
    ],
)
def test_analyze_khap_and_quan(cards: list[str], expected: dict[str, Any]) -> None:
    """DESIGN, ``analyze tusac``: three identical cards are a Khạp (3 lệnh), four a Quàn
    (8); a Khạp stays locked, so YR × 3 + YC YH keeps 2 rác and scores 0 (incomplete)."""
    result = _analyze(*cards)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == expected


def test_analyze_points_are_the_best_complete_grouping() -> None:
    """Rules page, "Scoring", through ``analyze``: RP YP GP WP twice is complete as four
    pairs (0) or as two groups of four Chốt (2 + 2): points 4; RP RP YP YP GP GP: as
    two soldiers' groups of three, 2."""
    out = json.loads(_analyze("RP", "YP", "GP", "WP", "RP", "YP", "GP", "WP").stdout)
    assert (out["junk"], out["complete"], out["points"]) == (0, True, 4)
    assert sorted(len(g) for g in out["groups"]) == [4, 4]
    out = json.loads(_analyze("RP", "RP", "YP", "YP", "GP", "GP").stdout)
    assert (out["junk"], out["complete"], out["points"]) == (0, True, 2)


def test_analyze_reads_vietnamese_names_and_refuses_a_fifth_copy() -> None:
    """DESIGN, notation: ``chuột`` is ``chốt``, names without diacritics too; a fifth copy
    of a card is input that cannot be read: exit 2, the token named."""
    out = json.loads(_analyze("chuột đỏ", "chot vang", "CHỐT XANH").stdout)
    assert out == {"junk": 0, "complete": True, "groups": [["RP", "YP", "GP"]], "points": 1}
    bad = _analyze("GA", "GA", "GA", "GA", "GA")
    assert bad.exit_code == 2
    assert "'GA'" in bad.stderr
    assert "Traceback" not in bad.output
