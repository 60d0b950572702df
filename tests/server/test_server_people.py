"""People at one table: spectators who see nothing hidden, the next hand of a match
with running totals and the previous winner leading, a turn clock after which the
seat's bot plays (on stored deadlines and a clock moved by hand), bots named as
``module:attribute``, and the CORS setting."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketDenialResponse
from vncards.server import ServerSettings, create_app

from tests.server._play import bearer, new_table, play_out, view_of
from tests.server._toy import CARDS, TOY
from tests.server.conftest import STREAM_GUARD, Clock, installed

NAMES = ["An", "Bình", "Chi", "Dũng"]


def _hidden_cards(client: TestClient, table: str) -> set[str]:
    state = client.app.state.runner.held(table).state  # type: ignore[attr-defined]
    return {c for h in state.hands for c in h} | set(state.stock)


def test_a_spectator_sees_no_hand_and_needs_no_token(toy: TestClient) -> None:
    """Spectators: a view with no hand and no legal actions, whose seat is nobody."""
    table, _ = new_table(toy, {"game": "toy", "players": ["A", "B"], "bots": {"B": "first"}})
    r = toy.get(f"/v1/tables/{table}/spectate")
    assert r.status_code == 200
    seen = r.json()
    assert seen["hand"] == []
    assert seen["legal"] == []
    assert seen["seat"] is None
    assert seen["counts"] == {"A": 2, "B": 2}
    assert not set(json.dumps(seen).split('"')) & _hidden_cards(toy, table)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 5), max_size=12))
def test_property_a_spectator_never_sees_a_hidden_card(
    shared_toy: TestClient, seed: int, picks: list[int]
) -> None:
    """Must hold: at every point of random toy games (draws hide a card from all but
    the drawer), the spectator's view and its event stream hold no card that is in a
    hand or the stock."""
    table, tokens = new_table(shared_toy, {"game": "toy", "players": ["A", "B", "C"], "seed": seed})
    for pick in [*picks, 0, 0, 0, 0, 0, 0, 0, 0]:
        seen = shared_toy.get(f"/v1/tables/{table}/spectate").json()
        words = set(json.dumps(seen).split('"'))
        assert not words & _hidden_cards(shared_toy, table)
        if seen["finished"]:
            return
        token = tokens[seen["to_act"]]
        view = view_of(shared_toy, table, token)
        choices = [{"decline": True}] if view["optional"] else []
        choices += view["legal"]
        shared_toy.post(
            f"/v1/tables/{table}/actions", headers=bearer(token), json=choices[pick % len(choices)]
        )


@pytest.fixture(scope="module")
def shared_toy() -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(max_tables=1000), games={"toy": TOY})) as c:
        yield c


@STREAM_GUARD
def test_the_spectators_stream_hides_what_a_seat_drew(toy: TestClient) -> None:
    """Spectators: the WebSocket with spectate=true and no token sends the events as no
    seat's own (a draw without its card); without spectate, no token is 401."""
    table, tokens = new_table(toy, {"game": "toy", "players": ["A", "B"], "seed": 1})
    a = bearer(tokens["A"])
    toy.post(f"/v1/tables/{table}/actions", headers=a, json={"decline": True})
    toy.post(f"/v1/tables/{table}/actions", headers=a, json={"draw": True})
    count = toy.get(f"/v1/tables/{table}/spectate").json()["events"]
    with toy.websocket_connect(f"/v1/tables/{table}/events?spectate=true") as ws:
        drew = [e for e in (ws.receive_json() for _ in range(count)) if e["type"] == "draw"]
    assert drew
    assert all(set(e.values()).isdisjoint(CARDS) for e in drew)
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        toy.websocket_connect(f"/v1/tables/{table}/events"),
    ):
        pass  # pragma: no cover
    assert denied.value.status_code == 401


def test_the_turn_clock_has_the_seats_bot_play_for_it(toy: TestClient, clock: Clock) -> None:
    """Turn clock: a human seat that has not chosen within turn_seconds (on the stored
    deadline, the clock moved by hand) has the strongest bot choose for it; the view
    states the time left."""
    table, tokens = new_table(
        toy, {"game": "toy", "players": ["A", "B"], "bots": {"B": "first"}, "turn_seconds": 30}
    )
    view = view_of(toy, table, tokens["A"])
    assert view["optional"]  # A may declare first
    assert view["clock"] == {"seconds": 30, "left": 30}
    clock.advance(29)
    assert view_of(toy, table, tokens["A"]) == {**view, "clock": {"seconds": 30, "left": 1}}
    clock.advance(2)
    later = view_of(toy, table, tokens["A"])  # the bot declined the declaration for A
    assert not later["optional"]
    assert later["clock"]["left"] == 30
    clock.advance(31)
    last = view_of(toy, table, tokens["A"])  # and then played A's card
    assert next(e["player"] for e in last["history"][view["events"] :]) == "A"
    assert len(last["hand"]) < len(view["hand"])


def test_without_a_clock_a_seat_may_think_forever(toy: TestClient, clock: Clock) -> None:
    table, tokens = new_table(toy, {"game": "toy", "players": ["A", "B"], "bots": {"B": "first"}})
    view = view_of(toy, table, tokens["A"])
    clock.advance(500)
    assert view_of(toy, table, tokens["A"]) == view
    assert "clock" not in view


def test_the_next_hand_keeps_seats_and_totals(toy: TestClient) -> None:
    """Next hand: once a hand is over any seat deals the next (the same answer to each
    who asks), the seats keep their tokens, and the match totals add up the hands."""
    body = {"game": "toy", "players": ["A", "B"], "bots": {"B": "first"}, "seed": 3}
    table, tokens = new_table(toy, body)
    a = bearer(tokens["A"])
    assert toy.post(f"/v1/tables/{table}/next", headers=a).status_code == 409
    play_out(toy, table, tokens)
    payments = view_of(toy, table, tokens["A"])["result"]["payments"]
    first = toy.post(f"/v1/tables/{table}/next", headers=a)
    assert first.status_code == 201, first.text
    again = toy.post(f"/v1/tables/{table}/next", headers=a)
    assert again.json()["table"] == first.json()["table"]
    nxt = first.json()["table"]
    assert first.json()["match"] == {"hand": 2, "totals": payments, "previous": table}
    view = view_of(toy, nxt, tokens["A"])
    assert view["match"]["hand"] == 2
    assert toy.post(f"/v1/tables/{table}/next", headers=bearer("nope")).status_code == 401
    play_out(toy, nxt, tokens)
    third = toy.post(f"/v1/tables/{nxt}/next", headers=a).json()
    second = view_of(toy, nxt, tokens["A"])["result"]["payments"]
    assert third["match"]["totals"] == {p: payments[p] + second[p] for p in payments}


@pytest.mark.parametrize("seed", [21, 22])
def test_the_previous_winner_leads_the_next_tien_len_hand(seed: int) -> None:
    """Next hand: the previous hand's winner leads the next (Tiến lên's rules: from
    the second game of a sitting on, the last game's winner plays first)."""
    with TestClient(create_app(ServerSettings(), games=installed())) as client:
        body = {"game": "tienlen", "players": NAMES, "bots": dict.fromkeys(NAMES[1:], "greedy")}
        table, tokens = new_table(client, {**body, "seed": seed})
        play_out(client, table, tokens)
        winner = view_of(client, table, tokens["An"])["result"]["winner"]
        r = client.post(f"/v1/tables/{table}/next", headers=bearer(tokens["An"]))
        assert r.status_code == 201, r.text
        seen = client.get(f"/v1/tables/{r.json()['table']}/spectate").json()
        plays = [e["player"] for e in seen["history"] if e["type"] == "play"]
        assert (plays[0] if plays else seen["to_act"]) == winner


def test_a_bot_named_by_module_and_attribute_takes_a_seat(toy: TestClient) -> None:
    """Bots seat by name or as module:attribute naming a factory that takes a seed; an
    unknown one is 422 in one line."""
    body = {"game": "toy", "players": ["A", "B"], "bots": {"B": "tests.server._toy:FirstToyBot"}}
    table, _ = new_table(toy, body)
    runner = toy.app.state.runner  # type: ignore[attr-defined]
    assert runner.held(table).bots[1].name == "first"
    body["bots"] = {"B": "no.such.module:Bot"}
    r = toy.post("/v1/tables", json=body)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "unknown-bot"


def test_cors_is_off_by_default_and_on_for_the_origins_named() -> None:
    """--cors-origin: no CORS header unless the origin is one the service was given."""
    origin = {"Origin": "https://cards.example"}
    with TestClient(create_app(games={"toy": TOY})) as client:
        assert "access-control-allow-origin" not in client.get("/v1/games", headers=origin).headers
    settings = ServerSettings(cors_origins=("https://cards.example",))
    with TestClient(create_app(settings, games={"toy": TOY})) as client:
        r = client.get("/v1/games", headers=origin)
        assert r.headers["access-control-allow-origin"] == "https://cards.example"
        other = client.get("/v1/games", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


def test_a_hint_is_the_strongest_bots_choice_and_plays_nothing(toy: TestClient) -> None:
    """Hint: the seat to act gets one of its offered choices (the strongest bot's), the
    table is unchanged, and taking it is accepted; a seat not to act gets 409."""
    table, tokens = new_table(toy, {"game": "toy", "players": ["A", "B"], "seed": 2, "bots": {}})
    view = view_of(toy, table, tokens["A"])
    r = toy.get(f"/v1/tables/{table}/hint", headers=bearer(tokens["A"]))
    assert r.status_code == 200, r.text
    action = r.json()["action"]
    assert action in view["legal"] or (action == {"decline": True} and view["optional"])
    assert view_of(toy, table, tokens["A"]) == view
    assert toy.get(f"/v1/tables/{table}/hint", headers=bearer(tokens["B"])).status_code == 409
    assert toy.get(f"/v1/tables/{table}/hint").status_code == 401
    played = toy.post(f"/v1/tables/{table}/actions", headers=bearer(tokens["A"]), json=action)
    assert played.status_code == 200
