"""A decline causes no event, yet it hands the turn on: the table's stream tells of it
to a client that asks (``steps=true``, ``{"steps": N}`` messages) and the other seats'
pages show their turn without a reload. Without the opt-in the stream sends events
only, as it always has."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from vncards.server import create_app

from tests.server.conftest import STREAM_GUARD, bearer, games_with_views, installed, new_toy_table
from tests.server.test_server_browser import SETTLED, browser, deal_seed, server
from tests.server.test_server_browser_log import two_pages
from tests.server.test_server_tables import _receive_until_closed

__all__ = ["browser", "server", "two_pages"]


def sam_passes_on(plugin: Any, state: Any) -> bool:
    """A Sâm Lốc deal where seat 0 is asked first whether it declares Sâm and, once it
    declines, seat 1 is asked next."""
    d = plugin.decision(state)
    if d is None or d.seat != 0 or not d.optional:
        return False
    after = state.copy()
    plugin.decline(after, 0)
    then = plugin.decision(after)
    return then is not None and then.seat == 1 and then.optional


@pytest.fixture
def sam() -> Iterator[TestClient]:
    if "samloc" not in installed():
        pytest.skip("samloc is not installed")
    with TestClient(create_app()) as client:
        yield client


def _sam_table(client: TestClient) -> tuple[str, dict[str, str]]:
    seed = deal_seed("samloc", sam_passes_on)
    body = {
        "game": "samloc",
        "players": ["A", "B", "C", "D"],
        "bots": {"C": "random", "D": "random"},
        "seed": seed,
    }
    r = client.post("/v1/tables", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["table"], data["tokens"]


@STREAM_GUARD
def test_a_decline_that_hands_the_turn_on_is_told_on_the_stream(sam: TestClient) -> None:
    """Contract: with ``steps=true`` the stream of B hears ``{"steps": N}`` when A
    declines Sâm (no event), and B's view then offers B the choice, its ``steps``
    grown by one."""
    table, tokens = _sam_table(sam)
    b = bearer(tokens["B"])
    before = sam.get(f"/v1/tables/{table}/view", headers=b).json()
    assert before["to_act"] == "A"
    assert before["optional"] is False
    url = f"/v1/tables/{table}/events?token={tokens['B']}&steps=true&since={before['events']}"
    with sam.websocket_connect(url) as ws:
        assert ws.receive_json() == {"steps": before["steps"]}
        r = sam.post(
            f"/v1/tables/{table}/actions", headers=bearer(tokens["A"]), json={"decline": True}
        )
        assert r.status_code == 200, r.text
        assert r.json()["events"] == []
        assert ws.receive_json() == {"steps": before["steps"] + 1}
    after = sam.get(f"/v1/tables/{table}/view", headers=b).json()
    assert after["to_act"] == "B"
    assert after["optional"] is True
    assert after["steps"] == before["steps"] + 1
    assert after["events"] == before["events"]
    spectated = sam.get(f"/v1/tables/{table}/spectate").json()
    assert spectated["steps"] == after["steps"]


@STREAM_GUARD
def test_without_the_opt_in_the_stream_sends_events_only(toy: TestClient) -> None:
    """Contract: without ``steps=true`` a decline sends nothing on the stream; the
    first message is the next event, and the stream is every event and nothing
    else until it closes."""
    table, tokens = new_toy_table(toy, humans=("A", "B"), bots=())
    a = bearer(tokens["A"])
    with toy.websocket_connect(f"/v1/tables/{table}/events?token={tokens['B']}") as ws:
        assert toy.post(f"/v1/tables/{table}/actions", headers=a, json={"decline": True}).is_success
        assert toy.post(f"/v1/tables/{table}/actions", headers=a, json={"draw": True}).is_success
        assert ws.receive_json() == {"type": "draw", "player": "A", "card": None}


@STREAM_GUARD
def test_with_the_opt_in_events_come_as_before_and_steps_between(toy: TestClient) -> None:
    """With ``steps=true`` the events are the same, in the same order; every other
    message is a ``{"steps": N}`` alone, N growing, never an event (no ``type``)."""
    table, tokens = new_toy_table(toy, humans=("A", "B"), bots=())
    a = bearer(tokens["A"])
    url = f"/v1/tables/{table}/events?token={tokens['B']}&steps=true"
    with toy.websocket_connect(url) as ws:
        assert ws.receive_json() == {"steps": 0}
        assert toy.post(f"/v1/tables/{table}/actions", headers=a, json={"decline": True}).is_success
        assert ws.receive_json() == {"steps": 1}
        assert toy.post(f"/v1/tables/{table}/actions", headers=a, json={"draw": True}).is_success
        assert ws.receive_json() == {"type": "draw", "player": "A", "card": None}
        assert ws.receive_json() == {"steps": 2}
        streamed = _play_out(toy, table, tokens, ws)
    events = [m for m in streamed if "type" in m]
    counts = [m["steps"] for m in streamed if "type" not in m]
    assert all(set(m) == {"steps"} for m in streamed if "type" not in m)
    assert counts == sorted(set(counts))
    history = toy.get(f"/v1/tables/{table}/view", headers=bearer(tokens["B"])).json()["history"]
    assert [{"type": "draw", "player": "A", "card": None}, *events] == history


def _play_out(client: TestClient, table: str, tokens: dict[str, str], ws: Any) -> list[Any]:
    """Both seats take their first legal action until the game is over; every message
    the stream sent meanwhile, until it closed."""
    for _ in range(50):
        view = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens["A"])).json()
        if view["finished"]:
            break
        token = tokens[view["to_act"]]
        mine = client.get(f"/v1/tables/{table}/view", headers=bearer(token)).json()
        client.post(f"/v1/tables/{table}/actions", headers=bearer(token), json=mine["legal"][0])
    return _receive_until_closed(ws)


def test_the_second_page_shows_its_turn_once_the_first_declines(
    two_pages: tuple[Any, Any], server: Any
) -> None:
    """Web table: two people at a Sâm Lốc table; the host declines báo Sâm, and the
    friend's page shows it is its turn (its decline button enabled) without a
    reload."""
    from playwright.sync_api import expect

    if "samloc" not in games_with_views():
        pytest.skip("samloc is not installed with views")
    seed = deal_seed("samloc", sam_passes_on)
    host, friend = two_pages
    host.goto(f"{server.url}/?game=samloc&seed={seed}")
    host.wait_for_selector("body[data-state=setup]")
    host.select_option("#friends", "1")
    host.click("#start")
    host.wait_for_selector("body[data-state=mine]")
    friend.goto(host.get_attribute("#join a.join", "href"))
    friend.wait_for_selector("body[data-state=waiting]")
    friend.wait_for_function(SETTLED)
    host.click("#actions button[data-action=decline]")
    expect(friend.locator("body")).to_have_attribute("data-state", "mine", timeout=20_000)
    expect(friend.locator("#actions button[data-action=decline]")).to_be_enabled()
    assert friend.evaluate("S.view.to_act") == friend.evaluate("S.me")
