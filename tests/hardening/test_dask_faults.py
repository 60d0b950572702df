"""Dask fails fast (reliability item 5): a malformed address, an unreachable one, a port
that does not speak Dask, a scheduler with no worker, or a run whose last worker dies
ends the run with one ``SimulationError`` within the configured timeout, never a hang;
a huge run keeps few futures (item 3). No test binds a fixed port: the ports are the
system's choice; each cluster is the test's own."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.core import RandomBot
from vncards.core.simulate import DASK_TIMEOUT, GameSummary, SimulationError, play_games

from tests.hardening._support import in_thread

distributed = pytest.importorskip("distributed")
cli = pytest.importorskip("vncards.cli.app")

SHORT = 1.0
"""The timeout given to these runs; the check is that they fail, not how fast."""


def test_default_timeout_is_at_most_ten_seconds() -> None:
    """The documented default bound on every wait of a Dask run."""
    assert 0 < DASK_TIMEOUT <= 10


@pytest.mark.parametrize(
    "address", ["", " ", "http://", "tcp://", "localhost", "http://localhost:8786", "tcp://h:x"]
)
def test_malformed_address_is_refused_at_once(address: str) -> None:
    """Not an address of a Dask scheduler: refused before any connection."""
    with pytest.raises(SimulationError, match="not a Dask scheduler address"):
        play_games("tienlen", games=4, scheduler=address, dask_timeout=SHORT)


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port on which something listens but never speaks (as a web server would)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


def test_port_that_is_not_dask_fails_within_the_timeout(silent_port: int) -> None:
    """A listener that never greets as Dask does: one error, no hang."""
    with pytest.raises(SimulationError, match="does not answer as a Dask scheduler"):
        play_games(
            "tienlen", games=4, scheduler=f"tcp://127.0.0.1:{silent_port}", dask_timeout=SHORT
        )


def test_unreachable_address_fails() -> None:
    """A port where nothing listens (taken from the system, then freed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(SimulationError, match="cannot reach"):
        play_games("tienlen", games=4, scheduler=f"tcp://127.0.0.1:{port}", dask_timeout=SHORT)


def test_scheduler_without_workers_fails_within_the_timeout() -> None:
    """A scheduler with no worker: one error naming that, instead of waiting forever."""
    with (
        distributed.LocalCluster(
            n_workers=0, processes=False, protocol="tcp", scheduler_port=0, dashboard_address=":0"
        ) as cluster,
        pytest.raises(SimulationError, match="has no worker"),
    ):
        play_games("tienlen", games=4, scheduler=cluster.scheduler_address, dask_timeout=SHORT)


def test_cli_says_one_line(silent_port: int) -> None:
    """``vncards simulate --scheduler`` with a port that is not Dask: exit 2, one line,
    no traceback (the timeout set through VNCARDS_DASK_TIMEOUT)."""
    result = CliRunner().invoke(
        cli.app,
        ["simulate", "tienlen", "--games", "4", "--scheduler", f"tcp://127.0.0.1:{silent_port}"],
        env={"VNCARDS_DASK_TIMEOUT": str(SHORT)},
    )
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr


_DASK_WORKER = "VNCARDS_TEST_DASK_WORKER"
ROOT = Path(__file__).resolve().parents[2]


def worker_killing_bot(seed: int) -> RandomBot:
    """A bot factory that kills the Dask worker process it runs in (marked by an
    environment variable only that process has): the worker's first game is its last."""
    if os.environ.get(_DASK_WORKER) == "1":
        os.kill(os.getpid(), signal.SIGKILL)
    return RandomBot(seed)


@pytest.fixture
def one_worker_cluster() -> Iterator[str]:
    """A scheduler of this test's own with one worker in a process of its own (no nanny,
    so nothing starts it again), every port the system's choice."""
    with distributed.LocalCluster(
        n_workers=0, processes=False, protocol="tcp", scheduler_port=0, dashboard_address=":0"
    ) as cluster:
        address = cluster.scheduler_address
        env = {**os.environ, _DASK_WORKER: "1", "PYTHONPATH": str(ROOT)}
        worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--no-nanny",
             "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            with distributed.Client(address, set_as_default=False) as client:
                client.wait_for_workers(1, timeout=120)  # a bound on start-up, not a wait
            yield address
        finally:
            if worker.poll() is None:
                worker.kill()
            worker.wait()


def test_run_whose_last_worker_dies_fails_within_the_timeout(one_worker_cluster: str) -> None:
    """The only worker is killed by the game it plays: the run ends with one line saying
    that every worker left, within the timeout, instead of waiting for one forever. The
    run is watched from another thread so that a hang fails the test instead of holding
    it."""
    watcher, outcome = in_thread(
        lambda: play_games(
            "tienlen", games=40, players=4, bots=worker_killing_bot,
            scheduler=one_worker_cluster, dask_timeout=SHORT,
        )
    )  # fmt: skip
    watcher.join(120)  # a bound against a hang, far above the timeout
    assert not watcher.is_alive(), "the run hung after its last worker died"
    error = outcome[0]
    assert isinstance(error, SimulationError), repr(error)
    message = str(error)
    assert "every Dask worker left the run" in message
    assert "\n" not in message


class _EnoughError(Exception):
    """Raised from the progress callback to stop a run that would never end."""


def _quick_game(plugin: Any, job: Any, index: int) -> GameSummary:
    """A made-up summary in place of a played game, so that a huge run moves fast."""
    return GameSummary(
        index=index, seed=index, n_players=job.players, bots=job.names, outcome="won",
        winner=0, instant_win=None, payments=(1, -1, 0, 0), length=1, first=0, stats={},
        record=None,
    )  # fmt: skip


def test_huge_run_keeps_few_futures_and_small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """``games=10**9`` on Dask, streamed: every chunk holds at most a thousand games, and
    the futures submitted but not yet handed on stay a few per worker thread (counted at
    ``Client.submit``) while the run goes on, instead of one future per chunk at once or
    chunks of millions of games."""
    sim = sys.modules[play_games.__module__]
    monkeypatch.setattr(sim, "_play_one", _quick_game)
    submitted = finished = most = 0
    real_submit = distributed.Client.submit

    def submit(client: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal submitted, most
        start, stop = args[-2:]
        assert stop - start <= 1000, f"a chunk of {stop - start} games"
        submitted += 1
        most = max(most, submitted - finished)
        return real_submit(client, fn, *args, **kwargs)

    def progress(k: int) -> None:
        nonlocal finished
        finished += 1
        if finished >= 40:
            raise _EnoughError

    monkeypatch.setattr(distributed.Client, "submit", submit)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
            scheduler_port=0, dashboard_address=":0",
        ) as cluster,
        pytest.raises(_EnoughError),
    ):  # fmt: skip
        play_games(
            "tienlen", games=10**9, players=4, seed=1, scheduler=cluster.scheduler_address,
            dask_timeout=30, on_game=lambda summary: None, progress=progress,
        )  # fmt: skip
    assert finished == 40
    assert most <= 16, f"{most} futures at once"
