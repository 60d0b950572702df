"""HTTP service, bad input and limits: bodies over the limit get 413, malformed JSON
422, the cap on live tables 503, and a table left idle is ended (on a clock moved by
hand: nothing sleeps)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from vncards.server import ServerSettings, create_app

from tests.server._toy import TOY
from tests.server.conftest import STREAM_GUARD, Clock, bearer, new_toy_table


@pytest.fixture(params=["memory", "sqlite"])
def small(clock: Clock, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """Small limits, the tables in memory or in an SQLite file."""
    db = None if request.param == "memory" else f"sqlite:///{tmp_path / 'tables.db'}"
    settings = ServerSettings(
        max_body_bytes=1000,
        max_batch_bytes=3000,
        max_tables=2,
        idle_seconds=60,
        clock=clock,
        db=db,
    )
    with TestClient(create_app(settings, games={"toy": TOY})) as client:
        yield client


def _chunks(data: bytes, size: int = 100) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i : i + size]


@pytest.mark.parametrize("path", ["/v1/referee", "/v1/tables", "/v1/tables/x/actions"])
def test_a_body_over_the_limit_is_413(small: TestClient, path: str) -> None:
    """Limits: a declared body over max_body_bytes is refused before it is read."""
    r = small.post(path, content=b" " * 1001, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "too-large"


def test_a_streamed_body_over_the_limit_is_413(small: TestClient) -> None:
    """Limits: a body sent in chunks without a length is counted as it comes."""
    r = small.post("/v1/referee", content=_chunks(b" " * 5000))
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "too-large"


def test_a_batch_has_its_own_limit(small: TestClient) -> None:
    assert small.post("/v1/referee/batch", content=b"\n" * 2500).status_code == 200
    assert small.post("/v1/referee/batch", content=b"\n" * 3001).status_code == 413


@pytest.mark.parametrize("body", [b"{", b"", b"[" * 900, b'{"game": "toy",}'])
def test_malformed_json_is_422(small: TestClient, body: bytes) -> None:
    """Bad input: malformed JSON gets 422 and one line, on every JSON endpoint."""
    table, tokens = new_toy_table(small)
    for path, headers in [
        ("/v1/tables", {}),
        (f"/v1/tables/{table}/actions", bearer(tokens["A"])),
        ("/v1/referee", {}),
    ]:
        r = small.post(path, content=body, headers=headers)
        assert r.status_code == 422, path
        message = r.json()["error"]["message"]
        assert message
        assert "\n" not in message


def test_the_cap_on_live_tables_is_503_and_finished_tables_make_room(small: TestClient) -> None:
    """Limits: at max_tables live tables a new one gets 503; a finished table is
    dropped to make room."""
    first, tokens = new_toy_table(small)
    new_toy_table(small)
    r = small.post("/v1/tables", json={"game": "toy", "players": ["A", "B"]})
    assert r.status_code == 503
    assert r.json()["error"]["code"] == "too-many-tables"
    # finish the first table: the next table takes its place
    view = small.get(f"/v1/tables/{first}/view", headers=bearer(tokens["A"])).json()
    while not view["finished"]:
        body = {"decline": True} if view["optional"] else view["legal"][0]
        view = small.post(
            f"/v1/tables/{first}/actions", headers=bearer(tokens["A"]), json=body
        ).json()["view"]
    new_toy_table(small)
    assert small.get(f"/v1/tables/{first}/view", headers=bearer(tokens["A"])).status_code == 404


def test_an_idle_table_is_ended(small: TestClient, clock: Clock) -> None:
    """Limits: a table untouched for idle_seconds is ended; its URLs answer 404."""
    table, tokens = new_toy_table(small)
    a = bearer(tokens["A"])
    clock.advance(59)
    assert small.get(f"/v1/tables/{table}/view", headers=a).status_code == 200
    clock.advance(59)  # touched 59 s ago: still there
    assert small.post(f"/v1/tables/{table}/actions", headers=a, json={"decline": True}).is_success
    clock.advance(60)
    for path in ("view", "record"):
        r = small.get(f"/v1/tables/{table}/{path}", headers=a)
        assert r.status_code == 404
        assert r.json()["error"]["code"] == "no-such-table"
    url = f"/v1/tables/{table}/events?token={tokens['A']}"
    with pytest.raises(WebSocketDenialResponse) as denied, small.websocket_connect(url):
        pass  # pragma: no cover
    assert denied.value.status_code == 404


def test_idle_tables_free_their_place_under_the_cap(small: TestClient, clock: Clock) -> None:
    new_toy_table(small)
    new_toy_table(small)
    clock.advance(61)
    new_toy_table(small)
    new_toy_table(small)
    assert small.app.state.runner.live() == 2  # type: ignore[attr-defined]


@STREAM_GUARD
def test_an_ended_table_closes_its_event_stream(small: TestClient, clock: Clock) -> None:
    """Idle expiry ends the table's WebSocket too."""
    table, tokens = new_toy_table(small)
    with small.websocket_connect(f"/v1/tables/{table}/events?token={tokens['A']}") as ws:
        clock.advance(61)
        # any look at the tables sweeps the idle ones
        assert small.get("/v1/tables/other/view").status_code == 404
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_json_nested_past_the_parser_is_422(toy: TestClient) -> None:
    """Bad input: nesting deeper than the JSON parser goes is one line, not a crash."""
    r = toy.post("/v1/tables", content=b"[" * 100_000)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "bad-json"
