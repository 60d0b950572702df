"""Tables played over HTTP: who sits where, their secret tokens, bots on the other
seats, and the events every action caused.

A :class:`Table` knows its game only through the plugin protocol: the choices it waits
for come from ``decision``, a seat's knowledge from ``view``, what happened from the
events ``apply`` returns. Its methods are plain (no HTTP, no locking, no storage): the
runner holds a table's lock around each call and runs the bots' turns off the event
loop. Every choice made at a table is kept in its ``steps`` as plain JSON (the seat and
its record action, or a decline), so that a table is stored as its deal, rules and
steps, and rebuilt exactly by :func:`replay`.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from vncards.core import (
    STOP,
    Bot,
    BotChooser,
    Decision,
    Event,
    GamePlugin,
    PlayedGame,
    PluginError,
    RecordAction,
    RulesError,
    VncardsError,
    derive_seed,
    drive,
    record_game,
    resolve_rules,
    vocabulary_of,
    why_illegal,
)
from vncards.core.simulate import bot_factory
from vncards.server._errors import ApiError

__all__ = [
    "BOT_PREFERENCE",
    "DEFAULT_BOT",
    "Table",
    "default_bot",
    "hash_token",
    "make_bot",
    "new_table",
    "replay",
]

DEFAULT_BOT = "default"
"""The bot name that asks a table for the game's strongest bot (:func:`default_bot`)."""

BOT_PREFERENCE = ("search", "solver", "greedy")
"""Bot names tried first, in this order, when a table needs the strongest bot a game
offers (a determinized search, an arrangement solver, a greedy player); after them any
bot of the game's own, and ``random`` last."""


SPECTATOR = -1
"""The seat number events are shown to for a spectator (no seat's own)."""


def default_bot(bots: Sequence[str], declared: str | None = None) -> str:
    """The strongest bot among a game's bot names: the one the game declares as its
    ``default_opponent`` when it has that bot, else the first of
    :data:`BOT_PREFERENCE` it has, else one of its own, else ``random``.

    >>> default_bot(["random", "greedy", "search"], declared="greedy")
    'greedy'
    >>> default_bot(["random", "greedy", "sam"])
    'greedy'
    >>> default_bot(["random", "greedy", "solver"])
    'solver'
    >>> default_bot(["random", "own"])
    'own'
    >>> default_bot(["random", "greedy", "search"])
    'search'
    """
    if declared is not None and declared in bots:
        return declared
    for name in BOT_PREFERENCE:
        if name in bots:
            return name
    own = [b for b in bots if b != "random"]
    return own[0] if own else "random"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def hash_token(token: str) -> str:
    """What is kept of a seat's token: its SHA-256, so the stored tables hold no secret.

    >>> len(hash_token("abc")), hash_token("abc") == hash_token("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(eq=False)
class Table:
    """One game being played: the state, the seats' tokens (as :func:`hash_token` keeps
    them) and bots, every action, step and event so far (events as they happened; each
    seat reads them through ``seen_by``). ``open_seats`` are the human seats nobody has
    taken yet (no token): anyone may take one from the lobby (:meth:`join`)."""

    id: str
    plugin: GamePlugin[Any, Any, Any]
    variant: str
    rules: dict[str, Any]
    players: list[str]
    bots: dict[int, Bot]
    tokens: dict[int, str]
    state: Any
    start: Any
    last_active: float
    seed: int = 0
    first: int | None = None
    bot_names: dict[int, str] = field(default_factory=dict)
    max_bot_steps: int = 100_000
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    decision: Decision[Any] | None = None
    clock_seconds: float | None = None
    deadline: float | None = None
    match: dict[str, Any] = field(default_factory=dict)
    open_seats: list[int] = field(default_factory=list)
    talks: dict[str, Any] = field(default_factory=dict)  # the game's words, by language
    ended: bool = False
    _chosen: dict[str, Any] = field(default_factory=dict)  # the step of the action applied next
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[asyncio.Event] = field(default_factory=set)

    @property
    def finished(self) -> bool:
        """Whether the game is over (no choice left to make)."""
        return self.decision is None

    def seat_of(self, token: str | None) -> int:
        """The seat a token belongs to; 401 for a missing or unknown token."""
        if not token:
            raise ApiError(401, "no-token", "This request needs a seat's token (Bearer).")
        found = None
        digest = hash_token(token).encode()
        for seat, secret in self.tokens.items():
            # compare every token in constant time, so a guess learns nothing from timing
            if secrets.compare_digest(secret.encode(), digest):
                found = seat
        if found is None:
            raise ApiError(401, "bad-token", "This token belongs to no seat of this table.")
        return found

    def dealt_events(self, seat: int | None) -> list[Event]:
        """The events of the deal (before the table's first event: a dealt win's reveal,
        a hand shown) as ``seat`` saw them, which a seat's view history starts with;
        ``None``: a spectator, who sees each as a seat other than its own does."""
        if seat is not None:
            return list(self.plugin.view(self.start, seat).history)
        first = self.plugin.view(self.start, 0).history
        second = self.plugin.view(self.start, 1).history
        return [
            (b if a.seat == 0 else a).seen_by(SPECTATOR) for a, b in zip(first, second, strict=True)
        ]

    def events_json(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """Events from index ``since`` on, as ``seat`` sees them (``None``: a spectator,
        who sees what every seat but the acting one sees)."""
        who = SPECTATOR if seat is None else seat
        return [e.seen_by(who).to_json(self.players) for e in self.events[since:]]

    def spectator_json(self) -> dict[str, Any]:
        """What a spectator sees: the public part of a view (whose choice it is, card
        counts, the public table) and the events as no seat's own, with no hand and no
        legal actions; ``finished``, ``events``, ``steps`` and, once over, ``result``. Its
        history starts with the deal's events, as a seat's does."""
        view = self.plugin.view(self.state, 0).to_json(self.players)
        data = {
            "game": view["game"],
            "seat": None,
            "player": None,
            "hand": [],
            "to_act": view["to_act"],
            "legal": [],
            "counts": view["counts"],
            "public": view["public"],
            "history": [e.to_json(self.players) for e in self.dealt_events(None)]
            + self.events_json(None),
            "optional": False,
            "finished": self.decision is None,
            "events": len(self.events),
            "steps": len(self.steps),
        }
        if self.decision is None:
            data["result"] = self.result_json()
        return data

    def view_json(self, seat: int) -> dict[str, Any]:
        """The seat's view, plus ``optional`` (it may decline its choice now),
        ``finished``, ``events`` (how many events the table has had), ``steps`` (how
        many choices — actions, declines — and seats taken it has had) and, once over,
        ``result``."""
        data = self.plugin.view(self.state, seat).to_json(self.players)
        d = self.decision
        data["optional"] = d is not None and d.seat == seat and d.optional
        data["finished"] = d is None
        data["events"] = len(self.events)
        data["steps"] = len(self.steps)
        if d is None:
            data["result"] = self.result_json()
        return data

    def result_json(self) -> dict[str, Any]:
        """Outcome, winner, net payments and transfers (lá; the table's bet is 1)."""
        res = self.plugin.result(self.state)
        names = self.players
        return {
            "outcome": res.outcome,
            "winner": None if res.winner is None else names[res.winner],
            "instant_win": res.instant_win,
            "payments": {names[i]: v for i, v in enumerate(res.payments)},
            "transfers": [t.to_json(names) for t in res.transfers],
        }

    def record_json(self) -> dict[str, Any]:
        """The game record so far (the referee reads it as any other record)."""
        game = PlayedGame(self.start, self.actions, self.state)
        record = record_game(
            self.plugin, game, self.players, variant=self.variant, rules=self.rules
        )
        return record.to_json()

    def _step(self, action: Any) -> dict[str, Any]:
        """The stored step of ``action``, written before it is applied."""
        seat = getattr(action, "seat")  # noqa: B009 - every action names its seat
        return {"seat": seat, "action": self.plugin.action_to_record(self.state, action)}

    def _apply(self, action: Any) -> None:
        step = self._step(action)
        self._applied(action, self.plugin.apply(self.state, action), step)

    def _applied(self, action: Any, events: Sequence[Event], step: dict[str, Any]) -> None:
        self.events.extend(events)
        self.actions.append(action)
        self.steps.append(step)

    def _decline(self, seat: int) -> None:
        self.plugin.decline(self.state, seat)
        self._declined(seat)

    def _declined(self, seat: int) -> None:
        self.steps.append({"seat": seat, "decline": True})

    def join(self, seat: int, digest: str) -> int:
        """Give the open seat ``seat`` the token whose digest is ``digest`` (a step of
        its own, so two people never both take it); the index of the next event. 409
        when that seat is not open."""
        if seat not in self.open_seats:
            raise ApiError(
                409, "seat-taken", f"{self.players[seat]}'s seat is not free: pick another."
            )
        self._join(seat, digest)
        return len(self.events)

    def _join(self, seat: int, digest: str) -> None:
        self.open_seats.remove(seat)
        self.tokens[seat] = digest
        self.steps.append({"seat": seat, "join": digest})

    def replay_step(self, step: Mapping[str, Any]) -> None:
        """Carry out one stored step again (a record action, a decline or a seat
        taken)."""
        seat = int(step["seat"])
        if "join" in step:
            self._join(seat, str(step["join"]))
            return
        if step.get("decline"):
            self._decline(seat)
        else:
            raw = RecordAction.model_validate({**step["action"], "player": self.players[seat]})
            self._apply(self.plugin.action_from_record(self.state, raw, seat))
        self.decision = self.plugin.decision(self.state)

    def run_bots(self) -> None:
        """Let the bots make their choices until a human seat must choose or the game
        is over."""
        self._drive(None, None)

    def _drive(self, seat: int | None, choice: Any) -> None:
        """Through core's loop: ``seat``'s ``choice`` first when ``seat`` is given (an
        action, or ``None`` to decline), then the bots' turns until a human seat must
        choose or the game is over."""
        plugin = self.plugin
        choosers: list[Any] = [
            _Kept(self, BotChooser(plugin, self.bots[s])) if s in self.bots else None
            for s in range(len(self.players))
        ]
        if seat is not None:
            choosers[seat] = _Kept(self, _Once(self.players[seat], choice))
        self.decision = drive(
            plugin,
            self.state,
            choosers,
            on_action=lambda action, events: self._applied(action, events, self._chosen),
            on_decline=self._declined,
            max_steps=self.max_bot_steps + (seat is not None),
            overrun=f"the bots made {self.max_bot_steps} choices without an end",
        )

    def act(self, seat: int, body: Any) -> int:
        """Carry out ``seat``'s action (a record action without ``player``, or
        ``{"decline": true}``) and the bots' turns after it; returns the index of the
        first new event. 409 for an illegal action, which changes nothing."""
        if self.finished:
            raise ApiError(409, "game-over", "The game is over: no action is taken.")
        first = len(self.events)
        d = self.decision
        assert d is not None
        if _declines(body):
            if d.seat != seat or not d.optional:
                raise _NOTHING_TO_DECLINE
            self._drive(seat, None)
        else:
            action = self._read(seat, body)
            if d.seat != seat or action not in d.actions:
                raise self._refusal(action)
            self._drive(seat, action)
        return first

    def check(self, seat: int, body: Any) -> ApiError | None:
        """Whether ``seat`` may take ``body`` (as :meth:`act` reads it) now: ``None``
        if so, else the refusal :meth:`act` would answer. Nothing is played."""
        d = self.decision
        if d is None:
            return ApiError(409, "game-over", "The game is over: no action is taken.")
        if _declines(body):
            return None if d.seat == seat and d.optional else _NOTHING_TO_DECLINE
        try:
            action = self._read(seat, body)
        except ApiError as e:
            return e
        return None if d.seat == seat and action in d.actions else self._refusal(action)

    def stand_in(self, seat: int, bot: Bot) -> int:
        """``bot`` makes ``seat``'s pending choice for it (its turn clock ran out), then
        the bots play on; returns the index of the first new event."""
        d = self.decision
        if d is None or d.seat != seat:
            return len(self.events)
        first = len(self.events)
        choice = bot.choose(self.plugin.view(self.state, seat), d.actions, d.optional)
        if choice is None and not d.optional:
            choice = d.actions[0]  # a stand-in never leaves a forced choice unmade
        self._drive(seat, choice)
        return first

    def _read(self, seat: int, body: Any) -> Any:
        name = self.players[seat]
        if not isinstance(body, dict):
            raise ApiError(422, "bad-action", "An action is a JSON object.")
        if "player" in body and body["player"] != name:
            raise ApiError(422, "bad-action", "The token says who acts: leave out player.")
        try:
            raw = RecordAction.model_validate({**body, "player": name})
        except ValidationError as e:
            first = e.errors()[0]
            raise ApiError(422, "bad-action", f"bad action: {_one_line(first['msg'])}") from None
        vocabulary = vocabulary_of(self.plugin)
        try:
            if vocabulary is not None:
                # the game's own action keys and value shapes, as its records are read
                vocabulary.check_action(raw, len(self.actions))
            return self.plugin.action_from_record(self.state, raw, seat)
        except (VncardsError, ValueError) as e:
            raise ApiError(422, "bad-action", _one_line(str(e))) from None

    def _refusal(self, action: Any) -> ApiError:
        """Why an action that is not offered now is refused (the game's ``why_illegal``)."""
        refusal = why_illegal(self.plugin, self.state, action)
        if refusal is not None:
            return ApiError(409, refusal.code, refusal.message)
        return ApiError(409, "not-offered", "That is not one of your choices right now.")

    def wake(self) -> None:
        """Tell every open event stream that something happened."""
        for w in self.watchers:
            w.set()


class _Once:
    """A human seat's chooser in core's loop: the choice it made through the API, once;
    asked again, it stops the loop (the seat chooses anew through the API)."""

    def __init__(self, name: str, choice: Any) -> None:
        self.name = name
        self.choice = choice
        self.spent = False

    def __call__(self, state: Any, decision: Any) -> Any:
        if self.spent:
            return STOP
        self.spent = True
        return self.choice


class _Kept:
    """A seat's chooser whose chosen action is written as the table's step before the
    loop applies it (a step is the record form the state had then)."""

    def __init__(self, table: Table, chooser: Any) -> None:
        self.table = table
        self.chooser = chooser
        self.name: str = chooser.name

    def __call__(self, state: Any, decision: Any) -> Any:
        choice = self.chooser(state, decision)
        if choice is not None and choice is not STOP:
            self.table._chosen = self.table._step(choice)
        return choice


_NOTHING_TO_DECLINE = ApiError(
    409, "nothing-to-decline", "There is no optional choice of yours to decline."
)


def _declines(body: Any) -> bool:
    """Whether ``body`` is ``{"decline": true}``."""
    return isinstance(body, dict) and body.get("decline") is True and len(body) == 1


def make_bot(plugin: GamePlugin[Any, Any, Any], kind: str, seed: int) -> Bot:
    """A bot for a seat: one of the game's by name, ``default`` for its strongest, or
    ``module:attribute`` naming a bot factory (a callable taking a seed); 422 otherwise.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(name="g", bots={})
    >>> make_bot(game, "vncards.core:RandomBot", 7).name  # type: ignore[arg-type]
    'random'
    """
    if kind == DEFAULT_BOT and kind not in plugin.bots:
        kind = default_bot(list(plugin.bots), getattr(plugin, "default_opponent", None))
    try:
        factory = bot_factory(plugin, kind)
    except PluginError as e:
        raise ApiError(422, "unknown-bot", f"{e}.") from None
    bot: Bot = factory(seed)
    return bot


def new_table(
    table_id: str,
    plugin: GamePlugin[Any, Any, Any],
    *,
    variant: str | None,
    rules: Mapping[str, Any] | None,
    players: Sequence[str],
    bots: Mapping[str, str],
    seed: int | None,
    now: float,
    first: int | None = None,
    max_bot_steps: int = 100_000,
    open_seats: Sequence[str] = (),
) -> tuple[Table, dict[int, str]]:
    """Deal a table (its bots not yet moved) and the secret token of each human seat
    but those named in ``open_seats``, which anyone may take from the lobby; 422 for a
    bad variant, rule, player count, bot or open seat."""
    names = list(players)
    if len(set(names)) != len(names) or any(not n for n in names):
        raise ApiError(422, "bad-players", "Players need distinct, non-empty names.")
    try:
        resolve_rules(plugin, variant, rules)
    except RulesError as e:
        raise ApiError(422, "bad-rules", str(e)) from None
    unknown = [n for n in bots if n not in names]
    if unknown:
        raise ApiError(422, "bad-bots", f"bots names {unknown[0]!r}, who is not among the players.")
    bot_names = {seat: bots[name] for seat, name in enumerate(names) if name in bots}
    stray = [n for n in open_seats if n not in names or n in bots]
    if stray:
        raise ApiError(
            422, "bad-open-seats", f"open names {stray[0]!r}, who is not a human player."
        )
    tokens = {
        seat: secrets.token_urlsafe(24)
        for seat in range(len(names))
        if seat not in bot_names and names[seat] not in open_seats
    }
    table = replay(
        plugin,
        table_id=table_id,
        variant=variant,
        rules=rules,
        players=names,
        bot_names=bot_names,
        tokens={seat: hash_token(t) for seat, t in tokens.items()},
        seed=secrets.randbits(63) if seed is None else seed,
        first=first,
        steps=(),
        now=now,
        max_bot_steps=max_bot_steps,
    )
    return table, tokens


def replay(
    plugin: GamePlugin[Any, Any, Any],
    *,
    table_id: str,
    variant: str | None,
    rules: Mapping[str, Any] | None,
    players: Sequence[str],
    bot_names: Mapping[int, str],
    tokens: Mapping[int, str],
    seed: int,
    first: int | None,
    steps: Sequence[Mapping[str, Any]],
    now: float,
    max_bot_steps: int = 100_000,
) -> Table:
    """The table dealt from ``seed`` with every one of ``steps`` carried out again (the
    bots are not asked: their choices are among the steps); 422 for a bad variant,
    rule, player count or bot."""
    names = list(players)
    try:
        resolved = resolve_rules(plugin, variant, rules)
    except RulesError as e:
        raise ApiError(422, "bad-rules", str(e)) from None
    lo, hi = plugin.player_range(resolved)
    if not lo <= len(names) <= hi:
        count = len(names)
        message = f"{plugin.name} is played by {lo} to {hi} players, not {count}."
        raise ApiError(422, "bad-players", message)
    seats = {
        seat: make_bot(plugin, kind, derive_seed(seed, seat)) for seat, kind in bot_names.items()
    }
    if first is None:
        state = plugin.new_game(resolved, len(names), seed)
    else:
        state = plugin.new_game(resolved, len(names), seed, first=first)
    table = Table(
        id=table_id,
        plugin=plugin,
        variant=variant or plugin.default_preset,
        rules=dict(rules or {}),
        players=names,
        bots=seats,
        tokens=dict(tokens),
        state=state,
        start=state.copy(),
        last_active=now,
        seed=seed,
        first=first,
        bot_names=dict(bot_names),
        max_bot_steps=max_bot_steps,
        open_seats=[s for s in range(len(names)) if s not in bot_names and s not in tokens],
    )
    table.decision = plugin.decision(state)
    for step in steps:
        table.replay_step(step)
    return table
