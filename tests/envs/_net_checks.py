"""Checks every game's shipped ``net`` bot passes, by game name: it plays whole games at
every table size, keeps to its advisor under a wide margin, and a tiny seeded training
run of the game repeats bit for bit; and the checks the games whose network reads
their own rows (Tứ Sắc, Phỏm) share: the rows' sizes, nothing hidden from the seat in
them, the shipped weights and the ones refused, the training samples, and the bot
offered by name."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import GamePlugin, get_game, play_game
from vncards.envs import net
from vncards.envs.learn import (
    MLP,
    PlaySettings,
    TrainConfig,
    Trainer,
    WeightsError,
    load_weights,
    play_batch,
    save_weights,
)
from vncards.envs.learn._actors import make_player

ViewT = TypeVar("ViewT")


def answer(plugin: GamePlugin[Any, Any, Any], state: Any, seat: int, choice: Any) -> None:
    """Play ``choice`` in ``state``, or decline for ``seat`` if it is ``None``."""
    if choice is None:
        plugin.decline(state, seat)
    else:
        plugin.apply(state, choice)


def plays_whole_games(game: str, seeds: tuple[int, ...] = (3, 4)) -> int:
    """Play each of ``seeds`` at every table size, every seat the shipped network;
    how many games were played (each finished, its payments adding up to 0)."""
    plugin = get_game(game)
    rules = plugin.presets[plugin.default_preset]
    low, high = plugin.player_range(rules)
    played = 0
    for n in range(low, high + 1):
        for seed in seeds:
            bots = [net.net_bot(game, seed * 8 + s) for s in range(n)]
            final = play_game(plugin, plugin.new_game(rules, n, seed), bots).final
            result = plugin.result(final)
            assert result.finished
            assert sum(result.payments) == 0
            played += 1
    return played


def follows_its_advisor(game: str, seeds: range, players: int = 4) -> int:
    """With an unreachable margin the shipped bot of each seat makes the choice of a
    greedy bot of its seed (the advisor breaks ties from that seed) at every decision of
    the games seeded ``seeds``; how many decisions were compared."""
    plugin = get_game(game)
    rules = plugin.presets[plugin.default_preset]
    compared = 0
    for seed in seeds:
        state = plugin.new_game(rules, players, seed)
        bots = [net.net_bot(game, s, margin=1e9) for s in range(players)]
        greedy = [plugin.bots["greedy"](s) for s in range(players)]
        while (d := plugin.decision(state)) is not None:
            view = plugin.view(state, d.seat)
            choice: Any = bots[d.seat].choose(view, d.actions, d.optional)
            assert choice == greedy[d.seat].choose(view, d.actions, d.optional)
            answer(plugin, state, d.seat, choice)
            compared += 1
    return compared


def tiny_trainer(game: str, seed: int, games: int = 32) -> Trainer:
    """A small network of ``game`` trained on ``games`` seeded games (4 and 2 seats)."""
    play = PlaySettings(game=game, players=(4, 2), greedy_share=0.5, margin=0.1)
    config = TrainConfig(
        play=play, hidden=(16,), round_games=8, eval_every=10**9, eval_deals=2, seed=seed
    )
    trainer = Trainer(config)
    trainer.train(games)
    return trainer


def same_networks(a: Trainer, b: Trainer) -> bool:
    """Whether two runs ended with the same parameters, bit for bit, and the same curve."""
    same = [np.array_equal(p, q) for p, q in zip(a.net.params, b.net.params, strict=True)]
    return all(same) and a.curve == b.curve


def greedy_positions(
    plugin: GamePlugin[Any, Any, Any],
    rules: Any,
    view_type: type[ViewT],
    games: int,
    players: int = 4,
) -> list[tuple[ViewT, Any]]:
    """(view, decision) of every choice of ``games`` seeded greedy games (the bot of
    seat ``s`` in game ``seed`` seeded ``seed * 8 + s``), each view a ``view_type``."""
    out: list[tuple[ViewT, Any]] = []
    for seed in range(1, games + 1):
        state = plugin.new_game(rules, players, seed)
        bots = [plugin.bots["greedy"](seed * 8 + s) for s in range(players)]
        while (d := plugin.decision(state)) is not None:
            view = plugin.view(state, d.seat)
            assert isinstance(view, view_type)
            out.append((view, d))
            answer(plugin, state, d.seat, bots[d.seat].choose(view, d.actions, d.optional))
    return out


def rows_have_sizes(
    features: Any,
    positions: list[tuple[Any, Any]],
    sizes: tuple[int, int],
    types: int,
    declines: bool,
) -> None:
    """The state row and the action rows of every position have ``sizes`` (state,
    action), a decline a row of its own if ``declines``; an action row sets one of its
    first ``types`` entries (its type) and not the last (the advisor's flag: only the
    bot sets it)."""
    state_size, action_size = sizes
    assert (features.state_size, features.action_size, features.advised) == (
        *sizes,
        action_size - 1,
    )
    assert features.scale.shape == (state_size + action_size,)
    for view, d in positions:
        state = features.state(view)
        assert state.shape == (state_size,)
        assert state.dtype == np.uint8
        rows = features.actions(view, d.actions, d.optional)
        assert rows.shape == (len(d.actions) + (d.optional and declines), action_size)
        assert (rows[:, :types].sum(axis=1) == 1).all()
        assert not rows[:, features.advised].any()


def _greedy_into(plugin: GamePlugin[Any, Any, Any], players: int, seed: int, steps: int) -> Any:
    """Game ``seed`` of ``players`` seats after ``steps`` decisions of greedy bots
    (seeded 0 to 3), or at its end."""
    state = plugin.new_game(plugin.presets[plugin.default_preset], players, seed)
    bots = [plugin.bots["greedy"](s) for s in range(4)]
    for _ in range(steps):
        d = plugin.decision(state)
        if d is None:
            break
        choice: Any = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        plugin.apply(state, choice)
    return state


def sees_nothing_hidden(
    game: str,
    features: Any,
    view_type: type,
    seeds: range,
    players: Callable[[int], int],
    steps: Callable[[int], int],
) -> int:
    """In each game ``seed`` of ``players(seed)`` seats played ``steps(seed)`` decisions
    in, where the seat to play has two choices or more: the state dealt again from the
    seat's view (other hands and the stock redrawn) gives the same view (a
    ``view_type``), the same rows and the same choice of the shipped bot. How many
    positions were checked."""
    plugin = get_game(game)
    rng = random.Random(3)
    checked = 0
    for seed in seeds:
        state = _greedy_into(plugin, players(seed), seed, steps(seed))
        d = plugin.decision(state)
        if d is None or len(d.actions) + d.optional < 2:
            continue
        view = plugin.view(state, d.seat)
        other = plugin.determinize(view, rng)
        assert other.hands != state.hands or other.stock != state.stock
        again = plugin.view(other, d.seat)
        assert isinstance(view, view_type)
        assert isinstance(again, view_type)
        assert again == view
        assert np.array_equal(features.state(view), features.state(again))
        assert np.array_equal(
            features.actions(view, d.actions, d.optional),
            features.actions(again, d.actions, d.optional),
        )
        one = net.net_bot(game, seed).choose(view, d.actions, d.optional)
        assert one == net.net_bot(game, seed).choose(again, d.actions, d.optional)
        checked += 1
    return checked


def refuses_other_states(game: str, view_name: str) -> None:
    """The shipped bot reads a ``view_name`` and refuses a game's state."""
    plugin = get_game(game)
    state = plugin.new_game(plugin.presets[plugin.default_preset], 4, 1)
    d = plugin.decision(state)
    assert d is not None
    with pytest.raises(TypeError, match=view_name):
        net.net_bot(game, 0).choose(state, d.actions, False)


def shipped_weights_are_small(game: str, features: str, inputs: int) -> None:
    """The shipped weights of ``game``: at most 2 MiB of package data, trained on some
    games, for the rows ``features`` names, ``inputs`` wide."""
    path = net.shipped_weights(game)
    assert path.stat().st_size <= 2 * 1024 * 1024
    network, meta = load_weights(path)
    assert (meta["game"], meta["features"]) == (game, features)
    assert meta["games"] > 0
    assert network.sizes[0] == inputs


def refuses_weights_of_others(game: str, foreign: str, other: str, inputs: int, tmp: Path) -> None:
    """``game``'s bot refuses the weights of ``foreign``, ``other``'s bot those of
    ``game``, and ``game``'s bot a network not ``inputs`` wide (written in ``tmp``)."""
    with pytest.raises(WeightsError, match=f"plays '{foreign}', not '{game}'"):
        net.net_bot(game, weights=net.shipped_weights(foreign))
    with pytest.raises(WeightsError, match=f"plays '{game}', not '{other}'"):
        net.net_bot(other, weights=net.shipped_weights(game))
    small = MLP.init([10, 4, 1], np.random.default_rng(0))
    save_weights(tmp / "small.npz", small, {"game": game})
    with pytest.raises(WeightsError, match=f"reads 10 inputs; {game}'s features are {inputs}"):
        net.net_bot(game, weights=tmp / "small.npz")


def trains_repeatably(game: str, features: str) -> None:
    """A tiny seeded training run of ``game`` repeats bit for bit, another seed's does
    not, and the network names its rows ``features``."""
    a, b, c = (tiny_trainer(game, seed) for seed in (2, 2, 3))
    assert a.games == 32
    assert a.updates > 0
    assert same_networks(a, b)
    assert not np.array_equal(a.net.params[0], c.net.params[0])
    assert a.meta()["features"] == features


def samples_are_decisions(game: str, features: Any, players: int, types: int) -> None:
    """Six seeded games of ``players`` seats give the same samples twice: one row per
    decision of a network seat, one state and one action (of ``types`` types) each,
    with its payoff; the player made of the network is the ``net`` bot."""
    f = features
    network = MLP.init([f.state_size + f.action_size, 8, 1], np.random.default_rng(0))
    settings = PlaySettings(game=game, players=(players,), greedy_share=1.0)
    batch = play_batch(settings, network, 5, 0, 6)
    again = play_batch(settings, network, 5, 0, 6)
    assert batch.games == 6
    assert len(batch.rows) == len(batch.payoffs) > 0
    assert np.array_equal(batch.rows, again.rows)
    assert np.array_equal(batch.payoffs, again.payoffs)
    assert (batch.rows[:, f.state_size : f.state_size + types].sum(axis=1) == 1).all()
    assert make_player(game, network, f, margin=0.1, seed=1).name == "net"


def games_lists_net(game: str, *, search_net: bool = False) -> None:
    """``vncards games`` offers ``net`` for ``game`` (and ``search+net`` exactly when
    ``search_net``), and the game's bots of those names are the network's."""
    res = CliRunner().invoke(app, ["games", "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)["games"]
    row = next(g for g in rows if g["name"] == game)
    assert "net" in row["bots"]
    assert ("search+net" in row["bots"]) is search_net
    assert get_game(game).bots["net"](3).name == "net"
    if search_net:
        assert get_game(game).bots["search+net"](3).name == "search+net"
