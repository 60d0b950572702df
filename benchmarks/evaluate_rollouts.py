"""Where the network helps a search: ``search``, and ``search+net`` with each of its
rollouts (:data:`vncards.envs.net.ROLLOUTS`), each at its own fixed budget of rollouts,
one seat against the greedy bot (or ``--opponent``) in the others, on the same seeded
duplicate deals
(:func:`vncards.envs.learn.measure`: each deal played once with the bot in each seat),
95% intervals over deals. Not part of the test run.

A budget is a number of rollouts, so the figures do not depend on the machine's load;
give each kind the budget the same time buys it (``docs/bots.md`` says what 0.1 s buys
each on one core), for example for Sâm Lốc:

    OPENBLAS_NUM_THREADS=1 uv run python benchmarks/evaluate_rollouts.py samloc \\
        search:350 hooks:350 net:30 leaf:200 --deals 250
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from vncards.core import Bot, get_game, make_bot
from vncards.envs.learn import measure
from vncards.envs.net import ROLLOUTS, SEARCH_TOP, search_net_bot


def factory(game: str, kind: str, iterations: int, top: int = SEARCH_TOP) -> Callable[[int], Bot]:
    """A seed → bot factory: the game's ``search`` (``kind`` ``search``) or its
    ``search+net`` with the rollouts ``kind`` names, at ``iterations`` rollouts, keeping
    ``top`` of the search's candidates."""
    if kind == "search":
        search = get_game(game).bots["search"]
        return lambda seed: make_bot(search, seed, iterations=iterations)
    if kind not in ROLLOUTS:
        raise SystemExit(f"unknown kind {kind!r}: search or one of {', '.join(ROLLOUTS)}")
    return lambda seed: search_net_bot(game, seed, iterations=iterations, rollout=kind, top=top)


def positions(game: str, n: int = 20) -> list[tuple[Any, Any]]:
    """``n`` (view, decision) pairs of greedy 4-player games with at least three actions:
    one in five such choices, from the first deals on."""
    plugin = get_game(game)
    rules = plugin.presets[plugin.default_preset]
    out: list[tuple[Any, Any]] = []
    seed = 0
    while len(out) < n:
        seed += 1
        state = plugin.new_game(rules, 4, seed)
        bots = [plugin.bots["greedy"](seed * 4 + i) for i in range(4)]
        k = 0
        while (d := plugin.decision(state)) is not None:
            view = plugin.view(state, d.seat)
            if len(d.actions) >= 3:
                k += 1
                if k % 5 == 3:
                    out.append((view, d))
            choice = bots[d.seat].choose(view, d.actions, d.optional)
            if choice is None:
                plugin.decline(state, d.seat)
            else:
                plugin.apply(state, choice)
    return out[:n]


def rollout_cost(make: Callable[[int], Bot], places: list[tuple[Any, Any]]) -> float:
    """CPU microseconds a rollout of the bots ``make`` makes, over ``places``."""
    bot = make(1)
    started = time.process_time()
    spent = 0
    for view, d in places:
        bot.choose(view, d.actions, d.optional)
        spent += getattr(bot, "stats").rollouts  # noqa: B009 - a SearchBot's
    return (time.process_time() - started) * 1e6 / max(spent, 1)


def main() -> None:
    """Measure each ``KIND:ROLLOUTS`` in turn and print a line (JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("kinds", nargs="+", help="KIND:ROLLOUTS, e.g. leaf:200")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--opponent", default="greedy", help="the bot of the other seats")
    parser.add_argument("--top", type=int, default=SEARCH_TOP, help="candidates the net keeps")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    places = positions(args.game)
    for spec in args.kinds:
        kind, _, budget = spec.partition(":")
        make = factory(args.game, kind, int(budget), args.top)
        us = rollout_cost(make, places)
        started = time.process_time()
        s = measure(
            make, game=args.game, players=args.players, deals=args.deals, seed=args.seed,
            opponent=args.opponent,
        )  # fmt: skip
        cpu = time.process_time() - started
        if args.json:
            figures = {"kind": kind, "rollouts": int(budget), "top": args.top}
            figures["us_per_rollout"] = us
            print(json.dumps({**figures, **s.to_json(), "cpu_s": cpu}))
        else:
            print(f"{kind} at {budget} rollouts ({us:.0f} µs each): {s} ({cpu:.0f} s CPU)")


if __name__ == "__main__":
    main()
