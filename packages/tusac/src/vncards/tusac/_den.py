"""Đền: a rác's outs, and the worst rác a player may discard after a take without
owing đền."""

from __future__ import annotations

from collections.abc import Sequence

from vncards.tusac._deck import KINDS
from vncards.tusac._groups import GROUPS
from vncards.tusac._legal import junk_discards
from vncards.tusac._solver import Hand, hand_count, hand_remove, min_junk
from vncards.tusac._state import TuSacState

__all__ = ["discard_outs", "worst_discards", "worst_of"]

# Groups of three or four different kinds holding a kind: the groups a rác can be
# completed into besides a pair.
_SETS_WITH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(g for g in GROUPS if k in g and len(set(g)) == len(g) >= 3) for k in range(KINDS)
)


def discard_outs(hand: Hand, card: int, unseen: list[int]) -> int:
    """Outs of the rác ``card``: unseen copies of every kind that would form a group with
    it together with other rác of ``hand`` (a pair with another copy, or a set or
    soldiers' group whose other cards from the hand are rác alongside it)."""
    junk = min_junk(hand)
    rest = hand_remove(hand, card)
    outs = {card}
    for group in _SETS_WITH[card]:
        for other in group:
            if other == card or other in outs:
                continue
            need = [k for k in group if k not in (card, other)]
            left = rest
            ok = True
            for k in need:
                if not 1 <= hand_count(left, k) <= 2:
                    ok = False
                    break
                left = hand_remove(left, k)
            if ok and min_junk(left) == junk - 1 - len(need):
                outs.add(other)
    return sum(unseen[k] for k in outs)


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
    unseen = [4 - seen[k] - hand_count(hand, k) for k in range(KINDS)]
    outs = {k: discard_outs(hand, k, unseen) for k in junk_discards(hand)}
    if not outs:
        return [], outs
    fewest = min(outs.values())
    return [k for k, v in outs.items() if v == fewest], outs
