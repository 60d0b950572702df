"""The Tứ Sắc table: the state, the four actions and the rules that decide who may take.

Phases: the player in turn either owes a discard (after taking, and the dealer's
opening), or an *active card* lies on the table — just discarded, just drawn, or drawn
and passed on. Every rule lives in one ``*_error`` function per action that returns
the :class:`~vncards.core.IllegalMove` an action would raise (or ``None``); ``apply``,
``legal_actions`` and the bots all ask those functions, so they can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from itertools import combinations
from operator import attrgetter
from typing import ClassVar

from vncards.core import (
    Discarded,
    Drew,
    Event,
    IllegalMove,
    Passed,
    Settled,
    Took,
    Transfer,
    Violation,
    Won,
)
from vncards.tusac._deck import KINDS, Piece, format_card, format_cards
from vncards.tusac._groups import GROUPS, Group, group_lenh, take_shapes
from vncards.tusac._rules import TuSacRules
from vncards.tusac._solver import (
    Hand,
    hand_count,
    hand_kinds,
    hand_of,
    hand_remove,
    is_complete,
    min_junk,
)

__all__ = [
    "ACTIVE",
    "DISCARD",
    "INSTANT_WIN",
    "Discard",
    "Draw",
    "OwedDen",
    "Pass",
    "Revealed",
    "Take",
    "TookGroup",
    "TuSacAction",
    "TuSacState",
    "action_error",
    "apply_action",
    "claim_order",
    "decision_parts",
    "decline_claim",
    "decline_error",
    "discard_error",
    "discard_outs",
    "draw_error",
    "junk_discards",
    "legal_actions",
    "obligation",
    "pass_error",
    "start_game",
    "take_error",
    "waiting_pair",
    "winning_takes",
    "worst_discards",
    "worst_of",
]

DISCARD = 0
"""Phase: the player in turn must discard a rác."""
ACTIVE = 1
"""Phase: an active card lies on the table."""

INSTANT_WIN = "dealer-complete"
"""Instant-win code: the dealer's 21 dealt cards hold no rác (cái tròn bài)."""


@dataclass(frozen=True, slots=True)
class Discard:
    """``seat`` discards one rác of kind ``card`` (đánh / thải rác)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Take:
    """``seat`` takes the active card (ăn) with its own ``cards`` (kinds, sorted);
    ``()`` takes a lone Tướng."""

    seat: int
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class Draw:
    """``seat`` draws (bốc) the top of the stock."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` declines the card it drew; the turn moves on."""

    seat: int


TuSacAction = Discard | Take | Draw | Pass


@dataclass(frozen=True, slots=True)
class TookGroup(Took):
    """``seat`` took the active ``card`` with ``cards`` of its own (``type`` ``take``):
    ``group`` is the exposed group's code, ``khui`` whether it completed a Khạp, and
    ``out_of_turn`` whether the taker jumped the turn (a claim: a win, a Khạp or a pair).

    >>> took = TookGroup(2, "YC", ("YC", "YC"), "triple", False, True)
    >>> data = took.to_json(["An", "Bình", "Chi"])
    >>> data["type"], data["player"], data["cards"], data["group"], data["out_of_turn"]
    ('take', 'Chi', ['YC', 'YC'], 'triple', True)
    """

    group: str = ""
    khui: bool = False
    out_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """At the deal ``seat`` lays down a Quàn, four identical ``cards`` (``type``
    ``reveal``).

    >>> Revealed(0, ("RP",) * 4).to_json(["An", "Bình"])
    {'type': 'reveal', 'player': 'An', 'cards': ['RP', 'RP', 'RP', 'RP'], 'group': 'quan'}
    """

    type: ClassVar[str] = "reveal"
    cards: tuple[str, ...] = ()
    group: str = "quan"


@dataclass(frozen=True, slots=True)
class OwedDen(Event):
    """``seat`` discarded ``card`` after a take although it is not among its worst rác
    (``type`` ``den``): should another player win by taking that very card, ``seat``
    pays for every loser. ``index`` is the action's index in the game.

    >>> OwedDen(1, "YR", 2).to_json(["An", "Bình"])
    {'type': 'den', 'player': 'Bình', 'card': 'YR', 'index': 2}
    """

    type: ClassVar[str] = "den"
    card: str = ""
    index: int = 0


_SHAPES: tuple[dict[tuple[int, ...], str], ...] = tuple(take_shapes(k) for k in range(KINDS))
# Each take shape with what it needs from the hand: (colour, digit weight, copies) per kind.
_SHAPE_NEEDS: tuple[tuple[tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]], ...], ...] = (
    tuple(
        tuple(
            (cards, tuple((k // 7, 5 ** (k % 7), cards.count(k)) for k in sorted(set(cards))))
            for cards in _SHAPES[active]
        )
        for active in range(KINDS)
    )
)


def _held_shapes(hand: Hand, active: int) -> list[tuple[int, ...]]:
    """The take shapes of ``active`` whose own cards ``hand`` holds (the cheap first
    test before :func:`take_error`)."""
    out = []
    for cards, needs in _SHAPE_NEEDS[active]:
        for colour, weight, copies in needs:
            if hand[colour] // weight % 5 < copies:
                break
        else:
            out.append(cards)
    return out


# Groups of three or four different kinds holding a kind: the groups a rác can be
# completed into besides a pair.
_SETS_WITH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(g for g in GROUPS if k in g and len(set(g)) == len(g) >= 3) for k in range(KINDS)
)
# The two rác of exception (b) of the pair rule: two Chốt of different colours, or a
# Xe and a Pháo, a Xe and a Mã, a Pháo and a Mã (the rules name no colour for these).
_WAITING_PAIRS: tuple[tuple[int, int], ...] = (
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


@dataclass(slots=True)
class TuSacState:
    """A Tứ Sắc game in progress. Mutable; :meth:`copy` is cheap."""

    rules: TuSacRules
    dealer: int
    dealt: tuple[tuple[int, ...], ...]
    """Each seat's dealt cards (kinds, sorted)."""
    stock: tuple[int, ...]
    """The stock (nọc) as dealt, in draw order; ``pos`` cards of it are drawn."""
    hands: list[Hand]
    """Private hands (Quàn already exposed)."""
    exposed: list[tuple[Group, ...]]
    """Each seat's exposed groups: Quàn, and every group made by taking."""
    dead: tuple[int, ...] = (0,) * KINDS
    """Counts of cards discarded or drawn that nobody took and are out of play."""
    pos: int = 0
    phase: int = DISCARD
    turn: int = 0
    active: int = -1
    source: int = -1
    """Who discarded, drew or passed the active card."""
    drawn: bool = False
    """The active card was drawn by ``source`` and not passed on yet."""
    after_take: bool = False
    """The discard owed follows a take (so đền applies to it)."""
    den_seat: int = -1
    """Seat whose đền discard is the active card, else -1."""
    declined: int = 0
    """Bitmask of seats that declined a winning claim on the active card."""
    finished: bool = False
    winner: int | None = None
    outcome: str | None = None
    instant_win: str | None = None
    den_payer: int = -1
    """Seat that pays for every loser (đền), else -1."""
    violations: tuple[Violation, ...] = ()
    n_actions: int = 0
    counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Draws, takes, discards and passes so far."""
    transfers: tuple[Transfer, ...] = ()
    """The payments of a finished game, itemised (empty until then and for a draw)."""
    events: list[Event] = field(default_factory=list)
    """Everything that happened, in order: the deal's Quàn, then each action's events."""
    _must: tuple[int, tuple[int, ...]] | None = field(default=None, compare=False, repr=False)
    """The :func:`obligation` worked out for the position (valid while ``_must_known``)."""
    _must_known: bool = field(default=False, compare=False, repr=False)
    _parts: tuple[int, tuple[TuSacAction, ...], bool] | None = field(
        default=None, compare=False, repr=False
    )
    """The :func:`decision_parts` worked out for the position (valid while
    ``_parts_known``); applying an action or declining a claim forgets both."""
    _parts_known: bool = field(default=False, compare=False, repr=False)

    @property
    def n_players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def stock_left(self) -> int:
        """Cards still in the stock."""
        return len(self.stock) - self.pos

    def copy(self) -> TuSacState:
        """An independent copy (the lists of hands and groups are new; their items, and
        every other field, are immutable values shared with the original).

        >>> from vncards.tusac import plugin
        >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=3)
        >>> cp = st.copy()
        >>> cp == st, cp.hands is st.hands
        (True, False)
        """
        # field by field: dataclasses.replace runs __init__ with keywords, twice as slow
        new = _new_state(TuSacState)
        for name, value in zip(_FIELDS, _read_fields(self), strict=True):
            setattr(new, name, value)
        new.hands = list(self.hands)
        new.exposed = list(self.exposed)
        new.events = list(self.events)
        new._must = None
        new._must_known = False
        new._parts = None
        new._parts_known = False
        return new

    def khap_counts(self) -> tuple[int, ...]:
        """How many Khạp each seat holds: the number every player announces (the kinds
        stay hidden)."""
        return tuple(
            _threes(h[0]) + _threes(h[1]) + _threes(h[2]) + _threes(h[3]) for h in self.hands
        )

    def seen(self) -> list[int]:
        """Counts of the cards every player can see: exposed groups, dead cards and the
        active card."""
        seen = list(self.dead)
        for groups in self.exposed:
            for g in groups:
                for k in g.cards:
                    seen[k] += 1
        if self.active >= 0:
            seen[self.active] += 1
        return seen


_THREES: dict[int, int] = {}


def _threes(colour: int) -> int:
    """How many of one colour's seven base-5 piece counts are 3 (remembered)."""
    n = _THREES.get(colour)
    if n is None:
        n = _THREES[colour] = sum(1 for p in range(7) if colour // 5**p % 5 == 3)
    return n


_FIELDS = tuple(f.name for f in fields(TuSacState) if not f.name.startswith("_"))
_read_fields = attrgetter(*_FIELDS)
_new_state = object.__new__


def start_game(
    rules: TuSacRules, dealt: list[list[int]], stock: list[int], dealer: int
) -> TuSacState:
    """A game from a deal: Quàn are exposed (a ``reveal`` event each), then a complete
    dealer wins at once.

    >>> from vncards.tusac._deck import parse_cards
    >>> st = start_game(TuSacRules(), [parse_cards("RK") * 4 + [1] * 17, [2] * 20], [], 0)
    >>> [g.name for g in st.exposed[0]], st.turn, st.phase == DISCARD
    (['quan'], 0, True)
    >>> [e.type for e in st.events], st.outcome
    (['reveal', 'win', 'settle'], 'instant-win')
    """
    hands: list[Hand] = []
    exposed: list[tuple[Group, ...]] = []
    events: list[Event] = []
    for seat, cards in enumerate(dealt):
        hand = hand_of(cards)
        groups = []
        for k in sorted(set(cards)):
            if hand_count(hand, k) == 4:
                hand = hand_remove(hand, k, 4)
                groups.append(Group("quad", (k,) * 4, group_lenh("quad", 4, taken=False), "quan"))
                events.append(Revealed(seat, (format_card(k),) * 4))
        hands.append(hand)
        exposed.append(tuple(groups))
    state = TuSacState(
        rules=rules,
        dealer=dealer,
        dealt=tuple(tuple(sorted(h)) for h in dealt),
        stock=tuple(stock),
        hands=hands,
        exposed=exposed,
        turn=dealer,
        events=events,
    )
    # a dealer with no rác could not make the opening discard (rule 3): they win at once
    if is_complete(hands[dealer]):
        state.finished = True
        state.winner = dealer
        state.outcome = "instant-win"
        state.instant_win = INSTANT_WIN
        events.extend(_end_events(state))
    return state


def _end_events(state: TuSacState) -> list[Event]:
    """The game has just ended: settle it (kept in ``transfers``) and say so."""
    from vncards.tusac._settle import settle_transfers  # settlement reads the state

    state.transfers = settle_transfers(state)
    return [
        Won(state.winner, state.outcome or "draw", state.instant_win),
        Settled(None, state.transfers),
    ]


# ---------------------------------------------------------------- who may take


def _may_touch(state: TuSacState, seat: int) -> bool:
    """Whether ``seat`` may take the active card at all: not its own discard (or the
    card it drew and passed on)."""
    return state.drawn or seat != state.source


def waiting_pair(hand: Hand) -> bool:
    """Exception (b) of the pair rule: exactly two rác, and they are two Chốt of
    different colours, or Xe + Pháo, Xe + Mã or Pháo + Mã (of any colours: the rules
    and their source name a colour for the Chốt only).

    >>> from vncards.tusac._deck import parse_cards
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
    if card % 7 == Piece.GENERAL:
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


def take_error(
    state: TuSacState, seat: int, cards: tuple[int, ...]
) -> tuple[IllegalMove | None, bool]:
    """Why ``seat`` may not take the active card with ``cards`` (``None`` if it may),
    and whether that take wins."""
    if state.finished:
        return IllegalMove("game-over", "The game is over; no more actions are accepted."), False
    if not 0 <= seat < state.n_players:
        return IllegalMove("no-such-seat", f"There is no seat {seat}."), False
    if state.phase != ACTIVE:
        return IllegalMove(
            "must-discard", "The player in turn must discard a rác before anyone takes."
        ), False
    card = state.active
    if not _may_touch(state, seat):
        return IllegalMove(
            "own-card", f"This player cannot take the {format_card(card)} they put on the table."
        ), False
    shapes = _SHAPES[card]
    if cards not in shapes:
        return IllegalMove(
            "not-a-group",
            f"{' '.join(format_cards(cards)) or 'No card'} with the active {format_card(card)}"
            " is not a valid group.",
        ), False
    hand = state.hands[seat]
    for k in set(cards):
        have = hand_count(hand, k)
        if have < cards.count(k):
            return IllegalMove(
                "card-not-in-hand",
                f"This player does not hold {cards.count(k)} × {format_card(k)}.",
            ), False
        if have == 3 and cards != (card, card, card):
            return IllegalMove(
                "khap-locked",
                f"The Khạp of {format_card(k)} is locked: its cards cannot join another group.",
            ), False
    after = hand
    for k in cards:
        after = hand_remove(after, k)
    if is_complete(after):
        return None, True  # rule 1: a winning take is always allowed
    must = obligation(state)
    if must is not None:
        if must != (seat, cards):
            who, own = must
            return IllegalMove(
                "must-take",
                ("This player" if who == seat else "Another player")
                + f" must take the {format_card(card)} with"
                f" {' '.join(format_cards(own))}; only that take or a winning take is allowed.",
            ), False
        return None, False
    if seat != state.turn:
        return IllegalMove(
            "not-your-turn",
            "It is another player's turn; out of turn only a win, a Khạp or a pair may take.",
        ), False
    if min_junk(after) > min_junk(hand):
        return IllegalMove(
            "more-junk",
            f"Taking the {format_card(card)} that way would add rác to this player's hand.",
        ), False
    return None, False


def junk_discards(hand: Hand) -> list[int]:
    """Kinds whose discard lowers the rác count (rule 3), Khạp cards excepted.

    >>> from vncards.tusac._deck import parse_cards, format_cards
    >>> format_cards(junk_discards(hand_of(parse_cards("RK RA RE GR GC YH"))))
    ['YH', 'GR', 'GC']
    """
    junk = min_junk(hand)
    out = []
    for k in sorted(set(hand_kinds(hand))):
        if hand_count(hand, k) < 3 and min_junk(hand_remove(hand, k)) < junk:
            out.append(k)
    return out


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


# ---------------------------------------------------------------- đền: the worst rác


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


# ---------------------------------------------------------------- listing and applying


def legal_actions(state: TuSacState) -> list[TuSacAction]:
    """Every action :func:`apply_action` accepts now, by any seat."""
    if state.finished:
        return []
    if state.phase == DISCARD:
        seat = state.turn
        return [Discard(seat, k) for k in junk_discards(state.hands[seat])]
    acts: list[TuSacAction] = []
    for seat in range(state.n_players):
        for cards in _held_shapes(state.hands[seat], state.active):
            if take_error(state, seat, cards)[0] is None:
                acts.append(Take(seat, cards))
    if obligation(state) is None:
        acts.append(Pass(state.turn) if state.drawn else Draw(state.turn))
    return acts


def winning_takes(state: TuSacState, seat: int) -> list[Take]:
    """The takes of the active card that win for ``seat``."""
    if state.finished or state.phase != ACTIVE or not 0 <= seat < state.n_players:
        return []
    out = []
    for cards in _held_shapes(state.hands[seat], state.active):
        err, wins = take_error(state, seat, cards)
        if err is None and wins:
            out.append(Take(seat, cards))
    return out


def decision_parts(state: TuSacState) -> tuple[int, tuple[TuSacAction, ...], bool] | None:
    """The next choice of a bot-driven game as ``(seat, actions, optional)``, ``None``
    once finished: winning claims first (optional, in claim order, skipping seats that
    declined), then a forced take, then the player in turn. Remembered until the state
    changes."""
    if state._parts_known:
        return state._parts
    found = _decision_parts(state)
    state._parts = found
    state._parts_known = True
    return found


def _decision_parts(state: TuSacState) -> tuple[int, tuple[TuSacAction, ...], bool] | None:
    if state.finished:
        return None
    if state.phase == DISCARD:
        return state.turn, tuple(legal_actions(state)), False
    declined = state.declined
    for seat in claim_order(state):
        if declined >> seat & 1:
            continue
        wins = winning_takes(state, seat)
        if wins:
            return seat, tuple(wins), True
    must = obligation(state)
    if must is not None:
        return must[0], (Take(*must),), False
    turn = state.turn
    return turn, tuple(a for a in legal_actions(state) if a.seat == turn), False


def decline_error(state: TuSacState, seat: int) -> IllegalMove | None:
    """Why ``seat`` has no winning claim to decline now (``None`` if it has one)."""
    if state.finished or state.phase != ACTIVE or state.declined >> seat & 1:
        return IllegalMove("nothing-to-decline", "This player has no claim to decline.")
    for s in claim_order(state):
        if state.declined >> s & 1 or not winning_takes(state, s):
            continue
        if s == seat:
            return None
        break
    return IllegalMove("nothing-to-decline", "This player has no claim to decline.")


def decline_claim(state: TuSacState, seat: int) -> None:
    """``seat`` lets its winning claim on the active card go (a bot-driven game's choice,
    not an action of the record); raise :class:`~vncards.core.IllegalMove` if it has
    none to let go."""
    err = decline_error(state, seat)
    if err is not None:
        raise err
    state.declined |= 1 << seat
    state._parts_known = False


def apply_action(state: TuSacState, action: TuSacAction) -> list[Event]:
    """Carry out ``action`` and return the events it caused (also added to
    ``state.events``); raise :class:`~vncards.core.IllegalMove` and change nothing if it
    is illegal.

    >>> from vncards.tusac import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> apply_action(st, legal_actions(st)[0])
    [Discarded(seat=0, card='RE')]
    """
    events: list[Event]
    if isinstance(action, Take):
        err, wins = take_error(state, action.seat, action.cards)
        if err is not None:
            raise err
        events = _take(state, action.seat, action.cards, wins)
    elif isinstance(action, Discard):
        err = discard_error(state, action.seat, action.card)
        if err is not None:
            raise err
        events = _discard(state, action.seat, action.card)
    elif isinstance(action, Draw):
        err = draw_error(state, action.seat)
        if err is not None:
            raise err
        events = _draw(state, action.seat)
    elif isinstance(action, Pass):
        err = pass_error(state, action.seat)
        if err is not None:
            raise err
        state.turn = (action.seat + 1) % state.n_players
        state.drawn = False
        _bump(state, 3)
        events = [Passed(action.seat)]
    else:
        raise IllegalMove("unknown-action", f"Tứ Sắc has no {type(action).__name__} action.")
    state.n_actions += 1
    state.declined = 0
    state._must_known = False
    state._parts_known = False
    state.events.extend(events)
    return events


def _bump(state: TuSacState, which: int) -> None:
    counts = list(state.counts)
    counts[which] += 1
    state.counts = (counts[0], counts[1], counts[2], counts[3])


def _take(state: TuSacState, seat: int, cards: tuple[int, ...], wins: bool) -> list[Event]:
    card = state.active
    out_of_turn = seat != state.turn
    hand = state.hands[seat]
    for k in cards:
        hand = hand_remove(hand, k)
    state.hands[seat] = hand
    group = tuple(sorted((*cards, card)))
    code = GROUPS[group]
    khui = code == "quad"
    state.exposed[seat] = (
        *state.exposed[seat],
        Group(code, group, group_lenh(code, len(group), taken=True), "khui" if khui else ""),
    )
    state.active = -1
    state.drawn = False
    _bump(state, 1)
    events: list[Event] = [
        TookGroup(seat, format_card(card), tuple(format_cards(cards)), code, khui, out_of_turn)
    ]
    if wins:
        state.finished = True
        state.winner = seat
        state.outcome = "win"
        state.den_payer = state.den_seat
        state.den_seat = -1
        events.extend(_end_events(state))
        return events
    state.phase = DISCARD
    state.turn = seat
    state.after_take = True
    state.den_seat = -1
    return events


def _discard(state: TuSacState, seat: int, card: int) -> list[Event]:
    events: list[Event] = [Discarded(seat, format_card(card))]
    if state.rules.den and state.after_take:
        worst, _ = worst_discards(state, seat)
        if card not in worst:
            state.violations = (
                *state.violations,
                Violation(
                    state.n_actions,
                    seat,
                    "den",
                    f"Discarded {format_card(card)}, not the worst rác"
                    f" ({', '.join(format_cards(worst))}); if another player wins by taking it,"
                    " the discarder pays for every loser.",
                ),
            )
            state.den_seat = seat
            events.append(OwedDen(seat, format_card(card), state.n_actions))
    state.hands[seat] = hand_remove(state.hands[seat], card)
    state.active = card
    state.source = seat
    state.drawn = False
    state.after_take = False
    state.phase = ACTIVE
    state.turn = (seat + 1) % state.n_players
    _bump(state, 2)
    return events


def _draw(state: TuSacState, seat: int) -> list[Event]:
    dead = list(state.dead)
    dead[state.active] += 1
    state.dead = tuple(dead)
    state.den_seat = -1
    if state.stock_left() <= state.rules.draw_limit:
        state.active = -1
        state.finished = True
        state.outcome = "draw"
        return _end_events(state)
    card = state.active = state.stock[state.pos]
    state.pos += 1
    state.source = seat
    state.drawn = True
    _bump(state, 0)
    return [Drew(seat, format_card(card))]
