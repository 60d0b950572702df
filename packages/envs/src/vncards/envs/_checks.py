"""What the environments accept from callers — seeds, action ids, options — each refused
with one sentence naming what was wrong and what would be right."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.core import IllegalMove, VncardsError

__all__ = ["EnvOptionError", "check_action", "check_first", "check_seed"]


class EnvOptionError(VncardsError, ValueError):
    """An environment option or seed that is not one the environment knows, or of the
    wrong kind."""


def _as_int(value: object) -> int | None:
    """``value`` as an ``int`` when it is a Python or numpy integer (not a bool)."""
    if type(value) is int:  # the usual case, first
        return value
    if isinstance(value, bool | np.bool_):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, np.integer):
        return int(value)
    return None


def check_seed(seed: object) -> int | None:
    """``seed`` as an ``int`` (``None`` stays ``None``); :class:`EnvOptionError` for
    anything else.

    >>> check_seed(np.int64(3)), check_seed(None)
    (3, None)
    >>> check_seed(2.5)
    Traceback (most recent call last):
    ...
    vncards.envs._checks.EnvOptionError: a seed is an integer or None, not float 2.5
    """
    if seed is None:
        return None
    value = _as_int(seed)
    if value is None:
        raise EnvOptionError(f"a seed is an integer or None, not {type(seed).__name__} {seed!r}")
    return value


def check_action(action: object) -> int:
    """An action id as an ``int``; :class:`~vncards.core.IllegalMove` (code
    ``not-an-action-id``) for a float, string, bool or anything else.

    >>> check_action(np.int8(4))
    4
    >>> try:
    ...     check_action("4")
    ... except IllegalMove as e:
    ...     print(e.code, "|", e)
    not-an-action-id | An action is an integer id (or None once terminated), not str '4'.
    """
    value = _as_int(action)
    if value is None:
        shown = repr(action) if isinstance(action, str | float | bool) else "a value"
        raise IllegalMove(
            "not-an-action-id",
            f"An action is an integer id (or None once terminated), not"
            f" {type(action).__name__} {shown}.",
        )
    return value


def check_first(first: object, agents: Sequence[str]) -> int | None:
    """The seat that ``options["first"]`` names — a seat number or an agent name;
    :class:`EnvOptionError` for anything else.

    >>> check_first("player_1", ["player_0", "player_1"]), check_first(None, ["player_0"])
    (1, None)
    >>> try:
    ...     check_first(5, ["player_0", "player_1"])
    ... except EnvOptionError as e:
    ...     print(e)
    options["first"] is a seat from 0 to 1 or an agent name (player_0 …), not 5
    """
    if first is None:
        return None
    if isinstance(first, str) and first in agents:
        return agents.index(first)
    seat = _as_int(first)
    if seat is not None and 0 <= seat < len(agents):
        return seat
    shown: Any = first if isinstance(first, int | str | float) else type(first).__name__
    raise EnvOptionError(
        f'options["first"] is a seat from 0 to {len(agents) - 1} or an agent name'
        f" ({agents[0]} …), not {shown!r}"
    )
