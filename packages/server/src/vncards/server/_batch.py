"""``POST /v1/referee/batch``: NDJSON in, NDJSON out, one record at a time.

The body is never held whole: lines are cut from the chunks as they arrive, a few
hundred kilobytes of them are refereed at a time off the event loop, and the answers go
to a spooled file (memory up to a megabyte, then disk) that is sent once the body has
been read. The answer waits for the whole body because HTTP clients commonly send their
whole body before reading anything: an answer streamed while the body still arrives
would fill both socket buffers and stall both sides.

Memory is therefore bounded by the largest line (at most the record limit), not by the
body; a line over that limit is answered with an error and its bytes are dropped as
they come.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import AsyncIterable, Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from starlette.concurrency import run_in_threadpool
from vncards.core import RecordError
from vncards.server._errors import error_body

__all__ = ["BatchLimits", "new_spool", "referee_batch_stream", "spooled_lines"]

Rule = Callable[[bytes], Any]
"""The referee of one line: its report as JSON, or :class:`RecordError`."""

_GROUP_BYTES = 256 * 1024
"""Lines refereed in one trip off the event loop (fewer trips, bounded memory)."""
_SPOOL_BYTES = 1024 * 1024
"""Answers kept in memory before the spool moves to disk."""
_CHUNK = 64 * 1024


@dataclass(frozen=True)
class BatchLimits:
    """How large one line may be and how many records one batch may hold.

    >>> BatchLimits(max_line_bytes=10, max_records=2).max_records
    2
    """

    max_line_bytes: int
    max_records: int


@dataclass
class _Cutter:
    """Cuts lines out of chunks, dropping the bytes of a line over the limit."""

    limit: int
    pending: bytearray = field(default_factory=bytearray)
    too_long: bool = False

    def feed(self, chunk: bytes) -> Iterator[bytes | None]:
        """The lines completed by ``chunk`` (``None`` for a line over the limit)."""
        start = 0
        while start <= len(chunk):
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if not self.too_long:
                if len(self.pending) + len(piece) > self.limit:
                    self.too_long = True
                    self.pending.clear()
                else:
                    self.pending += piece
            if end < 0:
                return
            yield from self.finish()
            start = end + 1

    def finish(self) -> Iterator[bytes | None]:
        """The line being cut, as complete (at a newline or the end of the body)."""
        if self.too_long:
            yield None
        elif self.pending.strip():
            yield bytes(self.pending)
        self.pending.clear()
        self.too_long = False


def _answer_line(rule: Rule, line: bytes | None, limit: int) -> Any:
    if line is None:
        return error_body("unreadable-record", f"the record is larger than {limit} bytes")
    try:
        return rule(line)
    except RecordError as e:
        return error_body("unreadable-record", str(e))


def _rule_group(rule: Rule, lines: list[bytes | None], out: IO[bytes], limit: int) -> None:
    for line in lines:
        item = _answer_line(rule, line, limit)
        out.write(json.dumps(item, ensure_ascii=False).encode() + b"\n")


async def referee_batch_stream(
    rule: Rule,
    chunks: AsyncIterable[bytes],
    out: IO[bytes],
    limits: BatchLimits,
) -> int:
    """Referee every line of ``chunks`` with ``rule`` into ``out``, one answer a line
    in order (an error object for a line ``rule`` cannot read);
    returns how many lines were answered. Past ``limits.max_records`` one error line
    says so, and the rest of the body is read and dropped.

    >>> import asyncio, io
    >>> async def body():
    ...     yield b'{"game": "x"\\n\\n[1'
    ...     yield b"]\\n"
    >>> out = io.BytesIO()
    >>> def rule(line):
    ...     raise RecordError("unreadable")
    >>> asyncio.run(referee_batch_stream(rule, body(), out, BatchLimits(1000, 10)))
    2
    >>> [json.loads(x)["error"]["code"] for x in out.getvalue().splitlines()]
    ['unreadable-record', 'unreadable-record']
    """
    cutter = _Cutter(limits.max_line_bytes)
    group: list[bytes | None] = []
    size = answered = 0
    full = False

    async def flush() -> None:
        nonlocal group, size, answered
        if group:
            await run_in_threadpool(_rule_group, rule, group, out, limits.max_line_bytes)
            answered += len(group)
        group, size = [], 0

    def take(lines: Iterator[bytes | None]) -> None:
        nonlocal size, full
        for line in lines:
            if answered + len(group) >= limits.max_records:
                full = True
                return
            group.append(line)
            size += 0 if line is None else len(line)

    async for chunk in chunks:
        if full:
            continue
        take(cutter.feed(chunk))
        if size >= _GROUP_BYTES or len(group) >= 1000:
            await flush()
    if not full:
        take(cutter.finish())
    await flush()
    if full:
        message = f"the batch holds more than {limits.max_records} records; the rest are not read"
        out.write(json.dumps(error_body("too-many-records", message)).encode() + b"\n")
        answered += 1
    return answered


def spooled_lines(spool: IO[bytes]) -> Iterator[bytes]:
    """The spool's bytes from its start, in chunks; closes it at the end.

    >>> import io
    >>> list(spooled_lines(io.BytesIO(b"a\\nb\\n")))
    [b'a\\nb\\n']
    """
    try:
        spool.seek(0)
        while chunk := spool.read(_CHUNK):
            yield chunk
    finally:
        spool.close()


def new_spool() -> IO[bytes]:
    """A file for a batch's answers: in memory up to a megabyte, then on disk."""
    return tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES)
