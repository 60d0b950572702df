"""What actions cause (events), who paid whom (transfers) and what one seat may see (views).

Every game's ``apply`` returns the events an action caused; a game's state keeps them so
that a seat's :class:`View` can show its history. Events are small frozen values with a
JSON form ``{"type": ..., "player": ..., ...}``. A game adds event types of its own by
subclassing :class:`Event` (a ``type`` code and frozen fields); an event whose content
some seats may not see overrides :meth:`Event.seen_by`.

Seats are ints inside the library and player names in JSON: ``to_json(players)`` turns
every field named in ``seat_fields`` into a name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

__all__ = [
    "Cards",
    "Chopped",
    "Declared",
    "Discarded",
    "Drew",
    "Event",
    "Passed",
    "Played",
    "Revealed",
    "Seat",
    "Settled",
    "Took",
    "Transfer",
    "View",
    "WentOut",
    "Won",
    "net_of",
]


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: ``payer`` pays ``payee`` ``amount`` lá for ``reason`` (a code listed
    on the game's rules page, e.g. ``cards-left``, ``chop``, ``thoi-2``).

    Amounts are in lá, not yet multiplied by the bet, and never negative.

    >>> t = Transfer(1, 0, 5, "cards-left")
    >>> t.to_json(["An", "Bình"])
    {'from': 'Bình', 'to': 'An', 'amount': 5, 'reason': 'cards-left'}
    >>> t.to_json(["An", "Bình"], bet=3)["amount"]
    15
    """

    payer: int
    payee: int
    amount: int
    reason: str

    def to_json(self, players: Sequence[str], bet: int = 1) -> dict[str, Any]:
        """``{"from", "to", "amount", "reason"}`` with names, the amount × ``bet``."""
        return {
            "from": players[self.payer],
            "to": players[self.payee],
            "amount": self.amount * bet,
            "reason": self.reason,
        }


def net_of(transfers: Sequence[Transfer], n_players: int) -> list[int]:
    """Net lá per seat of a list of transfers (positive = receives); sums to zero.

    >>> net_of([Transfer(1, 0, 5, "x"), Transfer(2, 0, 3, "x")], 3)
    [8, -5, -3]
    """
    net = [0] * n_players
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return net


class Cards(tuple[str, ...]):
    """Cards (in record notation) among words meant for people, so that a screen can
    draw them as cards: a plugin's play-screen words are tuples of ``str`` and
    ``Cards``.

    >>> words = ("On the table: ", Cards(("3S", "4S")))
    >>> "".join(w if not isinstance(w, Cards) else " ".join(w) for w in words)
    'On the table: 3S 4S'
    """

    __slots__ = ()


class Seat(int):
    """A seat inside a view's ``public`` values: written as the player's name in JSON.

    >>> _public_json({"passed": [Seat(1)], "chain": {"victim": Seat(0)}}, ["An", "Bình"])
    {'passed': ['Bình'], 'chain': {'victim': 'An'}}
    """

    __slots__ = ()


def _json_value(value: Any, players: Sequence[str], seat: bool) -> Any:
    if seat:
        return None if value is None or value < 0 else players[value]
    if isinstance(value, Transfer):
        return value.to_json(players)
    if isinstance(value, tuple | list):
        return [_json_value(v, players, False) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Something an action caused. ``seat`` is who it concerns (``None`` for the table).

    Subclasses set ``type`` (the JSON code) and add frozen fields; fields named in
    ``seat_fields`` hold seats and are written as player names. Cards are held in record
    notation (``"3S"``, ``"RK"``), so events read the same in every game.

    >>> Played(0, ("3S", "4S", "5H"), "straight").to_json(["An", "Bình"])
    {'type': 'play', 'player': 'An', 'cards': ['3S', '4S', '5H'], 'combo': 'straight'}
    >>> Chopped(1, victim=0, value=6).to_json(["An", "Bình"])
    {'type': 'chop', 'player': 'Bình', 'victim': 'An', 'value': 6}
    """

    type: ClassVar[str] = "event"
    seat_fields: ClassVar[tuple[str, ...]] = ()

    seat: int | None

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` sees it: itself, unless part of it is hidden from
        that seat (then a copy without the hidden part)."""
        return self

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        """``{"type", "player", ...fields}``, seats written as names."""
        out: dict[str, Any] = {"type": self.type, "player": _json_value(self.seat, players, True)}
        for f in dataclasses.fields(self):
            if f.name == "seat":
                continue
            out[f.name] = _json_value(getattr(self, f.name), players, f.name in self.seat_fields)
        return out


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``cards``, a combination with code ``combo`` (đánh)."""

    type: ClassVar[str] = "play"
    cards: tuple[str, ...] = ()
    combo: str | None = None


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` passed (bỏ lượt), or declined a drawn card in Tứ Sắc."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Chopped(Event):
    """``seat`` chopped ``victim`` (chặt); ``value`` is the chain's value in lá now."""

    type: ClassVar[str] = "chop"
    seat_fields: ClassVar[tuple[str, ...]] = ("victim",)
    victim: int = -1
    value: int = 0


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """``seat`` declared ``what`` (báo Sâm: ``"sam"``)."""

    type: ClassVar[str] = "declare"
    what: str = "sam"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``card`` from the stock (``None`` when the card stays hidden)."""

    type: ClassVar[str] = "draw"
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` discarded ``card``."""

    type: ClassVar[str] = "discard"
    card: str = ""


@dataclass(frozen=True, slots=True)
class Took(Event):
    """``seat`` took ``card`` with ``cards`` of its own (ăn)."""

    type: ClassVar[str] = "take"
    card: str = ""
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """``seat`` shows ``cards`` to the table (Tiến lên: the hand of a tới trắng)."""

    type: ClassVar[str] = "reveal"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` has no cards left (về)."""

    type: ClassVar[str] = "out"


@dataclass(frozen=True, slots=True)
class Won(Event):
    """The game is over: ``seat`` won (``None`` for a draw); ``outcome`` as in the
    referee report, ``instant_win`` the hand's code for an instant win."""

    type: ClassVar[str] = "win"
    outcome: str = "win"
    instant_win: str | None = None


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """The payments of the game (or of a chop chain when its round ends)."""

    type: ClassVar[str] = "settle"
    transfers: tuple[Transfer, ...] = ()


@dataclass(frozen=True)
class View:
    """What one seat may know: the base every game's view extends.

    ``hand`` is the seat's own cards in record notation; ``to_act`` the seat whose choice
    the game waits for (``None`` once over); ``legal`` the actions this seat may take now
    (the game's own action values; empty when it is not this seat's choice); ``counts``
    the cards each seat holds; ``public`` what everyone sees, as JSON-ready values
    (seats in it as :class:`Seat`, events as events: JSON writes both with names);
    ``history`` the events as this seat saw them. Two states that differ only in cards
    hidden from a seat give that seat equal views.

    A game's view subclass may add typed fields its bots read quickly (a hand mask, the
    table to beat); it overrides :meth:`action_json` to write its actions as record
    actions.

    >>> v = View(game="g", seat=0, to_act=0, hand=("3S",), legal=(), counts=(1, 2),
    ...          public={"pile": []}, history=(Passed(1),))
    >>> v.to_json(["An", "Bình"])["history"]
    [{'type': 'pass', 'player': 'Bình'}]
    """

    game: str
    seat: int
    to_act: int | None
    hand: tuple[str, ...]
    legal: tuple[Any, ...]
    counts: tuple[int, ...]
    public: Mapping[str, Any]
    history: tuple[Event, ...]

    def action_json(self, action: Any) -> dict[str, Any]:
        """One of ``legal`` as a record action without ``player``."""
        raise NotImplementedError(f"{type(self).__name__} does not write actions")

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        """``{"game", "seat", "player", "hand", "to_act", "legal", "counts", "public",
        "history"}``: seats in ``to_act`` and ``counts`` as names."""
        return {
            "game": self.game,
            "seat": self.seat,
            "player": players[self.seat],
            "hand": list(self.hand),
            "to_act": None if self.to_act is None else players[self.to_act],
            "legal": [self.action_json(a) for a in self.legal],
            "counts": {players[i]: n for i, n in enumerate(self.counts)},
            "public": _public_json(self.public, players),
            "history": [e.to_json(players) for e in self.history],
        }


def _public_json(value: Any, players: Sequence[str]) -> Any:
    """``public`` as JSON: events through their ``to_json``, :class:`Seat` values (keys
    too) as names, lists and mappings element by element."""
    if isinstance(value, Seat):
        return players[value]
    if isinstance(value, Event):
        return value.to_json(players)
    if isinstance(value, Mapping):
        return {
            (players[k] if isinstance(k, Seat) else k): _public_json(v, players)
            for k, v in value.items()
        }
    if isinstance(value, tuple | list):
        return [_public_json(v, players) for v in value]
    if isinstance(value, Transfer):
        return value.to_json(players)
    return value
