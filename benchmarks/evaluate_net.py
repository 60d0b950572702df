"""Evaluation of a ``net`` bot: one seat it, the others the greedy bot (or another of the
game's bots), on seeded duplicate deals — each deal played once with the network in each
seat — with 95% intervals over deals (:func:`vncards.envs.learn.measure`). Not part of
the test run: 1,000 games take a few minutes of one core.

    OPENBLAS_NUM_THREADS=1 uv run python benchmarks/evaluate_net.py --players 4 --deals 250
    OPENBLAS_NUM_THREADS=1 uv run python benchmarks/evaluate_net.py --players 2 --deals 500
    OPENBLAS_NUM_THREADS=1 uv run python benchmarks/evaluate_net.py --game maubinh \
        --players 2 --deals 1000 --opponent solver
    OPENBLAS_NUM_THREADS=1 uv run python benchmarks/evaluate_net.py --game tusac --deals 250

For Mậu Binh the figures are in chi (the ``lá`` field), and ``decision_ms`` is the CPU
time of one arrangement (the candidates and the network's scores).
"""

from __future__ import annotations

import argparse
import json
import time
from functools import partial
from typing import Any

from vncards.core import Bot, get_game
from vncards.envs.learn import measure
from vncards.envs.net import maubinh_net_bot, net_bot


def _factory(game: str, weights: str | None, margin: float | None) -> Any:
    if game == "maubinh":
        return partial(maubinh_net_bot, weights=weights, margin=margin)
    return partial(net_bot, game, weights=weights, margin=margin)


def decision_ms(bot: Bot, game: str, deals: int = 200) -> float:
    """Mean CPU milliseconds of one decision of ``bot`` as the first seat of ``deals``
    heads-up deals (Mậu Binh: its one arrangement)."""
    plugin = get_game(game)
    rules = plugin.presets[plugin.default_preset]
    views = [plugin.view(plugin.new_game(rules, 2, s), 0) for s in range(deals)]
    views = [v for v in views if v.legal]
    started = time.process_time()
    for v in views:
        bot.choose(v, v.legal, False)
    return (time.process_time() - started) * 1000 / len(views)


def main() -> None:
    """Measure and print the figures (as JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tienlen")
    parser.add_argument("--weights", default=None, help="a weights file (default: shipped)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--margin", type=float, default=None, help="default: the file's")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bot = _factory(args.game, args.weights, args.margin)
    started = time.process_time()
    strength = measure(
        lambda seed: bot(seed=seed), game=args.game, players=args.players,
        deals=args.deals, seed=args.seed, opponent=args.opponent,
    )  # fmt: skip
    cpu = time.process_time() - started
    ms = decision_ms(bot(seed=1), args.game) if args.game == "maubinh" else None
    if args.json:
        figures = {**vars(args), **strength.to_json(), "cpu_s": round(cpu, 1)}
        print(json.dumps({**figures, "decision_ms": ms}))
    else:
        print(f"net vs {args.players - 1} {args.opponent}: {strength} ({cpu:.0f} s CPU)")
        if ms is not None:
            print(f"one decision: {ms:.1f} ms CPU")


if __name__ == "__main__":
    main()
