"""Phỏm's actions (their record form) and the events they cause.

Actions name their seat and hold cards as Phỏm card numbers (see
:mod:`vncards.phom._cards`). A :class:`Meld` or :class:`LayOff` read from a record is
normalised (groups and cards sorted) so that it equals the action the engine lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from vncards.core import Drew, Event, Took, Won
from vncards.phom._cards import card_name, card_names

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
class Discard:
    """Discard ``card`` (the opening, and the end of every turn).

    >>> action_record(Discard(0, 8))
    {'discard': '9S'}
    """

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the stock (bốc)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Take:
    """Take (ăn) the card discarded on the turn just before."""

    seat: int


@dataclass(frozen=True, slots=True)
class Meld:
    """Hạ phỏm: every phỏm shown at once, each a tuple of cards (``()`` groups = móm).

    >>> action_record(Meld(1, ((4, 17, 30),)))
    {'meld': [['5S', '5C', '5D']]}
    """

    seat: int
    groups: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    """Gửi: each entry puts ``cards`` onto the phỏm on the table holding ``onto``.

    >>> action_record(LayOff(2, ((19, (22,)),)))
    {'lay_off': [{'onto': '7C', 'cards': ['10C']}]}
    """

    seat: int
    entries: tuple[tuple[int, tuple[int, ...]], ...]


PhomAction = Discard | Draw | Take | Meld | LayOff
"""Any Phỏm action."""


def action_record(action: PhomAction) -> dict[str, Any]:
    """The record form of an action, without ``player``.

    >>> action_record(Draw(0)), action_record(Take(1))
    ({'draw': True}, {'take': True})
    """
    if isinstance(action, Discard):
        return {"discard": card_name(action.card)}
    if isinstance(action, Draw):
        return {"draw": True}
    if isinstance(action, Take):
        return {"take": True}
    if isinstance(action, Meld):
        return {"meld": [card_names(g) for g in action.groups]}
    return {"lay_off": [{"onto": card_name(o), "cards": card_names(c)} for o, c in action.entries]}


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
