"""The table runner: deals, acts and answers for tables, keeping each in its store.

It knows no HTTP: the routers turn its answers into responses and its
:class:`~vncards.server.ApiError` refusals into status codes. Each live table is kept
in memory as a :class:`Table` (rebuilt from the store by replaying its steps when this
process has not seen it, or is behind another process that shares the store); every
accepted action is committed to the store, with the bots' choices after it, before
the runner answers. Two processes acting on one table at once never both apply: the
store keeps a step at an index only once, and the loser is refused (409) and its table
rebuilt from the store.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from vncards.core import GamePlugin, derive_seed
from vncards.server._errors import ApiError, quoted
from vncards.server._settings import ServerSettings
from vncards.server._store import StoredTable, TableStore
from vncards.server._tables import DEFAULT_BOT, Table, hash_token, make_bot, new_table, replay

__all__ = ["NewTable", "TableRunner"]


@dataclass(frozen=True)
class NewTable:
    """What a table is dealt from (the body of ``POST /v1/tables``, checked)."""

    game: str
    players: list[str]
    bots: dict[str, str]
    variant: str | None = None
    rules: dict[str, Any] | None = None
    seed: int | None = None
    turn_seconds: float | None = None
    open: list[str] = field(default_factory=list)


def _next_id(table_id: str) -> str:
    """The id of the hand after ``table_id`` in a match (the same from every process)."""
    digest = hashlib.sha256(f"next:{table_id}".encode()).digest()
    return digest[:9].hex()


class TableRunner:
    """The tables of one service: a store, the games and the settings.

    ``changed`` is called with a table's id after each commit (the app passes what tells
    every process's event streams; by default the streams of this process only).
    """

    def __init__(
        self,
        store: TableStore,
        games: Mapping[str, GamePlugin[Any, Any, Any]],
        settings: ServerSettings,
    ) -> None:
        self.store = store
        self.games = games
        self.settings = settings
        self.changed: Callable[[str], None] = self.wake
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._swept = float("-inf")

    # -- reading -------------------------------------------------------------------

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock held around every change to ``table_id`` in this process."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _rebuild(self, stored: StoredTable) -> Table:
        plugin = self.games.get(stored.game)
        if plugin is None:
            raise ApiError(404, "no-such-table", f"There is no table {quoted(stored.id)}.")
        table = replay(
            plugin,
            table_id=stored.id,
            variant=stored.variant,
            rules=stored.rules,
            players=stored.players,
            bot_names=stored.bots,
            tokens=stored.tokens,
            seed=stored.seed,
            first=stored.first,
            steps=stored.steps,
            now=stored.last_active,
            max_bot_steps=self.settings.max_bot_steps,
        )
        table.clock_seconds = stored.clock_seconds
        table.deadline = stored.deadline
        table.match = dict(stored.match or {})
        return table

    async def table(self, table_id: str) -> Table:
        """The live table ``table_id``, caught up with its store; 404 if there is none
        (or it was archived). Call it holding :meth:`lock`."""
        await self.sweep()
        table = self._tables.get(table_id)
        if table is None:
            stored = await asyncio.to_thread(self.store.load, table_id)
            if stored is None:
                raise ApiError(404, "no-such-table", f"There is no table {quoted(table_id)}.")
            table = await asyncio.to_thread(self._rebuild, stored)
            self._tables[table_id] = table
            return table
        steps = await asyncio.to_thread(self.store.steps_since, table_id, len(table.steps))
        for step in steps:
            table.replay_step(step)
        return table

    async def seat(self, table_id: str, token: str | None) -> tuple[Table, int]:
        """The table and the seat ``token`` belongs to (401 for a missing or wrong one)."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            return table, table.seat_of(token)

    def held(self, table_id: str) -> Table:
        """The table ``table_id`` as this process holds it in memory (``KeyError`` if it
        holds none): for tests and tools that look inside a live game."""
        return self._tables[table_id]

    def touch(self, table: Table) -> None:
        """Mark ``table`` used now (written to the store at most every few seconds)."""
        now = self.settings.clock()
        if now - table.last_active >= min(10.0, self.settings.idle_seconds / 20):
            self.store.touch(table.id, now)
        table.last_active = now

    # -- sweeping ------------------------------------------------------------------

    async def sweep(self) -> None:
        """Archive the tables idle for ``idle_seconds`` (at most once a clock second):
        their URLs answer 404 and their event streams close."""
        now = self.settings.clock()
        if now - self._swept < 1.0:
            return
        self._swept = now
        ended = await asyncio.to_thread(self.store.archive_idle, now - self.settings.idle_seconds)
        for table_id in ended:
            self._forget(table_id)

    def _forget(self, table_id: str) -> None:
        table = self._tables.pop(table_id, None)
        self._locks.pop(table_id, None)
        if table is not None:
            table.ended = True
            table.wake()

    def live(self) -> int:
        """How many tables are live (not archived)."""
        return self.store.live_count()

    async def _make_room(self) -> None:
        await self.sweep()
        if await asyncio.to_thread(self.store.live_count) < self.settings.max_tables:
            return
        dropped = await asyncio.to_thread(self.store.archive_oldest_finished)
        if dropped is not None:
            self._forget(dropped)
            return
        raise ApiError(
            503,
            "too-many-tables",
            f"The service is playing its limit of {self.settings.max_tables} tables;"
            " try again later.",
        )

    # -- changing ------------------------------------------------------------------

    def wake(self, table_id: str) -> None:
        """Tell this process's event streams of ``table_id`` that something happened."""
        table = self._tables.get(table_id)
        if table is not None:
            table.wake()

    def _deadline(self, table: Table) -> float | None:
        d = table.decision
        if table.clock_seconds is None or d is None or d.seat in table.bots:
            return None
        return self.settings.clock() + table.clock_seconds

    def _stored(self, table: Table, now: float) -> StoredTable:
        return StoredTable(
            id=table.id,
            game=table.plugin.name,
            variant=table.variant,
            rules=table.rules,
            players=table.players,
            bots=table.bot_names,
            tokens=table.tokens,
            seed=table.seed,
            first=table.first,
            created=now,
            last_active=now,
            steps=list(table.steps),
            finished=table.finished,
            deadline=table.deadline,
            clock_seconds=table.clock_seconds,
            match=table.match or None,
            open_seats=tuple(table.open_seats),
        )

    async def create(self, request: NewTable) -> tuple[Table, dict[str, str]]:
        """Deal, store and start a table; its id and one token per human seat."""
        plugin = self.games.get(request.game)
        if plugin is None:
            known = ", ".join(self.games) or "none"
            raise ApiError(
                422, "unknown-game", f"unknown game {request.game!r} (installed: {known})"
            )
        await self._make_room()
        now = self.settings.clock()
        table, tokens = new_table(
            secrets.token_urlsafe(9),
            plugin,
            variant=request.variant,
            rules=request.rules,
            players=request.players,
            bots=request.bots,
            seed=request.seed,
            now=now,
            max_bot_steps=self.settings.max_bot_steps,
            open_seats=request.open,
        )
        table.clock_seconds = request.turn_seconds
        await self._start(table, now)
        return table, {table.players[s]: t for s, t in tokens.items()}

    async def _start(self, table: Table, now: float) -> None:
        async with self.lock(table.id):
            await asyncio.to_thread(table.run_bots)
            table.deadline = self._deadline(table)
            await asyncio.to_thread(self.store.create, self._stored(table, now))
            self._tables[table.id] = table
        self.changed(table.id)

    async def act(self, table_id: str, token: str | None, body: Any) -> tuple[int, Table, int]:
        """Carry out the token's seat's action and the bots' turns after it, committed
        before it returns: the seat, the table and the index of the first new event.
        409 for an illegal action (nothing changes, in memory or in the store)."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            seat = table.seat_of(token)
            first = await self._change(table, table.act, seat, body)
        if first is None:
            # never tried again on the newer table: the same body there would be a
            # second move the player did not make
            raise ApiError(
                409, "table-changed", "The table changed before this action was kept; look again."
            )
        self.changed(table_id)
        return seat, table, first

    async def _change(self, table: Table, change: Callable[..., int], *args: Any) -> int | None:
        """Make ``change(*args)`` to ``table`` and commit its steps; ``None`` when another
        process wrote the table first (the table is rebuilt from the store)."""
        start = len(table.steps)
        try:
            first = await asyncio.to_thread(change, *args)
        except ApiError:
            if len(table.steps) != start:  # pragma: no cover - refusals change nothing
                self._tables.pop(table.id, None)
            raise
        except BaseException:
            self._tables.pop(table.id, None)  # half-changed in memory: rebuild it
            raise
        table.deadline = self._deadline(table)
        now = self.settings.clock()
        try:
            kept = await asyncio.to_thread(
                self.store.append,
                table.id,
                start,
                table.steps[start:],
                now=now,
                finished=table.finished,
                deadline=table.deadline,
                open_seats=table.open_seats,
            )
        except BaseException:
            self._tables.pop(table.id, None)
            raise
        if not kept:
            self._tables.pop(table.id, None)
            return None
        table.last_active = now
        return first

    async def check(
        self, table_id: str, token: str | None, body: Any
    ) -> tuple[Table, ApiError | None]:
        """Whether the token's seat may take the action ``body`` now, without taking it:
        the table and ``None`` if it may, else the refusal :meth:`act` would answer."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            seat = table.seat_of(token)
            return table, await asyncio.to_thread(table.check, seat, body)

    async def join(self, table_id: str, player: str) -> tuple[Table, str]:
        """Take ``player``'s open seat at ``table_id``: the table and the seat's new
        token, committed before it returns. 409 when the seat is not open (taken
        already, here or by another process), 404 for no such table or player."""
        token = secrets.token_urlsafe(24)
        async with self.lock(table_id):
            table = await self.table(table_id)
            if player not in table.players:
                raise ApiError(404, "no-such-player", f"{quoted(player)} has no seat here.")
            seat = table.players.index(player)
            done = await self._change(table, table.join, seat, hash_token(token))
        if done is None:
            raise ApiError(
                409, "seat-taken", f"The seat {quoted(player)} was just taken: pick another."
            )
        self.changed(table_id)
        return table, token

    async def lobby(self, limit: int = 50) -> list[StoredTable]:
        """The newest live tables with a seat anyone may take (at most ``limit``)."""
        await self.sweep()
        return await asyncio.to_thread(self.store.open_tables, limit)

    async def run_clock(self, table_id: str) -> bool:
        """Play the seat's bot for it if its turn clock has run out; whether it did."""
        async with self.lock(table_id):
            try:
                table = await self.table(table_id)
            except ApiError:
                return False
            d = table.decision
            deadline = table.deadline
            if d is None or deadline is None or self.settings.clock() < deadline:
                return False
            seat = d.seat
            bot = make_bot(table.plugin, DEFAULT_BOT, derive_seed(table.seed, seat))
            done = await self._change(table, table.stand_in, seat, bot)
        if done is not None:
            self.changed(table_id)
        return done is not None

    async def hint(self, table_id: str, token: str | None) -> dict[str, Any]:
        """What the game's strongest bot would choose for the token's seat now (a
        record action without ``player``, or ``{"decline": true}``); 409 when it is not
        that seat's choice. Nothing is played."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            seat = table.seat_of(token)
            d = table.decision
            if d is None or d.seat != seat:
                raise ApiError(409, "not-your-turn", "It is not your choice now: no hint.")
            plugin, state = table.plugin, table.state.copy()
        bot = make_bot(plugin, DEFAULT_BOT, derive_seed(table.seed, 7919 + len(table.steps)))
        choice = await asyncio.to_thread(
            bot.choose, plugin.view(state, seat), d.actions, d.optional
        )
        if choice is None:
            return {"decline": True}
        return dict(plugin.action_to_record(state, choice))

    async def run_clocks(self) -> None:
        """Play every seat whose turn clock ran out (the stored deadlines)."""
        due = await asyncio.to_thread(self.store.due, self.settings.clock())
        for table_id in due:
            await self.run_clock(table_id)

    async def next_hand(self, table_id: str, token: str | None) -> Table:
        """The next hand of the match ``table_id`` belongs to (dealt once, whoever asks):
        the same seats, tokens and bots, the previous winner leading, running totals."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            table.seat_of(token)
            if not table.finished:
                raise ApiError(409, "not-finished", "The hand is not over yet.")
            result = table.plugin.result(table.state)
        match = dict(table.match or {})
        totals = dict(match.get("totals") or dict.fromkeys(table.players, 0))
        for seat, value in enumerate(result.payments):
            totals[table.players[seat]] = totals.get(table.players[seat], 0) + value
        hand = int(match.get("hand", 1)) + 1
        new_id = _next_id(table_id)
        existing = await asyncio.to_thread(self.store.load, new_id)
        if existing is not None:
            async with self.lock(new_id):
                return await self.table(new_id)
        await self._make_room()
        now = self.settings.clock()
        nxt = replay(
            table.plugin,
            table_id=new_id,
            variant=table.variant,
            rules=table.rules,
            players=table.players,
            bot_names=table.bot_names,
            tokens=table.tokens,
            seed=derive_seed(table.seed, 1000 + hand) & (2**63 - 1),  # a signed 64-bit column
            first=result.winner,
            steps=(),
            now=now,
            max_bot_steps=self.settings.max_bot_steps,
        )
        nxt.clock_seconds = table.clock_seconds
        nxt.match = {"hand": hand, "totals": totals, "previous": table_id}
        try:
            await self._start(nxt, now)
        except self.store_conflict():
            async with self.lock(new_id):
                return await self.table(new_id)
        return nxt

    def store_conflict(self) -> type[Exception]:
        """What the store raises for a table id it already has."""
        return getattr(self.store, "conflict", KeyError)
