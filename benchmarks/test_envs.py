"""Environment throughput: 4-player Tiến lên through ``vncards.envs`` with random
masked actions — each step builds the acting agent's observation and action mask
(``env.last()``), picks a legal id at random and steps — against the core's own
random-bot loop (``vncards.core.play_game`` with ``RandomBot``), 100 games each.

Steps per second is actions taken in a round divided by the median round (stored as
``extra_info["steps_per_s"]``); the env benchmarks also store ``ratio_to_core``: how many
times slower per action than the core loop measured in the same run. Target: at least
10,000 env steps a second on one core.

    uv run pytest benchmarks/test_envs.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import RandomBot, play_game
from vncards.envs import VncardsEnv, raw_env
from vncards.tienlen import plugin

EPISODES = 100
"""Games in one round."""
RULES = plugin.presets["dem-la"]
_RATES: dict[str, float] = {}


def core_batch(seed: int) -> int:
    """``EPISODES`` random-bot games through the core loop; actions taken."""
    actions = 0
    for g in range(EPISODES):
        bots = [RandomBot(seed + 4 * g + i) for i in range(4)]
        state = plugin.new_game(RULES, 4, seed + g)
        actions += len(play_game(plugin, state, bots, keep_start=False).actions)
    return actions


def env_batch(env: VncardsEnv, seed: int) -> int:
    """``EPISODES`` episodes of uniformly random legal ids; actions taken."""
    pick = random.Random(seed).random
    steps = 0
    for g in range(EPISODES):
        env.reset(seed=seed + g)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            # the mask is int8 (as PettingZoo's samplers want); read as bool, its
            # nonzero() is a tenth of the int8 one
            legal = obs["action_mask"].view(bool).nonzero()[0]
            env.step(int(legal[int(pick() * len(legal))]))
            steps += 1
    return steps


def _rate(benchmark: BenchmarkFixture, name: str, steps: int) -> None:
    stats = benchmark.stats
    if stats is None:
        return
    rate = steps / stats.stats.median
    _RATES[name] = rate
    benchmark.extra_info["steps_per_s"] = round(rate)
    core = _RATES.get("core")
    if name != "core" and core:
        benchmark.extra_info["ratio_to_core"] = round(core / rate, 2)


def test_core_random_bot_loop(benchmark: BenchmarkFixture) -> None:
    """The core's random-bot loop, for the ratio (runs first)."""
    steps = benchmark(core_batch, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "core", steps)


def test_env_random_masked_steps(benchmark: BenchmarkFixture) -> None:
    """Env steps for training: observation and mask built each step, no JSON view."""
    env = raw_env("tienlen", players=4, view_info=False)
    steps = benchmark(env_batch, env, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "env", steps)


def test_env_random_masked_steps_with_json_views(benchmark: BenchmarkFixture) -> None:
    """The same with the default ``view_info``: the acting agent's JSON view in infos."""
    env = raw_env("tienlen", players=4)
    steps = benchmark(env_batch, env, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "env+json", steps)
