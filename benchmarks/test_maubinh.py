"""Mậu Binh throughput: evaluating a 5-card chi, whole 4-player random-bot games
(making the bots, dealing, instant hands, every arrangement, settlement), the solver's
arrangement of one hand, and refereeing one record.

Targets (issue: the fourth game): at least 500,000 five-card evaluations a second; at
least 5,000 random-bot 4-player games a second; the solver at most 0.2 s a hand.

    uv run pytest benchmarks/test_maubinh.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import referee
from vncards.maubinh import SolverBot, evaluator, plugin

from benchmarks._games import GAMES, play_batch, record_rate

RULES = plugin.presets["standard"]
_rng = random.Random(7)
FIVES = [tuple(_rng.sample(range(52), 5)) for _ in range(10_000)]
HANDS = [sorted(_rng.sample(range(52), 13)) for _ in range(5)]


def test_evaluate_five_card_chi(benchmark: BenchmarkFixture) -> None:
    """10,000 five-card chi evaluated per round (the key: category and tie-breaks)."""
    key5 = evaluator(RULES).key5

    def run() -> int:
        return sum(key5(a, b, c, d, e) for a, b, c, d, e in FIVES)

    assert benchmark(run) > 0
    stats = benchmark.stats
    if stats is not None:
        benchmark.extra_info["evals_per_s"] = round(len(FIVES) / stats.stats.median)


def test_random_bot_games(benchmark: BenchmarkFixture) -> None:
    """Full 4-player games between random bots (a random valid arrangement each)."""
    actions = benchmark(play_batch, plugin, RULES, plugin.bots["random"], 1000)
    assert actions > GAMES * 3
    record_rate(benchmark, GAMES)


def test_solver_one_hand(benchmark: BenchmarkFixture) -> None:
    """The solver bot arranging five 13-card hands per round (40 sampled opponents)."""
    bot = SolverBot(seed=1)

    def run() -> int:
        return sum(len(bot.split(RULES, hand, ()).chi3) for hand in HANDS)

    assert benchmark(run) == 3 * len(HANDS)
    stats = benchmark.stats
    if stats is not None:
        benchmark.extra_info["s_per_hand"] = round(stats.stats.median / len(HANDS), 4)


def test_referee_record(benchmark: BenchmarkFixture) -> None:
    """Refereeing one finished 4-player record (reading, every arrangement, settling)."""
    from vncards.core import play_game, record_game

    game = play_game(
        plugin, plugin.new_game(RULES, 4, 3), [plugin.bots["greedy"](i) for i in range(4)]
    )
    text = record_game(plugin, game, ["An", "Bình", "Chi", "Dũng"]).model_dump_json(
        by_alias=True, exclude_none=True
    )
    report = benchmark(referee, plugin, text)
    assert report.finished
