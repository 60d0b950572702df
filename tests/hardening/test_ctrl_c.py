"""Ctrl-C of a run on worker processes: one line, exit 130.

A terminal sends Ctrl-C (SIGINT) to every process of the foreground job, the worker
processes of ``vncards simulate``, ``compare`` and ``tournament`` included; each worker
used to print its own traceback (12 to 40 lines, from wherever it was, importing its
modules or playing a game). Workers now start with SIGINT ignored and the command says
it stopped in one line. The tests start a real ``vncards`` process in a session of its
own, wait (polling ``/proc``, with a generous bound) until its worker process is there,
and send SIGINT to the whole session as a terminal does; nothing depends on timing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.hardening._support import process_alive as _alive

SCRIPT = Path(sys.executable).with_name("vncards")
BOUND = 120.0
"""Seconds to wait for a condition before the test fails (never a timing check)."""

pytestmark = [
    pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed"),
    pytest.mark.skipif(sys.platform != "linux", reason="reads /proc"),
]


def _workers(pid: int) -> list[int]:
    """The worker processes (spawned by multiprocessing) of process ``pid``."""
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if b"spawn_main" in cmdline:
                out.append(int(child))
    return out


COMMANDS = {
    "simulate": ["simulate", "tienlen", "--games", "10000000", "--workers", "2"],
    "compare": ["compare", "--games", "2000000", "--workers", "2"],
    "tournament": [
        "tournament", "tienlen", "--bots", "greedy,random", "--games", "10000000",
        "--workers", "2",
    ],
}  # fmt: skip


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_ctrl_c_with_two_workers_is_one_line_and_exit_130(command: str) -> None:
    """SIGINT to the command's whole process group once its worker is there: exit
    130, exactly one line on stderr, no traceback, and no worker left behind."""
    run = subprocess.Popen(
        [str(SCRIPT), *COMMANDS[command]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=dict(os.environ, VNCARDS_PLUGINS="tienlen,samloc"),
    )
    try:
        bound = time.monotonic() + BOUND
        workers: list[int] = []
        while not workers and time.monotonic() < bound and run.poll() is None:
            workers = _workers(run.pid)
            time.sleep(0.02)
        assert workers, "the run started no worker"
        os.killpg(run.pid, signal.SIGINT)  # what Ctrl-C at a terminal does
        stdout, stderr = run.communicate(timeout=BOUND)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("vncards: stopped"), stderr
    assert stdout == ""
    bound = time.monotonic() + BOUND
    while any(_alive(w) for w in workers) and time.monotonic() < bound:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), "a worker outlived the command"
