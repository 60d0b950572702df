"""HTTP service contract, tables: seat tokens, a seat's view and events, actions (409
for an illegal one, the table unchanged), the finished record, the WebSocket of events —
on a toy game with hidden draws and an optional choice, reached only through the plugin
protocol (as a third party's game would be)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from vncards.core import Transfer, net_of, referee
from vncards.server import ServerSettings, create_app, default_bot

from tests.server._toy import TOY
from tests.server.conftest import STREAM_GUARD, bearer, games_with_views, new_toy_table


def _play_out(client: TestClient, table: str, token: str, pick: int = 0) -> dict[str, Any]:
    """Play the token's seat to the end (declining optional choices); the last view."""
    view: dict[str, Any] = client.get(f"/v1/tables/{table}/view", headers=bearer(token)).json()
    while not view["finished"]:
        body = {"decline": True} if view["optional"] else view["legal"][pick % len(view["legal"])]
        r = client.post(f"/v1/tables/{table}/actions", headers=bearer(token), json=body)
        assert r.status_code == 200, r.text
        view = r.json()["view"]
    return view


def _play_all(client: TestClient, table: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Play every human seat to the end, whoever is to act; each seat's last view."""
    while True:
        views = {
            n: client.get(f"/v1/tables/{table}/view", headers=bearer(t)).json()
            for n, t in tokens.items()
        }
        some = next(iter(views.values()))
        if some["finished"]:
            return views
        view = views[some["to_act"]]
        body = {"decline": True} if view["optional"] else view["legal"][0]
        r = client.post(
            f"/v1/tables/{table}/actions", headers=bearer(tokens[some["to_act"]]), json=body
        )
        assert r.status_code == 200, r.text


def test_a_table_gives_one_secret_token_per_human_seat(toy: TestClient) -> None:
    """Contract: POST /v1/tables → {"table", "tokens": {name: token}}, one token per
    human seat, none for a bot's."""
    table, tokens = new_toy_table(toy, humans=("A", "C"), bots=("B",))
    assert set(tokens) == {"A", "C"}
    assert len(set(tokens.values())) == 2
    assert all(len(t) >= 24 for t in tokens.values())
    assert table not in tokens.values()


def test_view_is_the_seats_own(toy: TestClient) -> None:
    """Contract: GET /v1/tables/{id}/view — that seat's view: its hand, counts of the
    others', whose turn, its legal actions."""
    table, tokens = new_toy_table(toy, humans=("A", "B"), bots=())
    for name in ("A", "B"):
        view = toy.get(f"/v1/tables/{table}/view", headers=bearer(tokens[name])).json()
        assert view["player"] == name
        assert view["game"] == "toy"
        assert len(view["hand"]) == 2
        assert view["counts"] == {"A": 2, "B": 2}
        assert view["to_act"] == "A"
        assert view["finished"] is False
        # the optional declaration is seat A's alone
        assert view["optional"] is (name == "A")
        assert bool(view["legal"]) is (name == "A")


def test_events_show_a_draw_only_to_the_seat_that_drew(toy: TestClient) -> None:
    """Hidden information: a seat's events never show another seat's hidden card."""
    table, tokens = new_toy_table(toy, humans=("A", "B"), bots=())
    a, b = bearer(tokens["A"]), bearer(tokens["B"])
    assert toy.post(f"/v1/tables/{table}/actions", headers=a, json={"decline": True}).json() == {
        "events": [],
        "view": toy.get(f"/v1/tables/{table}/view", headers=a).json(),
    }
    r = toy.post(f"/v1/tables/{table}/actions", headers=a, json={"draw": True})
    assert r.status_code == 200
    (drew,) = r.json()["events"]
    assert drew["type"] == "draw"
    assert drew["card"] in r.json()["view"]["hand"]
    seen_by_b = toy.get(f"/v1/tables/{table}/view", headers=b).json()
    assert seen_by_b["history"] == [{"type": "draw", "player": "A", "card": None}]
    assert drew["card"] not in str(seen_by_b)


def test_illegal_action_is_409_with_its_code_and_changes_nothing(toy: TestClient) -> None:
    """Contract: an illegal action gets 409 with the rule's code; the table is unchanged."""
    table, tokens = new_toy_table(toy, humans=("A", "B"), bots=())
    a, b = bearer(tokens["A"]), bearer(tokens["B"])
    toy.post(f"/v1/tables/{table}/actions", headers=a, json={"decline": True})
    before = [toy.get(f"/v1/tables/{table}/view", headers=h).json() for h in (a, b)]
    b_card = before[1]["hand"][0]
    for headers, body, code in [
        (b, {"play": [b_card]}, "not-your-turn"),
        (a, {"play": [b_card]}, "card-not-in-hand"),
        (b, {"decline": True}, "nothing-to-decline"),
    ]:
        r = toy.post(f"/v1/tables/{table}/actions", headers=headers, json=body)
        assert r.status_code == 409
        assert r.json()["error"]["code"] == code
    after = [toy.get(f"/v1/tables/{table}/view", headers=h).json() for h in (a, b)]
    assert after == before


@pytest.mark.parametrize(
    "body",
    [[1, 2], {"play": "C01"}, {"fly": True}, {"play": ["C01"], "draw": True}, {"player": "B"}],
)
def test_unreadable_action_is_422(toy: TestClient, body: Any) -> None:
    """Bad input: an action that is not a record action gets 422, not 409."""
    table, tokens = new_toy_table(toy)
    r = toy.post(f"/v1/tables/{table}/actions", headers=bearer(tokens["A"]), json=body)
    assert r.status_code == 422
    assert set(r.json()["error"]) == {"code", "message"}


def test_record_is_404_until_the_end_then_referees_to_the_payments(toy: TestClient) -> None:
    """Contract: GET /v1/tables/{id}/record — 404 before the game is over; after, a
    record the referee rules on with the payments the table settled. No token is
    needed, and any token is ignored."""
    table, tokens = new_toy_table(toy)
    a = bearer(tokens["A"])
    for headers in ({}, a, bearer("not-a-token")):
        r = toy.get(f"/v1/tables/{table}/record", headers=headers)
        assert r.status_code == 404
        assert r.json()["error"]["code"] == "not-finished"
    view = _play_out(toy, table, tokens["A"])
    record = toy.get(f"/v1/tables/{table}/record").json()
    assert toy.get(f"/v1/tables/{table}/record", headers=a).json() == record
    assert toy.get("/v1/tables/nope/record").status_code == 404
    report = toy.post("/v1/referee", json=record).json()
    assert report["legal"]
    assert report["finished"]
    assert report["payments"] == view["result"]["payments"]
    assert report == referee(TOY, record).model_dump(mode="json", by_alias=True)
    settled = [t for e in view["history"] if e["type"] == "settle" for t in e["transfers"]]
    assert report["transfers"] == settled


def _receive_until_closed(ws: Any) -> list[Any]:
    """Every message until the server closes the stream normally (code 1000)."""
    got = []
    code = None
    while code is None:
        try:
            got.append(ws.receive_json())
        except WebSocketDisconnect as closed:
            code = closed.code
    assert code == 1000
    return got


@STREAM_GUARD
def test_websocket_streams_the_seats_events_then_closes(toy: TestClient) -> None:
    """Contract: WS /v1/tables/{id}/events?token= — the events as that seat sees them;
    the stream ends when the game is over."""
    table, tokens = new_toy_table(toy, humans=("A", "B"), bots=())
    with toy.websocket_connect(f"/v1/tables/{table}/events?token={tokens['B']}") as ws:
        a = bearer(tokens["A"])
        toy.post(f"/v1/tables/{table}/actions", headers=a, json={"decline": True})
        assert toy.post(f"/v1/tables/{table}/actions", headers=a, json={"draw": True}).is_success
        first = ws.receive_json()
        assert first == {"type": "draw", "player": "A", "card": None}
        final = _play_all(toy, table, tokens)
        streamed = [first]
        streamed += _receive_until_closed(ws)
    assert streamed == final["B"]["history"]


@STREAM_GUARD
def test_websocket_since_skips_events_already_seen(toy: TestClient) -> None:
    table, tokens = new_toy_table(toy)
    view = _play_out(toy, table, tokens["A"])
    n = len(view["history"])
    with toy.websocket_connect(
        f"/v1/tables/{table}/events?token={tokens['A']}&since={n - 1}"
    ) as ws:
        assert ws.receive_json() == view["history"][-1]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def _endpoints(table: str) -> list[tuple[str, str, Any]]:
    """The endpoints that need a seat's token (the record needs none)."""
    return [
        ("GET", f"/v1/tables/{table}/view", None),
        ("POST", f"/v1/tables/{table}/actions", {"draw": True}),
    ]


def _ws_status(client: TestClient, table: str, token: str | None) -> int:
    query = "" if token is None else f"?token={token}"
    url = f"/v1/tables/{table}/events{query}"
    with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(url):
        pass  # pragma: no cover - the handshake is refused
    return denied.value.status_code


@pytest.mark.parametrize("finished", [False, True], ids=["playing", "finished"])
def test_every_table_endpoint_refuses_wrong_missing_and_other_tables_tokens(
    toy: TestClient, finished: bool
) -> None:
    """Seat isolation: a wrong token, no token and another table's token get 401 on
    every table endpoint (WebSocket included), whether the game is on or over."""
    table, tokens = new_toy_table(toy)
    _, other_tokens = new_toy_table(toy)
    if finished:
        _play_out(toy, table, tokens["A"])
    wrong = {"wrong": "not-a-token", "missing": None, "other-table": other_tokens["A"]}
    for token in wrong.values():
        headers = {} if token is None else bearer(token)
        for method, path, body in _endpoints(table):
            r = toy.request(method, path, headers=headers, json=body)
            assert r.status_code == 401, (method, path, token)
            assert r.headers["www-authenticate"] == "Bearer"
            assert r.json()["error"]["code"] in {"no-token", "bad-token"}
        assert _ws_status(toy, table, token) == 401
    # a token in the wrong form (not Bearer) is no token
    r = toy.get(f"/v1/tables/{table}/view", headers={"Authorization": f"Basic {tokens['A']}"})
    assert r.status_code == 401


def test_a_token_acts_only_for_its_own_seat(toy: TestClient) -> None:
    """Seat isolation: B's token cannot take A's turn, even naming A."""
    table, tokens = new_toy_table(toy, humans=("A", "B"), bots=())
    b = bearer(tokens["B"])
    toy.post(f"/v1/tables/{table}/actions", headers=bearer(tokens["A"]), json={"decline": True})
    r = toy.post(f"/v1/tables/{table}/actions", headers=b, json={"player": "A", "draw": True})
    assert r.status_code == 422
    r = toy.post(f"/v1/tables/{table}/actions", headers=b, json={"draw": True})
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "not-your-turn"


def test_a_finished_table_answers_view_and_record_and_refuses_actions(toy: TestClient) -> None:
    table, tokens = new_toy_table(toy)
    a = bearer(tokens["A"])
    view = _play_out(toy, table, tokens["A"])
    assert view["to_act"] is None
    assert sum(view["result"]["payments"].values()) == 0
    r = toy.post(f"/v1/tables/{table}/actions", headers=a, json={"draw": True})
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "game-over"
    assert toy.get(f"/v1/tables/{table}/view", headers=a).json() == view
    assert toy.get(f"/v1/tables/{table}/record", headers=a).status_code == 200


def test_unknown_table_is_404(toy: TestClient) -> None:
    _, tokens = new_toy_table(toy)
    r = toy.get("/v1/tables/nope/view", headers=bearer(tokens["A"]))
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "no-such-table"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "players": ["A", "B"]}, "unknown-game"),
        ({"game": "toy", "players": ["A"]}, "bad-players"),
        ({"game": "toy", "players": ["A", "A"]}, "bad-players"),
        ({"game": "toy", "players": ["A", "B"], "variant": "nine"}, "bad-rules"),
        ({"game": "toy", "players": ["A", "B"], "rules": {"hand_size": "x"}}, "bad-rules"),
        ({"game": "toy", "players": ["A", "B"], "bots": {"Z": "first"}}, "bad-bots"),
        ({"game": "toy", "players": ["A", "B"], "bots": {"B": "deep"}}, "unknown-bot"),
        ({"game": "toy", "players": ["A", "B"], "seed": -1}, "bad-request"),
        ({"game": "toy", "players": "AB"}, "bad-request"),
        ({"game": "toy", "players": ["A", "B"], "colour": "red"}, "bad-request"),
    ],
)
def test_a_table_that_cannot_be_dealt_is_422(
    toy: TestClient, body: dict[str, Any], code: str
) -> None:
    r = toy.post("/v1/tables", json=body)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == code


def test_the_same_seed_deals_the_same_table(toy: TestClient) -> None:
    views = []
    for _ in range(2):
        table, tokens = new_toy_table(toy, seed=42)
        views.append(toy.get(f"/v1/tables/{table}/view", headers=bearer(tokens["A"])).json())
    assert views[0] == views[1]


def test_a_table_of_bots_alone_is_played_at_once(toy: TestClient) -> None:
    r = toy.post(
        "/v1/tables",
        json={"game": "toy", "players": ["A", "B"], "bots": {"A": "first", "B": "random"}},
    )
    assert r.status_code == 201
    assert r.json()["tokens"] == {}


@pytest.fixture(scope="module")
def shared_toy() -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(), games={"toy": TOY})) as client:
        yield client


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 5), min_size=12, max_size=12))
def test_property_seats_never_see_others_hidden_cards_and_payments_sum_to_zero(
    shared_toy: TestClient, seed: int, picks: list[int]
) -> None:
    """Hidden information, for any deal and any choices: no view or event of a seat
    shows a card another seat holds; an illegal action (playing another seat's card)
    is refused and changes no view; the table's payments sum to zero and equal the
    net of the settled transfers; the record referees to them."""
    client = shared_toy
    r = client.post("/v1/tables", json={"game": "toy", "players": ["A", "B", "C"], "seed": seed})
    data = r.json()
    table, tokens = data["table"], data["tokens"]
    state = client.app.state.runner.held(table).state  # type: ignore[attr-defined]
    names = ["A", "B", "C"]
    turn = 0
    while True:
        for seat, name in enumerate(("A", "B", "C")):
            view = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens[name])).json()
            text = str(view)
            for other, hand in enumerate(state.hands):
                if other != seat:
                    assert not [c for c in hand if c in text]
        if view["finished"]:
            break
        name = view["to_act"]
        mine = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens[name])).json()
        pick = picks[turn % 12]
        turn += 1
        theirs = state.hands[(names.index(name) + 1 + pick % 2) % 3]
        if theirs:
            wrong = {"play": [theirs[0]]}
            refused = client.post(
                f"/v1/tables/{table}/actions", headers=bearer(tokens[name]), json=wrong
            )
            assert refused.status_code == 409
            again = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens[name]))
            assert again.json() == mine
        body = {"decline": True} if mine["optional"] and pick % 2 else None
        body = body or mine["legal"][pick % len(mine["legal"])]
        others = [h for i, h in enumerate(state.hands) if names[i] != name]
        r = client.post(f"/v1/tables/{table}/actions", headers=bearer(tokens[name]), json=body)
        assert r.status_code == 200
        sent = json.dumps(r.json()["events"])
        assert not [c for hand in others for c in hand if f'"{c}"' in sent]
    payments = view["result"]["payments"]
    assert sum(payments.values()) == 0
    transfers = [t for e in view["history"] if e["type"] == "settle" for t in e["transfers"]]
    index = {n: i for i, n in enumerate(names)}
    net = net_of(
        [Transfer(index[t["from"]], index[t["to"]], t["amount"], t["reason"]) for t in transfers],
        3,
    )
    assert dict(zip(names, net, strict=True)) == payments
    record = client.get(f"/v1/tables/{table}/record", headers=bearer(tokens["A"])).json()
    assert client.post("/v1/referee", json=record).json()["payments"] == payments


FRENCH_GAMES = [g for g in ("tienlen", "samloc", "maubinh") if g in games_with_views()]


@pytest.fixture(scope="module")
def installed_client() -> Iterator[TestClient]:
    with TestClient(create_app()) as client:
        yield client


@pytest.mark.parametrize("game", FRENCH_GAMES)
def test_real_games_never_show_a_seat_anothers_cards(
    installed_client: TestClient, game: str
) -> None:
    """Hidden information, on the installed games with a 52-card deck (each card once):
    at every step of a table whose seats are all human, no seat's view — nor the events
    it is sent — names a card another seat still holds."""
    players = ["An", "Bình", "Chi"]
    client, seed = installed_client, 1
    made = client.post("/v1/tables", json={"game": game, "players": players, "seed": seed})
    assert made.status_code == 201
    table, tokens = made.json()["table"], made.json()["tokens"]
    heads = {n: bearer(t) for n, t in tokens.items()}
    rng = random.Random(seed)
    for _ in range(300):
        views = {
            n: client.get(f"/v1/tables/{table}/view", headers=h).json() for n, h in heads.items()
        }
        some = views["An"]
        if some["finished"]:
            break
        for name, view in views.items():
            text = json.dumps(view)
            for other, theirs in views.items():
                if other != name:
                    assert not [c for c in theirs["hand"] if f'"{c}"' in text], (name, other)
        actor = some["to_act"]
        mine = views[actor]
        # every offered action is a record action the table takes as it is
        body: dict[str, Any] = {"decline": True} if mine["optional"] else rng.choice(mine["legal"])
        r = client.post(f"/v1/tables/{table}/actions", headers=heads[actor], json=body)
        assert r.status_code == 200, r.text
        for event in r.json()["events"]:
            text = json.dumps(event)
            for other, theirs in views.items():
                if other != actor and event["type"] != "reveal":
                    held = [c for c in theirs["hand"] if f'"{c}"' in text]
                    played = event.get("cards") or []
                    assert not [c for c in held if c not in played], (actor, other, event)


@pytest.mark.parametrize("game", games_with_views())
def test_every_installed_game_is_played_to_a_record_the_referee_agrees_with(
    installed_client: TestClient, game: str
) -> None:
    """Contract, for every installed game with no code of its own in the service: a
    human seat (choosing at random, declining optional choices most of the time)
    against bots plays to the end; the record returned referees, legal, to the
    payments the table settled."""
    client = installed_client
    players = ["An", "Bình", "Chi"]
    for seed in (3, 4):
        rng = random.Random(seed)
        bots = dict.fromkeys(players[1:], "random" if seed % 2 else "greedy")
        made = client.post(
            "/v1/tables", json={"game": game, "players": players, "bots": bots, "seed": seed}
        ).json()
        headers = bearer(made["tokens"]["An"])
        view = client.get(f"/v1/tables/{made['table']}/view", headers=headers).json()
        for _ in range(500):
            if view["finished"]:
                break
            body: dict[str, Any]
            if view["optional"] and (not view["legal"] or rng.random() < 0.7):
                body = {"decline": True}
            else:
                body = rng.choice(view["legal"])  # offered actions are posted as they are
            r = client.post(f"/v1/tables/{made['table']}/actions", headers=headers, json=body)
            assert r.status_code == 200, r.text
            view = r.json()["view"]
        assert view["finished"]
        record = client.get(f"/v1/tables/{made['table']}/record", headers=headers).json()
        report = client.post("/v1/referee", json=record).json()
        assert report["legal"]
        assert report["payments"] == view["result"]["payments"]


@pytest.mark.skipif("tienlen" not in games_with_views(), reason="Tiến lên is not installed")
def test_tien_len_refusals_name_the_rule_and_change_nothing(installed_client: TestClient) -> None:
    """Contract, on a real game: an action the game cannot read is 422; a readable but
    illegal one is 409 with the rule's code, and the seat's view is the same after."""
    client = installed_client
    players = ["An", "Bình"]
    for seed in range(9, 40):  # a deal that is not an instant win
        made = client.post("/v1/tables", json={"game": "tienlen", "players": players, "seed": seed})
        tokens, table = made.json()["tokens"], made.json()["table"]
        views = {
            n: client.get(f"/v1/tables/{table}/view", headers=bearer(t)).json()
            for n, t in tokens.items()
        }
        if not views["An"]["finished"]:
            break
    actor = views["An"]["to_act"]
    other = next(n for n in players if n != actor)
    before = {
        n: client.get(f"/v1/tables/{table}/view", headers=bearer(t)).json()
        for n, t in tokens.items()
    }
    for body in ({"play": "3S"}, {"discard": "3S"}, {"play": ["ZZ"]}, {"pass": 1}):
        r = client.post(f"/v1/tables/{table}/actions", headers=bearer(tokens[actor]), json=body)
        assert r.status_code == 422, body
        assert r.json()["error"]["code"] == "bad-action"
    not_mine = views[other]["hand"][0]
    for token, body in (
        (tokens[actor], {"play": [not_mine]}),
        (tokens[other], {"play": [not_mine]}),
    ):
        r = client.post(f"/v1/tables/{table}/actions", headers=bearer(token), json=body)
        assert r.status_code == 409
        assert r.json()["error"]["code"] in {"card-not-in-hand", "not-your-turn"}
    after = {
        n: client.get(f"/v1/tables/{table}/view", headers=bearer(t)).json()
        for n, t in tokens.items()
    }
    assert after == before


def test_the_default_bot_is_the_games_strongest(toy: TestClient) -> None:
    """A seat given the bot ``default`` gets the game's declared default opponent, else
    the strongest by name (the toy game has only ``random`` and its own ``first``)."""
    r = toy.post(
        "/v1/tables", json={"game": "toy", "players": ["A", "B"], "bots": {"B": "default"}}
    )
    assert r.status_code == 201
    runner = toy.app.state.runner  # type: ignore[attr-defined]
    assert runner.held(r.json()["table"]).bots[1].name == "first"
    assert set(r.json()["tokens"]) == {"A"}


@pytest.mark.parametrize("game", games_with_views())
def test_the_default_bot_of_an_installed_game_is_its_declared_opponent(
    installed_client: TestClient, game: str
) -> None:
    plugin = installed_client.app.state.games[game]  # type: ignore[attr-defined]
    r = installed_client.post(
        "/v1/tables", json={"game": game, "players": ["A", "B"], "bots": {"B": "default"}}
    )
    assert r.status_code == 201
    bot = installed_client.app.state.runner.held(r.json()["table"]).bots[1]  # type: ignore[attr-defined]
    declared = getattr(plugin, "default_opponent", None)
    assert bot.name == default_bot(list(plugin.bots), declared)
    if declared is not None:
        assert bot.name == declared


def test_a_table_of_bots_alone_gives_its_record_without_tokens(toy: TestClient) -> None:
    """A table with no human seat has no tokens, yet its finished game's record is there
    for the asking, and the referee agrees with it."""
    table, tokens = new_toy_table(toy, humans=(), bots=("A", "B"))
    assert tokens == {}
    r = toy.get(f"/v1/tables/{table}/record")
    assert r.status_code == 200
    report = referee(TOY, r.json())
    assert report.legal
    assert report.finished
