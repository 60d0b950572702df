"""Stored tables (SQLite and PostgreSQL): a table is its deal, rules and steps, rebuilt
exactly after a restart; a change is kept whole or not at all; a kill -9 of the server
at any point loses no accepted action and never half-applies one; the stored form
holds no secret token."""

from __future__ import annotations

import json
import threading
from typing import Any

import httpx2
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from vncards.core import discover_games, load_record, referee
from vncards.server import ServerSettings, SqlStore, StoredTable, create_app
from vncards.server.testing import ServerProcess

from tests.server._play import bearer, new_table, play_out, simplest, view_of

NAMES = ["An", "Bình", "Chi", "Dũng"]
TIENLEN = {"game": "tienlen", "players": NAMES, "bots": {"Chi": "greedy", "Dũng": "random"}}


def _app(db: str) -> TestClient:
    return TestClient(create_app(ServerSettings(db=db)))


def _act(client: TestClient, table: str, tokens: dict[str, str], times: int) -> None:
    for _ in range(times):
        for token in tokens.values():
            view = view_of(client, table, token)
            if view["legal"] or view["optional"]:
                r = client.post(
                    f"/v1/tables/{table}/actions", headers=bearer(token), json=simplest(view)
                )
                assert r.status_code == 200, r.text
                break


def test_a_table_is_rebuilt_exactly_after_a_restart(db_url: str) -> None:
    """Stored tables: every seat's view after a restart is the view before it, the game
    goes on from there, and its record is legal."""
    with _app(db_url) as client:
        table, tokens = new_table(client, {**TIENLEN, "seed": 11})
        _act(client, table, tokens, 6)
        before = {name: view_of(client, table, t) for name, t in tokens.items()}
    with _app(db_url) as client:
        after = {name: view_of(client, table, t) for name, t in tokens.items()}
        assert after == before
        play_out(client, table, tokens)
        record = client.get(f"/v1/tables/{table}/record").json()
    plugin = discover_games()["tienlen"]
    assert referee(plugin, load_record(json.dumps(record))).legal


def test_an_illegal_action_leaves_the_stored_table_unchanged(db_url: str) -> None:
    """Must hold: an illegal action is 409 and the stored table is as it was."""
    with _app(db_url) as client:
        table, tokens = new_table(client, {**TIENLEN, "seed": 3})
        view = view_of(client, table, tokens["An"])
        store = SqlStore(db_url)
        steps = store.load(table)
        assert steps is not None
        r = client.post(
            f"/v1/tables/{table}/actions", headers=bearer(tokens["An"]), json={"play": ["3S", "3S"]}
        )
        assert r.status_code in {409, 422}
        assert store.load(table) == steps
        assert view_of(client, table, tokens["An"]) == view
        store.close()


def _stored(table_id: str, steps: int = 0) -> StoredTable:
    return StoredTable(
        table_id,
        "toy",
        None,
        {},
        ["A", "B"],
        {1: "first"},
        {0: "d" * 64},
        5,
        None,
        0.0,
        0.0,
        steps=[{"seat": 0, "decline": True}] * steps,
    )


def test_two_writers_at_one_index_never_both_apply(db_url: str) -> None:
    """Several processes: a step is kept at an index once; the second writer at that
    index is told (False) and keeps nothing, not even part of its steps."""
    one, two = SqlStore(db_url), SqlStore(db_url)
    one.create(_stored("t", 1))
    step = [{"seat": 1, "action": {"play": "C01"}}, {"seat": 0, "action": {"play": "C02"}}]
    assert one.append("t", 1, step, now=1.0, finished=False, deadline=None)
    assert not two.append("t", 1, step[:1], now=2.0, finished=True, deadline=None)
    loaded = two.load("t")
    assert loaded is not None
    assert list(loaded.steps) == [{"seat": 0, "decline": True}, *step]
    assert loaded.last_active == 1.0
    assert not loaded.finished
    one.close()
    two.close()


def test_concurrent_appends_from_threads_keep_exactly_one(db_url: str) -> None:
    """Eight writers racing for index 0 of one table: exactly one wins."""
    store = SqlStore(db_url)
    store.create(_stored("race"))
    barrier = threading.Barrier(8)
    wins: list[bool] = []

    def write(seat: int) -> None:
        barrier.wait()
        step = [{"seat": seat, "decline": True}]
        wins.append(store.append("race", 0, step, now=1.0, finished=False, deadline=None))

    threads = [threading.Thread(target=write, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == [False] * 7 + [True]
    loaded = store.load("race")
    assert loaded is not None
    assert len(loaded.steps) == 1
    store.close()


def test_archived_tables_are_kept_not_lost(db_url: str) -> None:
    """Bounded: idle tables are archived (their URLs answer 404), yet still stored."""
    store = SqlStore(db_url)
    store.create(_stored("old"))
    assert store.archive_idle(before=10.0) == ["old"]
    assert store.load("old") is None
    assert store.live_count() == 0
    assert store.steps_since("old", 0) == []
    with store.engine.connect() as conn:
        count = conn.execute(sa.text("SELECT count(*) FROM vncards_tables")).scalar_one()
    store.close()
    assert count == 1


def test_the_stored_form_holds_no_token(db_url: str) -> None:
    """Must hold: what the database keeps of a seat's token is its digest only."""
    with _app(db_url) as client:
        table, tokens = new_table(client, TIENLEN)
    store = SqlStore(db_url)
    stored = store.load(table)
    store.close()
    assert stored is not None
    text = json.dumps(stored.__dict__, default=str)
    for token in tokens.values():
        assert token not in text


def _accepted_game(url: str, table: str, token: str, accepted: list[int]) -> None:
    with httpx2.Client(base_url=url, timeout=30) as client:
        while True:
            view = client.get(f"/v1/tables/{table}/view", headers=bearer(token)).json()
            if view["finished"]:
                return
            r = client.post(
                f"/v1/tables/{table}/actions", headers=bearer(token), json=simplest(view)
            )
            assert r.status_code == 200, r.text
            accepted.append(r.json()["view"]["events"])


@pytest.mark.parametrize("kill_after", [1, 4, 9])
def test_a_kill_9_loses_no_accepted_action(tmp_path: Any, kill_after: int) -> None:
    """Stored tables: the server is killed (SIGKILL) while a client is acting as fast as
    it can; restarted on the same file, the table holds every action that was answered
    200 and is a legal game (no half-applied change), and it plays on to a legal end."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    answered: list[int] = []
    with ServerProcess(db=db) as server:
        with httpx2.Client(base_url=server.url, timeout=30) as client:
            table, tokens = new_table(
                client,
                {
                    **TIENLEN,
                    "players": NAMES,
                    "bots": dict.fromkeys(NAMES[1:], "random"),
                    "seed": kill_after,
                },
            )
        worker = threading.Thread(
            target=_swallow, args=(_accepted_game, server.url, table, tokens["An"], answered)
        )
        worker.start()
        # wait on a condition (bounded by the game's length), never on the clock
        while len(answered) < kill_after and worker.is_alive():
            worker.join(0.01)
        server.kill()
        worker.join(60)
    with ServerProcess(db=db) as server, httpx2.Client(base_url=server.url, timeout=30) as client:
        view = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens["An"])).json()
        assert view["events"] >= (answered[-1] if answered else 0)
        play_out(client, table, tokens)
        record = client.get(f"/v1/tables/{table}/record").json()
    assert referee(discover_games()["tienlen"], load_record(json.dumps(record))).legal


def _swallow(target: Any, *args: Any) -> None:
    """Run ``target``; a connection cut by the kill ends it quietly."""
    try:
        target(*args)
    except (httpx2.HTTPError, AssertionError, ValueError):
        return
