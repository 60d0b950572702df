"""The terminal table (`vncards play`) and the statistics tables: Tứ Sắc cards readable on
light and dark terminals, each game's own card examples in the help, Sâm's báo một
marked and confirmed, who has passed, the settlement itemised from the transfers, the
saved record, and one name per figure with seats numbered alike in tables and JSON."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from typer.testing import CliRunner
from vncards.cli._common import console
from vncards.cli._display import card_text, cards_for
from vncards.cli._frame import help_text
from vncards.cli._turn import Sitting, human_turn
from vncards.cli.app import app
from vncards.core import (
    ExplainsNotation,
    WarnsOfPenalties,
    get_game,
    load_record,
    referee,
)

TUSAC_CARDS = ("RK", "YK", "GK", "WK")  # one tướng of each colour


def _game(name: str) -> Any:
    """An installed game, with its capabilities (typed loosely for the tests)."""
    return get_game(name)


def _style(text: Any) -> Style:
    return Style.parse(str(text.spans[0].style if text.spans else text.style))


@pytest.mark.parametrize("token", TUSAC_CARDS)
def test_tusac_cards_readable_on_light_and_dark_terminals(token: str) -> None:
    """A Tứ Sắc card never draws bright white or bright yellow letters on the terminal's
    own background (invisible on a white one): white has a face of its own with dark
    letters, yellow is a darker gold."""
    style = _style(cards_for(_game("tusac"), [token]))
    colour = style.color.name if style.color else None
    if style.bgcolor is None:
        assert colour not in ("white", "bright_white", "yellow", "bright_yellow"), style
    else:
        assert colour != style.bgcolor.name, "letters on a face of their own colour"
    assert style.bold


def test_tusac_card_text_comes_from_the_game() -> None:
    """The screen has no Tứ Sắc table of its own (nor any deck's but the French one it
    falls back on): a card of the Tứ Sắc deck is drawn as the game's ShowsCards
    capability says, and the French fallback leaves it as written."""
    plugin = _game("tusac")
    for token in TUSAC_CARDS:
        drawn = cards_for(plugin, [token], vietnamese=True)
        assert drawn.plain == plugin.card_look(token, True).label
        assert card_text(token, vietnamese=True).plain == token


def test_tusac_help_shows_its_own_notation(runner: CliRunner) -> None:
    """`vncards play tusac --help` ends with Tứ Sắc's own examples (from the game's
    ExplainsNotation), not French cards; a French-card game keeps French examples."""
    plugin = _game("tusac")
    assert isinstance(plugin, ExplainsNotation)
    env = {"COLUMNS": "200", "NO_COLOR": "1"}
    tusac = runner.invoke(app, ["play", "tusac", "--help"], env=env)
    assert tusac.exit_code == 0, tusac.output
    for example in plugin.notation_examples:
        assert example in tusac.stdout
    assert "3s 4s 5h" not in tusac.stdout
    tienlen = runner.invoke(app, ["play", "tienlen", "-h"], env=env)
    assert "3s 4s 5h" in tienlen.stdout
    assert plugin.notation_examples[0] not in tienlen.stdout
    # the play screen's ? says the same
    assert plugin.notation_examples[0] in help_text(plugin)
    assert "3s 4s 5h" not in help_text(plugin)


def _bao_mot_position() -> tuple[Any, Any, Any, Any]:
    """A Sâm position (two players, random play from seeded deals) where the seat to
    act has a legal move that breaks báo một: (plugin, state, decision, that move)."""
    plugin = _game("samloc")
    rules = plugin.presets[plugin.default_preset]
    for seed in range(200):
        rng = random.Random(seed)
        state = plugin.new_game(rules, 2, seed)
        while (d := plugin.decision(state)) is not None:
            if d.optional:
                plugin.decline(state, d.seat)
                continue
            for action in d.actions:
                if plugin.action_warning(state, action) is not None:
                    return plugin, state, d, action
            plugin.apply(state, rng.choice(d.actions))
    raise AssertionError("no báo một position in 200 seeded games")


def test_sam_warns_of_a_play_that_breaks_bao_mot() -> None:
    """Rules page (báo một): when the next player holds one card, a single must be the
    highest single. Sâm's WarnsOfPenalties names exactly the legal moves that the
    referee would record as a violation, and leaves the state unchanged."""
    plugin, state, d, bad = _bao_mot_position()
    assert isinstance(_game("samloc"), WarnsOfPenalties)
    before = plugin.view(state, d.seat).to_json(["A", "B"])
    warning = plugin.action_warning(state, bad)
    assert warning is not None
    assert "báo một" in warning
    assert plugin.view(state, d.seat).to_json(["A", "B"]) == before
    for action in d.actions:
        trial = state.copy()
        violations = len(trial.viol)
        plugin.apply(trial, action)
        broke = len(trial.viol) > violations
        assert (plugin.action_warning(state, action) is not None) == broke


def _fed(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> list[str]:
    """console.input answers these in turn; returns the prompts it was asked."""
    asked: list[str] = []

    def fake_input(prompt: str = "", **_: Any) -> str:
        asked.append(prompt)
        return answers.pop(0)

    monkeypatch.setattr(console, "input", fake_input)
    return asked


def test_hint_list_marks_bao_mot_and_the_move_needs_confirming(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint list (h) marks the move that breaks báo một; choosing it asks first: no
    keeps the prompt, yes makes it."""
    plugin, state, d, bad = _bao_mot_position()
    records = [plugin.action_to_record(state, a) for a in d.actions]
    k = d.actions.index(bad) + 1
    names = ["You", "An"] if d.seat == 0 else ["An", "You"]
    t = Sitting(plugin, names, d.seat, {}, False, [0, 0])
    asked = _fed(monkeypatch, ["h", f"#{k}", "n", f"#{k}", "y"])
    view = plugin.view(state, d.seat)
    with console.capture() as cap:
        chosen = human_turn(t, state, view, d.actions, d.optional)
    out = cap.get()
    assert chosen == bad
    marked = [line for line in out.splitlines() if re.match(r"\s+#\d+", line) and "⚠" in line]
    assert len(marked) == sum(plugin.action_warning(state, a) is not None for a in d.actions)
    assert any(line.lstrip().startswith(f"#{k} ") for line in marked), out
    assert sum("Make it anyway?" in p for p in asked) == 2, "asked each time it is chosen"
    assert records  # every offered move has a record form


def test_bao_mot_warning_in_vietnamese(monkeypatch: pytest.MonkeyPatch) -> None:
    """--vi: the move list's báo một mark, the warning and the question before the move
    are Vietnamese (Sâm's own words for its penalty)."""
    plugin, state, d, bad = _bao_mot_position()
    k = d.actions.index(bad) + 1
    names = ["Bạn", "An"] if d.seat == 0 else ["An", "Bạn"]
    t = Sitting(plugin, names, d.seat, {}, True, [0, 0])
    asked = _fed(monkeypatch, ["h", f"#{k}", "y"])
    with console.capture() as cap:
        chosen = human_turn(t, state, plugin.view(state, d.seat), d.actions, d.optional)
    out = " ".join(cap.get().split())
    assert chosen == bad
    assert "⚠ phạm luật báo một" in out
    assert "⚠ Nước này phạm luật báo một" in out
    assert asked[-1] == "Vẫn đi nước này? (y/N)> "
    for english in ("breaks báo một", "Make it anyway", "highest single"):
        assert english not in out, english


def test_passed_players_are_shown() -> None:
    """Who has passed this round is on the table (Tiến lên, three players: after a pass
    the others see that seat named)."""
    plugin = _game("tienlen")
    state = plugin.new_game(plugin.presets[plugin.default_preset], 3, 1)
    names = ["An", "Bình", "Chi"]
    d = plugin.decision(state)
    plugin.apply(state, d.actions[0])  # the lead
    d = plugin.decision(state)
    passing = next(a for a in d.actions if plugin.action_to_record(state, a) == {"pass": True})
    plugin.apply(state, passing)
    lines = [
        "".join(p for p in words if isinstance(p, str))
        for words in plugin.table_words(plugin.view(state, (d.seat + 1) % 3), names)
    ]
    assert f"Passed this round: {names[d.seat]}." in lines


def _play(runner: CliRunner, path: Path, *extra: str) -> str:
    args = ["play", "tienlen", "-n", "3", "-b", "random", "--seed", "7", "--record", str(path)]
    result = runner.invoke(app, [*args, *extra], input="#1\n" * 400, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_settlement_itemised_and_record_saved(runner: CliRunner, tmp_path: Path) -> None:
    """The settlement lists every transfer in words (who pays whom, how much, and why in
    the game's words, not its reason code) before the net table, and --record saves a
    record the referee accepts, whose transfers are the ones shown."""
    path = tmp_path / "game.json"
    out = _play(runner, path)
    assert "Payments (lá):" in out
    assert "Settlement" in out
    assert out.index("Payments (lá):") < out.index("Settlement")
    data = json.loads(path.read_text(encoding="utf-8"))
    report = referee(_game("tienlen"), load_record(data))
    assert report.legal
    assert report.finished
    assert report.transfers
    for t in report.transfers:
        # the rules page's words for each reason (tienlen.md, "Settlement")
        why = {"cards-left": "cards left in hand", "thoi-2": "thối 2", "cong": "cóng",
               "thoi-hang": "thối hàng", "chop": "chop"}[t.reason]  # fmt: skip
        verb = "pay" if t.from_ == "You" else "pays"
        row = rf"{re.escape(t.from_)} {verb} {re.escape(t.to)} {t.amount} lá — [^\n]*{why}"
        assert re.search(row, out), (t, out)
    net = dict.fromkeys(data["players"], 0)
    for t in report.transfers:
        net[t.from_] -= t.amount
        net[t.to] += t.amount
    assert net == report.payments


def test_match_record_is_one_game_a_line(runner: CliRunner, tmp_path: Path) -> None:
    """With --games 2 the record file holds one record per game, one a line (JSON
    Lines), each legal and finished."""
    path = tmp_path / "match.jsonl"
    _play(runner, path, "--games", "2")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    for line in lines:
        report = referee(_game("tienlen"), load_record(line))
        assert report.legal
        assert report.finished


def test_no_record_when_no_game_finished(runner: CliRunner, tmp_path: Path) -> None:
    """Quitting before a game ends leaves no record file (and says so)."""
    path = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "tienlen", "-b", "random", "-s", "7", "--record", str(path)], input="q\n"
    )
    assert result.exit_code == 0, result.output
    assert "no record saved" in result.stdout
    assert not path.exists()


def test_unwritable_record_is_refused_before_playing(runner: CliRunner, tmp_path: Path) -> None:
    """A record that cannot be written is said at once, before any game is played."""
    result = runner.invoke(
        app, ["play", "tienlen", "--record", str(tmp_path / "no" / "such.json")], input="q\n"
    )
    assert result.exit_code != 0
    assert "cannot write the record" in result.output
    assert "Your move" not in result.output


def _rows(table_text: str) -> list[str]:
    return [
        line.split("│")[1].strip()
        for line in table_text.splitlines()
        if line.startswith("│") and line.count("│") >= 3
    ]


@pytest.mark.parametrize("game", ["tienlen", "samloc", "tusac"])
def test_statistics_one_name_per_figure(runner: CliRunner, game: str) -> None:
    """simulate: no row of the table repeats another's figure, no figure has two names
    in the JSON, and the seats carry the same numbers in the table and the JSON (from 1,
    in turn order)."""
    args = ["simulate", game, "-g", "6", "-n", "3", "-b", "random", "-s", "3"]
    table = runner.invoke(app, args, env={"COLUMNS": "120"})
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert table.exit_code == 0, table.output
    per_seat, _, per_game = table.stdout.partition("Per game")
    assert [r for r in _rows(per_seat) if r.isdigit()] == [str(s["seat"]) for s in data["seats"]]
    assert [s["seat"] for s in data["seats"]] == [1, 2, 3]
    labels = _rows(per_game)
    assert len(labels) == len(set(labels)), labels
    assert not any("_" in label for label in labels), "labels, not keys"
    assert not set(data["per_game"]) & set(data["figures"])
    assert not set(data["per_game"]) & {"actions", "draws", "instant_win", "instant_wins"}
    for old in ("mean_payment", "mean_length", "first_player_win_rate", "instant_win_rate"):
        assert old not in data
        assert all(old not in s for s in data["seats"])
