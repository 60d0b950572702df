"""The events of a Mậu Binh game and the ``chi`` transfer that names its chi: plain values
(subclasses of core's), kept apart from the compiled engine and settlement.

>>> Arranged(1, ("2S",), ("3S",), ("4S",)).seen_by(0)
Arranged(seat=1, chi1=(), chi2=(), chi3=())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from vncards.core import Event, Transfer

__all__ = ["Arranged", "ChiTransfer", "InstantDeclared", "Revealed"]


@dataclass(frozen=True, slots=True)
class InstantDeclared(Event):
    """At the deal, ``seat`` shows a mậu binh trắng: ``what`` is its code, ``cards``
    the 13 cards (shown to everyone)."""

    type: ClassVar[str] = "declare"
    what: str = ""
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Arranged(Event):
    """``seat`` has arranged. Only that seat sees the three chi until the reveal."""

    type: ClassVar[str] = "arrange"
    chi1: tuple[str, ...] = ()
    chi2: tuple[str, ...] = ()
    chi3: tuple[str, ...] = ()

    def seen_by(self, seat: int) -> Event:
        """Other seats learn only that this seat has arranged."""
        return self if seat == self.seat else Arranged(self.seat)


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Everyone has arranged: ``seat``'s three chi are shown, with their hand codes and
    whether the arrangement is binh lủng (``fouled``)."""

    type: ClassVar[str] = "reveal"
    chi1: tuple[str, ...] = ()
    chi2: tuple[str, ...] = ()
    chi3: tuple[str, ...] = ()
    hands: tuple[str, ...] = ()
    fouled: bool = False


@dataclass(frozen=True, slots=True)
class ChiTransfer(Transfer):
    """A ``chi`` transfer: what winning chi ``chi`` (``chi1``, ``chi2``, ``chi3``) of
    one pair of hands paid.

    >>> t = ChiTransfer(1, 0, 4, "chi", "chi1")
    >>> t.to_json(["An", "Bình"], bet=2)
    {'from': 'Bình', 'to': 'An', 'amount': 8, 'reason': 'chi', 'chi': 'chi1'}
    """

    chi: str = ""

    def to_json(self, players: Sequence[str], bet: int = 1) -> dict[str, Any]:
        """The transfer's JSON form and the chi it pays for."""
        out = Transfer.to_json(self, players, bet)
        out["chi"] = self.chi
        return out
