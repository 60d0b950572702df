"""Mậu Binh on core's small interface (DESIGN, "Plugins"): the plugin is core's
``Plugin`` over the game, its codec, probes and tools; its bot makers receive the plugin
played; and its 72,072 splits a seat stay made on demand through the adapter."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

from vncards.core import BOTS_ENTRY_POINT_GROUP, Plugin, offered_bots, play_game
from vncards.core._plugins import _add_offered
from vncards.maubinh import BOTS, GreedyBot, MauBinhGame, SolverBot, plugin
from vncards.maubinh._splits import PendingSplits


def test_the_plugin_is_made_of_the_games_parts() -> None:
    assert isinstance(plugin, Plugin)
    assert isinstance(plugin.game, MauBinhGame)
    assert (plugin.name, plugin.deck) == ("maubinh", "french")
    assert plugin.info.strongest_bot == ("net", "solver")
    assert plugin.compare_facts.unit == "chi"


def test_the_default_opponent_is_the_strongest_bot_installed() -> None:
    """The network another package offers, when it is there; the solver otherwise."""
    fresh: Any = Plugin(MauBinhGame(), plugin.codec, BOTS)
    assert "net" not in fresh.bots
    assert fresh.default_opponent == "solver"
    _add_offered(fresh, offered_bots("maubinh", [_offer("maubinh.lucky")]))
    assert (fresh.default_opponent, "lucky" in fresh.bots) == ("solver", True)
    _add_offered(fresh, offered_bots("maubinh", [_offer("maubinh.net")]))
    assert fresh.default_opponent == "net"
    assert plugin.compare_facts.unit == "chi"


def _offer(name: str) -> EntryPoint:
    return EntryPoint(name, "vncards.core:RandomBot", BOTS_ENTRY_POINT_GROUP)


def test_bot_makers_receive_the_plugin_and_a_seed() -> None:
    assert isinstance(BOTS["greedy"](plugin, 3), GreedyBot)
    make: Any = plugin.bots["solver"]  # keyword arguments pass through to the maker
    solver = make(4, samples=8)
    assert isinstance(solver, SolverBot)
    assert solver.samples == 8
    st = plugin.new_game(plugin.presets["standard"], 2, seed=3)
    game = play_game(plugin, st, [plugin.bots["random"](1), solver])
    assert plugin.result(game.final).finished


def test_the_legal_splits_stay_lazy_through_the_adapter() -> None:
    """144,144 arrangements for two seats, none built until read."""
    st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    legal = plugin.legal_actions(st)
    assert isinstance(legal, PendingSplits)
    assert len(legal) == 144_144
    assert legal[72_072].seat == 1
