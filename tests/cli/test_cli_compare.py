"""`vncards compare`: settings side by side, measured rows, the chart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from vncards.cli.app import app


def test_compare_lists_every_game_and_preset(runner: CliRunner, fake: Any) -> None:
    """One column per game and preset with the plugin's summary; no measurements
    without --games."""
    result = runner.invoke(app, ["compare", "--json"])
    assert result.exit_code == 0, result.output
    columns = json.loads(result.stdout)["columns"]
    assert [(c["game"], c["variant"]) for c in columns] == [
        ("miniclimb", "standard"),
        ("miniclimb", "short"),
    ]
    assert [c["summary"]["hand size"] for c in columns] == [13, 6]
    assert all(c["measured"] is None for c in columns)
    table = runner.invoke(app, ["compare"], env={"COLUMNS": "200"})
    assert "hand size" in table.stdout
    assert "four of a kind over a single 2" in table.stdout


def test_compare_measures_simulated_games(runner: CliRunner, fake: Any) -> None:
    """With --games N each preset is simulated: instant wins, length, first-player
    advantage and draws are rates between 0 and 1 (length in actions)."""
    result = runner.invoke(app, ["compare", "--games", "20", "--json"])
    assert result.exit_code == 0, result.output
    for c in json.loads(result.stdout)["columns"]:
        m = c["measured"]
        assert m["games"] == 20
        for key in ("instant_wins", "first_seat", "draws"):
            assert 0.0 <= m[key]["rate"] <= 1.0
        assert m["length"]["mean"] > 0
        assert m["figures"]["chops"]["label"] == "chop"
    readable = runner.invoke(app, ["compare", "--games", "10"])
    assert "Measured over 10 games" in readable.stdout
    assert "lá/game" in readable.stdout
    assert "chop" in readable.stdout, "the third-party game's own statistic has a column"


def test_compare_plot_writes_a_png(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """--plot FILE.png draws the measured figures."""
    path = tmp_path / "compare.png"
    result = runner.invoke(app, ["compare", "--games", "10", "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_needs_games(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """A chart of measurements without measuring is refused (exit 2, one line)."""
    result = runner.invoke(app, ["compare", "--plot", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "--games" in result.stderr


def test_compare_columns_set_house_rules_per_column(runner: CliRunner, fake: Any) -> None:
    """--column GAME:PRESET,KEY=VALUE compares one game under two rule sets; the house
    rules travel into each column's settings and figures."""
    args = ["compare", "-g", "8", "-c", "miniclimb:short", "-c", "miniclimb:short,hand_size=4"]
    columns = json.loads(runner.invoke(app, [*args, "--json"]).stdout)["columns"]
    assert [(c["variant"], c["rules"]) for c in columns] == [
        ("short", {}),
        ("short", {"hand_size": 4}),
    ]
    assert [c["summary"]["hand size"] for c in columns] == [6, 4]
    assert [c["measured"]["rules"] for c in columns] == [{}, {"hand_size": 4}]


def test_compare_rule_and_players_apply_to_every_column(runner: CliRunner, fake: Any) -> None:
    """--rule KEY=VALUE sets a house rule on every compared game that has it; --players N
    seats N players in every simulated game; an unknown setting is refused (exit 2)."""
    args = ["compare", "-g", "5", "--rule", "hand_size=5", "--players", "3", "--json"]
    columns = json.loads(runner.invoke(app, args).stdout)["columns"]
    assert {c["measured"]["players"] for c in columns} == {3}
    assert all(c["rules"] == {"hand_size": 5} for c in columns)
    bad = runner.invoke(app, ["compare", "-g", "5", "--rule", "chop_two=3"])
    assert bad.exit_code == 2
    assert "chop_two" in bad.stderr


def test_compare_table_fits_100_columns_without_cutting_names(runner: CliRunner, fake: Any) -> None:
    """One row per game and preset, figures as columns, within 100 columns; every game
    and preset name is shown whole (no ellipsis)."""
    result = runner.invoke(app, ["compare", "-g", "6"], env={"COLUMNS": "100"})
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert "…" not in result.stdout
    for name in ("miniclimb", "standard", "short"):
        assert any(name in line for line in lines), name


def test_compare_settings_and_html_page(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """--settings shows the settings side by side; --html writes one self-contained page
    with the settings, the figures and the charts (inline SVG, nothing fetched)."""
    settings = runner.invoke(app, ["compare", "--settings"])
    assert "hand size" in settings.stdout
    page = tmp_path / "compare.html"
    result = runner.invoke(app, ["compare", "-g", "6", "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg") >= 4
    for shown in ("hand size", "first seat wins", "games with chop"):
        assert shown in text
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text
    assert "<script" not in text
