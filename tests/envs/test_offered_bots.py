"""Bots a package offers for a game it does not own (the ``vncards.bots`` entry-point
group): ``vncards-envs`` offers ``net`` and ``search+net`` to Tiến lên, Sâm Lốc and Tứ
Sắc, whose shipped networks they play, and ``net`` to the other games, so every tool
seats them by name; a game offered no such bot says so."""

from __future__ import annotations

import json
import pickle
import re
import warnings
from importlib.metadata import EntryPoint
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli._tournament import run_tournament
from vncards.cli.app import app
from vncards.core import (
    BOTS_ENTRY_POINT_GROUP,
    ENTRY_POINT_GROUP,
    OfferedBot,
    PluginError,
    PluginWarning,
    discover_games,
    get_game,
    offered_bots,
)
from vncards.core.simulate._games import bot_factory
from vncards.tienlen._plugin import TienLenGame, build_plugin


def _offer(name: str, value: str = "vncards.core:RandomBot") -> EntryPoint:
    return EntryPoint(name, value, BOTS_ENTRY_POINT_GROUP)


def _game(name: str) -> EntryPoint:
    return EntryPoint(name, f"vncards.{name}:plugin", ENTRY_POINT_GROUP)


@pytest.fixture
def kept_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discovery with made-up offers seats them on the installed plugins themselves:
    their bots are put back as they were after the test."""
    for name in ("tienlen", "samloc"):
        plugin = get_game(name)
        monkeypatch.setattr(plugin, "bots", plugin.bots)


def test_the_envs_package_offers_net_and_search_net_to_the_games_with_a_network() -> None:
    for game in ("tienlen", "samloc", "tusac"):
        offered = offered_bots(game)
        assert list(offered) == ["net", "search+net"]
        assert offered["net"].reference == f"vncards.envs.net:{game}"
        assert offered["search+net"].reference == f"vncards.envs.net:{game}_search"
        assert {"net", "search+net"} <= set(get_game(game).bots)
    assert list(offered_bots("maubinh")) == ["net"]
    assert list(offered_bots("phom")) == ["net"]
    bots = get_game("tienlen").bots
    assert list(bots)[:3] == ["random", "greedy", "search"]  # the game's own come first
    assert "search+net" not in get_game("phom").bots


def test_a_network_that_measures_strongest_is_the_default_opponent() -> None:
    # Mậu Binh's net beats its solver heads-up (docs/bots.md); search stays the others'
    assert get_game("maubinh").default_opponent == "net"  # type: ignore[attr-defined]
    assert get_game("tienlen").default_opponent == "search"  # type: ignore[attr-defined]


def test_a_discovered_game_gets_the_bots_offered_for_it_and_keeps_its_own(kept_bots: None) -> None:
    offers = [_offer("tienlen.lucky"), _offer("tienlen.greedy"), _offer("samloc.lucky")]
    games = discover_games([_game("tienlen")], offers)
    bots = games["tienlen"].bots
    assert isinstance(bots["lucky"], OfferedBot)
    assert not isinstance(bots["greedy"], OfferedBot)  # the game's own bot of that name wins
    assert bots["lucky"](4).name == "random"


def test_an_offer_not_named_game_dot_bot_is_skipped_with_a_warning() -> None:
    with pytest.warns(PluginWarning, match="'lucky' .* is not named GAME.BOT"):
        assert offered_bots("tienlen", [_offer("lucky")]) == {}


def test_an_offered_bot_is_imported_only_when_a_bot_is_made_and_pickles(kept_bots: None) -> None:
    offer = OfferedBot("tienlen", "ghost", "vncards.no_such_module:bot")
    games = discover_games([_game("tienlen")], [_offer("tienlen.ghost", offer.reference)])
    assert "ghost" in games["tienlen"].bots  # listing it imported nothing
    assert pickle.loads(pickle.dumps(offer)) == offer  # worker processes make it again
    with pytest.raises(ModuleNotFoundError):
        offer(0)


def test_a_plugin_imported_by_reference_still_finds_the_offered_bots() -> None:
    # a worker process imports the game by its reference, not through discovery
    fresh = build_plugin(TienLenGame())
    assert "net" not in fresh.bots
    assert bot_factory(fresh, "net")(3).name == "net"
    assert bot_factory(fresh, "search+net")(3, iterations=10).name == "search+net"


def test_a_game_without_a_guided_search_says_which_games_the_bot_is_offered_for() -> None:
    words = "'search+net' is offered for samloc, tienlen, tusac only, not for phom"
    with pytest.raises(PluginError, match=re.escape(words)):
        bot_factory(get_game("phom"), "search+net")
    res = CliRunner().invoke(app, ["simulate", "phom", "--games", "2", "--bots", "search+net"])
    assert res.exit_code != 0
    assert words in " ".join(res.output.split())


@pytest.mark.parametrize(
    ("game", "games", "bots"),
    [
        ("tienlen", 4, "net,search+net,greedy,greedy"),
        ("tusac", 2, "search+net,greedy,greedy,greedy"),
    ],
)
def test_simulate_seats_the_offered_bots_by_name(game: str, games: int, bots: str) -> None:
    res = CliRunner().invoke(
        app,
        ["simulate", game, "--games", str(games), "--players", "4", "--seed", "2",
         "--bots", bots, "--think", "0.005", "--json"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["games"] == games
    assert data["bots"] == bots.split(",")


def test_compare_seats_them_by_name() -> None:
    res = CliRunner().invoke(
        app,
        ["compare", "-c", "tienlen", "--games", "2", "-n", "4", "--workers", "1",
         "--bots", "net,greedy,greedy,greedy", "--json"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    column = json.loads(res.stdout)["columns"][0]
    assert column["measured"]["bots"] == ["net", "greedy", "greedy", "greedy"]


def test_a_tournament_seats_them_in_worker_processes_too() -> None:
    played = run_tournament(
        "tienlen", ["net", "search+net"], games=4, seed=3, iterations=20, workers=2
    )
    assert len(played) == 4
    assert {b for g in played for b in g.bots} == {"net", "search+net"}
    assert all(sum(g.payments) == 0 for g in played)


def test_the_games_list_and_the_http_service_name_them() -> None:
    res = CliRunner().invoke(app, ["games", "--json"])
    assert res.exit_code == 0, res.output
    games: list[dict[str, Any]] = json.loads(res.stdout)["games"]
    tienlen = next(g for g in games if g["name"] == "tienlen")
    assert {"net", "search+net"} <= set(tienlen["bots"])
    tables = pytest.importorskip("vncards.server._tables")
    assert tables.make_bot(get_game("tienlen"), "net", 3).name == "net"
    assert tables.make_bot(build_plugin(TienLenGame()), "search+net", 3).name == "search+net"


def test_play_seats_net_by_name() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)
        res = CliRunner().invoke(
            app, ["play", "tienlen", "-n", "2", "--seed", "3", "-b", "net"], input="q\n"
        )
    assert "(net)" in res.stdout
    assert "Traceback" not in res.stdout
