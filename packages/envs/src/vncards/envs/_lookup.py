"""Which encoding a game gets: its module in ``vncards.envs``, else one its package
registers under the ``vncards.envs`` entry-point group, else the climbing-game encoding
for a climbing game (a :class:`~vncards.core.ClimbingGame`'s plugin), else the generic
encoding every plugin can use (built from its views and their record actions)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from vncards.core import ClimbingGame, GamePlugin, PluginError
from vncards.envs._checks import EnvOptionError
from vncards.envs._encoding import Encoding

__all__ = ["ENTRY_POINT_GROUP", "encoding_for"]

ENTRY_POINT_GROUP = "vncards.envs"
"""Entry-point group in which a game package may name its own encoding factory: the
entry's name is the game's name, its object a callable
``encoding(plugin, rules, n_players, **options) -> Encoding``."""

_ACTIONS = {"shedding": ("cards", "positions")}


def _module_factory(name: str) -> Callable[..., Encoding] | None:
    module_name = f"vncards.envs.{name}_v0"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:  # the module is there but something it needs is not
            raise
        return None
    found: Callable[..., Encoding] | None = getattr(module, "encoding", None)
    return found


def _entry_point_factory(name: str) -> Callable[..., Encoding] | None:
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            try:
                found: Callable[..., Encoding] = ep.load()
            except Exception as e:
                raise PluginError(
                    f"the environment encoding {ep.value!r} registered for {name!r} does"
                    f" not load: {type(e).__name__}: {e}"
                ) from e
            return found
    return None


def encoding_for(
    plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int, actions: str | None = None
) -> Encoding:
    """The encoding of ``plugin``'s game (see the module docstring); ``actions`` picks
    among a game's action encodings (climbing games: ``"cards"``, the default, or
    ``"positions"``; Mậu Binh: ``"cards"`` or ``"splits"``).

    >>> from vncards.core import get_game
    >>> tienlen = get_game("tienlen")
    >>> encoding_for(tienlen, tienlen.presets["dem-la"], 4).size
    1444
    >>> encoding_for(tienlen, tienlen.presets["dem-la"], 4, actions="positions").size
    8192
    """
    make = _module_factory(plugin.name) or _entry_point_factory(plugin.name)
    if make is not None:
        return make(plugin, rules, n_players, **({} if actions is None else {"actions": actions}))
    if isinstance(plugin, ClimbingGame) or isinstance(getattr(plugin, "game", None), ClimbingGame):
        if actions in (None, "cards"):
            from vncards.envs._card_ids import CardIdEncoding

            return CardIdEncoding(plugin, rules, n_players)
        if actions == "positions":
            from vncards.envs._shedding import SheddingEncoding

            return SheddingEncoding(plugin, rules, n_players)
        raise unknown_actions(plugin.name, actions, _ACTIONS["shedding"])
    from vncards.envs._generic import GenericEncoding

    if actions not in (None, "offered"):
        raise unknown_actions(plugin.name, actions, ("offered",))
    return GenericEncoding(plugin, rules, n_players)


def unknown_actions(game: str, actions: object, known: tuple[str, ...]) -> EnvOptionError:
    """The error for an ``actions`` option a game's encodings do not have."""
    return EnvOptionError(
        f"{game} has no action encoding {actions!r}; choose one of {', '.join(known)}"
    )
