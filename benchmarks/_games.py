"""What the whole-game benchmarks share: a batch of seeded 4-player games and its rate."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import Bot, play_game

GAMES = 200
"""Games in one benchmark round."""


def play_batch(plugin: Any, rules: Any, factory: Callable[[int], Bot], seed: int) -> int:
    """Play ``GAMES`` seeded 4-player games, with new bots for each as ``vncards
    simulate`` makes them, and settle each; return how many actions were taken (a
    checksum)."""
    actions = 0
    for g in range(GAMES):
        bots = [factory(seed + 4 * g + i) for i in range(4)]
        state = plugin.new_game(rules, 4, seed + g)
        game = play_game(plugin, state, bots, keep_start=False)
        plugin.result(game.final)
        actions += len(game.actions)
    return actions


def record_rate(benchmark: BenchmarkFixture, items: int) -> None:
    """Store items per second of the median round as ``extra_info["games_per_s"]``."""
    stats = benchmark.stats
    if stats is not None:
        benchmark.extra_info["games_per_s"] = round(items / stats.stats.median)
