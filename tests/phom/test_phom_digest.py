"""Same seed, same games: a digest of a few hundred seeded Phỏm games (random and greedy
bots, two to four players, both presets), pinned, so that a change to how the game is
put together cannot change what it plays, records or pays."""

from __future__ import annotations

import hashlib
import json

from vncards.core import RandomBot, derive_seed, play_game, record_game, referee
from vncards.phom import GreedyBot, plugin

GAMES = 500
# the digest of GAMES games as the code played them before the game moved to core's
# Plugin; a change here is a change to the games themselves
PINNED = "5019a83fef021e1a17150c3d6abcc7a5c30c4418a99f432ca756a71eaebbc7d4"


def _games_digest(count: int) -> str:
    digest = hashlib.sha256()
    for g in range(count):
        seed = derive_seed(2027, g)
        n = 2 + g % 3
        variant = ("standard", "flat")[g // 3 % 2]
        rules = plugin.presets[variant]
        bots = [
            GreedyBot(derive_seed(seed, s)) if (g + s) % 2 else RandomBot(derive_seed(seed, s))
            for s in range(n)
        ]
        state = plugin.new_game(rules, n, seed)
        game = play_game(plugin, state, bots)
        players = [f"P{s}" for s in range(n)]
        record = record_game(plugin, game, players, variant=variant, bet=1 + g % 2)
        report = referee(plugin, record)
        res = plugin.result(game.final)
        line = {
            "record": record.to_json(),
            "report": report.model_dump(mode="json", by_alias=True),
            "transfers": [t.to_json(players, 1) for t in res.transfers],
            "events": [e.to_json(players) for e in game.final.events],
        }
        digest.update(json.dumps(line, sort_keys=True, ensure_ascii=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def test_seeded_games_are_unchanged() -> None:
    """Five hundred seeded games give, byte for byte, the records, referee reports,
    transfers and events they gave before."""
    assert _games_digest(GAMES) == PINNED
