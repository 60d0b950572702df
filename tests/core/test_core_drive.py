"""Core's one decide-and-apply loop (``vncards.core.drive``) and the callers that run
through it: ``play_game``, the referee's pass, the server's tables, ``vncards play``,
the environments' bots and the search's default rollout."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from vncards.core import (
    STOP,
    BotChooser,
    IllegalMove,
    RandomBot,
    SearchHooks,
    drive,
    forced_refusal,
    get_game,
    play_game,
    record_game,
    referee,
)
from vncards.core._ruling import rule_actions

TIENLEN = get_game("tienlen")
SAMLOC = get_game("samloc")
PHOM = get_game("phom")


class Decliner:
    """A bot that answers nothing, forced or not."""

    name = "decliner"

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any:
        return None


class First:
    """A chooser that answers the first action offered, counting what it is asked."""

    name = "first"

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, state: Any, decision: Any) -> Any:
        self.asked += 1
        return decision.actions[0]


def _deal(plugin: Any, players: int, seed: int) -> Any:
    return plugin.new_game(plugin.presets[plugin.default_preset], players, seed)


def _pending(plugin: Any, state: Any) -> Any:
    """The decision the game waits for (there is one)."""
    d = plugin.decision(state)
    assert d is not None
    return d


def _bots(plugin: Any, players: int, seed: int) -> list[BotChooser]:
    return [BotChooser(plugin, RandomBot(seed * 10 + s)) for s in range(players)]


def test_drive_stops_at_a_seat_without_a_chooser() -> None:
    state = _deal(TIENLEN, 2, 3)
    first = _pending(TIENLEN, state).seat
    choosers: list[Any] = [First(), First()]
    choosers[1 - first] = None
    pending = drive(TIENLEN, state, choosers)
    assert pending is not None
    assert pending.seat == 1 - first
    assert choosers[first].asked == 1
    assert list(_pending(TIENLEN, state).actions) == list(pending.actions)


def test_drive_stops_where_a_chooser_says_stop_and_changes_nothing() -> None:
    state = _deal(TIENLEN, 2, 3)
    before = state.copy()
    pending = drive(TIENLEN, state, _Stopper())
    assert pending.seat == _pending(TIENLEN, before).seat
    assert list(pending.actions) == list(_pending(TIENLEN, before).actions)
    assert state == before


class _Stopper:
    """A chooser that stops the loop at once."""

    name = "stop"

    def __call__(self, state: Any, decision: Any) -> Any:
        return STOP


def test_drive_refuses_a_declined_forced_choice_and_changes_nothing() -> None:
    state = _deal(TIENLEN, 2, 3)
    before = state.copy()
    with pytest.raises(IllegalMove) as caught:
        drive(TIENLEN, state, [BotChooser(TIENLEN, Decliner())] * 2)
    assert caught.value.code == "must-act"
    assert caught.value.message == "bot decliner declined a forced choice"
    assert state == before


def test_drive_declines_an_optional_choice_and_says_whose() -> None:
    """Sâm Lốc asks each seat whether it declares Sâm; a decliner declines them all,
    then is refused at its first forced play."""
    state = _deal(SAMLOC, 4, 5)
    declined: list[int] = []
    with pytest.raises(IllegalMove, match="declined a forced choice"):
        drive(SAMLOC, state, [BotChooser(SAMLOC, Decliner())] * 4, on_decline=declined.append)
    assert declined
    assert not _pending(SAMLOC, state).optional


@pytest.mark.parametrize("plugin", [TIENLEN, SAMLOC, PHOM], ids=lambda p: p.name)
def test_drive_reports_each_action_with_the_events_it_caused(plugin: Any) -> None:
    """Every step the loop took, replayed by hand, gives the same events and state."""
    state = _deal(plugin, 4, 8)
    replay = state.copy()
    steps: list[tuple[Any, Any]] = []
    kept: list[Any] = []
    on_action = lambda a, e: steps.append((a, e))  # noqa: E731
    on_decline = lambda seat: steps.append((seat, None))  # noqa: E731
    choosers = _bots(plugin, 4, 8)
    assert (
        drive(plugin, state, choosers, keep=kept, on_action=on_action, on_decline=on_decline)
        is None
    )
    assert plugin.decision(state) is None
    assert [a for a, e in steps if e is not None] == kept
    for step, events in steps:
        if events is None:
            plugin.decline(replay, step)
        else:
            assert plugin.apply(replay, step) == events
    assert replay == state


@pytest.mark.parametrize("plugin", [TIENLEN, SAMLOC, PHOM], ids=lambda p: p.name)
def test_the_referee_replays_a_record_exactly_through_the_loop(plugin: Any) -> None:
    state = _deal(plugin, 4, 21)
    played = play_game(plugin, state, [RandomBot(21 + s) for s in range(4)])
    names = ["A", "B", "C", "D"]
    record = record_game(plugin, played, names)
    again = played.start.copy()
    events: list[Any] = []
    drive(plugin, again, _Script(played.actions), on_action=lambda a, e: events.append(list(e)))
    ruled: list[list[Any]] = []
    report = referee(plugin, record, events=ruled)
    assert report.legal
    assert ruled == events
    # a fast playout keeps no events: the states agree on what the game came to
    assert plugin.result(again) == plugin.result(played.final)
    assert report.payments == dict(zip(names, plugin.result(again).payments, strict=True))


class _Script:
    """A chooser answering a list of actions in turn."""

    name = "script"

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions = list(actions)

    def __call__(self, state: Any, decision: Any) -> Any:
        return self.actions.pop(0) if self.actions else STOP


def test_the_referee_pass_names_the_first_illegal_action_and_reads_the_rest() -> None:
    state = _deal(TIENLEN, 2, 4)
    played = play_game(TIENLEN, state, [RandomBot(1), RandomBot(2)])
    record = record_game(TIENLEN, played, ["A", "B"]).to_json()
    record["actions"].insert(2, dict(record["actions"][1]))  # the same seat again
    report = referee(TIENLEN, record)
    assert not report.legal
    assert report.error is not None
    assert report.error.index == 2
    bad = dict(record)
    bad["actions"] = [*record["actions"], {"player": "A", "play": ["3X"]}]
    with pytest.raises(ValueError, match="3X"):  # read after the illegal one too
        referee(TIENLEN, bad)


def test_the_referee_pass_with_no_record_actions_rules_nothing() -> None:
    from vncards.core import load_record

    deal = TIENLEN.record_deal(_deal(TIENLEN, 2, 5))
    names = ["A", "B"]
    rec = load_record(
        {
            "game": "tienlen",
            "players": names,
            "first": names[deal["first"]],
            "hands": dict(zip(names, deal["hands"], strict=True)),
            "actions": [],
        }
    )
    state = TIENLEN.state_from_record(rec, TIENLEN.presets["dem-la"])
    assert rule_actions(TIENLEN, state, rec, []) == (-1, None)


def test_a_playout_is_asked_only_to_play_bots_to_the_end() -> None:
    state = _deal(TIENLEN, 4, 9)
    plain, fast = state.copy(), state.copy()
    kept_plain: list[Any] = []
    kept_fast: list[Any] = []
    drive(TIENLEN, plain, _bots(TIENLEN, 4, 9), keep=kept_plain)
    drive(TIENLEN, fast, bots=[RandomBot(9 * 10 + s) for s in range(4)], keep=kept_fast)
    assert kept_plain == kept_fast
    assert TIENLEN.result(plain) == TIENLEN.result(fast)
    with pytest.raises(ValueError, match="keeps no events"):
        drive(TIENLEN, state, bots=[RandomBot(1)] * 4, on_action=print)
    with pytest.raises(ValueError, match="needs choosers or bots"):
        drive(TIENLEN, state)


def test_a_game_that_does_not_end_is_an_error_in_the_callers_words() -> None:
    class Endless:
        name = "endless"

        def decision(self, state: Any) -> Any:
            return _Pending()

        def apply(self, state: Any, action: Any) -> list[Any]:
            return []

    with pytest.raises(RuntimeError, match=r"^it goes on$"):
        drive(Endless(), None, First(), max_steps=5, overrun="it goes on")
    with pytest.raises(RuntimeError, match="within 5 steps"):
        drive(Endless(), None, First(), max_steps=5)


class _Pending:
    seat = 0
    actions = ("a",)
    optional = False


def _old_rollout(plugin: Any, state: Any, rng: random.Random) -> None:
    """The default rollout as it was written before it ran through the loop."""
    for _ in range(100_000):
        decision = plugin.decision(state)
        if decision is None:
            return
        if decision.optional:
            plugin.decline(state, decision.seat)
            continue
        acts = decision.actions
        plugin.apply(state, acts[int(rng.random() * len(acts))])
    raise AssertionError("rollout did not end")


@pytest.mark.parametrize("plugin", [TIENLEN, SAMLOC, PHOM], ids=lambda p: p.name)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_default_rollout_makes_the_choices_it_made_before(plugin: Any, seed: int) -> None:
    state = _deal(plugin, 4, seed)
    old, new = state.copy(), state.copy()
    rng_old, rng_new = random.Random(seed), random.Random(seed)
    _old_rollout(plugin, old, rng_old)
    SearchHooks().rollout(plugin, new, rng_new)
    assert old == new
    assert rng_old.random() == rng_new.random()


# ------------------------------------------------------------------- every caller


def _first_is_seat(plugin: Any, seat: int) -> int:
    """A seed whose 2-player deal asks ``seat`` first."""
    for seed in range(100):
        d = plugin.decision(_deal(plugin, 2, seed))
        if d is not None and d.seat == seat and not d.optional:
            return seed
    raise AssertionError("no such deal")


def _play_game_refusal() -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        play_game(TIENLEN, _deal(TIENLEN, 2, 1), [Decliner(), Decliner()])
    return caught.value


def _table(bots: dict[str, str], seed: int) -> Any:
    """A 2-player Tiến lên table of the server, its bots not yet moved."""
    from vncards.server._tables import new_table

    table, _ = new_table(
        "t", TIENLEN, variant=None, rules=None, players=["A", "B"], bots=bots, seed=seed, now=0
    )
    return table


def _server_refusal() -> IllegalMove:
    table = _table({"A": "random", "B": "random"}, 1)
    table.bots = {0: Decliner(), 1: Decliner()}
    with pytest.raises(IllegalMove) as caught:
        table.run_bots()
    return caught.value


def _server_human_then_bot_refusal() -> IllegalMove:
    """A human's action through the API, then the bot's turn in the same loop."""
    table = _table({"B": "random"}, _first_is_seat(TIENLEN, 0))
    table.bots = {1: Decliner()}
    table.run_bots()
    d = table.decision
    assert d is not None
    assert d.seat == 0
    body = TIENLEN.action_to_record(table.state, d.actions[0])
    with pytest.raises(IllegalMove) as caught:
        table.act(0, body)
    assert len(table.actions) == 1  # the human's action was applied, then the bot refused
    return caught.value


def _cli_refusal() -> IllegalMove:
    from vncards.cli._play import _play_game
    from vncards.cli._turn import Sitting

    seed = _first_is_seat(TIENLEN, 1)
    rules = TIENLEN.presets["dem-la"]
    t = Sitting(TIENLEN, ["You", "An"], 0, {1: Decliner()}, False, [0, 0], rules=rules)
    with pytest.raises(IllegalMove) as caught:
        _play_game(t, rules, seed, None)
    return caught.value


def _env_refusal() -> IllegalMove:
    from vncards.envs import env

    e = env("tienlen", players=2)
    e.reset(seed=1)
    with pytest.raises(IllegalMove) as caught:
        e.unwrapped.bot_action(Decliner())
    return caught.value


@pytest.mark.parametrize(
    "refusal",
    [
        _play_game_refusal,
        _server_refusal,
        _server_human_then_bot_refusal,
        _cli_refusal,
        _env_refusal,
    ],
    ids=["play_game", "server-bots", "server-act", "cli-play", "env-bot"],
)
def test_every_caller_refuses_a_declined_forced_choice_alike(refusal: Any) -> None:
    err = refusal()
    expected = forced_refusal("decliner")
    assert (err.code, err.message) == (expected.code, expected.message)
