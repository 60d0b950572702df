"""What the game so far says of the hands a seat cannot see: the pair rule.

A card that lay active and that nobody took tells every seat: no player who was out of
turn then held a pair of it — the pair rule would have made them take it — unless the
card is a Tướng or that player was exempt (waiting on two rác, or a take that would
have added rác). Hands only lose cards, so a player's hand back then is its hand now
plus the cards it has put on the table since (its discards and the own cards of its
takes, all public).

:func:`keep_pair_rule` moves cards of a dealt world until no hidden hand breaks that
rule, so that a search does not imagine an opponent holding a pair it would have had to
take. Only the pair rule is read, not any player's style: it holds for every player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from vncards.core import Discarded, Drew, Event, Passed
from vncards.tusac._deck import KINDS, Piece, format_card
from vncards.tusac._engine import Revealed, TookGroup, waiting_pair
from vncards.tusac._solver import hand_of, hand_remove, min_junk

__all__ = ["PairMark", "keep_pair_rule", "outflow_events", "pair_rule_marks"]

# swaps tried to repair one world before it is kept as dealt
_REPAIR_STEPS = 200

PairMark = tuple[int, tuple[int, ...]]
"""A card that passed a seat untaken while it was out of turn, and the cards that seat
has put on the table since (kinds)."""


_KIND_OF = {format_card(k): k for k in range(KINDS)}


def outflow_events(history: Sequence[Event], n_players: int) -> list[list[tuple[int, list[int]]]]:
    """For each seat, the cards it has put on the table from its own dealt cards, as
    ``(event index, kinds)``: Quàn laid down, own cards of its takes, its discards (all
    public).

    >>> from vncards.core import Discarded
    >>> outflow_events([Discarded(1, "RA")], 2)
    [[], [(0, [1])]]
    """
    kind = _KIND_OF
    out: list[list[tuple[int, list[int]]]] = [[] for _ in range(n_players)]
    for index, event in enumerate(history):
        if event.seat is None:
            continue
        if isinstance(event, Revealed | TookGroup):
            out[event.seat].append((index, [kind[c] for c in event.cards]))
        elif type(event) is Discarded:
            out[event.seat].append((index, [kind[event.card]]))
    return out


def pair_rule_marks(
    history: Sequence[Event], n_players: int, seat: int
) -> dict[int, list[PairMark]]:
    """For each seat but ``seat``: the non-Tướng cards that lay active, untaken, while
    it was out of turn, each with the cards it has put on the table since.

    >>> from vncards.core import Discarded, Drew
    >>> history = [Discarded(0, "RA"), Drew(1, "GC")]  # nobody took seat 0's RA
    >>> pair_rule_marks(history, 3, 1)
    {0: [], 2: [(1, ())]}
    """
    kind = _KIND_OF
    marks: list[tuple[int, int, int]] = []  # (event index, seat, kind)
    active = source = in_turn = -1

    def passed(index: int, card: int, spared: set[int]) -> None:
        if card >= 0 and card % 7 != Piece.GENERAL:
            marks.extend((index, s, card) for s in range(n_players) if s not in spared)

    for index, event in enumerate(history):
        who = event.seat
        if who is None:
            continue
        if type(event) is Discarded:
            active, source, in_turn = kind[event.card], who, (who + 1) % n_players
        elif isinstance(event, Drew):
            passed(index, active, {in_turn, source})  # drawn over: nobody took it
            active = -1 if event.card is None else kind[event.card]
            source, in_turn = who, who
        elif isinstance(event, Passed):
            passed(index, active, {source})  # the drawer let its card go
            in_turn = (who + 1) % n_players
        elif isinstance(event, TookGroup):
            active = -1
    outflow = outflow_events(history, n_players)
    out: dict[int, list[PairMark]] = {s: [] for s in range(n_players) if s != seat}
    for index, s, card in marks:
        if s in out:
            since = tuple(k for i, cards in outflow[s] if i > index for k in cards)
            out[s].append((card, since))
    return out


def _breaks(kinds: Sequence[int], marks: Sequence[PairMark]) -> list[int]:
    """The marked cards a private hand (kinds) would have had to take: it held exactly
    a pair of one, was not waiting on two rác, and taking it added no rác."""
    out = []
    for card, since in marks:
        if kinds.count(card) + since.count(card) != 2:
            continue
        then = hand_of([*kinds, *since])
        if waiting_pair(then) or min_junk(hand_remove(then, card, 2)) > min_junk(then):
            continue
        out.append(card)
    return out


def keep_pair_rule(
    hands: dict[int, list[int]],
    stock: list[int],
    marks: dict[int, list[PairMark]],
    rng: random.Random,
) -> bool:
    """Swap cards of the hidden ``hands`` (kinds by seat) with the ``stock`` or with each
    other until no hand breaks the pair rule of the past (:func:`pair_rule_marks`);
    whether that was reached. A swap keeps every hand's size and its Khạp, and never
    gives a hand a third copy of a card. Changes the lists in place.

    >>> hands, stock = {1: [3, 3, 10, 17]}, [5, 6, 7]
    >>> keep_pair_rule(hands, stock, {1: [(3, ())]}, random.Random(1))
    True
    >>> hands[1].count(3), sorted(hands[1] + stock).count(3)
    (1, 2)
    """
    seats = [s for s in hands if marks.get(s)]
    for _ in range(_REPAIR_STEPS):
        broken = [(s, k) for s in seats for k in _breaks(hands[s], marks[s]) if k in hands[s]]
        if not broken:
            return not any(_breaks(hands[s], marks[s]) for s in seats)
        s, k = broken[rng.randrange(len(broken))]
        _swap_out(hands, stock, marks, s, k, rng)
    return False


def _swap_out(
    hands: dict[int, list[int]],
    stock: list[int],
    marks: dict[int, list[PairMark]],
    seat: int,
    kind: int,
    rng: random.Random,
) -> None:
    """Swap one ``kind`` of ``seat``'s hand with a random card elsewhere that breaks no
    rule there or here (tries a few places, may leave things as they are)."""
    mine = hands[seat]
    before = len(_breaks(mine, marks.get(seat, [])))
    places: list[tuple[int | None, int]] = [(None, i) for i in range(len(stock))]
    places += [(t, i) for t, cards in hands.items() if t != seat for i in range(len(cards))]
    for owner, i in rng.sample(places, min(len(places), 40)):
        pile = stock if owner is None else hands[owner]
        other = pile[i]
        if other == kind or mine.count(other) >= 2:
            continue
        if owner is not None and (pile.count(kind) >= 2 or pile.count(other) >= 3):
            continue  # no third copy there, and its Khạp stays whole
        theirs = [] if owner is None else marks.get(owner, [])
        there = len(_breaks(pile, theirs)) if theirs else 0
        j = mine.index(kind)
        mine[j], pile[i] = other, kind
        if len(_breaks(mine, marks.get(seat, []))) < before and (
            not theirs or len(_breaks(pile, theirs)) <= there
        ):
            return
        mine[j], pile[i] = kind, other
