"""The game's own words in a view (``?lang=vi`` / ``?lang=en``): lines about the table
for a seat, a line per event, the ending sentence and the payment reasons, from the
game's :class:`~vncards.core.SpeaksAtTable`; none for a game that does not speak, and
none without ``lang``."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from vncards.core import SpeaksAtTable
from vncards.server import ServerSettings, create_app
from vncards.server._models import TableView

from tests.server._play import bearer, play_out
from tests.server.conftest import installed

NAMES = ["An", "Bình", "Chi", "Dũng"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(ServerSettings(), games=installed()))


@pytest.mark.parametrize("game", ["tienlen", "maubinh"])
def test_a_seat_reads_the_game_in_its_language(client: TestClient, game: str) -> None:
    """Each event has its line (or null), aligned with the history; a finished game
    has its ending sentence; reasons cover every transfer."""
    bots = dict.fromkeys(NAMES[1:], "greedy")
    made = client.post("/v1/tables", json={"game": game, "players": NAMES, "bots": bots, "seed": 3})
    table, token = made.json()["table"], made.json()["tokens"]["An"]
    play_out(client, table, {"An": token})
    for lang in ("vi", "en"):
        view = client.get(f"/v1/tables/{table}/view?lang={lang}", headers=bearer(token)).json()
        TableView.model_validate(view)
        words = view["words"]
        assert words["lang"] == lang
        assert len(words["history"]) == len(view["history"])
        assert words["outcome"]
        assert {t["reason"] for t in view["result"]["transfers"]} <= set(words["reasons"])
    vi = client.get(f"/v1/tables/{table}/view?lang=vi", headers=bearer(token)).json()["words"]
    en = client.get(f"/v1/tables/{table}/view?lang=en", headers=bearer(token)).json()["words"]
    assert vi["outcome"] != en["outcome"]


def test_no_words_without_lang_a_spectator_has_no_table_lines(client: TestClient) -> None:
    made = client.post("/v1/tables", json={"game": "tienlen", "players": NAMES, "seed": 4})
    table = made.json()["table"]
    assert "words" not in client.get(f"/v1/tables/{table}/spectate").json()
    words = client.get(f"/v1/tables/{table}/spectate?lang=vi").json()["words"]
    assert words["table"] == []
    assert client.get(f"/v1/tables/{table}/spectate?lang=fr").status_code == 422


def test_a_game_that_does_not_speak_has_no_words(client: TestClient) -> None:
    silent = [n for n, p in installed().items() if not isinstance(p, SpeaksAtTable)]
    if not silent:
        pytest.skip("every installed game speaks")
    made = client.post("/v1/tables", json={"game": silent[0], "players": NAMES[:2], "seed": 1})
    table = made.json()["table"]
    assert client.get(f"/v1/tables/{table}/spectate?lang=vi").json()["words"] is None
