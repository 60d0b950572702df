"""What every command shares: finding games, reading options and card lists, printing.

Commands know games only through the plugin protocol (:mod:`vncards.core`), so a game
from another package appears in every command without any change here.
"""

from __future__ import annotations

import json
import re
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from vncards.core import (
    GamePlugin,
    PluginError,
    RulesBase,
    VncardsError,
    discover_games,
    resolve_rules,
    split_card_list,
)

__all__ = [
    "InputError",
    "card_tokens",
    "complete_game",
    "console",
    "emit_json",
    "err_console",
    "get_plugin",
    "installed_games",
    "optional_method",
    "rules_for",
]

console = Console(highlight=False)
"""Readable output (colour only on a terminal)."""
err_console = Console(stderr=True, highlight=False)
"""Warnings and the one-line error messages."""


class InputError(VncardsError):
    """An option value or input the command cannot use (exit code 2)."""


def installed_games() -> dict[str, GamePlugin[Any, Any, Any]]:
    """Every game that loads, by name; a plugin that does not load is named on stderr."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = discover_games()
    for w in caught:
        err_console.print(f"vncards: warning: {w.message}", markup=False, soft_wrap=True)
    return games


def complete_game(incomplete: str) -> list[str]:
    """Shell completion for a game argument: installed game names starting with
    ``incomplete`` (broken plugins are skipped quietly here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        names = list(discover_games())
    return [n for n in names if n.startswith(incomplete)]


def get_plugin(name: str, *, allow_reference: bool = True) -> GamePlugin[Any, Any, Any]:
    """The installed game ``name``, or the plugin object a ``module:attribute`` reference
    names (a game not installed as an entry point); :class:`PluginError` otherwise.

    ``allow_reference=False`` accepts installed games only: a name that comes from
    untrusted input (a record's ``game``) must never import a module.

    >>> get_plugin("no-such-game")
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: unknown game 'no-such-game' (installed: ...)
    """
    if ":" in name and allow_reference:
        from vncards.cli.sim import load_game

        return load_game(name)
    games = installed_games()
    try:
        return games[name]
    except KeyError:
        known = ", ".join(games) or "none"
        raise PluginError(f"unknown game {name!r} (installed: {known})") from None


def rules_for(plugin: GamePlugin[Any, Any, Any], variant: str | None) -> RulesBase:
    """The rules of ``variant`` (the game's default preset when ``None``)."""
    rules: RulesBase = resolve_rules(plugin, variant)
    return rules


def optional_method(plugin: object, name: str, what: str) -> Any:
    """A plugin method the protocol leaves optional, or :class:`InputError` saying the
    game does not answer ``what``."""
    method = getattr(plugin, name, None)
    if method is None:
        game = getattr(plugin, "name", "this game")
        raise InputError(f"{game} does not answer {what} queries")
    return method


_TUSAC_SHORT = re.compile(r"^[RYGW][KAERCHP]$", re.IGNORECASE)


def card_tokens(plugin: object, values: Sequence[str]) -> list[str]:
    """Card tokens from command-line values, each value split as the card notation says:
    commas always separate, spaces only when every piece is a short card.

    >>> class French: deck = "french"
    >>> card_tokens(French(), ["8S 8H", "10 cơ, J cơ"])
    ['8S', '8H', '10 cơ', 'J cơ']
    >>> class Tusac: deck = "tusac"
    >>> card_tokens(Tusac(), ["RK GR", "tướng đỏ"])
    ['RK', 'GR', 'tướng đỏ']
    """
    splitter = getattr(plugin, "split_card_list", None)
    deck = getattr(plugin, "deck", "french")
    out: list[str] = []
    for value in values:
        if splitter is not None:
            out.extend(splitter(value))
        elif deck == "french":
            out.extend(split_card_list(value))
        else:
            out.extend(_split_short_or_named(value))
    return out


def _split_short_or_named(text: str) -> list[str]:
    if "," in text:
        return [t.strip() for t in text.split(",") if t.strip()]
    pieces = text.split()
    if len(pieces) > 1 and not all(_TUSAC_SHORT.match(p) for p in pieces):
        return [text.strip()]
    return pieces


def emit_json(data: Any) -> None:
    """Print ``data`` as JSON on stdout (UTF-8, no ASCII escapes)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()
