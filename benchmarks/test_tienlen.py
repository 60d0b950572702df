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

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import CardSet, RandomBot
from vncards.tienlen import GreedyBot, count_la, plugin

from benchmarks._games import GAMES, play_batch, record_rate

RULES = plugin.presets["dem-la"]


def test_random_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between random bots."""
    actions = benchmark(play_batch, plugin, RULES, RandomBot, 1000)
    assert actions > GAMES * 10
    record_rate(benchmark, GAMES)


def test_greedy_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between greedy bots."""
    actions = benchmark(play_batch, plugin, RULES, GreedyBot, 2000)
    assert actions > GAMES * 10
    record_rate(benchmark, GAMES)


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
    record_rate(benchmark, len(hands))
