"""The referee's pass over a record's actions, as a plain typed function (compiled): each
action read by the game and applied, up to the first illegal one.

>>> from vncards.tienlen import plugin
>>> from vncards.core import load_record
>>> deal = plugin.record_deal(plugin.new_game(plugin.presets["dem-la"], 2, seed=5))
>>> names = ["A", "B"]
>>> rec = load_record({"game": "tienlen", "players": names, "first": names[deal["first"]],
...     "hands": dict(zip(names, deal["hands"])),
...     "actions": [{"player": names[1 - deal["first"]], "pass": True}]})
>>> state = plugin.state_from_record(rec, plugin.presets["dem-la"])
>>> index, error = rule_actions(plugin, state, rec, None)
>>> index, error.code
(0, 'not-your-turn')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vncards.core._drive import drive
from vncards.core._errors import IllegalMove
from vncards.core._records import GameRecord

__all__ = ["rule_actions"]


def rule_actions(
    plugin: Any, state: Any, record: GameRecord, events: list[list[Any]] | None
) -> tuple[int, IllegalMove | None]:
    """Read and apply ``record``'s actions to ``state`` with ``plugin``: the index of the
    first illegal action and its :class:`IllegalMove`, or ``(-1, None)``. The actions
    after an illegal one are still read (an unreadable card among them makes the record
    unreadable) but not applied. With ``events``, the events of each legal action are
    appended to it, one list per action."""
    reader = _Reader(plugin, record)
    keep = None if events is None else _EventList(events)
    try:
        drive(
            plugin,
            state,
            reader,
            on_action=None if keep is None else keep.add,
            decisions=reader.decision,
            max_steps=len(record.actions) + 1,
        )
    except IllegalMove as e:
        if reader.reading:  # raised by the game's reading, not by apply: not a ruling
            raise
        index = reader.index - 1
        for later in range(reader.index, len(record.actions)):
            reader.read(state, later, reader.seat(later))
        return index, e
    return -1, None


class _Turn:
    """What :func:`drive` is handed for a record's next action: the seat that took it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.actions: Sequence[Any] = ()
        self.optional = False


class _Reader:
    """A record's actions, one after the other, as :func:`drive`'s decisions (the seat
    of the next action) and chooser (that action, read by the game)."""

    name = "record"

    def __init__(self, plugin: Any, record: GameRecord) -> None:
        # the plugin's one-call reader when it has one (the same reading, fewer calls)
        reader = getattr(plugin, "action_reader", None)
        self.read_action = plugin.action_from_record if reader is None else reader()
        self.record = record
        self.actions = record.actions
        self.seats = {name: seat for seat, name in enumerate(record.players)}
        self.turns = [_Turn(seat) for seat in range(len(record.players))]
        # each action's turn, found once; a name not among the players is looked up
        # when its action comes (where the record is found unreadable)
        seats, turns = self.seats, self.turns
        self.turn_of: list[_Turn | None] = [
            turns[seats[a.player]] if a.player in seats else None for a in self.actions
        ]
        self.index = 0
        self.reading = False

    def seat(self, index: int) -> int:
        """The seat of the player who took action ``index``."""
        name = self.actions[index].player
        seat = self.seats.get(name)
        return self.record.seat_of(name) if seat is None else seat

    def decision(self, state: Any) -> _Turn | None:
        """The seat of the next action, or ``None`` after the last one."""
        index = self.index
        if index >= len(self.turn_of):
            return None
        turn = self.turn_of[index]
        return self.turns[self.seat(index)] if turn is None else turn

    def read(self, state: Any, index: int, seat: int) -> Any:
        """Action ``index`` of the record, taken by ``seat``, as the game reads it."""
        self.reading = True
        action = self.read_action(state, self.actions[index], seat)
        self.reading = False
        return action

    def __call__(self, state: Any, decision: Any) -> Any:
        """The next action of the record, read against ``state``."""
        index = self.index
        self.reading = True
        action = self.read_action(state, self.actions[index], decision.seat)
        self.reading = False
        self.index = index + 1
        return action


class _EventList:
    """Appends the events of each applied action, as a list of their own."""

    def __init__(self, events: list[list[Any]]) -> None:
        self.events = events

    def add(self, action: Any, caused: Sequence[Any]) -> None:
        self.events.append(list(caused))
