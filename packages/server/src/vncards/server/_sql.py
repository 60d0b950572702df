"""Tables kept in a SQL database: SQLite (``sqlite:///PATH``) or PostgreSQL
(``postgresql://...``, with the ``postgres`` extra), through SQLAlchemy.

The schema is built and moved forward by Alembic's migrations when the store opens.
Each change is one transaction: a table's new steps and its version (its step count)
go in together or not at all, and a step is written at an index only if the table
still has exactly that many steps, so two writers never both add one. With
PostgreSQL, every commit that adds steps sends a notification (``NOTIFY``) that every
process serving the database listens to, so their event streams hear of it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError
from vncards.server._schema import STEPS, TABLES
from vncards.server._store import StoredTable

__all__ = ["CHANNEL", "DatabaseError", "SqlStore", "engine_url"]

CHANNEL = "vncards_tables"
"""The PostgreSQL channel a store notifies with a table's id when it changes."""

MIGRATIONS = Path(__file__).parent / "migrations"


class DatabaseError(ValueError):
    """A database URL this service cannot use (said in one line)."""


class _Waker(Protocol):
    def wake(self, table_id: str) -> None: ...


def engine_url(url: str) -> sa.URL:
    """The SQLAlchemy URL of a ``--db`` URL (PostgreSQL through psycopg 3);
    :class:`DatabaseError` for one this service cannot use.

    >>> engine_url("postgresql://u@localhost/db").drivername
    'postgresql+psycopg'
    >>> engine_url("sqlite:///tables.db").database
    'tables.db'
    >>> try:
    ...     engine_url("mysql://x")
    ... except DatabaseError as e:
    ...     print(e)
    the database URL must start with sqlite:/// or postgresql://, not 'mysql'
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseError(f"the database URL {url!r} cannot be read") from None
    backend = parsed.get_backend_name()
    if backend == "postgresql":
        return parsed.set(drivername="postgresql+psycopg")
    if backend == "sqlite" and parsed.drivername == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise DatabaseError("an SQLite database needs a file: sqlite:///PATH")
        return parsed
    raise DatabaseError(
        f"the database URL must start with sqlite:/// or postgresql://, not {parsed.drivername!r}"
    )


def _sqlite_pragmas(dbapi_connection: Any, _: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")  # a commit outlives a kill of the process
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _migrate(engine: Engine) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # two processes starting at once migrate one after the other
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(7306390)"))
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def _row(row: Any, steps: Sequence[Mapping[str, Any]]) -> StoredTable:
    return StoredTable(
        id=row.id,
        game=row.game,
        variant=row.variant,
        rules=row.rules,
        players=row.players,
        bots={int(k): v for k, v in row.bots.items()},
        tokens={int(k): v for k, v in row.tokens.items()},
        seed=row.seed,
        first=row.first,
        created=row.created,
        last_active=row.last_active,
        steps=list(steps),
        finished=row.finished,
        archived=row.archived,
        deadline=row.deadline,
        clock_seconds=row.clock_seconds,
        match=row.match,
        open_seats=tuple(row.open_seats or ()),
    )


class SqlStore:
    """A :class:`~vncards.server.TableStore` in a SQL database (see the module).

    >>> import tempfile, pathlib
    >>> folder = tempfile.mkdtemp()
    >>> store = SqlStore(f"sqlite:///{folder}/tables.db")
    >>> store.live_count()
    0
    >>> store.close()
    """

    conflict = IntegrityError

    def __init__(self, url: str) -> None:
        target = engine_url(url)
        if target.get_backend_name() == "sqlite":
            assert target.database is not None
            Path(target.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        try:
            self.engine = sa.create_engine(target, pool_pre_ping=True)
        except (NoSuchModuleError, ModuleNotFoundError):
            raise DatabaseError(
                "PostgreSQL needs the postgres extra: pip install 'vncards-server[postgres]'"
            ) from None
        self.postgres = self.engine.dialect.name == "postgresql"
        if not self.postgres:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.url = target
        try:
            _migrate(self.engine)
        except sa.exc.OperationalError as e:
            self.engine.dispose()
            reason = " ".join(str(e.orig).split()) if e.orig is not None else "no answer"
            shown = target.render_as_string(hide_password=True)
            raise DatabaseError(f"cannot open the database {shown}: {reason}") from None

    def create(self, table: StoredTable) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                TABLES.insert().values(
                    id=table.id,
                    game=table.game,
                    variant=table.variant,
                    rules=dict(table.rules),
                    players=list(table.players),
                    bots={str(k): v for k, v in table.bots.items()},
                    tokens={str(k): v for k, v in table.tokens.items()},
                    seed=table.seed,
                    first=table.first,
                    created=table.created,
                    last_active=table.last_active,
                    steps=len(table.steps),
                    finished=table.finished,
                    archived=False,
                    deadline=table.deadline,
                    clock_seconds=table.clock_seconds,
                    match=None if table.match is None else dict(table.match),
                    open_seats=list(table.open_seats) or sa.null(),  # SQL NULL, not JSON null
                )
            )
            self._insert_steps(conn, table.id, 0, table.steps)

    def _insert_steps(
        self, conn: Connection, table_id: str, start: int, steps: Sequence[Mapping[str, Any]]
    ) -> None:
        if steps:
            rows = [
                {"table_id": table_id, "idx": start + i, "step": dict(s)}
                for i, s in enumerate(steps)
            ]
            conn.execute(STEPS.insert(), rows)
        if self.postgres:
            conn.execute(sa.select(sa.func.pg_notify(CHANNEL, table_id)))

    def _steps(self, conn: Connection, table_id: str, start: int) -> list[dict[str, Any]]:
        query = (
            sa.select(STEPS.c.step)
            .where(STEPS.c.table_id == table_id, STEPS.c.idx >= start)
            .order_by(STEPS.c.idx)
        )
        return [dict(r.step) for r in conn.execute(query)]

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(TABLES).where(TABLES.c.id == table_id, TABLES.c.archived.is_(False))
            ).first()
            if row is None:
                return None
            return _row(row, self._steps(conn, table_id, 0))

    def steps_since(self, table_id: str, start: int) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return self._steps(conn, table_id, start)

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
        try:
            with self.engine.begin() as conn:
                # the version check: the row is locked and moved on only from ``start``
                moved = conn.execute(
                    TABLES.update()
                    .where(
                        TABLES.c.id == table_id,
                        TABLES.c.steps == start,
                        TABLES.c.archived.is_(False),
                    )
                    .values(
                        steps=start + len(steps),
                        last_active=now,
                        finished=finished,
                        deadline=deadline,
                        open_seats=list(open_seats) or sa.null(),
                    )
                )
                if moved.rowcount != 1:
                    conn.rollback()
                    return False
                self._insert_steps(conn, table_id, start, steps)
        except IntegrityError:
            return False
        return True

    def open_tables(self, limit: int) -> list[StoredTable]:
        with self.engine.connect() as conn:
            query = (
                sa.select(TABLES)
                .where(
                    TABLES.c.finished.is_(False),
                    TABLES.c.archived.is_(False),
                    TABLES.c.open_seats.is_not(None),
                )
                .order_by(TABLES.c.created.desc())
                .limit(limit)
            )
            return [_row(r, ()) for r in conn.execute(query)]

    def touch(self, table_id: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(TABLES.update().where(TABLES.c.id == table_id).values(last_active=now))

    def live_count(self) -> int:
        with self.engine.connect() as conn:
            query = sa.select(sa.func.count()).where(TABLES.c.archived.is_(False))
            return int(conn.execute(query.select_from(TABLES)).scalar_one())

    def archive_idle(self, before: float) -> list[str]:
        with self.engine.begin() as conn:
            idle = TABLES.c.archived.is_(False) & (TABLES.c.last_active <= before)
            ids = [r.id for r in conn.execute(sa.select(TABLES.c.id).where(idle))]
            if ids:
                conn.execute(
                    TABLES.update()
                    .where(TABLES.c.id.in_(ids), TABLES.c.archived.is_(False))
                    .values(archived=True)
                )
            return ids

    def archive_oldest_finished(self) -> str | None:
        with self.engine.begin() as conn:
            query = (
                sa.select(TABLES.c.id)
                .where(TABLES.c.archived.is_(False), TABLES.c.finished.is_(True))
                .order_by(TABLES.c.last_active)
                .limit(1)
            )
            found = conn.execute(query).scalar_one_or_none()
            if found is not None:
                conn.execute(TABLES.update().where(TABLES.c.id == found).values(archived=True))
            return found

    def due(self, now: float) -> list[str]:
        with self.engine.connect() as conn:
            query = sa.select(TABLES.c.id).where(
                TABLES.c.archived.is_(False), TABLES.c.deadline <= now
            )
            return [r.id for r in conn.execute(query)]

    async def listen(self, runner: _Waker) -> Callable[[], Awaitable[None]] | None:
        """With PostgreSQL, wake ``runner``'s event streams of every table any process
        changes (``LISTEN``); what stops listening. ``None`` with SQLite (one process
        writes it, and it wakes its own streams)."""
        if not self.postgres:
            return None
        import psycopg

        dsn = self.url.set(drivername="postgresql").render_as_string(hide_password=False)
        conn = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")

        async def relay() -> None:
            async for note in conn.notifies():
                runner.wake(note.payload)

        task = asyncio.create_task(relay())

        async def stop() -> None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            await conn.close()

        return stop

    def close(self) -> None:
        self.engine.dispose()
