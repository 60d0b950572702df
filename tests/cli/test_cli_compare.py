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
        for key in ("instant_win_rate", "first_player_win_rate", "draw_rate"):
            assert 0.0 <= m[key] <= 1.0
        assert m["mean_length"] > 0
    readable = runner.invoke(app, ["compare", "--games", "10"])
    assert "measured (10 games)" in readable.stdout
    assert "first player wins" in readable.stdout


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
