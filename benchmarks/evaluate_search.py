"""Evaluation runs of the search bots: tournaments of many games, saved as they go.

Each table is a :func:`vncards.cli._tournament.run_tournament` played in blocks of
deals; every game is appended to a JSON-lines file as soon as its block is done, so a
long run can be stopped and its figures read at any point (``--summary``). The figures
are those of ``vncards tournament`` (win share and mean lá with 95% intervals over
deals, openskill rating). Not part of the test run: each table takes tens of minutes.

    uv run python benchmarks/evaluate_search.py tienlen search,greedy,greedy,greedy \\
        --games 1000 --iterations 400 --workers 2 --out /tmp/tienlen-4.jsonl
    uv run python benchmarks/evaluate_search.py --summary /tmp/tienlen-4.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import asdict
from pathlib import Path

from vncards.cli._tournament import TournamentGame, entrant_stats, run_tournament


def _load(path: Path) -> tuple[dict[str, object], list[TournamentGame]]:
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    games = []
    for line in lines[1:]:
        g = json.loads(line)
        games.append(
            TournamentGame(
                g["deal"], g["rotation"], tuple(g["bots"]), g["winner"], tuple(g["payments"])
            )
        )
    return head, games


def summary(path: Path) -> dict[str, object]:
    """The run's settings and each bot's figures over the games saved so far."""
    head, games = _load(path)
    return {
        **head,
        "games_played": len(games),
        "deals_played": len({g.deal for g in games}),
        "entrants": [asdict(s) for s in entrant_stats(games)],
    }


def main() -> None:
    """Run a table, or summarise a saved one."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?")
    ap.add_argument("bots", nargs="?")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--think", type=float, default=0.1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--block", type=int, default=10, help="deals per saved block")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--summary", type=Path)
    args = ap.parse_args()
    if args.summary is not None:
        print(json.dumps(summary(args.summary), indent=2, ensure_ascii=False))
        return
    bots = args.bots.split(",")
    n = len(bots)
    deals = math.ceil(args.games / n)
    head = {
        "game": args.game,
        "bots": bots,
        "games": deals * n,
        "seed": args.seed,
        "iterations": args.iterations,
        "think": None if args.iterations else args.think,
    }
    out: Path = args.out
    done = set()
    if out.exists():
        _, games = _load(out)
        done = {g.deal for g in games}
    else:
        out.write_text(json.dumps(head) + "\n")
    todo = [d for d in range(deals) if d not in done]
    for start in range(0, len(todo), args.block):
        block = todo[start : start + args.block]
        played = run_tournament(
            args.game,
            bots,
            games=len(block) * n,
            seed=args.seed,
            think=args.think,
            iterations=args.iterations,
            workers=args.workers,
            deals=block,
        )
        with out.open("a") as f:
            for g in played:
                f.write(json.dumps(asdict(g)) + "\n")


if __name__ == "__main__":
    main()
