"""How good a Tứ Sắc hand is: its rác and its live outs, and each seat's chance to win.

A hand's rác (:func:`~vncards.tusac.min_junk`) says how far it is from complete; its
*outs* say how fast it gets there. An out is a card not yet seen by the seat (not in its
hand, not exposed, not dead, not active: a copy in another hand or in the stock) that the
hand could take. Outs come in four sorts, by what taking them does:

- ``win``: the take leaves no rác (any seat may claim it, even out of turn);
- ``claim``: the hand holds a pair or a Khạp of it, so it takes it out of turn too (and
  jumps the turn); the take loses no rác but the discard after it does;
- ``reduce``: a take in turn that leaves fewer rác (counted once per rác it saves);
- ``neutral``: a take in turn that leaves as many rác (the discard after it still saves
  one).

:func:`hand_score` weighs them into one number to rank discards and takes, rác first.
:func:`win_chances` turns every seat's rác, outs and place in the turn order into a
chance to win, with weights fitted (a conditional logit) on positions of games between
``greedy`` bots, labelled by who went on to win; it explains those outcomes far better
than rác alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from vncards.tusac._deck import KINDS
from vncards.tusac._groups import take_shapes
from vncards.tusac._solver import Hand, hand_count, hand_remove, min_junk
from vncards.tusac._state import TuSacState

__all__ = ["Outs", "hand_outs", "hand_score", "unseen_of", "win_chances"]

_SHAPES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(take_shapes(k)) for k in range(KINDS)
)
# what each sort of out is worth in :func:`hand_score` (per live card)
_W_WIN, _W_CLAIM, _W_REDUCE, _W_NEUTRAL = 8.0, 3.0, 2.0, 1.0
# the fitted weights of :func:`win_chances`: rác, no rác, one rác, then live outs of each
# sort, then whether the seat is in turn, next, or the one after
_THETA = (-0.746, -1.21, -0.045, 0.164, 0.056, 0.047, 0.027, 0.401, 0.256, 0.116)


class Outs(NamedTuple):
    """Live outs of a hand by sort (see the module docstring): card counts, ``reduce``
    weighted by the rác each take saves."""

    win: int
    claim: int
    reduce: int
    neutral: int


def unseen_of(hand: Hand, seen: Sequence[int]) -> list[int]:
    """Copies of each kind a seat holding ``hand`` has not seen, given the counts every
    player has ``seen``.

    >>> from vncards.tusac._solver import hand_of
    >>> unseen_of(hand_of([0, 0, 5]), [1] + [0] * 27)[:6]
    [1, 4, 4, 4, 4, 3]
    """
    return [4 - seen[k] - hand_count(hand, k) for k in range(KINDS)]


def _after(hand: Hand, active: int, shape: tuple[int, ...]) -> Hand | None:
    """``hand`` without the own cards of a take of ``active`` (``None`` when it does not
    hold them, or would break a locked Khạp for another group)."""
    for k in set(shape):
        have = hand_count(hand, k)
        if have < shape.count(k) or (have == 3 and shape != (active, active, active)):
            return None
    for k in shape:
        hand = hand_remove(hand, k)
    return hand


def hand_outs(hand: Hand, unseen: Sequence[int]) -> Outs:
    """The live outs of a private hand.

    >>> from vncards.tusac._deck import parse_cards
    >>> from vncards.tusac._solver import hand_of
    >>> hand = hand_of(parse_cards("RR RC"))  # Xe and Pháo wait for the Mã; any Tướng
    >>> # is taken alone, which saves no rác (a neutral out)
    >>> hand_outs(hand, [4] * 28)
    Outs(win=4, claim=0, reduce=8, neutral=16)
    """
    junk = min_junk(hand)
    win = claim = reduce = neutral = 0
    for k in range(KINDS):
        u = unseen[k]
        if u <= 0:
            continue
        best = junk + 1
        pair = False
        for shape in _SHAPES[k]:
            after = _after(hand, k, shape)
            if after is None:
                continue
            j = min_junk(after)
            best = min(best, j)
            if j <= junk and len(shape) >= 2 and shape[0] == shape[-1] == k:
                pair = True
        if best == 0:
            win += u
        elif pair:
            claim += u
        elif best < junk:
            reduce += u * (junk - best)
        elif best == junk:
            neutral += u
    return Outs(win, claim, reduce, neutral)


def hand_score(hand: Hand, unseen: Sequence[int]) -> tuple[int, float]:
    """A hand's rank: fewer rác first, then more (weighted) live outs.

    >>> from vncards.tusac._deck import parse_cards
    >>> from vncards.tusac._solver import hand_of
    >>> waiting = hand_score(hand_of(parse_cards("RR RC")), [4] * 28)
    >>> apart = hand_score(hand_of(parse_cards("RR YC")), [4] * 28)
    >>> waiting > apart
    True
    """
    o = hand_outs(hand, unseen)
    return (
        -min_junk(hand),
        _W_WIN * o.win + _W_CLAIM * o.claim + _W_REDUCE * o.reduce + _W_NEUTRAL * o.neutral,
    )


def win_chances(state: TuSacState) -> list[float]:
    """Each seat's chance to win from here (summing to 1), from every hand's rác and live
    outs as that seat sees them and from the turn order (see the module docstring). It
    reads every hand: it scores the end of a rollout in a world the search dealt.

    >>> from vncards.tusac import plugin, TuSacRules
    >>> chances = win_chances(plugin.new_game(TuSacRules(), 4, seed=3))
    >>> round(sum(chances), 6), all(0 < c < 1 for c in chances)
    (1.0, True)
    """
    seen = state.seen()
    n = state.n_players
    t = _THETA
    scores = []
    for s in range(n):
        hand = state.hands[s]
        junk = min_junk(hand)
        o = hand_outs(hand, unseen_of(hand, seen))
        dist = (s - state.turn) % n
        scores.append(
            t[0] * junk
            + (t[1] if junk == 0 else t[2] if junk == 1 else 0.0)
            + t[3] * o.win
            + t[4] * o.claim
            + t[5] * o.reduce
            + t[6] * o.neutral
            + (t[7] if dist == 0 else t[8] if dist == 1 else t[9] if dist == 2 else 0.0)
        )
    top = max(scores)
    weights = [math.exp(x - top) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]
