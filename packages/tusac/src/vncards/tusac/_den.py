"""Đền: a rác's outs, and the worst rác a player may discard after a take without
owing đền."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from vncards.tusac._deck import KINDS
from vncards.tusac._groups import GROUPS
from vncards.tusac._legal import junk_discards
from vncards.tusac._solver import Hand, hand_count, hand_remove, min_junk
from vncards.tusac._state import TuSacState

__all__ = ["discard_outs", "worst_discards", "worst_of"]

# Groups of three or four different kinds holding a kind: the groups a rác can be
# completed into besides a pair.
_SETS_WITH: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(g for g in GROUPS if k in g and len(set(g)) == len(g) >= 3) for k in range(KINDS)
)


def discard_outs(hand: Hand, card: int, unseen: list[int]) -> int:
    """Outs of the rác ``card``: unseen copies of every kind that would form a group with
    it together with other rác of ``hand`` (a pair with another copy, or a set or
    soldiers' group whose other cards from the hand are rác alongside it).

    >>> from vncards.tusac._deck import parse_cards
    >>> from vncards.tusac._solver import hand_of
    >>> discard_outs(hand_of(parse_cards("RK RA RE GR GC YH")), 17, [3] * KINDS)
    6
    """
    return sum(unseen[k] for k in _out_kinds(hand, card))


def _out_kinds(hand: Hand, card: int) -> tuple[int, ...]:
    """The kinds whose copies are outs of the rác ``card`` (see :func:`discard_outs`)."""
    junk = min_junk(hand)
    rest = hand_remove(hand, card)
    outs = [card]
    for group in _SETS_WITH[card]:
        for other in group:
            if other == card or other in outs:
                continue
            left = rest
            size = 0
            for k in group:
                if k in (card, other):
                    continue
                if not 1 <= hand_count(left, k) <= 2:
                    size = -1
                    break
                left = hand_remove(left, k)
                size += 1
            if size >= 0 and min_junk(left) == junk - 1 - size:
                outs.append(other)
    return tuple(outs)


_OUTS: Final[dict[Hand, tuple[tuple[int, tuple[int, ...]], ...]]] = {}
"""Hands → each junk discard with its out kinds (remembered: they do not depend on what
has been seen, and a position asks for them more than once)."""


def _outs_of(hand: Hand) -> tuple[tuple[int, tuple[int, ...]], ...]:
    found = _OUTS.get(hand)
    if found is None:
        if len(_OUTS) >= 1 << 16:
            _OUTS.clear()
        found = _OUTS[hand] = tuple((k, _out_kinds(hand, k)) for k in junk_discards(hand))
    return found


def worst_discards(state: TuSacState, seat: int) -> tuple[list[int], dict[int, int]]:
    """The legal discards of ``seat`` with the fewest outs, and every legal discard's outs.
    Outs count copies ``seat`` has not seen: not in its hand, no exposed group, not dead."""
    return worst_of(state.hands[seat], state.seen())


def worst_of(hand: Hand, seen: Sequence[int]) -> tuple[list[int], dict[int, int]]:
    """:func:`worst_discards` of a private ``hand`` given the counts of the cards every
    player has ``seen`` (per kind: exposed groups, dead cards, the active card) — all a
    seat's view needs.

    >>> from vncards.tusac._deck import parse_cards, format_cards
    >>> from vncards.tusac._solver import hand_of
    >>> worst, outs = worst_of(hand_of(parse_cards("RK RA RE GR GC YH")), [0] * KINDS)
    >>> format_cards(worst), outs
    (['YH'], {12: 3, 17: 7, 18: 7})
    """
    outs: dict[int, int] = {}
    for card, kinds in _outs_of(hand):
        outs[card] = sum(4 - seen[k] - hand_count(hand, k) for k in kinds)
    if not outs:
        return [], outs
    fewest = min(outs.values())
    return [k for k, v in outs.items() if v == fewest], outs
