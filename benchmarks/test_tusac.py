"""Tứ Sắc hot paths: minimum rác, the win check, the best lệnh, and whole bot games.

Targets: at least 50,000 minimum-rác computations and 200,000 win checks a second on
random 20-card hands, and at least 300 whole 4-player random-bot games a second. Greedy
games as ``vncards compare`` traces them, and views and determinizations of a 4-player
mid-game position, are measured too. Run with
``uv run pytest benchmarks/test_tusac.py --benchmark-enable --benchmark-only``.
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import RandomBot, derive_seed, play_game
from vncards.core.lab import Arm, trace_game
from vncards.tusac import (
    Hand,
    TuSacRules,
    TuSacState,
    best_grouping,
    best_lenh,
    hand_of,
    is_complete,
    min_junk,
    plugin,
)

_BATCH = 1000


def _hands(n: int, size: int = 20, seed: int = 1) -> list[Hand]:
    rng = random.Random(seed)
    deck = [k for k in range(28) for _ in range(4)]
    return [hand_of(rng.sample(deck, size)) for _ in range(n)]


HANDS = _hands(_BATCH)


def test_min_junk_1000_hands(benchmark: BenchmarkFixture) -> None:
    """Minimum rác of 1,000 random 20-card hands per round."""

    def run() -> int:
        return sum(min_junk(h) for h in HANDS)

    assert benchmark(run) > 0


def test_win_check_1000_hands(benchmark: BenchmarkFixture) -> None:
    """Win checks (no rác?) of 1,000 random 20-card hands per round."""

    def run() -> int:
        return sum(is_complete(h) for h in HANDS)

    assert benchmark(run) >= 0


def test_best_lenh_1000_hands(benchmark: BenchmarkFixture) -> None:
    """Best lệnh of 1,000 random 20-card hands per round."""

    def run() -> int:
        return sum(best_lenh(h) for h in HANDS)

    assert benchmark(run) > 0


def test_best_grouping_1000_hands(benchmark: BenchmarkFixture) -> None:
    """A full best grouping (groups and rác listed) of 1,000 hands per round."""

    def run() -> int:
        return sum(len(best_grouping(h).groups) for h in HANDS)

    assert benchmark(run) > 0


def test_random_bot_games_4_players(benchmark: BenchmarkFixture) -> None:
    """Ten whole 4-player random-bot games per round."""
    rules = TuSacRules()

    def run() -> int:
        steps = 0
        for g in range(10):
            state = plugin.new_game(rules, 4, derive_seed(5, g))
            bots = [RandomBot(derive_seed(g, i), decline=0.0) for i in range(4)]
            steps += len(play_game(plugin, state, bots, keep_start=False).actions)
        return steps

    assert benchmark(run) > 0


def test_greedy_games_traced_as_compare_plays(benchmark: BenchmarkFixture) -> None:
    """Ten 4-player greedy-bot games per round, traced as ``vncards compare`` plays its
    casual column (a view and a greedy choice at every decision, forced or not)."""
    arm = Arm("tusac", "main", TuSacRules(), 4, ("greedy",) * 4, seed=3, games=10)

    def run() -> int:
        return sum(trace_game(plugin, arm, i).actions for i in range(arm.games))

    assert benchmark(run) > 0


def _mid_game() -> TuSacState:
    """A 4-player random-bot game stopped halfway (the same game every time)."""
    state = plugin.new_game(TuSacRules(), 4, derive_seed(5, 1))
    bots = [RandomBot(derive_seed(1, i), decline=0.0) for i in range(4)]
    length = len(play_game(plugin, state.copy(), bots).actions)
    bots = [RandomBot(derive_seed(1, i), decline=0.0) for i in range(4)]
    for _ in range(length // 2):  # the same game again, stopped halfway
        d = plugin.decision(state)
        assert d is not None
        choice = bots[d.seat].pick(d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
    assert any(state.exposed)
    assert state.pos > 0
    return state


def test_state_copy_mid_game(benchmark: BenchmarkFixture) -> None:
    """Copying a 4-player state halfway through a random-bot game, 1,000 copies per
    round (target: at most 5 µs a copy)."""
    state = _mid_game()

    def run() -> int:
        return sum(state.copy().pos for _ in range(1000))

    assert benchmark(run) == 1000 * state.pos


def test_view_mid_game(benchmark: BenchmarkFixture) -> None:
    """1,000 views of the seat to act, halfway through a 4-player game, each from a
    fresh copy of the state (so no decision is remembered from the last view)."""
    state = _mid_game()
    d = plugin.decision(state)
    assert d is not None
    copies = [state.copy() for _ in range(1000)]

    def run() -> int:
        return sum(len(plugin.view(s, d.seat).legal) for s in copies)

    assert benchmark(run) == 1000 * len(d.actions)


def test_determinize_mid_game(benchmark: BenchmarkFixture) -> None:
    """1,000 determinizations of the view of the seat to act, halfway through a
    4-player game."""
    state = _mid_game()
    d = plugin.decision(state)
    assert d is not None
    view = plugin.view(state, d.seat)
    rng = random.Random(7)

    def run() -> int:
        return sum(plugin.determinize(view, rng).pos for _ in range(1000))

    assert benchmark(run) == 1000 * state.pos
