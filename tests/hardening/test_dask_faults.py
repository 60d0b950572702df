"""Dask fails fast (reliability item 5): a malformed address, an unreachable one, a port
that does not speak Dask, or a scheduler with no worker ends the run with one
``SimulationError`` within the configured timeout, never a hang. No test binds a fixed
port: the ports are the system's choice; the cluster is this test's own, inside it."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner
from vncards.core.simulate import DASK_TIMEOUT, SimulationError, play_games

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
