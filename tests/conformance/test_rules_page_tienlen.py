"""Tiến lên miền Nam (đếm lá) checked against its rules page and the record/referee/CLI
contracts: rules and edge cases the other Tiến lên tests do not pin yet.

Each test names the rule it checks; positions are built from explicit (often short)
hands with ``plugin.start``, records are written by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result
from vncards.cli.app import app
from vncards.core import (
    Pass,
    Play,
    RecordError,
    classify,
    referee,
)
from vncards.tienlen import COMBO_RULES, TienLenRules, plugin

from tests.tienlen._positions import BA_BICH, DEM_LA, mask, pass_, play, refused, table

NO_INSTANT = TienLenRules(instant_wins=())


def beats(over: str, play_: str) -> dict[str, bool]:
    return plugin.beats_cards(DEM_LA, over.split(), play_.split())


def cli(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"VNCARDS_PLUGINS": "tienlen"})


# ------------------------------------------------------------------ combinations


def test_pair_run_compared_by_its_highest_card() -> None:
    """Rules page, Combinations (đôi thông): pair-runs of the same length compare by their
    highest card, rank then suit — 33-44-55 topped by 5♥ beats one topped by 5♦ even
    though the loser holds the higher 3 and 4."""
    assert beats("3S 3H 4S 4H 5S 5D", "3C 3D 4C 4D 5C 5H") == {"beats": True, "chop": True}
    assert beats("3C 3D 4C 4D 5C 5H", "3S 3H 4S 4H 5S 5D") == {"beats": False, "chop": False}
    # a higher rank wins whatever the suits
    assert beats("3D 3H 4D 4H 5D 5H", "4S 4C 5S 5C 6S 6C")["beats"]


def test_pairs_and_triples_of_twos_rank_highest_and_beating_them_is_no_chop() -> None:
    """Rules page, Cards and Combinations: the 2 is the highest rank; a pair compares by
    its higher suit (2♠2♥ beats 2♣2♦); beating a pair or triple with 2s is an ordinary
    beat, not a chop."""
    assert beats("2C 2D", "2S 2H") == {"beats": True, "chop": False}
    assert beats("2S 2H", "2C 2D") == {"beats": False, "chop": False}
    assert beats("AS AH", "2S 2C") == {"beats": True, "chop": False}
    assert beats("AS AC AD", "2S 2C 2D") == {"beats": True, "chop": False}
    assert beats("2S 2C 2D", "AS AC AD") == {"beats": False, "chop": False}


def test_straight_may_end_on_the_ace_and_span_twelve_ranks() -> None:
    """Rules page, Combinations (sảnh): at least three consecutive ranks, no 2 — so Q K A
    is a straight, and so is the whole run 3…A (twelve cards), which beats a lower run
    of twelve only."""
    qka = classify(mask("QS KD AH"), COMBO_RULES)
    assert qka is not None
    assert qka.kind.code == "straight"
    longest = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    combo = classify(mask(longest), COMBO_RULES)
    assert combo is not None
    assert (combo.kind.code, combo.length) == ("straight", 12)
    other = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AH"
    assert beats(longest, other) == {"beats": True, "chop": False}
    assert beats(other, longest) == {"beats": False, "chop": False}


def test_long_pair_runs_are_plays_but_not_bombs() -> None:
    """Rules page, Combinations and Chặt: five or six consecutive pairs are a pair-run
    (đôi thông ≥ 3 pairs) that beats only a pair-run of the same length; only 3 and 4
    đôi thông appear in the chop table, so a 5 or 6 đôi thông chops nothing."""
    five_low = "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C"
    five_high = "4D 4H 5D 5H 6D 6H 7D 7H 8D 8H"
    six = "3D 3H 4D 4H 5D 5H 6D 6H 7D 7H 8S 8C"
    for cards in (five_low, six):
        combo = classify(mask(cards), COMBO_RULES)
        assert combo is not None
        assert combo.kind.code == "pair-run"
    assert beats(five_low, five_high) == {"beats": True, "chop": False}
    assert beats(five_low, six) == {"beats": False, "chop": False}
    assert beats("2H", six) == {"beats": False, "chop": False}
    assert beats("9S 9C 9D 9H", five_high) == {"beats": False, "chop": False}
    assert beats("3S 3C 4S 4C 5S 5C 6S 6C", five_high) == {"beats": False, "chop": False}


@pytest.mark.parametrize(
    ("over", "play_"),
    [
        ("AH", "7S 7C 7D 7H"),  # tứ quý chops a 2, not an ace
        ("AS AH", "7S 7C 7D 7H"),  # nor a pair of aces
        ("AS AC AD", "7S 7C 7D 7H"),  # nor a triple
        ("3S 4D 5C 6H", "9S 9C 9D 9H"),  # no bomb chops a straight
        ("3S 4D 5C 6H", "8S 8C 9S 9C 10S 10C JS JC"),
        ("KH", "3S 3C 4S 4C 5S 5C 6S 6C"),  # 4 đôi thông: a 2, not a king
        ("2S 2C 2D", "3S 3C 4S 4C 5S 5C 6S 6C"),  # nor three 2s
        ("3S 3C 4S 4C 5S 5C 6S 6C", "9S 9C 10S 10C JS JC"),  # 3 đôi thông: no 4 đôi thông
        ("5S 5C 5D 5H", "9S 9C 10S 10C JS JC"),  # nor a tứ quý
        ("8S 8C", "3S 3C 4S 4C 5S 5C"),  # nor a pair that is not of 2s
    ],
)
def test_bombs_chop_only_what_the_chop_table_lists(over: str, play_: str) -> None:
    """Rules page, Chặt: a hàng beats another shape only through a row of the chop table
    (single 2, pair of 2s, 3 đôi thông, tứ quý, smaller 4 đôi thông); everything else of
    another shape it does not beat."""
    assert beats(over, play_) == {"beats": False, "chop": False}


def test_straight_on_the_table_is_answered_only_by_straights() -> None:
    """Rules page: a play beats the table only as the same type and size (chops aside,
    and no chop row targets a straight): over 3-4-5 a hand holding a tứ quý and a 3 đôi
    thông is offered only higher three-card straights, or a pass."""
    state = table(
        ["3S 4S 5S 9H", "6C 7C 8C JS JC JD JH 10S 10C QS QC KD", "AH KH"], rules=NO_INSTANT
    )
    play(state, 0, "3S 4S 5S")
    offered = plugin.legal_actions(state)
    assert Pass(1) in offered
    assert Play(1, mask("6C 7C 8C")) in offered
    for action in offered:
        if isinstance(action, Play):
            combo = classify(action.cards, COMBO_RULES)
            assert combo is not None
            assert (combo.kind.code, combo.length) == ("straight", 3)
    assert refused(state, Play(1, mask("JS JC JD JH"))) == "does-not-beat"
    assert refused(state, Play(1, mask("10S 10C JS JC QS QC"))) == "does-not-beat"


# ------------------------------------------------------------------ chặt in play


def test_two_beaten_by_a_higher_two_then_chopped_the_last_two_pays() -> None:
    """Rules page, Chặt: whoever is chopped pays the value of what was chopped. A plays
    2♠, B beats it with 2♥ (no chop), C chops with 3 đôi thông: B pays C 6 (a red 2),
    A pays nothing."""
    state = table(["2S 9H", "2H 10H", "3S 3C 4S 4C 5S 5C JH", "KH QH"])
    play(state, 0, "2S")
    play(state, 1, "2H")
    play(state, 2, "3S 3C 4S 4C 5S 5C")
    assert (state.chain_value, state.chain_victim, state.chain_chopper) == (6, 1, 2)
    pass_(state, 3)
    pass_(state, 0)
    pass_(state, 1)
    assert state.table is None
    assert state.turn == 2
    assert plugin.result(state).payments == (0, -6, 6, 0)


def test_chopped_player_may_chop_back_and_collects_the_chain() -> None:
    """Rules page, Chặt chồng: the chain accumulates and the last player chopped pays it
    all to the last chopper — even when the last chopper is the one first chopped:
    A 2♠, B chops with 3 đôi thông, A chops back with tứ quý → B pays A 3 + 12 = 15."""
    state = table(["2S 7S 7C 7D 7H 9H", "3S 3C 4S 4C 5S 5C 10H", "JH QS", "KH QH"])
    play(state, 0, "2S")
    play(state, 1, "3S 3C 4S 4C 5S 5C")
    pass_(state, 2)
    pass_(state, 3)
    play(state, 0, "7S 7C 7D 7H")
    assert (state.chain_value, state.chain_victim, state.chain_chopper) == (15, 1, 0)
    pass_(state, 1)
    assert state.table is None
    assert state.turn == 0
    assert plugin.result(state).payments == (15, -15, 0, 0)


def test_passed_player_comes_back_to_chop_a_chop_under_passed_may_chop() -> None:
    """Rules page, setting passed_may_chop: a passed player may come back only to chop —
    a chặt chồng counts. A leads 5♠, B passes, C plays 2♠, D chops with 33-44-55, A
    passes; with the setting B comes back with 77-88-99 (chain 3 + 12 = 15, D pays B);
    without it B stays locked out and C pays D 3."""
    hands = ["5S 9H 10H", "7S 7C 8S 8C 9S 9C JH", "2S 6H", "3S 3C 4S 4C 5D 5C QH"]
    on = table(hands, rules=BA_BICH)
    off = table(hands, rules=DEM_LA)
    for state in (on, off):
        play(state, 0, "5S")
        pass_(state, 1)
        play(state, 2, "2S")
        play(state, 3, "3S 3C 4S 4C 5D 5C")
        pass_(state, 0)
    assert on.turn == 1
    play(on, 1, "7S 7C 8S 8C 9S 9C")
    pass_(on, 2)
    pass_(on, 3)
    assert on.table is None
    assert on.turn == 1  # the comeback chopper played last: it leads
    assert plugin.result(on).payments == (0, 15, 0, -15)
    assert off.turn == 2
    assert refused(off, Play(1, mask("7S 7C 8S 8C 9S 9C"))) == "not-your-turn"
    pass_(off, 2)
    assert off.table is None
    assert plugin.result(off).payments == (0, 0, -3, 3)


def test_chop_values_follow_the_thoi_settings() -> None:
    """Rules page, Chặt: a chop costs the thối value of what was chopped, and the thối
    values are settings: with black 2 = 5 and tứ quý = 20, a 2♠ chopped by 6666, then
    chopped over by 9999, costs the last victim 5 + 20 = 25."""
    rules = TienLenRules(thoi_black_two=5, thoi_quad=20)
    state = table(["2S 3D", "6S 6C 6D 6H 4D", "9S 9C 9D 9H 4H"], rules=rules)
    play(state, 0, "2S")
    play(state, 1, "6S 6C 6D 6H")
    assert state.chain_value == 5
    play(state, 2, "9S 9C 9D 9H")
    pass_(state, 0)
    pass_(state, 1)
    assert plugin.result(state).payments == (0, -25, 25)


# ------------------------------------------------------------------ rounds


def test_pass_lock_lifts_when_the_round_ends() -> None:
    """Rules page, Rounds: a pass locks the player out until the round ends — in the next
    round the same player may beat the table again."""
    state = table(["4S 10S", "5S 9S KH", "6S 8S JH", "7S QS"])
    play(state, 0, "4S")
    pass_(state, 1)
    play(state, 2, "6S")
    pass_(state, 3)
    pass_(state, 0)
    assert state.table is None
    assert state.turn == 2
    play(state, 2, "8S")
    pass_(state, 3)
    pass_(state, 0)
    assert state.turn == 1
    play(state, 1, "9S")  # Bình, locked out last round, plays again
    assert state.table_seat == 1


def test_leader_of_a_new_round_may_lead_any_combination() -> None:
    """Rules page, Rounds: the leader plays any combination — a hàng or a 2 included."""
    state = table(["3S 3C 4S 4C 5S 5C 2H 9D", "KH QH"], rules=NO_INSTANT)
    codes = {
        c.kind.code
        for a in plugin.legal_actions(state)
        if isinstance(a, Play) and (c := classify(a.cards, COMBO_RULES)) is not None
    }
    assert codes == {"single", "pair", "straight", "pair-run"}
    assert Play(0, mask("2H")) in plugin.legal_actions(state)
    play(state, 0, "3S 3C 4S 4C 5S 5C")
    assert state.table is not None
    assert state.chain_value == 0  # a led hàng is no chop


# ------------------------------------------------------------------ tới trắng


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        # 33-44-55-66-77 and a sixth pair 99: five-pair-run outranks six-pairs
        ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 9S 9C KH", "five-pair-run"),
        # all four 2s and four more pairs: four-twos outranks six-pairs
        ("2S 2C 2D 2H 3S 3C 5S 5C 7S 7C 9S 9C KH", "four-twos"),
    ],
)
def test_hand_holding_two_instant_wins_reports_the_stronger(cards: str, code: str) -> None:
    """Rules page, Tới trắng: the order is dragon > four-twos > five-pair-run > six-pairs;
    a hand that is two of them wins as the stronger one."""
    state = table([cards, "8H 10H"])
    res = plugin.result(state)
    assert (res.finished, res.outcome, res.winner, res.instant_win) == (
        True,
        "instant-win",
        0,
        code,
    )
    assert res.payments == (2, -2)


def test_instant_win_tie_counts_turn_order_from_the_first_player_of_a_later_game() -> None:
    """Rules page, Tới trắng: tới trắng is checked right after every deal, and between
    equal hands the earliest in turn order from the first player wins — also when the
    first player is a previous winner (seat 2 here: order 2, 3, 0, 1)."""
    hands = [
        "3S 3C 5S 5C 7S 7C 9S 9C JS JC KS KC 2S",  # six pairs
        "3D 3H 4D 5D 6H 7D 8D 9D 10D JD QD KD 2D",
        "4H 5H 6D 7H 8H 9H 10H JH QH KH AD AH 2H",
        "4S 4C 6S 6C 8S 8C 10S 10C QS QC AS AC 2C",  # six pairs
    ]
    for first, winner in ((2, 3), (3, 3), (0, 0), (1, 3)):
        res = plugin.result(table(hands, first=first))
        assert (res.winner, res.instant_win) == (winner, "six-pairs"), first


# ------------------------------------------------------------------ dealing


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_deal_gives_thirteen_cards_each_and_the_rest_stay_out(n_players: int) -> None:
    """Rules page, Cards and table: a 52-card deck, 2–4 players, 13 cards each; undealt
    cards stay out of play (nobody holds them, and playing one is refused)."""
    state = plugin.new_game(NO_INSTANT, n_players, seed=17)
    dealt = 0
    for hand in state.hands:
        assert hand.bit_count() == 13
        assert not dealt & hand
        dealt |= hand
    assert dealt.bit_count() == 13 * n_players
    assert plugin.new_game(NO_INSTANT, n_players, seed=17).hands == state.hands
    if n_players < 4:
        undealt = ((1 << 52) - 1) & ~dealt
        card = undealt & -undealt
        low = state.hands[state.turn] & -state.hands[state.turn]
        assert refused(state, Play(state.turn, card)) == "card-not-in-hand"
        assert refused(state, Play(state.turn, card | low)) == "card-not-in-hand"


@pytest.mark.parametrize("n_players", [1, 5])
def test_tables_of_other_sizes_are_refused(n_players: int) -> None:
    """Rules page, Cards and table: 2–4 players — a deal for 1 or 5 is refused, by the
    library and by ``vncards deal`` (exit 2, one line)."""
    with pytest.raises(ValueError, match="2 to 4"):
        plugin.new_game(DEM_LA, n_players, seed=1)
    result = cli("deal", "tienlen", "--players", str(n_players), "--seed", "1", "--json")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_cli_deal_is_seeded_and_names_who_leads() -> None:
    """DESIGN, ``vncards deal``: hands and instant wins, the same seed giving the same
    deal; with two players each gets 13 cards, written in short notation."""
    first = cli("deal", "tienlen", "--players", "2", "--seed", "23", "--json")
    again = cli("deal", "tienlen", "--players", "2", "--seed", "23", "--json")
    assert first.exit_code == 0
    data: dict[str, Any] = json.loads(first.stdout)
    assert data == json.loads(again.stdout)
    assert data["players"] == ["P1", "P2"]
    assert [len(data["hands"][p]) for p in data["players"]] == [13, 13]
    assert data["first"] in data["players"]
    assert isinstance(data["instant_wins"], list)
    cards = data["hands"]["P1"] + data["hands"]["P2"]
    assert len(set(cards)) == 26
    assert all(c[:-1] in {"3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"}
               and c[-1] in "SCDH" for c in cards)  # fmt: skip


# ------------------------------------------------------------------ records and referee

# Plain 13-card hands with no tới trắng and no hàng (Chi is the third, for three players).
AN = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "2S", "2C"]
BINH = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "AS", "AC", "2D"]
CHI = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "KC", "2H"]


def test_record_turn_order_follows_players_not_the_order_of_hands() -> None:
    """DESIGN, Game record: ``players`` are in turn order (``hands`` is only the deal):
    with players An, Bình, Chi and first Bình, the order is Bình → Chi → An whatever
    order the hands are written in."""
    base: dict[str, Any] = {
        "game": "tienlen",
        "players": ["An", "Bình", "Chi"],
        "hands": {"Chi": CHI, "An": AN, "Bình": BINH},
        "first": "Bình",
    }
    good = dict(
        base,
        actions=[
            {"player": "Bình", "play": ["3C"]},
            {"player": "Chi", "play": ["4D"]},
            {"player": "An", "play": ["5S"]},
        ],
    )
    report = referee(plugin, good)
    assert report.legal
    assert report.payments == {"An": 0, "Bình": 0, "Chi": 0}
    bad = dict(
        base,
        actions=[{"player": "Bình", "play": ["3C"]}, {"player": "An", "play": ["5S"]}],
    )
    report = referee(plugin, bad)
    assert not report.legal
    assert report.error is not None
    assert (report.error.index, report.error.player, report.error.code) == (
        1,
        "An",
        "not-your-turn",
    )


def test_record_playing_an_undealt_card_is_illegal_not_unreadable() -> None:
    """DESIGN, Referee: a play of a card its player does not hold (here a card nobody was
    dealt, at a two-player table) is an illegal action — legal false, error at its index
    — not an unreadable record."""
    record = {
        "game": "tienlen",
        "players": ["An", "Bình"],
        "hands": {"An": AN, "Bình": BINH},
        "first": "An",
        "actions": [{"player": "An", "play": ["3D"]}],
    }
    report = referee(plugin, record)
    assert not report.legal
    assert report.error is not None
    assert (report.error.index, report.error.player, report.error.code) == (
        0,
        "An",
        "card-not-in-hand",
    )
    assert report.payments == {"An": 0, "Bình": 0}


def test_record_naming_an_unknown_first_player_or_actor_is_unreadable() -> None:
    """DESIGN, Game record: a name in ``first`` or ``actions`` that is not among the
    players makes the record unreadable."""
    base: dict[str, Any] = {
        "game": "tienlen",
        "players": ["An", "Bình"],
        "hands": {"An": AN, "Bình": BINH},
        "first": "An",
        "actions": [],
    }
    with pytest.raises(RecordError, match="Dũng"):
        referee(plugin, dict(base, first="Dũng"))
    with pytest.raises(RecordError, match="Dũng"):
        referee(plugin, dict(base, actions=[{"player": "Dũng", "pass": True}]))


def _seed_chain_record(bet: int) -> dict[str, Any]:
    """The seed's chặt chồng example as a four-player record (a full deal, no tới
    trắng): An 2♠, Bình chops with 33-44-55, Chi chops Bình with 9999, all pass."""
    return {
        "game": "tienlen",
        "players": ["An", "Bình", "Chi", "Dũng"],
        "bet": bet,
        "hands": {
            "An": ["2S", "6C", "7D", "8H", "10S", "JC", "QD", "KH", "AS", "4H", "5H", "6S", "7H"],
            "Bình": ["3C", "3D", "4C", "4D", "5C", "5D", "7S", "8C", "10H", "JD", "QH", "KS", "AC"],
            "Chi": ["9S", "9C", "9D", "9H", "JH", "QS", "KC", "AD", "2C", "3H", "6D", "8S", "10D"],
            "Dũng": ["3S", "4S", "5S", "6H", "7C", "8D", "10C", "JS", "QC", "KD", "AH", "2D", "2H"],
        },
        "first": "An",
        "actions": [
            {"player": "An", "play": ["2S"]},
            {"player": "Bình", "play": ["3C", "3D", "4C", "4D", "5C", "5D"]},
            {"player": "Chi", "play": ["9S", "9C", "9D", "9H"]},
            {"player": "Dũng", "pass": True},
            {"player": "An", "pass": True},
            {"player": "Bình", "pass": True},
        ],
    }


def test_cli_referee_pays_the_chop_chain_times_the_bet(tmp_path: Path) -> None:
    """DESIGN, Referee, with the rules page's chặt chồng example: ``vncards referee --json``
    prints exactly the contract's fields; an unfinished game pays only its settled chain
    (Bình pays Chi 3 + 12 = 15, An nothing, one ``chop`` transfer), in lá × bet (× 10),
    has no outcome or
    winner, and exits 0."""
    record = _seed_chain_record(bet=10)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    result = cli("referee", str(path), "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    out = json.loads(result.stdout)
    assert out == {
        "game": "tienlen",
        "variant": "dem-la",
        "legal": True,
        "finished": False,
        "outcome": None,
        "winner": None,
        "instant_win": None,
        "payments": {"An": 0, "Bình": -150, "Chi": 150, "Dũng": 0},
        "transfers": [{"from": "Bình", "to": "Chi", "amount": 150, "reason": "chop"}],
        "violations": [],
        "error": None,
    }


def test_finished_game_report_names_the_winner_and_no_instant_win() -> None:
    """DESIGN, Referee: a game won by going out reports outcome ``win``, the winner's name,
    ``instant_win`` null and no violations (Tiến lên has no penalised acts); payments sum
    to zero. Two players: An leads 3♠…K♠ (11 cards), Bình passes, An goes out on 2♠2♣ —
    Bình never played (cóng): 13 cards with a red 2 → (12 + 6) × 2 = 36."""
    record = {
        "game": "tienlen",
        "players": ["An", "Bình"],
        "hands": {"An": AN, "Bình": BINH},
        "first": "An",
        "actions": [
            {"player": "An", "play": AN[:11]},
            {"player": "Bình", "pass": True},
            {"player": "An", "play": ["2S", "2C"]},
        ],
    }
    report = referee(plugin, record)
    assert (report.legal, report.finished, report.outcome, report.winner) == (
        True,
        True,
        "win",
        "An",
    )
    assert report.instant_win is None
    assert report.violations == []
    assert report.payments == {"An": 36, "Bình": -36}


# ------------------------------------------------------------------ CLI queries


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("9H", "single"),
        ("9S 9H", "pair"),
        ("2S 2C 2D", "triple"),
        ("10H JH QS KD AC", "straight"),
        ("8S 8C 8D 8H", "quad"),
        ("5S 5C 6D 6H 7S 7C 8D 8H", "pair-run"),
        ("KS AS 2S", None),  # no 2 in a straight
        ("9S 9H 10S", None),
    ],
)
def test_cli_classify_uses_the_rules_page_codes(cards: str, code: str | None) -> None:
    """DESIGN, ``vncards classify``: combination codes are the rules page's (single, pair,
    triple, straight, quad, pair-run), or null; cards come back as ``10H``-style ids."""
    result = cli("classify", "tienlen", *cards.split(), "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["combo"] == code
    if code is not None:
        assert sorted(out["cards"]) == sorted(cards.split())


def test_cli_beats_reads_card_lists_and_answers_no_for_non_combinations() -> None:
    """DESIGN, ``vncards beats``: a card list is one argument, comma- or space-separated;
    cards that are no combination simply do not beat; a chop is flagged."""
    chop = {"beats": True, "chop": True}
    for over, play_ in (("2H", "7S 7C 7D 7H"), ("2 cơ", "7S,7C,7D,7H")):
        result = cli("beats", "tienlen", "--over", over, "--play", play_, "--json")
        assert result.exit_code == 0
        assert json.loads(result.stdout) == chop
    result = cli("beats", "tienlen", "--over", "3S 4S 5S", "--play", "KS AS 2S", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"beats": False, "chop": False}


def test_instant_win_tie_under_three_of_spades_counts_from_its_holder() -> None:
    """Rules page, Tới trắng and first_lead: between equal tới trắng hands the earliest in
    turn order from the first player wins; in a first game under ``three-of-spades`` (no
    ``first`` in the record) the first player is the holder of 3♠ — here Chi, so Dũng
    (after Chi) beats An to it."""
    hands = {
        "An": "3C 3D 5S 5C 7S 7C 9S 9C JS JC KS KC 2S",  # six pairs
        "Bình": "AH 4D 5D 6H 7D 8D 9D 10D JD QD KD AD 2D",
        "Chi": "3S 3H 4H 5H 6D 7H 8H 9H 10H JH QH KH 2H",  # holds 3♠
        "Dũng": "4S 4C 6S 6C 8S 8C 10S 10C QS QC AS AC 2C",  # six pairs
    }
    record: dict[str, Any] = {
        "game": "tienlen",
        "variant": "ba-bich",
        "players": ["An", "Bình", "Chi", "Dũng"],
        "hands": {name: cards.split() for name, cards in hands.items()},
        "actions": [],
    }
    report = referee(plugin, record)
    assert (report.outcome, report.winner, report.instant_win) == (
        "instant-win",
        "Dũng",
        "six-pairs",
    )
    assert sum(report.payments.values()) == 0
    record["first"] = "An"  # a later game led by An: An comes first
    assert referee(plugin, record).winner == "An"


def test_cli_moves_lists_every_lead_of_a_hand() -> None:
    """DESIGN, ``vncards moves`` (no ``--over``): every legal lead — 3♠ 3♣ 4♠ lead as
    three singles or the pair (3-4 is too short for a straight), none a chop."""
    result = cli("moves", "tienlen", "--hand", "3S 3C 4S", "--json")
    assert result.exit_code == 0
    moves = json.loads(result.stdout)["moves"]
    got = sorted((m["combo"], tuple(m["cards"]), m["chop"]) for m in moves)
    assert got == [
        ("pair", ("3S", "3C"), False),
        ("single", ("3C",), False),
        ("single", ("3S",), False),
        ("single", ("4S",), False),
    ]


def test_cli_rules_shows_the_settings_of_the_rules_page() -> None:
    """Rules page settings via ``vncards rules``: the default preset dem-la (random first
    lead, no comeback chop, thối 3/6/12/12/16, cóng ×2, all four tới trắng) and ba-bich
    differing only in first_lead and passed_may_chop."""
    result = cli("rules", "tienlen", "--json")
    assert result.exit_code == 0
    rules = json.loads(result.stdout)["rules"]
    assert (rules["first_lead"], rules["passed_may_chop"]) == ("random", False)
    assert (rules["min_players"], rules["max_players"], rules["hand_size"]) == (2, 4, 13)
    thoi = [
        rules[k]
        for k in (
            "thoi_black_two",
            "thoi_red_two",
            "thoi_quad",
            "thoi_three_pair_run",
            "thoi_four_pair_run",
        )
    ]
    assert thoi == [3, 6, 12, 12, 16]
    assert rules["cong_multiplier"] == 2
    assert rules["instant_wins"] == ["dragon", "four-twos", "five-pair-run", "six-pairs"]
    other = json.loads(cli("rules", "tienlen", "--variant", "ba-bich", "--json").stdout)
    assert other["differs_from_default"] == {
        "first_lead": "three-of-spades",
        "passed_may_chop": True,
    }
