"""The plugin machinery on a small climbing game: rules resolution, the referee loop,
bots, play_game / play_match and the ledger."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    Bot,
    BotFactory,
    ClimbEngine,
    ClimbState,
    Combo,
    Decision,
    GamePlugin,
    IllegalMove,
    Ledger,
    Pass,
    Play,
    RandomBot,
    RecordError,
    RulesError,
    SheddingAction,
    SheddingGame,
    load_record,
    play_game,
    play_match,
    record_game,
    referee,
    resolve_rules,
)
from vncards.core.testing import check_plugin

from tests.fakegames import CardsLeftHooks, HandRules, quad_chops_two


class MiniRules(HandRules):
    """Two settings: cards per hand and whether a passed player may come back to chop."""

    hand_size: int = 5
    passed_may_chop: bool = False


def _two_value(target: Combo) -> int:
    return 3 * target.length


class Mini(CardsLeftHooks[MiniRules], SheddingGame[MiniRules]):
    """A small climbing game: Tiến lên combinations, tứ quý chops a single 2 (3 lá),
    the winner collects one lá per card left, the first player is seat 0."""

    name = "mini"
    title = "Mini climbing game"
    rules_model = MiniRules
    presets: Mapping[str, MiniRules] = MappingProxyType(
        {
            "five": MiniRules(),
            "seven": MiniRules(hand_size=7),
            "comeback": MiniRules(hand_size=7, passed_may_chop=True),
        }
    )
    default_preset = "five"
    bots: Mapping[str, BotFactory] = MappingProxyType({"random": RandomBot})

    def engine(self, rules: MiniRules) -> ClimbEngine:
        return quad_chops_two(_two_value, passed_may_chop=rules.passed_may_chop)

    def choose_first(self, rules: MiniRules, hands: Sequence[int], seed: int | None) -> int:
        return 0

    def summary(self, rules: MiniRules) -> dict[str, Any]:
        return {"deck": "french", "hand_size": rules.hand_size}


MINI = Mini()


def mini_record(actions: list[dict[str, Any]], **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "mini",
        "players": ["An", "Bình"],
        "bet": 2,
        "hands": {"An": ["3S", "4S", "5S", "9H", "KD"], "Bình": ["3H", "6S", "7S", "8S", "2D"]},
        "actions": actions,
    }
    data.update(changes)
    return data


def test_mini_is_a_game_plugin() -> None:
    """A SheddingGame subclass satisfies the GamePlugin protocol."""
    assert isinstance(MINI, GamePlugin)


def test_resolve_rules_preset_and_override() -> None:
    """A preset by name (default when absent) with single settings overridden."""
    assert resolve_rules(MINI) == MiniRules()
    assert resolve_rules(MINI, "seven").hand_size == 7
    assert resolve_rules(MINI, "seven", {"passed_may_chop": True}) == MiniRules(
        hand_size=7, passed_may_chop=True
    )


@pytest.mark.parametrize(
    ("variant", "overrides", "fragment"),
    [
        ("eight", None, "no variant 'eight' (known: five, seven, comeback)"),
        (None, {"hand_size": "many"}, "bad rule setting hand_size"),
        (None, {"jokers": 2}, "bad rule setting jokers"),
        (None, {"a\nb": 2}, "bad rule setting 'a\\nb'"),
    ],
)
def test_resolve_rules_errors(
    variant: str | None, overrides: dict[str, Any] | None, fragment: str
) -> None:
    """An unknown preset, a bad value and an unknown setting raise RulesError naming it."""
    with pytest.raises(RulesError) as info:
        resolve_rules(MINI, variant, overrides)
    assert fragment in str(info.value)


GAME: list[dict[str, Any]] = [
    {"player": "An", "play": ["3S", "4S", "5S"]},
    {"player": "Bình", "pass": True},
    {"player": "An", "play": ["9H"]},
    {"player": "Bình", "play": ["2D"]},
    {"player": "An", "pass": True},
    {"player": "Bình", "play": ["6S", "7S", "8S"]},
    {"player": "An", "pass": True},
    {"player": "Bình", "play": ["3H"]},
]


def test_referee_finished_game() -> None:
    """An 3-4-5, Bình passes, An 9♥, Bình 2♦, An passes, Bình 6-7-8, An passes, Bình 3♥
    and is out: Bình wins. An holds K♦ (1 card) → pays 1 lá × bet 2 = 2."""
    report = referee(MINI, mini_record(GAME))
    assert report.legal
    assert report.finished
    assert report.error is None
    assert (report.outcome, report.winner, report.instant_win) == ("win", "Bình", None)
    assert report.payments == {"An": -2, "Bình": 2}
    assert report.game == "mini"
    assert report.variant == "five"
    assert report.violations == []


def test_referee_unfinished_game() -> None:
    """A record that stops before anyone is out: legal, unfinished, nothing paid."""
    report = referee(MINI, mini_record(GAME[:6]))
    assert report.legal
    assert not report.finished
    assert (report.outcome, report.winner) == (None, None)
    assert report.payments == {"An": 0, "Bình": 0}


def test_referee_stops_at_first_illegal_action() -> None:
    """The first illegal action is reported with its index, player and code; the result
    is the state just before it."""
    report = referee(
        MINI,
        json.dumps(
            mini_record(
                [
                    {"player": "An", "play": ["9H"]},
                    {"player": "Bình", "play": ["8S"]},
                    {"player": "An", "play": ["KD"]},
                ]
            )
        ),
    )
    assert not report.legal
    assert report.error is not None
    assert (report.error.index, report.error.player, report.error.code) == (
        1,
        "Bình",
        "does-not-beat",
    )
    assert report.error.message.endswith(".")
    assert not report.finished
    assert report.payments == {"An": 0, "Bình": 0}


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"game": "other"}, "'other'"),
        ({"variant": "eight"}, "no variant 'eight'"),
        ({"hands": {"An": ["3S"], "Bình": ["4S"]}}, "An was dealt 1 cards"),
        (
            {
                "hands": {
                    "An": ["3S", "4S", "5S", "9H", "KD"],
                    "Bình": ["3S", "6S", "7S", "8S", "2D"],
                }
            },
            "card 3S is dealt twice",
        ),
        (
            {
                "hands": {
                    "An": ["3S", "4S", "5S", "9H", "KX"],
                    "Bình": ["3H", "6S", "7S", "8S", "2D"],
                }
            },
            "'KX'",
        ),
        ({"players": ["An"], "hands": {"An": ["3S", "4S", "5S", "9H", "KD"]}}, "2 to 4 players"),
        ({"stock": []}, "no stock"),
        ({"actions": [{"player": "An", "play": ["3S", "3S"]}]}, "twice"),
        ({"actions": [{"player": "An", "discard": "3S"}]}, "no 'discard' actions"),
    ],
)
def test_referee_unreadable_records(changes: dict[str, Any], fragment: str) -> None:
    """A record for another game, an unknown variant, a deal that is not a deal, an unknown
    card or an action of another game raises RecordError."""
    with pytest.raises(RecordError) as info:
        referee(MINI, {**mini_record([]), **changes})
    assert fragment in str(info.value)


def test_referee_first_names_the_leader() -> None:
    """``first`` in the record names who acts first."""
    report = referee(MINI, mini_record([{"player": "Bình", "play": ["3H"]}], first="Bình"))
    assert report.legal
    report = referee(MINI, mini_record([{"player": "Bình", "play": ["3H"]}]))
    assert report.error is not None
    assert report.error.code == "not-your-turn"


class FirstBot:
    """Always takes the first offered action; declines optional choices."""

    name = "first"

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any:
        return None if optional else actions[0]


def test_play_game_and_record_replay_through_referee() -> None:
    """A bot game ends; its record, refereed, gives the same winner and payments."""
    rules = resolve_rules(MINI, "seven")
    state = MINI.new_game(rules, 3, seed=5)
    played = play_game(MINI, state, [RandomBot(1), RandomBot(2), FirstBot()])
    assert played.final is state
    assert state.finished
    assert played.start != played.final
    assert not played.start.finished
    rec = record_game(MINI, played, ["A", "B", "C"], variant="seven", bet=3)
    report = referee(MINI, rec.to_json())
    res = MINI.result(state)
    assert report.legal
    assert report.finished
    assert report.winner == "ABC"[state.winner]
    assert report.payments == {p: 3 * v for p, v in zip("ABC", res.payments, strict=True)}
    assert sum(res.payments) == 0


def test_play_game_refuses_forced_decline() -> None:
    """A bot that declines a forced choice is an error, not a silent pass."""

    class Decliner:
        name = "decliner"

        def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any:
            return None

    state = MINI.new_game(MiniRules(), 2, seed=1)
    with pytest.raises(IllegalMove) as info:
        play_game(MINI, state, [Decliner(), Decliner()])
    assert info.value.code == "must-act"


def test_play_match_winner_leads_next_game_and_totals_add_up() -> None:
    """In a match each winner acts first in the next game; totals are the sum of games."""
    bots: list[Bot] = [RandomBot(3), RandomBot(4)]
    match = play_match(MINI, MiniRules(), 2, 4, seed=11, bots=bots)
    assert len(match.games) == 4
    for prev, nxt in zip(match.games, match.games[1:], strict=False):
        assert nxt.start.turn == prev.final.winner
    sums = [0, 0]
    for g in match.games:
        for i, v in enumerate(MINI.result(g.final).payments):
            sums[i] += v
    assert match.totals == sums
    assert sum(sums) == 0


def test_random_bot_is_seeded_and_declines_as_told() -> None:
    """RandomBot: same seed, same choices; decline=0 always acts, decline=1 always declines
    an optional choice, and a forced choice is never declined."""
    acts = list(range(10))
    a = [RandomBot(7).choose(None, acts, False) for _ in range(3)]
    bot1, bot2 = RandomBot(7), RandomBot(7)
    assert [bot1.choose(None, acts, False) for _ in range(20)] == [
        bot2.choose(None, acts, False) for _ in range(20)
    ]
    assert all(x in acts for x in a)
    eager, shy = RandomBot(1, decline=0.0), RandomBot(1, decline=1.0)
    assert all(eager.choose(None, acts, True) is not None for _ in range(20))
    assert all(shy.choose(None, acts, True) is None for _ in range(20))
    assert all(shy.choose(None, acts, False) in acts for _ in range(20))
    assert RandomBot(1, decline=0.0).choose(None, [], True) is None
    assert isinstance(RandomBot(), Bot)


def test_decision_and_legal_actions_agree() -> None:
    """The decision offers the seat's plays and a pass exactly when passing is legal."""
    state = MINI.start(MiniRules(), [0b111, 0b111 << 8], 0)
    d = MINI.decision(state)
    assert isinstance(d, Decision)
    assert d.seat == 0
    assert not d.optional
    assert list(d.actions) == MINI.legal_actions(state)
    assert Pass(0) not in d.actions
    MINI.apply(state, Play(0, 0b1))
    d = MINI.decision(state)
    assert d is not None
    assert d.actions[-1] == Pass(1)
    assert len(d.actions) == len(MINI.legal_actions(state))
    assert list(d.actions[0:2]) == MINI.legal_actions(state)[0:2]
    with pytest.raises(IndexError):
        d.actions[len(d.actions)]


def test_apply_illegal_changes_nothing() -> None:
    """apply raises IllegalMove and leaves the state as it was."""
    state = MINI.new_game(MiniRules(), 2, seed=3)
    before = state.copy()
    for action in (Pass(0), Play(1, state.hands[1] & -state.hands[1]), Play(0, 1 << 60)):
        with pytest.raises(IllegalMove):
            MINI.apply(state, action)
        assert state == before


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_bot_games_are_zero_sum_and_copies_independent(seed: int, n: int) -> None:
    """Every bot game ends with payments summing to zero, and the start copy kept by
    play_game is untouched by the game."""
    state = MINI.new_game(MiniRules(), n, seed)
    snapshot = state.copy()
    played = play_game(MINI, state, [RandomBot(seed + i) for i in range(n)])
    assert played.start == snapshot
    assert sum(MINI.result(played.final).payments) == 0


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 50)), max_size=30))
def test_ledger_is_zero_sum(payments: list[tuple[int, int, int]]) -> None:
    """Every payment moves lá from one seat to another: the nets always sum to zero."""
    led = Ledger(4)
    for payer, payee, amount in payments:
        led.pay(payer, payee, amount)
    assert sum(led.net) == 0
    assert led.total(bet=5) == [5 * v for v in led.net]


def test_ledger_refusals() -> None:
    """Negative payments and nets that do not cancel out are refused."""
    led = Ledger(2)
    with pytest.raises(ValueError):
        led.pay(0, 1, -1)
    with pytest.raises(ValueError):
        led.add([1, 0])
    led.add([2, -2])
    led.pay(0, 0, 5)
    assert led.net == [2, -2]


def test_action_record_round_trip() -> None:
    """Actions written to record form read back to the same action."""
    state = MINI.new_game(MiniRules(), 2, seed=9)
    actions: list[SheddingAction] = [*MINI.legal_actions(state), Pass(1)]
    for action in actions:
        data = MINI.action_to_record(state, action)
        raw = load_record(mini_record([{"player": "An", **data}])).actions[0]
        assert MINI.action_from_record(state, raw, action.seat) == action


def test_shedding_game_passes_conformance() -> None:
    """A SheddingGame subclass passes the conformance suite on every preset, including
    one where a passed player may come back to chop."""
    report = check_plugin(MINI, games=4)
    assert report.games == 12
    assert report.outcomes == {"win": 12}


class _ForgetsHighest(ClimbEngine):
    def _plays_hook(self, state: ClimbState, seat: int, masks: list[int]) -> list[int]:
        return masks[:-1]


class MiniMissingPlay(Mini):
    """Its move list forgets one play that the engine accepts."""

    def engine(self, rules: MiniRules) -> ClimbEngine:
        return _ForgetsHighest(super().engine(rules).config)


def test_conformance_catches_shedding_game_missing_a_play() -> None:
    """check_plugin fails when legal_actions misses a play that apply accepts."""
    with pytest.raises(AssertionError, match="not listed as legal"):
        check_plugin(MiniMissingPlay(), games=2, variants=["five"])


def test_cli_queries_classify_and_beats() -> None:
    """classify_cards names the combination (or null); beats_cards says whether a play
    beats the table and whether by a chop; non-combinations simply do not beat."""
    rules = MiniRules()
    assert MINI.classify_cards(rules, ["8s", "8 cơ"]) == {"combo": "pair", "cards": ["8S", "8H"]}
    assert MINI.classify_cards(rules, ["8S", "9H"])["combo"] is None
    assert MINI.classify_cards(rules, ["8S", "8S"])["combo"] is None
    assert MINI.beats_cards(rules, ["2S"], ["9S", "9C", "9D", "9H"]) == {
        "beats": True,
        "chop": True,
    }
    assert MINI.beats_cards(rules, ["8S", "8D"], ["8C", "8H"]) == {"beats": True, "chop": False}
    assert MINI.beats_cards(rules, ["8S"], ["8S"]) == {"beats": False, "chop": False}
    assert MINI.beats_cards(rules, ["8S"], ["9S", "JH"]) == {"beats": False, "chop": False}


def test_cli_queries_moves_sorted_by_shape() -> None:
    """moves_cards lists every play, singles first then larger shapes, each with its code
    and whether it chops."""
    rules = MiniRules()
    moves = MINI.moves_cards(rules, ["3S", "3H", "4D", "5C"])
    assert [m["combo"] for m in moves] == ["single"] * 4 + ["pair"] + ["straight"] * 2
    assert moves[0] == {"combo": "single", "cards": ["3S"], "chop": False}
    over_two = MINI.moves_cards(rules, ["9S", "9C", "9D", "9H", "2H"], ["2S"])
    assert over_two == [
        {"combo": "single", "cards": ["2H"], "chop": False},
        {"combo": "quad", "cards": ["9S", "9C", "9D", "9H"], "chop": True},
    ]
    assert MINI.moves_cards(rules, ["3S"], ["4S", "9H"]) == []


def test_cli_deal_json_is_seeded() -> None:
    """deal_json: the same seed gives the same deal, in record form."""
    a = MINI.deal_json(MiniRules(), 3, seed=42)
    assert a == MINI.deal_json(MiniRules(), 3, seed=42)
    assert a["players"] == ["P1", "P2", "P3"]
    assert all(len(h) == 5 for h in a["hands"].values())
    assert a["first"] == "P1"
    assert a["instant_wins"] == []
    assert a != MINI.deal_json(MiniRules(), 3, seed=43)
