"""What the learner's network reads in Phỏm: one row for the seat's view and one row per
legal action, small integers (``uint8``) that :data:`PhomFeatures.scale` turns into the
network's inputs. Cards are Phỏm card numbers (``suit * 13 + rank``, the ace low).

The state row, from the seat's :class:`~vncards.phom.PhomView` alone (seats counted from
the observer: 0 itself, 1 the next in seat order …; a table of fewer seats leaves the
last ones empty): the private ``hand`` (52 card bits); per seat (players × 52 each) its
``discards`` still on the table, the ``taken`` cards still in its hand and the cards of
its ``shown`` phỏm (the cards laid off onto them included); the ``takeable`` card (52,
one-hot); per seat: cards in hand (``counts``), discards on the table (``table``, 0–4),
whether it has ``melded``, whether it went ``mom`` (melded no phỏm), how many cards it
``took_from_me`` and I took from it (``i_took``), and which seat played ``first``
(one-hot); the ``phase`` (opening, draw, act: one-hot); the cards left in the
``stock``; whether this turn's discard is the seat's ``last``; and, from the package's
meld solver, the least ``rac`` the hand splits into (card points, the taken cards each
in a phỏm), how many ``rac_cards`` that split leaves and how many cards lie in some
phỏm of the hand (``meldable``).

The action row: its ``type`` one-hot (discard, draw, take, meld, lay-off, decline: 6),
the ``cards`` it moves (52: the discarded card, the card taken, the cards melded or
laid off), the ``rac`` and ``rac_cards`` the hand is left with after it (by the
solver's least-rác split), the hand's size after it (``left``), for a discard whether
the card lies in some phỏm of the hand (``in_phom``), whether it is a rác card in a cạ
with another rác card (``in_ca``), its ``points`` and how many cards the seat has not
seen lie one short of a phỏm with it (``unseen``: the cards that would let another
hand take it), a meld's number of phỏm (``groups``), and ``advised`` — whether it is
the choice of the advisor bot (the game's greedy bot) in the same view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.envs.learn._features import mask_bits
from vncards.phom import Discard, Draw, LayOff, Meld, PhomView, Take, solve
from vncards.phom._cards import ALL_CARDS, mask_of
from vncards.phom._melds import FACE, TENS, meldable, weigh
from vncards.phom._state import ACT, DRAW

__all__ = ["ACTION_TYPES", "PhomFeatures"]

ACTION_TYPES = ("discard", "draw", "take", "meld", "lay_off", "decline")
"""The action types of a row, in the order of its one-hot ``type``."""
_TYPE = {name: i for i, name in enumerate(ACTION_TYPES)}
_CARDS = len(ACTION_TYPES)
_RAC = _CARDS + 52
_RAC_CARDS, _LEFT, _IN_PHOM, _IN_CA, _POINTS, _GROUPS, _UNSEEN, _ADVISED = range(_RAC + 1, _RAC + 9)
_NO_SPLIT = 255
"""The rác of a hand no split arranges (its taken cards not all placeable)."""

# the cards one short of a phỏm with a card: the same rank, or its suit within two ranks
_SAME_RANK = tuple(sum(1 << (13 * s + c % 13) for s in range(4)) & ~(1 << c) for c in range(52))
_NEAR_IN_SUIT = tuple(
    sum(1 << (13 * (c // 13) + r) for r in range(13) if 0 < abs(r - c % 13) <= 2) for c in range(52)
)


def _rac(hand: int, taken: int, table: tuple[int, ...]) -> tuple[int, int, int]:
    """The least rác of ``hand`` (its points, capped at 254), its number of cards and
    its mask; ``(255, 0, 0)`` when the taken cards cannot all lie in phỏm."""
    part = solve(hand, taken, table)
    if part is None:
        return _NO_SPLIT, 0, 0
    return min(part.deadwood, _NO_SPLIT - 1), part.rest.bit_count(), part.rest


class PhomFeatures:
    """The feature rows of Phỏm for tables of up to ``seats`` seats (see the module
    docstring).

    >>> from vncards.phom import plugin
    >>> f = PhomFeatures(4)
    >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=1)
    >>> view = plugin.view(st, st.first)
    >>> f.state(view).shape, f.state_size, f.action_size
    ((764,), 764, 67)
    >>> rows = f.actions(view, view.legal, False)
    >>> rows.shape == (len(view.legal), 67), int(rows[:, 0].sum()) == len(view.legal)
    (True, True)
    """

    view_type = PhomView
    """The view these features read."""

    def __init__(self, seats: int = 4) -> None:
        n = self.seats = seats
        self._discards = 52
        self._taken = self._discards + n * 52
        self._shown = self._taken + n * 52
        self._takeable = self._shown + n * 52
        self._counts = self._takeable + 52
        self._table = self._counts + n
        self._melded = self._table + n
        self._mom = self._melded + n
        self._took_from_me = self._mom + n
        self._i_took = self._took_from_me + n
        self._first = self._i_took + n
        self._phase = self._first + n
        self._stock = self._phase + 3
        self._last = self._stock + 1
        self._rac = self._last + 1
        self.state_size = self._rac + 3
        self.action_size = _ADVISED + 1
        self.advised = _ADVISED
        """The column of the ``advised`` flag in an action row."""
        scale = np.ones(self.state_size + self.action_size, dtype=np.float32)
        scale[self._counts : self._table] = 1 / 10
        scale[self._table : self._melded] = 1 / 4
        scale[self._took_from_me : self._first] = 1 / 3
        scale[self._stock] = 1 / 32
        scale[self._rac] = 1 / 100
        scale[self._rac + 1 : self._rac + 3] = 1 / 10
        a = self.state_size
        scale[a + _RAC] = 1 / 100
        scale[a + _RAC_CARDS] = scale[a + _LEFT] = 1 / 10
        scale[a + _POINTS] = 1 / 13
        scale[a + _GROUPS] = 1 / 3
        scale[a + _UNSEEN] = 1 / 6
        self.scale = scale
        """Multiplies a joined ``[state, action]`` row into the network's input."""

    def state(self, view: PhomView) -> np.ndarray:
        """The state row of ``view`` (``uint8``)."""
        n = len(view.counts)
        if n > self.seats:
            raise ValueError(f"these features have room for {self.seats} seats, not {n}")
        me = view.seat
        order = [(me + r) % n for r in range(n)]  # seats by their place from the observer
        discards = [0] * n
        for seat, card, taker in view.pile:
            if taker < 0:
                discards[seat] |= 1 << card
        shown = [0] * n
        for s in range(n):
            for m in view.melds[s]:
                shown[s] |= m
        takeable = 1 << view.pile[view.last][1] if view.last >= 0 else 0
        masks = [view.own, *(discards[s] for s in order), *(view.taken[s] for s in order)]
        masks += [*(shown[s] for s in order), takeable]
        out = np.zeros(self.state_size, dtype=np.uint8)
        bits = mask_bits(masks)
        out[: self._takeable + 52] = _blocks(bits, n, self.seats)
        for r, s in enumerate(order):
            out[self._counts + r] = view.counts[s]
            out[self._table + r] = view.table[s]
            out[self._melded + r] = s in view.meld_order
            out[self._mom + r] = s in view.meld_order and not view.melds[s]
            out[self._took_from_me + r] = view.took[s][me]
            out[self._i_took + r] = view.took[me][s]
        out[self._first + (view.first - me) % n] = 1
        out[self._phase + (view.phase == DRAW) + 2 * (view.phase == ACT)] = 1
        out[self._stock] = view.stock_left
        out[self._last] = view.table[me] == 3
        rac, cards, _ = _rac(view.own, view.taken[me], _points(view))
        out[self._rac], out[self._rac + 1] = rac, cards
        out[self._rac + 2] = meldable(view.own).bit_count()
        return out

    def actions(self, view: PhomView, actions: Sequence[Any], optional: bool) -> np.ndarray:
        """One action row per offered action, in order, then a decline row when
        ``optional``: what the network scores to choose."""
        k = len(actions)
        out = np.zeros((k + optional, self.action_size), dtype=np.uint8)
        hand, taken = view.own, view.taken[view.seat]
        table = _points(view)
        size = hand.bit_count()
        now = _rac(hand, taken, table)
        useful = meldable(hand)
        unseen = -1
        for i, a in enumerate(actions):
            row = out[i]
            kind = type(a)
            if kind is Discard:
                card = 1 << a.card
                row[_TYPE["discard"]] = 1
                after = _rac(hand & ~card, taken, table)
                row[_IN_PHOM] = bool(useful & card)
                near = _SAME_RANK[a.card] | _NEAR_IN_SUIT[a.card]
                row[_IN_CA] = bool(now[2] & card and now[2] & near)
                row[_POINTS] = weigh(card, table)
                if unseen < 0:
                    unseen = _unseen(view)
                row[_UNSEEN] = (unseen & near).bit_count()
                sent, left = card, size - 1
            elif kind is Take:
                card = 1 << view.pile[view.last][1]
                row[_TYPE["take"]] = 1
                after = _rac(hand | card, taken | card, table)
                sent, left = card, size + 1
            elif kind is Meld:
                sent = mask_of(c for g in a.groups for c in g)
                row[_TYPE["meld"]] = 1
                row[_GROUPS] = len(a.groups)
                rest = hand & ~sent
                after = (min(weigh(rest, table), _NO_SPLIT - 1), rest.bit_count(), rest)
                left = size
            elif kind is LayOff:
                sent = mask_of(c for _, cards in a.entries for c in cards)
                row[_TYPE["lay_off"]] = 1
                after = _rac(hand & ~sent, taken, table)
                left = size - sent.bit_count()
            else:
                row[_TYPE["draw" if kind is Draw else "decline"]] = 1
                after, sent, left = now, 0, size
            if sent:
                row[_CARDS : _CARDS + 52] = mask_bits([sent])[0]
            row[_RAC], row[_RAC_CARDS], row[_LEFT] = after[0], after[1], left
        if optional:
            out[k, _TYPE["decline"]] = 1
            out[k, _RAC], out[k, _RAC_CARDS], out[k, _LEFT] = now[0], now[1], size
        return out


def _unseen(view: PhomView) -> int:
    """The cards the seat cannot see: not in its hand, on the table, taken or shown."""
    seen = view.own
    for s, melds in enumerate(view.melds):
        seen |= view.taken[s]
        for m in melds:
            seen |= m
    for _, card, _ in view.pile:
        seen |= 1 << card
    return ALL_CARDS & ~seen


def _points(view: PhomView) -> tuple[int, ...]:
    """The per-suit table of what a card left in hand costs under the view's rules."""
    return FACE if view.rules.card_points == "face" else TENS


def _blocks(bits: np.ndarray, n: int, seats: int) -> np.ndarray:
    """The hand, the three per-seat blocks (``n`` seats, padded to ``seats``) and the
    takeable card, as one run of card bits."""
    width = 52 * (1 + 3 * seats + 1)
    out = np.zeros(width, dtype=np.uint8)
    out[:52] = bits[0]
    for block in range(3):
        start = 52 * (1 + block * seats)
        out[start : start + 52 * n] = bits[1 + block * n : 1 + (block + 1) * n].reshape(-1)
    out[-52:] = bits[-1]
    return out
