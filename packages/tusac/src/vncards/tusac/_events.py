"""The events Tứ Sắc adds to core's: a take that exposes a group, a Quàn laid down at
the deal, and a đền owed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vncards.core import Event, Took

__all__ = ["OwedDen", "Revealed", "TookGroup"]


@dataclass(frozen=True, slots=True)
class TookGroup(Took):
    """``seat`` took the active ``card`` with ``cards`` of its own (``type`` ``take``):
    ``group`` is the exposed group's code, ``khui`` whether it completed a Khạp, and
    ``out_of_turn`` whether the taker jumped the turn (a claim: a win, a Khạp or a pair).

    >>> took = TookGroup(2, "YC", ("YC", "YC"), "triple", False, True)
    >>> data = took.to_json(["An", "Bình", "Chi"])
    >>> data["type"], data["player"], data["cards"], data["group"], data["out_of_turn"]
    ('take', 'Chi', ['YC', 'YC'], 'triple', True)
    """

    group: str = ""
    khui: bool = False
    out_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """At the deal ``seat`` lays down a Quàn, four identical ``cards`` (``type``
    ``reveal``).

    >>> Revealed(0, ("RP",) * 4).to_json(["An", "Bình"])
    {'type': 'reveal', 'player': 'An', 'cards': ['RP', 'RP', 'RP', 'RP'], 'group': 'quan'}
    """

    type: ClassVar[str] = "reveal"
    cards: tuple[str, ...] = ()
    group: str = "quan"


@dataclass(frozen=True, slots=True)
class OwedDen(Event):
    """``seat`` discarded ``card`` after a take although it is not among its worst rác
    (``type`` ``den``): should another player win by taking that very card, ``seat``
    pays for every loser. ``index`` is the action's index in the game.

    >>> OwedDen(1, "YR", 2).to_json(["An", "Bình"])
    {'type': 'den', 'player': 'Bình', 'card': 'YR', 'index': 2}
    """

    type: ClassVar[str] = "den"
    card: str = ""
    index: int = 0
