"""``env()`` for any installed game: the raw environment in PettingZoo's order-enforcing
wrapper, as PettingZoo's own games come."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from vncards.core import GamePlugin
from vncards.envs._env import VncardsEnv

__all__ = ["make_env"]


def make_env(
    game: str | GamePlugin[Any, Any, Any],
    variant: str | None = None,
    players: int = 4,
    render_mode: str | None = None,
    rules: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> AECEnv:
    """:class:`VncardsEnv` wrapped so that stepping before ``reset`` is refused.

    Illegal action ids are not turned into a lost game (as some PettingZoo games do):
    they raise :class:`~vncards.core.IllegalMove`, so a bug in an agent's masking shows.
    """
    raw = VncardsEnv(game, variant, players, render_mode, rules, **kwargs)
    return wrappers.OrderEnforcingWrapper(raw)
