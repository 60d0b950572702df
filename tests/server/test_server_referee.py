"""HTTP service contract: ``GET /v1/games`` and the referee (``POST /v1/referee``, NDJSON
batches) answer what the command line answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from vncards.cli.app import app as cli
from vncards.core import RecordError, load_record, referee
from vncards.server import create_app

from tests.server.conftest import installed

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records"


def _records() -> list[Path]:
    return sorted(p for p in RECORDS.glob("*/*.json") if not p.name.endswith(".expected.json"))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def _in_process(raw: bytes) -> Any:
    """The report the referee gives in process, or the one-line message of a record
    that cannot be read."""
    games = installed()
    try:
        record = load_record(raw)
        if record.game not in games:
            raise RecordError(f"unknown game {record.game!r}")
        return referee(games[record.game], record).model_dump(mode="json", by_alias=True)
    except RecordError as e:
        return str(e)


def test_games_lists_what_vncards_games_json_lists(client: TestClient) -> None:
    """Contract: GET /v1/games answers as `vncards games --json`."""
    out = CliRunner().invoke(cli, ["games", "--json"])
    assert out.exit_code == 0
    assert client.get("/v1/games").json() == json.loads(out.stdout)


@pytest.mark.parametrize("path", _records(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_referee_answers_each_shared_record_as_the_referee_does(
    client: TestClient, path: Path
) -> None:
    """Contract: POST /v1/referee — 200 with the report, legal or not; 422 with the
    referee's one-line message for a record that cannot be read."""
    raw = path.read_bytes()
    expected = _in_process(raw)
    r = client.post("/v1/referee", content=raw, headers={"content-type": "application/json"})
    if isinstance(expected, str):
        assert r.status_code == 422
        assert r.json() == {"error": {"code": "unreadable-record", "message": expected}}
    else:
        assert r.status_code == 200
        assert r.json() == expected


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b'{"game": "tienlen"', "not valid JSON"),
        (b"[1, 2]", "a record is a JSON object"),
        (b'{"game": "no-such-game", "players": ["A"], "hands": {"A": []}}', "unknown game"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_unreadable_record_is_422_with_one_line(
    client: TestClient, body: bytes, fragment: str
) -> None:
    """Contract: an unreadable record gets 422 and {"error": {"code", "message"}}."""
    r = client.post("/v1/referee", content=body)
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "unreadable-record"
    assert fragment in error["message"]
    assert "\n" not in error["message"]


def test_batch_answers_one_line_per_record_in_order(client: TestClient) -> None:
    """Contract: POST /v1/referee/batch — NDJSON in, NDJSON out, one answer per record
    in the same order; an unreadable line answers an error and the others go on."""
    paths = _records()[:6]
    lines = [json.dumps(json.loads(p.read_bytes())) for p in paths]
    lines.insert(2, "{not json")
    body = ("\n".join(lines) + "\n\n").encode()
    r = client.post("/v1/referee/batch", content=body)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/x-ndjson")
    answers = [json.loads(line) for line in r.text.splitlines()]
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers, strict=True):
        expected = _in_process(line.encode())
        if isinstance(expected, str):
            assert answer == {"error": {"code": "unreadable-record", "message": expected}}
        else:
            assert answer == expected


def test_empty_batch_answers_nothing(client: TestClient) -> None:
    r = client.post("/v1/referee/batch", content=b"\n\n")
    assert r.status_code == 200
    assert r.text == ""


def test_openapi_documents_every_endpoint(client: TestClient) -> None:
    """Contract: the OpenAPI description at /docs names every endpoint."""
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/v1/games",
        "/v1/referee",
        "/v1/referee/batch",
        "/v1/tables",
        "/v1/tables/{table_id}/view",
        "/v1/tables/{table_id}/actions",
        "/v1/tables/{table_id}/record",
    ):
        assert path in paths
