"""What a run plays: the game (by name, ``module:attribute`` reference or object), how
worker processes find it again, its bots, its rules, and what one game came to.

>>> load_game("tienlen").name, default_bot(load_game("tienlen"))
('tienlen', 'greedy')
"""

from __future__ import annotations

import importlib
import threading
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from vncards.core._errors import PluginError
from vncards.core._game import Bot, GamePlugin, RulesBase, resolve_rules
from vncards.core._plugins import (
    BOTS_ENTRY_POINT_GROUP,
    ENTRY_POINT_GROUP,
    PluginWarning,
    discover_games,
    get_game,
    offered_bots,
    offered_elsewhere,
)
from vncards.core.simulate._errors import SimulationError

__all__ = [
    "BotSpec",
    "GameSummary",
    "bot_factory",
    "default_bot",
    "found_game",
    "game_reference",
    "load_game",
    "load_game_once",
]

BotSpec = str | Bot | Callable[[int], Bot]
"""A seat's bot: a name among the game's ``bots``, a bot object (used as it is), or a
factory taking a seed (called once per game, with that game's seat seed)."""


@dataclass(frozen=True)
class GameSummary:
    """What one simulated game came to.

    ``payments`` are net lá per seat at bet 1; ``length`` is the number of actions;
    ``first`` the seat that acted first; ``stats`` the game's own counters (from its
    :class:`~vncards.core.CountsGames` capability); ``record`` the game record as JSON
    when the run kept records.
    """

    index: int
    seed: int
    n_players: int
    bots: tuple[str, ...]
    outcome: str | None
    winner: int | None
    instant_win: str | None
    payments: tuple[int, ...]
    length: int
    first: int | None
    stats: dict[str, int]
    record: dict[str, Any] | None


def load_game(game: str) -> GamePlugin[Any, Any, Any]:
    """The plugin named ``game``: an installed game's name, or ``"module:attribute"``
    naming a plugin object in an importable module.

    Raises :class:`~vncards.core.PluginError` with the reason when there is none.

    >>> load_game("vncards.core:RandomBot")
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: 'vncards.core:RandomBot' is not a game plugin: it lacks ...
    """
    if ":" not in game:
        # a broken plugin is reported once, by whoever lists the games; looking one game
        # up again must not repeat that warning
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PluginWarning)
            return get_game(game)
    plugin = _imported(game, "game")
    missing = [a for a in _NEEDED if not hasattr(plugin, a)]
    if missing:
        raise PluginError(f"{game!r} is not a game plugin: it lacks {', '.join(missing)}")
    return plugin  # type: ignore[no-any-return]


_NEEDED = (
    "name",
    "title",
    "presets",
    "default_preset",
    "new_game",
    "legal_actions",
    "apply",
    "bots",
    "player_range",
    "decision",
    "result",
)

# A worker process (or Dask worker) looks each game up once; Dask may ask from several
# threads at a time.
_loaded: dict[str, GamePlugin[Any, Any, Any]] = {}
_loading = threading.Lock()


def load_game_once(game: Any) -> GamePlugin[Any, Any, Any]:
    """The plugin ``game`` names (as :func:`load_game`; a plugin object is itself),
    looked up once per process: what a worker process or a Dask task plays many games
    of. Use :func:`load_game` where the installed games may have changed.

    >>> load_game_once("tienlen") is load_game_once("tienlen")
    True
    """
    if not isinstance(game, str):
        return game  # type: ignore[no-any-return]
    plugin = _loaded.get(game)
    if plugin is not None:
        return plugin
    with _loading:
        if game not in _loaded:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PluginWarning)
                _loaded[game] = load_game(game)
        return _loaded[game]


def _imported(reference: str, what: str) -> Any:
    """The object a ``module:attribute`` reference names (the attribute may be dotted),
    for a ``what`` ("game", "bot"); :class:`~vncards.core.PluginError` saying which part
    is missing otherwise."""
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise PluginError(f"a {what} reference is 'module:attribute', not {reference!r}")
    try:
        module = importlib.import_module(module_name)
    except (ImportError, TypeError, ValueError) as e:  # a relative or malformed name too
        raise PluginError(
            f"cannot import module {module_name!r} for {what} {reference!r}: {e}"
        ) from None
    found: Any = module
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise PluginError(f"module {module_name!r} has no attribute {attribute!r}") from None
    return found


def bot_factory(plugin: GamePlugin[Any, Any, Any], name: str) -> Callable[..., Bot]:
    """The factory of the bot ``name`` seats for ``plugin``: one of the game's bots, one
    an installed package offers for it (:func:`~vncards.core.offered_bots`: a worker
    process that imported the plugin by reference finds those too), or
    ``module:attribute`` naming a bot factory (a callable taking a seed, and
    ``think``/``iterations`` when it searches) in an importable module. Worker
    processes find it again by the same name.

    Raises :class:`~vncards.core.PluginError` saying what is missing.

    >>> bot_factory(load_game("tienlen"), "vncards.core:RandomBot")(7).name
    'random'
    >>> bot_factory(load_game("tienlen"), "vncards.core:NoSuchBot")
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: module 'vncards.core' has no attribute 'NoSuchBot'
    >>> bot_factory(load_game("tienlen"), "clever")
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: tienlen has no bot 'clever' (known: ..., or module:attribute)
    """
    factory = plugin.bots.get(name)
    if factory is not None:
        return factory
    if ":" not in name:
        offered = offered_bots(plugin.name)
        if name in offered:
            return offered[name]
        known = ", ".join(dict.fromkeys([*plugin.bots, *offered]))
        elsewhere = offered_elsewhere(plugin.name, name)
        raise PluginError(
            f"{plugin.name} has no bot {name!r} (known: {known}, or module:attribute)"
            + (f"; {elsewhere}" if elsewhere else "")
        )
    found = _imported(name, "bot")
    if not callable(found):
        raise PluginError(f"{name!r} is not a bot factory: it cannot be called with a seed")
    return found  # type: ignore[no-any-return]


def _bot(plugin: GamePlugin[Any, Any, Any], spec: BotSpec, seed: int) -> Bot:
    if isinstance(spec, str):
        return bot_factory(plugin, spec)(seed)
    if isinstance(spec, Bot):
        return spec
    return spec(seed)


def _bot_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return str(getattr(spec, "__name__", type(spec).__name__))


def game_reference(plugin: GamePlugin[Any, Any, Any], given: Any) -> Any:
    """How workers should find ``plugin`` (``given`` as the caller named it): a
    ``module:attribute`` reference as given, its entry point's reference when it is an
    installed game (a worker then imports that game alone), else the plugin object
    itself (pickled, or played in this process only).

    >>> game_reference(load_game("tienlen"), "tienlen")
    'vncards.tienlen...:...'
    """
    if isinstance(given, str) and ":" in given:
        return given
    return _reference_among(entry_points(group=ENTRY_POINT_GROUP), plugin, given)


def _reference_among(
    eps: Iterable[EntryPoint], plugin: GamePlugin[Any, Any, Any], given: Any
) -> Any:
    """:func:`game_reference` among the entry points ``eps``."""
    for ep in eps:
        if ep.name != plugin.name:
            continue
        try:
            if ep.load() is plugin:
                return f"{ep.module}:{ep.attr}"
        except Exception:
            break
    return given if isinstance(given, str) else plugin


def found_game(game: Any) -> tuple[GamePlugin[Any, Any, Any], Any]:
    """The plugin ``game`` names (as :func:`load_game`; a plugin object is itself) and
    how workers find it (as :func:`game_reference`), the installed games read once for
    both.

    >>> plugin, reference = found_game("tienlen")
    >>> (plugin, reference) == (load_game("tienlen"), game_reference(plugin, "tienlen"))
    True
    """
    if not isinstance(game, str):
        return game, game_reference(game, game)
    if ":" in game:
        return load_game(game), game
    # every installed package's entry points read once, for the games and their bots
    installed = entry_points()
    eps = list(installed.select(group=ENTRY_POINT_GROUP))
    bots = list(installed.select(group=BOTS_ENTRY_POINT_GROUP))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        plugin = discover_games(eps, bots).get(game)
    if plugin is None:
        plugin = load_game(game)  # refused with the reason, as load_game words it
    return plugin, _reference_among(eps, plugin, game)


def default_bot(plugin: GamePlugin[Any, Any, Any]) -> str:
    """The bot a simulation uses when none is named: ``greedy`` if the game has one, else
    its first bot.

    >>> default_bot(get_game("tienlen"))
    'greedy'
    """
    known = list(plugin.bots)
    if not known:
        raise SimulationError(f"{plugin.name} has no bots")
    return "greedy" if "greedy" in plugin.bots else known[0]


def _rules_of(
    plugin: GamePlugin[Any, Any, Any],
    variant: str | None,
    rules: RulesBase | Mapping[str, Any] | None,
) -> tuple[RulesBase, str, dict[str, Any]]:
    """The rules of a run, its preset's name and the settings that differ from it."""
    name = variant or plugin.default_preset
    base: RulesBase = resolve_rules(plugin, name)
    if isinstance(rules, RulesBase):
        chosen = rules
    else:
        chosen = resolve_rules(plugin, name, dict(rules or {}))
    before = base.model_dump(mode="json")
    after = chosen.model_dump(mode="json")
    overrides = {k: v for k, v in after.items() if before.get(k) != v}
    return chosen, name, overrides
