"""The events Phỏm's actions cause, and the actions themselves (from
:mod:`vncards.phom._plays`, compiled, where the events subclass core's and stay plain).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from vncards.core import Drew, Event, Took, Won
from vncards.phom._plays import (
    Discard,
    Draw,
    LayOff,
    Meld,
    PhomAction,
    Take,
    action_record,
)

__all__ = [
    "Discard",
    "Draw",
    "LaidOff",
    "LayOff",
    "Meld",
    "Melded",
    "PhomAction",
    "PhomDrew",
    "PhomWon",
    "Take",
    "TookCard",
    "action_record",
]


@dataclass(frozen=True, slots=True)
class PhomDrew(Drew):
    """``seat`` drew ``card``; only the drawer sees which card."""

    def seen_by(self, seat: int) -> Event:
        """The card for the drawer only.

        >>> PhomDrew(0, "9S").seen_by(1).to_json(["An", "Bình"])
        {'type': 'draw', 'player': 'An', 'card': None}
        """
        return self if seat == self.seat else PhomDrew(self.seat, None)


@dataclass(frozen=True, slots=True)
class TookCard(Took):
    """``seat`` took ``card``, discarded by ``victim``; ``chot`` when it was a chốt."""

    seat_fields: ClassVar[tuple[str, ...]] = ("victim",)
    victim: int = -1
    chot: bool = False


@dataclass(frozen=True, slots=True)
class Melded(Event):
    """``seat`` showed its phỏm (hạ); ``groups`` is empty for a móm player."""

    type: ClassVar[str] = "meld"
    groups: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class LaidOff(Event):
    """``seat`` laid cards off (gửi): each entry is ``(onto, cards)``."""

    type: ClassVar[str] = "lay_off"
    entries: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        """The entries as ``{"onto", "cards"}`` objects.

        >>> LaidOff(0, (("7C", ("10C",)),)).to_json(["An"])["entries"]
        [{'onto': '7C', 'cards': ['10C']}]
        """
        return {
            "type": self.type,
            "player": players[self.seat] if self.seat is not None else None,
            "entries": [{"onto": o, "cards": list(c)} for o, c in self.entries],
        }


@dataclass(frozen=True, slots=True)
class PhomWon(Won):
    """The game is over: an ù, an ù khan, or the ranking (best first) with every
    player's points (``None`` at an ù)."""

    ranking: tuple[int, ...] = ()
    points: tuple[int, ...] | None = None

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        """Seats of the ranking as names, points by name.

        >>> PhomWon(0, ranking=(0, 1), points=(3, 9)).to_json(["An", "Bình"])["points"]
        {'An': 3, 'Bình': 9}
        """
        return {
            "type": self.type,
            "player": None if self.seat is None else players[self.seat],
            "outcome": self.outcome,
            "instant_win": self.instant_win,
            "ranking": [players[s] for s in self.ranking],
            "points": None
            if self.points is None
            else {players[i]: p for i, p in enumerate(self.points)},
        }
