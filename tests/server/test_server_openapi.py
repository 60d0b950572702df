"""Contracts for other languages: the OpenAPI document types every endpoint's body and
answer (no bare ``object``), references each game's record schema, and the answers
the service gives fit the models it publishes."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from vncards.server import ServerSettings, create_app
from vncards.server._models import ActionReply, NextHand, TableCreated, TableView

from tests.server._play import bearer, play_out, simplest, view_of
from tests.server.conftest import games_with_views, installed


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(ServerSettings(), games=installed()))


def test_every_endpoint_has_a_typed_body_and_answer(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            for content in op.get("requestBody", {}).get("content", {}).values():
                assert content["schema"] != {"type": "object"}, (method, path)
            ok = op["responses"].get("200") or op["responses"]["201"]
            for content in ok.get("content", {}).values():
                schema = content["schema"]
                assert "$ref" in schema or "oneOf" in schema or schema == {"type": "string"}, (
                    method,
                    path,
                )


def test_the_referee_takes_one_of_the_games_record_schemas(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    body = doc["paths"]["/v1/referee"]["post"]["requestBody"]["content"]["application/json"]
    refs = {r["$ref"].rsplit("/", 1)[1] for r in body["schema"]["oneOf"]}
    assert refs == {f"Record_{g}" for g in installed()}
    for ref in refs:
        assert doc["components"]["schemas"][ref]["properties"]["game"]


@pytest.mark.parametrize("game", games_with_views())
def test_answers_fit_the_published_models(client: TestClient, game: str) -> None:
    """Every view, action reply, creation and next hand validates against its model."""
    plugin = installed()[game]
    lo, _ = plugin.player_range(plugin.presets[plugin.default_preset])
    names = [f"P{i}" for i in range(lo)]
    r = client.post("/v1/tables", json={"game": game, "players": names, "seed": 5})
    TableCreated.model_validate(r.json())
    table, tokens = r.json()["table"], r.json()["tokens"]
    for _ in range(3):
        for token in tokens.values():
            view = TableView.model_validate(view_of(client, table, token)).model_dump()
            if view["legal"] or view["optional"]:
                reply = client.post(
                    f"/v1/tables/{table}/actions", headers=bearer(token), json=simplest(view)
                )
                ActionReply.model_validate(reply.json())
    TableView.model_validate(client.get(f"/v1/tables/{table}/spectate").json())
    play_out(client, table, tokens)
    nxt = client.post(f"/v1/tables/{table}/next", headers=bearer(next(iter(tokens.values()))))
    NextHand.model_validate(nxt.json())
