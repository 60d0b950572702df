"""A digest of seeded bot games per game, to compare the compiled and the pure build.

Run as a script (``python -m`` is not needed): prints one JSON object, game → digest.
"""

from __future__ import annotations

import hashlib
import json
import sys

from vncards.core import discover_games, play_game, resolve_rules

GAMES = 200
"""Seeded games per game and bot kind."""


def digests(games: int = GAMES) -> dict[str, str]:
    """Game name → SHA-256 of every action, outcome and payment of its seeded games,
    random and greedy bots (when the game has them) at the most seats it seats."""
    out: dict[str, str] = {}
    for name, plugin in sorted(discover_games().items()):
        rules = resolve_rules(plugin)
        _, seats = plugin.player_range(rules)
        h = hashlib.sha256()
        for kind in ("random", "greedy"):
            if kind not in plugin.bots:
                continue
            for seed in range(games):
                state = plugin.new_game(rules, seats, seed=seed)
                bots = [plugin.bots[kind](seed * 10 + seat) for seat in range(seats)]
                played = play_game(plugin, state, bots, keep_start=False)
                result = plugin.result(played.final)
                h.update(repr((kind, seed, played.actions)).encode())
                h.update(repr((result.outcome, result.winner, result.payments)).encode())
        out[name] = h.hexdigest()
    return out


if __name__ == "__main__":
    json.dump(digests(int(sys.argv[1]) if sys.argv[1:] else GAMES), sys.stdout)
