"""What the learner's network reads in a climbing game: one row for the seat's view and
one row per legal action, small integers (``uint8``) that :data:`scale` turns into the
network's inputs.

The state row, from the seat's :class:`~vncards.core.ShedView` alone (seats counted from
the observer: 0 itself, 1 the next in turn order …; a table of fewer seats than the
rows have room for leaves the last ones empty): ``hand`` (52 card bits), ``unseen``
— cards neither in the hand nor played (52), ``played`` by each seat (players × 52),
``table`` — the combination to beat (52), ``table_seat`` (players, one-hot), ``leading``
(1), ``cards_left`` per seat (players, 0–13), ``few_left`` — whether a seat holds 1, 2
or 3 cards (players × 3, one-hot), ``passed`` this round (players).

The action row: ``cards`` it plays (52), its ``type`` one-hot in
:data:`~vncards.envs._shedding.ACTION_TYPES` order (10), ``size`` — how many cards
(0–13), ``left`` — how many the seat keeps after it (0–13), ``out`` — whether it
empties the hand (1), and ``advised`` — whether it is the choice of an advisor bot that
reads the same view (the game's greedy bot, for the ``net`` bots; 1), which lets a
network start from that bot's play and learn where to leave it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.core import Declare, Play, ShedView
from vncards.envs._shedding import ACTION_TYPES

__all__ = ["ClimbFeatures", "mask_bits"]

_TYPES = {name: i for i, name in enumerate(ACTION_TYPES)}
_ACTION_BASE = 52 + len(ACTION_TYPES)


def mask_bits(masks: Sequence[int]) -> np.ndarray:
    """The 52 card bits of each card mask in ``masks``: shape ``(len(masks), 52)``.

    >>> from vncards.core import CardSet
    >>> bits = mask_bits([CardSet.parse("3S 4H").mask])
    >>> [int(i) for i in np.flatnonzero(bits[0])]
    [0, 7]
    """
    raw = np.array(masks, dtype="<u8").view(np.uint8).reshape(len(masks), 8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, :52]


class ClimbFeatures:
    """The feature rows of a climbing game on the French deck for tables of up to
    ``seats`` seats dealt ``hand_size`` cards each (see the module docstring).

    >>> from vncards.tienlen import plugin
    >>> f = ClimbFeatures(4)
    >>> view = plugin.view(plugin.new_game(plugin.presets["dem-la"], 4, seed=1), 0)
    >>> f.state(view).shape, f.state_size, f.action_size
    ((389,), 389, 66)
    """

    view_type = ShedView
    """The view these features read."""

    def __init__(self, seats: int = 4, hand_size: int = 13) -> None:
        n = self.seats = seats
        self.hand_size = hand_size
        self.state_size = 52 * (3 + n) + n + 1 + n + 3 * n + n
        self.action_size = _ACTION_BASE + 4
        self.advised = _ACTION_BASE + 3
        """The column of the ``advised`` flag in an action row."""
        self._table_seat = 52 * (3 + n)
        self._leading = self._table_seat + n
        self._left = self._leading + 1
        self._few = self._left + n
        self._passed = self._few + 3 * n
        scale = np.ones(self.state_size + self.action_size, dtype=np.float32)
        scale[self._left : self._left + n] = 1 / hand_size
        a = self.state_size + _ACTION_BASE
        scale[a : a + 2] = 1 / hand_size
        self.scale = scale
        """Multiplies a joined ``[state, action]`` row into the network's input."""

    def state(self, view: ShedView) -> np.ndarray:
        """The state row of ``view`` (``uint8``)."""
        n = len(view.counts)
        if n > self.seats:
            raise ValueError(f"these features have room for {self.seats} seats, not {n}")
        me = view.seat
        played = view.played_by
        bits = view.hand_mask | ((((1 << 52) - 1) & ~view.hand_mask & ~view.pile) << 52)
        for s in range(n):
            bits |= played[s] << (52 * (2 + (s - me) % n))
        table = view.table
        if table is not None:
            bits |= table.mask << (52 * (2 + self.seats))
        width = 52 * (3 + self.seats)
        out = np.zeros(self.state_size, dtype=np.uint8)
        raw = np.frombuffer(bits.to_bytes(width // 8 + 1, "little"), dtype=np.uint8)
        out[:width] = np.unpackbits(raw, bitorder="little")[:width]
        if table is None:
            out[self._leading] = 1
        else:
            out[self._table_seat + (view.table_seat - me) % n] = 1
        passed = view.passed
        for s, count in enumerate(view.counts):
            r = (s - me) % n
            out[self._left + r] = count
            if 1 <= count <= 3:
                out[self._few + 3 * r + count - 1] = 1
            if passed >> s & 1:
                out[self._passed + r] = 1
        return out

    def plays(self, hand: int, masks: Sequence[int]) -> np.ndarray:
        """The action rows of the plays ``masks`` (card masks) from ``hand``, their types
        told from their ranks: one rank is a single, pair, triple or quad; distinct ranks
        a straight; two cards of each of three ranks or more a pair-run (đôi thông)."""
        k = len(masks)
        out = np.zeros((k, self.action_size), dtype=np.uint8)
        if not k:
            return out
        bits = mask_bits(masks)
        out[:, :52] = bits
        ranks = bits.reshape(k, 13, 4).sum(axis=2)
        size = ranks.sum(axis=1)
        distinct = (ranks > 0).sum(axis=1)
        one_rank = distinct == 1
        kind = np.full(k, _TYPES["play"])
        for code, count in (("single", 1), ("pair", 2), ("triple", 3), ("quad", 4)):
            kind[one_rank & (size == count)] = _TYPES[code]
        kind[(distinct == size) & (size >= 3)] = _TYPES["straight"]
        kind[(size == 2 * distinct) & (ranks.max(axis=1) == 2) & (distinct >= 3)] = _TYPES[
            "pair-run"
        ]
        out[np.arange(k), 52 + kind] = 1
        held = hand.bit_count()
        out[:, _ACTION_BASE] = size
        out[:, _ACTION_BASE + 1] = held - size
        out[:, _ACTION_BASE + 2] = size == held
        return out

    def other(self, hand: int, kind: str) -> np.ndarray:
        """The action row of a pass, a declaration or a decline (``kind`` one of
        ``pass``, ``declare``, ``decline``)."""
        out = np.zeros(self.action_size, dtype=np.uint8)
        out[52 + _TYPES[kind]] = 1
        out[_ACTION_BASE + 1] = hand.bit_count()
        return out

    def actions(self, view: ShedView, actions: Sequence[Any], optional: bool) -> np.ndarray:
        """One action row per offered action, in order, then a decline row when
        ``optional``: what the network scores to choose."""
        hand = view.hand_mask
        masks: Sequence[int] | None = getattr(actions, "masks", None)
        if masks is not None:
            rows = [self.plays(hand, masks)]
            if len(actions) > len(masks):
                rows.append(self.other(hand, "pass")[None])
        else:
            rows = []
            for a in actions:
                if type(a) is Play:
                    rows.append(self.plays(hand, [a.cards]))
                else:
                    kind = "declare" if type(a) is Declare else "pass"
                    rows.append(self.other(hand, kind)[None])
        if optional:
            rows.append(self.other(hand, "decline")[None])
        if not rows:
            return np.zeros((0, self.action_size), dtype=np.uint8)
        return np.concatenate(rows) if len(rows) > 1 else rows[0]
