"""The service at its front door: table requests read as strictly as records, bodies
only as JSON, host names and web origins checked, table creations limited per client,
and security headers on every answer (each case failed before its check existed)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from vncards.server import ServerSettings, create_app

from tests.server._toy import TOY
from tests.server.conftest import Clock

TABLE = {"game": "toy", "players": ["A", "B"], "bots": {"B": "first"}}
JSON = {"content-type": "application/json"}


@pytest.fixture
def one_table(clock: Clock) -> Iterator[TestClient]:
    """An app with room for a single table, five creations a minute per client."""
    settings = ServerSettings(max_tables=1, tables_per_minute=5, clock=clock)
    with TestClient(create_app(settings, games={"toy": TOY})) as client:
        yield client


def _post(client: TestClient, body: bytes | str, **headers: str) -> Any:
    return client.post("/v1/tables", content=body, headers={**JSON, **headers})


def _one_line_422(r: Any) -> str:
    assert r.status_code == 422, r.text
    message: str = r.json()["error"]["message"]
    assert message
    assert "\n" not in message
    assert len(message) < 300
    return message


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"seed": "7"}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": 2.0}, "seed"),
        ({"players": ["A" * 65, "B"]}, "at most 64 characters"),
        ({"players": [7, "B"]}, "players.0"),
        ({"rules": {"cap": 10**6}}, "out of range"),
        ({"rules": {"cap": [1, -2000]}}, "out of range"),
    ],
)
def test_a_table_request_is_read_as_strictly_as_a_record(
    one_table: TestClient, change: dict[str, Any], said: str
) -> None:
    """Strict tables: a seed given as "7" or true, a name of 65 characters, a rule number
    a record may not hold (beyond 1,000 in size) are one-line 422s, not tables that fail
    later in a view or a record."""
    assert said in _one_line_422(_post(one_table, json.dumps({**TABLE, **change})))


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ('{"game": "toy", "game": "toy", "players": ["A", "B"]}', "twice"),
        (json.dumps(TABLE).encode("utf-16"), "byte order mark"),
        (b"\xef\xbb\xbf" + json.dumps(TABLE).encode(), "byte order mark"),
        (json.dumps(TABLE).encode("utf-16-le"), "not UTF-8"),
        ('{"game": "toy", "players": ["\\ud800", "B"]}', "lone surrogate"),
        ('{"game": "toy", "players": ["A", "B"], "rules": ' + "[" * 40 + "]" * 40 + "}", "deeper"),
    ],
)
def test_a_body_json_would_read_loosely_is_refused(
    one_table: TestClient, body: bytes | str, said: str
) -> None:
    """Strict tables: a key given twice, UTF-16, a byte order mark, a lone surrogate or
    a deep nesting are one-line 422s (bad-json)."""
    r = _post(one_table, body)
    assert said in _one_line_422(r)
    assert r.json()["error"]["code"] == "bad-json"


def test_failed_creations_do_not_count_against_the_cap(one_table: TestClient) -> None:
    """Strict tables: requests refused for their content take no room: with room for one
    table, four refused creations leave the room to the fifth request."""
    changes: list[dict[str, Any]] = [
        {"seed": "7"},
        {"players": ["A", "A"]},
        {"bots": {"B": "nobody"}},
    ]
    for change in changes:
        assert _post(one_table, json.dumps({**TABLE, **change})).status_code == 422
    assert _post(one_table, "{").status_code == 422
    assert _post(one_table, json.dumps(TABLE)).status_code == 201


@pytest.mark.parametrize(
    "kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x"]
)
def test_only_json_bodies_are_read(one_table: TestClient, kind: str) -> None:
    """JSON only: a body a web page may send without asking (text/plain, a form) is 415
    on every endpoint that reads JSON, and no table is made."""
    for path in ["/v1/tables", "/v1/referee", "/v1/referee/batch", "/v1/tables/x/actions"]:
        r = one_table.post(path, content=json.dumps(TABLE), headers={"content-type": kind})
        assert r.status_code == 415, path
        assert r.json()["error"]["code"] == "not-json"
    assert _post(one_table, json.dumps(TABLE)).status_code == 201


def test_other_hosts_and_other_origins_are_refused(one_table: TestClient) -> None:
    """Host and Origin: a rebound domain name (Host: evil.example) is 421, a request
    from another web page (Origin: http://evil.example) 403, on reads and writes alike;
    the service's own origin and loopback names pass."""
    body = json.dumps(TABLE)
    assert _post(one_table, body, host="evil.example:8000").status_code == 421
    assert one_table.get("/v1/games", headers={"host": "evil.example"}).status_code == 421
    assert _post(one_table, body, origin="http://evil.example").status_code == 403
    assert _post(one_table, body, origin="null").status_code == 403
    assert one_table.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
    assert one_table.get("/", headers={"host": "[::1]:8000"}).status_code == 200
    own = {"host": "localhost:8000", "origin": "http://localhost:8000"}
    assert _post(one_table, body, **own).status_code == 201


def test_a_websocket_from_another_page_is_refused(one_table: TestClient) -> None:
    """Host and Origin: a WebSocket opened by another web page gets 403 before any
    token is looked at."""
    from starlette.testclient import WebSocketDenialResponse

    evil = {"origin": "http://evil.example"}
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        one_table.websocket_connect("/v1/tables/x/events", headers=evil),
    ):
        pass
    assert denied.value.status_code == 403


def test_hosts_are_configurable(clock: Clock) -> None:
    """Host and Origin: allowed_hosts names the hosts served ("*" any), cors_origins the
    pages allowed to call the API."""
    settings = ServerSettings(
        allowed_hosts=("cards.example",), cors_origins=("https://app.example",), clock=clock
    )
    with TestClient(create_app(settings, games={"toy": TOY})) as client:
        assert client.get("/v1/games").status_code == 421
        ok = {"host": "cards.example", "origin": "https://app.example"}
        assert client.get("/v1/games", headers=ok).status_code == 200
    with TestClient(create_app(ServerSettings(allowed_hosts=("*",)), games={})) as client:
        assert client.get("/v1/games", headers={"host": "anything.example"}).status_code == 200


def test_one_client_cannot_fill_the_cap(clock: Clock) -> None:
    """Per-client limits: at five creations a minute, the sixth in a burst is 429 with
    Retry-After, another client is not held back, and a minute later the first may
    create again (on a clock moved by hand)."""
    settings = ServerSettings(max_tables=100, tables_per_minute=5, clock=clock)
    app = create_app(settings, games={"toy": TOY})
    with TestClient(app) as first, TestClient(app, client=("10.0.0.2", 1)) as other:
        codes = [_post(first, json.dumps(TABLE)).status_code for _ in range(6)]
        assert codes == [201] * 5 + [429]
        r = _post(first, json.dumps(TABLE))
        assert r.json()["error"]["code"] == "rate-limited"
        assert r.headers["retry-after"] == "60"
        assert _post(other, json.dumps(TABLE)).status_code == 201
        clock.advance(60)
        assert _post(first, json.dumps(TABLE)).status_code == 201


def test_security_headers_and_no_store(one_table: TestClient) -> None:
    """Headers: the page says nosniff, denies framing, sends no referrer and allows only
    its own scripts; every answer holding private cards or tokens (creation, view,
    action, record, errors) is no-store, while the games list may be cached."""
    page = one_table.get("/")
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["referrer-policy"] == "no-referrer"
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    made = _post(one_table, json.dumps(TABLE))
    table, token = made.json()["table"], made.json()["tokens"]["A"]
    auth = {"authorization": f"Bearer {token}"}
    answers = [
        made,
        one_table.get(f"/v1/tables/{table}/view", headers=auth),
        one_table.post(f"/v1/tables/{table}/actions", json={"x": 1}, headers=auth),
        one_table.get(f"/v1/tables/{table}/record"),
        one_table.get("/v1/tables/nope/view", headers=auth),
    ]
    assert all(r.headers["cache-control"] == "no-store" for r in answers)
    assert "no-store" not in one_table.get("/v1/games").headers.get("cache-control", "")


def test_a_404_does_not_quote_a_huge_path(one_table: TestClient) -> None:
    """Headers: a table id of 1,000 characters is quoted cut to 40 in its 404, and a path
    over 2,048 bytes is 414 at once."""
    r = one_table.get("/v1/tables/" + "x" * 1000 + "/view")
    assert r.status_code == 404
    assert len(r.text) < 300
    r = one_table.get("/v1/tables/" + "x" * 3000 + "/view")
    assert r.status_code == 414
    assert len(r.text) < 300


def test_vncards_serve_answers_to_its_address_and_the_hosts_it_is_told(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Host and Origin: `vncards serve` answers to the loopback names, to the address it
    is told to listen on, and to every --allow-host; not to other names."""
    import uvicorn
    from typer.testing import CliRunner
    from vncards.cli.app import app as cli

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    ran: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(app))
    args = ["serve", "--host", "192.0.2.7", "--port", "0", "--allow-host", "cards.example"]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    hosts = ran[0].state.settings.allowed_hosts
    assert {"127.0.0.1", "localhost", "192.0.2.7", "cards.example"} <= set(hosts)
    assert "evil.example" not in hosts
