"""Fixtures of the service tests: an app on the toy game with a clock moved by hand,
the installed games, and a real server on a loopback port the system chooses."""

from __future__ import annotations

import socket
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from vncards.core import GamePlugin, discover_games
from vncards.server import ServerSettings, create_app

from tests.server._toy import TOY

REAL_GAMES = ("tienlen", "samloc", "tusac", "maubinh")


class Clock:
    """A clock that moves only when told (idle expiry without sleeping)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def installed() -> dict[str, GamePlugin[Any, Any, Any]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return discover_games()


def games_with_views() -> list[str]:
    """The project's games whose plugin answers a seat's view (a game still being moved
    onto views is left out)."""
    out = []
    for name, plugin in installed().items():
        if name not in REAL_GAMES:
            continue
        try:
            rules = plugin.presets[plugin.default_preset]
            lo, _ = plugin.player_range(rules)
            state = plugin.new_game(rules, lo, 1)
            plugin.view(state, 0).to_json([f"P{i}" for i in range(lo)])
        except Exception:
            continue
        out.append(name)
    return out


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def toy(clock: Clock) -> Iterator[TestClient]:
    """A client of an app whose only game is the toy game."""
    settings = ServerSettings(max_tables=5, idle_seconds=600, clock=clock)
    with TestClient(create_app(settings, games={"toy": TOY})) as client:
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_toy_table(
    client: TestClient, humans: tuple[str, ...] = ("A",), bots: tuple[str, ...] = ("B",), **kw: Any
) -> tuple[str, dict[str, str]]:
    body = {"game": "toy", "players": [*humans, *bots], "bots": dict.fromkeys(bots, "first")}
    body.update(kw)
    r = client.post("/v1/tables", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["table"], data["tokens"]


class LiveServer:
    """The app served by uvicorn in a thread on 127.0.0.1, on a port the system picks."""

    def __init__(self, app: Any) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        config = uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.sock.close()
