"""A tiny game with hidden cards, an optional choice and every event kind the service
relays — enough to test the service on the plugin protocol alone, as a third party's
game would reach it.

Each seat is dealt two cards, ``C01``…; a stock holds two more. Seat 0 may first
declare (an optional choice). Then each seat in turn plays a card or, once per game
while the stock lasts, draws one (others see that it drew, not what). The first seat
to empty its hand wins one lá from every other seat per card they still hold.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from vncards.core import (
    BotFactory,
    Decision,
    Declared,
    Drew,
    Event,
    GameRecord,
    GameResult,
    IllegalMove,
    Played,
    RecordAction,
    RecordError,
    RefereeReport,
    RulesBase,
    Settled,
    Transfer,
    View,
    WentOut,
    Won,
    net_of,
    referee,
)

CARDS = tuple(f"C{i:02d}" for i in range(1, 21))


class ToyRules(RulesBase):
    hand_size: int = 2


@dataclass(frozen=True)
class ToyAction:
    seat: int
    kind: str  # declare | play | draw
    card: str = ""


@dataclass
class ToyState:
    hands: list[list[str]]
    stock: list[str]
    turn: int = 0
    asking: bool = True
    drawn: list[bool] = field(default_factory=list)
    played: list[tuple[int, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    transfers: tuple[Transfer, ...] = ()
    winner: int | None = None

    def copy(self) -> ToyState:
        return ToyState(
            [list(h) for h in self.hands],
            list(self.stock),
            self.turn,
            self.asking,
            list(self.drawn),
            list(self.played),
            list(self.events),
            self.transfers,
            self.winner,
        )


@dataclass(frozen=True)
class ToyView(View):
    def action_json(self, action: Any) -> dict[str, Any]:
        return _record(action)


def _record(action: ToyAction) -> dict[str, Any]:
    if action.kind == "play":
        return {"play": [action.card]}
    if action.kind == "draw":
        return {"draw": True}
    return {"declare": "sam"}


@dataclass(frozen=True, slots=True)
class Boasted(Event):
    """A game's own event type."""

    type: ClassVar[str] = "boast"


class ToyGame:
    name = "toy"
    title = "Toy game"
    deck = "toy"
    rules_model = ToyRules
    presets: Mapping[str, ToyRules] = {"standard": ToyRules(), "three": ToyRules(hand_size=3)}
    default_preset = "standard"

    def __init__(self) -> None:
        self.bots: dict[str, BotFactory] = {"random": RandomToyBot, "first": FirstToyBot}

    def player_range(self, rules: ToyRules) -> tuple[int, int]:
        return (2, 4)

    def new_game(
        self, rules: ToyRules, n_players: int, seed: int, *, first: int | None = None
    ) -> ToyState:
        cards = list(CARDS)
        random.Random(seed).shuffle(cards)
        k = rules.hand_size
        hands = [sorted(cards[i * k : (i + 1) * k]) for i in range(n_players)]
        stock = cards[n_players * k : n_players * k + 2]
        return ToyState(hands, stock, drawn=[False] * n_players)

    def state_from_record(self, record: GameRecord, rules: ToyRules) -> ToyState:
        hands = [list(record.hands[p]) for p in record.players]
        for card in [c for h in hands for c in h] + list(record.stock or []):
            if card not in CARDS:
                raise RecordError(f"unknown card {card!r}")
        return ToyState(hands, list(record.stock or []), drawn=[False] * len(hands))

    def decision(self, state: ToyState) -> Decision[ToyAction] | None:
        if state.winner is not None:
            return None
        if state.asking:
            return Decision(0, [ToyAction(0, "declare")], optional=True)
        return Decision(state.turn, self._offers(state, state.turn))

    def _offers(self, state: ToyState, seat: int) -> list[ToyAction]:
        acts = [ToyAction(seat, "play", c) for c in state.hands[seat]]
        if state.stock and not state.drawn[seat]:
            acts.append(ToyAction(seat, "draw"))
        return acts

    def legal_actions(self, state: ToyState) -> list[ToyAction]:
        d = self.decision(state)
        return [] if d is None else list(d.actions)

    def decline(self, state: ToyState, seat: int) -> None:
        if not state.asking or seat != 0:
            raise IllegalMove("nothing-to-decline", "There is no optional choice to decline.")
        state.asking = False

    def apply(self, state: ToyState, action: ToyAction) -> list[Event]:
        d = self.decision(state)
        if d is None:
            raise IllegalMove("game-over", "The game is over.")
        if state.asking and action.kind != "declare":
            # as in a record: a first play or draw means seat 0 did not declare
            d = Decision(state.turn, self._offers(state, state.turn))
        if action.seat != d.seat:
            raise IllegalMove("not-your-turn", f"It is not seat {action.seat}'s turn.")
        if action not in d.actions:
            code = "card-not-in-hand" if action.kind == "play" else "cannot-draw"
            raise IllegalMove(code, "That action is not allowed now.")
        seat = action.seat
        events: list[Event] = []
        state.asking = False
        if action.kind == "declare":
            events += [Declared(seat), Boasted(seat)]
        elif action.kind == "draw":
            card = state.stock.pop(0)
            state.hands[seat].append(card)
            state.hands[seat].sort()
            state.drawn[seat] = True
            events.append(_HiddenDraw(seat, card))
        else:
            state.hands[seat].remove(action.card)
            state.played.append((seat, action.card))
            events.append(Played(seat, (action.card,), "single"))
            if not state.hands[seat]:
                state.winner = seat
                state.transfers = tuple(
                    Transfer(s, seat, len(h), "cards-left")
                    for s, h in enumerate(state.hands)
                    if s != seat and h
                )
                events += [WentOut(seat), Won(seat), Settled(None, state.transfers)]
        if action.kind != "declare" and state.winner is None:
            state.turn = (state.turn + 1) % len(state.hands)
        state.events.extend(events)
        return events

    def view(self, state: ToyState, seat: int) -> View:
        d = self.decision(state)
        legal = tuple(d.actions) if d is not None and d.seat == seat else ()
        return ToyView(
            game=self.name,
            seat=seat,
            to_act=None if d is None else d.seat,
            hand=tuple(state.hands[seat]),
            legal=legal,
            counts=tuple(len(h) for h in state.hands),
            public={"played": [c for _, c in state.played], "stock": len(state.stock)},
            history=tuple(e.seen_by(seat) for e in state.events),
        )

    def determinize(self, view: View, rng: random.Random) -> ToyState:
        raise NotImplementedError

    def result(self, state: ToyState) -> GameResult:
        n = len(state.hands)
        finished = state.winner is not None
        return GameResult(
            finished,
            "win" if finished else None,
            state.winner,
            None,
            tuple(net_of(state.transfers, n)),
            transfers=state.transfers,
        )

    def action_from_record(self, state: ToyState, action: RecordAction, seat: int) -> ToyAction:
        if action.kind == "play":
            cards = action.value
            if not isinstance(cards, list) or len(cards) != 1 or cards[0] not in CARDS:
                raise RecordError(f"unknown card {cards!r}")
            return ToyAction(seat, "play", cards[0])
        if action.kind == "draw" and action.value is True:
            return ToyAction(seat, "draw")
        if action.kind == "declare" and action.value == "sam":
            return ToyAction(seat, "declare")
        raise RecordError(f"the toy game has no {action.kind} action")

    def action_to_record(self, state: ToyState, action: ToyAction) -> dict[str, Any]:
        return _record(action)

    def record_deal(self, state: ToyState) -> dict[str, Any]:
        return {"hands": [list(h) for h in state.hands], "stock": list(state.stock)}

    def action_universe(self, state: ToyState) -> Iterable[ToyAction]:
        return self.legal_actions(state)

    def card_multiset(self, state: ToyState) -> list[int]:
        return []

    def summary(self, rules: ToyRules) -> dict[str, Any]:
        return {}

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        return referee(self, record)


@dataclass(frozen=True, slots=True)
class _HiddenDraw(Drew):
    def seen_by(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, card=None)


class RandomToyBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        if optional and self.rng.random() < 0.5:
            return None
        return self.rng.choice(list(actions))


class FirstToyBot:
    name = "first"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        return None if optional else actions[0]


TOY = ToyGame()
