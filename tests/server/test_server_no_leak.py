"""Must hold, on every installed game: no seat and no spectator ever sees over HTTP a card
it may not see, at any point of random games, in either language, and after the table
is rebuilt from its stored form by another app on the same database.

What a seat may see is its own view as the game makes it (``plugin.view``, whose hidden
information the conformance suite checks: two states that differ only in cards hidden
from a seat give it equal views); a spectator may see only what every seat sees. Every
card in an HTTP answer (the view, its events, the game's words, the result, the
action's reply) must be one of those.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vncards.server import ServerSettings, create_app

from tests.server._play import bearer, new_table
from tests.server.conftest import installed

NAMES = ["An", "Bình", "Chi", "Dũng"]
GAMES = sorted(installed())


def _strings(data: Any) -> set[str]:
    """Every string in a JSON value (card tokens among them)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(_strings(v) for v in data.values())) | set(data)
    if isinstance(data, list):
        return set().union(*(_strings(v) for v in data)) if data else set()
    return set()


class Oracle:
    """The cards of the deal, and those each seat's own game view shows."""

    def __init__(self, client: TestClient, game: str, table: str, names: list[str]) -> None:
        runner = client.app.state.runner  # type: ignore[attr-defined]
        self.table = runner.held(table)
        self.plugin = installed()[game]
        self.names = names
        deal = self.plugin.record_deal(self.table.start)
        self.dealt = {c for h in deal["hands"] for c in h} | set(deal.get("stock") or ())

    def seen_by(self, seat: int) -> set[str]:
        view = self.plugin.view(self.table.state, seat).to_json(self.names)
        return _strings(view) & self.dealt

    def check(self, answer: Any, may_see: set[str], who: str) -> None:
        leaked = (_strings(answer) & self.dealt) - may_see
        assert not leaked, f"{who} was shown {sorted(leaked)}"


def _check_all(client: TestClient, oracle: Oracle, table: str, tokens: dict[str, str]) -> None:
    seen = {name: oracle.seen_by(oracle.names.index(name)) for name in tokens}
    everyone = set.intersection(*seen.values())
    for lang in ("", "?lang=vi", "?lang=en"):
        for name, token in tokens.items():
            answer = client.get(f"/v1/tables/{table}/view{lang}", headers=bearer(token)).json()
            oracle.check(answer, seen[name], name)
        answer = client.get(f"/v1/tables/{table}/spectate{lang}").json()
        oracle.check(answer, everyone, "a spectator")


def _play(client: TestClient, game: str, seed: int, picks: list[int]) -> tuple[str, dict[str, str]]:
    plugin = installed()[game]
    lo, hi = plugin.player_range(plugin.presets[plugin.default_preset])
    names = NAMES[: min(hi, max(lo, 2 + seed % 3))]
    table, tokens = new_table(client, {"game": game, "players": names, "seed": seed})
    oracle = Oracle(client, game, table, names)
    for pick in picks:
        _check_all(client, oracle, table, tokens)
        views = {
            n: client.get(f"/v1/tables/{table}/view", headers=bearer(t)).json()
            for n, t in tokens.items()
        }
        acting = [n for n, v in views.items() if v["legal"] or v["optional"]]
        if not acting:
            break
        name = acting[0]
        view = views[name]
        if view["optional"] and (pick % 3 == 0 or not view["legal"]):
            body: dict[str, Any] = {"decline": True}
        else:
            body = view["legal"][pick % len(view["legal"])]
        r = client.post(
            f"/v1/tables/{table}/actions?lang=vi", headers=bearer(tokens[name]), json=body
        )
        assert r.status_code == 200, r.text
        oracle.check(r.json(), oracle.seen_by(names.index(name)), name)
    _check_all(client, oracle, table, tokens)
    return table, tokens


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 50), min_size=1, max_size=24))
def test_property_no_seat_or_spectator_sees_a_hidden_card(
    game: str, seed: int, picks: list[int]
) -> None:
    """Must hold: at every point of random games of each installed game, every seat's
    view (in each language) and every action's reply hold no card beyond that seat's
    own game view, and the spectator's none beyond what every seat sees; so again
    after another app rebuilds the table from its stored form."""
    folder = Path(tempfile.mkdtemp())
    db = f"sqlite:///{folder / 'tables.db'}"
    with TestClient(create_app(ServerSettings(db=db), games=installed())) as client:
        table, tokens = _play(client, game, seed, picks)
        before = {
            n: client.get(f"/v1/tables/{table}/view", headers=bearer(t)).json()
            for n, t in tokens.items()
        }
    with TestClient(create_app(ServerSettings(db=db), games=installed())) as client:
        after = {
            n: client.get(f"/v1/tables/{table}/view", headers=bearer(t)).json()
            for n, t in tokens.items()
        }
        assert after == before
        names = list(before[next(iter(before))]["counts"])
        _check_all(client, Oracle(client, game, table, names), table, tokens)
