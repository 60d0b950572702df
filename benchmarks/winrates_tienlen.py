"""Tiến lên bot strength: 1,000 seeded 4-player games, one ``greedy`` bot against three
``random`` bots, the greedy seat rotated game by game. Prints each side's win rate with
its 95 % (Wilson) interval and the greedy seat's mean lá per game.

    uv run python benchmarks/winrates_tienlen.py [GAMES]

A script, not a test: its figures are quoted in benchmarks/README.md.
"""

from __future__ import annotations

import math
import sys

from vncards.core import RandomBot, play_game
from vncards.tienlen import GreedyBot, plugin


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The share ``wins / n`` and its Wilson score interval."""
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, centre - half, centre + half


def main(games: int = 1000) -> None:
    rules = plugin.presets["dem-la"]
    greedy_wins = greedy_la = 0
    for g in range(games):
        seat = g % 4
        bots = [GreedyBot(g) if s == seat else RandomBot(10_000 + 4 * g + s) for s in range(4)]
        state = plugin.new_game(rules, 4, 500_000 + g)
        res = plugin.result(play_game(plugin, state, bots).final)
        greedy_wins += res.winner == seat
        greedy_la += res.payments[seat]
    p, lo, hi = wilson(greedy_wins, games)
    print(f"greedy wins {greedy_wins}/{games} = {p:.3f} [{lo:.3f}, {hi:.3f}]", end="")
    print(f"; mean lá per game {greedy_la / games:+.2f}")
    random_wins = games - greedy_wins
    p, lo, hi = wilson(random_wins, 3 * games)
    print(f"a random seat wins {random_wins}/{3 * games} = {p:.3f} [{lo:.3f}, {hi:.3f}]")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
