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

from typing import Any

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
    seats = {name: seat for seat, name in enumerate(record.players)}
    read = plugin.action_from_record
    apply = plugin.apply
    actions = record.actions
    for index in range(len(actions)):
        raw = actions[index]
        action = read(state, raw, _seat(record, seats, raw.player))
        try:
            caused = apply(state, action)
        except IllegalMove as e:
            for later in range(index + 1, len(actions)):
                after = actions[later]
                read(state, after, _seat(record, seats, after.player))
            return index, e
        if events is not None:
            events.append(list(caused))
    return -1, None


def _seat(record: GameRecord, seats: dict[str, int], name: str) -> int:
    seat = seats.get(name)
    return record.seat_of(name) if seat is None else seat
