"""Play in Tiến lên miền Nam: the combination rules, the chop table (chặt) and the
engine hooks that are Tiến lên's own (the 3♠ opening, chops counted for statistics,
a passed player coming back to chop).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from mypy_extensions import mypyc_attr
from vncards.core import (
    ClimbConfig,
    Combo,
    ComboRules,
    IllegalMove,
    Kind,
    format_card,
    legal_plays,
)

# the bases from their own modules: a class compiled apart from them loads them there
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._shapes import ChopRule
from vncards.tienlen._events import Stuck
from vncards.tienlen._rules import TienLenRules
from vncards.tienlen._scoring import chop_value

__all__ = [
    "CHOP_TABLE",
    "COMBO_RULES",
    "ComebackEngine",
    "ComebackLastTwoEngine",
    "LastTwoEngine",
    "TienLenEngine",
    "TienLenState",
    "combo_rules_of",
]

COMBO_RULES = ComboRules()
"""Suits break ties; straights (sảnh) and đôi thông run 3…A, never through the 2."""

_NARROWED: dict[tuple[bool, bool, bool, bool], ComboRules] = {}


def combo_rules_of(rules: TienLenRules) -> ComboRules:
    """The combination rules a table plays: :data:`COMBO_RULES` with the settings of the
    Northern game (``follow``, ``straight_suits``, ``pair_colours``, ``pair_runs``)
    switched as ``rules`` has them; one shared value per choice, so its lookup tables are
    built once.

    >>> combo_rules_of(TienLenRules()) is COMBO_RULES
    True
    >>> north = combo_rules_of(TienLenRules(follow="suit", pair_runs=False))
    >>> north.follow_suit, north.pair_runs, north.one_suit_straights
    (True, False, False)
    """
    key = (
        rules.follow == "suit",
        rules.straight_suits == "one",
        rules.pair_colours == "one",
        rules.pair_runs,
    )
    if key == (False, False, False, True):
        return COMBO_RULES
    found = _NARROWED.get(key)
    if found is None:
        found = _NARROWED[key] = ComboRules(
            follow_suit=key[0], one_suit_straights=key[1], one_colour_pairs=key[2], pair_runs=key[3]
        )
    return found


# Final: the compiled engine reads these as constants, not from the module dict
_TWO: Final = 12
_TWOS: Final = 15 << (4 * _TWO)  # the four 2s (heo)
_QUAD_KIND: Final = Kind.QUAD
_PAIR_RUN_KIND: Final = Kind.PAIR_RUN
_SINGLE = (Kind.SINGLE, 1)
_PAIR = (Kind.PAIR, 2)
_QUAD = (Kind.QUAD, 4)
_THREE_PAIRS = (Kind.PAIR_RUN, 6)
_FOUR_PAIRS = (Kind.PAIR_RUN, 8)


# subclasses of core classes: plain classes when compiled apart from the core
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class _Row(ChopRule):
    """A chop-table row that turns most plays away by their size alone: the engine
    asks every row about every play that meets a table, and almost none is a chop."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_sizes", (self.attacker[1], self.target[1]))

    def applies(self, play: Combo, over: Combo) -> bool:
        """Whether this row lets ``play`` chop ``over``."""
        sizes: tuple[int, int] = self._sizes  # type: ignore[attr-defined]
        if play.length != sizes[0] or over.length != sizes[1]:
            return False
        return super().applies(play, over)


CHOP_TABLE: Final[tuple[ChopRule, ...]] = (
    # 3 đôi thông: a single 2; chặt chồng on a smaller 3 đôi thông
    _Row(_THREE_PAIRS, _SINGLE, target_rank=_TWO),
    _Row(_THREE_PAIRS, _THREE_PAIRS, need_higher=True),
    # tứ quý: a single 2 or a pair of 2s; any 3 đôi thông; a smaller tứ quý
    _Row(_QUAD, _SINGLE, target_rank=_TWO),
    _Row(_QUAD, _PAIR, target_rank=_TWO),
    _Row(_QUAD, _THREE_PAIRS),
    _Row(_QUAD, _QUAD, need_higher=True),
    # 4 đôi thông: a single 2 or a pair of 2s; any 3 đôi thông; any tứ quý; a smaller one
    _Row(_FOUR_PAIRS, _SINGLE, target_rank=_TWO),
    _Row(_FOUR_PAIRS, _PAIR, target_rank=_TWO),
    _Row(_FOUR_PAIRS, _THREE_PAIRS),
    _Row(_FOUR_PAIRS, _QUAD),
    _Row(_FOUR_PAIRS, _FOUR_PAIRS, need_higher=True),
)
"""The chặt table, row by row as the rules page gives it."""

# combinations some row of the table may chop: a single 2, a pair of 2s, the hàng
_CHOPPABLE = frozenset((rule.target[0], rule.target[1], rule.target_rank) for rule in CHOP_TABLE)


def _choppable(table: Combo) -> bool:
    shape = (table.kind, table.length)
    return (*shape, None) in _CHOPPABLE or (*shape, table.top_rank) in _CHOPPABLE


@mypyc_attr(native_class=False)
class TienLenState(ClimbState):
    """A Tiến lên game: the climbing state plus ``lead_card`` (a one-card mask, or 0:
    the card the very first play of the game must contain, 3♠ under
    ``first_lead="three-of-spades"``), ``chops`` (chops made so far) and
    ``instant_win`` (the tới trắng code of a game won at the deal, else ``None``).

    >>> from vncards.core import CardSet
    >>> state = TienLenState([CardSet.parse("3S").mask, CardSet.parse("4S").mask], 0)
    >>> state.lead_card, state.chops, state.instant_win, TienLenState.extra_fields
    (0, 0, None, ('chops', 'instant_win', 'lead_card'))
    """

    __slots__ = ("chops", "instant_win", "lead_card")

    engine: TienLenEngine | None
    rules: TienLenRules
    chops: int
    instant_win: str | None
    lead_card: int

    def __init__(
        self,
        hands: Sequence[int],
        first: int,
        engine: TienLenEngine | None = None,
        rules: TienLenRules | None = None,
    ) -> None:
        super().__init__(hands, first, engine, rules)
        self.chops = 0
        self.instant_win = None
        self.lead_card = 0


@mypyc_attr(native_class=False)
class TienLenEngine(ClimbEngine):
    """The climbing engine with Tiến lên's rules. On a :class:`TienLenState` it keeps
    the 3♠ opening (``lead_card``) and counts chops (``chops``).

    >>> from vncards.core import CardSet, ClimbState
    >>> eng = TienLenEngine(TienLenRules())
    >>> hands = [CardSet.parse("2S 5C").mask, CardSet.parse("3S 3C 4D 4H 5S 5H 9C").mask]
    >>> state = TienLenState(hands, 0)
    >>> eng.play(state, 0, CardSet.parse("2S").mask).kind.code
    'single'
    >>> eng.play(state, 1, CardSet.parse("3S 3C 4D 4H 5S 5H").mask).kind.code  # chặt the 2
    'pair-run'
    >>> state.chain_value, state.chain_victim, state.chain_chopper
    (3, 0, 1)
    >>> type(TienLenEngine(TienLenRules(passed_may_chop=True))).__name__
    'ComebackEngine'
    """

    # tests/hardening/test_campaigns.py tries every combination of the hand at every
    # step of games under each preset: plays() offers exactly what play() accepts
    offers_legal_plays = True

    def __new__(cls, rules: TienLenRules) -> TienLenEngine:
        # a passed player's return changes who is asked next, and a leader stuck on a
        # lone 2 leaves play when a round ends: each lives in a subclass, so the default
        # game pays nothing for them
        if cls is TienLenEngine:
            cls = _ENGINES[rules.passed_may_chop, rules.finish_on_two == "forbidden"]
        # the base's own __new__ named, not super()'s: compiled, that is what works
        return ClimbEngine.__new__(cls)

    def __init__(self, rules: TienLenRules) -> None:
        self.rules = rules
        combos = combo_rules_of(rules)
        self.forbid_two = rules.finish_on_two == "forbidden"
        # only the first play's list goes through _plays_hook, unless a hand may not go
        # out on a 2 or a subclass has a hook of its own
        self.opening_hook_only = not self.forbid_two and type(self)._plays_hook is _OWN_HOOK
        super().__init__(
            ClimbConfig(
                combo_rules=combos,
                chops=CHOP_TABLE,
                chop_value=partial(chop_value, rules=rules),  # no closure: compiles
                passed_may_chop=rules.passed_may_chop,
                hand_size=rules.hand_size,
                min_players=rules.min_players,
                max_players=rules.max_players,
            )
        )

    # The first play of a game opened by 3♠ must contain it; no last play may hold a 2
    # where finishing on a 2 is forbidden. What one refuses, the other never offers.
    def _plays_hook(self, state: ClimbState, seat: int, masks: list[int]) -> list[int]:
        if state.pile == 0 and isinstance(state, TienLenState) and state.lead_card:
            lead = state.lead_card
            masks = [m for m in masks if m & lead]
        if self.forbid_two:
            hand = state.hands[seat]
            if hand & _TWOS and hand in masks:  # only a play of the whole hand empties it
                masks = [m for m in masks if m != hand]
        return masks

    def _check_hook(self, state: ClimbState, seat: int, mask: int, combo: Combo) -> None:
        if state.pile == 0 and isinstance(state, TienLenState) and state.lead_card:
            lead = state.lead_card
            if not mask & lead:
                name = _card_name(lead)
                raise IllegalMove(
                    "wrong-first-play",
                    f"The first play of the game must contain {name}, which opens the game.",
                )
        if self.forbid_two and mask == state.hands[seat] and mask & _TWOS:
            raise IllegalMove(
                "finish-on-two",
                "A player may not go out with a play that holds a 2 (heo) under these rules.",
            )

    def _after_play(
        self,
        state: ClimbState,
        seat: int,
        combo: Combo,
        beaten: Combo | None,
        beaten_seat: int,
    ) -> None:
        # only a bomb can chop, so most plays skip the table lookup
        kind = combo.kind
        if (
            beaten is not None
            and (kind is _QUAD_KIND or kind is _PAIR_RUN_KIND)
            and any(rule.applies(combo, beaten) for rule in CHOP_TABLE)
            and isinstance(state, TienLenState)
        ):
            state.chops += 1

    def skip_stuck_leaders(self, state: ClimbState) -> None:
        """Under ``finish_on_two`` ``forbidden`` a leader holding only a lone 2 has no
        play and may not pass: it leaves play as a loser (a ``stuck`` event), and the
        next seat in play leads; when one seat is left in play, it wins.

        >>> from vncards.core import CardSet
        >>> eng = TienLenEngine(TienLenRules(finish_on_two="forbidden"))
        >>> hands = [CardSet.parse(c).mask for c in ("2S", "4S 9H", "5D 6D")]
        >>> state = TienLenState(hands, 0)
        >>> eng.skip_stuck_leaders(state)
        >>> state.turn, state.out, state.finished, [e.type for e in state.events]
        (1, 1, False, ['stuck'])
        """
        n = len(state.hands)
        while not state.finished:
            seat = state.turn
            hand = state.hands[seat]
            if hand & ~_TWOS or hand.bit_count() != 1:
                return
            state.out |= 1 << seat
            state.events.append(Stuck(seat))
            left = [i for i in range(n) if not state.out >> i & 1]
            if len(left) == 1:
                state.winner = left[0]
                state.finished = True
                return
            nxt = next(i % n for i in range(seat + 1, seat + n) if not state.out >> (i % n) & 1)
            state.turn = state.table_seat = nxt

    def holds_chop(self, hand: int, table: Combo) -> bool:
        """Whether ``hand`` can chặt ``table`` through a row of the chop table."""
        if not _choppable(table):
            return False
        return bool(legal_plays(hand, self.combo_rules, table, CHOP_TABLE, chops_only=True))


_OWN_HOOK = TienLenEngine._plays_hook


@mypyc_attr(native_class=False)
class LastTwoEngine(TienLenEngine):
    """The engine when ``finish_on_two`` is ``forbidden``: when a round ends, a leader
    holding only a 2 leaves play (see :meth:`TienLenEngine.skip_stuck_leaders`).

    >>> type(TienLenEngine(TienLenRules(finish_on_two="forbidden"))).__name__
    'LastTwoEngine'
    """

    def _end_round(self, state: ClimbState) -> None:
        super()._end_round(state)
        if state.hands[state.turn] & _TWOS:
            self.skip_stuck_leaders(state)


@mypyc_attr(native_class=False)
class ComebackEngine(TienLenEngine):
    """The engine when ``passed_may_chop`` is set: a passed player may come back in the
    round, only to chop."""

    def _advance(self, state: ClimbState, seat: int) -> None:
        # A passed player who may come back to chop is only asked when the table holds
        # something to chop and their hand can chop it; otherwise play goes round them,
        # so a record need not repeat their passes.
        table = state.table
        n = len(state.hands)
        i = seat
        for _ in range(n):
            i = i + 1 if i + 1 < n else 0
            if i == state.table_seat:
                break
            if state.out >> i & 1:
                continue
            if state.passed >> i & 1 and (
                table is None or not self.holds_chop(state.hands[i], table)
            ):
                continue
            state.turn = i
            return
        self._end_round(state)


@mypyc_attr(native_class=False)
class ComebackLastTwoEngine(ComebackEngine, LastTwoEngine):
    """Both: a passed player may come back to chop, and no one goes out on a 2."""


_ENGINES: dict[tuple[bool, bool], type[TienLenEngine]] = {
    (False, False): TienLenEngine,
    (True, False): ComebackEngine,
    (False, True): LastTwoEngine,
    (True, True): ComebackLastTwoEngine,
}


def _card_name(mask: int) -> str:
    return format_card(mask.bit_length() - 1, "symbol")
