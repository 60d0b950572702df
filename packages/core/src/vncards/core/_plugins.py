"""Finding game plugins: the ``vncards.games`` entry-point group.

A plugin that fails to import, is not a game, or repeats a name already loaded is
skipped with a warning naming it; ``VNCARDS_PLUGINS=a,b`` loads only those names.
"""

from __future__ import annotations

import os
import warnings
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from vncards.core._errors import PluginError
from vncards.core._game import GamePlugin

__all__ = ["ENTRY_POINT_GROUP", "PluginWarning", "discover_games", "get_game"]

ENTRY_POINT_GROUP = "vncards.games"
"""The entry-point group game packages register their plugin object under."""


class PluginWarning(UserWarning):
    """A plugin was skipped; the message names the entry point and why."""


_REQUIRED = ("name", "title", "presets", "default_preset", "new_game", "legal_actions", "apply")


def _wanted() -> set[str] | None:
    raw = os.environ.get("VNCARDS_PLUGINS")
    if raw is None or not raw.strip():
        return None
    return {p.strip() for p in raw.split(",") if p.strip()}


def discover_games(
    entries: list[EntryPoint] | None = None,
) -> dict[str, GamePlugin[Any, Any, Any]]:
    """Load every installed game plugin, by name, in name order.

    ``entries`` replaces the installed entry points (for tests). A plugin that fails to
    load, lacks a game's members or repeats a loaded name is skipped with a
    :class:`PluginWarning` naming it.

    >>> discover_games([])
    {}
    """
    eps = list(entry_points(group=ENTRY_POINT_GROUP)) if entries is None else entries
    wanted = _wanted()
    found: dict[str, GamePlugin[Any, Any, Any]] = {}
    for ep in sorted(eps, key=lambda e: e.name):
        if wanted is not None and ep.name not in wanted:
            continue
        try:
            plugin = ep.load()
        except Exception as e:
            warnings.warn(
                f"vncards plugin {ep.name!r} ({ep.value}) failed to load: {e}",
                PluginWarning,
                stacklevel=2,
            )
            continue
        missing = [a for a in _REQUIRED if not hasattr(plugin, a)]
        if missing:
            warnings.warn(
                f"vncards plugin {ep.name!r} ({ep.value}) is not a game:"
                f" lacks {', '.join(missing)}",
                PluginWarning,
                stacklevel=2,
            )
            continue
        name = plugin.name
        if name in found:
            warnings.warn(
                f"vncards plugin {ep.name!r} ({ep.value}) repeats the game name {name!r}; skipped",
                PluginWarning,
                stacklevel=2,
            )
            continue
        found[name] = plugin
    return dict(sorted(found.items()))


def get_game(name: str) -> GamePlugin[Any, Any, Any]:
    """The installed game called ``name``; :class:`PluginError` listing the known ones.

    >>> try:
    ...     get_game("no-such-game")
    ... except PluginError as e:
    ...     print(str(e).split(" (")[0])
    unknown game 'no-such-game'
    """
    games = discover_games()
    try:
        return games[name]
    except KeyError:
        known = ", ".join(games) or "none"
        raise PluginError(f"unknown game {name!r} (installed: {known})") from None
