"""Driving a table over HTTP in tests: one seat's simplest choice, a whole game."""

from __future__ import annotations

from typing import Any

import httpx2
from fastapi.testclient import TestClient

Client = TestClient | httpx2.Client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def simplest(view: dict[str, Any]) -> dict[str, Any]:
    """The seat's first offered action, or a decline when it may decline."""
    return {"decline": True} if view["optional"] else view["legal"][0]


def new_table(client: Client, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    r = client.post("/v1/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()["table"], r.json()["tokens"]


def view_of(client: Client, table: str, token: str) -> dict[str, Any]:
    r = client.get(f"/v1/tables/{table}/view", headers=bearer(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def play_out(client: Client, table: str, tokens: dict[str, str], limit: int = 500) -> int:
    """Every human seat makes its simplest choice until the game is over; how many
    actions that took."""
    made = 0
    for _ in range(limit):
        views = {name: view_of(client, table, t) for name, t in tokens.items()}
        if next(iter(views.values()))["finished"]:
            return made
        for name, view in views.items():
            if view["legal"] or view["optional"]:
                r = client.post(
                    f"/v1/tables/{table}/actions", headers=bearer(tokens[name]), json=simplest(view)
                )
                assert r.status_code == 200, r.text
                made += 1
                break
    raise AssertionError("the game did not end")
