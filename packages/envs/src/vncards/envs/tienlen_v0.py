"""Tiến lên miền Nam (đếm lá) as a PettingZoo AEC environment
(needs ``vncards-tienlen`` installed), 2 to 4 players.

Actions: ``Discrete(2**13 = 8192)`` — a play is the set of positions it uses in the
acting seat's hand sorted low to high, as a bitmask; 0 is the pass. Observations and
the full layout: :mod:`vncards.envs._shedding` and the envs page of the docs.

>>> from vncards.envs import tienlen_v0
>>> env = tienlen_v0.env(players=3)
>>> env.reset(seed=3)
>>> int(env.action_space(env.agent_selection).n)
8192
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv
from vncards.envs._env import VncardsEnv
from vncards.envs._factory import make_env

__all__ = ["env", "raw_env"]


def raw_env(
    variant: str | None = None,
    players: int = 4,
    render_mode: str | None = None,
    rules: dict[str, Any] | None = None,
    **kwargs: Any,
) -> VncardsEnv:
    """Tiến lên miền Nam (đếm lá) without PettingZoo's order-enforcing wrapper."""
    return VncardsEnv("tienlen", variant, players, render_mode, rules, **kwargs)


def env(
    variant: str | None = None,
    players: int = 4,
    render_mode: str | None = None,
    rules: dict[str, Any] | None = None,
    **kwargs: Any,
) -> AECEnv:
    """Tiến lên miền Nam (đếm lá), wrapped as PettingZoo's own games are."""
    return make_env("tienlen", variant, players, render_mode, rules, **kwargs)
