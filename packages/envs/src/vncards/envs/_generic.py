"""The generic encoding: an environment for any installed game that has no encoding of
its own, built only from the plugin protocol — each seat's view and the record actions
its legal actions are written as.

Actions: ``Discrete(max_actions + 1)``. The actions a seat is offered are sorted by
their record action (as canonical JSON) and numbered from 0 in that order; the last id
declines an optional choice. An id is a place in that order, so it means the same
action only within one position: a game that wants ids that name cards registers its
own encoding (see :data:`vncards.envs.ENTRY_POINT_GROUP`).

Observation (``int8``): ``hand`` — the seat's card tokens counted into 64 buckets by a
stable hash of the token, ``counts`` — cards per seat (players; seats counted from the
observer), ``to_act`` (players), ``legal`` — how many actions are offered (1), and
``history`` — how many events the seat has seen (1), each capped at 127.

Action features: the card tokens of the record action in the same 64 buckets, and its
field names hashed into 16 buckets.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from vncards.core import GamePlugin, IllegalMove, View
from vncards.envs._encoding import DECLINED, Encoding, ObservationLayout

__all__ = ["BUCKETS", "GenericEncoding"]

BUCKETS = 64
"""Buckets of the hashed card tokens."""
_FIELDS = 16
_CAP = 127


def bucket(token: str, size: int = BUCKETS) -> int:
    """The bucket of ``token``: its CRC-32 modulo ``size`` (the same in every run).

    >>> bucket("3S"), bucket("3S") == bucket("3S")
    (1, True)
    """
    return zlib.crc32(token.encode("utf-8")) % size


def _record(view: View, action: Any) -> dict[str, Any]:
    try:
        return view.action_json(action)
    except NotImplementedError:
        return {"action": repr(action)}


def _key(view: View, action: Any) -> str:
    return json.dumps(_record(view, action), sort_keys=True, ensure_ascii=False, default=str)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


class GenericEncoding(Encoding):
    """The encoding every plugin gets when nothing better is registered (see the module
    docstring).

    >>> from vncards.core import get_game
    >>> ts = get_game("tusac")
    >>> enc = GenericEncoding(ts, ts.presets["standard"], 4)
    >>> enc.size, enc.decline_id, enc.layout.size
    (257, 256, 74)
    """

    feature_parts = (("cards", BUCKETS), ("fields", _FIELDS))

    def __init__(
        self,
        plugin: GamePlugin[Any, Any, Any],
        rules: Any,
        n_players: int,
        max_actions: int = 256,
    ) -> None:
        self.plugin = plugin
        self.game = plugin.name
        self.n_players = n_players
        self.max_actions = max_actions
        self.size = max_actions + 1
        self.decline_id = max_actions
        n = n_players
        self.layout = ObservationLayout(
            [
                ("hand", BUCKETS, _CAP),
                ("counts", n, _CAP),
                ("to_act", n, 1),
                ("legal", 1, _CAP),
                ("history", 1, _CAP),
            ]
        )
        self._slices = self.layout.slices

    def _order(self, view: View, actions: Sequence[Any]) -> list[int]:
        """The places of ``actions`` sorted by their record JSON."""
        if len(actions) > self.max_actions:
            raise IllegalMove(
                "too-many-actions",
                f"{self.game} offers {len(actions)} actions here, more than the generic"
                f" encoding's {self.max_actions}; register an encoding for this game.",
            )
        keys = [_key(view, a) for a in actions]
        return sorted(range(len(actions)), key=keys.__getitem__)

    def legal_places(
        self, view: View, actions: Sequence[Any], optional: bool
    ) -> tuple[list[int], list[int]]:
        """Ids ``0 … len(actions) - 1`` in record order, then the decline id."""
        places = self._order(view, actions)
        ids = list(range(len(places)))
        if optional:
            ids.append(self.max_actions)
            places.append(len(actions))
        return ids, places

    def action_id(self, view: View, action: Any) -> int:
        """The place of ``action`` among the view's legal actions, in record order."""
        if action is DECLINED:
            return self._decline_id()
        legal = list(view.legal)
        for rank, place in enumerate(self._order(view, legal)):
            if legal[place] == action:
                return rank
        raise IllegalMove("no-such-action", f"{action!r} is not offered to this seat now.")

    def action(self, view: View, action_id: int) -> Any:
        """The legal action of id ``action_id`` in ``view``."""
        self.check_id(action_id)
        if action_id == self.decline_id:
            return DECLINED
        legal = list(view.legal)
        order = self._order(view, legal)
        if action_id >= len(order):
            raise IllegalMove(
                "no-such-action", f"Action {action_id}: only {len(order)} actions are offered."
            )
        return legal[order[action_id]]

    def describe(self, view: View, action_id: int) -> str:
        """The record action as JSON, or ``decline``; never raises."""
        if action_id == self.decline_id:
            return "decline"
        try:
            return _key(view, self.action(view, action_id))
        except IllegalMove:
            return "not an action offered now"

    def action_features(self, view: View, actions: Sequence[Any]) -> np.ndarray:
        """Per action: its card tokens and its field names, hashed."""
        out = np.zeros((len(actions), self.feature_size), dtype=np.float32)
        for row, a in enumerate(actions):
            if a is DECLINED:
                out[row, BUCKETS + bucket("decline", _FIELDS)] = 1
                continue
            record = _record(view, a)
            for token in _strings(record):
                out[row, bucket(token)] += 1
            for name in record:
                out[row, BUCKETS + bucket(name, _FIELDS)] = 1
        return out

    def observe(self, view: View, draft: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of ``view`` (see the module docstring)."""
        n = self.n_players
        me = view.seat
        sl = self._slices
        out = np.zeros(self.layout.size, dtype=np.int16)
        for token in view.hand:
            out[bucket(token)] += 1
        for s, count in enumerate(view.counts[:n]):
            out[sl["counts"].start + (s - me) % n] = count
        if view.to_act is not None:
            out[sl["to_act"].start + (view.to_act - me) % n] = 1
        out[sl["legal"].start] = len(view.legal)
        out[sl["history"].start] = len(view.history)
        return np.minimum(out, _CAP).astype(np.int8)

    def render(self, view: View, players: Sequence[str]) -> str:
        """The seat's hand, each seat's count of cards, and whose choice it is."""
        lines = [f"{self.plugin.title} — seen from {players[view.seat]}"]
        for s, count in enumerate(view.counts):
            note = " (to act)" if view.to_act == s else ""
            lines.append(f"  {players[s]}: {count} cards{note}")
        lines.append("  hand: " + (" ".join(view.hand) or "(empty)"))
        return "\n".join(lines)
