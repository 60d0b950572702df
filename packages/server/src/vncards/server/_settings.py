"""The service's limits, as one value the app is made from."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from vncards.core import MAX_RECORD_BYTES
from vncards.server._connections import Deadlines
from vncards.server._guard import LOOPBACK_HOSTS

__all__ = ["ServerSettings"]


@dataclass(frozen=True)
class ServerSettings:
    """How much the service accepts and how long it keeps a table.

    ``max_body_bytes`` bounds every request body but a batch's, which
    ``max_batch_bytes`` bounds; a larger body is refused with 413. A batch answers at
    most ``max_batch_records`` records (then one ``too-many-records`` line). ``max_tables`` caps
    the tables still being played (finished ones are dropped first to make room);
    a table nobody has touched for ``idle_seconds`` is ended and forgotten;
    ``max_bot_steps`` bounds the bots' choices between two human ones; ``deadlines``
    bound how long a connection may take to send a request or to read its answer
    (:class:`Deadlines`). ``clock``
    tells the time in seconds since the epoch (stored deadlines and idle times outlive
    a restart; tests pass a clock they move by hand). ``db`` is where tables are kept
    (``sqlite:///PATH`` or ``postgresql://...``; ``None`` keeps them in memory);
    ``cors_origins`` the web origins allowed to call the API from a browser (none by
    default); ``allowed_hosts`` the names the service answers to in ``Host`` (loopback
    names by default, ``"*"`` for any); ``tables_per_minute`` how many tables one
    client address may open a minute.

    >>> s = ServerSettings(max_tables=10)
    >>> s.max_tables, s.idle_seconds
    (10, 1800.0)
    >>> ServerSettings(max_tables=0)
    Traceback (most recent call last):
    ...
    ValueError: max_tables must be at least 1, not 0
    """

    max_body_bytes: int = MAX_RECORD_BYTES
    max_batch_bytes: int = 64 * 1024 * 1024
    max_batch_records: int = 100_000
    max_tables: int = 1000
    idle_seconds: float = 30 * 60.0
    max_bot_steps: int = 100_000
    deadlines: Deadlines = field(default_factory=Deadlines)
    clock: Callable[[], float] = field(default=time.time, repr=False)
    db: str | None = None
    cors_origins: tuple[str, ...] = ()
    allowed_hosts: tuple[str, ...] = LOOPBACK_HOSTS
    tables_per_minute: int = 30

    def __post_init__(self) -> None:
        for name in (
            "max_body_bytes",
            "max_batch_bytes",
            "max_batch_records",
            "max_tables",
            "max_bot_steps",
            "tables_per_minute",
        ):
            value = getattr(self, name)
            if value < 1:
                raise ValueError(f"{name} must be at least 1, not {value}")
        if not self.idle_seconds > 0:
            raise ValueError(f"idle_seconds must be more than 0, not {self.idle_seconds}")
