"""Sâm Lốc play on the shared climbing engine: combinations, chặt, thối 2, báo Sâm and
báo một. A game's values beyond the climbing state are typed fields of
:class:`SamState`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import cast

from mypy_extensions import mypyc_attr
from vncards.core import (
    Chopped,
    ChopRule,
    ClimbConfig,
    Combo,
    ComboRules,
    IllegalMove,
    Kind,
    legal_plays,
    ranks_with,
)

# the bases from their own modules: a class compiled apart from them loads them there
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.samloc._events import BaoMotViolated, OneCard, Stuck
from vncards.samloc._rules import SamRules

__all__ = ["TWOS", "SamEngine", "SamState", "sam_chops", "sam_combo_rules"]

TWOS = 0xF << 48
"""Mask of the four 2s (heo)."""


# subclasses of core classes: plain classes when compiled apart from the core
@mypyc_attr(native_class=False)
class SamState(ClimbState):
    """A Sâm game: the climbing state plus Sâm's own values, all public and immutable
    (copies share them):

    - ``later``: a game after the first of a match (the previous winner leads);
    - ``declared``: the seats that declared Sâm, in order; ``declined``: the seats asked
      that did not; ``declarer``: the seat whose Sâm counts, or -1;
    - ``sam``: ``"success"`` or ``"failed"`` once decided, else ``None``; ``blocker``:
      who beat the declarer (-1 when the declarer failed alone);
    - ``instant``: ``(seat, code)`` of a tới trắng, else ``None``;
    - ``stuck``: seats out of play because every lead would go out on a 2 (thối 2);
    - ``thoi``: ``(seat, cards)`` of players who went out on a 2 under
      ``finish_on_two = loses``;
    - ``viol``: báo một violations ``(action index, seat, announced seat, message)``;
    - ``chops``: how many chops were played; ``draw``: no one can go out.

    >>> from vncards.core import CardSet
    >>> st = SamState([CardSet.parse("3S").mask, CardSet.parse("4S").mask], 0, later=True)
    >>> st.declarer, st.later, st.copy() == st
    (-1, True, True)
    """

    __slots__ = (
        "blocker",
        "chops",
        "declared",
        "declarer",
        "declined",
        "draw",
        "instant",
        "later",
        "sam",
        "stuck",
        "thoi",
        "viol",
    )

    later: bool
    declared: tuple[int, ...]
    declined: tuple[int, ...]
    declarer: int
    sam: str | None
    blocker: int
    instant: tuple[int, str] | None
    stuck: int
    thoi: tuple[tuple[int, int], ...]
    viol: tuple[tuple[int, int, int, str], ...]
    chops: int
    draw: bool

    def __init__(
        self,
        hands: Sequence[int],
        first: int,
        engine: ClimbEngine | None = None,
        rules: SamRules | None = None,
        *,
        later: bool = False,
    ) -> None:
        super().__init__(hands, first, engine, rules)
        self.later = later
        self.declared = ()
        self.declined = ()
        self.declarer = -1
        self.sam = None
        self.blocker = -1
        self.instant = None
        self.stuck = 0
        self.thoi = ()
        self.viol = ()
        self.chops = 0
        self.draw = False


_TWO = 12
# enum members read once: a class attribute lookup on an enum is slow, and these are
# compared on every play and pass
_SINGLE = Kind.SINGLE
_QUAD = Kind.QUAD
_STRAIGHT_ORDERS: dict[str, tuple[int, ...]] = {
    # 3 … A: the 2 never sits in a straight
    "standard": tuple(range(12)),
    # A low or high, 2 after the low A: A-2-3 … Q-K-A, never K-A-2
    "a23": (11, 12, *range(12)),
}

# built once: ComboRules caches its lookup tables, so sharing one value matters
_COMBO_RULES: dict[str, ComboRules] = {
    name: ComboRules(
        suits_break_ties=False,
        straight_order=order,
        min_straight=3,
        max_straight=10,  # a whole hand: the sảnh rồng
        pair_runs=False,
    )
    for name, order in _STRAIGHT_ORDERS.items()
}

_CHOPS = (
    ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=_TWO),
    ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
)


def sam_combo_rules(rules: SamRules) -> ComboRules:
    """Combinations of Sâm: rank only, no đôi thông, straights by ``straight_order``.

    >>> from vncards.core import CardSet, classify
    >>> from vncards.samloc import PRESETS
    >>> std, a23 = sam_combo_rules(PRESETS["standard"]), sam_combo_rules(PRESETS["a23"])
    >>> classify(CardSet.parse("AS 2S 3S").mask, std) is None
    True
    >>> classify(CardSet.parse("AS 2S 3S").mask, a23).kind.code
    'straight'
    """
    return _COMBO_RULES[rules.straight_order]


def sam_chops() -> tuple[ChopRule, ...]:
    """The chop table: a tứ quý on a single 2, a higher tứ quý on a tứ quý."""
    return _CHOPS


def _chop_value(target: Combo, chop_two: int, chop_quad: int) -> int:
    """What chopping ``target`` is worth: a single 2's value or a tứ quý's."""
    return chop_two if target.kind == _SINGLE else chop_quad


@mypyc_attr(native_class=False)
class SamEngine(ClimbEngine):
    """The climbing engine with Sâm's rules; one per rules value (it is stateless).

    >>> from vncards.core import CardSet
    >>> from vncards.samloc import PRESETS
    >>> eng = SamEngine(PRESETS["standard"])
    >>> st = SamState([CardSet.parse("2S").mask, CardSet.parse("5S").mask], 0)
    >>> eng.plays(st)      # a lone 2 may not go out (thối 2)
    []
    """

    # tests/hardening/test_campaigns.py tries every combination of the hand at every
    # step of games under each preset: plays() offers exactly what play() accepts
    offers_legal_plays = True

    def __init__(self, rules: SamRules) -> None:
        chop_quad = rules.chop_quad
        super().__init__(
            ClimbConfig(
                combo_rules=sam_combo_rules(rules),
                chops=_CHOPS,
                # no closure: compiles
                chop_value=partial(_chop_value, chop_two=rules.chop_two, chop_quad=chop_quad),
                passed_may_chop=False,
                hand_size=10,
                min_players=rules.min_players,
                max_players=rules.max_players,
            )
        )
        self.rules = rules
        self.forbid_two = rules.finish_on_two == "forbidden"
        self.chop_quad = chop_quad
        # what a chop on a chop adds beyond the chopped tứ quý's value, or None
        self.flat_step: int | None = (
            rules.chop_chain_step - chop_quad if rules.chop_chain == "flat" else None
        )

    # ------------------------------------------------------------ move generation

    def plays(self, state: ClimbState) -> list[int]:
        """Every legal play for the seat to act (a short path for the common answer to
        a single; everything else goes through the core generator)."""
        if state.finished:
            return []
        seat = state.turn
        hand = state.hands[seat]
        table = state.table
        if table is None:
            masks = legal_plays(hand, self.combo_rules)
        elif state.passed >> seat & 1:
            return []  # a seat that passed is locked out of the round
        elif table.kind == _SINGLE:
            rank = table.top_rank
            higher = hand >> (4 * rank + 4) << (4 * rank + 4)
            masks = []
            while higher:
                low = higher & -higher
                masks.append(low)
                higher ^= low
            if rank == _TWO:  # a tứ quý chops a single 2
                quads = ranks_with(hand, 4)
                while quads:
                    low = quads & -quads
                    masks.append(low * 15)  # bit 4r set: the four cards of rank r
                    quads ^= low
        elif table.kind == _QUAD:
            masks = legal_plays(hand, self.combo_rules, table, self.chops)
        else:  # no chop answers a pair, a triple or a straight
            masks = legal_plays(hand, self.combo_rules, table)
        if self.forbid_two and hand & TWOS and hand in masks:
            # thối 2 forbidden: only a play of the whole hand empties it, and one
            # holding a 2 may not (the refusal is _check_hook's)
            return [m for m in masks if m != hand]
        return masks

    # ------------------------------------------------------------ thối 2

    def _check_hook(self, state: ClimbState, seat: int, mask: int, combo: Combo) -> None:
        if self.forbid_two and mask == state.hands[seat] and mask & TWOS:
            raise IllegalMove(
                "finish-on-two",
                "A player may not go out with a play that holds a 2 (thối 2).",
            )

    # ------------------------------------------------------------ plays

    def _after_play(
        self,
        state: ClimbState,
        seat: int,
        combo: Combo,
        beaten: Combo | None,
        beaten_seat: int,
    ) -> None:
        # a Sâm engine plays SamStates (the annotation, not a cast: this runs every play)
        st: SamState = state  # type: ignore[assignment]
        if beaten is not None and combo.kind == _QUAD:
            # a legal tứ quý over anything is a chop (a 2 or a lower tứ quý)
            st.chops += 1
            if (
                self.flat_step is not None
                and beaten.kind == _QUAD
                and state.chain_value != self.chop_quad
            ):
                # a chop on a chop (a chain just opened is worth exactly the chopped
                # tứ quý): under chop_chain=flat it adds the flat step, not that value;
                # the chop event the engine just added announces the chain's new value
                state.chain_value += self.flat_step
                events = state.events
                if events and type(events[-1]) is Chopped:
                    events[-1] = Chopped(seat, victim=beaten_seat, value=state.chain_value)
        declarer = st.declarer
        if declarer != -1:
            if beaten is not None and beaten_seat == declarer and seat != declarer:
                # báo Sâm fails the moment an opponent beats the declarer
                st.sam = "failed"
                st.blocker = seat
                state.winner = seat
                state.finished = True
            return
        if combo.kind == _SINGLE:
            # báo một needs the next seat to hold one card: when the seat after this
            # one is in play and holds more, it is the next seat and nothing is owed
            n = len(state.hands)
            after = seat + 1 if seat + 1 < n else 0
            if state.out >> after & 1 or state.hands[after].bit_count() == 1:
                self._bao_mot_play(state, seat, combo, beaten)
        if state.hands[seat].bit_count() == 1:
            state.events.append(OneCard(seat) if seat >= _SEATS else _ONE_CARD[seat])

    def _on_empty(self, state: ClimbState, seat: int, combo: Combo) -> None:
        st = cast(SamState, state)
        has_two = bool(combo.mask & TWOS)
        if st.declarer == seat:
            if has_two:
                self._sam_fails_alone(state, seat)
            else:
                st.sam = "success"
                state.winner = seat
                state.finished = True
            return
        if has_two:
            # finish_on_two == "loses": ranked a loser, still holding that last play
            st.thoi = (*st.thoi, (seat, combo.mask))
            left = [i for i in range(len(state.hands)) if not state.out >> i & 1]
            if len(left) == 1:
                state.winner = left[0]
                state.finished = True
            return
        state.winner = seat
        state.finished = True

    def _sam_fails_alone(self, state: ClimbState, declarer: int) -> None:
        """The declarer cannot play out without a 2 last: no blocker, so the seat after
        the declarer is named winner and every opponent is paid."""
        st = cast(SamState, state)
        st.sam = "failed"
        st.blocker = -1
        state.winner = (declarer + 1) % len(state.hands)
        state.finished = True

    # ------------------------------------------------------------ passes

    def _pass(self, state: ClimbState, seat: int) -> None:
        # a pass that lets an announced player through is a báo một violation
        table = state.table
        note = None
        if table is not None and table.kind == _SINGLE:
            # as in _after_play: no báo một unless the next seat may hold one card, and
            # none once a Sâm is declared
            n = len(state.hands)
            after = seat + 1 if seat + 1 < n else 0
            may_hold_one = state.out >> after & 1 or state.hands[after].bit_count() == 1
            if may_hold_one and cast(SamState, state).declarer == -1:
                note = self._bao_mot_pass(state, seat)
        # ClimbEngine._pass, without another call on every pass
        state.passed |= 1 << seat
        state.n_actions += 1
        if note is not None:
            # noted before the turn moves on (a round's end may settle a chop chain)
            self._record_violation(state, state.n_actions - 1, seat, *note)
        self._advance(state, seat)

    # ------------------------------------------------------------ rounds

    def _end_round(self, state: ClimbState) -> None:
        super()._end_round(state)
        if self.forbid_two and state.hands[state.turn] & TWOS:
            self._skip_stuck_leaders(state)

    def _skip_stuck_leaders(self, state: ClimbState) -> None:
        """A leader holding only a lone 2 can never go out (thối 2): a declarer's Sâm
        fails; anyone else leaves play as a loser and the next seat leads."""
        while True:  # each pass marks one more seat, so this ends
            seat = state.turn
            hand = state.hands[seat]
            if hand & ~TWOS or hand.bit_count() != 1:
                return
            st = cast(SamState, state)
            if st.declarer == seat:
                self._sam_fails_alone(state, seat)
                return
            st.stuck |= 1 << seat
            state.events.append(Stuck(seat))
            state.out |= 1 << seat
            nxt = next_active(state, seat)
            if nxt < 0:
                st.draw = True
                state.finished = True
                return
            state.turn = state.table_seat = nxt

    # ------------------------------------------------------------ báo một

    def _bao_mot_play(
        self, state: ClimbState, seat: int, combo: Combo, beaten: Combo | None
    ) -> None:
        if beaten is not None and beaten.kind != _SINGLE:
            return
        nxt = next_active(state, seat)
        if nxt < 0 or state.hands[nxt].bit_count() != 1:
            return
        before = state.hands[seat] | combo.mask
        top = (before.bit_length() - 1) >> 2
        if combo.top_rank >= top:
            return
        what = "led" if beaten is None else "beat a single with"
        self._record_violation(
            state,
            state.n_actions - 1,
            seat,
            nxt,
            f"The next player holds one card, but this player {what} a single lower "
            "than their highest card.",
        )

    def _bao_mot_pass(self, state: ClimbState, seat: int) -> tuple[int, str] | None:
        table = state.table
        if table is None or table.kind != _SINGLE or state.finished or seat != state.turn:
            return None
        nxt = next_active(state, seat)
        if nxt < 0 or state.hands[nxt].bit_count() != 1:
            return None
        hand = state.hands[seat]
        top = (hand.bit_length() - 1) >> 2
        if top <= table.top_rank:
            return None
        if self.forbid_two and hand.bit_count() == 1 and hand & TWOS:
            return None  # the only card that beats would go out on a 2
        return (
            nxt,
            "The next player holds one card, but this player passed on a single that "
            "their highest card beats.",
        )

    @staticmethod
    def _record_violation(
        state: ClimbState, index: int, seat: int, announced: int, message: str
    ) -> None:
        st = cast(SamState, state)
        st.viol = (*st.viol, (index, seat, announced, message))
        state.events.append(BaoMotViolated(seat, announced=announced))


# the báo một announcement of each seat: immutable, so one value serves every game
_SEATS = 8
_ONE_CARD = tuple(OneCard(seat) for seat in range(_SEATS))


def next_active(state: ClimbState, seat: int) -> int:
    """The next seat after ``seat`` in turn order still in play, or -1."""
    n = len(state.hands)
    out = state.out
    i = seat + 1 if seat + 1 < n else 0
    if not out >> i & 1:
        return i if i != seat else -1
    for _ in range(n - 2):
        i = i + 1 if i + 1 < n else 0
        if not out >> i & 1:
            return i
    return -1
