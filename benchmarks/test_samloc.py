"""Sâm Lốc throughput: whole 4-player games between random bots and between greedy bots
through the public plugin and the core game loop (making the bots, dealing, tới trắng
check, báo Sâm decisions, every play and pass, the result).

Each benchmark plays a fixed batch of seeded games; games per second is the batch size
divided by the median time (stored as ``extra_info["games_per_s"]``). Target: at least
4,000 random-bot games a second on one core of the reference machine. The view and
determinize benchmarks time those calls on 4-player mid-games (items per second in the
same field). The báo Sâm planner is timed on the seats' hands at the declaration, once
as the bot plans now and once with the straightforward planner kept in the tests (the
ratio of the two medians is the speed-up; both return the same plans).

    uv run pytest benchmarks/test_samloc.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import RandomBot, ShedView
from vncards.samloc import SamState, plugin, sam_plan

from benchmarks._games import GAMES, play_batch, record_rate

RULES = plugin.presets["standard"]


def _reference_planner() -> Any:
    """The straightforward planner kept in the test tree, loaded from its file (the
    test tree is not importable from the benchmarks)."""
    path = Path(__file__).parents[1] / "tests" / "samloc" / "_sam_reference.py"
    spec = importlib.util.spec_from_file_location("_sam_reference", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reference_sam_plan


reference_sam_plan = _reference_planner()


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


def _mid_games(count: int = 100) -> list[SamState]:
    """Seeded 4-player games between random bots (declining Sâm) stopped halfway: about
    20 cards played, a table to answer in most of them."""
    states = []
    for g in range(count):
        state = plugin.new_game(RULES, 4, 7000 + g)
        bots = [RandomBot(4 * g + i, decline=1.0) for i in range(4)]
        while not state.finished and state.pile.bit_count() < 20:
            d = plugin.decision(state)
            assert d is not None
            choice = bots[d.seat].pick(d.actions, d.optional)
            if choice is None:
                plugin.decline(state, d.seat)
            else:
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


def _declaration_views(count: int = 50) -> list[ShedView]:
    """Every seat's view of ``count`` seeded 4-player deals, as each is asked to declare."""
    views = []
    for g in range(count):
        state = plugin.new_game(RULES, 4, 9000 + g)
        views += [plugin.view(state, seat) for seat in range(4)]
    return views


def _plan_all(planner: Any, views: list[ShedView]) -> float:
    """Plan every view with 16 sampled deals (as the casual compare's sam bot does)."""
    return float(sum(planner(v, random.Random(i), 16)[0] for i, v in enumerate(views)))


def test_sam_plan_declarations(benchmark: BenchmarkFixture) -> None:
    """The sam bot's planner on 200 hands at the declaration."""
    views = _declaration_views()
    total = benchmark(_plan_all, sam_plan, views)
    assert total == _plan_all(reference_sam_plan, views)
    record_rate(benchmark, len(views))


def test_sam_plan_declarations_old(benchmark: BenchmarkFixture) -> None:
    """The same hands with the straightforward planner the bot used before."""
    views = _declaration_views()
    benchmark(_plan_all, reference_sam_plan, views)
    record_rate(benchmark, len(views))
