"""The arrangement game: the state, the ``arrange`` action, its checks and events, and
the end of the game (every chi shown and settled).

Each player without an instant hand arranges once, in any order, in secret; the game
ends when the last of them has arranged. A seat's arrangement is kept in its own
``Arranged`` event, which other seats see without the cards until the reveal.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, SupportsIndex, cast

from vncards.core import (
    Event,
    GameResult,
    IllegalMove,
    Settled,
    Transfer,
    Won,
    format_cards,
)
from vncards.maubinh._events import Arranged, InstantDeclared, Revealed
from vncards.maubinh._hands import Evaluator, evaluator, hand_code
from vncards.maubinh._instant import instant_hands
from vncards.maubinh._rules import INSTANT_CODES, InstantCode, MauBinhRules
from vncards.maubinh._settle import Scoring, is_fouled, scoring, settle_net, winner_of

__all__ = [
    "HAND_SIZE",
    "SPLITS",
    "Arrange",
    "Arranged",
    "InstantDeclared",
    "MauBinhState",
    "Revealed",
    "apply_arrange",
    "arrange_error",
    "start_game",
]

HAND_SIZE = 13
SPLITS = 72_072
"""Ways to split 13 cards into chi1 (5), chi2 (5) and chi3 (3): C(13,5) × C(8,5)."""


def _sorted_ids(cards: tuple[object, ...]) -> tuple[int, ...] | None:
    """``cards`` as sorted ints, or None when they are that already.

    >>> _sorted_ids((1, 2, 9)), _sorted_ids((9, 1, 2)), _sorted_ids((True, 1, 2))
    (None, (1, 2, 9), (1, 1, 2))
    """
    last = -1
    for c in cards:
        if type(c) is not int or c < last:
            return tuple(sorted(operator.index(cast(SupportsIndex, c)) for c in cards))
        last = c
    return None


@dataclass(frozen=True, slots=True)
class Arrange:
    """``seat`` splits its hand into ``chi1`` (5 cards, the back), ``chi2`` (5, the
    middle) and ``chi3`` (3, the front); card ids, each chi kept sorted.

    >>> Arrange(0, (4, 3, 2, 1, 0), (5, 6, 7, 8, 9), (10, 11, 12)).chi1
    (0, 1, 2, 3, 4)
    """

    seat: int
    chi1: tuple[int, ...]
    chi2: tuple[int, ...]
    chi3: tuple[int, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Arrange, (self.seat, self.chi1, self.chi2, self.chi3))

    def __post_init__(self) -> None:
        # one value per split: each chi sorted, of plain ints (numpy integers included)
        ids = _sorted_ids(self.chi1)
        if ids is not None:
            object.__setattr__(self, "chi1", ids)
        ids = _sorted_ids(self.chi2)
        if ids is not None:
            object.__setattr__(self, "chi2", ids)
        ids = _sorted_ids(self.chi3)
        if ids is not None:
            object.__setattr__(self, "chi3", ids)

    @classmethod
    def of(
        cls, seat: int, chi1: Sequence[int], chi2: Sequence[int], chi3: Sequence[int]
    ) -> Arrange:
        """An arrangement with each chi sorted (the one form ``==`` recognises)."""
        return cls(seat, tuple(sorted(chi1)), tuple(sorted(chi2)), tuple(sorted(chi3)))

    def to_record(self) -> dict[str, dict[str, list[str]]]:
        """``{"arrange": {"chi1": [...], "chi2": [...], "chi3": [...]}}``.

        >>> a = Arrange(0, (44, 45, 46, 47, 0), (1, 2, 3, 4, 5), (6, 7, 8))
        >>> a.to_record()["arrange"]["chi3"]
        ['4D', '4H', '5S']
        """
        return {
            "arrange": {
                "chi1": format_cards(self.chi1),
                "chi2": format_cards(self.chi2),
                "chi3": format_cards(self.chi3),
            }
        }


# ------------------------------------------------------------------ state


class MauBinhState:
    """A game of Mậu Binh: the dealt hands (sorted card ids), each seat's instant hand,
    each seat's arrangement (None until made) and the events so far.

    The settlement is made once, when the last arrangement comes in.
    """

    __slots__ = (
        "arranged",
        "ev",
        "finished",
        "hands",
        "history",
        "instant",
        "keys",
        "n",
        "result_",
        "rules",
        "score",
    )

    rules: MauBinhRules
    ev: Evaluator
    score: Scoring
    n: int
    hands: tuple[tuple[int, ...], ...]
    instant: tuple[InstantCode | None, ...]
    arranged: list[Arrange | None]
    keys: list[tuple[int, int, int] | None]
    history: list[Event]
    finished: bool
    result_: GameResult | None

    def copy(self) -> MauBinhState:
        """An independent copy (events and arrangements are immutable values)."""
        st = MauBinhState.__new__(MauBinhState)
        st.rules, st.ev, st.score, st.n = self.rules, self.ev, self.score, self.n
        st.hands, st.instant = self.hands, self.instant
        st.arranged = list(self.arranged)
        st.keys = list(self.keys)
        st.history = list(self.history)
        st.finished = self.finished
        st.result_ = self.result_
        return st

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MauBinhState):
            return NotImplemented
        return (
            self.rules == other.rules
            and self.hands == other.hands
            and self.instant == other.instant
            and self.arranged == other.arranged
            and self.history == other.history
            and self.finished == other.finished
        )

    __hash__ = None  # type: ignore[assignment]

    def pending(self) -> list[int]:
        """Seats that still have to arrange, in seat order."""
        return [
            s
            for s in range(self.n)
            if self.instant[s] is None and self.arranged[s] is None and not self.finished
        ]

    def result(self) -> GameResult:
        """The game as it stands: settled once finished, all payments 0 before.

        While unfinished the report names no instant hand either, as in every game: an
        instant hand is part of the outcome (a seat's view shows the hands laid face up).
        """
        if self.result_ is not None:
            return self.result_
        return GameResult(False, None, None, None, (0,) * self.n)


def _top_instant(instant: Sequence[str | None]) -> str | None:
    found = [c for c in instant if c is not None]
    return min(found, key=INSTANT_CODES.index) if found else None


def start_game(
    rules: MauBinhRules,
    hands: Sequence[Sequence[int]],
    instant: Sequence[InstantCode | None] | None = None,
) -> MauBinhState:
    """A game from dealt hands (card ids); instant hands found at the deal unless given.

    >>> st = start_game(MauBinhRules(), [range(0, 52, 4), range(1, 52, 4)])  # two rồng cuốn
    >>> st.pending(), st.finished, st.instant
    ([], True, ('rong-cuon', 'rong-cuon'))
    >>> from vncards.core import deal
    >>> st = start_game(MauBinhRules(), deal(1, 52, [13, 13])[0])
    >>> st.pending(), st.finished
    ([0, 1], False)
    """
    st = MauBinhState.__new__(MauBinhState)
    st.rules = rules
    st.ev = evaluator(rules)
    st.score = scoring(rules)
    st.n = len(hands)
    st.hands = tuple(map(tuple, map(sorted, hands)))
    st.instant = tuple(instant) if instant is not None else instant_hands(st.hands, rules)
    st.arranged = [None] * st.n
    st.keys = [None] * st.n
    st.history = [
        InstantDeclared(s, what=code, cards=tuple(format_cards(st.hands[s])))
        for s, code in enumerate(st.instant)
        if code is not None
    ]
    st.finished = False
    st.result_ = None
    if None not in st.instant:
        st.history.extend(_finish(st))
    return st


def arrange_error(st: MauBinhState, action: Arrange) -> IllegalMove | None:
    """Why ``action`` is refused now, or None when it is legal."""
    seat = action.seat
    if not 0 <= seat < st.n:
        return IllegalMove("not-your-cards", f"there is no seat {seat} at this table")
    if st.instant[seat] is not None:
        return IllegalMove(
            "instant-win-hand",
            f"seat {seat} holds a mậu binh trắng ({st.instant[seat]}) and does not arrange",
        )
    if st.arranged[seat] is not None:
        return IllegalMove("already-arranged", f"seat {seat} has already arranged")
    sizes = (len(action.chi1), len(action.chi2), len(action.chi3))
    if sizes != (5, 5, 3):
        return IllegalMove(
            "bad-arrangement",
            f"chi1, chi2 and chi3 hold 5, 5 and 3 cards, not {sizes[0]}, {sizes[1]} and {sizes[2]}",
        )
    cards = action.chi1 + action.chi2 + action.chi3
    if len(set(cards)) != 13 or not all(isinstance(c, int) and 0 <= c < 52 for c in cards):
        return IllegalMove("bad-arrangement", "a card is used twice in the arrangement")
    hand = st.hands[seat]
    if sorted(cards) != list(hand):
        held = set(hand)
        stray = [c for c in cards if c not in held]
        return IllegalMove(
            "not-your-cards",
            f"seat {seat} does not hold {', '.join(format_cards(sorted(stray)))}",
        )
    return None


def chi_keys(ev: Evaluator, action: Arrange) -> tuple[int, int, int]:
    """The keys of the three chi of an arrangement."""
    return ev.key5(*action.chi1), ev.key5(*action.chi2), ev.key3(*action.chi3)


def apply_arrange(st: MauBinhState, action: Arrange) -> list[Event]:
    """Record an arrangement (or raise :class:`IllegalMove`, changing nothing); the last
    one shows every chi and settles the game."""
    err = arrange_error(st, action)
    if err is not None:
        raise err
    seat = action.seat
    st.arranged[seat] = action
    st.keys[seat] = chi_keys(st.ev, action)
    events: list[Event] = [
        Arranged(
            seat,
            tuple(format_cards(action.chi1)),
            tuple(format_cards(action.chi2)),
            tuple(format_cards(action.chi3)),
        )
    ]
    if not st.pending():
        events.extend(_finish(st))
    st.history.extend(events)
    return events


def _finish(st: MauBinhState) -> list[Event]:
    """Show every hand, settle, and close the game."""
    events: list[Event] = []
    for s in range(st.n):
        if st.instant[s] is not None:
            continue
        a, k = st.arranged[s], st.keys[s]
        assert a is not None
        assert k is not None
        events.append(
            Revealed(
                s,
                tuple(format_cards(a.chi1)),
                tuple(format_cards(a.chi2)),
                tuple(format_cards(a.chi3)),
                hands=(hand_code(k[0]), hand_code(k[1]), hand_code(k[2])),
                fouled=is_fouled(k),
            )
        )
    transfers, net = settle_net(st.score, st.instant, st.keys)
    res = outcome_of(st.instant, transfers, net)
    st.finished = True
    st.result_ = res
    events.append(Won(res.winner, outcome=res.outcome or "draw", instant_win=res.instant_win))
    events.append(Settled(None, transfers=tuple(transfers)))
    return events


def outcome_of(
    instant: Sequence[str | None], transfers: Sequence[Transfer], net: Sequence[int]
) -> GameResult:
    """The result of a game settled by ``transfers``, whose net per seat is ``net``."""
    winner = winner_of(net)
    top = _top_instant(instant)
    outcome = "draw" if winner is None else "instant-win" if top is not None else "showdown"
    return GameResult(True, outcome, winner, top, tuple(net), (), tuple(transfers))
