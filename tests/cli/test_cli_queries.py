"""The query commands: games, rules, classify, beats, moves, deal, analyze — JSON shapes,
readable output and exit codes, against a stand-in third-party game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app


def _json(runner: CliRunner, *args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _unreadable(runner: CliRunner, *args: str) -> str:
    """Run a command that must fail on its input: exit 2, one line on stderr."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("vncards: error: ")
    assert "Traceback" not in result.output
    assert result.stdout == ""
    return lines[0]


def test_third_party_plugin_appears_in_games(runner: CliRunner, fake: Any) -> None:
    """A plugin found through the entry-point group is listed with title, presets,
    player range and bots, though the command line knows nothing of it."""
    data = _json(runner, "games", "--json")
    assert data == {
        "games": [
            {
                "name": "miniclimb",
                "title": "Mini climb",
                "deck": "french",
                "default_preset": "standard",
                "presets": [
                    {"name": "standard", "players": [2, 4]},
                    {"name": "short", "players": [2, 4]},
                ],
                "players": [2, 4],
                "bots": ["random", "first"],
            }
        ]
    }
    readable = runner.invoke(app, ["games"])
    assert readable.exit_code == 0
    assert "Mini climb" in readable.stdout
    assert "2–4" in readable.stdout


def test_broken_plugin_is_named_on_stderr_and_skipped(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plugin that fails to load is a warning naming it, never a crash."""
    from importlib.metadata import EntryPoint

    broken = EntryPoint(name="broken", value="no_such_module_xyz:plugin", group="vncards.games")
    monkeypatch.setattr("vncards.core._plugins.entry_points", lambda *, group: [broken])
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"games": []}
    assert "'broken'" in result.stderr
    assert "warning" in result.stderr


def test_rules_lists_every_setting_and_differences(runner: CliRunner, fake: Any) -> None:
    """`rules GAME --variant V` shows each setting and which differ from the default."""
    data = _json(runner, "rules", "miniclimb", "--variant", "short", "--json")
    assert data["rules"] == {"hand_size": 6}
    assert data["variant"] == "short"
    assert data["differs_from_default"] == {"hand_size": 6}
    assert _json(runner, "rules", "miniclimb", "--json")["differs_from_default"] == {}
    assert "hand_size" in runner.invoke(app, ["rules", "miniclimb"]).stdout


def test_classify_names_the_combination(runner: CliRunner, fake: Any) -> None:
    """Three consecutive ranks are a straight; positional cards, one per argument, in
    any notation (a Vietnamese name with a space is one argument)."""
    assert _json(runner, "classify", "miniclimb", "5H", "3S", "4♠", "--json") == {
        "combo": "straight",
        "cards": ["3S", "4S", "5H"],
    }
    assert _json(runner, "classify", "miniclimb", "10 cơ", "10 bich", "--json") == {
        "combo": "pair",
        "cards": ["10S", "10H"],
    }


def test_classify_answers_no_with_exit_zero(runner: CliRunner, fake: Any) -> None:
    """Cards that form no combination are an answered query: combo null, exit 0."""
    data = _json(runner, "classify", "miniclimb", "3S", "5H", "--json")
    assert data["combo"] is None
    readable = runner.invoke(app, ["classify", "miniclimb", "3S", "5H"])
    assert readable.exit_code == 0
    assert "no combination" in readable.stdout


def test_beats_reports_a_chop(runner: CliRunner, fake: Any) -> None:
    """Four of a kind over a single 2 beats it as a chop (option lists: commas, or
    spaces between short cards)."""
    assert _json(
        runner, "beats", "miniclimb", "--over", "2H", "--play", "5S,5C,5D,5H", "--json"
    ) == {"beats": True, "chop": True}
    assert _json(runner, "beats", "miniclimb", "--over", "8S 8H", "--play", "9S 9C", "--json") == {
        "beats": True,
        "chop": False,
    }


def test_beats_non_combination_simply_does_not_beat(runner: CliRunner, fake: Any) -> None:
    """A play that is no combination does not beat, and the answer exits 0."""
    assert _json(runner, "beats", "miniclimb", "--over", "3S", "--play", "4S,9H", "--json") == {
        "beats": False,
        "chop": False,
    }
    readable = runner.invoke(app, ["beats", "miniclimb", "--over", "3S", "--play", "10 cơ, J cơ"])
    assert readable.exit_code == 0
    assert "does not beat" in readable.stdout


def test_moves_lists_every_legal_play(runner: CliRunner, fake: Any) -> None:
    """Over a single 4♥, only the singles above it: 5♠ and 5♥."""
    data = _json(runner, "moves", "miniclimb", "--hand", "3S 4S 5S 5H", "--over", "4H", "--json")
    assert data == {
        "moves": [
            {"combo": "single", "cards": ["5S"], "chop": False},
            {"combo": "single", "cards": ["5H"], "chop": False},
        ]
    }
    leading = _json(runner, "moves", "miniclimb", "--hand", "3S,4S,5S", "--json")["moves"]
    assert {"combo": "straight", "cards": ["3S", "4S", "5S"], "chop": False} in leading
    assert len(leading) == 4  # three singles and the straight


def test_deal_is_reproducible_from_its_seed(runner: CliRunner, fake: Any) -> None:
    """The same seed deals the same hands; each hand has the preset's size."""
    a = _json(runner, "deal", "miniclimb", "--players", "3", "--seed", "11", "--json")
    b = _json(runner, "deal", "miniclimb", "--players", "3", "--seed", "11", "--json")
    c = _json(runner, "deal", "miniclimb", "--players", "3", "--seed", "12", "--json")
    assert a == b
    assert a["hands"] != c["hands"]
    assert sorted(a["hands"]) == ["P1", "P2", "P3"]
    assert all(len(h) == 13 for h in a["hands"].values())
    assert a["first"] in a["players"]
    assert a["instant_wins"] == []
    short = _json(runner, "deal", "miniclimb", "-n", "2", "-s", "1", "-v", "short", "--json")
    assert all(len(h) == 6 for h in short["hands"].values())


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["classify", "miniclimb", "3X"], "'3X'"),
        (["classify", "nosuchgame", "3S"], "unknown game 'nosuchgame'"),
        (["classify", "miniclimb", "3S", "--variant", "nope"], "no variant 'nope'"),
        (["beats", "miniclimb", "--over", "2H"], "--play"),
        (["beats", "miniclimb", "--over", "2H", "--play", "ZZ"], "'ZZ'"),
        (["moves", "miniclimb", "--hand", "3S 4S", "--bogus"], "--bogus"),
        (["deal", "miniclimb", "--players", "9"], "2 to 4 players"),
        (["deal", "miniclimb", "--players", "many"], "--players"),
        (["analyze", "miniclimb", "3S"], "does not answer analyze"),
    ],
)
def test_unreadable_input_is_one_line_and_exit_2(
    runner: CliRunner, fake: Any, args: list[str], needle: str
) -> None:
    """Unknown game, card, variant or option, a bad option value: exit 2, one line."""
    assert needle in _unreadable(runner, *args)


def test_every_game_command_takes_variant(runner: CliRunner, fake: Any) -> None:
    """Each command that takes GAME also takes --variant (found from the app itself, so
    a new command cannot forget it)."""
    import typer.core
    import typer.main

    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    taking_game = [
        name
        for name, command in group.commands.items()
        if any(p.name == "game" for p in command.params)
    ]
    assert {"rules", "classify", "schema", "deal", "play", "simulate"} <= set(taking_game)
    for name in taking_game:
        options = {o for p in group.commands[name].params for o in p.opts}
        assert "--variant" in options, name


def test_schema_of_one_variant(runner: CliRunner, fake: Any) -> None:
    """`schema GAME --variant V` asks records to name V (or leave it out when V is the
    default); an unknown variant is unreadable input."""
    short = _json(runner, "schema", "miniclimb", "--variant", "short", "--json")
    assert short["properties"]["variant"]["const"] == "short"
    assert "variant" in short["required"]
    plain = _json(runner, "schema", "miniclimb")
    assert plain["properties"]["variant"] != short["properties"]["variant"]
    assert "no variant 'nope'" in _unreadable(runner, "schema", "miniclimb", "--variant", "nope")


def test_readable_cards_are_coloured() -> None:
    """On a colour terminal ♦♥ are printed red and ♠♣ are not."""
    import io

    from rich.console import Console
    from vncards.cli._display import cards_text

    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="standard").print(
        cards_text(["3S", "3H", "QD", "KC"])
    )
    text = out.getvalue()
    red = "\x1b[1;31m"
    assert f"{red}3♥" in text
    assert f"{red}Q♦" in text
    assert f"{red}3♠" not in text
    assert f"{red}K♣" not in text
