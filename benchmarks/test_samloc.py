"""Sâm Lốc throughput: whole 4-player games between random bots and between greedy bots
through the public plugin and the core game loop (making the bots, dealing, tới trắng
check, báo Sâm decisions, every play and pass, the result).

Each benchmark plays a fixed batch of seeded games; games per second is the batch size
divided by the median time (stored as ``extra_info["games_per_s"]``). Target: at least
4,000 random-bot games a second on one core of the reference machine.

    uv run pytest benchmarks/test_samloc.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.samloc import plugin

from benchmarks._games import GAMES, play_batch, record_rate

RULES = plugin.presets["standard"]


def test_random_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between random bots (which almost never declare Sâm)."""
    actions = benchmark(play_batch, plugin, RULES, plugin.bots["random"], 1000)
    assert actions > GAMES * 10
    record_rate(benchmark, GAMES)


def test_greedy_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between greedy bots."""
    actions = benchmark(play_batch, plugin, RULES, plugin.bots["greedy"], 2000)
    assert actions > GAMES * 10
    record_rate(benchmark, GAMES)
