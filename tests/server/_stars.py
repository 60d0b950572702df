"""A game on a deck no page has seen, written on core's small interface: its cards are
suns and moons (``S1``…``S6``, ``M1``…``M6``), and its notation says how each looks in
Vietnamese and in English. The web table must draw it from the game's data alone.

*Sao*: each seat is dealt two cards; in turn each lays one face up (``lay``) or, while
it holds both, may first ``pass`` its turn once. Once every seat has laid a card, the
highest laid (suns below moons, then by number) wins one lá from each other seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from vncards.core import (
    CARD,
    TRUE,
    ActionKey,
    CardLook,
    Decision,
    Event,
    GameInfo,
    GameResult,
    IllegalMove,
    Ledger,
    Notation,
    NotationError,
    Passed,
    Played,
    Plugin,
    RandomBot,
    RecordError,
    RecordVocabulary,
    RulesBase,
    Settled,
    View,
    Won,
    deal,
)

SIZE = 12
_WORDS = {"S": ("mặt trời", "sun", "yellow"), "M": ("trăng", "moon", "white")}


def parse_star(token: str) -> int:
    """``S1`` … ``S6`` are 0 … 5, ``M1`` … ``M6`` are 6 … 11."""
    text = token.strip().upper()
    if len(text) != 2 or text[0] not in "SM" or text[1] not in "123456":
        raise NotationError(token, "write S or M and a number 1 to 6, e.g. S3 or M6")
    return (0 if text[0] == "S" else 6) + int(text[1]) - 1


def format_star(card: int) -> str:
    """The token of card number ``card``."""
    return f"{'SM'[card // 6]}{card % 6 + 1}"


def star_look(token: str, vietnamese: bool) -> CardLook:
    """A sun or a moon in words, in its colour."""
    vi, en, colour = _WORDS[token[0]]
    return CardLook(f"{vi if vietnamese else en} {token[1]}", colour)  # type: ignore[arg-type]


NOTATION = Notation("stars", parse_star, format_star, look=star_look, size=SIZE)


class SaoRules(RulesBase):
    """Sao's settings: none beyond the deal."""

    hand_size: int = 2


@dataclass(frozen=True, slots=True)
class Lay:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Wait:
    seat: int


class SaoState:
    def __init__(self, hands: list[int]) -> None:
        self.hands, self.dealt = hands, tuple(hands)
        self.laid = [-1] * len(hands)
        self.waited = [False] * len(hands)
        self.turn = 0
        self.events: list[Event] = []

    def copy(self) -> SaoState:
        new = SaoState(list(self.hands))
        new.dealt, new.turn = self.dealt, self.turn
        new.laid, new.waited, new.events = list(self.laid), list(self.waited), list(self.events)
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SaoState) and vars(self) == vars(other)

    @property
    def finished(self) -> bool:
        return min(self.laid) >= 0


@dataclass(frozen=True)
class SaoView(View):
    def action_json(self, action: Any) -> dict[str, Any]:
        return SaoCodec().write_action(action)


INFO = GameInfo(
    name="sao",
    title="Sao (a deck of its own)",
    notation=NOTATION,
    rules_model=SaoRules,
    presets={"standard": SaoRules()},
    default_preset="standard",
    vocabulary=RecordVocabulary(
        actions=(ActionKey("lay", CARD, "The card laid."), ActionKey("pass", TRUE, "Wait.")),
        outcomes=("win",),
        transfer_reasons=("lost",),
    ),
)


class SaoGame:
    info = INFO

    def players(self, rules: SaoRules) -> tuple[int, int]:
        return (2, 4)

    def deal(self, rules: SaoRules, n: int, seed: int, first: int | None) -> SaoState:
        hands, _ = deal(seed, SIZE, [rules.hand_size] * n)
        return SaoState([sum(1 << c for c in h) for h in hands])

    def to_act(self, state: SaoState) -> Decision[Lay | Wait] | None:
        return None if state.finished else Decision(state.turn, self.legal_actions(state))

    def legal_actions(self, state: SaoState) -> list[Lay | Wait]:
        if state.finished:
            return []
        seat = state.turn
        hand = state.hands[seat]
        acts: list[Lay | Wait] = [Lay(seat, c) for c in range(SIZE) if hand >> c & 1]
        if not state.waited[seat] and hand.bit_count() == 2:
            acts.append(Wait(seat))
        return acts

    def why_illegal(self, state: SaoState, action: Lay | Wait) -> IllegalMove | None:
        if state.finished:
            return IllegalMove("game-over", "Every card is laid.")
        if action.seat != state.turn:
            return IllegalMove("not-your-turn", "Wait for your turn.")
        if isinstance(action, Wait):
            if state.waited[action.seat] or state.hands[action.seat].bit_count() != 2:
                return IllegalMove("no-second-wait", "You may wait only once, holding both.")
            return None
        if not (0 <= action.card < SIZE and state.hands[action.seat] >> action.card & 1):
            return IllegalMove("card-not-in-hand", "That card is not in your hand.")
        return None

    def apply(self, state: SaoState, action: Lay | Wait) -> list[Event]:
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        n = len(state.hands)
        events: list[Event]
        if isinstance(action, Wait):
            state.waited[action.seat] = True
            events = [Passed(action.seat)]
        else:
            state.hands[action.seat] &= ~(1 << action.card)
            state.laid[action.seat] = action.card
            events = [Played(action.seat, (format_star(action.card),), "single")]
        order = [(action.seat + k) % n for k in range(1, n + 1)]
        state.turn = next((s for s in order if state.laid[s] < 0), action.seat)
        if state.finished:
            res = self.result(state)
            events += [Won(res.winner), Settled(None, res.transfers)]
        state.events += events
        return events

    def decline(self, state: SaoState, seat: int) -> None:
        raise IllegalMove("nothing-to-decline", "Sao has no optional choice.")

    def view(self, state: SaoState, seat: int) -> SaoView:
        mine = state.turn == seat and not state.finished
        return SaoView(
            game=INFO.name,
            seat=seat,
            to_act=None if state.finished else state.turn,
            hand=tuple(format_star(c) for c in range(SIZE) if state.hands[seat] >> c & 1),
            legal=tuple(self.legal_actions(state)) if mine else (),
            counts=tuple(h.bit_count() for h in state.hands),
            public={"laid": [format_star(c) for c in state.laid if c >= 0]},
            history=tuple(state.events),
        )

    def determinize(self, view: View, rng: random.Random) -> SaoState:
        raise NotImplementedError

    def result(self, state: SaoState) -> GameResult:
        n = len(state.hands)
        if not state.finished:
            return GameResult(False, None, None, None, (0,) * n)
        winner = max(range(n), key=lambda seat: state.laid[seat])
        ledger = Ledger(n)
        for seat in range(n):
            if seat != winner:
                ledger.pay(seat, winner, 1, "lost")
        transfers = tuple(ledger.transfers)
        return GameResult(True, "win", winner, None, tuple(ledger.net), (), transfers)


class SaoCodec:
    def read_deal(self, record: Any, rules: SaoRules) -> SaoState:
        hands = [[NOTATION.parse(t) for t in record.hands[p]] for p in record.players]
        if len({c for h in hands for c in h}) != sum(len(h) for h in hands):
            raise RecordError("a card is dealt twice")
        return SaoState([sum(1 << c for c in h) for h in hands])

    def read_action(self, state: SaoState, action: Any, seat: int) -> Lay | Wait:
        if action.kind == "pass":
            return Wait(seat)
        return Lay(seat, NOTATION.parse(action.value))

    def write_action(self, action: Lay | Wait) -> dict[str, Any]:
        if isinstance(action, Wait):
            return {"pass": True}
        return {"lay": format_star(action.card)}

    def write_deal(self, state: SaoState) -> dict[str, Any]:
        return {"hands": [[format_star(c) for c in range(SIZE) if h >> c & 1] for h in state.dealt]}


SAO: Plugin[Any, Any, Any] = Plugin(
    SaoGame(), SaoCodec(), {"random": lambda game, seed: RandomBot(seed)}
)
