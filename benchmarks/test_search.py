"""Search speed: rollouts per second of each game's ``search`` bot in mid-game positions
of 4-player games (and of 2-player Tiến lên), and so how many rollouts 0.1 s of
thinking buys.

Positions: 8 seeded games, each played by greedy bots for a fixed number of actions (16
in the 4-player climbing games, 8 in 2-player Tiến lên, 30 in Tứ Sắc), then the seat to
act searches
up to ``ROLLOUTS`` rollouts over its first two candidates (determinizing, copying and
playing out, as a decision does; a candidate clearly behind ends the search early, as in
play; heads-up, after reading the opponent's hand, as a decision does too). The rate is
rollouts divided by the median round, stored as
``extra_info["rollouts_per_s"]`` with ``extra_info["rollouts_in_0.1_s"]``.

    uv run pytest benchmarks/test_search.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core._search import SearchBot

ROLLOUTS = 200
"""Rollouts per position in one round."""
POSITIONS = 8


def _positions(game: str, steps: int, players: int = 4) -> tuple[Any, list[tuple[Any, list[Any]]]]:
    """The plugin and ``POSITIONS`` mid-game (view, candidates) pairs."""
    from vncards.core import get_game

    plugin = get_game(game)
    rules = plugin.presets[plugin.default_preset]
    out: list[tuple[Any, list[Any]]] = []
    seed = 0
    while len(out) < POSITIONS:
        seed += 1
        state = plugin.new_game(rules, players, seed)
        bots = [plugin.bots["greedy"](seed * 4 + i) for i in range(players)]
        for _ in range(steps):
            d = plugin.decision(state)
            if d is None:
                break
            choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
            if choice is None:
                plugin.decline(state, d.seat)
            else:
                plugin.apply(state, choice)
        d = plugin.decision(state)
        if d is None or d.optional:
            continue
        bot = plugin.bots["search"](seed)
        assert isinstance(bot, SearchBot)
        cands = bot.hooks.candidates(plugin.view(state, d.seat), d.actions, False)
        if len(cands) >= 2:
            out.append((plugin.view(state, d.seat), cands[:2]))
    return plugin, out


@pytest.mark.parametrize(
    ("game", "steps", "players"),
    [("tienlen", 16, 4), ("tienlen", 8, 2), ("samloc", 16, 4), ("tusac", 30, 4)],
)
def test_search_rollouts(benchmark: BenchmarkFixture, game: str, steps: int, players: int) -> None:
    """Rollouts per second of the game's search in mid-game positions."""
    plugin, positions = _positions(game, steps, players)

    def search() -> int:
        done = 0
        for k, (view, cands) in enumerate(positions):
            bot = plugin.bots["search"](k, iterations=ROLLOUTS)
            assert isinstance(bot, SearchBot)
            bot._search(view, cands)
            done += bot.stats.rollouts
        return done

    done = benchmark(search)
    assert done >= POSITIONS * 2
    stats = benchmark.stats
    if stats is not None:
        rate = done / stats.stats.median
        benchmark.extra_info["rollouts_per_s"] = round(rate)
        benchmark.extra_info["rollouts_in_0.1_s"] = round(rate / 10)


def test_heads_up_reading(benchmark: BenchmarkFixture) -> None:
    """The cost of reading the opponent's hand before a heads-up Tiến lên search: the
    chain of ``TienLenHooks.reading_steps`` steps at each of the 2-player positions,
    stored as ``extra_info["seconds_per_reading"]``."""
    import random

    from vncards.core import heads_up_worlds
    from vncards.tienlen._search import TienLenHooks

    plugin, positions = _positions("tienlen", 8, 2)
    hooks = TienLenHooks(plugin)

    def read() -> int:
        dealt = 0
        for k, (view, _) in enumerate(positions):
            deal = heads_up_worlds(
                plugin,
                hooks.policy,
                view,
                random.Random(k),
                steps=hooks.reading_steps,
                odds=hooks.reading_odds,
            )
            dealt += deal().hands[1 - view.seat].bit_count()
        return dealt

    assert benchmark(read) > 0
    stats = benchmark.stats
    if stats is not None:
        benchmark.extra_info["seconds_per_reading"] = round(stats.stats.median / POSITIONS, 4)
