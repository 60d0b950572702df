"""Tiến lên throughput: whole 4-player games between random bots and between greedy
bots (making the bots, dealing, every decision and action, the result), and settlement
of losing hands.

Each benchmark plays a fixed batch of seeded games; games per second is the batch size
divided by the median time (also stored as ``extra_info["games_per_s"]``). Target: at
least 3,000 random-bot games a second on one core of the reference machine.

    uv run pytest benchmarks/test_tienlen.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import Bot, CardSet, RandomBot, play_game
from vncards.tienlen import GreedyBot, count_la, plugin

GAMES = 200
RULES = plugin.presets["dem-la"]


def _play_batch(factory: Callable[[int], Bot], seed: int) -> int:
    """Play ``GAMES`` seeded games, with new bots for each as ``vncards simulate`` makes
    them; return how many actions were taken (a checksum)."""
    actions = 0
    for g in range(GAMES):
        bots = [factory(seed + 4 * g + i) for i in range(4)]
        state = plugin.new_game(RULES, 4, seed + g)
        game = play_game(plugin, state, bots, keep_start=False)
        plugin.result(game.final)
        actions += len(game.actions)
    return actions


def _rate(benchmark: BenchmarkFixture, items: int) -> None:
    stats = benchmark.stats
    if stats is not None:
        benchmark.extra_info["games_per_s"] = round(items / stats.stats.median)


def test_random_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between random bots."""
    actions = benchmark(_play_batch, RandomBot, 1000)
    assert actions > GAMES * 10
    _rate(benchmark, GAMES)


def test_greedy_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between greedy bots."""
    actions = benchmark(_play_batch, GreedyBot, 2000)
    assert actions > GAMES * 10
    _rate(benchmark, GAMES)


def test_settlement(benchmark: BenchmarkFixture) -> None:
    """Counting what 1,000 losing hands of 1 to 13 cards owe (thối and hàng included)."""
    rng = random.Random(5)
    hands = [sum(1 << c for c in rng.sample(range(52), rng.randint(1, 13))) for _ in range(1000)]
    # pair-rich hands too, where the best grouping of hàng has to be searched
    hands += [CardSet.parse("3S 3C 3D 3H 4S 4C 5S 5C 6S 6C 7S 7C 2H").mask] * 10

    def settle() -> int:
        return sum(count_la(h, RULES) for h in hands)

    total = benchmark(settle)
    assert total > len(hands)
    _rate(benchmark, len(hands))
