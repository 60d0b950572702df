"""What the learner's network reads in Tứ Sắc: one row for the seat's view and one row
per legal action, small integers (``uint8``) that :data:`MeldFeatures.scale` turns into
the network's inputs.

The state row, from the seat's :class:`~vncards.tusac.TuSacView` alone (seats counted
from the observer: 0 itself, 1 the next in turn order …; a table of fewer seats leaves
the last ones empty), per kind of card (28 each): ``own`` — copies in the private hand
(0–4), ``seen`` — copies every player sees (exposed groups, dead cards, the active
card), ``exposed`` by each seat (players × 28), ``dead``, and the ``active`` card
(one-hot); then per seat (players each, one-hot): who showed the active card
(``source``), whose ``turn`` it is, who owes a pending đền (``den``); per seat again:
private hand sizes (``counts``) and the Khạp each announced (``khap``); the ``phase``
(discard or active, one-hot); four flags — the active card was ``drawn``, the player in
turn has just taken (``after_take``), this choice is ``optional`` (a winning claim),
this seat ``declined`` a win on this card; the cards left in the stock, and the fewest
rác the private hand groups into (``junk``, from the solver).

The action row: its ``type`` one-hot (discard, take, draw, pass: 4), the
``discarded`` kind (one-hot, 28), the ``taken`` kinds (counts, 28: the seat's own cards
and the active card), ``win`` — whether it wins the hand (a winning claim), ``junk``
left in the private hand after it (before the discard a take owes), ``left`` — the
private hand's size after it, a discard's ``outs`` (unseen copies that would have grouped
with it) and ``worst`` — whether it is among the discards with the fewest outs (the ones
that never owe đền), and ``advised`` — whether it is the choice of the advisor bot (the
game's greedy bot) in the same view.

An offered win is always taken, as the greedy and search bots take it: a winning claim
gets no decline row, so the network chooses among the winning takes (whose groups and
lệnh differ) and never lets the win go.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.tusac import ACTIVE, Discard, Draw, Take, TuSacView, worst_of
from vncards.tusac._solver import hand_remove, hand_size, min_junk

__all__ = ["MeldFeatures"]

KINDS = 28
ACTION_TYPES = ("discard", "take", "draw", "pass")
"""The action types of a row, in the order of its one-hot ``type``."""
_TYPE = {name: i for i, name in enumerate(ACTION_TYPES)}
_DISCARDED = len(ACTION_TYPES)
_TAKEN = _DISCARDED + KINDS
_WIN = _TAKEN + KINDS
_JUNK, _LEFT, _OUTS, _WORST, _ADVISED = _WIN + 1, _WIN + 2, _WIN + 3, _WIN + 4, _WIN + 5
_POW5 = np.array([5**p for p in range(7)], dtype=np.int64)


def _kind_counts(hand: tuple[int, int, int, int]) -> np.ndarray:
    """The 28 copy counts of a solver hand (four base-5 colour values)."""
    return (np.array(hand, dtype=np.int64)[:, None] // _POW5 % 5).reshape(KINDS)


class MeldFeatures:
    """The feature rows of Tứ Sắc for tables of up to ``seats`` seats (see the module
    docstring).

    >>> from vncards.tusac import plugin
    >>> f = MeldFeatures(4)
    >>> view = plugin.view(plugin.new_game(plugin.presets["standard"], 4, seed=1), 0)
    >>> f.state(view).shape, f.state_size, f.action_size
    ((252,), 252, 66)
    >>> rows = f.actions(view, view.legal, view.optional)
    >>> rows.shape == (len(view.legal), 66), int(rows[:, 0].sum()) == len(view.legal)
    (True, True)
    """

    view_type = TuSacView
    """The view these features read."""

    def __init__(self, seats: int = 4) -> None:
        n = self.seats = seats
        self._seen = KINDS
        self._exposed = 2 * KINDS
        self._dead = self._exposed + n * KINDS
        self._active = self._dead + KINDS
        self._source = self._active + KINDS
        self._turn = self._source + n
        self._den = self._turn + n
        self._counts = self._den + n
        self._khap = self._counts + n
        self._phase = self._khap + n
        self._flags = self._phase + 2
        self._stock = self._flags + 4
        self._junk = self._stock + 1
        self.state_size = self._junk + 1
        self.action_size = _ADVISED + 1
        self.advised = _ADVISED
        """The column of the ``advised`` flag in an action row."""
        scale = np.ones(self.state_size + self.action_size, dtype=np.float32)
        scale[: self._active] = 1 / 4
        scale[self._counts : self._khap] = 1 / 20
        scale[self._khap : self._phase] = 1 / 3
        scale[self._stock] = 1 / 64
        scale[self._junk] = 1 / 8
        a = self.state_size
        scale[a + _TAKEN : a + _WIN] = 1 / 2
        scale[a + _JUNK] = 1 / 8
        scale[a + _LEFT] = 1 / 20
        scale[a + _OUTS] = 1 / 8
        self.scale = scale
        """Multiplies a joined ``[state, action]`` row into the network's input."""

    def state(self, view: TuSacView) -> np.ndarray:
        """The state row of ``view`` (``uint8``)."""
        n = len(view.counts)
        if n > self.seats:
            raise ValueError(f"these features have room for {self.seats} seats, not {n}")
        me = view.seat
        out = np.zeros(self.state_size, dtype=np.uint8)
        out[:KINDS] = _kind_counts(view.own)
        out[self._seen : self._exposed] = view.seen
        out[self._dead : self._active] = view.dead
        for s, groups in enumerate(view.exposed):
            if groups:
                base = self._exposed + KINDS * ((s - me) % n)
                for g in groups:
                    for k in g.cards:
                        out[base + k] += 1
        if view.active >= 0:
            out[self._active + view.active] = 1
            out[self._source + (view.source - me) % n] = 1
        out[self._turn + (view.turn - me) % n] = 1
        if view.den_seat >= 0:
            out[self._den + (view.den_seat - me) % n] = 1
        for s in range(n):
            r = (s - me) % n
            out[self._counts + r] = view.counts[s]
            out[self._khap + r] = view.khap[s]
        out[self._phase + (view.phase == ACTIVE)] = 1
        f = self._flags
        out[f], out[f + 1] = view.drawn, view.after_take
        out[f + 2], out[f + 3] = view.optional, view.declined
        out[self._stock] = view.stock_left
        out[self._junk] = min_junk(view.own)
        return out

    def actions(self, view: TuSacView, actions: Sequence[Any], optional: bool) -> np.ndarray:
        """One action row per offered action, in order: what the network scores to
        choose (no decline row when ``optional``: an offered win is taken)."""
        k = len(actions)
        out = np.zeros((k, self.action_size), dtype=np.uint8)
        hand = view.own
        size = hand_size(hand)
        junk = min_junk(hand)
        outs: dict[int, int] | None = None
        worst: list[int] = []
        for i, a in enumerate(actions):
            row = out[i]
            kind = type(a)
            if kind is Discard:
                if outs is None:
                    worst, outs = worst_of(hand, view.seen)
                row[_TYPE["discard"]] = 1
                row[_DISCARDED + a.card] = 1
                row[_JUNK] = min_junk(hand_remove(hand, a.card))
                row[_LEFT] = size - 1
                row[_OUTS] = min(outs.get(a.card, 0), 255)
                row[_WORST] = a.card in worst
            elif kind is Take:
                after = hand
                for c in a.cards:
                    after = hand_remove(after, c)
                    row[_TAKEN + c] += 1
                row[_TAKEN + view.active] += 1
                row[_TYPE["take"]] = 1
                row[_WIN] = optional
                row[_JUNK] = min_junk(after)
                row[_LEFT] = size - len(a.cards)
            else:
                row[_TYPE["draw" if kind is Draw else "pass"]] = 1
                row[_JUNK] = junk
                row[_LEFT] = size
        return out
