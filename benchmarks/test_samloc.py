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
from vncards.core import Bot, play_game
from vncards.samloc import plugin

GAMES = 200
RULES = plugin.presets["standard"]


def _play_batch(bot: str, seed: int) -> int:
    """Play ``GAMES`` seeded games; return how many actions were taken (a checksum)."""
    actions = 0
    factory = plugin.bots[bot]
    for g in range(GAMES):
        bots: list[Bot] = [factory(seed + 4 * g + i) for i in range(4)]
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
    """Full 4-player games between random bots (which almost never declare Sâm)."""
    actions = benchmark(_play_batch, "random", 1000)
    assert actions > GAMES * 10
    _rate(benchmark, GAMES)


def test_greedy_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between greedy bots."""
    actions = benchmark(_play_batch, "greedy", 2000)
    assert actions > GAMES * 10
    _rate(benchmark, GAMES)
