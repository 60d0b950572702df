"""A page draws any game from the game's own data and says why an action would be
refused before it is taken: ``GET /v1/games/{game}`` (every card's look in both
languages, the action keys), ``POST /v1/tables/{id}/check`` (the refusal ``actions``
would answer, nothing played) and refusals in the game's own words with ``?lang=``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from vncards.core import SpeaksAtTable
from vncards.server import create_app

from tests.server._stars import SAO
from tests.server.conftest import bearer, installed, talk_of


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(games={**installed(), "sao": SAO})) as c:
        yield c


def _table(client: TestClient, game: str, seed: int = 3) -> tuple[str, dict[str, str]]:
    r = client.post("/v1/tables", json={"game": game, "players": ["A", "B"], "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()["table"], r.json()["tokens"]


def _seat_to_act(client: TestClient, table: str, tokens: dict[str, str]) -> tuple[str, Any]:
    view = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens["A"])).json()
    return view["to_act"], client.get(
        f"/v1/tables/{table}/view", headers=bearer(tokens[view["to_act"]])
    ).json()


@pytest.mark.parametrize("game", sorted(installed()))
def test_every_card_a_seat_holds_has_a_look_in_both_languages(
    client: TestClient, game: str
) -> None:
    """Notation as data: each card of a dealt hand is among the game's cards, with a
    label, a face and a colour in Vietnamese and in English."""
    detail = client.get(f"/v1/games/{game}").json()
    cards = detail["notation"]["cards"]
    table, tokens = _table(client, game)
    _, view = _seat_to_act(client, table, tokens)
    assert view["hand"]
    for token in view["hand"]:
        for lang in ("vi", "en"):
            look = cards[token][lang]
            assert look["label"]
            assert look["face"]
    keys = {a["key"] for a in detail["actions"]}
    assert {next(iter(a)) for a in view["legal"]} <= keys


def test_a_deck_of_its_own_is_served_as_the_game_writes_it(client: TestClient) -> None:
    """Notation as data: a game on a deck of its own (suns and moons) gets its own
    words and colours, and its entry keeps every field of /v1/games."""
    detail = client.get("/v1/games/sao").json()
    listed = next(g for g in client.get("/v1/games").json()["games"] if g["name"] == "sao")
    assert {k: detail[k] for k in listed} == listed
    assert detail["notation"]["name"] == "stars"
    assert len(detail["notation"]["cards"]) == 12
    assert detail["notation"]["cards"]["M4"] == {
        "vi": {"label": "trăng 4", "face": ["trăng 4"], "colour": "white"},
        "en": {"label": "moon 4", "face": ["moon 4"], "colour": "white"},
    }
    assert client.get("/v1/games/nope").status_code == 404


def test_check_says_why_without_acting(client: TestClient) -> None:
    """Tiến lên: a pass when leading is refused with the game's reason, in the language
    asked; a legal play checks legal; nothing is played either way."""
    table, tokens = _table(client, "tienlen")
    seat, view = _seat_to_act(client, table, tokens)
    url, who = f"/v1/tables/{table}/check", bearer(tokens[seat])
    talk = talk_of("tienlen", "vi")
    vi = client.post(f"{url}?lang=vi", headers=who, json={"pass": True}).json()
    assert vi["legal"] is False
    assert vi["error"]["code"] == "cannot-pass-lead"
    assert vi["error"]["message"] == talk.refusal("cannot-pass-lead", "")
    assert vi["error"]["lang"] == "vi"
    en = client.post(f"{url}?lang=en", headers=who, json={"pass": True}).json()
    assert en["error"]["code"] == "cannot-pass-lead"
    assert en["error"]["lang"] == "en"
    assert client.post(url, headers=who, json=view["legal"][0]).json() == {
        "legal": True,
        "error": None,
    }
    unread = client.post(url, headers=who, json={"play": ["ZZ"]}).json()
    assert unread["error"]["code"] == "bad-action"
    after = client.get(f"/v1/tables/{table}/view", headers=who).json()
    assert after["events"] == view["events"]
    assert after["hand"] == view["hand"]
    assert client.post(url, json={"pass": True}).status_code == 401


@pytest.mark.parametrize(
    "game", sorted(g for g, p in installed().items() if isinstance(p, SpeaksAtTable))
)
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_refusal_reaches_the_page_in_the_games_own_words(
    client: TestClient, game: str, lang: str
) -> None:
    """Refusals from the games: an action by the seat whose turn it is not is refused
    (409, nothing played) with the game's own sentence for it (its table talk's
    ``refusal``), by ``actions`` and ``check`` alike."""
    table, tokens = _table(client, game)
    seat, view = _seat_to_act(client, table, tokens)
    other = "B" if seat == "A" else "A"
    action = view["legal"][0]
    r = client.post(
        f"/v1/tables/{table}/actions?lang={lang}", headers=bearer(tokens[other]), json=action
    )
    assert r.status_code == 409
    error = r.json()["error"]
    checked = client.post(
        f"/v1/tables/{table}/check?lang={lang}", headers=bearer(tokens[other]), json=action
    ).json()["error"]
    assert checked == error
    plain = client.post(
        f"/v1/tables/{table}/check", headers=bearer(tokens[other]), json=action
    ).json()["error"]
    talk = talk_of(game, lang)
    said = talk.refusal(error["code"], plain["message"])
    assert error["message"] == said
    assert error.get("lang") == (lang if lang == "en" or said != plain["message"] else None)
    after = client.get(f"/v1/tables/{table}/view", headers=bearer(tokens[seat])).json()
    assert after["events"] == view["events"]


def test_a_notation_lists_only_the_numbers_it_writes() -> None:
    """Notation as data: a deck smaller than the default size lists only the card
    numbers its ``format`` writes (suns and moons: 12 of the default 52)."""
    from vncards.core import Notation

    from tests.server._stars import format_star, parse_star, star_look

    notation = Notation("stars", parse_star, format_star, look=star_look)
    assert notation.deck() == SAO.info.notation.deck()
    assert len(notation.deck()) == 12
