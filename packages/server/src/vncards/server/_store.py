"""Where tables are kept: the :class:`TableStore` interface and its in-memory form.

A stored table is what rebuilds it exactly: its deal (seed and the seat that leads),
rules, players, bots, the digests of its seats' tokens and its steps (every choice
made at it, and every seat taken from the lobby, in order). A store never holds a
live game state nor a secret token.
The SQL form (SQLite, PostgreSQL) is :class:`~vncards.server._sql.SqlStore`.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

__all__ = ["MemoryStore", "StoredTable", "TableStore"]


@dataclass(frozen=True)
class StoredTable:
    """One table as a store keeps it (see the module's docstring).

    ``steps`` are JSON objects: ``{"seat": 0, "action": {...}}`` (a record action
    without ``player``), ``{"seat": 0, "decline": true}`` or ``{"seat": 0, "join":
    DIGEST}`` (someone took that open seat; the digest of its new token).
    ``open_seats`` are the seats nobody has taken yet, which the lobby lists.
    ``deadline`` is when the seat to act gets its bot played for it (the turn clock),
    ``None`` without a clock.
    ``match`` holds a match's hand number and running totals, ``None`` for a lone game.
    """

    id: str
    game: str
    variant: str | None
    rules: Mapping[str, Any]
    players: Sequence[str]
    bots: Mapping[int, str]
    tokens: Mapping[int, str]
    seed: int
    first: int | None
    created: float
    last_active: float
    steps: Sequence[Mapping[str, Any]] = ()
    finished: bool = False
    archived: bool = False
    deadline: float | None = None
    clock_seconds: float | None = None
    match: Mapping[str, Any] | None = None
    open_seats: Sequence[int] = ()


class TableStore(Protocol):
    """What the table runner asks of a store. Every method is blocking and atomic:
    :meth:`append` either keeps all its steps or none."""

    def create(self, table: StoredTable) -> None:
        """Keep a new table; the store's ``conflict`` error if it has that id already."""
        ...

    def load(self, table_id: str) -> StoredTable | None:
        """The live table ``table_id`` with all its steps; ``None`` if there is none or
        it is archived."""
        ...

    def steps_since(self, table_id: str, start: int) -> list[dict[str, Any]]:
        """The steps of ``table_id`` from index ``start`` on."""
        ...

    def append(
        self,
        table_id: str,
        start: int,
        steps: Sequence[Mapping[str, Any]],
        *,
        now: float,
        finished: bool,
        deadline: float | None,
        open_seats: Sequence[int] = (),
    ) -> bool:
        """Add ``steps`` at index ``start``, mark the table used at ``now`` and keep its
        seats still open; ``False`` (and nothing kept) when the table already has a
        step at ``start`` (someone else acted first) or is archived."""
        ...

    def open_tables(self, limit: int) -> list[StoredTable]:
        """The live, unfinished tables with an open seat, newest first (at most
        ``limit``; without their steps)."""
        ...

    def touch(self, table_id: str, now: float) -> None:
        """Mark the table used at ``now``."""
        ...

    def live_count(self) -> int:
        """How many tables are live (not archived)."""
        ...

    def archive_idle(self, before: float) -> list[str]:
        """Archive every live table last used at ``before`` or earlier; their ids."""
        ...

    def archive_oldest_finished(self) -> str | None:
        """Archive the least recently used finished live table; its id, or ``None``."""
        ...

    def due(self, now: float) -> list[str]:
        """Live tables whose turn clock ran out by ``now``."""
        ...

    def close(self) -> None:
        """Let go of every connection."""
        ...


@dataclass
class _Row:
    table: StoredTable
    steps: list[dict[str, Any]] = field(default_factory=list)


class MemoryStore:
    """A :class:`TableStore` in this process's memory: tables live as long as it.

    >>> store = MemoryStore()
    >>> t = StoredTable("t1", "toy", None, {}, ["A", "B"], {1: "random"}, {0: "x"}, 7,
    ...                 None, 0.0, 0.0)
    >>> store.create(t)
    >>> store.append("t1", 0, [{"seat": 0, "decline": True}], now=1.0, finished=False,
    ...              deadline=None)
    True
    >>> store.append("t1", 0, [{"seat": 0, "decline": True}], now=1.0, finished=False,
    ...              deadline=None)
    False
    >>> len(store.load("t1").steps), store.live_count()
    (1, 1)
    """

    def __init__(self) -> None:
        self._rows: dict[str, _Row] = {}
        self._lock = threading.Lock()

    conflict = KeyError

    def create(self, table: StoredTable) -> None:
        with self._lock:
            if table.id in self._rows:
                raise KeyError(table.id)
            self._rows[table.id] = _Row(replace(table, steps=()), [dict(s) for s in table.steps])

    def _live(self, table_id: str) -> _Row | None:
        row = self._rows.get(table_id)
        return None if row is None or row.table.archived else row

    def load(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._live(table_id)
            return None if row is None else replace(row.table, steps=list(row.steps))

    def steps_since(self, table_id: str, start: int) -> list[dict[str, Any]]:
        with self._lock:
            row = self._rows.get(table_id)
            return [] if row is None else list(row.steps[start:])

    def append(
        self,
        table_id: str,
        start: int,
        steps: Sequence[Mapping[str, Any]],
        *,
        now: float,
        finished: bool,
        deadline: float | None,
        open_seats: Sequence[int] = (),
    ) -> bool:
        with self._lock:
            row = self._live(table_id)
            if row is None or len(row.steps) != start:
                return False
            row.steps.extend(dict(s) for s in steps)
            row.table = replace(
                row.table,
                last_active=now,
                finished=finished,
                deadline=deadline,
                open_seats=tuple(open_seats),
            )
            return True

    def open_tables(self, limit: int) -> list[StoredTable]:
        with self._lock:
            found = [
                r.table
                for r in self._rows.values()
                if r.table.open_seats and not (r.table.archived or r.table.finished)
            ]
        return sorted(found, key=lambda t: -t.created)[:limit]

    def touch(self, table_id: str, now: float) -> None:
        with self._lock:
            row = self._live(table_id)
            if row is not None:
                row.table = replace(row.table, last_active=now)

    def live_count(self) -> int:
        with self._lock:
            return sum(1 for r in self._rows.values() if not r.table.archived)

    def _archive(self, row: _Row) -> str:
        row.table = replace(row.table, archived=True)
        return row.table.id

    def archive_idle(self, before: float) -> list[str]:
        with self._lock:
            idle = [
                r
                for r in self._rows.values()
                if not r.table.archived and r.table.last_active <= before
            ]
            return [self._archive(r) for r in idle]

    def archive_oldest_finished(self) -> str | None:
        with self._lock:
            done = [r for r in self._rows.values() if r.table.finished and not r.table.archived]
            if not done:
                return None
            return self._archive(min(done, key=lambda r: r.table.last_active))

    def due(self, now: float) -> list[str]:
        with self._lock:
            return [
                r.table.id
                for r in self._rows.values()
                if not r.table.archived and r.table.deadline is not None and r.table.deadline <= now
            ]

    def close(self) -> None:
        return None
