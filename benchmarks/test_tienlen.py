"""Tiến lên throughput: whole 4-player games between random bots and between greedy
bots (making the bots, dealing, every decision and action, the result), settlement of
losing hands, and a seat's view and its determinization in a 4-player mid-game.

Each benchmark plays a fixed batch of seeded games; games per second is the batch size
divided by the median time (also stored as ``extra_info["games_per_s"]``). Target: at
least 3,000 random-bot games a second on one core of the reference machine; at least
100,000 views and 50,000 determinizations a second.

    uv run pytest benchmarks/test_tienlen.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import CardSet, RandomBot
from vncards.tienlen import GreedyBot, TienLenState, count_la, plugin

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


def _mid_games(count: int = 100) -> list[TienLenState]:
    """Seeded 4-player games between random bots stopped halfway: about 26 cards played,
    a table to answer in most of them."""
    states = []
    for g in range(count):
        state = plugin.new_game(RULES, 4, 7000 + g)
        bots = [RandomBot(4 * g + i) for i in range(4)]
        while not state.finished and state.pile.bit_count() < 26:
            d = plugin.decision(state)
            assert d is not None
            choice = bots[d.seat].pick(d.actions, d.optional)
            assert choice is not None
            plugin.apply(state, choice)
        if not state.finished:
            states.append(state)
    return states


def test_view_mid_game(benchmark: BenchmarkFixture) -> None:
    """``plugin.view`` for the seat to act (legal actions listed) in 4-player mid-games."""
    states = _mid_games()

    def views() -> int:
        return sum(len(plugin.view(s, s.turn).legal) for s in states)

    assert benchmark(views) > 0
    record_rate(benchmark, len(states))


def test_determinize_mid_game(benchmark: BenchmarkFixture) -> None:
    """``plugin.determinize`` of the seat to act's view in 4-player mid-games."""
    states = _mid_games()
    views = [plugin.view(s, s.turn) for s in states]
    rng = random.Random(3)

    def guesses() -> int:
        return sum(plugin.determinize(v, rng).n_actions for v in views)

    assert benchmark(guesses) > 0
    record_rate(benchmark, len(views))
