"""The lobby: ``GET /v1/tables`` lists the live tables with a seat nobody has taken
(game, rules, seats, open seats, when dealt), ``POST /v1/tables/{id}/join`` takes one
and answers its token; a seat is taken once only, even by two processes at once, and a
taken seat survives a restart and the next hand."""

from __future__ import annotations

import threading
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient
from vncards.server import MemoryStore, ServerSettings, SqlStore, StoredTable, create_app
from vncards.server._models import Lobby, SeatTaken
from vncards.server.testing import ServerProcess

from tests.server._play import bearer, new_table, play_out, view_of
from tests.server.conftest import Clock, fresh_database

NAMES = ["An", "Bình", "Chi", "Dũng"]
OPEN = {
    "game": "tienlen",
    "players": NAMES,
    "bots": {"Dũng": "greedy"},
    "open": ["Bình", "Chi"],
    "seed": 5,
}


def test_open_seats_are_listed_with_the_game_rules_and_time(toy: TestClient, clock: Clock) -> None:
    """Lobby: a table dealt with open seats is listed (newest first) with its game,
    preset, rules, seats, bots, open seats and when it was dealt; a table with none
    is not; open seats get no token at the deal."""
    toy.post("/v1/tables", json={"game": "toy", "players": ["A", "B"]})
    clock.advance(5)
    r = toy.post(
        "/v1/tables",
        json={"game": "toy", "players": ["A", "B", "C"], "bots": {"C": "first"}, "open": ["B"]},
    )
    assert r.status_code == 201
    first, tokens = r.json()["table"], r.json()["tokens"]
    assert set(tokens) == {"A"}
    clock.advance(5)
    second, _ = new_table(toy, {"game": "toy", "players": ["A", "B"], "open": ["A", "B"]})
    answer = toy.get("/v1/tables").json()
    Lobby.model_validate(answer)  # as the OpenAPI document publishes it
    listed = answer["tables"]
    assert [t["table"] for t in listed] == [second, first]
    assert listed[1] == {
        "table": first,
        "game": "toy",
        "variant": "standard",
        "rules": {},
        "players": ["A", "B", "C"],
        "open": ["B"],
        "bots": {"C": "first"},
        "created": 1005.0,
    }


def test_joining_takes_the_seat_once(toy: TestClient) -> None:
    """Lobby: joining answers the seat's token, which reads that seat's view; the seat
    leaves the lobby, and a second join is 409 ``seat-taken``; a seat that was never
    open, or a name with no seat, is refused too."""
    table, tokens = new_table(
        toy, {"game": "toy", "players": ["A", "B", "C"], "open": ["B", "C"], "seed": 3}
    )
    r = toy.post(f"/v1/tables/{table}/join", json={"player": "B"})
    assert r.status_code == 200, r.text
    got = SeatTaken.model_validate(r.json()).model_dump()
    assert (got["table"], got["player"]) == (table, "B")
    assert view_of(toy, table, got["token"])["player"] == "B"
    assert toy.get("/v1/tables").json()["tables"][0]["open"] == ["C"]
    again = toy.post(f"/v1/tables/{table}/join", json={"player": "B"})
    assert (again.status_code, again.json()["error"]["code"]) == (409, "seat-taken")
    never = toy.post(f"/v1/tables/{table}/join", json={"player": "A"})
    assert never.status_code == 409
    assert toy.post(f"/v1/tables/{table}/join", json={"player": "Z"}).status_code == 404
    assert toy.post(f"/v1/tables/{table}/join", json={"player": 3}).status_code == 422
    assert toy.post("/v1/tables/nope/join", json={"player": "B"}).status_code == 404
    toy.post(f"/v1/tables/{table}/join", json={"player": "C"})
    assert toy.get("/v1/tables").json()["tables"] == []
    assert view_of(toy, table, tokens["A"])["player"] == "A"


def test_an_open_seat_must_be_a_human_player(toy: TestClient) -> None:
    """Lobby: ``open`` names human seats only (not a bot, not a stranger): 422."""
    for open_seats in (["B"], ["Z"]):
        r = toy.post(
            "/v1/tables",
            json={"game": "toy", "players": ["A", "B"], "bots": {"B": "first"}, "open": open_seats},
        )
        assert (r.status_code, r.json()["error"]["code"]) == (422, "bad-open-seats")


@pytest.mark.parametrize("kind", ["memory", "sql"])
def test_a_finished_or_archived_table_leaves_the_lobby(kind: str, tmp_path: Path) -> None:
    """Lobby, in each store: only live tables still being played are listed, and a
    table whose seats are all taken is not."""
    store = MemoryStore() if kind == "memory" else SqlStore(f"sqlite:///{tmp_path / 't.db'}")
    for name in ("done", "full", "idle", "open"):
        store.create(
            StoredTable(name, "toy", "standard", {}, ["A", "B"], {}, {0: "d" * 64}, 5,
                        None, 1.0, 1.0, open_seats=(1,))
        )  # fmt: skip
    step = [{"seat": 0, "decline": True}]
    assert store.append("done", 0, step, now=2.0, finished=True, deadline=None, open_seats=(1,))
    assert store.append("full", 0, step, now=2.0, finished=False, deadline=None)
    assert store.append("idle", 0, step, now=0.5, finished=False, deadline=None, open_seats=(1,))
    assert store.archive_idle(0.5) == ["idle"]
    (listed,) = store.open_tables(10)
    assert (listed.id, tuple(listed.open_seats), listed.created) == ("open", (1,), 1.0)
    store.close()


def test_a_joined_seat_survives_a_restart_and_the_next_hand(db_url: str) -> None:
    """Lobby, stored: a seat taken from the lobby is a step of the table, so after a
    restart the joiner's token still reads its seat and the game plays to its end; the
    next hand keeps the seat, and the lobby reads the same from the store."""
    with TestClient(create_app(ServerSettings(db=db_url))) as client:
        table, tokens = new_table(client, OPEN)
        got = client.post(f"/v1/tables/{table}/join", json={"player": "Bình"}).json()
        tokens["Bình"] = got["token"]
    with TestClient(create_app(ServerSettings(db=db_url))) as client:
        (listed,) = client.get("/v1/tables").json()["tables"]
        assert listed["open"] == ["Chi"]
        assert view_of(client, table, tokens["Bình"])["player"] == "Bình"
        tokens["Chi"] = client.post(f"/v1/tables/{table}/join", json={"player": "Chi"}).json()[
            "token"
        ]
        play_out(client, table, tokens)
        nxt = client.post(f"/v1/tables/{table}/next", headers=bearer(tokens["Bình"])).json()
        assert view_of(client, nxt["table"], tokens["Bình"])["player"] == "Bình"
        assert client.get("/v1/tables").json()["tables"] == []


def test_the_lobby_and_joining_are_typed_in_openapi(toy: TestClient) -> None:
    """Contracts: the lobby's answer and the join's body and answer are named models."""
    doc = toy.get("/openapi.json").json()["paths"]
    ok = doc["/v1/tables"]["get"]["responses"]["200"]["content"]["application/json"]
    assert ok["schema"]["$ref"].endswith("/Lobby")
    join = doc["/v1/tables/{table_id}/join"]["post"]
    body = join["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["player"]["type"] == "string"
    assert join["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/SeatTaken"
    )
    create = doc["/v1/tables"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert "open" in create["properties"]


def test_two_processes_never_both_take_one_seat(postgres_url: str) -> None:
    """Must hold: two ``vncards serve`` processes on one PostgreSQL database asked for
    the same open seat at once give it to exactly one asker."""
    url = fresh_database(postgres_url, "lobby_race")
    with ServerProcess(db=url) as one, ServerProcess(db=url) as two:
        table = httpx2.post(f"{one.url}/v1/tables", json=OPEN).json()["table"]
        answers: list[int] = []
        barrier = threading.Barrier(8)

        def ask(base: str) -> None:
            barrier.wait()
            r = httpx2.post(f"{base}/v1/tables/{table}/join", json={"player": "Bình"})
            answers.append(r.status_code)

        askers = [threading.Thread(target=ask, args=(s.url,)) for s in (one, two, one, two) * 2]
        for a in askers:
            a.start()
        for a in askers:
            a.join()
        assert sorted(answers) == [200] + [409] * 7
        (listed,) = httpx2.get(f"{two.url}/v1/tables").json()["tables"]
        assert listed["open"] == ["Chi"]
