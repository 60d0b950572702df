"""Evaluation runs of the search bots: tournaments of many games, saved as they go.

Each table is a :func:`vncards.cli._tournament.run_tournament` played in blocks of
deals; every game is appended to a JSON-lines file as soon as its block is done, so a
long run can be stopped and its figures read at any point (``--summary``). The figures
are those of ``vncards tournament`` (win share and mean lá with 95% intervals over
deals, openskill rating). Not part of the test run: each table takes tens of minutes.

    uv run python benchmarks/evaluate_search.py tienlen search,greedy,greedy,greedy \\
        --games 1000 --iterations 400 --workers 2 --out /tmp/tienlen-4.jsonl
    uv run python benchmarks/evaluate_search.py --summary /tmp/tienlen-4.jsonl

Two runs of one table with another bot in the first place (the same seed, so the same
deals and seat seeds) compare pair by pair, deal by deal (``--paired``): the difference
of the first places' win shares and mean lá, with 95% intervals over the deals both
played.

    uv run python benchmarks/evaluate_search.py --paired /tmp/net-4.jsonl /tmp/tienlen-4.jsonl
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


def _first_place(path: Path) -> dict[int, tuple[float, float]]:
    """Per deal, the win share and mean lá of the bot in the line-up's first place."""
    head, games = _load(path)
    first = str(head["bots"][0])  # type: ignore[index]
    by_deal: dict[int, list[tuple[int, int]]] = {}
    for g in games:
        seat = (len(g.bots) - g.rotation) % len(g.bots)  # where place 0 sat
        if g.bots[seat] != first:
            raise ValueError(f"{path}: deal {g.deal}, rotation {g.rotation} is not of one table")
        by_deal.setdefault(g.deal, []).append((int(g.winner == seat), g.payments[seat]))
    return {
        d: (sum(w for w, _ in v) / len(v), sum(p for _, p in v) / len(v))
        for d, v in by_deal.items()
    }


def _mean_interval(values: list[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else math.inf
    return {"mean": mean, "low": mean - 1.96 * se, "high": mean + 1.96 * se}


def paired(a: Path, b: Path) -> dict[str, object]:
    """The first place of run ``a`` against that of run ``b``, over the deals both
    played: differences of win share and of mean lá with 95% intervals."""
    one, two = _first_place(a), _first_place(b)
    deals = sorted(set(one) & set(two))
    return {
        "a": str(a),
        "b": str(b),
        "deals": len(deals),
        "win_share_difference": _mean_interval([one[d][0] - two[d][0] for d in deals]),
        "mean_la_difference": _mean_interval([one[d][1] - two[d][1] for d in deals]),
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
    ap.add_argument("--paired", type=Path, nargs=2, metavar=("A", "B"))
    args = ap.parse_args()
    if args.paired is not None:
        print(json.dumps(paired(*args.paired), indent=2))
        return
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
