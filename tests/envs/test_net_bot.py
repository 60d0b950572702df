"""The shipped ``net`` bots of Tiến lên and Sâm Lốc: their weights are package data that
load with a clear error when missing or corrupt, they choose from their seat's view alone,
and any tool that seats a bot by ``module:attribute`` seats them."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from vncards.core import Bot, GamePlugin, ShedView, get_game, play_game
from vncards.core.simulate import play_games
from vncards.envs import net
from vncards.envs._net_rollouts import NetLeaf
from vncards.envs.learn import MLP, WeightsError, load_weights, measure, save_weights
from vncards.tienlen import plugin as tienlen

RULES = tienlen.presets["dem-la"]
CLIMBING = ("tienlen", "samloc")
"""The shipped networks of climbing games (Mậu Binh's has its own tests)."""


def test_every_shipped_climbing_game_has_its_two_factories() -> None:
    assert (*CLIMBING, "maubinh", "tusac", "phom") == net.SHIPPED
    for game in CLIMBING:
        assert callable(getattr(net, game))
        assert callable(getattr(net, f"{game}_search"))


@pytest.mark.parametrize("game", CLIMBING)
def test_the_shipped_weights_are_package_data_of_at_most_two_megabytes(game: str) -> None:
    path = net.shipped_weights(game)
    assert path.is_file()
    assert path.stat().st_size <= 2 * 1024 * 1024
    network, meta = load_weights(path)
    assert meta["game"] == game
    assert meta["games"] > 0
    assert network.sizes[-1] == 1


@pytest.mark.parametrize("game", CLIMBING)
def test_the_factory_is_named_module_colon_attribute_and_seats_anywhere(game: str) -> None:
    module, _, attribute = f"vncards.envs.net:{game}".partition(":")
    factory = getattr(importlib.import_module(module), attribute)
    assert factory(3).name == "net"
    summaries = play_games(game, games=4, players=4, bots=[factory, *["greedy"] * 3])
    assert len(summaries) == 4
    assert all(sum(s.payments) == 0 for s in summaries)


def test_the_http_service_seats_it_by_its_reference() -> None:
    tables = pytest.importorskip("vncards.server._tables")
    assert tables.make_bot(tienlen, "vncards.envs.net:tienlen", 3).name == "net"


MAKERS: dict[str, Callable[[int], Bot]] = {
    "tienlen-net": net.tienlen,
    "tienlen-search+net": lambda seed: net.tienlen_search(seed, iterations=40),
    "samloc-net": net.samloc,
    "samloc-search+net": lambda seed: net.samloc_search(seed, iterations=40),
    "samloc-search+net-leaf": lambda seed: net.search_net_bot(
        "samloc", seed, iterations=40, rollout="leaf"
    ),
    "tienlen-search+net-net": lambda seed: net.search_net_bot(
        "tienlen", seed, iterations=12, rollout="net"
    ),
    "tusac-search+net": lambda seed: net.tusac_search(seed, iterations=40),
}


def _advance(plugin: GamePlugin[Any, Any, Any], state: Any, steps: int) -> Any:
    """``state`` after the greedy bots' first ``steps`` choices (or fewer when it ends)."""
    greedy = [plugin.bots["greedy"](s) for s in range(4)]
    for _ in range(steps):
        d = plugin.decision(state)
        if d is None:  # an instant win (tới trắng) ends the game at the deal
            break
        choice: Any = greedy[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:  # Sâm's báo Sâm declined
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
    return state


@pytest.mark.parametrize("bot", MAKERS)
def test_the_bot_chooses_from_its_view_alone(bot: str) -> None:
    # two states that differ only in cards hidden from the seat give the same view, so
    # the bot (and the search it guides) makes the same choice in both
    plugin = get_game(bot.partition("-")[0])
    make = MAKERS[bot]
    rules = plugin.presets[plugin.default_preset]
    rng = random.Random(5)
    checked = 0
    for seed in range(1, 16):
        state = _advance(plugin, plugin.new_game(rules, 4, seed), seed % 7 + 2)
        d = plugin.decision(state)
        if d is None or len(d.actions) + d.optional < 2:
            continue
        view = plugin.view(state, d.seat)
        other = plugin.determinize(view, rng)
        assert other != state
        assert plugin.view(other, d.seat) == view
        one = make(seed).choose(view, d.actions, d.optional)
        two = make(seed).choose(plugin.view(other, d.seat), d.actions, d.optional)
        assert one == two
        checked += 1
    assert checked >= 5


def test_the_bot_is_handed_views_never_states() -> None:
    state = tienlen.new_game(RULES, 4, 1)
    d = tienlen.decision(state)
    assert d is not None
    with pytest.raises(TypeError, match="ShedView"):
        net.tienlen(0).choose(state, d.actions, False)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", CLIMBING)
def test_the_bot_plays_whole_games_at_every_table_size(game: str) -> None:
    plugin = get_game(game)
    rules = plugin.presets[plugin.default_preset]
    low, high = plugin.player_range(rules)
    for n in range(low, high + 1):
        bots = [net.net_bot(game, s) for s in range(n)]
        final = play_game(plugin, plugin.new_game(rules, n, 11), bots).final
        assert plugin.result(final).finished


def test_a_missing_weights_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "gone.npz"
    with pytest.raises(
        WeightsError, match=r"No network weights at .*gone\.npz: the file is missing"
    ):
        net.net_bot("tienlen", weights=missing)


@pytest.mark.parametrize(
    "content", [b"", b"PK\x03\x04 truncated", bytes(range(256)) * 8], ids=["empty", "zip", "noise"]
)
def test_a_corrupt_weights_file_is_a_clear_error(tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(content)
    with pytest.raises(WeightsError, match=r"bad\.npz are corrupt or not a weights file"):
        net.net_bot("tienlen", weights=bad)


def test_weights_of_another_game_or_shape_are_refused(tmp_path: Path) -> None:
    small = MLP.init([10, 4, 1], np.random.default_rng(0))
    save_weights(tmp_path / "sam.npz", small, {"game": "samloc"})
    with pytest.raises(WeightsError, match="plays 'samloc', not 'tienlen'"):
        net.net_bot("tienlen", weights=tmp_path / "sam.npz")
    save_weights(tmp_path / "small.npz", small, {"game": "tienlen"})
    with pytest.raises(WeightsError, match="reads 10 inputs"):
        net.net_bot("tienlen", weights=tmp_path / "small.npz")
    save_weights(tmp_path / "old.npz", small, {"game": "maubinh", "features": "arrange-1"})
    with pytest.raises(WeightsError, match="reads 'arrange-1' rows; maubinh's are 'arrange-2'"):
        net.maubinh_net_bot(weights=tmp_path / "old.npz")
    np.savez(tmp_path / "other.npz", meta=np.array("{}"))
    with pytest.raises(WeightsError, match="not a vncards network weights file"):
        net.net_bot("tienlen", weights=tmp_path / "other.npz")


def test_with_a_wide_margin_the_bot_keeps_to_its_advisors_play() -> None:
    # the greedy bot's choice is flagged in the rows; a margin no score difference
    # reaches makes the net bot play exactly as greedy does
    greedy = tienlen.bots["greedy"](0)
    for seed in range(1, 6):
        state = tienlen.new_game(RULES, 4, seed)
        bots = [net.net_bot("tienlen", s, margin=1e9) for s in range(4)]
        while (d := tienlen.decision(state)) is not None:
            view = tienlen.view(state, d.seat)
            choice: Any = bots[d.seat].choose(view, d.actions, d.optional)
            assert choice == greedy.choose(view, d.actions, d.optional)
            tienlen.apply(state, choice)


@pytest.mark.slow
def test_the_shipped_network_measures_as_the_docs_say() -> None:
    # docs/bots.md: 1,000 games of seed 17 against three greedy bots, 27.4 %, +1.80 lá;
    # heads-up 52.9 %, +1.23 lá (the greedy bot itself: 25 % and 50 %, 0 lá)
    four = measure(net.tienlen, deals=250, seed=17)
    assert four.games == 1000
    assert four.share_low > 0.25 - 0.01
    assert four.la - four.la_half > 0
    assert abs(four.share - 0.274) < 0.02
    two = measure(net.tienlen, players=2, deals=500, seed=17)
    assert two.share_low > 0.5 - 0.01
    assert two.la - two.la_half > 0


def test_an_unknown_rollout_is_refused() -> None:
    with pytest.raises(ValueError, match="rollout must be one of hooks, net, leaf, not 'deep'"):
        net.search_net_bot("samloc", 0, iterations=10, rollout="deep")


@pytest.mark.parametrize("rollout", ["net", "leaf"])
def test_a_search_with_the_network_in_its_rollouts_is_seeded_and_plays_to_the_end(
    rollout: str,
) -> None:
    plugin = get_game("samloc")
    rules = plugin.presets[plugin.default_preset]

    def play(seed: int) -> tuple[list[int], list[Any]]:
        bots: list[Bot] = [net.search_net_bot("samloc", 3, iterations=16, rollout=rollout)]
        bots += [plugin.bots["greedy"](s) for s in (1, 2, 3)]
        played = play_game(plugin, plugin.new_game(rules, 4, seed), bots)
        return list(plugin.result(played.final).payments), played.actions

    for seed in (4, 5):
        paid, actions = play(seed)
        assert sum(paid) == 0
        assert play(seed) == (paid, actions)  # same seed, same game


def test_a_leaf_is_scored_by_the_network_and_an_ended_game_by_its_payoff() -> None:
    plugin = get_game("samloc")
    bot = net.search_net_bot("samloc", 2, iterations=10, rollout="leaf")
    hooks = bot.hooks
    assert isinstance(hooks, NetLeaf)
    assert hooks.scale == 10.0  # the shipped network's lá per unit of score
    state = _advance(plugin, plugin.new_game(plugin.presets[plugin.default_preset], 4, 7), 3)
    d = plugin.decision(state)
    assert d is not None
    view = plugin.view(state, d.seat)
    assert isinstance(view, ShedView)
    hooks.worlds(plugin, view, random.Random(0))  # the search notes whose turn it is
    world = state.copy()
    hooks.rollout(plugin, world, random.Random(0))
    assert plugin.decision(world) == plugin.decision(state)  # its own turn: nothing played
    best = float(hooks.net.scores(view, d.actions, d.optional).max())
    assert hooks.reward(plugin, world, d.seat) == pytest.approx(10.0 * best)
    other = (d.seat + 1) % 4
    hooks.worlds(plugin, plugin.view(world, other), random.Random(0))  # another seat's search
    hooks.rollout(plugin, world, random.Random(0))
    after = plugin.decision(world)
    assert after is None or after.seat == other
    ended = play_game(plugin, state.copy(), [plugin.bots["greedy"](s) for s in range(4)]).final
    assert hooks.reward(plugin, ended, 0) == plugin.result(ended).payments[0]
