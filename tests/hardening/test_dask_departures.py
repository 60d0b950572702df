"""Dask clusters that fall apart mid-run: one line, within bounded time, every time.

Before: when every worker left mid-run, 2 runs of 21 hung without a word; a scheduler
that died mid-run gave raw errors, sometimes tracebacks. Each case here is run three
times on a cluster of the test's own (scheduler and workers in processes of their own,
every port the system's choice): the run is started in a thread, the cluster is broken
once the run has finished a chunk (a condition, not a delay), and the run must then end
with one :class:`SimulationError` line; the thread is joined with a generous bound, so a
hang fails the test instead of holding it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from vncards.core.simulate import SimulationError, play_games

from tests.hardening._support import in_thread

distributed = pytest.importorskip("distributed")

BOUND = 120.0
"""Seconds allowed for start-up or for the run to end (a bound on a hang, never timed)."""
SHORT = 2.0
"""The run's Dask timeout."""


def _quiet(module: str, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", module, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


class Cluster:
    """A scheduler and ``n`` workers (no nanny: nothing starts a killed one again)."""

    def __init__(self, folder: Path, workers: int) -> None:
        file = folder / "scheduler.json"
        self.scheduler = _quiet(
            "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
            "--dashboard-address", ":0", "--scheduler-file", str(file),
        )  # fmt: skip
        bound = time.monotonic() + BOUND
        self.address = ""
        while not self.address and time.monotonic() < bound:
            try:
                self.address = json.loads(file.read_text())["address"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.05)
        worker = ("--no-nanny", "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1")
        self.workers = [
            _quiet("distributed.cli.dask_worker", self.address, *worker) for _ in range(workers)
        ]
        with distributed.Client(self.address, set_as_default=False) as client:
            client.wait_for_workers(workers, timeout=BOUND)  # a bound on start-up

    def close(self) -> None:
        for proc in [*self.workers, self.scheduler]:
            if proc.poll() is None:
                proc.kill()
            proc.wait()


def _run_and_break(cluster: Cluster, kill: list[subprocess.Popen[bytes]]) -> BaseException | None:
    """Start a long run on ``cluster``, kill ``kill`` once a chunk is done, and return
    what the run raised (None if it ended without error)."""
    started = threading.Event()

    def progress(_: int) -> None:
        started.set()

    watcher, outcome = in_thread(
        lambda: play_games(
            "tienlen", games=10**6, players=4, bots="random", seed=3,
            scheduler=cluster.address, dask_timeout=SHORT, progress=progress,
            on_game=lambda _: None,  # streamed: chunks of at most 1,000 games
        )
    )  # fmt: skip
    assert started.wait(BOUND), "the run finished no chunk"
    for proc in kill:
        proc.send_signal(signal.SIGKILL)
    watcher.join(BOUND)
    assert not watcher.is_alive(), "the run hung after the cluster broke"
    return outcome[0]


def _one_line(error: BaseException | None, *words: str) -> None:
    assert isinstance(error, SimulationError), repr(error)
    message = str(error)
    assert "\n" not in message
    assert any(w in message for w in words), message


pytestmark = pytest.mark.skipif(
    "tienlen" not in os.environ.get("VNCARDS_PLUGINS", "tienlen"), reason="needs Tiến lên"
)


@pytest.mark.parametrize("attempt", range(3))
def test_every_worker_leaving_mid_run_ends_it(tmp_path: Path, attempt: int) -> None:
    """Both workers killed mid-run: one line saying every worker left."""
    cluster = Cluster(tmp_path, workers=2)
    try:
        error = _run_and_break(cluster, cluster.workers)
    finally:
        cluster.close()
    _one_line(error, "every Dask worker left", "worker")


@pytest.mark.parametrize("attempt", range(3))
def test_scheduler_dying_mid_run_ends_it(tmp_path: Path, attempt: int) -> None:
    """The scheduler killed mid-run: one line saying the scheduler was lost."""
    cluster = Cluster(tmp_path, workers=2)
    try:
        error = _run_and_break(cluster, [cluster.scheduler])
    finally:
        cluster.close()
    _one_line(error, "scheduler")
