"""Every installed game, preset and allowed player count the environments are tested on."""

from __future__ import annotations

from vncards.core import PluginError, discover_games, resolve_rules
from vncards.envs import encoding_for

GAMES = discover_games()


def _encodable(name: str) -> bool:
    plugin = GAMES[name]
    rules = resolve_rules(plugin, None)
    try:
        encoding_for(plugin, rules, plugin.player_range(rules)[0])
    except PluginError:
        return False
    return True


ENV_GAMES = sorted(name for name in GAMES if _encodable(name))
"""Installed games that have an environment (every game of this repository)."""

CONFIGS = [
    (name, variant, n)
    for name in ENV_GAMES
    for variant, rules in GAMES[name].presets.items()
    for n in range(GAMES[name].player_range(rules)[0], GAMES[name].player_range(rules)[1] + 1)
]
"""``(game, preset, players)`` for every preset and every player count it allows."""
