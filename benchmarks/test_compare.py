"""``vncards compare``: the README's main job (casual profile) and a skilled run, each
against a baseline measured in the same run.

``test_compare_plain_simulation`` plays the same columns the way ``vncards simulate``
does (greedy bots, no traces, no metrics): the baseline. ``test_compare_casual`` is
``vncards compare --games 500`` without the printing: every installed game and preset,
the casual bots, the replay and skill arms, every metric and paired difference, on every
core. Its ``extra_info["ratio"]`` is its time over the baseline's. ``test_compare_command``
runs the README's command itself (start-up, worker processes, tables): its wall time over
the baseline's, and its CPU time (workers included) beside it. ``test_compare_skilled`` plays
Tiến lên and Sâm with the search bot at the skilled profile's fixed budget::

    uv run pytest benchmarks/test_compare.py --benchmark-enable --benchmark-only -s

Benchmarks disabled (the normal test run), each runs once on a few games as a smoke test.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from vncards.cli._compare import _baselines, _columns
from vncards.cli._compare_run import SKILLED_ROLLOUTS, Settings, measure
from vncards.core import PluginWarning, discover_games
from vncards.core.simulate import Run, simulate_runs

pytestmark = pytest.mark.filterwarnings("ignore::vncards.core.PluginWarning")

_seconds: dict[str, float] = {}


def _enabled(request: pytest.FixtureRequest) -> bool:
    config = request.config
    return bool(config.getoption("benchmark_enable")) or not config.getoption("benchmark_disable")


def _workers() -> int:
    return max(1, os.cpu_count() or 1)


def _timed(name: str, func: Any, *args: Any, **kwargs: Any) -> Any:
    start = time.perf_counter()
    out = func(*args, **kwargs)
    _seconds[name] = time.perf_counter() - start
    return out


def test_compare_plain_simulation(benchmark: Any, request: pytest.FixtureRequest) -> None:
    """Baseline: every game and preset, 500 greedy games each, as ``simulate`` plays."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        games = discover_games()
    n = 500 if _enabled(request) else 5
    runs = [Run(p, n, variant=preset) for p in games.values() for preset in p.presets]
    stats = benchmark.pedantic(
        _timed, args=("plain", simulate_runs, runs), kwargs={"workers": _workers()}, rounds=1
    )
    assert [s.games for s in stats] == [n] * len(runs)


def test_compare_casual(benchmark: Any, request: pytest.FixtureRequest) -> None:
    """The README's main job: ``vncards compare --games 500``, casual profile."""
    n = 500 if _enabled(request) else 5
    columns = _columns([], {})
    settings = Settings(games=n, workers=_workers())
    baselines = _baselines(columns, None)
    benchmark.pedantic(_timed, args=("casual", measure, columns, settings, baselines), rounds=1)
    assert all(c.stats is not None and c.stats.games == n for c in columns)
    if "plain" in _seconds:
        benchmark.extra_info["ratio"] = round(_seconds["casual"] / _seconds["plain"], 2)
        print(f"\ncompare --games {n}: {benchmark.extra_info['ratio']}x the plain simulation")


def test_compare_command(benchmark: Any, request: pytest.FixtureRequest) -> None:
    """The README's main job as a command: ``vncards compare --games 500``, wall and CPU
    time (its worker processes included)."""
    n = 500 if _enabled(request) else 2
    command = [str(Path(sys.executable).with_name("vncards")), "compare", "--games", str(n)]
    seconds: dict[str, float] = {}

    def run() -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        seconds["wall"] = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds["cpu"] = sum(
            getattr(after, f) - getattr(before, f) for f in ("ru_utime", "ru_stime")
        )

    benchmark.pedantic(run, rounds=1)
    benchmark.extra_info.update({k: round(v, 2) for k, v in seconds.items()})
    if "plain" in _seconds:
        benchmark.extra_info["ratio"] = round(seconds["wall"] / _seconds["plain"], 2)
        print(
            f"\n{' '.join(command[1:])}: {seconds['wall']:.1f} s wall, {seconds['cpu']:.1f} s CPU"
        )


def test_compare_skilled(benchmark: Any, request: pytest.FixtureRequest) -> None:
    """The skilled profile on Tiến lên and Sâm: search bots at a fixed budget."""
    enabled = _enabled(request)
    n, rollouts = (20, SKILLED_ROLLOUTS) if enabled else (1, 4)
    columns = _columns(["tienlen", "samloc"], {})
    settings = Settings(games=n, profile="skilled", rollouts=rollouts, workers=_workers())
    baselines = _baselines(columns, None)
    benchmark.pedantic(_timed, args=("skilled", measure, columns, settings, baselines), rounds=1)
    assert all("lead_changes" in c.estimates for c in columns)
    if "plain" in _seconds:
        benchmark.extra_info["ratio"] = round(_seconds["skilled"] / _seconds["plain"], 2)
