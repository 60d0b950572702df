"""``vncards.envs.<game>_v0`` for every installed game, the way PettingZoo names its
environments: the games of this repository have a module file (``tienlen_v0.py`` …);
any other installed game — a plugin another package installs — gets the same module
made on import, with ``env`` and ``raw_env`` for that game, so nothing here changes
when a game is added.

>>> finder = GameModules()
>>> finder.find_spec("vncards.envs.no_such_game_v0", None) is None
True
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from importlib.metadata import entry_points
from types import ModuleType

from vncards.core import ENTRY_POINT_GROUP
from vncards.envs._factory import game_envs

__all__ = ["GameModules", "game_module_name", "install"]

_PREFIX = "vncards.envs."
_SUFFIX = "_v0"


def game_module_name(name: str) -> str | None:
    """The game a module name ``vncards.envs.<game>_v0`` stands for, if it is one.

    >>> game_module_name("vncards.envs.phom_v0"), game_module_name("vncards.envs._env")
    ('phom', None)
    """
    if not (name.startswith(_PREFIX) and name.endswith(_SUFFIX)):
        return None
    game = name[len(_PREFIX) : -len(_SUFFIX)]
    return game if game and "." not in game and not game.startswith("_") else None


def _installed(game: str) -> bool:
    return any(ep.name == game for ep in entry_points(group=ENTRY_POINT_GROUP))


class GameModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``vncards.envs.<game>_v0`` for an installed game that has no module file
    (asked only after the files were looked for) and makes it."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """A spec for a game's module, or ``None`` for any other name."""
        game = game_module_name(fullname)
        if game is None or not _installed(game):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, origin=f"vncards game {game!r}")

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        """``None``: Python makes the module object."""

    def exec_module(self, module: ModuleType) -> None:
        """Fill the module with ``env`` and ``raw_env`` for its game."""
        game = game_module_name(module.__name__)
        assert game is not None  # only such names get a spec
        module.__doc__ = f"The installed game {game!r} as a PettingZoo AEC environment."
        module.GAME = game  # type: ignore[attr-defined]
        pair = game_envs(game, f"The installed game {game!r}", module.__name__)
        module.env, module.raw_env = pair  # type: ignore[attr-defined]
        module.__all__ = ["GAME", "env", "raw_env"]  # type: ignore[attr-defined]


def install() -> None:
    """Put the finder last on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, GameModules) for f in sys.meta_path):
        sys.meta_path.append(GameModules())
