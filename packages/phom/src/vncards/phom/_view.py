"""What one Phỏm seat may know (its view), and full states consistent with a view.

Public: every discard and who made it, every taken card and who took it from whom (a
taken card stays face up in its taker's hand until the meld), every phỏm on the table
with the cards laid off onto it, each seat's discards on the table, the stock's size,
the payments so far and who is to act. Hidden: the other hands (the cards that make a
taken card's phỏm included) and the order of the stock; a drawn card is seen by its
drawer only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from vncards.core import Seat, Transfer, View
from vncards.phom._actions import PhomAction, action_record
from vncards.phom._cards import ALL_CARDS, card_name, card_names, cards_of, mask_of
from vncards.phom._melds import can_arrange, candidate_melds
from vncards.phom._moves import legal_actions
from vncards.phom._rules import PhomRules
from vncards.phom._state import ACT, DRAW, OPEN, PhomState

__all__ = ["PhomView", "determinize", "make_view"]

_PHASES = {OPEN: "open", DRAW: "draw", ACT: "act"}


@dataclass(frozen=True)
class PhomView(View):
    """One seat's view of a Phỏm game: core's :class:`~vncards.core.View` plus the
    typed values bots read (cards as Phỏm card numbers, hands as masks).

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 4, seed=2)
    >>> v = plugin.view(st, (st.first + 1) % 4)
    >>> len(v.hand), v.counts[st.first], v.public["stock"], v.legal
    (9, 10, 15, ())
    """

    rules: PhomRules
    first: int
    own: int
    taken: tuple[int, ...]
    """Per seat, the taken cards still in its hand (public)."""
    took: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[int, ...], ...]
    pile: tuple[tuple[int, int, int], ...]
    table: tuple[int, ...]
    meld_order: tuple[int, ...]
    turn: int
    phase: int
    last: int
    stock_left: int
    finished: bool
    outcome: str | None
    winner: int | None
    instant_win: str | None
    points: tuple[int, ...] | None
    ledger: tuple[Transfer, ...]

    def action_json(self, action: Any) -> dict[str, Any]:
        """One of ``legal`` as a record action without ``player``."""
        return action_record(action)


def make_view(state: PhomState, seat: int) -> PhomView:
    """The view of ``seat`` (see the module docstring for what is public)."""
    n = state.n_players
    legal: tuple[PhomAction, ...] = ()
    to_act: int | None = None
    if not state.finished:
        to_act = state.turn
        if state.turn == seat:
            legal = tuple(legal_actions(state))
    takeable = state.pile[state.last][1] if state.last >= 0 else None
    public: dict[str, Any] = {
        "first": Seat(state.first),
        "turn": None if state.finished else Seat(state.turn),
        "phase": "over" if state.finished else _PHASES[state.phase],
        "discards": [
            {"player": Seat(s), "card": card_name(c), "taken_by": Seat(t) if t >= 0 else None}
            for s, c, t in state.pile
        ],
        "takeable": None if takeable is None else card_name(takeable),
        "taken": {Seat(s): card_names(state.taken[s]) for s in range(n)},
        "melds": {Seat(s): [card_names(m) for m in state.melds[s]] for s in range(n)},
        "meld_order": [Seat(s) for s in state.meld_order],
        "table_discards": {Seat(s): state.table[s] for s in range(n)},
        "stock": state.stock_left(),
        "points": None
        if state.points is None
        else {Seat(s): p for s, p in enumerate(state.points)},
    }
    return PhomView(
        game="phom",
        seat=seat,
        to_act=to_act,
        hand=tuple(card_names(state.hands[seat])),
        legal=legal,
        counts=tuple(h.bit_count() for h in state.hands),
        public=public,
        history=tuple(e.seen_by(seat) for e in state.events),
        rules=state.rules,
        first=state.first,
        own=state.hands[seat],
        taken=tuple(state.taken),
        took=tuple(tuple(row) for row in state.took),
        melds=tuple(tuple(m) for m in state.melds),
        pile=tuple(state.pile),
        table=tuple(state.table),
        meld_order=tuple(state.meld_order),
        turn=state.turn,
        phase=state.phase,
        last=state.last,
        stock_left=state.stock_left(),
        finished=state.finished,
        outcome=state.outcome,
        winner=state.winner,
        instant_win=state.instant_win,
        points=state.points,
        ledger=tuple(state.ledger),
    )


_TRIES = 60
# what a view copies of the state as it is (the rest is rebuilt or dealt)
_PUBLIC = (
    "first", "taken", "table", "pile", "meld_order", "turn", "phase", "last",
    "finished", "outcome", "winner", "instant_win", "points", "ledger",
)  # fmt: skip


def _deal_hidden(
    view: PhomView, hidden: list[int], rng: random.Random
) -> tuple[list[int], tuple[int, ...]]:
    """The other hands (their taken cards plus hidden cards) and the stock. A taker
    holds cards that make a phỏm with each of its taken cards, so a deal where it does
    not is drawn again; after :data:`_TRIES` draws such cards are picked first.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 2, seed=4)
    >>> v = plugin.view(st, 0)
    >>> hidden = [c for c in range(52) if not v.own >> c & 1]
    >>> hands, stock = _deal_hidden(v, hidden, random.Random(1))
    >>> hands[0] == v.own, hands[1].bit_count() == v.counts[1], len(stock)
    (True, True, 33)
    """
    seat = view.seat
    n = len(view.counts)
    need = [0 if s == seat else view.counts[s] - view.taken[s].bit_count() for s in range(n)]
    for attempt in range(5 * _TRIES):
        pool = list(hidden)
        rng.shuffle(pool)
        hands = [view.own if s == seat else view.taken[s] for s in range(n)]
        if attempt >= _TRIES:
            for s in range(n):
                if s != seat and view.taken[s]:
                    hands[s] |= _partners(view.taken[s], pool, need[s], rng)
        for s in range(n):
            if s != seat:
                missing = need[s] - (hands[s] & ~view.taken[s]).bit_count()
                hands[s] |= mask_of(pool[:missing])
                del pool[:missing]
        if all(s == seat or can_arrange(hands[s], view.taken[s]) for s in range(n)):
            return hands, tuple(pool)
    raise RuntimeError("no deal of the hidden cards fits this view")


def _partners(taken: int, pool: list[int], room: int, rng: random.Random) -> int:
    """Cards of ``pool`` (removed from it) that make a three-card phỏm with each taken
    card, one taken card a phỏm, at most ``room`` of them (a card that lies in some
    phỏm lies in one of three cards)."""
    chosen = 0
    for t in rng.sample(cards_of(taken), taken.bit_count()):
        free = mask_of(pool) & ~chosen
        options = [
            m & ~taken
            for m in candidate_melds(free | taken)
            if m >> t & 1 and (m & taken).bit_count() == 1 and m.bit_count() == 3
        ]
        if options:
            pick = options[rng.randrange(len(options))]
            if (chosen | pick).bit_count() <= room:
                chosen |= pick
    pool[:] = [c for c in pool if not chosen >> c & 1]
    return chosen


def determinize(view: PhomView, rng: random.Random) -> PhomState:
    """A full state consistent with ``view``: the seat's own hand and everything public
    as they are, the cards it cannot see dealt at random to the other hands (beside
    their taken cards) and the stock.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 3, seed=4)
    >>> v = plugin.view(st, 1)
    >>> world = determinize(v, random.Random(0))
    >>> plugin.view(world, 1) == v, world.hands[1] == st.hands[1]
    (True, True)
    """
    n = len(view.counts)
    seen = view.own
    for s in range(n):
        seen |= view.taken[s]
        for m in view.melds[s]:
            seen |= m
    for _, card, taker in view.pile:
        if taker < 0:
            seen |= 1 << card
    hands, stock = _deal_hidden(view, cards_of(ALL_CARDS & ~seen), rng)
    public: dict[str, Any] = {}
    for name in _PUBLIC:
        value = getattr(view, name)
        public[name] = list(value) if isinstance(value, tuple) and name != "points" else value
    return PhomState(
        rules=view.rules,
        n_players=n,
        dealt=tuple(hands),
        stock=stock,
        hands=hands,
        took=[list(row) for row in view.took],
        melds=[list(m) for m in view.melds],
        events=list(view.history),
        **public,
    )
