"""``env``, ``raw_env`` and ``parallel_env``: for any installed game by its name, and
bound to one game for its module ``vncards.envs.<game>_v0`` (:func:`game_envs` and
:func:`game_parallel_env`, the one place those are written). ``env`` is the raw
environment in PettingZoo's order-enforcing wrapper, as PettingZoo's own games come."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from vncards.core import GamePlugin
from vncards.envs._env import VncardsEnv
from vncards.envs._parallel import SimultaneousParallelEnv

__all__ = ["GameEnvFactory", "env", "game_envs", "game_parallel_env", "parallel_env", "raw_env"]

_T = TypeVar("_T")
_T_co = TypeVar("_T_co", covariant=True)


class GameEnvFactory(Protocol[_T_co]):
    """``env`` or ``raw_env`` of a module ``vncards.envs.<game>_v0``: its game's
    environment, the keywords as :class:`VncardsEnv`'s."""

    def __call__(
        self,
        variant: str | None = None,
        players: int = 4,
        render_mode: str | None = None,
        rules: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> _T_co:
        """The environment."""


def env(
    game: str | GamePlugin[Any, Any, Any],
    variant: str | None = None,
    players: int = 4,
    render_mode: str | None = None,
    rules: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> AECEnv:
    """The environment of any installed game, wrapped as PettingZoo's own games are
    (``game`` is its name, e.g. ``"tienlen"``; keywords as :class:`VncardsEnv`), so
    that stepping before ``reset`` is refused.

    Illegal action ids are not turned into a lost game (as some PettingZoo games do):
    they raise :class:`~vncards.core.IllegalMove`, so a bug in an agent's masking shows.
    """
    raw = VncardsEnv(game, variant, players, render_mode, rules, **kwargs)
    return wrappers.OrderEnforcingWrapper(raw)


def raw_env(
    game: str | GamePlugin[Any, Any, Any],
    variant: str | None = None,
    players: int = 4,
    render_mode: str | None = None,
    rules: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> VncardsEnv:
    """The unwrapped :class:`VncardsEnv` of any installed game."""
    return VncardsEnv(game, variant, players, render_mode, rules, **kwargs)


def parallel_env(
    game: str | GamePlugin[Any, Any, Any],
    variant: str | None = None,
    players: int = 4,
    render_mode: str | None = None,
    rules: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> SimultaneousParallelEnv:
    """The game with PettingZoo's parallel API, for games whose seats choose at once
    (Mậu Binh); a turn-based game is refused with
    :class:`~vncards.envs.EnvOptionError`.

    >>> parallel_env("maubinh", players=3).possible_agents
    ['player_0', 'player_1', 'player_2']
    """
    return SimultaneousParallelEnv(VncardsEnv(game, variant, players, render_mode, rules, **kwargs))


def game_envs(
    game: str, title: str, module: str
) -> tuple[GameEnvFactory[AECEnv], GameEnvFactory[VncardsEnv]]:
    """``env`` and ``raw_env`` of ``game`` for its module named ``module``, their help
    naming the game by ``title``.

    >>> env, raw_env = game_envs("samloc", "Sâm Lốc", "vncards.envs.samloc_v0")
    >>> env.__doc__
    "Sâm Lốc, wrapped as PettingZoo's own games are."
    >>> raw_env(players=2).possible_agents
    ['player_0', 'player_1']
    """
    wrapped = f"{title}, wrapped as PettingZoo's own games are."
    unwrapped = f"{title} without PettingZoo's order-enforcing wrapper."
    return (
        _bound(game, env, AECEnv, (module, "env", wrapped)),
        _bound(game, raw_env, VncardsEnv, (module, "raw_env", unwrapped)),
    )


def game_parallel_env(
    game: str, title: str, module: str, how: str
) -> GameEnvFactory[SimultaneousParallelEnv]:
    """:func:`parallel_env` of ``game`` for its module named ``module``, its help naming
    the game by ``title`` and saying ``how`` the seats act together.

    >>> parallel = game_parallel_env("maubinh", "Mậu Binh", "vncards.envs.maubinh_v0",
    ...                              "every seat places a card each step")
    >>> parallel.__doc__
    "Mậu Binh with PettingZoo's parallel API: every seat places a card each step."
    >>> parallel(players=2).possible_agents
    ['player_0', 'player_1']
    """
    doc = f"{title} with PettingZoo's parallel API: {how}."
    return _bound(game, parallel_env, SimultaneousParallelEnv, (module, "parallel_env", doc))


def _bound(
    game: str, make: Callable[..., _T], returns: type[_T], named: tuple[str, str, str]
) -> GameEnvFactory[_T]:
    """``make`` with its game given, as the function ``named`` (module, name, doc)."""

    def bound(
        variant: str | None = None,
        players: int = 4,
        render_mode: str | None = None,
        rules: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> _T:
        return make(game, variant, players, render_mode, rules, **kwargs)

    bound.__module__, bound.__name__, bound.__doc__ = named
    bound.__qualname__ = bound.__name__
    bound.__annotations__["return"] = returns.__name__  # not the TypeVar, in help()
    return bound
