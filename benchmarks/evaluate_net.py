"""Evaluation of a ``net`` bot: one seat it, the others the greedy bot (or another of the
game's bots), on seeded duplicate deals — each deal played once with the network in each
seat — with 95% intervals over deals (:func:`vncards.envs.learn.measure`). Not part of
the test run: 1,000 games take a few minutes of one core.

    OPENBLAS_NUM_THREADS=1 uv run python benchmarks/evaluate_net.py --players 4 --deals 250
    OPENBLAS_NUM_THREADS=1 uv run python benchmarks/evaluate_net.py --players 2 --deals 500
"""

from __future__ import annotations

import argparse
import json
import time
from functools import partial

from vncards.envs.learn import measure
from vncards.envs.net import net_bot


def main() -> None:
    """Measure and print the figures (as JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tienlen")
    parser.add_argument("--weights", default=None, help="a weights file (default: shipped)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bot = partial(net_bot, args.game, weights=args.weights)
    started = time.process_time()
    strength = measure(
        lambda seed: bot(seed=seed), game=args.game, players=args.players,
        deals=args.deals, seed=args.seed, opponent=args.opponent,
    )  # fmt: skip
    cpu = time.process_time() - started
    if args.json:
        print(json.dumps({**vars(args), **strength.to_json(), "cpu_s": round(cpu, 1)}))
    else:
        print(f"net vs {args.players - 1} {args.opponent}: {strength} ({cpu:.0f} s CPU)")


if __name__ == "__main__":
    main()
