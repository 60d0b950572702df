"""Who may do what at a Tứ Sắc table: one ``*_error`` function per action returns the
:class:`~vncards.core.IllegalMove` an action would raise (or ``None``), and the forced
take (:func:`obligation`) that the Khạp and pair rules impose."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from vncards.core import IllegalMove
from vncards.tusac._actions import Discard, Draw, Take, TuSacAction
from vncards.tusac._deck import KINDS, Piece, format_card, format_cards
from vncards.tusac._groups import take_shapes
from vncards.tusac._solver import (
    Hand,
    hand_count,
    hand_remove,
    is_complete,
    min_junk,
)
from vncards.tusac._state import ACTIVE, DISCARD, TuSacState

__all__ = [
    "TAKE_OK",
    "TAKE_WINS",
    "action_error",
    "claim_order",
    "discard_error",
    "draw_error",
    "held_shapes",
    "junk_discards",
    "obligation",
    "pass_error",
    "take_error",
    "take_verdict",
    "waiting_pair",
]

_GENERAL: Final = int(Piece.GENERAL)
_SHAPES: Final[tuple[dict[tuple[int, ...], str], ...]] = tuple(take_shapes(k) for k in range(KINDS))
# Each take shape with what it needs from the hand: (colour, digit weight, copies) per kind.
_SHAPE_NEEDS: Final[
    tuple[tuple[tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]], ...], ...]
] = tuple(
    tuple(
        (cards, tuple((k // 7, 5 ** (k % 7), cards.count(k)) for k in sorted(set(cards))))
        for cards in _SHAPES[active]
    )
    for active in range(KINDS)
)


def held_shapes(hand: Hand, active: int) -> list[tuple[int, ...]]:
    """The take shapes of ``active`` whose own cards ``hand`` holds (the cheap first
    test before :func:`take_error`).

    >>> from vncards.tusac._solver import hand_of
    >>> held_shapes(hand_of([3, 4, 5]), 3)  # a Xe held: a pair; Pháo and Mã: the set
    [(3,), (4, 5)]
    """
    out = []
    values = [hand[0], hand[1], hand[2], hand[3]]  # compiled: boxed once, not per need
    for cards, needs in _SHAPE_NEEDS[active]:
        for colour, weight, copies in needs:
            if values[colour] // weight % 5 < copies:
                break
        else:
            out.append(cards)
    return out


# The two rác of exception (b) of the pair rule: two Chốt of different colours, or a
# Xe and a Pháo, a Xe and a Mã, a Pháo and a Mã (the rules name no colour for these).
_WAITING_PAIRS: Final[tuple[tuple[int, int], ...]] = (
    *((a * 7 + Piece.SOLDIER, b * 7 + Piece.SOLDIER) for a, b in combinations(range(4), 2)),
    *(
        (a * 7 + x, b * 7 + y)
        for a in range(4)
        for b in range(4)
        for x, y in (
            (Piece.CHARIOT, Piece.CANNON),
            (Piece.CHARIOT, Piece.HORSE),
            (Piece.CANNON, Piece.HORSE),
        )
    ),
)


def _may_touch(state: TuSacState, seat: int) -> bool:
    """Whether ``seat`` may take the active card at all: not its own discard (or the
    card it drew and passed on)."""
    return state.drawn or seat != state.source


def waiting_pair(hand: Hand) -> bool:
    """Exception (b) of the pair rule: exactly two rác, and they are two Chốt of
    different colours, or Xe + Pháo, Xe + Mã or Pháo + Mã (of any colours: the rules
    and their source name a colour for the Chốt only).

    >>> from vncards.tusac._deck import parse_cards
    >>> from vncards.tusac._solver import hand_of
    >>> waiting_pair(hand_of(parse_cards("RK GA GA RR RC")))
    True
    >>> waiting_pair(hand_of(parse_cards("RK GA GA RR YC")))
    True
    >>> waiting_pair(hand_of(parse_cards("RK GA GA RR YR")))  # two Xe are neither
    False
    """
    if min_junk(hand) != 2:
        return False
    for a, b in _WAITING_PAIRS:
        ca, cb = hand_count(hand, a), hand_count(hand, b)
        if 1 <= ca <= 2 and 1 <= cb <= 2 and min_junk(hand_remove(hand_remove(hand, a), b)) == 0:
            return True
    return False


def obligation(state: TuSacState) -> tuple[int, tuple[int, ...]] | None:
    """The take someone must make now, as ``(seat, own cards)``: the holder of the
    matching Khạp (rule 2, even in turn), else the holder of a matching pair when it is
    not their turn (rule 4), unless the card is a Tướng, the player is waiting on two
    rác (exception b), or the take would add rác (rule 3)."""
    if state._must_known:
        return state._must
    found = _obligation(state)
    state._must = found
    state._must_known = True
    return found


def _obligation(state: TuSacState) -> tuple[int, tuple[int, ...]] | None:
    if state.finished or state.phase != ACTIVE:
        return None
    card = state.active
    seats = [s for s in claim_order(state) if _may_touch(state, s)]
    for seat in seats:
        if hand_count(state.hands[seat], card) == 3:
            return seat, (card, card, card)
    if card % 7 == _GENERAL:
        return None
    for seat in seats:
        hand = state.hands[seat]
        if seat == state.turn or hand_count(hand, card) != 2:
            continue
        if min_junk(hand_remove(hand, card, 2)) > min_junk(hand) or waiting_pair(hand):
            return None
        return seat, (card, card)
    return None


def claim_order(state: TuSacState) -> list[int]:
    """Seats in the order their claims on the active card rank: a drawn card's drawer
    first, else the seats after the discarder."""
    n = state.n_players
    if state.drawn:
        return [(state.source + i) % n for i in range(n)]
    return [(state.source + i) % n for i in range(1, n)]


TAKE_OK: Final = 0
"""A :func:`take_verdict`: the take is allowed."""
TAKE_WINS: Final = 1
"""A :func:`take_verdict`: the take is allowed and wins."""
_GAME_OVER: Final = 2
_NO_SEAT: Final = 3
_MUST_DISCARD: Final = 4
_OWN_CARD: Final = 5
_NOT_A_GROUP: Final = 6
_NOT_IN_HAND: Final = 7
_KHAP_LOCKED: Final = 8
_MUST_TAKE: Final = 9
_NOT_YOUR_TURN: Final = 10
_MORE_JUNK: Final = 11
# Per active card: each take shape → its kinds with the copies it needs, in the order
# the refusals name them (the order of ``set(cards)``).
_NEEDS: Final[tuple[dict[tuple[int, ...], tuple[tuple[int, int], ...]], ...]] = tuple(
    {cards: tuple((k, cards.count(k)) for k in set(cards)) for cards in _SHAPES[active]}
    for active in range(KINDS)
)


def take_verdict(state: TuSacState, seat: int, cards: tuple[int, ...]) -> int:
    """Whether ``seat`` may take the active card with ``cards``, as a small number:
    :data:`TAKE_OK`, :data:`TAKE_WINS`, or (above those) the refusal that
    :func:`take_error` spells out. The one place the take rules are decided.

    >>> from vncards.tusac import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> take_verdict(st, 1, ()) > TAKE_WINS  # the dealer owes a discard first
    True
    """
    if state.finished:
        return _GAME_OVER
    if not 0 <= seat < len(state.hands):
        return _NO_SEAT
    if state.phase != ACTIVE:
        return _MUST_DISCARD
    card = state.active
    if not (state.drawn or seat != state.source):
        return _OWN_CARD
    needs = _NEEDS[card].get(cards)
    if needs is None:
        return _NOT_A_GROUP
    hand = state.hands[seat]
    after = hand
    for k, copies in needs:
        have = hand_count(hand, k)
        if have < copies:
            return _NOT_IN_HAND
        if have == 3 and copies != 3:
            return _KHAP_LOCKED  # only the Khạp's own take (three of the active) may use it
        after = hand_remove(after, k, copies)
    if is_complete(after):
        return TAKE_WINS  # rule 1: a winning take is always allowed
    must = obligation(state)
    if must is not None:
        return TAKE_OK if must == (seat, cards) else _MUST_TAKE
    if seat != state.turn:
        return _NOT_YOUR_TURN
    if min_junk(after) > min_junk(hand):
        return _MORE_JUNK
    return TAKE_OK


def take_error(
    state: TuSacState, seat: int, cards: tuple[int, ...]
) -> tuple[IllegalMove | None, bool]:
    """Why ``seat`` may not take the active card with ``cards`` (``None`` if it may),
    and whether that take wins."""
    verdict = take_verdict(state, seat, cards)
    if verdict <= TAKE_WINS:
        return None, verdict == TAKE_WINS
    return _take_refusal(state, seat, cards, verdict), False


def _short_kind(hand: Hand, needs: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The first of a take's ``needs`` (kind, copies) that ``hand`` lacks or holds locked."""
    for k, copies in needs:
        have = hand_count(hand, k)
        if have < copies or (have == 3 and copies != 3):
            return k, copies
    raise ValueError("the hand holds every card of the take")


def _take_refusal(
    state: TuSacState, seat: int, cards: tuple[int, ...], verdict: int
) -> IllegalMove:
    """The :class:`~vncards.core.IllegalMove` of a refused :func:`take_verdict`."""
    if verdict == _GAME_OVER:
        return IllegalMove("game-over", "The game is over; no more actions are accepted.")
    if verdict == _NO_SEAT:
        return IllegalMove("no-such-seat", f"There is no seat {seat}.")
    if verdict == _MUST_DISCARD:
        return IllegalMove(
            "must-discard", "The player in turn must discard a rác before anyone takes."
        )
    card = state.active
    if verdict == _OWN_CARD:
        return IllegalMove(
            "own-card", f"This player cannot take the {format_card(card)} they put on the table."
        )
    if verdict == _NOT_A_GROUP:
        return IllegalMove(
            "not-a-group",
            f"{' '.join(format_cards(cards)) or 'No card'} with the active {format_card(card)}"
            " is not a valid group.",
        )
    if verdict in (_NOT_IN_HAND, _KHAP_LOCKED):
        k, copies = _short_kind(state.hands[seat], _NEEDS[card][cards])
        if verdict == _NOT_IN_HAND:
            return IllegalMove(
                "card-not-in-hand", f"This player does not hold {copies} × {format_card(k)}."
            )
        return IllegalMove(
            "khap-locked",
            f"The Khạp of {format_card(k)} is locked: its cards cannot join another group.",
        )
    if verdict == _MUST_TAKE:
        who, own = obligation(state) or (seat, ())
        return IllegalMove(
            "must-take",
            ("This player" if who == seat else "Another player")
            + f" must take the {format_card(card)} with"
            f" {' '.join(format_cards(own))}; only that take or a winning take is allowed.",
        )
    if verdict == _NOT_YOUR_TURN:
        return IllegalMove(
            "not-your-turn",
            "It is another player's turn; out of turn only a win, a Khạp or a pair may take.",
        )
    return IllegalMove(
        "more-junk",
        f"Taking the {format_card(card)} that way would add rác to this player's hand.",
    )


def junk_discards(hand: Hand) -> list[int]:
    """Kinds whose discard lowers the rác count (rule 3), Khạp cards excepted.

    >>> from vncards.tusac._deck import parse_cards, format_cards
    >>> from vncards.tusac._solver import hand_of
    >>> format_cards(junk_discards(hand_of(parse_cards("RK RA RE GR GC YH"))))
    ['YH', 'GR', 'GC']
    """
    found = _JUNK_DISCARDS.get(hand)
    if found is None:
        if len(_JUNK_DISCARDS) >= _MEMO_SIZE:
            _JUNK_DISCARDS.clear()
        found = _JUNK_DISCARDS[hand] = _junk_discards(hand)
    return list(found)


_MEMO_SIZE: Final = 1 << 16
_JUNK_DISCARDS: Final[dict[Hand, tuple[int, ...]]] = {}
"""Hands → their :func:`junk_discards` (remembered: a position asks it several times)."""


def _junk_discards(hand: Hand) -> tuple[int, ...]:
    junk = min_junk(hand)
    if junk == 0:
        return ()
    out = []
    values = [hand[0], hand[1], hand[2], hand[3]]
    for colour in range(4):
        value = values[colour]
        kind = colour * 7
        while value:
            if 0 < value % 5 < 3 and min_junk(hand_remove(hand, kind)) < junk:
                out.append(kind)
            value //= 5
            kind += 1
    return tuple(out)


def discard_error(state: TuSacState, seat: int, card: int) -> IllegalMove | None:
    """Why ``seat`` may not discard ``card`` now (``None`` if it may)."""
    if state.finished:
        return IllegalMove("game-over", "The game is over; no more actions are accepted.")
    if state.phase != DISCARD:
        return IllegalMove(
            "no-discard", "Nobody owes a discard: the active card is to be taken or passed."
        )
    if seat != state.turn:
        return IllegalMove("not-your-turn", "It is another player's turn to discard.")
    if not 0 <= card < KINDS:
        return IllegalMove("card-not-in-hand", f"There is no card {card}.")
    hand = state.hands[seat]
    have = hand_count(hand, card)
    if have == 0:
        return IllegalMove("card-not-in-hand", f"This player holds no {format_card(card)}.")
    if have == 3:
        return IllegalMove(
            "khap-locked", f"The Khạp of {format_card(card)} is locked and cannot be broken."
        )
    if min_junk(hand_remove(hand, card)) >= min_junk(hand):
        return IllegalMove(
            "not-junk",
            f"Discarding {format_card(card)} does not lower this player's rác: discard a rác.",
        )
    return None


def _in_turn_error(state: TuSacState, seat: int) -> IllegalMove | None:
    """What refuses a draw or a pass by ``seat`` before the stock is looked at."""
    if state.finished:
        return IllegalMove("game-over", "The game is over; no more actions are accepted.")
    if state.phase != ACTIVE:
        return IllegalMove("must-discard", "The player in turn must discard a rác first.")
    if seat != state.turn:
        return IllegalMove("not-your-turn", "It is another player's turn.")
    return None


def _must_take_error(state: TuSacState) -> IllegalMove | None:
    if obligation(state) is not None:
        return IllegalMove(
            "must-take", f"Another player must take the {format_card(state.active)} first."
        )
    return None


def draw_error(state: TuSacState, seat: int) -> IllegalMove | None:
    """Why ``seat`` may not draw now (``None`` if it may)."""
    error = _in_turn_error(state, seat)
    if error is not None:
        return error
    if state.drawn:
        return IllegalMove("already-drew", "This player has drawn already: take the card or pass.")
    return _must_take_error(state)


def pass_error(state: TuSacState, seat: int) -> IllegalMove | None:
    """Why ``seat`` may not pass now (``None`` if it may)."""
    error = _in_turn_error(state, seat)
    if error is not None:
        return error
    if not state.drawn:
        return IllegalMove(
            "no-pass", "Only the card a player has just drawn can be passed: take or draw."
        )
    return _must_take_error(state)


def action_error(state: TuSacState, action: TuSacAction) -> IllegalMove | None:
    """Why ``action`` is illegal now, or ``None``."""
    if isinstance(action, Take):
        return take_error(state, action.seat, action.cards)[0]
    if isinstance(action, Discard):
        return discard_error(state, action.seat, action.card)
    if isinstance(action, Draw):
        return draw_error(state, action.seat)
    return pass_error(state, action.seat)
