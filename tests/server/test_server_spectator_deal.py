"""A spectator's history starts with the deal's events, as a seat's does (a Tứ Sắc or
Mậu Binh deal can start with a hand shown), each as the seats other than its own see
it: the spectator's history lines up with ``events`` and the stream the same way."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from vncards.server import create_app

from tests.server.conftest import bearer, installed

NAMES = ["A", "B", "C", "D"]
# deals whose history starts with an event (found by dealing seeds 0 on): Tứ Sắc 8, a
# reveal by D; Mậu Binh 76 and 29, an instant hand declared by A and by C
DEALS = [("tusac", 8), ("maubinh", 76), ("maubinh", 29)]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


@pytest.mark.parametrize(("game", "seed"), DEALS)
def test_a_spectator_sees_the_deal_events_as_other_seats_do(
    client: TestClient, game: str, seed: int
) -> None:
    if game not in installed():
        pytest.skip(f"{game} is not installed")
    made = client.post("/v1/tables", json={"game": game, "players": NAMES, "seed": seed})
    assert made.status_code == 201, made.text
    table, tokens = made.json()["table"], made.json()["tokens"]
    views = {
        name: client.get(f"/v1/tables/{table}/view", headers=bearer(tokens[name])).json()
        for name in NAMES
    }
    spectated = client.get(f"/v1/tables/{table}/spectate?lang=en").json()
    dealt = len(views["A"]["history"]) - views["A"]["events"]
    assert dealt >= 1, "the seed no longer deals a game starting with an event"
    history = spectated["history"]
    assert len(history) - spectated["events"] == dealt
    assert len(spectated["words"]["history"]) == len(history)
    for i, event in enumerate(history[:dealt]):
        others = [views[n]["history"][i] for n in NAMES if n != event["player"]]
        assert all(seen == event for seen in others), (i, event, others)


def test_a_seats_words_line_up_with_its_history(client: TestClient) -> None:
    """The game's lines cover the deal's events too, one per line of the history."""
    if "maubinh" not in installed():
        pytest.skip("maubinh is not installed")
    made = client.post("/v1/tables", json={"game": "maubinh", "players": NAMES, "seed": 76})
    table, token = made.json()["table"], made.json()["tokens"]["B"]
    view = client.get(f"/v1/tables/{table}/view?lang=vi", headers=bearer(token)).json()
    assert len(view["history"]) > view["events"]
    assert len(view["words"]["history"]) == len(view["history"])
