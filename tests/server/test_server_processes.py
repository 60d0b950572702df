"""Several processes on one PostgreSQL database: an action posted to one is heard on
a WebSocket opened on the other (LISTEN/NOTIFY), and two concurrent actions on one
table from two processes never both apply. Two real server processes."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from vncards.core import discover_games, load_record, referee
from vncards.server.testing import ServerProcess
from websockets.sync.client import connect

from tests.server._play import bearer, new_table, simplest
from tests.server.conftest import fresh_database

NAMES = ["An", "Bình", "Chi", "Dũng"]


@pytest.fixture(scope="module")
def two(postgres_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    db = fresh_database(postgres_url, "two_processes")
    with ServerProcess(db=db) as one, ServerProcess(db=db) as other:
        yield one, other


def _ws_url(server: ServerProcess, table: str, token: str, since: int = 0) -> str:
    base = server.url.replace("http://", "ws://")
    return f"{base}/v1/tables/{table}/events?token={token}&since={since}"


def test_an_action_on_one_process_reaches_a_websocket_on_the_other(
    two: tuple[ServerProcess, ServerProcess],
) -> None:
    one, other = two
    with (
        httpx2.Client(base_url=one.url, timeout=30) as a,
        httpx2.Client(base_url=other.url, timeout=30) as b,
    ):
        table, tokens = new_table(
            a, {"game": "tienlen", "players": NAMES, "bots": {"Chi": "random"}, "seed": 4}
        )
        view = b.get(f"/v1/tables/{table}/view", headers=bearer(tokens["An"])).json()
        with connect(_ws_url(other, table, tokens["Bình"], view["events"])) as ws:
            for name in ("An", "Bình", "Dũng"):
                seat_view = a.get(f"/v1/tables/{table}/view", headers=bearer(tokens[name])).json()
                if seat_view["legal"] or seat_view["optional"]:
                    break
            r = a.post(
                f"/v1/tables/{table}/actions",
                headers=bearer(tokens[name]),
                json=simplest(seat_view),
            )
            assert r.status_code == 200, r.text
            # the timeout only bounds a failure; the event arrives when notified
            heard = json.loads(ws.recv(timeout=30))
        assert heard == r.json()["events"][0]  # Tiến lên's events are public


def test_concurrent_actions_from_two_processes_never_both_apply(
    two: tuple[ServerProcess, ServerProcess],
) -> None:
    """The seat to act sends its move to both processes at once, turn after turn (four
    human seats, so the seat is another one's after it moves): one is applied and
    answered 200, the other refused (409); the record is a legal game."""
    one, other = two
    clients = [httpx2.Client(base_url=s.url, timeout=30) for s in (one, other)]
    try:
        table, tokens = new_table(
            clients[0],
            {"game": "tienlen", "players": NAMES, "seed": 2},
        )
        rounds = 0
        while True:
            client = clients[rounds % 2]
            view = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens["An"])).json()
            if view["finished"]:
                break
            headers = bearer(tokens[view["to_act"]])
            view = client.get(f"/v1/tables/{table}/view", headers=headers).json()
            body = simplest(view)

            codes = _race(clients, f"/v1/tables/{table}/actions", headers, body)
            assert sorted(codes) == [200, 409], codes
            rounds += 1
        record = clients[1].get(f"/v1/tables/{table}/record").json()
    finally:
        for c in clients:
            c.close()
    assert rounds > 0
    report = referee(discover_games()["tienlen"], load_record(json.dumps(record)))
    assert report.legal
    assert len(record["actions"]) >= rounds


def _race(
    clients: list[httpx2.Client], path: str, headers: dict[str, str], body: dict[str, Any]
) -> list[int]:
    """The same POST sent by every client at once; the status codes."""
    barrier = threading.Barrier(len(clients))
    codes: list[int] = []

    def send(client: httpx2.Client) -> None:
        barrier.wait()
        codes.append(client.post(path, headers=headers, json=body).status_code)

    threads = [threading.Thread(target=send, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return codes
