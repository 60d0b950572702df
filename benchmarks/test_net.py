"""Decision time of the shipped ``net`` bots of Tiến lên, Sâm Lốc, Tứ Sắc and Phỏm
(``vncards.envs.net:tienlen``, ``:samloc``, ``:tusac``, ``:phom``):
each one's choice in 200 positions of seeded 4-player greedy games, leads and answers
alike, the greedy bot's choice in the same positions measured in the same run.

``extra_info["us_per_decision"]`` is the median round over the positions;
``ratio_to_greedy`` how many times the greedy bot's time a decision is. Target: at most
0.5 ms a decision on one core.

    uv run pytest benchmarks/test_net.py --benchmark-enable --benchmark-only

``test_search_decisions`` times Tiến lên's ``search+net`` against ``search`` at the
rollout budget of the evaluations (``ratio_to_search``). ``test_maubinh_decisions``
times Mậu Binh's ``net`` (``vncards.envs.net:maubinh``), ``greedy`` and ``solver``: one
arrangement of the first seat of each of 100 seeded heads-up deals
(``ratio_to_greedy``).
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import Bot, GamePlugin, get_game
from vncards.envs import net
from vncards.tienlen import plugin

POSITIONS = 200
"""Decisions in one round."""
_TIMES: dict[str, float] = {}


def _positions(game: GamePlugin[Any, Any, Any] = plugin) -> list[tuple[Any, Any]]:
    """``POSITIONS`` (view, decision) pairs from greedy games, every choice of each."""
    rules = game.presets[game.default_preset]
    out: list[tuple[Any, Any]] = []
    seed = 0
    while len(out) < POSITIONS:
        seed += 1
        state = game.new_game(rules, 4, seed)
        bots = [game.bots["greedy"](seed * 4 + i) for i in range(4)]
        while (d := game.decision(state)) is not None and len(out) < POSITIONS:
            view = game.view(state, d.seat)
            out.append((view, d))
            choice: Any = bots[d.seat].choose(view, d.actions, d.optional)
            if choice is None:  # Sâm's báo Sâm declined (Tứ Sắc: a win let go)
                game.decline(state, d.seat)
            else:
                game.apply(state, choice)
    return out


@pytest.mark.parametrize("game", ["tienlen", "samloc", "tusac", "phom"])
@pytest.mark.parametrize("bot", ["greedy", "net"])
def test_decisions(benchmark: BenchmarkFixture, bot: str, game: str) -> None:
    """One decision a position, as a game loop asks for it."""
    rules = get_game(game)
    player: Bot = net.net_bot(game, 0) if bot == "net" else rules.bots["greedy"](0)
    positions = _positions(rules)

    def decide() -> int:
        for view, d in positions:
            player.choose(view, d.actions, d.optional)
        return len(positions)

    done = benchmark(decide)
    assert done == POSITIONS
    _record(benchmark, bot, POSITIONS, "greedy", game)


MAUBINH_DEALS = 100
"""Heads-up Mậu Binh deals of one round (those that end in an instant hand left out)."""


@pytest.mark.parametrize("bot", ["greedy", "net", "solver"])
def test_maubinh_decisions(benchmark: BenchmarkFixture, bot: str) -> None:
    """One Mậu Binh arrangement a deal, as the game loop asks for it."""
    game = get_game("maubinh")
    player: Bot = net.maubinh(0) if bot == "net" else game.bots[bot](0)
    rules = game.presets[game.default_preset]
    views = [game.view(game.new_game(rules, 2, seed), 0) for seed in range(MAUBINH_DEALS)]
    views = [v for v in views if v.legal]

    def decide() -> int:
        for view in views:
            player.choose(view, view.legal, False)
        return len(views)

    done = benchmark(decide)
    assert done == len(views)
    _record(benchmark, bot, len(views), "greedy", "maubinh")


SEARCH_POSITIONS = 12
"""Positions of the search benchmark (every one a choice of at least three plays)."""
SEARCH_ROLLOUTS = 400
"""The 4-player budget of the evaluations: what 0.1 s of one core buys ``search``."""


@pytest.mark.parametrize("bot", ["search", "search+net"])
def test_search_decisions(benchmark: Any, bot: str) -> None:
    """A decision of ``search`` and of ``search+net`` with the same budget of rollouts,
    in the same positions (``ratio_to_search``: what the guide costs or saves a decision,
    so that a budget of rollouts is a budget of time for both)."""
    positions = [(v, d) for v, d in _positions() if len(d.actions) >= 3][:SEARCH_POSITIONS]

    def decide() -> int:
        factory = net.tienlen_search if bot == "search+net" else plugin.bots["search"]
        player = factory(0, iterations=SEARCH_ROLLOUTS)
        for view, d in positions:
            player.choose(view, d.actions, d.optional)
        return len(positions)

    done = benchmark.pedantic(decide, rounds=3, iterations=1)
    assert done == SEARCH_POSITIONS
    _record(benchmark, bot, SEARCH_POSITIONS, "search")


def _record(benchmark: Any, bot: str, decisions: int, baseline: str, game: str = "tienlen") -> None:
    """``us_per_decision`` of the median round, and ``ratio_to_<baseline>`` against the
    baseline bot of the same game measured before it in the same run."""
    stats = benchmark.stats
    if stats is None:
        return
    each = stats.stats.median / decisions
    _TIMES[f"{game}:{bot}"] = each
    benchmark.extra_info["us_per_decision"] = round(each * 1e6, 1)
    base = _TIMES.get(f"{game}:{baseline}")
    if bot != baseline and base is not None:
        benchmark.extra_info[f"ratio_to_{baseline}"] = round(each / base, 2)
