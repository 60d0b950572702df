"""``vncards simulate --workers N`` starts at most one process per CPU unless told
otherwise with ``--force-workers``; either way the games are the same."""

from __future__ import annotations

import json
import os

from typer.testing import CliRunner
from vncards.cli.app import app


def _run(*extra: str) -> dict[str, object]:
    args = ["simulate", "tienlen", "--games", "40", "--seed", "3", "--json", *extra]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_forced_workers_beyond_the_cpus_play_the_same_games() -> None:
    """More workers than CPUs, forced, give the numbers one process gives."""
    many = str((os.cpu_count() or 1) + 1)
    assert _run("--workers", many, "--force-workers") == _run()


def test_force_workers_is_documented_in_the_help() -> None:
    """The flag is offered by the command's help."""
    result = CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"})
    assert "--force-workers" in result.output
