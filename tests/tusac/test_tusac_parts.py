"""Tứ Sắc on core's small interface (DESIGN, "Plugins"): the plugin is core's ``Plugin``
over the game, its codec, probes and tools; its bot makers receive the plugin played;
and its fast playout is the game's own declared seam."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from vncards.core import Plugin, RandomBot, RulesError, SearchBot, load_record, play_game
from vncards.tusac import (
    BOTS,
    INFO,
    GreedyBot,
    TuSacCodec,
    TuSacGame,
    TuSacProbes,
    plugin,
)


def test_the_plugin_is_made_of_the_games_parts() -> None:
    assert isinstance(plugin, Plugin)
    assert isinstance(plugin.game, TuSacGame)
    assert isinstance(plugin.codec, TuSacCodec)
    assert isinstance(plugin.probes, TuSacProbes)
    assert plugin.info is INFO
    assert (plugin.name, plugin.title, plugin.deck) == ("tusac", "Tứ Sắc", "tusac")
    assert plugin.default_opponent == "search"
    assert [s.key for s in plugin.statistics] == ["den", "khui"]
    assert plugin.compare_facts.unit == "lá"
    assert plugin.notation_examples == ("RK GR", "tướng đỏ, xe xanh")


def test_the_fast_playout_is_the_games_declared_seam() -> None:
    """The plugin's ``playout`` is the game's own method, lent by core's Plugin."""
    seam: Any = plugin.playout
    assert seam.__self__ is plugin.game
    assert seam.__func__ is TuSacGame.playout


def test_bot_makers_receive_the_plugin_and_a_seed() -> None:
    assert isinstance(BOTS["greedy"](plugin, 3), GreedyBot)
    assert type(BOTS["random"](plugin, 3)) is RandomBot
    make: Any = plugin.bots["search"]  # keyword arguments pass through to the maker
    search = make(4, iterations=8)
    assert isinstance(search, SearchBot)
    assert search.plugin is plugin
    state = plugin.new_game(plugin.presets["standard"], 3, seed=2)
    game = play_game(plugin, state, [search, plugin.bots["greedy"](1), plugin.bots["random"](2)])
    assert plugin.result(game.final).finished


def test_a_pickled_plugin_plays_the_same_games() -> None:
    """A simulation's worker gets the plugin made again from its parts."""
    again = pickle.loads(pickle.dumps(plugin))
    assert isinstance(again, Plugin)
    rules = plugin.presets["standard"]
    for seed in range(5):
        games = [
            play_game(p, p.new_game(rules, 4, seed), [p.bots["greedy"](s) for s in range(4)])
            for p in (plugin, again)
        ]
        assert games[0].actions == games[1].actions
        assert plugin.result(games[0].final) == again.result(games[1].final)


@pytest.mark.parametrize("players", [1, 5])
def test_a_player_count_out_of_range_is_a_rules_error(players: int) -> None:
    """Core's Plugin checks a deal's player count; the deal query checks it too."""
    rules = plugin.presets["standard"]
    with pytest.raises(RulesError, match=f"tusac is played by 2 to 4 players, not {players}"):
        plugin.new_game(rules, players, 1)
    with pytest.raises(RulesError, match=f"tusac is played by 2 to 4 players, not {players}"):
        plugin.deal_json(rules, players, 1)


def test_the_codec_reads_back_the_deal_it_writes() -> None:
    """A deal written by the codec, read again, is the same starting state."""
    codec = TuSacCodec()
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        state = plugin.new_game(plugin.presets["standard"], players, seed)
        record = plugin.deal_json(plugin.presets["standard"], players, seed)
        assert codec.write_deal(state)["stock"] == record["stock"]
        fields = {k: record[k] for k in ("game", "players", "hands", "stock")}
        read = plugin.state_from_record(
            load_record({**fields, "actions": []}), plugin.presets["standard"]
        )
        assert read == state
