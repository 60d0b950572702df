"""Tables played over HTTP: who sits where, their secret tokens, bots on the other
seats, and the events every action caused.

A :class:`Table` knows its game only through the plugin protocol: the choices it waits
for come from ``decision``, a seat's knowledge from ``view``, what happened from the
events ``apply`` returns. Its methods are plain (no HTTP, no locking): the app holds a
table's lock around each call and runs the bots' turns off the event loop.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from vncards.core import (
    Bot,
    Decision,
    Event,
    GamePlugin,
    IllegalMove,
    PlayedGame,
    RecordAction,
    RulesError,
    VncardsError,
    derive_seed,
    record_game,
    resolve_rules,
    vocabulary_of,
)
from vncards.server._errors import ApiError

__all__ = ["BOT_PREFERENCE", "DEFAULT_BOT", "Table", "TableStore", "default_bot", "new_table"]

DEFAULT_BOT = "default"
"""The bot name that asks a table for the game's strongest bot (:func:`default_bot`)."""

BOT_PREFERENCE = ("search", "solver", "greedy")
"""Bot names tried first, in this order, when a table needs the strongest bot a game
offers (a determinized search, an arrangement solver, a greedy player); after them any
bot of the game's own, and ``random`` last."""


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


@dataclass(eq=False)
class Table:
    """One game being played: the state, the seats' tokens and bots, every action and
    every event so far (events as they happened; each seat reads them through
    ``seen_by``)."""

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
    max_bot_steps: int = 100_000
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    decision: Decision[Any] | None = None
    ended: bool = False
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
        for seat, secret in self.tokens.items():
            # compare every token in constant time, so a guess learns nothing from timing
            if secrets.compare_digest(secret.encode(), token.encode()):
                found = seat
        if found is None:
            raise ApiError(401, "bad-token", "This token belongs to no seat of this table.")
        return found

    def events_json(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        """Events from index ``since`` on, as ``seat`` sees them."""
        return [e.seen_by(seat).to_json(self.players) for e in self.events[since:]]

    def view_json(self, seat: int) -> dict[str, Any]:
        """The seat's view, plus ``optional`` (it may decline its choice now),
        ``finished``, ``events`` (how many events the table has had) and, once over,
        ``result``."""
        data = self.plugin.view(self.state, seat).to_json(self.players)
        d = self.decision
        data["optional"] = d is not None and d.seat == seat and d.optional
        data["finished"] = d is None
        data["events"] = len(self.events)
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

    def _apply(self, action: Any) -> None:
        self.events.extend(self.plugin.apply(self.state, action))
        self.actions.append(action)

    def run_bots(self) -> None:
        """Let the bots make their choices until a human seat must choose or the game
        is over."""
        plugin = self.plugin
        for _ in range(self.max_bot_steps):
            d = self.decision = plugin.decision(self.state)
            if d is None or d.seat not in self.bots:
                return
            bot = self.bots[d.seat]
            choice = bot.choose(plugin.view(self.state, d.seat), d.actions, d.optional)
            if choice is None:
                if not d.optional:
                    raise IllegalMove("must-act", f"bot {bot.name} declined a forced choice")
                plugin.decline(self.state, d.seat)
            else:
                self._apply(choice)
        raise RuntimeError(f"the bots made {self.max_bot_steps} choices without an end")

    def act(self, seat: int, body: Any) -> int:
        """Carry out ``seat``'s action (a record action without ``player``, or
        ``{"decline": true}``) and the bots' turns after it; returns the index of the
        first new event. 409 for an illegal action, which changes nothing."""
        if self.finished:
            raise ApiError(409, "game-over", "The game is over: no action is taken.")
        first = len(self.events)
        d = self.decision
        assert d is not None
        if isinstance(body, dict) and body.get("decline") is True and len(body) == 1:
            if d.seat != seat or not d.optional:
                raise ApiError(
                    409, "nothing-to-decline", "There is no optional choice of yours to decline."
                )
            self.plugin.decline(self.state, seat)
        else:
            action = self._read(seat, body)
            if d.seat == seat and action in d.actions:
                self._apply(action)
            else:
                raise self._refusal(action)
        self.run_bots()
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
        """Why an action that is not offered now is refused, tried on a copy."""
        trial = self.state.copy()
        try:
            self.plugin.apply(trial, action)
        except IllegalMove as e:
            return ApiError(409, e.code, e.message)
        return ApiError(409, "not-offered", "That is not one of your choices right now.")

    def wake(self) -> None:
        """Tell every open event stream that something happened."""
        for w in self.watchers:
            w.set()


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
    max_bot_steps: int = 100_000,
) -> Table:
    """Deal a table (its bots not yet moved); 422 for a bad variant, rule, player count
    or bot."""
    names = list(players)
    if len(set(names)) != len(names) or any(not n for n in names):
        raise ApiError(422, "bad-players", "Players need distinct, non-empty names.")
    try:
        resolved = resolve_rules(plugin, variant, rules)
    except RulesError as e:
        raise ApiError(422, "bad-rules", str(e)) from None
    lo, hi = plugin.player_range(resolved)
    if not lo <= len(names) <= hi:
        count = len(names)
        message = f"{plugin.name} is played by {lo} to {hi} players, not {count}."
        raise ApiError(422, "bad-players", message)
    unknown = [n for n in bots if n not in names]
    if unknown:
        raise ApiError(422, "bad-bots", f"bots names {unknown[0]!r}, who is not among the players.")
    if seed is None:
        seed = secrets.randbits(63)
    seats: dict[int, Bot] = {}
    for seat, name in enumerate(names):
        if name not in bots:
            continue
        kind = bots[name]
        if kind == DEFAULT_BOT and kind not in plugin.bots:
            kind = default_bot(list(plugin.bots), getattr(plugin, "default_opponent", None))
        factory = plugin.bots.get(kind)
        if factory is None:
            known = ", ".join(plugin.bots)
            message = f"{plugin.name} has no bot {kind!r} (known: {known})."
            raise ApiError(422, "unknown-bot", message)
        seats[seat] = factory(derive_seed(seed, seat))
    state = plugin.new_game(resolved, len(names), seed)
    tokens = {seat: secrets.token_urlsafe(24) for seat in range(len(names)) if seat not in seats}
    table = Table(
        id=table_id,
        plugin=plugin,
        variant=variant or plugin.default_preset,
        rules=dict(rules or {}),
        players=names,
        bots=seats,
        tokens=tokens,
        state=state,
        start=state.copy(),
        last_active=now,
        max_bot_steps=max_bot_steps,
    )
    table.decision = plugin.decision(state)
    return table


class TableStore:
    """The tables the service holds, least recently used first.

    A table untouched for ``idle_seconds`` (by ``clock``) is ended and forgotten at the
    next look; at most ``max_tables`` unfinished tables are kept (finished ones are
    dropped, oldest first, to make room for a new one).

    >>> now = [0.0]
    >>> store = TableStore(max_tables=2, idle_seconds=60, clock=lambda: now[0])
    >>> store.new_id() != store.new_id()
    True
    """

    def __init__(self, max_tables: int, idle_seconds: float, clock: Callable[[], float]) -> None:
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._tables: OrderedDict[str, Table] = OrderedDict()

    def __len__(self) -> int:
        self.sweep()
        return len(self._tables)

    def new_id(self) -> str:
        """A fresh table id (not guessable, though not a secret either)."""
        return secrets.token_urlsafe(9)

    def sweep(self) -> None:
        """End and forget every table idle for ``idle_seconds`` or more."""
        deadline = self.clock() - self.idle_seconds
        while self._tables:
            oldest = next(iter(self._tables.values()))
            if oldest.last_active > deadline:
                return
            self._drop(oldest)

    def _drop(self, table: Table) -> None:
        del self._tables[table.id]
        table.ended = True
        table.wake()

    def make_room(self) -> None:
        """Room for one more table, or 503 when ``max_tables`` are being played."""
        self.sweep()
        if len(self._tables) < self.max_tables:
            return
        for table in list(self._tables.values()):
            if table.finished:
                self._drop(table)
                return
        raise ApiError(
            503,
            "too-many-tables",
            f"The service is playing its limit of {self.max_tables} tables; try again later.",
        )

    def add(self, table: Table) -> None:
        """Keep ``table`` (call :meth:`make_room` first)."""
        self._tables[table.id] = table

    def get(self, table_id: str) -> Table:
        """The table ``table_id``, marked as used now; 404 when there is none (or it
        was ended for being idle)."""
        self.sweep()
        table = self._tables.get(table_id)
        if table is None:
            raise ApiError(404, "no-such-table", f"There is no table {table_id!r}.")
        return table

    def touch(self, table: Table) -> None:
        """Mark ``table`` as used now."""
        table.last_active = self.clock()
        if table.id in self._tables:
            self._tables.move_to_end(table.id)
