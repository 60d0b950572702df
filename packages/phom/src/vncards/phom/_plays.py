"""Phỏm's actions and their record form.

Actions name their seat and hold cards as Phỏm card numbers (see
:mod:`vncards.phom._cards`). A :class:`Meld` or :class:`LayOff` read from a record is
normalised (groups and cards sorted) so that it equals the action the engine lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vncards.phom._cards import card_name, card_names

__all__ = ["Discard", "Draw", "LayOff", "Meld", "PhomAction", "Take", "action_record"]


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` (the opening, and the end of every turn).

    >>> action_record(Discard(0, 8))
    {'discard': '9S'}
    """

    seat: int
    card: int

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Discard, (self.seat, self.card))


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the stock (bốc)."""

    seat: int

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Draw, (self.seat,))


@dataclass(frozen=True, slots=True)
class Take:
    """Take (ăn) the card discarded on the turn just before."""

    seat: int

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Take, (self.seat,))


@dataclass(frozen=True, slots=True)
class Meld:
    """Hạ phỏm: every phỏm shown at once, each a tuple of cards (``()`` groups = móm).

    >>> action_record(Meld(1, ((4, 17, 30),)))
    {'meld': [['5S', '5C', '5D']]}
    """

    seat: int
    groups: tuple[tuple[int, ...], ...]

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Meld, (self.seat, self.groups))


@dataclass(frozen=True, slots=True)
class LayOff:
    """Gửi: each entry puts ``cards`` onto the phỏm on the table holding ``onto``.

    >>> action_record(LayOff(2, ((19, (22,)),)))
    {'lay_off': [{'onto': '7C', 'cards': ['10C']}]}
    """

    seat: int
    entries: tuple[tuple[int, tuple[int, ...]], ...]

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (LayOff, (self.seat, self.entries))


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
