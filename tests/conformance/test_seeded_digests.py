"""Same seed, same games, for every built-in game: a digest of seeded random-bot games
of each preset (records and referee reports, byte for byte), pinned, so that a change
to how a game is put together — or to core's loop, records or referee under it —
cannot change what is played, recorded or paid without this failing."""

from __future__ import annotations

import hashlib
import json

import pytest
from vncards.core import RandomBot, derive_seed, discover_games, play_game, record_game, referee

GAMES = discover_games()
PER_PRESET = 600
# digests of PER_PRESET games per preset, taken on the code before the game interface
# (GameInfo, Game, Codec, Plugin) and why_illegal came to core
PINNED = {
    "maubinh": "2d28204cef2c1e4bf40965b9c26d159aa54a0eda400a0e0816e04284384a4130",
    "phom": "c1fcd1d7ecdda312f13ceb6b82a8a5407988bd05a0a3ae569a634769c64a752b",
    "samloc": "4a56d040f3c34721c0fb405211d5cb4be17b307070c97f3b5afd1990b081cdb7",
    "tienlen": "2ab66469f9986f4f8d33407ad7db0210f29368ae8db9b52205bde55a2987088f",
    "tusac": "93846134926337adc9d74d50a3f2fa8f8eb60f053d981e4aed3d0465058d94cd",
}


def games_digest(name: str, per_preset: int = PER_PRESET) -> str:
    """The digest of ``per_preset`` seeded random-bot games of each preset of ``name``,
    at every player count in turn."""
    plugin = GAMES[name]
    digest = hashlib.sha256()
    for variant, rules in plugin.presets.items():
        lo, hi = plugin.player_range(rules)
        for g in range(per_preset):
            n = lo + g % (hi - lo + 1)
            state = plugin.new_game(rules, n, derive_seed(99, g))
            bots = [RandomBot(derive_seed(g, s)) for s in range(n)]
            game = play_game(plugin, state, bots)
            players = [f"P{s}" for s in range(n)]
            record = record_game(plugin, game, players, variant=variant, bet=1 + g % 3)
            report = referee(plugin, record).model_dump(mode="json", by_alias=True)
            line = json.dumps([record.to_json(), report], sort_keys=True, ensure_ascii=False)
            digest.update(line.encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_seeded_games_are_unchanged(name: str) -> None:
    """The seeded games of every preset give the records and reports they gave."""
    assert games_digest(name) == PINNED[name]
