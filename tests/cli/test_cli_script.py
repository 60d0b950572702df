"""The installed ``vncards`` script as a separate process, and the real games once they
are installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app

from tests.cli.conftest import FAKE_PATH

SCRIPT = Path(sys.executable).with_name("vncards")
pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=FAKE_PATH, VNCARDS_PLUGINS="none")
    return subprocess.run(
        [str(SCRIPT), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_script_answers_a_query() -> None:
    """`vncards classify` in its own process prints the contract's JSON and exits 0."""
    done = _run("classify", "cli_fakegame:plugin", "8S", "8H", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"combo": "pair", "cards": ["8S", "8H"]}


def test_script_unreadable_input_one_line() -> None:
    """An unknown card: exit 2, one line on stderr, no traceback."""
    done = _run("beats", "cli_fakegame:plugin", "--over", "8S", "--play", "9Q")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "'9Q'" in done.stderr
    assert "Traceback" not in done.stderr


def test_script_referee_unreadable_record_exits_2() -> None:
    """A record that is not JSON, read from standard input: exit 2."""
    done = _run("referee", "-", stdin="{")
    assert done.returncode == 2
    assert "not valid JSON" in done.stderr


def test_shell_completion_is_offered() -> None:
    """Typer's completion options are kept: the bash script names the command."""
    done = _run("--show-completion", "bash")
    assert done.returncode == 0
    assert "_VNCARDS_COMPLETE" in done.stdout


# ----------------------------------------------------------------- real games


def test_real_game_is_listed_and_deals(runner: CliRunner, real_game: str) -> None:
    """Each installed game is listed; its deal is reproducible from a seed."""
    listed = json.loads(runner.invoke(app, ["games", "--json"]).stdout)["games"]
    assert [g["name"] for g in listed] == [real_game]
    a = runner.invoke(app, ["deal", real_game, "--seed", "3", "--json"])
    b = runner.invoke(app, ["deal", real_game, "--seed", "3", "--json"])
    assert a.exit_code == 0, a.output
    assert json.loads(a.stdout) == json.loads(b.stdout)
    rules = runner.invoke(app, ["rules", real_game, "--json"])
    assert rules.exit_code == 0
    assert json.loads(rules.stdout)["game"] == real_game


def test_real_game_simulated_records_pass_the_referee(
    runner: CliRunner, real_game: str, tmp_path: Path
) -> None:
    """Bot games of each game, written as records, are ruled legal with zero-sum payments."""
    path = tmp_path / "games.jsonl"
    result = runner.invoke(
        app, ["simulate", real_game, "-g", "6", "-b", "random", "--records", str(path), "--json"]
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    assert data["games"] == 6
    for line in path.read_text(encoding="utf-8").splitlines():
        ruling = runner.invoke(app, ["referee", "-", "--json"], input=line)
        assert ruling.exit_code == 0, ruling.output
        assert sum(json.loads(ruling.stdout)["payments"].values()) == 0


def test_real_game_in_compare(runner: CliRunner, real_game: str) -> None:
    """Every preset of the game has a column with the plugin's own summary."""
    result = runner.invoke(app, ["compare", "--json"])
    assert result.exit_code == 0, result.output
    columns = json.loads(result.stdout)["columns"]
    assert {c["game"] for c in columns} == {real_game}
    assert all(c["summary"] for c in columns)


def test_real_game_played_to_the_end(runner: CliRunner, real_game: str) -> None:
    """A whole game at the terminal choosing move #1 (or declining) every time."""
    result = runner.invoke(
        app, ["play", real_game, "--seed", "2", "-b", "random"], input="#1\n" * 600
    )
    assert result.exit_code == 0, result.output
    assert "Settlement" in result.stdout


def _loadable_games() -> list[str]:
    import warnings

    from vncards.core import discover_games

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(discover_games())


def test_completion_of_game_names() -> None:
    """Tab completion of a GAME argument offers the installed games."""
    env = dict(
        os.environ,
        _VNCARDS_COMPLETE="complete_bash",
        COMP_WORDS="vncards classify ",
        COMP_CWORD="2",
    )
    names = subprocess.run(
        [str(SCRIPT)], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert names.stdout.split() == _loadable_games()


def test_progress_bar_on_a_terminal_only() -> None:
    """On a terminal `simulate` draws a progress bar (piped, it does not: see
    test_cli_simulate's readable statistics test)."""
    import pexpect

    env = dict(os.environ, PYTHONPATH=FAKE_PATH, TERM="xterm", VNCARDS_PLUGINS="none")
    args = ["simulate", "cli_fakegame:plugin", "-g", "300", "-n", "2", "-v", "short"]
    child = pexpect.spawn(str(SCRIPT), args, env=env, encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert "/300" in (child.before or "")
