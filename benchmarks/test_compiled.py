"""The compiled build against the pure one: each target of the compiled core as a ratio.

Each workload (see ``_compiled_work.py``) is benchmarked in this process, in whichever
build it runs, and — when benchmarks are enabled — timed again in two child processes,
one compiled and one with ``VNCARDS_PURE=1``, alternating, best round of several each.
``extra_info["compiled_over_pure"]`` is the pure time over the compiled time: how many
times the work a second the compiled build does. With benchmarks disabled the workload
runs once, as a smoke test.
"""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

HERE = Path(__file__).parent
WORK: dict[str, Any] = runpy.run_path(str(HERE / "_compiled_work.py"))["WORK"]

TARGETS = {
    "tienlen_games": 3.0,
    "samloc_games": 2.0,
    "tusac_games": 2.0,
    "maubinh_games": 2.0,
    "phom_games": 2.0,
    "simulate": 2.5,
    "legal_leading": 3.0,
    "legal_responding": 3.0,
    "search_rollouts": 2.5,
    "env_steps": 2.0,
    "referee_records": 2.0,
}
"""Workload → the issue's target, compiled ÷ pure."""


def _best(name: str, pure: bool, rounds: int = 5) -> float:
    env = {k: v for k, v in os.environ.items() if k != "VNCARDS_PURE"}
    if pure:
        env["VNCARDS_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, str(HERE / "_compiled_work.py"), name, str(rounds)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return float(json.loads(done.stdout)["seconds"])


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_compiled_over_pure(benchmark: BenchmarkFixture, name: str) -> None:
    run = WORK[name]()
    assert benchmark(run) > 0
    if benchmark.disabled:
        return
    compiled, pure = [], []
    for _ in range(2):
        compiled.append(_best(name, pure=False))
        pure.append(_best(name, pure=True))
    benchmark.extra_info["compiled_s"] = min(compiled)
    benchmark.extra_info["pure_s"] = min(pure)
    benchmark.extra_info["compiled_over_pure"] = round(min(pure) / min(compiled), 2)
    benchmark.extra_info["target"] = TARGETS[name]
