"""Tứ Sắc as a PettingZoo AEC environment (needs ``vncards-tusac`` installed).

Actions (``Discrete(150)``), by id:

- ``0 … 27``: discard one card of kind ``k`` (kind = colour × 7 + piece: đỏ 0, vàng 1,
  xanh 2, trắng 3; Tướng 0, Sĩ 1, Tượng 2, Xe 3, Pháo 4, Mã 5, Chốt 6), e.g. 0 = ``RK``;
- ``28 … 146``: take the active card (ăn) with one of the 119 sets of own cards that
  can join some card in a group — ``TAKES[id - 28]``, sorted by size then kinds; id 28
  is ``()``, the lone Tướng;
- ``147``: draw (bốc); ``148``: pass the drawn card on; ``149``: decline an optional
  winning claim.

Ids name cards: a discard its card's kind, a take the kinds of the own cards it lays
down, so one id means the same cards in every deal. Action features (an option of the
environment): the cards an action moves as counts per kind (28) and its type (5).

Observation (``int8``, seats counted from the observer: 0 = itself, 1 = next …): the
private hand as counts per kind (28), every seat's exposed groups as counts per kind
(players × 28), dead cards per kind (28), the active card (28, one-hot), who put it on
the table (players) and whether it was just drawn (1), whether a discard is owed (1),
private cards per seat (players), Khạp announced per seat (players), cards left in the
stock (1), and whose choice it is (players).

>>> from vncards.envs import tusac_v0
>>> env = tusac_v0.env(players=2)
>>> env.reset(seed=3)
>>> int(env.action_space(env.agent_selection).n)
150
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.core import GamePlugin, IllegalMove, View
from vncards.envs._encoding import DECLINED, Encoding, ObservationLayout
from vncards.envs._factory import game_envs
from vncards.envs._lookup import unknown_actions
from vncards.tusac import (
    DISCARD,
    Discard,
    Draw,
    Pass,
    Take,
    TuSacView,
    format_cards,
    hand_kinds,
    take_shapes,
)

__all__ = [
    "ACTION_TYPES",
    "DECLINE",
    "DRAW",
    "PASS",
    "TAKE0",
    "TAKES",
    "TuSacEncoding",
    "encoding",
    "env",
    "raw_env",
]

KINDS = 28
TAKE0 = KINDS
"""Id of the first take."""
TAKES: tuple[tuple[int, ...], ...] = tuple(
    sorted({own for k in range(KINDS) for own in take_shapes(k)}, key=lambda t: (len(t), t))
)
"""The own cards of each take, in id order: take id ``TAKE0 + i`` uses ``TAKES[i]``."""
DRAW = TAKE0 + len(TAKES)
"""147: draw from the stock."""
PASS = DRAW + 1
"""148: pass the drawn card on."""
DECLINE = PASS + 1
"""149: decline an optional winning claim."""
_SIZE = DECLINE + 1
ACTION_TYPES = ("discard", "take", "draw", "pass", "decline")
"""The type block of Tứ Sắc's action features, in order."""


class TuSacEncoding(Encoding):
    """Tứ Sắc's discard, take, draw, pass and decline ids (see the module docstring).

    >>> from vncards.core import get_game
    >>> from vncards.tusac import Take
    >>> ts = get_game("tusac")
    >>> enc = TuSacEncoding(ts, ts.presets["standard"], 4)
    >>> view = ts.view(ts.new_game(ts.presets["standard"], 4, seed=1), 1)
    >>> enc.action_id(view, Take(1, ())), enc.describe(view, 0), enc.describe(view, 147)
    (28, 'discard RK', 'draw')
    """

    def __init__(self, plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int) -> None:
        self.plugin = plugin
        self.game = plugin.name
        self.n_players = n_players
        self.size = _SIZE
        self.decline_id = DECLINE
        self._take_id = {cards: TAKE0 + i for i, cards in enumerate(TAKES)}
        n = n_players
        self.layout = ObservationLayout(
            [
                ("hand", KINDS, 4),
                ("exposed", n * KINDS, 4),
                ("dead", KINDS, 4),
                ("active", KINDS, 1),
                ("active_seat", n, 1),
                ("drawn", 1, 1),
                ("discard_owed", 1, 1),
                ("cards_left", n, 21),
                ("khap", n, 7),
                ("stock", 1, 112),
                ("to_act", n, 1),
            ]
        )
        self._slices = self.layout.slices

    def action_id(self, view: View, action: Any) -> int:
        """The id of a Discard, Take, Draw, Pass or :data:`DECLINED`."""
        if action is DECLINED:
            return DECLINE
        if isinstance(action, Discard):
            return int(action.card)
        if isinstance(action, Take):
            found = self._take_id.get(action.cards)
            if found is not None:
                return found
        elif isinstance(action, Draw):
            return DRAW
        elif isinstance(action, Pass):
            return PASS
        raise IllegalMove("no-such-action", f"Tứ Sắc has no action {action!r}.")

    def action(self, view: View, action_id: int) -> Any:
        """The action of id ``action_id`` for ``view.seat``."""
        self.check_id(action_id)
        seat = view.seat
        if action_id < KINDS:
            return Discard(seat, action_id)
        if action_id < DRAW:
            return Take(seat, TAKES[action_id - TAKE0])
        if action_id == DRAW:
            return Draw(seat)
        if action_id == PASS:
            return Pass(seat)
        return DECLINED

    def describe(self, view: View, action_id: int) -> str:
        """``discard RK``, ``take with RA RE``, ``take alone``, ``draw``, ``pass``,
        ``decline``."""
        fmt = format_cards
        if not 0 <= action_id < self.size:
            return "not an action of this game"
        if action_id < KINDS:
            return "discard " + fmt([action_id])[0]
        if action_id < DRAW:
            own = TAKES[action_id - TAKE0]
            return "take with " + " ".join(fmt(own)) if own else "take alone"
        return {DRAW: "draw", PASS: "pass", DECLINE: "decline"}[action_id]

    feature_parts = (("cards", KINDS), ("type", len(ACTION_TYPES)))

    def action_features(self, view: View, actions: Sequence[Any]) -> np.ndarray:
        """Per action: the cards it moves as counts per kind (a discard's card; a take's
        own cards and the card taken) and its type, one-hot in :data:`ACTION_TYPES`
        order.

        >>> from vncards.core import get_game
        >>> from vncards.tusac import Discard
        >>> ts = get_game("tusac")
        >>> enc = TuSacEncoding(ts, ts.presets["standard"], 4)
        >>> view = ts.view(ts.new_game(ts.presets["standard"], 4, seed=1), 0)
        >>> enc.action_features(view, [Discard(0, 3)])[0].nonzero()[0].tolist()
        [3, 28]
        """
        out = np.zeros((len(actions), self.feature_size), dtype=np.float32)
        active = _tusac_view(view).active
        for row, a in enumerate(actions):
            if isinstance(a, Discard):
                out[row, a.card] += 1
                kind = "discard"
            elif isinstance(a, Take):
                for k in (*a.cards, active):
                    if k >= 0:
                        out[row, k] += 1
                kind = "take"
            else:
                kind = "decline" if a is DECLINED else "draw" if isinstance(a, Draw) else "pass"
            out[row, KINDS + ACTION_TYPES.index(kind)] = 1
        return out

    def observe(self, view: View, draft: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of ``view`` (see the module docstring)."""
        v = _tusac_view(view)
        n = self.n_players
        me = v.seat
        sl = self._slices
        out = np.zeros(self.layout.size, dtype=np.int8)
        for k in hand_kinds(v.own):
            out[k] += 1
        exposed0 = sl["exposed"].start
        for s, groups in enumerate(v.exposed):
            base = exposed0 + ((s - me) % n) * KINDS
            for g in groups:
                for k in g.cards:
                    out[base + k] += 1
        out[sl["dead"]] = v.dead
        if v.active >= 0:
            out[sl["active"].start + v.active] = 1
            out[sl["active_seat"].start + (v.source - me) % n] = 1
            out[sl["drawn"].start] = v.drawn
        out[sl["discard_owed"].start] = v.phase == DISCARD and not v.finished
        left0, khap0 = sl["cards_left"].start, sl["khap"].start
        for s in range(n):
            out[left0 + (s - me) % n] = v.counts[s]
            out[khap0 + (s - me) % n] = v.khap[s]
        out[sl["stock"].start] = v.stock_left
        if v.to_act is not None:
            out[sl["to_act"].start + (v.to_act - me) % n] = 1
        return out

    def render(self, view: View, players: Sequence[str]) -> str:
        """The table from ``view.seat``: each seat's exposed groups and hand size, the
        active card, the stock, the hand."""
        v = _tusac_view(view)
        n = self.n_players
        lines = [f"{self.plugin.title} — seen from {players[v.seat]}"]
        for r in range(n):
            s = (v.seat + r) % n
            groups = " ".join("".join(format_cards(g.cards)) for g in v.exposed[s]) or "-"
            marks = [m for m, on in (("dealer", s == v.dealer), ("to act", s == v.to_act)) if on]
            note = f" ({', '.join(marks)})" if marks else ""
            lines.append(f"  {players[s]}: {v.counts[s]} cards, groups {groups}{note}")
        if v.active >= 0:
            how = "drawn by" if v.drawn else "from"
            active = f"{format_cards([v.active])[0]} ({how} {players[v.source]})"
        else:
            active = "none"
        lines.append(f"  active card: {active}; stock: {v.stock_left}")
        lines.append("  hand: " + (" ".join(format_cards(hand_kinds(v.own))) or "(empty)"))
        return "\n".join(lines)


def _tusac_view(view: View) -> TuSacView:
    if not isinstance(view, TuSacView):
        raise TypeError(f"a Tứ Sắc encoding reads Tứ Sắc views, not {type(view).__name__}")
    return view


def encoding(
    plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int, actions: str = "cards"
) -> TuSacEncoding:
    """Tứ Sắc's encoding (what :func:`vncards.envs.encoding_for` looks up); its only
    ``actions`` is ``"cards"``."""
    if actions != "cards":
        raise unknown_actions(plugin.name, actions, ("cards",))
    return TuSacEncoding(plugin, rules, n_players)


env, raw_env = game_envs("tusac", "Tứ Sắc", __name__)
