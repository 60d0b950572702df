"""The plugin protocol every game implements, and the machinery built on it alone:
rules resolution, the bot-driven game loop, recording and the referee loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, ValidationError
from vncards.core._drive import drive
from vncards.core._errors import RecordError, RulesError
from vncards.core._events import Cards, Event, Transfer, View
from vncards.core._record_text import location, one_line
from vncards.core._records import GameRecord, check_payments, load_record
from vncards.core._reports import ErrorReport, RefereeReport, TransferReport, ViolationReport
from vncards.core._ruling import rule_actions
from vncards.core._vocabulary import RecordAction, vocabulary_of

__all__ = [
    "Bot",
    "BotFactory",
    "Decision",
    "DescribesPlay",
    "FastPlayout",
    "GamePlugin",
    "GameResult",
    "MatchResult",
    "PlayedGame",
    "RulesBase",
    "Violation",
    "Words",
    "play_game",
    "play_match",
    "record_game",
    "referee",
    "resolve_rules",
]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Hashable)
RulesT = TypeVar("RulesT", bound="RulesBase")


class RulesBase(BaseModel):
    """Base of every game's rules model: frozen, unknown settings refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass(frozen=True, slots=True)
class Violation:
    """A legal action that carries a penalty, by action index and seat.

    >>> Violation(index=12, seat=2, rule="bao-mot", message="Seat 2 did not announce.").rule
    'bao-mot'
    """

    index: int
    seat: int
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game stands: outcome, winner seat, instant-win code, net lá per seat.

    ``payments`` are in lá, not yet multiplied by the bet, and sum to zero; while the game
    is unfinished they hold only settled chop chains.

    >>> res = GameResult(True, "win", 0, None, (5, -3, -2))
    >>> res.winner, sum(res.payments), res.violations
    (0, 0, ())
    """

    finished: bool
    outcome: str | None
    winner: int | None
    instant_win: str | None
    payments: tuple[int, ...]
    violations: tuple[Violation, ...] = ()
    transfers: tuple[Transfer, ...] = ()
    """Every payment itemised, in lá; their net is ``payments`` exactly."""


@dataclass(frozen=True, slots=True)
class Decision(Generic[ActionT]):
    """Whose choice the game waits for, among which actions.

    When ``optional`` is true the seat may also decline (``GamePlugin.decline``), e.g. a
    Sâm declaration or an out-of-turn Tứ Sắc claim.

    >>> Decision(seat=1, actions=["a", "b"]).optional
    False
    """

    seat: int
    actions: Sequence[ActionT]
    optional: bool = False


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of the offered actions, or ``None`` to decline an optional one.

    A bot sees only what its seat may know: the seat's :class:`~vncards.core.View`
    (``view.seat`` is the seat it plays), never the game's state.

    >>> class First:
    ...     name = "first"
    ...     def choose(self, view, actions, optional):
    ...         return actions[0]
    >>> isinstance(First(), Bot)
    True
    """

    name: str

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """One of ``actions`` for ``view.seat``, or ``None`` to decline when ``optional``."""
        ...


@runtime_checkable
class FastPlayout(Protocol):
    """The one fast seam of :func:`play_game`: a plugin may play a whole game itself
    (for simulation speed), making exactly the choices the plain loop would.

    ``playout`` returns ``False``, having changed nothing, when it cannot play these bots
    (then the plain loop runs); otherwise it plays to the end, passing each action made
    to ``record``. A playout need not keep the events of the actions it makes: a state
    played out this way is only read for its result.
    """

    def playout(
        self,
        state: Any,
        bots: Sequence[Bot],
        record: Callable[[Any], None],
        max_steps: int,
    ) -> bool:
        """Play ``state`` to the end with ``bots``; ``False`` if this loop cannot."""
        ...


Words = tuple[str | Cards, ...]
"""Words for people, with cards among them as :class:`~vncards.core.Cards` (a screen
draws those as cards): ``("On the table: ", Cards(("3S", "4S")))``."""


@runtime_checkable
class DescribesPlay(Protocol):
    """What a game tells a screen (``vncards play``, the referee's account), so that the
    screen needs no knowledge of the game: lines about the table as one seat sees it,
    and words for the game's own events. A :class:`~vncards.core.ClimbingGame` has both,
    and :class:`~vncards.core.ClimbingQueries` lends them to its plugin.

    >>> from vncards.tienlen import plugin
    >>> isinstance(plugin, DescribesPlay)
    True
    """

    def table_words(self, view: View, players: Sequence[str]) -> list[Words]:
        """Lines about the table (beyond the seat's hand and the others' card counts)."""
        ...

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for ``event`` after the name of its player, or ``None`` to let the
        screen use its own words (it has them for the core's events)."""
        ...


BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed."""


@runtime_checkable
class GamePlugin(Protocol[StateT, ActionT, RulesT]):
    """What a game package exposes under the ``vncards.games`` entry-point group.

    States are mutable, have ``copy()`` (an independent copy) and compare with ``==``
    (the conformance suite checks that a refused action changes nothing); ``apply``
    changes the state or raises :class:`~vncards.core.IllegalMove` and changes nothing.
    Actions are hashable values that name their ``seat``.
    """

    # Read-only in the protocol, so that a plain class attribute (a dict of presets, say)
    # satisfies it.
    @property
    def name(self) -> str:
        """Short name used in records and on the command line, e.g. ``tienlen``."""
        ...

    @property
    def title(self) -> str:
        """Full name for people, e.g. ``Tiến lên miền Nam (đếm lá)``."""
        ...

    @property
    def deck(self) -> str:
        """``french`` or ``tusac``: which card notation the game reads."""
        ...

    @property
    def rules_model(self) -> type[RulesT]:
        """The game's rules model (a :class:`RulesBase` subclass)."""
        ...

    @property
    def presets(self) -> Mapping[str, RulesT]:
        """Named rule sets (variants)."""
        ...

    @property
    def default_preset(self) -> str:
        """The preset used when a record or command names none."""
        ...

    @property
    def bots(self) -> Mapping[str, BotFactory]:
        """Bots by name, each a factory taking a seed."""
        ...

    def player_range(self, rules: RulesT) -> tuple[int, int]:
        """Fewest and most players these rules allow."""
        ...

    def new_game(
        self, rules: RulesT, n_players: int, seed: int, *, first: int | None = None
    ) -> StateT:
        """Deal a new game from ``seed``; ``first`` is a match's previous winner."""
        ...

    def state_from_record(self, record: GameRecord, rules: RulesT) -> StateT:
        """The starting state a record describes; :class:`RecordError` if it is not a deal."""
        ...

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Every action ``apply`` accepts now, by any seat."""
        ...

    def decision(self, state: StateT) -> Decision[ActionT] | None:
        """The next choice a bot-driven game waits for; ``None`` once finished."""
        ...

    def decline(self, state: StateT, seat: int) -> None:
        """``seat`` declines an optional decision (changes only whose choice is next)."""
        ...

    def apply(self, state: StateT, action: ActionT) -> list[Event]:
        """Carry out ``action`` and return the events it caused, in order; or raise
        :class:`~vncards.core.IllegalMove` and change nothing."""
        ...

    def view(self, state: StateT, seat: int) -> View:
        """What ``seat`` may know of ``state`` (never another seat's hidden cards)."""
        ...

    def determinize(self, view: View, rng: random.Random) -> StateT:
        """A full state consistent with ``view``: the seat's own cards and everything
        public as they are, the cards it cannot see dealt at random with the right
        count per seat. ``view(determinize(v, rng), v.seat) == v``."""
        ...

    def result(self, state: StateT) -> GameResult:
        """Outcome and net lá per seat (settled chops only while unfinished)."""
        ...

    def action_from_record(self, state: StateT, action: RecordAction, seat: int) -> ActionT:
        """Read a record action; :class:`RecordError` for an unreadable card."""
        ...

    def action_to_record(self, state: StateT, action: ActionT) -> dict[str, Any]:
        """A record action without ``player`` (the caller adds it)."""
        ...

    def record_deal(self, state: StateT) -> dict[str, Any]:
        """``hands`` (by seat, as card strings), plus ``first`` seat and ``stock`` when used."""
        ...

    def action_universe(self, state: StateT) -> Iterable[ActionT]:
        """A superset of the legal actions, for conformance probing."""
        ...

    def card_multiset(self, state: StateT) -> list[int]:
        """Every card of the game in every zone, sorted (for conservation checks)."""
        ...

    def summary(self, rules: RulesT) -> dict[str, Any]:
        """Deck, players, hand size, combinations, chops, instant wins, scoring — for
        ``vncards compare``."""
        ...

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record; :class:`RecordError` if it cannot be read. A plugin
        gets core's ruling with ``return vncards.core.referee(self, record)``."""
        ...


def resolve_rules(
    plugin: GamePlugin[Any, Any, RulesT],
    variant: str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> RulesT:
    """A preset by name (default when ``None``) with single settings overridden.

    Raises :class:`RulesError` naming the unknown preset or the bad setting.

    >>> from types import SimpleNamespace
    >>> class Rules(RulesBase):
    ...     bet_cap: int = 10
    >>> game = SimpleNamespace(name="g", presets={"std": Rules()}, default_preset="std")
    >>> resolve_rules(game, None, {"bet_cap": 3})
    Rules(bet_cap=3)
    >>> try:
    ...     resolve_rules(game, "fast")
    ... except RulesError as e:
    ...     print(e)
    g has no variant 'fast' (known: std)
    """
    name = plugin.default_preset if variant is None else variant
    try:
        base = plugin.presets[name]
    except KeyError:
        known = ", ".join(plugin.presets)
        raise RulesError(f"{plugin.name} has no variant {name!r} (known: {known})") from None
    if not overrides:
        return base
    data = base.model_dump()
    data.update(overrides)
    try:
        return type(base).model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = location(first["loc"]) or "rules"
        raise RulesError(f"bad rule setting {where}: {one_line(first['msg'])}") from None


@dataclass
class PlayedGame(Generic[StateT, ActionT]):
    """A finished bot game: its starting state, actions and final state (see
    :class:`~vncards.core.ClimbingGame` for an example)."""

    start: StateT
    actions: list[ActionT]
    final: StateT


def play_game(
    plugin: GamePlugin[StateT, ActionT, Any],
    state: StateT,
    bots: Sequence[Bot],
    *,
    max_steps: int = 100_000,
    keep_start: bool = True,
) -> PlayedGame[StateT, ActionT]:
    """Let ``bots`` (one per seat) play ``state`` to the end; ``state`` is changed in place.

    A bot that declines a forced choice raises :class:`IllegalMove` (``must-act``); a
    game that has not ended after ``max_steps`` choices raises ``RuntimeError``. See
    :class:`~vncards.core.ClimbingGame` for an example.
    """
    start = _copy(state) if keep_start else state
    actions: list[ActionT] = []
    drive(plugin, state, bots=bots, keep=actions, max_steps=max_steps)
    return PlayedGame(start, actions, state)


def _copy(state: Any) -> Any:
    copy = getattr(state, "copy", None)
    if copy is None:
        raise TypeError("game states must have a copy() method")
    return copy()


def record_game(
    plugin: GamePlugin[StateT, ActionT, Any],
    game: PlayedGame[StateT, ActionT],
    players: Sequence[str],
    *,
    variant: str | None = None,
    rules: Mapping[str, Any] | None = None,
    bet: int = 1,
) -> GameRecord:
    """The record of a played game, which :func:`referee` accepts (example:
    :class:`~vncards.core.ClimbingGame`)."""
    deal = plugin.record_deal(game.start)
    replay = _copy(game.start)
    actions = []
    for action in game.actions:
        data = plugin.action_to_record(replay, action)
        seat = getattr(action, "seat")  # noqa: B009 - every action names its seat
        actions.append({"player": players[seat], **data})
        plugin.apply(replay, action)
    payload: dict[str, Any] = {
        "game": plugin.name,
        "variant": variant or plugin.default_preset,
        "rules": dict(rules or {}),
        "players": list(players),
        "bet": bet,
        "hands": {players[i]: cards for i, cards in enumerate(deal["hands"])},
        "actions": actions,
    }
    if deal.get("first") is not None:
        payload["first"] = players[deal["first"]]
    if deal.get("stock") is not None:
        payload["stock"] = deal["stock"]
    return load_record(payload)


def referee(
    plugin: GamePlugin[Any, Any, Any],
    source: str | bytes | dict[str, Any] | GameRecord,
    *,
    events: list[list[Event]] | None = None,
) -> RefereeReport:
    """Rule on a whole record: the first illegal action, the outcome and who pays whom.

    With ``events``, the events each legal action caused are appended to it, one list
    per action (a text account of the game is written from them, without a second
    replay).

    Raises :class:`RecordError` for a record that cannot be read (not JSON, unknown game,
    card or player, a deal that is not a deal, an action that is not one of the game's
    :class:`~vncards.core.RecordVocabulary` or has a value of the wrong shape), wherever
    in the record it is: after an illegal action too.
    Payments in the report are lá × bet. Example: :class:`~vncards.core.ClimbingGame`.
    """
    record = load_record(source, vocabulary_of(plugin))
    if record.game != plugin.name:
        raise RecordError(f"this record is for {record.game!r}, not {plugin.name!r}")
    try:
        rules = resolve_rules(plugin, record.variant, record.rules)
    except RulesError as e:
        raise RecordError(str(e)) from None
    state = plugin.state_from_record(record, rules)
    error: ErrorReport | None = None
    index, illegal = rule_actions(plugin, state, record, events)
    if illegal is not None:
        player = record.actions[index].player
        error = ErrorReport(index=index, player=player, code=illegal.code, message=illegal.message)
    res = plugin.result(state)
    check_payments([v * record.bet for v in res.payments])
    check_payments([t.amount * record.bet for t in res.transfers])
    names = record.players
    return RefereeReport(
        game=plugin.name,
        variant=record.variant or plugin.default_preset,
        legal=error is None,
        finished=res.finished,
        outcome=res.outcome,
        winner=None if res.winner is None else names[res.winner],
        instant_win=res.instant_win,
        payments={names[i]: v * record.bet for i, v in enumerate(res.payments)},
        transfers=[
            TransferReport.model_validate(t.to_json(names, record.bet)) for t in res.transfers
        ],
        violations=[
            ViolationReport(index=v.index, player=names[v.seat], rule=v.rule, message=v.message)
            for v in res.violations
        ],
        error=error,
    )


@dataclass
class MatchResult(Generic[StateT, ActionT]):
    """A series of games: each game, and the net lá per seat over all of them."""

    games: list[PlayedGame[StateT, ActionT]]
    totals: list[int]


def play_match(
    plugin: GamePlugin[StateT, ActionT, RulesT],
    rules: RulesT,
    n_players: int,
    n_games: int,
    seed: int,
    bots: Sequence[Bot],
) -> MatchResult[StateT, ActionT]:
    """Play ``n_games`` in a row; the winner of each game acts first in the next (a draw
    makes the next one a first game). Game ``g`` is dealt from ``derive_seed(seed, g)``."""
    from vncards.core._rng import derive_seed

    games: list[PlayedGame[StateT, ActionT]] = []
    totals = [0] * n_players
    first: int | None = None
    for g in range(n_games):
        state = plugin.new_game(rules, n_players, derive_seed(seed, g), first=first)
        game = play_game(plugin, state, bots)
        res = plugin.result(game.final)
        for i, v in enumerate(res.payments):
            totals[i] += v
        games.append(game)
        first = res.winner
    return MatchResult(games, totals)
