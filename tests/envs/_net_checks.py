"""Checks every game's shipped ``net`` bot passes, by game name: it plays whole games at
every table size, keeps to its advisor under a wide margin, and a tiny seeded training
run of the game repeats bit for bit."""

from __future__ import annotations

from typing import Any

import numpy as np
from vncards.core import get_game, play_game
from vncards.envs import net
from vncards.envs.learn import PlaySettings, TrainConfig, Trainer


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
            if choice is None:
                plugin.decline(state, d.seat)
            else:
                plugin.apply(state, choice)
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
