"""Environment throughput: 4-player Tiến lên through ``vncards.envs`` with random
masked actions — each step builds the acting agent's observation and action mask
(``env.last()``), picks a legal id at random and steps — against the core's own
random-bot loop (``vncards.core.play_game`` with ``RandomBot``), 100 games each.

Steps per second is actions taken in a round divided by the median round (stored as
``extra_info["steps_per_s"]``); the env benchmarks also store ``ratio_to_core``: how many
times slower per action than the core loop measured in the same run. Target: at least
10,000 env steps a second on one core.

Before and after card-based ids, in the same run: the position ids with the game ending
inside ``reset`` (``actions="positions", instant_wins="end"``, what the environment did
before) against the default card ids with redeals, and the card ids with per-action
features; each stores ``ratio_to_positions`` (its rate over the position ids' rate).
Mậu Binh (4 players): one id per arrangement (``actions="splits"``, a 72,072-wide mask
a step) against card by card (ten ``Discrete(52)`` steps an arrangement); each stores
``games_per_s`` and the card encoding ``ratio_to_splits`` (games a second over the
splits' games a second). Phỏm (4 players, 100 games a round): the generic encoding it
had before its own module against its card ids (``ratio_to_phom-generic``, games a
second over the generic encoding's).

    uv run pytest benchmarks/test_envs.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

import random

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import RandomBot, play_game
from vncards.envs import GenericEncoding, VncardsEnv, raw_env
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


def env_batch(env: VncardsEnv, seed: int, episodes: int = EPISODES) -> int:
    """``episodes`` episodes of uniformly random legal ids; actions taken."""
    pick = random.Random(seed).random
    steps = 0
    for g in range(episodes):
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


def _rate(benchmark: BenchmarkFixture, name: str, steps: int, base: str = "core") -> None:
    """Store steps a second and, once ``base`` has run, the ratio to it."""
    stats = benchmark.stats
    if stats is None:
        return
    rate = steps / stats.stats.median
    _RATES[name] = rate
    benchmark.extra_info["steps_per_s"] = round(rate)
    core = _RATES.get("core")
    if name != "core" and core:
        benchmark.extra_info["ratio_to_core"] = round(core / rate, 2)
    before = _RATES.get(base)
    if base != "core" and before and name != base:
        benchmark.extra_info[f"ratio_to_{base}"] = round(rate / before, 2)


def test_core_random_bot_loop(benchmark: BenchmarkFixture) -> None:
    """The core's random-bot loop, for the ratio (runs first)."""
    steps = benchmark(core_batch, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "core", steps)


def test_env_random_masked_steps_position_ids(benchmark: BenchmarkFixture) -> None:
    """Before: position ids, an instant win ending the episode in ``reset``."""
    env = raw_env("tienlen", players=4, view_info=False, actions="positions", instant_wins="end")
    steps = benchmark(env_batch, env, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "positions", steps)


def test_env_random_masked_steps(benchmark: BenchmarkFixture) -> None:
    """After: env steps for training with card ids (the default), observation and mask
    built each step, no JSON view."""
    env = raw_env("tienlen", players=4, view_info=False)
    steps = benchmark(env_batch, env, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "env", steps, base="positions")


def test_env_random_masked_steps_with_action_features(benchmark: BenchmarkFixture) -> None:
    """Card ids with a feature row per legal id in ``infos`` each step."""
    env = raw_env("tienlen", players=4, view_info=False, action_features=True)
    steps = benchmark(env_batch, env, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "features", steps, base="positions")


MAUBINH_GAMES = 10
"""Mậu Binh games in one round (a splits step builds a 72,072-wide mask)."""


def _games(
    benchmark: BenchmarkFixture,
    name: str,
    steps: int,
    base: str | None = None,
    games: int = MAUBINH_GAMES,
) -> None:
    stats = benchmark.stats
    if stats is None:
        return
    rate = games / stats.stats.median
    _RATES[name] = rate
    benchmark.extra_info["games_per_s"] = round(rate, 1)
    benchmark.extra_info["steps_per_s"] = round(steps / stats.stats.median)
    before = _RATES.get(base or "")
    if before:
        benchmark.extra_info[f"ratio_to_{base}"] = round(rate / before, 2)


def test_env_maubinh_split_ids(benchmark: BenchmarkFixture) -> None:
    """Before: Mậu Binh with one id per arrangement."""
    env = raw_env("maubinh", players=4, view_info=False, actions="splits")
    steps = benchmark(env_batch, env, 1000, MAUBINH_GAMES)
    assert steps >= MAUBINH_GAMES
    _games(benchmark, "splits", steps)


def test_env_maubinh_card_by_card(benchmark: BenchmarkFixture) -> None:
    """After: Mậu Binh arranged card by card."""
    env = raw_env("maubinh", players=4, view_info=False)
    steps = benchmark(env_batch, env, 1000, MAUBINH_GAMES)
    assert steps >= MAUBINH_GAMES * 10
    _games(benchmark, "maubinh-cards", steps, base="splits")


def _phom_generic() -> VncardsEnv:
    """Phỏm through the generic encoding, as it was played before its own module (only
    the steps' observations and masks are read here, so the spaces are left as made)."""
    env = raw_env("phom", players=4, view_info=False)
    env.encoding = GenericEncoding(env.plugin, env.rules, 4)
    return env


def test_env_phom_generic_ids(benchmark: BenchmarkFixture) -> None:
    """Before: Phỏm with the generic encoding (ids as places in the offered list)."""
    steps = benchmark(env_batch, _phom_generic(), 1000)
    assert steps > EPISODES * 10
    _games(benchmark, "phom-generic", steps, games=EPISODES)


def test_env_phom_card_ids(benchmark: BenchmarkFixture) -> None:
    """After: Phỏm with its card ids, a meld phỏm by phỏm and a lay-off card by card."""
    env = raw_env("phom", players=4, view_info=False)
    steps = benchmark(env_batch, env, 1000)
    assert steps > EPISODES * 10
    _games(benchmark, "phom-cards", steps, base="phom-generic", games=EPISODES)


def test_env_random_masked_steps_with_json_views(benchmark: BenchmarkFixture) -> None:
    """The same with the default ``view_info``: the acting agent's JSON view in infos."""
    env = raw_env("tienlen", players=4)
    steps = benchmark(env_batch, env, 1000)
    assert steps > EPISODES * 10
    _rate(benchmark, "env+json", steps)
