"""Fixtures of the service tests: an app on the toy game with a clock moved by hand,
and the installed games that answer views."""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from vncards.core import GamePlugin, SpeaksAtTable, TableTalk, discover_games
from vncards.server import ServerSettings, create_app
from vncards.server.testing import PostgresCluster, postgres_bin

from tests.server._toy import TOY

REAL_GAMES = ("tienlen", "samloc", "tusac", "maubinh")
# A test that reads a table's events stream blocks until a message comes: were a
# regression to make the stream send nothing, the whole run would hang. This per-test
# guard fails such a test instead. Its limit is far above what any slow machine takes:
# a hang guard, not a speed assertion.
STREAM_GUARD = pytest.mark.timeout(120)


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


def talk_of(game: str, lang: str) -> TableTalk:
    """The installed game's words in ``lang`` (``vi`` or ``en``)."""
    plugin = installed()[game]
    assert isinstance(plugin, SpeaksAtTable)
    return plugin.table_talk(vietnamese=lang == "vi")


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


@pytest.fixture(params=["memory", "sqlite"])
def toy(clock: Clock, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app whose only game is the toy game, its tables kept in memory or
    in an SQLite file (every table test runs on both stores)."""
    db = None if request.param == "memory" else f"sqlite:///{tmp_path / 'tables.db'}"
    settings = ServerSettings(max_tables=5, idle_seconds=600, clock=clock, db=db)
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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL server for the session (its URL). Skipped with the reason
    when PostgreSQL is not installed, except in CI, which installs it."""
    found = postgres_bin()
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install PostgreSQL (.ci/run installs Debian's postgresql)")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    with PostgresCluster(found) as cluster:
        yield cluster.url


def fresh_database(server: str, name: str) -> str:
    """The URL of an empty database ``name`` on the PostgreSQL server at ``server``."""
    import psycopg

    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each kind: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    yield fresh_database(request.getfixturevalue("postgres_url"), f"t{uuid.uuid4().hex[:16]}")
