"""What a run mends is one line in every command that plays games in worker processes.

``vncards simulate``, ``vncards compare`` and ``vncards tournament`` play their games in
the core's pool of worker processes; a worker that dies has its chunk played again with
a ``SimulationWarning``, which every one of them prints as one ``vncards: warning:`` line
(through :func:`vncards.cli._runs.warnings_as_lines`), never as Python's two-line
warning with a source line; a chunk whose new worker dies too ends the command with one
``vncards: error:`` line. As in ``test_worker_faults.py``, the worker kills itself at a
point fixed by the games it is given: no timing.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result
from vncards.core import ENTRY_POINT_GROUP

from tests.hardening._support import process_alive as _alive
from tests.hardening.test_worker_faults import _ONCE, FAULTY_REF, _children, _setup

cli = pytest.importorskip("vncards.cli.app")

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals")


def _faulty_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The faulty toy game as the only installed game (``compare`` reads installed games
    only): the entry points the game list and the worker pool read are replaced."""
    entry = EntryPoint(name="faultytoy", value=FAULTY_REF, group=ENTRY_POINT_GROUP)

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [entry] if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr("vncards.core._plugins.entry_points", entry_points)
    monkeypatch.setattr("vncards.core.simulate._games.entry_points", entry_points)
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


def _tournament(bots: str, workers: int) -> Result:
    return CliRunner().invoke(
        cli.app,
        ["tournament", "faultytoy", "--bots", bots, "--games", "300", "--seed", "0",
         "--workers", str(workers), "--json"],
    )  # fmt: skip


def test_tournament_says_a_mended_worker_death_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``vncards tournament``: the first worker process kills itself (SIGKILL) in its
    first deal; stderr is exactly one ``vncards: warning:`` line naming the worker, the
    signal and the deals played again, the command succeeds, and its JSON is that of
    ``--workers 1``."""
    _setup(monkeypatch)
    _faulty_installed(monkeypatch)
    # the pool caps its workers at the CPU count: two processes even on one CPU
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setenv(_ONCE, str(tmp_path / "killed-once"))
    result = _tournament("once,random", workers=2)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "killed-once").exists(), "no worker was killed"
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert re.fullmatch(
        r"vncards: warning: worker process 1 stopped \(killed by SIGKILL\) while playing"
        r" deals? 0( to \d+)?; a new worker process plays (it|them) again",
        lines[0],
    ), lines[0]
    undisturbed = _tournament("once,random", workers=1)  # the marker is there: nobody dies
    assert undisturbed.exit_code == 0, undisturbed.output
    assert undisturbed.stderr == ""
    got = json.loads(result.stdout)
    assert got == json.loads(undisturbed.stdout)
    assert got["games"] == 300


def test_tournament_whose_deals_kill_every_worker_ends_with_one_error_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``vncards tournament``: the worker given the first deals plays on, every worker
    given the next ones dies, the new one too. The first death is one warning line, the
    second ends the command with one ``vncards: error:`` line naming the signal, no
    traceback, and the exit code of ``vncards simulate`` in the same case (2)."""
    _setup(monkeypatch)
    _faulty_installed(monkeypatch)
    # three processes: the one playing deal 0 (which survives) and one that dies
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    result = _tournament("doomed,random", workers=3)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    errors = [line for line in lines if line.startswith("vncards: error:")]
    assert len(errors) == 1, result.stderr
    assert "killed by SIGKILL" in errors[0]
    assert re.search(r"of 150 deals played$", errors[0]), errors[0]
    warned = [line for line in lines if line.startswith("vncards: warning:")]
    assert len(warned) == 1, result.stderr
    assert len(lines) == 2, result.stderr


SCRIPT = Path(sys.executable).with_name("vncards")


@pytest.mark.slow
@pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")
def test_kill_of_tournament_stops_it_as_ctrl_c_does() -> None:
    """``kill`` (SIGTERM) of a real ``vncards tournament`` process, once its worker
    processes are there: it stops as on Ctrl-C (exit 130), prints nothing, and no worker
    is left. The test waits for the workers by polling ``/proc`` (a generous bound,
    not a fixed time)."""
    run = subprocess.Popen(
        [str(SCRIPT), "tournament", "tienlen", "--bots", "greedy,random",
         "--games", "10000000", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, VNCARDS_PLUGINS="tienlen"),
    )  # fmt: skip
    try:
        bound = time.monotonic() + 120
        workers: list[int] = []
        while not workers and time.monotonic() < bound and run.poll() is None:
            workers = _children(run.pid)
            time.sleep(0.05)
        assert workers, "the run started no worker"
        run.send_signal(signal.SIGTERM)
        stdout, stderr = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 130, stderr
    assert stdout == ""
    assert "Traceback" not in stderr
    bound = time.monotonic() + 120
    while any(_alive(w) for w in workers) and time.monotonic() < bound:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), "a worker outlived the command"
