"""Phỏm hot paths: the meld-partition solver, whole random-bot games, views.

Targets: at least 20,000 solver calls a second on random 10-card hands, and at least
1,500 whole 4-player random-bot games a second (pure Python, one core). ``test_baseline``
(one integer operation per item) is measured in the same run, so that figures can be
stated as ratios. Run with
``uv run pytest benchmarks/test_phom.py --benchmark-enable --benchmark-only``.
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import RandomBot, derive_seed, play_game
from vncards.phom import PhomRules, PhomState, mask_of, plugin, solve

from benchmarks._games import record_rate

_BATCH = 1000


def _hands(n: int, size: int = 10, seed: int = 1) -> list[int]:
    rng = random.Random(seed)
    return [mask_of(rng.sample(range(52), size)) for _ in range(n)]


HANDS = _hands(_BATCH)


def test_baseline(benchmark: BenchmarkFixture) -> None:
    """One ``int.bit_count()`` per item, 1,000 items per round: the unit of the ratios."""

    def run() -> int:
        return sum(h.bit_count() for h in HANDS)

    assert benchmark(run) == 10 * _BATCH


def test_solver_10_card_hands(benchmark: BenchmarkFixture) -> None:
    """The least-rác split of 1,000 random 10-card hands per round."""

    def run() -> int:
        total = 0
        for h in HANDS:
            part = solve(h)
            assert part is not None
            total += part.deadwood
        return total

    assert benchmark(run) > 0
    record_rate(benchmark, _BATCH)


def _play(games: int, seed: int) -> int:
    rules = PhomRules()
    steps = 0
    for g in range(games):
        state = plugin.new_game(rules, 4, derive_seed(seed, g))
        bots = [RandomBot(derive_seed(g, i)) for i in range(4)]
        steps += len(play_game(plugin, state, bots, keep_start=False).actions)
    return steps


def test_random_bot_games_4_players(benchmark: BenchmarkFixture) -> None:
    """100 whole 4-player random-bot games per round."""
    assert benchmark(_play, 100, 5) > 0
    record_rate(benchmark, 100)


def test_greedy_bot_games_4_players(benchmark: BenchmarkFixture) -> None:
    """20 whole 4-player greedy-bot games per round, each choice made from a view."""
    rules = PhomRules()

    def run() -> int:
        steps = 0
        for g in range(20):
            state = plugin.new_game(rules, 4, derive_seed(6, g))
            bots = [plugin.bots["greedy"](i) for i in range(4)]
            steps += len(play_game(plugin, state, bots, keep_start=False).actions)
        return steps

    assert benchmark(run) > 0
    record_rate(benchmark, 20)


def _mid_game() -> PhomState:
    """A 4-player random-bot game stopped halfway (the same game every time)."""
    state = plugin.new_game(PhomRules(), 4, derive_seed(5, 1))
    bots = [RandomBot(derive_seed(1, i)) for i in range(4)]
    length = len(play_game(plugin, state.copy(), bots).actions)
    bots = [RandomBot(derive_seed(1, i)) for i in range(4)]
    for _ in range(length // 2):
        d = plugin.decision(state)
        assert d is not None
        choice = bots[d.seat].pick(d.actions, d.optional)
        assert choice is not None  # nothing in Phỏm is optional
        plugin.apply(state, choice)
    return state


def test_view_mid_game(benchmark: BenchmarkFixture) -> None:
    """1,000 views of the seat to act, halfway through a 4-player game."""
    state = _mid_game()
    seat = state.turn

    def run() -> int:
        return sum(len(plugin.view(state, seat).hand) for _ in range(1000))

    assert benchmark(run) > 0


def test_determinize_mid_game(benchmark: BenchmarkFixture) -> None:
    """1,000 determinizations of the view of the seat to act, halfway through."""
    state = _mid_game()
    view = plugin.view(state, state.turn)
    rng = random.Random(7)

    def run() -> int:
        return sum(plugin.determinize(view, rng).n_players for _ in range(1000))

    assert benchmark(run) == 4000
