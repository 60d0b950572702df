"""The workloads of the compiled ÷ pure targets, each one round of work, timed alike in
both builds.

``python benchmarks/_compiled_work.py NAME ROUNDS`` prints the best CPU seconds
(``time.process_time``: a busy machine's other jobs left out) a round of ``NAME`` took
(after one warm-up round) and the round's checksum, as JSON; run it with
``VNCARDS_PURE=1`` for the pure build.
"""

from __future__ import annotations

import json
import random
import runpy
import sys
import time
from collections.abc import Callable
from pathlib import Path

from vncards.core import (
    ComboRules,
    RandomBot,
    SearchBot,
    classify,
    get_game,
    legal_plays,
    play_game,
    record_game,
    resolve_rules,
)
from vncards.core.simulate import simulate


def _games(name: str, n: int = 60) -> Callable[[], int]:
    plugin = get_game(name)
    rules = resolve_rules(plugin)
    players = min(4, plugin.player_range(rules)[1])

    def run() -> int:
        actions = 0
        for g in range(n):
            bots = [plugin.bots["random"](4 * g + i) for i in range(players)]
            played = play_game(plugin, plugin.new_game(rules, players, g), bots, keep_start=False)
            plugin.result(played.final)
            actions += len(played.actions)
        return actions

    return run


def _hands(n: int) -> list[int]:
    rng = random.Random(2024)
    out = []
    for _ in range(n):
        ids = list(range(52))
        rng.shuffle(ids)
        out.append(sum(1 << i for i in ids[:13]))
    return out


def _leading() -> Callable[[], int]:
    rules, hands = ComboRules(), _hands(200)
    return lambda: sum(len(legal_plays(h, rules)) for h in hands)


def _responding() -> Callable[[], int]:
    from vncards.tienlen import CHOP_TABLE, COMBO_RULES

    rng = random.Random(7)
    hands = _hands(400)
    deals = []
    for hand, other in zip(hands[::2], hands[1::2], strict=True):
        over = classify(
            rng.choice(legal_plays(other & ~hand, COMBO_RULES) or [other & -other]), COMBO_RULES
        )
        if over is not None:
            deals.append((hand, over))
    return lambda: sum(len(legal_plays(h, COMBO_RULES, o, CHOP_TABLE)) for h, o in deals)


def _simulate() -> Callable[[], int]:
    return lambda: simulate("tienlen", games=100, seed=1).games


def _rollouts() -> Callable[[], int]:
    # the mid-game positions of benchmarks/test_search.py
    found = runpy.run_path(str(Path(__file__).with_name("test_search.py")))["_positions"]
    plugin, positions = found("tienlen", 16, 4)

    def run() -> int:
        done = 0
        for k, (view, cands) in enumerate(positions):
            bot = plugin.bots["search"](k, iterations=100)
            assert isinstance(bot, SearchBot)
            bot._search(view, cands)
            done += bot.stats.rollouts
        return done

    return run


def _env_steps() -> Callable[[], int]:
    import numpy as np
    from vncards.envs import env

    e = env("tienlen")

    def run() -> int:
        steps = 0
        for episode in range(10):
            e.reset(seed=episode)
            rng = np.random.default_rng(episode)
            for _agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
        return steps

    return run


def _env_steps_lean() -> Callable[[], int]:
    """``env_steps`` with a cheaper pick (the mask read as bool, a legal id drawn by
    ``random.Random``, as ``test_envs.py`` picks): the environment's own part of a step
    shows, the workload's numpy pick (the same in both builds) left out."""
    from vncards.envs import env

    e = env("tienlen")

    def run() -> int:
        steps = 0
        for episode in range(10):
            e.reset(seed=episode)
            pick = random.Random(episode).random
            for _agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                legal = obs["action_mask"].view(bool).nonzero()[0]
                e.step(int(legal[int(pick() * len(legal))]))
                steps += 1
        return steps

    return run


def _referee() -> Callable[[], int]:
    plugin = get_game("tienlen")
    rules = resolve_rules(plugin)
    records = []
    for g in range(40):
        played = play_game(
            plugin, plugin.new_game(rules, 4, g), [RandomBot(4 * g + i) for i in range(4)]
        )
        records.append(record_game(plugin, played, ["An", "Bình", "Chi", "Dũng"]))
    return lambda: sum(plugin.referee(r).legal for r in records)


WORK: dict[str, Callable[[], Callable[[], int]]] = {
    "tienlen_games": lambda: _games("tienlen"),
    "samloc_games": lambda: _games("samloc"),
    "tusac_games": lambda: _games("tusac", 20),
    "maubinh_games": lambda: _games("maubinh"),
    "phom_games": lambda: _games("phom", 20),
    "simulate": _simulate,
    "legal_leading": _leading,
    "legal_responding": _responding,
    "search_rollouts": _rollouts,
    "env_steps": _env_steps,
    "env_steps_lean": _env_steps_lean,
    "referee_records": _referee,
}
"""Target name → a maker of one round of work (returning a checksum)."""


def best_round(name: str, rounds: int) -> tuple[float, int]:
    """The best time of ``rounds`` rounds of ``name`` after a warm-up, and its checksum."""
    run = WORK[name]()
    check = run()
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        run()
        best = min(best, time.process_time() - t0)
    return best, check


if __name__ == "__main__":
    seconds, checksum = best_round(sys.argv[1], int(sys.argv[2]))
    json.dump({"seconds": seconds, "checksum": checksum}, sys.stdout)
