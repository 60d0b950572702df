"""A seat's view as JSON (``infos[agent]["view"]``), the same as ``View.to_json`` writes
it, with each history event written once per game.

A view's history grows by an action's events at every step, and its events are the
same (frozen) objects from one step to the next: :class:`ViewJson` keeps the JSON of
the last history it wrote, writes only the events past the part the new history shares
with it, and hands out fresh copies, so that no two infos share a list or a dict. The
``public`` values are written with shortcuts for the values they mostly hold (card
tokens, numbers, seats); anything else goes through the core's own writer. A climbing
game's view (:class:`~vncards.core.ShedView` itself) has its ``public`` values and its
plays written straight from its typed fields, as ``ShedView`` writes them. A view class
with its own ``to_json`` is written by it, an event class with its own ``to_json`` too.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> players = ["An", "Bình", "Chi", "Dũng"]
>>> writer = ViewJson(players)
>>> view = plugin.view(state, state.turn)
>>> writer.write(view) == view.to_json(players)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from vncards.core import Event, Pass, Play, PlayList, Seat, ShedView, View
from vncards.core._events import _json_value, _public_json
from vncards.core.climbing._tokens import _cards
from vncards.core.climbing._view import _Public

__all__ = ["ViewJson", "json_copy"]

_BASE_TO_JSON: Any = View.to_json
_EVENT_TO_JSON: Any = Event.to_json
_SHED_PUBLIC: Any = ShedView._public_values
_SHED_ACTION: Any = ShedView.action_json
_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}
"""Event class → its fields after ``seat``, each with whether it holds a seat."""


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
        return _copy_dict(value)
    if kind is list:
        return _copy_list(value)
    return value


def _copy_dict(d: dict[Any, Any]) -> dict[Any, Any]:
    out = d.copy()
    for k, v in d.items():
        if type(v) is list or type(v) is dict:
            out[k] = json_copy(v)
    return out


def _copy_list(items: list[Any]) -> list[Any]:
    out = items.copy()
    for i, v in enumerate(items):
        if type(v) is list or type(v) is dict:
            out[i] = json_copy(v)
    return out


def _plain(value: Any) -> bool:
    """Whether ``value`` is written as itself (a string, a plain number, ``None``)."""
    kind = type(value)
    return kind is str or kind is int or kind is bool or kind is float or value is None


def _seat_names(mask: int, players: Sequence[str]) -> list[str]:
    """The names of the seats of a seat mask, lowest seat first."""
    return [players[i] for i in range(mask.bit_length()) if mask >> i & 1]


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
        self._seen: list[Event] = []
        self._written: list[Any] = []

    def write(self, view: View) -> dict[str, Any]:
        """``view.to_json(players)``."""
        players = self.players
        if type(view).to_json is not _BASE_TO_JSON:
            return view.to_json(players)
        to_act = view.to_act
        if type(view) is ShedView and isinstance(view, ShedView):
            legal, public = self._legal(view), self._shed_public(view)
        else:
            legal = [view.action_json(a) for a in view.legal]
            public = self._public(view.public)
        return {
            "game": view.game,
            "seat": view.seat,
            "player": players[view.seat],
            "hand": list(view.hand),
            "to_act": None if to_act is None else players[to_act],
            "legal": legal,
            "counts": {players[i]: n for i, n in enumerate(view.counts)},
            "public": public,
            "history": self._history(view.history),
        }

    def _history(self, events: Sequence[Event]) -> list[Any]:
        """Each event's JSON, written anew only past the part of the history that is
        the last history's (the same event objects, in the same places)."""
        seen = self._seen
        same = 0
        most = min(len(seen), len(events))
        while same < most and events[same] is seen[same]:
            same += 1
        written = self._written[:same]
        for k in range(same, len(events)):
            written.append(self._event(events[k]))
        self._seen = list(events)
        self._written = written
        return [json_copy(j) for j in written]

    def _event(self, e: Event) -> Any:
        """``e.to_json(players)``, the fields of an event class read once."""
        if type(e).to_json is not _EVENT_TO_JSON:
            return e.to_json(self.players)
        players = self.players
        fields = _FIELDS.get(type(e))
        if fields is None:
            names = [f.name for f in dataclasses.fields(e) if f.name != "seat"]
            fields = _FIELDS[type(e)] = tuple((n, n in e.seat_fields) for n in names)
        seat = e.seat
        out: dict[str, Any] = {
            "type": e.type,
            "player": None if seat is None or seat < 0 else players[seat],
        }
        for name, is_seat in fields:
            value = getattr(e, name)
            if is_seat:
                out[name] = _json_value(value, players, True)
            elif type(value) is tuple and all(type(v) is str for v in value):
                out[name] = list(value)
            elif _plain(value):
                out[name] = value
            else:
                out[name] = _json_value(value, players, False)
        return out

    def _legal(self, view: ShedView) -> list[Any]:
        """The JSON of a climbing view's actions, as ``ShedView.action_json`` writes them."""
        legal: Any = view.legal
        if type(view).action_json is not _SHED_ACTION:
            return [view.action_json(a) for a in legal]
        if type(legal) is PlayList:
            out: list[Any] = [{"play": _cards(m)} for m in legal.masks]
            if legal.can_pass:
                out.append({"pass": True})
            return out
        out = []
        for a in legal:
            if type(a) is Play:
                out.append({"play": _cards(a.cards)})
            elif type(a) is Pass:
                out.append({"pass": True})
            else:
                out.append(view.action_json(a))
        return out

    def _shed_public(self, view: ShedView) -> Any:
        """A climbing view's ``public`` JSON from its typed fields (as
        ``ShedView._public_values`` and the core's writer make it)."""
        if type(view.public) is not _Public or type(view)._public_values is not _SHED_PUBLIC:
            return self._public(view.public)
        players = self.players
        table = view.table
        chain: dict[str, Any] | None = None
        if view.chain_value:
            chain = {
                "value": view.chain_value,
                "victim": players[view.chain_victim],
                "chopper": players[view.chain_chopper],
            }
        return {
            "table": None
            if table is None
            else {
                "type": "play",
                "player": None if view.table_seat < 0 else players[view.table_seat],
                "cards": _cards(table.mask),
                "combo": table.kind.code,
            },
            "pile": _cards(view.pile),
            "played": {players[s]: _cards(m) for s, m in enumerate(view.played_by)},
            "passed": _seat_names(view.passed, players),
            "out": _seat_names(view.out, players),
            "chain": chain,
            "chop_net": {players[s]: v for s, v in enumerate(view.chop_net)},
            "first": players[view.first],
            "declarations": [self._event(e) for e in view.declarations],
        }

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
