"""A seat's view as JSON (``infos[agent]["view"]``), the same as ``View.to_json`` writes
it, with each history event written once per game.

A view's history grows by an action's events at every step, and its events are the
same (frozen) objects from one step to the next: :class:`ViewJson` keeps the JSON of
each event it has written and hands out a fresh copy of it, so that no two infos share
a list or a dict. The ``public`` values are written with shortcuts for the values they
mostly hold (card tokens, numbers, seats); anything else goes through the core's own
writer. A view class with its own ``to_json`` is written by it.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> players = ["An", "Bình", "Chi", "Dũng"]
>>> writer = ViewJson(players)
>>> view = plugin.view(state, state.turn)
>>> writer.write(view) == view.to_json(players)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vncards.core import Event, Seat, View
from vncards.core._events import _public_json

__all__ = ["ViewJson", "json_copy"]

_BASE_TO_JSON: Any = View.to_json


def json_copy(value: Any) -> Any:
    """A copy of JSON-shaped ``value``: every dict and list new, other values shared
    (as ``to_json`` shares them).

    >>> a = {"cards": ["3S"], "n": 1}
    >>> b = json_copy(a)
    >>> b == a, b["cards"] is a["cards"]
    (True, False)
    """
    kind = type(value)
    if kind is dict:
        return {k: json_copy(v) for k, v in value.items()}
    if kind is list:
        return [json_copy(v) for v in value]
    return value


def _plain(value: Any) -> bool:
    """Whether ``value`` is written as itself (a string, a plain number, ``None``)."""
    kind = type(value)
    return kind is str or kind is int or kind is bool or kind is float or value is None


def _seat_keyed(value: dict[Any, Any]) -> bool:
    """Whether ``value`` maps seats or names to whole numbers or lists (``played``,
    ``chop_net``)."""
    if not all(type(k) is Seat or type(k) is str for k in value):
        return False
    return all(type(v) is int or type(v) is list for v in value.values())


class ViewJson:
    """Writes views of one table (``players`` the names of its seats) as JSON, keeping
    the JSON of the events of the latest history written.

    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
    >>> _ = plugin.apply(state, plugin.legal_actions(state)[0])
    >>> writer = ViewJson(["An", "Bình", "Chi", "Dũng"])
    >>> a, b = writer.write(plugin.view(state, 0)), writer.write(plugin.view(state, 0))
    >>> a == b, a["history"][0] is b["history"][0]
    (True, False)
    """

    def __init__(self, players: Sequence[str]) -> None:
        self.players: list[str] = list(players)
        self._events: dict[int, tuple[Event, Any]] = {}

    def write(self, view: View) -> dict[str, Any]:
        """``view.to_json(players)``."""
        players = self.players
        if type(view).to_json is not _BASE_TO_JSON:
            return view.to_json(players)
        to_act = view.to_act
        return {
            "game": view.game,
            "seat": view.seat,
            "player": players[view.seat],
            "hand": list(view.hand),
            "to_act": None if to_act is None else players[to_act],
            "legal": [view.action_json(a) for a in view.legal],
            "counts": {players[i]: n for i, n in enumerate(view.counts)},
            "public": self._public(view.public),
            "history": self._history(view.history),
        }

    def _history(self, events: Sequence[Event]) -> list[Any]:
        """Each event's JSON, written anew only for events not in the last history."""
        known = self._events
        kept: dict[int, tuple[Event, Any]] = {}
        out = []
        for e in events:
            hit = known.get(id(e))
            if hit is None or hit[0] is not e:
                hit = (e, e.to_json(self.players))
            kept[id(e)] = hit
            out.append(json_copy(hit[1]))
        self._events = kept
        return out

    def _public(self, public: Any) -> Any:
        """The core's ``public`` JSON, its usual values written directly."""
        if isinstance(public, Seat | Event) or not isinstance(public, Mapping):
            return _public_json(public, self.players)
        players = self.players
        return {
            (players[k] if isinstance(k, Seat) else k): self._value(v) for k, v in public.items()
        }

    def _value(self, value: Any) -> Any:
        """One value of ``public`` as the core writes it."""
        if _plain(value):
            return value
        players = self.players
        kind = type(value)
        if kind is Seat:
            return players[value]
        if kind is list or kind is tuple:
            if all(type(v) is str for v in value):
                return list(value)
            if all(type(v) is Seat for v in value):
                return [players[v] for v in value]
        elif kind is dict and _seat_keyed(value):
            return {
                (players[k] if type(k) is Seat else k): v if type(v) is int else self._value(v)
                for k, v in value.items()
            }
        return _public_json(value, players)
