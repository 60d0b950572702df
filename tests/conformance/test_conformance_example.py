"""An example third-party game, written only against the public ``vncards.core`` API,
checked with the conformance suite — and proof that the suite catches broken plugins.

The game writes only core's small interface: a :class:`~vncards.core.GameInfo`, a
:class:`~vncards.core.Game` of ten methods (``why_illegal`` the one place legality is
decided), a record :class:`~vncards.core.Codec` and conformance probes. Core's
:class:`~vncards.core.Plugin` makes the whole plugin: referee, records, player count
checks, bots and the rest.

The game is "Ba lá" (three cards, a toy cousin of bài cào): each player holds three
cards and scores the last digit of their points (A = 1, 2-9 at face value, 10 J Q K
= 10). In turn, a player either swaps (``discard`` one card, then draws the top card of
the stock) or stands (``pass``) for the rest of the game. A player may swap at most
twice; the game ends when every player has stood or used both swaps, or the stock is
empty. The highest score wins (ties go to the highest card); each other player pays
the winner one lá.

What a seat sees: its own hand and draws, every discard, who stood and how many swaps
each player has left; the others' hands, their draws and the stock stay hidden.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import Field
from vncards.core import (
    CARD,
    FRENCH,
    TRUE,
    ActionKey,
    Codec,
    Decision,
    Discarded,
    Drew,
    Event,
    Game,
    GameInfo,
    GamePlugin,
    GameRecord,
    GameResult,
    IllegalMove,
    Ledger,
    Passed,
    Plugin,
    RandomBot,
    RecordAction,
    RecordError,
    RecordVocabulary,
    RulesBase,
    RulesError,
    Seat,
    Settled,
    View,
    Won,
    deal,
    format_card,
    referee,
    resolve_rules,
    why_illegal,
)
from vncards.core.testing import check_game, check_plugin

# ---------------------------------------------------------------- the example plugin


class BaLaRules(RulesBase):
    """Settings of Ba lá."""

    swaps: int = Field(default=2, ge=0, le=5)


@dataclass(frozen=True, slots=True)
class Swap:
    """``seat`` discards ``card`` (an id) and draws the top of the stock."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Stand:
    """``seat`` keeps its hand for the rest of the game."""

    seat: int


BaLaAction = Swap | Stand


@dataclass(frozen=True, slots=True)
class PrivateDraw(Drew):
    """A draw whose card only the drawer sees."""

    def seen_by(self, seat: int) -> Event:
        return self if seat == self.seat else PrivateDraw(self.seat, None)


def points(hand: int) -> int:
    """The last digit of the hand's points (A = 1, 10 J Q K = 10)."""
    total = 0
    for card in range(52):
        if hand >> card & 1:
            rank = card // 4  # 0 = the 3 … 11 = A, 12 = 2
            total += {11: 1, 12: 2}.get(rank, min(rank + 3, 10))
    return total % 10


class BaLaState:
    """Hands (card masks), the stock in draw order, discards and whose turn it is."""

    __slots__ = (
        "dealt",
        "discards",
        "drawn",
        "events",
        "finished",
        "hands",
        "stock",
        "stood",
        "swaps_left",
        "turn",
    )

    def __init__(self, hands: Sequence[int], stock: Sequence[int], swaps: int) -> None:
        self.hands = list(hands)
        self.dealt = tuple(hands)
        self.stock = tuple(stock)  # as dealt; the next card drawn is stock[drawn]
        self.drawn = 0
        self.discards = 0
        self.swaps_left = [swaps] * len(hands)
        self.stood = 0
        self.turn = 0
        self.finished = False
        self.events: tuple[Event, ...] = ()

    def copy(self) -> BaLaState:
        new = BaLaState.__new__(BaLaState)
        for name in BaLaState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = self.hands[:]
        new.swaps_left = self.swaps_left[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BaLaState):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in BaLaState.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def done(self, seat: int) -> bool:
        """Whether ``seat`` has no turn left."""
        return bool(self.stood >> seat & 1) or self.swaps_left[seat] == 0


INFO = GameInfo(
    name="bala",
    title="Ba lá (example)",
    notation=FRENCH,
    rules_model=BaLaRules,
    presets={"standard": BaLaRules(), "one-swap": BaLaRules(swaps=1)},
    default_preset="standard",
    vocabulary=RecordVocabulary(
        actions=(
            ActionKey("discard", CARD, "The card swapped away."),
            ActionKey("pass", TRUE, "Stand for the rest of the game."),
        ),
        outcomes=("win",),
        transfer_reasons=("lost",),
    ),
)


class BaLaGame:
    """The rules of Ba lá: the ten methods of core's Game, nothing inherited."""

    info = INFO

    def players(self, rules: BaLaRules) -> tuple[int, int]:
        return (2, 6)

    def deal(self, rules: BaLaRules, n_players: int, seed: int, first: int | None) -> BaLaState:
        hands, stock = deal(seed, 52, [3] * n_players)
        state = BaLaState([sum(1 << c for c in h) for h in hands], stock, rules.swaps)
        self._skip_done(state)
        return state

    def to_act(self, state: BaLaState) -> Decision[BaLaAction] | None:
        if state.finished:
            return None
        return Decision(state.turn, self.legal_actions(state))

    def legal_actions(self, state: BaLaState) -> list[BaLaAction]:
        if state.finished:
            return []
        seat = state.turn
        hand = state.hands[seat]
        acts: list[BaLaAction] = [Swap(seat, c) for c in range(52) if hand >> c & 1]
        acts.append(Stand(seat))
        return acts

    def why_illegal(self, state: BaLaState, action: BaLaAction) -> IllegalMove | None:
        if state.finished:
            return IllegalMove("game-over", "The game is already over.")
        if action.seat != state.turn:
            return IllegalMove("not-your-turn", f"It is not seat {action.seat}'s turn.")
        if isinstance(action, Swap) and not (
            0 <= action.card < 52 and state.hands[action.seat] >> action.card & 1
        ):
            return IllegalMove("card-not-in-hand", "That card is not in this hand.")
        return None

    def apply(self, state: BaLaState, action: BaLaAction) -> list[Event]:
        # verify, then do: a refused action changes nothing
        refusal = self.why_illegal(state, action)
        if refusal is not None:
            raise refusal
        if isinstance(action, Swap):
            bit = 1 << action.card
            drawn = state.stock[state.drawn]
            state.hands[action.seat] ^= bit | (1 << drawn)
            state.discards |= bit
            state.drawn += 1
            state.swaps_left[action.seat] -= 1
            events: list[Event] = [
                Discarded(action.seat, format_card(action.card)),
                PrivateDraw(action.seat, format_card(drawn)),
            ]
        else:
            state.stood |= 1 << action.seat
            events = [Passed(action.seat)]
        state.turn = (action.seat + 1) % len(state.hands)
        self._skip_done(state)
        if state.finished:
            res = self.result(state)
            events += [Won(res.winner), Settled(None, res.transfers)]
        state.events += tuple(events)
        return events

    def decline(self, state: BaLaState, seat: int) -> None:
        raise IllegalMove("nothing-to-decline", "Ba lá has no optional choice.")

    def view(self, state: BaLaState, seat: int) -> View:
        """The seat's hand and swaps; discards, stands and counts; events as seen."""
        to_act = None if state.finished else state.turn
        return BaLaView(
            game=INFO.name,
            seat=seat,
            to_act=to_act,
            hand=tuple(format_card(c) for c in range(52) if state.hands[seat] >> c & 1),
            legal=tuple(self.legal_actions(state)) if to_act == seat else (),
            counts=tuple(h.bit_count() for h in state.hands),
            public={
                "discards": [format_card(c) for c in range(52) if state.discards >> c & 1],
                "stock": len(state.stock) - state.drawn,
                "stood": [Seat(s) for s in range(len(state.hands)) if state.stood >> s & 1],
                "swaps_left": {Seat(s): n for s, n in enumerate(state.swaps_left)},
            },
            history=tuple(e.seen_by(seat) for e in state.events),
            hand_mask=state.hands[seat],
            dealt=state.dealt[seat],
            discards=state.discards,
            drawn=state.drawn,
            stock_left=len(state.stock) - state.drawn,
            stood=state.stood,
            swaps_left=tuple(state.swaps_left),
            turn=state.turn,
            finished=state.finished,
        )

    def determinize(self, view: View, rng: random.Random) -> BaLaState:
        """The seat's cards as they are; the others' hands and the stock left dealt at
        random from the cards it has not seen."""
        assert isinstance(view, BaLaView)
        unseen = [c for c in range(52) if not (view.hand_mask | view.discards) >> c & 1]
        rng.shuffle(unseen)
        hands = []
        for s, n in enumerate(view.counts):
            if s == view.seat:
                hands.append(view.hand_mask)
            else:
                hands.append(sum(1 << c for c in unseen[:n]))
                del unseen[:n]
        state = BaLaState(hands, (), 0)
        # the cards already drawn: this seat's own as they were, the others' unknown (a
        # card of theirs stands in), then the stock left in a random order
        own = iter(FRENCH.parse(e.card) for e in view.history if isinstance(e, Drew) and e.card)
        drawn = [next(own) if e.seat == view.seat else _lowest(hands[e.seat or 0] or 1)
                 for e in view.history if isinstance(e, Drew)]  # fmt: skip
        state.stock = (*drawn, *unseen[: view.stock_left])
        state.dealt = tuple(view.dealt if s == view.seat else h for s, h in enumerate(hands))
        state.drawn = view.drawn
        state.discards = view.discards
        state.swaps_left = list(view.swaps_left)
        state.stood = view.stood
        state.turn = view.turn
        state.finished = view.finished
        state.events = view.history
        return state

    def _skip_done(self, state: BaLaState) -> None:
        n = len(state.hands)
        if state.drawn == len(state.stock) or all(state.done(s) for s in range(n)):
            state.finished = True
            return
        while state.done(state.turn):
            state.turn = (state.turn + 1) % n

    def result(self, state: BaLaState) -> GameResult:
        n = len(state.hands)
        if not state.finished:
            return GameResult(False, None, None, None, (0,) * n)
        winner = max(range(n), key=lambda s: (points(state.hands[s]), state.hands[s]))
        led = Ledger(n)
        for seat in range(n):
            led.pay(seat, winner, 1, "lost")
        return GameResult(True, "win", winner, None, tuple(led.net), (), tuple(led.transfers))


class BaLaCodec:
    """Ba lá records: the deal with its stock, ``discard`` and ``pass`` actions. A card
    that cannot be read raises core's NotationError; core makes it a RecordError."""

    def read_deal(self, record: GameRecord, rules: BaLaRules) -> BaLaState:
        seen = 0
        hands = []
        for name in record.players:
            if len(record.hands[name]) != 3:
                raise RecordError(f"{name} must be dealt 3 cards.")
            mask = 0
            for token in record.hands[name]:
                mask |= 1 << FRENCH.parse(token)
            if mask & seen or mask.bit_count() != 3:
                raise RecordError(f"A card of {name} is dealt twice.")
            seen |= mask
            hands.append(mask)
        stock = [FRENCH.parse(t) for t in record.stock or []]
        if len(set(stock)) != len(stock) or any(seen >> c & 1 for c in stock):
            raise RecordError("A stock card is dealt twice.")
        state = BaLaState(hands, stock, rules.swaps)
        BaLaGame()._skip_done(state)
        return state

    def read_action(self, state: BaLaState, action: RecordAction, seat: int) -> BaLaAction:
        # the vocabulary has checked the key and the shape of its value already
        if action.kind == "discard":
            return Swap(seat, FRENCH.parse(action.value))
        return Stand(seat)

    def write_action(self, action: BaLaAction) -> dict[str, Any]:
        if isinstance(action, Swap):
            return {"discard": format_card(action.card)}
        return {"pass": True}

    def write_deal(self, state: BaLaState) -> dict[str, Any]:
        return {
            "hands": [[format_card(c) for c in range(52) if h >> c & 1] for h in state.dealt],
            "stock": [format_card(c) for c in state.stock],
        }


class BaLaProbes:
    """What the conformance suite tries: every swap and stand of every seat."""

    def action_universe(self, state: BaLaState) -> Iterable[BaLaAction]:
        for seat in range(len(state.hands)):
            yield Stand(seat)
            for card in range(52):
                yield Swap(seat, card)

    def card_multiset(self, state: BaLaState) -> list[int]:
        zones = [*state.hands, state.discards, sum(1 << c for c in state.stock[state.drawn :])]
        return sorted(c for zone in zones for c in range(52) if zone >> c & 1)


class BaLaTools:
    """Optional answers for the tools: the summary ``vncards compare`` shows."""

    def summary(self, rules: BaLaRules) -> dict[str, Any]:
        return {"deck": "french", "hand_size": 3, "swaps": rules.swaps, "scoring": "1 lá each"}


def random_player(game: object, seed: int) -> RandomBot:
    """Core's random bot (a bot maker receives the plugin it plays)."""
    return RandomBot(seed)


def make_plugin(
    game: BaLaGame | None = None, codec: BaLaCodec | None = None
) -> Plugin[Any, Any, Any]:
    """The Ba lá plugin, from these parts (or broken ones)."""
    return Plugin(
        game or BaLaGame(),
        codec or BaLaCodec(),
        {"random": random_player},
        probes=BaLaProbes(),
        tools=[BaLaTools()],
    )


@dataclass(frozen=True)
class BaLaView(View):
    """A Ba lá seat's view, with the typed fields its determinization reads."""

    hand_mask: int = 0
    dealt: int = 0
    discards: int = 0
    drawn: int = 0
    stock_left: int = 0
    stood: int = 0
    swaps_left: tuple[int, ...] = ()
    turn: int = 0
    finished: bool = False

    def action_json(self, action: Any) -> dict[str, Any]:
        if isinstance(action, Swap):
            return {"discard": format_card(action.card)}
        return {"pass": True}


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


PLUGIN = make_plugin()


def test_example_plugin_is_a_game_plugin() -> None:
    """Core's Plugin over the example's parts is a whole GamePlugin; the parts are core's
    Game and Codec without subclassing anything."""
    assert isinstance(PLUGIN, GamePlugin)
    assert isinstance(BaLaGame(), Game)
    assert isinstance(BaLaCodec(), Codec)
    assert PLUGIN.summary(BaLaRules())["swaps"] == 2


def test_core_checks_the_player_count_once() -> None:
    """The game never checks how many play: core does, for a deal and for a record."""
    with pytest.raises(RulesError, match="bala is played by 2 to 6 players, not 7"):
        PLUGIN.new_game(BaLaRules(), 7, seed=1)
    record = {"game": "bala", "players": ["An"], "hands": {"An": ["9S", "10S", "AS"]}}
    with pytest.raises(RecordError, match="bala is played by 2 to 6 players, not 1"):
        referee(PLUGIN, record)


def test_an_unreadable_card_is_a_record_error() -> None:
    """The codec reads cards with the notation and lets its NotationError go; core
    makes it the RecordError an unreadable record gives."""
    record = {
        "game": "bala",
        "players": ["An", "Bình"],
        "hands": {"An": ["9S", "10S", "1X"], "Bình": ["3S", "4S", "5S"]},
    }
    with pytest.raises(RecordError, match="unknown card '1X'"):
        referee(PLUGIN, record)


def test_why_illegal_says_what_apply_raises() -> None:
    """The plugin answers why an action is refused without trying it."""
    state = PLUGIN.new_game(BaLaRules(), 2, seed=1)
    other = Stand(1 - state.turn)
    refusal = why_illegal(PLUGIN, state, other)
    assert refusal is not None
    assert refusal.code == "not-your-turn"
    with pytest.raises(IllegalMove) as raised:
        PLUGIN.apply(state, other)
    assert raised.value is not refusal
    assert (raised.value.code, raised.value.message) == (refusal.code, refusal.message)
    assert why_illegal(PLUGIN, state, Stand(state.turn)) is None


def test_example_plugin_passes_conformance() -> None:
    """check_plugin plays seeded random games of every preset and finds nothing wrong."""
    report = check_plugin(PLUGIN, games=6)
    assert report.games == 12
    assert report.steps > 0
    assert report.probes > report.steps
    assert report.outcomes == {"win": 12}


def test_example_plugin_referee_by_hand() -> None:
    """A hand-made record: An holds 9♠ 10♠ A♠ (9 + 10 + 1 = 20 → 0), Bình 3♠ 4♠ 5♠
    (12 → 2). An swaps 10♠ for the top of the stock, 8♥ (9 + 8 + 1 = 18 → 8); Bình
    stands; An stands. An (8) beats Bình (2): Bình pays 1 lá × bet 5."""
    record = {
        "game": "bala",
        "players": ["An", "Bình"],
        "bet": 5,
        "hands": {"An": ["9S", "10S", "AS"], "Bình": ["3S", "4S", "5S"]},
        "stock": ["8H", "2C"],
        "actions": [
            {"player": "An", "discard": "10S"},
            {"player": "Bình", "pass": True},
            {"player": "An", "pass": True},
        ],
    }
    report = referee(PLUGIN, record)
    assert report.legal
    assert report.finished
    assert report.winner == "An"
    assert report.payments == {"An": 5, "Bình": -5}


# ---------------------------------------------------------------- broken plugins


class MissesAMove(BaLaGame):
    """Forgets that a player may swap their highest card."""

    def legal_actions(self, state: BaLaState) -> list[BaLaAction]:
        acts = super().legal_actions(state)
        swaps = [a for a in acts if isinstance(a, Swap)]
        return [a for a in acts if not swaps or a != swaps[-1]]


class NotZeroSum(BaLaGame):
    """The winner collects one lá too many."""

    def result(self, state: BaLaState) -> GameResult:
        res = super().result(state)
        if not res.finished or res.winner is None:
            return res
        pay = list(res.payments)
        pay[res.winner] += 1
        return GameResult(True, res.outcome, res.winner, None, tuple(pay))


class MutatesWhenRefusing(BaLaGame):
    """Marks the seat as stood before checking whose turn it is."""

    def apply(self, state: BaLaState, action: BaLaAction) -> list[Event]:
        if isinstance(action, Stand):
            state.stood |= 1 << action.seat
        return super().apply(state, action)


class LosesACard(BaLaGame):
    """Forgets to put the discarded card on the discard pile."""

    def apply(self, state: BaLaState, action: BaLaAction) -> list[Event]:
        before = state.discards
        events = super().apply(state, action)
        state.discards = before
        return events


class AcceptsUnlisted(BaLaGame):
    """Lets anyone stand at any time, though only the seat to act is listed."""

    def why_illegal(self, state: BaLaState, action: BaLaAction) -> IllegalMove | None:
        if isinstance(action, Stand) and not state.finished:
            return None
        return super().why_illegal(state, action)

    def apply(self, state: BaLaState, action: BaLaAction) -> list[Event]:
        if isinstance(action, Stand) and action.seat != state.turn and not state.finished:
            state.stood |= 1 << action.seat
            self._skip_done(state)
            return []
        return super().apply(state, action)


class RefusesTruly(BaLaGame):
    """Refuses in ``apply`` for the true reason, whatever its ``why_illegal`` says."""

    def apply(self, state: BaLaState, action: BaLaAction) -> list[Event]:
        refusal = BaLaGame.why_illegal(self, state, action)
        if refusal is not None:
            raise refusal
        return super().apply(state, action)


class ExplainsOtherwise(RefusesTruly):
    """Says a swap out of turn is refused for a card not held, then refuses it for the
    turn."""

    def why_illegal(self, state: BaLaState, action: BaLaAction) -> IllegalMove | None:
        if isinstance(action, Swap) and action.seat != state.turn and not state.finished:
            return IllegalMove("card-not-in-hand", "That card is not in this hand.")
        return super().why_illegal(state, action)


class ExplainsTooLittle(RefusesTruly):
    """Finds nothing wrong with standing out of turn, which apply still refuses."""

    def why_illegal(self, state: BaLaState, action: BaLaAction) -> IllegalMove | None:
        if isinstance(action, Stand) and not state.finished:
            return None
        return super().why_illegal(state, action)


class ReplaysDifferently(BaLaCodec):
    """Writes a stand as a discard of the 3♠ in the record."""

    def write_action(self, action: BaLaAction) -> dict[str, Any]:
        if isinstance(action, Stand):
            return {"discard": "3S"}
        return super().write_action(action)


@pytest.mark.parametrize(
    ("plugin", "message"),
    [
        (make_plugin(MissesAMove()), "not listed as legal"),
        (make_plugin(NotZeroSum()), "payments do not sum to zero"),
        (make_plugin(MutatesWhenRefusing()), "changed the state"),
        (make_plugin(LosesACard()), "cards not conserved"),
        (make_plugin(AcceptsUnlisted()), "not listed as legal"),
        (make_plugin(ExplainsOtherwise()), "apply raised"),
        (make_plugin(ExplainsTooLittle()), "why_illegal"),
        (make_plugin(codec=ReplaysDifferently()), "referee refused a bot game"),
    ],
    ids=[
        "MissesAMove",
        "NotZeroSum",
        "MutatesWhenRefusing",
        "LosesACard",
        "AcceptsUnlisted",
        "ExplainsOtherwise",
        "ExplainsTooLittle",
        "ReplaysDifferently",
    ],
)
def test_conformance_detects_broken_plugin(plugin: Plugin[Any, Any, Any], message: str) -> None:
    """check_plugin fails on a plugin that misses a legal move, pays a non-zero sum,
    mutates the state on a refused action, loses a card, accepts an unlisted action,
    explains a refusal otherwise than apply refuses it (or not at all) or writes records
    that do not replay."""
    with pytest.raises(AssertionError, match=message):
        check_plugin(plugin, games=3, variants=["standard"])


def test_check_game_reports_what_it_did() -> None:
    """check_game returns the finished game and how many steps and probes it ran."""
    game, steps, probes = check_game(PLUGIN, seed=3, n_players=3)
    assert game.final.finished
    assert steps == len(game.actions)
    assert probes >= steps
    assert resolve_rules(PLUGIN, "one-swap").swaps == 1
