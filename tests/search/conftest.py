"""A toy game with hidden cards for the search tests: "hidden duel".

Two seats are dealt three cards each from ten (0…9); the rest stay hidden. Before the
first trick seat 0 may double the stake (an optional choice). Three tricks follow: the
leader shows a card, the other answers, the higher card takes the trick and leads the
next. Each trick is worth one lá (two when doubled), paid by the seat that lost it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from vncards.core import Decision, Event, GameResult, IllegalMove, Played, View, Won


@dataclass(frozen=True)
class Card:
    seat: int
    card: int


@dataclass(frozen=True)
class Double:
    seat: int


@dataclass
class DuelState:
    hands: list[list[int]]
    turn: int = 0
    lead: int | None = None
    leader: int = 0
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    doubled: bool = False
    asked: bool = False
    played: list[int] = field(default_factory=list)
    history: list[Event] = field(default_factory=list)

    def copy(self) -> DuelState:
        return DuelState(
            [h[:] for h in self.hands],
            self.turn,
            self.lead,
            self.leader,
            self.tricks[:],
            self.doubled,
            self.asked,
            self.played[:],
            self.history[:],
        )

    @property
    def finished(self) -> bool:
        return sum(self.tricks) == 3


class Duel:
    """Only the parts of the plugin protocol the search uses."""

    name = "duel"

    def new_game(self, seed: int) -> DuelState:
        cards = list(range(10))
        random.Random(seed).shuffle(cards)
        return DuelState([sorted(cards[:3]), sorted(cards[3:6])])

    def decision(self, state: DuelState) -> Decision[Any] | None:
        if state.finished:
            return None
        if not state.asked:
            return Decision(0, [Double(0)], optional=True)
        seat = state.turn
        return Decision(seat, [Card(seat, c) for c in state.hands[seat]])

    def decline(self, state: DuelState, seat: int) -> None:
        state.asked = True

    def apply(self, state: DuelState, action: Any) -> list[Event]:
        if isinstance(action, Double):
            if state.asked or action.seat != 0:
                raise IllegalMove("no-double", "Only seat 0 may double, before the first trick.")
            state.asked = state.doubled = True
            return []
        seat, card = action.seat, action.card
        if not state.asked or seat != state.turn or card not in state.hands[seat]:
            raise IllegalMove("illegal", "Not this seat's card or turn.")
        state.hands[seat].remove(card)
        state.played.append(card)
        events: list[Event] = [Played(seat, (str(card),))]
        if state.lead is None:
            state.lead, state.leader, state.turn = card, seat, 1 - seat
        else:
            winner = seat if card > state.lead else state.leader
            state.tricks[winner] += 1
            state.lead, state.leader, state.turn = None, winner, winner
            if state.finished:
                events.append(Won(max((0, 1), key=lambda s: state.tricks[s])))
        state.history.extend(events)
        return events

    def view(self, state: DuelState, seat: int) -> View:
        d = self.decision(state)
        return View(
            game="duel",
            seat=seat,
            to_act=None if d is None else d.seat,
            hand=tuple(str(c) for c in state.hands[seat]),
            legal=tuple(d.actions) if d is not None and d.seat == seat else (),
            counts=tuple(len(h) for h in state.hands),
            public={
                "lead": state.lead,
                "leader": state.leader,
                "tricks": tuple(state.tricks),
                "doubled": state.doubled,
                "asked": state.asked,
                "played": tuple(state.played),
            },
            history=tuple(state.history),
        )

    def determinize(self, view: View, rng: random.Random) -> DuelState:
        own = [int(c) for c in view.hand]
        pub = view.public
        unseen = [c for c in range(10) if c not in own and c not in pub["played"]]
        other = rng.sample(unseen, view.counts[1 - view.seat])
        hands = [own, sorted(other)] if view.seat == 0 else [sorted(other), own]
        return DuelState(
            hands,
            view.to_act if view.to_act is not None else 0,
            pub["lead"],
            pub["leader"],
            list(pub["tricks"]),
            pub["doubled"],
            pub["asked"],
            list(pub["played"]),
            list(view.history),
        )

    def result(self, state: DuelState) -> GameResult:
        stake = 2 if state.doubled else 1
        a, b = state.tricks
        pay = (a - b) * stake if state.finished else 0
        winner = (0 if a > b else 1) if state.finished else None
        return GameResult(
            state.finished, "win" if state.finished else None, winner, None, (pay, -pay)
        )


@pytest.fixture
def duel() -> Duel:
    return Duel()
