"""A ready-made plugin base for climbing (shedding) games on the French deck.

Tiến lên and Sâm subclass :class:`SheddingGame`: it deals, reads and writes record
actions, lists legal actions, drives bots and probes for conformance; the subclass
supplies the engine (combination rules, chop table, hooks), who leads, instant wins
and settlement.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, overload

from vncards.core._bots import RandomBot
from vncards.core._cards import parse_card
from vncards.core._cardset import FULL_DECK_MASK, mask_ids
from vncards.core._climb import ClimbEngine, ClimbState
from vncards.core._climb_words import table_lines
from vncards.core._combos import Combo, ComboRules, Kind, beats, classify, is_chop, legal_plays
from vncards.core._errors import IllegalMove, NotationError, RecordError
from vncards.core._events import (
    Declared,
    Event,
    Passed,
    Played,
    Seat,
    Settled,
    Transfer,
    View,
    WentOut,
    Won,
)
from vncards.core._game import (
    Bot,
    BotFactory,
    Decision,
    GameResult,
    RulesBase,
    Words,
    _decline,
    referee,
)
from vncards.core._records import GameRecord, RecordAction, RefereeReport
from vncards.core._rng import Rng, deal_masks

__all__ = [
    "Declare",
    "Pass",
    "Play",
    "PlayList",
    "ShedView",
    "SheddingAction",
    "SheddingGame",
    "random_first",
]

RulesT = TypeVar("RulesT", bound=RulesBase)


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays the cards of mask ``cards``.

    >>> from vncards.core import CardSet
    >>> Play(0, CardSet.parse("3S 3H").mask)
    Play(seat=0, cards=9)
    """

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes (bỏ lượt) and is locked out until the round ends.

    >>> Pass(2) == Pass(2)
    True
    """

    seat: int


@dataclass(frozen=True, slots=True)
class Declare:
    """``seat`` declares (báo) — Sâm: ``what == "sam"``.

    >>> Declare(1)
    Declare(seat=1, what='sam')
    """

    seat: int
    what: str = "sam"


SheddingAction = Play | Pass | Declare


class PlayList(Sequence[SheddingAction]):
    """The actions of one seat, built lazily from play masks (bots often look at one).

    ``masks`` holds the plays; a trailing :class:`Pass` is offered when ``can_pass``.

    >>> acts = PlayList(seat=1, masks=[0b1, 0b10], can_pass=True)
    >>> len(acts), acts[0], acts[-1]
    (3, Play(seat=1, cards=1), Pass(seat=1))
    """

    __slots__ = ("can_pass", "masks", "seat")

    def __init__(self, seat: int, masks: list[int], can_pass: bool) -> None:
        self.seat = seat
        self.masks = masks
        self.can_pass = can_pass

    def __len__(self) -> int:
        return len(self.masks) + self.can_pass

    @overload
    def __getitem__(self, i: int) -> SheddingAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[SheddingAction]: ...
    def __getitem__(self, i: int | slice) -> SheddingAction | Sequence[SheddingAction]:
        masks = self.masks
        if type(i) is int and i >= 0:
            # the pick of a bot, once per decision: an equal shared value (see _play)
            n = len(masks)
            seat = self.seat
            if i < n:
                mask = masks[i]
                if type(mask) is int and type(seat) is int:
                    play = _PLAYS.get((seat, mask))
                    if play is not None:
                        return play
                return _play(seat, mask)
            if i == n and self.can_pass:
                done = _PASSES.get(seat) if type(seat) is int else None
                return _pass(seat) if done is None else done
            raise IndexError(i)
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(masks)
        if i < 0:
            i += n + self.can_pass
        if 0 <= i < n:
            return _play(self.seat, masks[i])
        if i == n and self.can_pass:
            return _pass(self.seat)
        raise IndexError(i)

    def __iter__(self) -> Iterator[SheddingAction]:
        seat = self.seat
        for m in self.masks:
            yield _play(seat, m)
        if self.can_pass:
            yield _pass(seat)


# Play and Pass values already handed out, by seat and mask. They are immutable, so a
# list may hand out an equal value it made before: building a frozen dataclass costs
# more than all the rest of a random bot's pick. Only plain ints are keys (a bool or
# another int type gets a value of its own, as before), and the table stops growing at
# a bound (singles, pairs and short runs, the plays made most, come first).
_PLAYS: dict[tuple[int, int], Play] = {}
_PASSES: dict[int, Pass] = {}
_PLAYS_LIMIT = 1 << 13


def _play(seat: int, mask: int) -> Play:
    if type(mask) is not int or type(seat) is not int:
        return Play(seat, mask)
    play = _PLAYS.get((seat, mask))
    if play is None:
        play = Play(seat, mask)
        if len(_PLAYS) < _PLAYS_LIMIT:
            _PLAYS[(seat, mask)] = play
    return play


def _pass(seat: int) -> Pass:
    if type(seat) is not int:
        return Pass(seat)
    done = _PASSES.get(seat)
    if done is None:
        done = Pass(seat)
        if len(_PASSES) < 64:
            _PASSES[seat] = done
    return done


class _Public(Mapping[str, Any]):
    """A shedding view's ``public`` values, written out the first time they are read
    (most bots read the view's typed fields and never look)."""

    __slots__ = ("_data", "_view")

    def __init__(self, view: ShedView) -> None:
        self._view = view
        self._data: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        data = self._data
        if data is None:
            data = self._data = self._view._public_values()
        return data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __repr__(self) -> str:
        return repr(self._get())


def _cards(mask: int) -> list[str]:
    return [_STR[i] for i in mask_ids(mask)]


def _seats(mask: int) -> list[Seat]:
    return [Seat(i) for i in range(mask.bit_length()) if mask >> i & 1]


@dataclass(frozen=True, eq=False)
class ShedView(View):
    """What one seat of a climbing game may know, with typed fields bots read quickly.

    Besides the :class:`~vncards.core.View` fields: ``hand_mask`` (the seat's cards as a
    mask), ``table`` (the combination to beat, ``None`` when the seat to act leads) and
    ``table_seat`` (who played it, or who leads), ``passed`` and ``out`` (seat masks of
    who passed this round and whose hand is empty), ``pile`` (every card played),
    ``played_by`` (the cards each seat has played), the open chop chain
    (``chain_value``, ``chain_victim``, ``chain_chopper``), ``chop_net`` and
    ``chop_transfers`` (chains already paid), ``first`` (who acted first), ``finished``
    and ``winner``, ``optional`` (whether this seat's choice may be declined),
    ``declarations`` (Sâm's báo, as events), ``known`` and ``out_of_play`` (cards the
    rules make public: per seat, and not dealt at all) and ``extras`` (a game's own
    public values, see :meth:`SheddingGame.public_extras`).

    ``public`` is written out the first time it is read: the table as a ``play`` event,
    the pile, each seat's played cards, who passed and who is out, the chop chain,
    settled chop payments, the first seat and the declarations.

    >>> from vncards.core import RandomBot
    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
    >>> view = plugin.view(state, state.turn)
    >>> len(view.hand), view.table is None, view.counts
    (13, True, (13, 13, 13, 13))
    >>> sorted(view.to_json(["An", "Bình", "Chi", "Dũng"])["public"])
    ['chain', 'chop_net', 'declarations', 'first', 'out', 'passed', 'pile', 'played', 'table']
    """

    hand_mask: int = 0
    table: Combo | None = None
    table_seat: int = -1
    passed: int = 0
    out: int = 0
    pile: int = 0
    played_by: tuple[int, ...] = ()
    chain_value: int = 0
    chain_victim: int = -1
    chain_chopper: int = -1
    chop_net: tuple[int, ...] = ()
    chop_transfers: tuple[Transfer, ...] = ()
    first: int = 0
    finished: bool = False
    winner: int = -1
    n_actions: int = 0
    optional: bool = False
    rules: Any = None
    declarations: tuple[Event, ...] = ()
    known: tuple[int, ...] = ()
    out_of_play: int = 0
    extras: tuple[Any, ...] = ()

    def _key(self) -> tuple[Any, ...]:
        # every field but ``public``, which is written from the others
        return (
            self.game, self.seat, self.to_act, self.hand, self.legal, self.counts,
            self.history, self.hand_mask, self.table, self.table_seat, self.passed,
            self.out, self.pile, self.played_by, self.chain_value, self.chain_victim,
            self.chain_chopper, self.chop_net, self.chop_transfers, self.first,
            self.finished, self.winner, self.n_actions, self.optional, self.rules,
            self.declarations, self.known, self.out_of_play, self.extras,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShedView):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _public_values(self) -> dict[str, Any]:
        table = self.table
        return {
            "table": (
                None
                if table is None
                else Played(Seat(self.table_seat), tuple(_cards(table.mask)), table.kind.code)
            ),
            "pile": _cards(self.pile),
            "played": {Seat(s): _cards(m) for s, m in enumerate(self.played_by)},
            "passed": _seats(self.passed),
            "out": _seats(self.out),
            "chain": (
                None
                if not self.chain_value
                else {
                    "value": self.chain_value,
                    "victim": Seat(self.chain_victim),
                    "chopper": Seat(self.chain_chopper),
                }
            ),
            "chop_net": {Seat(s): v for s, v in enumerate(self.chop_net)},
            "first": Seat(self.first),
            "declarations": list(self.declarations),
        }

    def action_json(self, action: Any) -> dict[str, Any]:
        """A play, pass or declaration as a record action (without ``player``).

        >>> ShedView.action_json(None, Pass(1))  # type: ignore[arg-type]
        {'pass': True}
        """
        if isinstance(action, Play):
            return {"play": _cards(action.cards)}
        if isinstance(action, Pass):
            return {"pass": True}
        if isinstance(action, Declare):
            return {"declare": action.what}
        raise TypeError(f"not a climbing-game action: {action!r}")


class SheddingGame(Generic[RulesT]):
    """Plugin base for a climbing game. Subclasses set the class attributes and
    implement :meth:`engine`, :meth:`player_range`, :meth:`hand_size`,
    :meth:`choose_first`, :meth:`result` and :meth:`summary`; they may override
    :meth:`at_deal` (instant wins), :meth:`extra_actions` and :meth:`apply_other`
    (declarations).

    A whole game in a few lines — 5 cards each, tứ quý chops a 2, the winner collects
    one lá per card left:

    >>> from vncards.core import (ChopRule, ClimbConfig, ComboRules, GameResult, Kind,
    ...     Ledger, RandomBot, RulesBase, play_game, record_game, referee)
    >>> class Rules(RulesBase):
    ...     cards: int = 5
    >>> class Tiny(SheddingGame[Rules]):
    ...     name, title, rules_model = "tiny", "Tiny climbing game", Rules
    ...     presets, default_preset, bots = {"std": Rules()}, "std", {"random": RandomBot}
    ...     def engine(self, rules):
    ...         chops = (ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12),)
    ...         return ClimbEngine(ClimbConfig(ComboRules(), chops, lambda target: 3))
    ...     def player_range(self, rules): return (2, 4)
    ...     def hand_size(self, rules): return rules.cards
    ...     def choose_first(self, rules, hands, seed): return random_first(seed, len(hands))
    ...     def summary(self, rules): return {"hand_size": rules.cards}
    ...     def result(self, state):
    ...         led = Ledger(state.n_players)
    ...         led.extend(state.chop_transfers)  # chop chains paid so far
    ...         if state.finished:
    ...             for seat, hand in enumerate(state.hands):
    ...                 led.pay(seat, state.winner, hand.bit_count(), "cards-left")
    ...         won = state.winner if state.finished else None
    ...         return GameResult(state.finished, "win" if state.finished else None, won,
    ...                           None, tuple(led.net), (), tuple(led.transfers))
    >>> game = Tiny()
    >>> state = game.new_game(Rules(), 3, seed=7)
    >>> played = play_game(game, state, [RandomBot(i) for i in range(3)])
    >>> record = record_game(game, played, ["An", "Bình", "Chi"], bet=2)
    >>> report = game.referee(record)
    >>> report.legal, report.finished, sum(report.payments.values())
    (True, True, 0)
    >>> report.winner == ["An", "Bình", "Chi"][state.winner]
    True
    """

    name: str
    title: str
    deck = "french"
    rules_model: type[RulesT]
    presets: Mapping[str, RulesT]
    default_preset: str
    bots: Mapping[str, BotFactory]

    state_type: ClassVar[type[ClimbState]] = ClimbState
    """The state class of the game: :class:`~vncards.core.ClimbState`, or a subclass
    with the game's own fields, made as ``state_type(hands, first, engine, rules)``."""

    plays_fast: ClassVar[bool] = True
    """Whether :meth:`playout` may play this game: it decides and applies as
    :meth:`_decision_parts` and :meth:`apply` of this base do. A subclass that overrides
    ``decision``, ``_decision_parts`` or ``apply`` has it turned off unless its own body
    sets it (then the plain loop of :func:`~vncards.core.play_game` runs)."""

    has_side_decisions: ClassVar[bool] = False
    """Whether :meth:`side_decision` may offer a decision; on for a subclass whose body
    overrides it (unless that body sets this flag itself)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        body = vars(cls)
        if "plays_fast" not in body and any(
            name in body for name in ("decision", "_decision_parts", "apply")
        ):
            cls.plays_fast = False
        if "has_side_decisions" not in body and "side_decision" in body:
            cls.has_side_decisions = True

    # ------------------------------------------------------------ to implement

    def engine(self, rules: RulesT) -> ClimbEngine:
        """The engine for these rules (cache it: it is stateless)."""
        raise NotImplementedError

    def player_range(self, rules: RulesT) -> tuple[int, int]:
        """Fewest and most players."""
        raise NotImplementedError

    def hand_size(self, rules: RulesT) -> int:
        """Cards dealt to each player."""
        raise NotImplementedError

    def choose_first(self, rules: RulesT, hands: Sequence[int], seed: int | None) -> int | None:
        """Seat that acts first in a first game; ``None`` when that needs a seed and
        there is none (a record must then name ``first``)."""
        raise NotImplementedError

    def result(self, state: ClimbState) -> GameResult:
        """Outcome and payments."""
        raise NotImplementedError

    def summary(self, rules: RulesT) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        raise NotImplementedError

    # ------------------------------------------------------------ optional hooks

    def at_deal(self, state: ClimbState, rules: RulesT) -> None:
        """Called once on a fresh deal (check instant wins here)."""

    def extra_actions(self, state: ClimbState) -> list[SheddingAction]:
        """Actions beyond play/pass that are legal now (e.g. declarations)."""
        return []

    def apply_other(self, state: ClimbState, action: SheddingAction) -> list[Event] | None:
        """Carry out an action that is neither play nor pass; return its events, or
        ``None`` to have a :class:`Declare` announced as a ``declare`` event."""
        raise IllegalMove("unknown-action", f"{self.name} has no {type(action).__name__} action.")

    def decline(self, state: ClimbState, seat: int) -> None:
        """Decline an optional decision; plain climbing games have none."""
        raise IllegalMove("nothing-to-decline", "There is no optional choice to decline.")

    def decision(self, state: ClimbState) -> Decision[SheddingAction] | None:
        """The seat to act and its plays (lazily built)."""
        step = self._decision_parts(state)
        return None if step is None else Decision(*step)

    def _decision_parts(
        self, state: ClimbState
    ) -> tuple[int, Sequence[SheddingAction], bool] | None:
        """:meth:`decision` as ``(seat, actions, optional)``, which
        :func:`~vncards.core.play_game` may ask directly. Games add decisions through
        :meth:`side_decision`."""
        if state.finished:
            return None
        if not state.pile:
            side = self.side_decision(state)
            if side is not None:
                return side
        return self._turn_parts(state)

    def _turn_parts(self, state: ClimbState) -> tuple[int, Sequence[SheddingAction], bool]:
        """The plays (and pass) of the seat to act, as ``(seat, actions, False)``."""
        eng = state.engine
        assert eng is not None, "a state of this game carries its engine"
        seat = state.turn
        # PlayList(seat, masks, can_pass) without the Python frame of its __init__: this
        # runs once per decision of every simulated game
        acts = _new_play_list(PlayList)
        acts.seat = seat
        acts.masks = eng.plays(state)
        acts.can_pass = eng.can_pass(state)
        return seat, acts, False

    def side_decision(self, state: ClimbState) -> tuple[int, Sequence[SheddingAction], bool] | None:
        """A decision that comes before the first play of the game, as ``(seat,
        actions, optional)`` (Sâm: whether to declare); ``None`` (the default) when the
        seat to act plays. Only asked while no card has been played (``state.pile`` is
        empty) and the game is not over; see ``vncards.samloc`` for a game that has such
        decisions."""
        return None

    def playout(
        self,
        state: ClimbState,
        bots: Sequence[Bot],
        record: Callable[[SheddingAction], None],
        max_steps: int,
    ) -> bool:
        """The :class:`~vncards.core.FastPlayout` seam: :func:`~vncards.core.play_game`'s
        loop with the choices of random bots drawn here — the same draws and actions,
        without a list of actions or a view per choice. Other bots are asked through
        their view as in the plain loop, and the state keeps every event. When every
        seat is a random bot drawn for, no one reads a view: the state then keeps no
        events of this playout (a simulation reads only its result), which saves about
        a tenth of the time of such a game.

        Returns ``False`` (having done nothing) when :attr:`plays_fast` is off, so that
        the plain loop runs.
        """
        if not self.plays_fast:
            return False
        # a bot that chooses as RandomBot does is drawn for here: one random() per choice
        draws = [bot._random if _drawn_for(bot) else None for bot in bots]  # type: ignore[attr-defined]
        if None not in draws:
            kept = state.events
            state.events = []  # what the engine tells goes here, and is dropped
            try:
                return self._playout(state, bots, draws, record, max_steps, False)
            finally:
                state.events = kept
        return self._playout(state, bots, draws, record, max_steps, True)

    def _playout(
        self,
        state: ClimbState,
        bots: Sequence[Bot],
        draws: list[Callable[[], float] | None],
        record: Callable[[SheddingAction], None],
        max_steps: int,
        keep_events: bool,
    ) -> bool:
        """:meth:`playout`'s loop; ``keep_events`` off for random bots alone."""
        side = self.side_decision if self.has_side_decisions else None
        eng = state.engine
        assert eng is not None, "a state of this game carries its engine"
        parts = eng._loop_parts
        if parts is None:
            parts = eng._loop_parts = _loop_parts(eng)
        plays, play, pass_turn, can_pass = parts
        plays_made, passes_made = _PLAYS, _PASSES
        add_event = state.events.append
        played_event = self._played
        played_events = eng._played_events
        if played_events is None:
            played_events = eng._played_events = {}
        passed_events = _PASSED
        for _ in range(max_steps):
            if state.finished:
                if keep_events:
                    self._close(state)
                return True
            seat = state.turn
            draw = draws[seat]
            step = None if side is None or state.pile else side(state)
            if step is None and draw is not None:
                masks = plays(state)
                k = len(masks)
                if can_pass is None:
                    n = k if state.table is None else k + 1
                else:
                    n = k + 1 if can_pass(state) else k
                if n:
                    i = int(draw() * n)
                    # an offered action is carried out, so its event may come first:
                    # any chop or chain paid that the engine tells of follows it
                    if i < k:
                        mask = masks[i]
                        key = (seat, mask)
                        if keep_events:
                            add_event(played_events.get(key) or played_event(eng, seat, mask, None))
                        play(state, seat, mask)
                        if keep_events and not state.hands[seat]:
                            add_event(WentOut(seat))
                        done = plays_made.get(key)
                        record(_play(seat, mask) if done is None else done)
                    else:
                        if keep_events:
                            add_event(passed_events.get(seat) or _passed(seat))
                        pass_turn(state, seat)
                        record(passes_made.get(seat) or _pass(seat))
                    continue
            if step is None:
                step = self._turn_parts(state)
            seat, offered, optional = step
            draw = draws[seat]  # a side decision may ask another seat than the turn's
            if draw is not None:
                # RandomBot.choose, drawn here
                decline: float = bots[seat].decline  # type: ignore[attr-defined]
                if optional and (not offered or draw() < decline):
                    choice = None
                else:
                    choice = offered[int(draw() * len(offered))]
            else:
                view = self._view(state, seat, seat, tuple(offered), optional)
                choice = bots[seat].choose(view, offered, optional)
            if choice is None:
                _decline(self, state, bots[seat], seat, optional)
            else:
                self.apply(state, choice)
                record(choice)
        raise RuntimeError(f"game did not end within {max_steps} steps")

    def instant_wins(self, rules: RulesT, hands: Sequence[int]) -> list[tuple[int, str]]:
        """Every seat whose dealt hand wins at once, with the hand's code, in the order
        the rules rank them (the first one counts). None by default."""
        return []

    # ------------------------------------------------------------ queries (CLI)

    def combo_rules(self, rules: RulesT) -> ComboRules:
        """The combination rules of these rules."""
        return self.engine(rules).combo_rules

    def classify_cards(self, rules: RulesT, cards: Sequence[str]) -> dict[str, Any]:
        """``{"combo": code or None, "cards": [...]}`` for cards in any notation.

        Raises :class:`NotationError` for an unreadable card.
        """
        ids = sorted(parse_card(t).id for t in cards)
        if len(set(ids)) != len(ids):  # a card twice: no combination of one deck
            return {"combo": None, "cards": [_STR[i] for i in ids]}
        combo = classify(sum(1 << i for i in ids), self.combo_rules(rules))
        return {
            "combo": None if combo is None else combo.kind.code,
            "cards": [_STR[i] for i in ids],
        }

    def beats_cards(
        self, rules: RulesT, over: Sequence[str], play: Sequence[str]
    ) -> dict[str, bool]:
        """``{"beats": bool, "chop": bool}``; non-combinations (a card listed twice
        included) simply do not beat."""
        eng = self.engine(rules)
        play_mask, over_mask = _distinct_mask(play), _distinct_mask(over)
        a = classify(play_mask, eng.combo_rules) if play_mask else None
        b = classify(over_mask, eng.combo_rules) if over_mask else None
        if a is None or b is None or a.mask & b.mask:
            return {"beats": False, "chop": False}
        chop = is_chop(a, b, eng.chops)
        return {"beats": beats(a, b, eng.chops, eng.combo_rules), "chop": chop}

    def moves_cards(
        self, rules: RulesT, hand: Sequence[str], over: Sequence[str] | None = None
    ) -> list[dict[str, Any]]:
        """Every play from ``hand`` leading (no ``over``) or beating ``over``:
        ``[{"combo": code, "cards": [...], "chop": bool}, ...]``.

        Raises :class:`NotationError` for an unreadable card, a card listed twice in
        the hand, or more cards than the rules deal a player (the plays of a hand grow
        exponentially with its size: a hand no deal gives is refused before any is
        looked for); an ``over`` that is no combination (a card twice included) has no
        answer.
        """
        size = self.hand_size(rules)
        if len(hand) > size:
            raise NotationError(
                str(hand[size]),
                message=f"a {self.name} hand holds at most {size} cards, not {len(hand)}",
            )
        eng = self.engine(rules)
        mask = _distinct_mask(hand)
        if mask is None:
            ids = [parse_card(t).id for t in hand]
            twice = next(t for k, t in enumerate(hand) if ids[k] in ids[:k])
            raise NotationError(
                twice, message=f"card {twice!r} is listed twice; a hand holds each card once"
            )
        target = None
        if over:
            over_mask = _distinct_mask(over)
            target = None if over_mask is None else classify(over_mask, eng.combo_rules)
            if target is None:
                return []
        out: list[dict[str, Any]] = []
        plays = legal_plays(mask, eng.combo_rules, target, eng.chops)
        for m in self.query_plays(rules, mask, plays):
            c = classify(m, eng.combo_rules)
            assert c is not None
            out.append(
                {
                    "combo": c.kind.code,
                    "cards": [_STR[i] for i in mask_ids(m)],
                    "chop": target is not None and is_chop(c, target, eng.chops),
                }
            )
        out.sort(
            key=lambda d: (
                _KIND_ORDER[d["combo"]],
                len(d["cards"]),
                [_ID[c] for c in d["cards"]][::-1],
            )
        )
        return out

    def query_plays(self, rules: RulesT, hand: int, masks: list[int]) -> list[int]:
        """The plays of ``masks`` (from ``hand``) that :meth:`moves_cards` lists: all by
        default. A game whose engine refuses a play for what it leaves in the hand (Sâm's
        thối 2: no going out on a 2) drops it here, so queries agree with the referee."""
        return masks

    def deal_json(self, rules: RulesT, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields, with the instant wins it holds."""
        state = self.new_game(rules, n_players, seed)
        players = [f"P{i + 1}" for i in range(n_players)]
        deal_ = self.record_deal(state)
        wins = self.instant_wins(rules, state.dealt)
        return {
            "game": self.name,
            "players": players,
            "hands": {players[i]: cards for i, cards in enumerate(deal_["hands"])},
            "first": players[deal_["first"]],
            "instant_wins": [{"player": players[s], "code": code} for s, code in wins],
        }

    # ------------------------------------------------------------ dealing

    def new_game(
        self, rules: RulesT, n_players: int, seed: int, *, first: int | None = None
    ) -> ClimbState:
        """Shuffle and deal with ``seed``; ``first`` is a match's previous winner."""
        lo, hi = self.player_range(rules)
        if not lo <= n_players <= hi:
            raise ValueError(f"{self.name} is played by {lo} to {hi} players, not {n_players}")
        hands = deal_masks(seed, 52, [self.hand_size(rules)] * n_players)
        if first is None:
            first = self.choose_first(rules, hands, seed)
            assert first is not None
        return self.start(rules, hands, first)

    def start(self, rules: RulesT, hands: Sequence[int], first: int) -> ClimbState:
        """A game from a given deal."""
        state = self.state_type(hands, first, self.engine(rules), rules)
        self.at_deal(state, rules)
        if state.finished:
            self._close(state)
        return state

    def state_from_record(self, record: GameRecord, rules: RulesT) -> ClimbState:
        """Check the deal of a record and start from it."""
        n = len(record.players)
        lo, hi = self.player_range(rules)
        if not lo <= n <= hi:
            raise RecordError(f"{self.name} is played by {lo} to {hi} players, not {n}")
        if record.stock is not None:
            raise RecordError(f"{self.name} records have no stock")
        size = self.hand_size(rules)
        hands: list[int] = []
        seen = 0
        for name in record.players:
            cards = record.hands[name]
            if len(cards) != size:
                raise RecordError(f"{name} was dealt {len(cards)} cards; {self.name} deals {size}")
            mask = 0
            for token in cards:
                bit = 1 << _card_id(token)
                if (mask | seen) & bit:
                    raise RecordError(f"card {token} is dealt twice")
                mask |= bit
            seen |= mask
            hands.append(mask)
        if record.first is not None:
            first = record.seat_of(record.first)
        else:
            chosen = self.choose_first(rules, hands, None)
            if chosen is None:
                raise RecordError(
                    "the first player is drawn at random under these rules: name them in 'first'"
                )
            first = chosen
        return self.start(rules, hands, first)

    # ------------------------------------------------------------ play

    def legal_actions(self, state: ClimbState) -> list[SheddingAction]:
        """Every action accepted now: the plays (and pass) of the seat to act, plus extras."""
        if state.finished:
            return []
        eng = state.engine
        assert eng is not None, "a state of this game carries its engine"
        acts: list[SheddingAction] = [Play(state.turn, m) for m in eng.plays(state)]
        if eng.can_pass(state):
            acts.append(Pass(state.turn))
        acts.extend(self.extra_actions(state))
        return acts

    def apply(self, state: ClimbState, action: SheddingAction) -> list[Event]:
        """Carry out ``action`` and return the events it caused: ``play`` (with the
        combination's code) or ``pass`` or ``declare``, then any ``chop`` and chop-chain
        ``settle``, ``out`` when the hand empties, and ``win`` and the final ``settle``
        when the game ends. :class:`IllegalMove` and no change if it is illegal."""
        eng = state.engine
        assert eng is not None, "a state of this game carries its engine"
        events = state.events
        k = len(events)
        if isinstance(action, Play):
            seat = action.seat
            combo = eng.play(state, seat, action.cards)
            events.insert(k, self._played(eng, seat, action.cards, combo))
            if not state.hands[seat]:
                events.append(WentOut(seat))
        elif isinstance(action, Pass):
            eng.pass_turn(state, action.seat)
            events.insert(k, _passed(action.seat))
        else:
            said = self.apply_other(state, action)
            if said is None:
                said = [Declared(action.seat, action.what)] if isinstance(action, Declare) else []
            events[k:k] = said
        if state.finished:
            self._close(state)
        return events[k:]

    def _played(self, eng: ClimbEngine, seat: int, mask: int, combo: Combo | None) -> Played:
        """The ``play`` event of ``mask`` (shared values, like :class:`Play`)."""
        cache = eng._played_events
        if cache is None:
            cache = eng._played_events = {}
        done = cache.get((seat, mask))
        if done is None:
            if combo is None:
                combo = classify(mask, eng.combo_rules)
                assert combo is not None
            done = Played(seat, tuple(_cards(mask)), combo.kind.code)
            if len(cache) < _PLAYS_LIMIT:
                cache[(seat, mask)] = done
        return done

    def _close(self, state: ClimbState) -> None:
        """Add the ``win`` event and the final ``settle`` (the result's transfers not
        already announced by a chop chain's ``settle``) once the game is over."""
        events = state.events
        if len(events) > 1 and type(events[-2]) is Won:
            return  # closed already
        res = self.result(state)
        paid = state.chop_transfers  # each announced by the engine's own settle event
        k = len(paid)
        if list(res.transfers[:k]) == paid:
            rest = list(res.transfers[k:])
        else:  # a result that lists them otherwise: leave out every transfer announced
            rest = list(res.transfers)
            for e in events:
                if type(e) is Settled:
                    for t in e.transfers:
                        if t in rest:
                            rest.remove(t)
        events.append(Won(res.winner, res.outcome or "win", res.instant_win))
        events.append(Settled(None, tuple(rest)))

    # ------------------------------------------------------------ hidden information

    def view(self, state: ClimbState, seat: int) -> ShedView:
        """What ``seat`` may know of ``state``: its own hand, everything played, the
        others' card counts, its legal actions when the choice is its own, the events.

        Events of a climbing game are all public; a game whose events hide something
        overrides this (and :meth:`determinize`).

        >>> from vncards.tienlen import plugin
        >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
        >>> other = (state.turn + 1) % 4
        >>> plugin.view(state, other).legal, plugin.view(state, other).to_act == state.turn
        ((), True)
        """
        legal: tuple[SheddingAction, ...] = ()
        optional = False
        if state.finished:
            to_act = None
        elif not self.plays_fast:
            # decisions made otherwise than this base makes them: ask for them
            d = self.decision(state)
            to_act = None if d is None else d.seat
            if d is not None and d.seat == seat:
                legal, optional = tuple(d.actions), d.optional
        elif (
            self.has_side_decisions
            and not state.pile
            and ((side := self.side_decision(state)) is not None)
        ):
            to_act, offered, optional = side
            if to_act == seat:
                legal = tuple(offered)
            else:
                optional = False
        else:
            to_act = state.turn
            if to_act == seat:
                # the seat's plays and pass, as _turn_parts offers them
                eng = state.engine
                assert eng is not None, "a state of this game carries its engine"
                plays_made = _PLAYS
                legal = tuple(
                    [plays_made.get((seat, m)) or _play(seat, m) for m in eng.plays(state)]
                )
                if eng.can_pass(state):
                    legal += (_PASSES.get(seat) or _pass(seat),)
        return self._view(state, seat, to_act, legal, optional)

    def _view(
        self,
        state: ClimbState,
        seat: int,
        to_act: int | None,
        legal: tuple[SheddingAction, ...],
        optional: bool,
    ) -> ShedView:
        """The view of ``seat``, whose choice (who acts, what ``seat`` may do) is known."""
        hands = state.hands
        hand = hands[seat]
        known, out_of_play = self.known_cards(state)
        view = _new_view(ShedView)
        _set_dict(
            view,
            {
                "game": self.name,
                "seat": seat,
                "to_act": to_act,
                "hand": _hand_strings(hand),
                "legal": legal,
                "counts": tuple([h.bit_count() for h in hands]),
                "public": None,
                "history": tuple(state.events),
                "hand_mask": hand,
                "table": state.table,
                "table_seat": state.table_seat,
                "passed": state.passed,
                "out": state.out,
                "pile": state.pile,
                "played_by": tuple([d & ~h for d, h in zip(state.dealt, hands, strict=True)]),
                "chain_value": state.chain_value,
                "chain_victim": state.chain_victim,
                "chain_chopper": state.chain_chopper,
                "chop_net": tuple(state.chop_net),
                "chop_transfers": tuple(state.chop_transfers),
                "first": state.first,
                "finished": state.finished,
                "winner": state.winner,
                "n_actions": state.n_actions,
                "optional": optional,
                "rules": state.rules,
                "declarations": self.declarations(state),
                "known": known,
                "out_of_play": out_of_play,
                "extras": self.public_extras(state),
            },
        )
        view.__dict__["public"] = _Public(view)
        return view

    def determinize(self, view: View, rng: random.Random) -> ClimbState:
        """A full state consistent with ``view``: its seat's hand and everything public
        as they are, the cards that seat cannot see dealt at random to the others, each
        seat getting as many as it holds (cards the rules place, ``known``, go where
        they are known to be; with fewer than four players the rest stay undealt).

        >>> import random
        >>> from vncards.tienlen import plugin
        >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
        >>> view = plugin.view(state, 0)
        >>> guess = plugin.determinize(view, random.Random(1))
        >>> guess.hands[0] == state.hands[0], plugin.view(guess, 0) == view
        (True, True)
        """
        if not isinstance(view, ShedView):
            raise TypeError(f"{self.name} determinizes its own views, not {type(view).__name__}")
        seat = view.seat
        counts = view.counts
        n = len(counts)
        known = view.known or (0,) * n
        fixed = view.hand_mask | view.pile | view.out_of_play
        for m in known:
            fixed |= m
        pool = mask_ids(FULL_DECK_MASK & ~fixed)
        rand = rng.random
        hands: list[int] = []
        top = len(pool)
        for s in range(n):
            if s == seat:
                hands.append(view.hand_mask)
                continue
            mask = known[s]
            for _ in range(counts[s] - mask.bit_count()):
                # a partial Fisher–Yates: the pick moves to the end of the pool
                j = int(rand() * top)
                top -= 1
                card = pool[j]
                pool[j] = pool[top]
                pool[top] = card
                mask |= 1 << card
            hands.append(mask)
        # the class's own __new__: a compiled ClimbState refuses object's
        state_type = self.state_type
        state = state_type.__new__(state_type)
        state.hands = hands
        state.dealt = tuple([h | p for h, p in zip(hands, view.played_by, strict=True)])
        state.turn = view.to_act if view.to_act is not None else view.table_seat
        state.table = view.table
        state.table_seat = view.table_seat
        state.passed = view.passed
        state.chain_value = view.chain_value
        state.chain_victim = view.chain_victim
        state.chain_chopper = view.chain_chopper
        state.chop_net = list(view.chop_net)
        state.chop_transfers = list(view.chop_transfers)
        state.events = list(view.history)
        state.played = sum(1 << s for s, p in enumerate(view.played_by) if p)
        state.out = view.out
        state.pile = view.pile
        state.winner = view.winner
        state.finished = view.finished
        state.n_actions = view.n_actions
        state.engine = self.engine(view.rules)
        state.rules = view.rules
        state.first = view.first
        self.restore_extras(state, view.extras)
        return state

    def known_cards(self, state: ClimbState) -> tuple[tuple[int, ...], int]:
        """Cards the rules make public though still unplayed: a mask per seat of cards
        everyone knows that seat holds, and a mask of cards known not to be dealt.
        None by default (``((), 0)``); Tiến lên's 3♠ opening places the opening card."""
        return (), 0

    def declarations(self, state: ClimbState) -> tuple[Event, ...]:
        """The declarations made so far, as ``declare`` events (none by default; Sâm
        shows its báo Sâm here)."""
        return ()

    def public_extras(self, state: ClimbState) -> tuple[Any, ...]:
        """The game's own values a view carries, so that :meth:`determinize` can put
        them back with :meth:`restore_extras`: by default the values of the state's
        :attr:`~vncards.core.ClimbState.extra_fields`, all public. A game whose state
        keeps something a seat may not see overrides both."""
        return tuple([getattr(state, name) for name in state.extra_fields])

    def restore_extras(self, state: ClimbState, extras: tuple[Any, ...]) -> None:
        """Put back on a determinized state what :meth:`public_extras` gave."""
        for name, value in zip(state.extra_fields, extras, strict=True):
            setattr(state, name, value)

    # ------------------------------------------------------------ words for screens

    def table_words(self, view: View, players: Sequence[str]) -> list[Words]:
        """What the table shows (see :class:`~vncards.core.DescribesPlay`): the
        combination to beat and who played it, or who leads; the open chop chain; who
        has passed this round; the declarations.

        >>> from vncards.tienlen import plugin
        >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
        >>> plugin.table_words(plugin.view(state, state.turn), ["An", "Bình"])
        [('The table is empty: you lead.',)]
        """
        if not isinstance(view, ShedView):
            raise TypeError(f"{self.name} describes its own views, not {type(view).__name__}")
        return table_lines(view, players, _cards, vietnamese=False)

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for this game's own events (none here: the core's events have the
        screen's own words)."""
        return None

    # ------------------------------------------------------------ records

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's :func:`~vncards.core.referee` on this game):
        the first illegal action, the outcome and who pays whom. Raises
        :class:`~vncards.core.RecordError` for a record that cannot be read. The
        class docstring has an example."""
        return referee(self, record)

    def action_from_record(
        self, state: ClimbState, action: RecordAction, seat: int
    ) -> SheddingAction:
        """Read ``play`` / ``pass`` / ``declare``; other kinds are not this game's."""
        kind = action.kind
        if kind == "play":
            if not isinstance(action.value, list | tuple):
                raise RecordError(f"a play is a list of cards, not {action.value!r}")
            mask = 0
            for token in action.value:
                bit = 1 << _card_id(token)
                if mask & bit:
                    raise RecordError(
                        f"card {token} appears twice in one play", code="card-twice", token=token
                    )
                mask |= bit
            return Play(seat, mask)
        if kind == "pass":
            return Pass(seat)
        if kind == "declare":
            return Declare(seat, action.value)
        raise RecordError(f"{self.name} records have no {kind!r} actions")

    def action_to_record(self, state: ClimbState, action: SheddingAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        if isinstance(action, Play):
            return {"play": [_STR[i] for i in mask_ids(action.cards)]}
        if isinstance(action, Pass):
            return {"pass": True}
        return {"declare": action.what}

    def record_deal(self, state: ClimbState) -> dict[str, Any]:
        """Hands as dealt and the first seat."""
        return {
            "hands": [[_STR[i] for i in mask_ids(h)] for h in state.dealt],
            "first": state.first,
        }

    # ------------------------------------------------------------ conformance

    def action_universe(self, state: ClimbState) -> Iterable[SheddingAction]:
        """Legal actions plus many that are not: every combination each hand holds (so
        an engine that forgets a play, a chop say, is caught), other subsets of the hand,
        cards not held, and every seat's pass and declaration."""
        rng = random.Random(state.n_actions * 7919 + sum(state.hands))
        out: list[SheddingAction] = list(self.legal_actions(state))
        n = len(state.hands)
        combo_rules = self.engine(state.rules).combo_rules
        for seat in range(n):
            hand = state.hands[seat]
            ids = mask_ids(hand)
            out.append(Pass(seat))
            out.append(Declare(seat))
            out.extend(Play(seat, m) for m in legal_plays(hand, combo_rules))
            if len(ids) <= 8:
                sub = hand
                while sub:
                    out.append(Play(seat, sub))
                    sub = (sub - 1) & hand
            else:
                for _ in range(120):
                    k = rng.randint(1, min(len(ids), 8))
                    m = 0
                    for c in rng.sample(ids, k):
                        m |= 1 << c
                    out.append(Play(seat, m))
            others = FULL_DECK_MASK & ~hand
            out.append(Play(seat, (others & -others) | (hand & -hand)))
        return out

    def card_multiset(self, state: ClimbState) -> list[int]:
        """Cards in hands, on the pile and undealt: always the 52 cards once each."""
        dealt = 0
        for h in state.dealt:
            dealt |= h
        zones = [*state.hands, state.pile, FULL_DECK_MASK & ~dealt]
        return sorted(i for z in zones for i in mask_ids(z))


_STR = tuple(
    r + s
    for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
    for s in "SCDH"
)


_new_play_list = object.__new__
_new_view = object.__new__


def _set_dict(view: ShedView, fields: dict[str, Any]) -> None:
    """Give a new view all its fields at once (a frozen dataclass sets them one by one)."""
    object.__setattr__(view, "__dict__", fields)


# the record notation of each byte of a hand mask: a hand's cards in a few lookups
_BYTE_STRINGS = tuple(
    tuple(tuple(_STR[8 * k + b] for b in range(8) if byte >> b & 1 and 8 * k + b < 52)
          for byte in range(256))
    for k in range(7)
)  # fmt: skip


def _hand_strings(mask: int) -> tuple[str, ...]:
    """The cards of ``mask`` in record notation, lowest first.

    >>> _hand_strings(0b1011)
    ('3S', '3C', '3H')
    """
    t = _BYTE_STRINGS
    return (
        t[0][mask & 255]
        + t[1][mask >> 8 & 255]
        + t[2][mask >> 16 & 255]
        + t[3][mask >> 24 & 255]
        + t[4][mask >> 32 & 255]
        + t[5][mask >> 40 & 255]
        + t[6][mask >> 48 & 255]
    )


_PASSED: dict[int, Passed] = {}


def _passed(seat: int) -> Passed:
    done = _PASSED.get(seat)
    if done is None:
        done = Passed(seat)
        if type(seat) is int and len(_PASSED) < 64:
            _PASSED[seat] = done
    return done


_ID = {s: i for i, s in enumerate(_STR)}
_KIND_ORDER = {k.code: k.value for k in Kind}


def _loop_parts(
    eng: ClimbEngine,
) -> tuple[
    Callable[[ClimbState], list[int]],
    Callable[[ClimbState, int, int], object],
    Callable[[ClimbState, int], None],
    Callable[[ClimbState], bool] | None,
]:
    """What :meth:`SheddingGame.playout` calls on ``eng``: ``(plays, play, pass,
    can_pass)``, the last ``None`` when anyone but the leader may pass. Worked out once
    per engine (engines are stateless and shared), from the engine's documented flags
    (:attr:`~vncards.core.ClimbEngine.offers_legal_plays`, ``offers_legal_passes``,
    ``anyone_may_pass``)."""
    play: Callable[[ClimbState, int, int], object] = (
        eng._play_offered if eng.offers_legal_plays else eng.play
    )
    pass_turn: Callable[[ClimbState, int], None] = eng.pass_turn
    can_pass: Callable[[ClimbState], bool] | None = eng.can_pass
    if eng.offers_legal_passes:
        # a pass offered is one pass_turn accepts: it need not be checked again
        pass_turn = eng._pass
        if eng.anyone_may_pass:
            can_pass = None  # anyone but the leader may pass
    return eng.plays, play, pass_turn, can_pass


def _drawn_for(bot: Bot) -> bool:
    """Whether :meth:`SheddingGame.playout` may draw for ``bot`` (see
    :attr:`RandomBot.drawn_in_loop`)."""
    return isinstance(bot, RandomBot) and bot.drawn_in_loop


def _distinct_mask(tokens: Sequence[str]) -> int | None:
    """The mask of the cards named, or ``None`` when a card is named twice."""
    mask = 0
    for t in tokens:
        bit = 1 << parse_card(t).id
        if mask & bit:
            return None
        mask |= bit
    return mask


def _card_id(token: str) -> int:
    if not isinstance(token, str):  # a record read without a vocabulary checks no shapes
        raise RecordError(f"a card is written as text, not {token!r}")
    try:
        return parse_card(token).id
    except NotationError as e:
        raise RecordError(str(e)) from None


def random_first(seed: int | None, n_players: int) -> int | None:
    """A seeded random first seat, or ``None`` without a seed.

    >>> random_first(7, 4) == random_first(7, 4), random_first(None, 4)
    (True, None)
    """
    if seed is None:
        return None
    return Rng(seed ^ 0x5F5E_1000).below(n_players)
