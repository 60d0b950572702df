"""Simulation throughput: one worker against two, measured in the same run.

Plays the first installed game of tienlen, samloc, tusac (or, when none is installed,
the fake climbing game of the CLI tests) between its ``greedy`` bots (``random`` when
it has none), four seats when the game allows. The run is sized to take about ten
seconds on one worker, a short run at scale, so that the start-up of a second process
(about half a second of one core) is paid back; the two-worker
test reports its speed-up over the one-worker test as ``extra_info["speedup"]``::

    uv run pytest benchmarks/test_simulate.py --benchmark-enable --benchmark-only -s

``test_compare_main_job`` times the README's main job, ``vncards compare --games 500``:
every installed game and preset, 500 games each, on every core, in one worker pool.

Set ``VNCARDS_BENCH_SECONDS`` to change the target length of a one-worker run. The
machine must be otherwise idle for the speed-up to mean anything.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from vncards.core import PluginWarning, discover_games, resolve_rules
from vncards.core.simulate import Run, load_game, simulate_runs
from vncards.core.simulate import play_games as simulate

pytestmark = pytest.mark.filterwarnings("ignore::vncards.core.PluginWarning")

_REAL_GAMES = ("tienlen", "samloc", "tusac")
_TARGET_SECONDS = float(os.environ.get("VNCARDS_BENCH_SECONDS", "10"))
_seconds: dict[int, float] = {}


def _pick_game() -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        installed = discover_games()
    for name in _REAL_GAMES:
        if name in installed:
            return name
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "cli"))
    return "test_sim_fakegame:plugin"


@pytest.fixture(scope="module")
def run(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The game, its seat count, and a number of games sized to the target time (200
    when benchmarks are disabled and the tests only check that a run works)."""
    game = _pick_game()
    plugin = load_game(game)
    lo, hi = plugin.player_range(resolve_rules(plugin, None))
    players = max(lo, min(4, hi))
    bot = "greedy" if "greedy" in plugin.bots else "random"
    args: dict[str, Any] = {"games": 20, "players": players, "bots": [bot], "seed": 1}
    simulate(game, **args)  # imports and first-use caches, not timed
    args["games"] = 200
    config = request.config
    if config.getoption("benchmark_disable") and not config.getoption("benchmark_enable"):
        return {"game": game, "args": args}
    start = time.perf_counter()
    simulate(game, **args)
    per_game = (time.perf_counter() - start) / 200
    args["games"] = max(200, round(_TARGET_SECONDS / per_game))
    return {"game": game, "args": args}


def _measure(benchmark: Any, run: dict[str, Any], workers: int) -> float:
    result = benchmark.pedantic(
        simulate, args=(run["game"],), kwargs={**run["args"], "workers": workers}, rounds=2
    )
    assert len(result) == run["args"]["games"]
    best = float(benchmark.stats.stats.min) if benchmark.stats else 0.0
    benchmark.extra_info["game"] = run["game"]
    benchmark.extra_info["games"] = run["args"]["games"]
    benchmark.extra_info["players"] = run["args"]["players"]
    if best:
        benchmark.extra_info["games_per_second"] = round(run["args"]["games"] / best, 1)
    _seconds[workers] = best
    return best


def test_simulate_one_worker(benchmark: Any, run: dict[str, Any]) -> None:
    """Games per second in this process alone."""
    _measure(benchmark, run, 1)


def test_simulate_two_workers(benchmark: Any, run: dict[str, Any]) -> None:
    """Games per second with two worker processes, and the speed-up over one."""
    best = _measure(benchmark, run, 2)
    one = _seconds.get(1)
    if one and best:
        speedup = round(one / best, 2)
        benchmark.extra_info["speedup"] = speedup
        print(f"\n{run['game']}: two workers run {speedup}x the games per second of one")


def test_compare_main_job(benchmark: Any, request: pytest.FixtureRequest) -> None:
    """The simulations of ``vncards compare --games 500`` (every installed game and
    preset, default bots and players) on ``os.cpu_count()`` workers."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        games = discover_games()
    config = request.config
    n = 500
    if config.getoption("benchmark_disable") and not config.getoption("benchmark_enable"):
        n = 5
    runs = [
        Run(plugin, n, variant=preset) for plugin in games.values() for preset in plugin.presets
    ]
    workers = max(1, os.cpu_count() or 1)
    stats = benchmark.pedantic(simulate_runs, args=(runs,), kwargs={"workers": workers}, rounds=1)
    assert [s.games for s in stats] == [n] * len(runs)
    benchmark.extra_info["columns"] = len(runs)
    benchmark.extra_info["workers"] = workers
