"""What a run mends is one line in every command that plays games in worker processes.

``vncards simulate`` and ``vncards compare`` play their games in the core's pool of
worker processes; a worker that dies has its chunk played again with a
``SimulationWarning``, which both commands print as one ``vncards: warning:`` line
(through :func:`vncards.cli._runs.warnings_as_lines`), never as Python's two-line
warning with a source line. (``vncards tournament`` plays its deals in a pool of its
own, which mends nothing and warns of nothing.) As in ``test_worker_faults.py``, the
worker kills itself, once, at a point fixed by the games it is given: no timing.
"""

from __future__ import annotations

import json
import os
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result
from vncards.core import ENTRY_POINT_GROUP

from tests.hardening.test_worker_faults import _ONCE, FAULTY_REF, _setup

cli = pytest.importorskip("vncards.cli.app")

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals")


def _faulty_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The faulty toy game as the only installed game (``compare`` reads installed games
    only): the entry points the game list and the worker pool read are replaced."""
    entry = EntryPoint(name="faultytoy", value=FAULTY_REF, group=ENTRY_POINT_GROUP)

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [entry] if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr("vncards.core._plugins.entry_points", entry_points)
    monkeypatch.setattr("vncards.core.simulate.entry_points", entry_points)
    monkeypatch.delenv("VNCARDS_PLUGINS", raising=False)


def _compare(workers: int) -> Result:
    return CliRunner().invoke(
        cli.app,
        ["compare", "--column", "faultytoy", "--games", "300", "--players", "2",
         "--bots", "once,random", "--seed", "0", "--workers", str(workers), "--json"],
    )  # fmt: skip


def test_compare_says_a_mended_worker_death_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``vncards compare``: the first worker process kills itself (SIGKILL) in its first
    game; stderr is exactly one ``vncards: warning:`` line naming the worker and the
    signal, the command succeeds, and its figures are those of a run in one process."""
    _setup(monkeypatch)
    _faulty_installed(monkeypatch)
    # compare caps its workers at the CPU count: two processes even on one CPU
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setenv(_ONCE, str(tmp_path / "killed-once"))
    result = _compare(workers=2)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "killed-once").exists(), "no worker was killed"
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("vncards: warning: worker process 1 stopped (killed by SIGKILL)")
    assert lines[0].endswith("a new worker process plays them again")
    undisturbed = _compare(workers=1)  # the marker is there: nobody is killed
    assert undisturbed.exit_code == 0, undisturbed.output
    assert undisturbed.stderr == ""
    got = json.loads(result.stdout)
    assert got == json.loads(undisturbed.stdout)
    assert got["columns"][0]["measured"]["games"] == 300
