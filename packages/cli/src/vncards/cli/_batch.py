"""Refereeing JSON Lines: one record a line in (as ``vncards simulate --records`` writes
them), one report a line out.

Each line is its own record: the size limit applies to it alone, and a line that cannot
be read (not JSON, not an object, not UTF-8, not a record) is answered with an error
object naming its line, the others still being ruled on. Lines are split as they are
read, in time linear in the input, and the installed games are looked up once for the
whole file. The exit code is 2 when some line was unreadable, else 1 when some record
has an illegal action, else 0.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO

from vncards.cli._common import console, find_game, installed_games, json_stream, plain
from vncards.cli._frame import say
from vncards.core import (
    MAX_RECORD_BYTES,
    GamePlugin,
    GameResult,
    RecordError,
    RefereeReport,
    SpeaksAtTable,
    VncardsError,
    load_record,
    referee,
)

__all__ = ["GameLookup", "is_json_lines", "referee_lines", "split_lines"]

_PROBED_LINES = 100
"""How many lines are tried, at most, for one that is a record on its own."""
_BLOCK = 1 << 16


def _is_record_line(line: bytes) -> bool:
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict) and "game" in value


def _is_one_document(data: bytes) -> bool:
    try:
        json.loads(data)
    except (ValueError, RecursionError):
        return False
    return True


def is_json_lines(data: str | bytes, *, whole: bool = True) -> bool:
    """Whether ``data`` holds several records, one a line: two lines or more, of the
    first lines two that are each a record (a JSON object with ``game``) on its own, or
    one after a line that is not, and not one JSON document. A record written over
    several lines is one record, and so is a record with junk after it. When ``data``
    is not ``whole`` (the complete lines at the head of an input longer than a record
    may be), one record line among them is enough.

    >>> is_json_lines('{"game": "g"}\\n{"game": "g"}\\n')
    True
    >>> is_json_lines('{\\n  "game": "g"\\n}\\n')
    False
    >>> is_json_lines('{"game": "g"}\\n')
    False
    >>> is_json_lines('not json\\n[1, 2]\\n{"game": "g"}\\n')  # bad lines, then a record
    True
    >>> is_json_lines('{\\n  "actions": [\\n    {"player": "A", "pass": true}\\n  ]\\n')
    False
    >>> is_json_lines('{"game": "g"}\\n}\\n')  # a record with junk after it
    False
    """
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    lines = [line for line in raw.split(b"\n", _PROBED_LINES)[:_PROBED_LINES] if line.strip()]
    records = [k for k, line in enumerate(lines) if _is_record_line(line)]
    if not whole:  # more follows than one record may hold: a line of its own
        return bool(records)
    if len(lines) < 2 or not records or (len(records) == 1 and records[0] == 0):
        return False
    return not _is_one_document(raw)


def split_lines(head: bytes, stream: BinaryIO | None = None) -> Iterator[bytes]:
    """The lines of ``head`` and then of ``stream``, read a block at a time, in time
    linear in their length; a line longer than a record may be is cut to one byte over
    the limit (the loader refuses it) and the rest of it skipped unread into memory.

    >>> import io
    >>> list(split_lines(b"a\\nb", io.BytesIO(b"c\\n\\nd")))
    [b'a', b'bc', b'', b'd']
    """
    buffer = bytearray(head)
    start = 0  # buffer[:start] is handed out already
    skipping = False
    while True:
        cut = buffer.find(b"\n", start)
        if cut >= 0:
            if not skipping:
                yield bytes(buffer[start : min(cut, start + MAX_RECORD_BYTES + 1)])
            skipping = False
            start = cut + 1
            continue
        del buffer[:start]  # only the unfinished line is kept
        start = 0
        if len(buffer) > MAX_RECORD_BYTES:
            if not skipping:
                yield bytes(buffer[: MAX_RECORD_BYTES + 1])
            skipping = True
            buffer.clear()
        block = stream.read(_BLOCK) if stream is not None else b""
        if not block:
            if buffer and not skipping:
                yield bytes(buffer)
            return
        buffer += block


class GameLookup:
    """The installed games, found once (on first use) for every record of a run; a
    record's unknown game is a :class:`RecordError`, like any unreadable field.

    >>> lookup = GameLookup()
    >>> lookup("no-such-game")
    Traceback (most recent call last):
    ...
    vncards.core._errors.RecordError: unknown game 'no-such-game' (installed: ...)
    """

    def __init__(self) -> None:
        self._games: dict[str, GamePlugin[Any, Any, Any]] | None = None

    def __call__(self, name: str) -> GamePlugin[Any, Any, Any]:
        if self._games is None:
            self._games = installed_games()
        try:
            return find_game(self._games, name)
        except VncardsError as e:
            raise RecordError(str(e)) from None


def _rule(line: bytes, lookup: GameLookup) -> RefereeReport:
    record = load_record(line)
    return referee(lookup(record.game), record)


def referee_lines(lines: Iterable[bytes], json_out: bool, vietnamese: bool = False) -> int:
    """Rule on every record of ``lines`` (one a line, as they are read) and print one
    answer a line (in Vietnamese with ``vietnamese``, the outcome in the game's words);
    the exit code as the module says."""
    worst = 0
    number = 0
    lookup = GameLookup()
    for line_number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        number += 1
        try:
            report = _rule(raw, lookup)
        except RecordError as e:
            worst = 2
            if json_out:
                error = {"code": "unreadable-record", "message": str(e), "line": line_number}
                _write({"error": error})
            else:
                where = say("batch-where", vietnamese).format(n=number, line=line_number)
                console.print(
                    f"{where}: {say('batch-unreadable', vietnamese)}: {plain(e)}", markup=False
                )
            continue
        if not report.legal:
            worst = max(worst, 1)
        if json_out:
            _write(report.model_dump(mode="json", by_alias=True))
        elif vietnamese:
            console.print(plain(_summary_vi(number, report, lookup(report.game))), markup=False)
        else:
            console.print(plain(_summary(number, report)), markup=False)
    return worst


def _write(data: dict[str, Any]) -> None:
    json_stream().write(json.dumps(data, ensure_ascii=False) + "\n")


def _summary(number: int, report: RefereeReport) -> str:
    """One line for people: legality, outcome, winner, net payments."""
    if report.error is not None:
        e = report.error
        head = f"illegal at action {e.index} by {e.player} ({e.code})"
    else:
        head = "legal"
    how = report.outcome or "unfinished"
    if report.instant_win:
        how += f" ({report.instant_win})"
    who = f", winner {report.winner}" if report.winner else ""
    pay = ", ".join(f"{name} {value:+d}" for name, value in report.payments.items())
    return f"record {number}: {head}; {how}{who}; {pay}"


def _summary_vi(number: int, report: RefereeReport, plugin: object) -> str:
    """:func:`_summary` in Vietnamese, how the game ended in the game's words."""
    if report.error is not None:
        e = report.error
        head = f"sai luật ở nước {e.index} của {e.player} ({e.code})"
    else:
        head = "hợp lệ"
    how = say("ref-unfinished-short", True)
    if report.finished and isinstance(plugin, SpeaksAtTable):
        players = list(report.payments)
        winner = players.index(report.winner) if report.winner in players else None
        result = GameResult(True, report.outcome, winner, report.instant_win, ())
        how = plugin.table_talk(True).outcome(result, players, None).rstrip(".")
    elif report.finished:
        how = report.outcome or ""
    pay = ", ".join(f"{name} {value:+d}" for name, value in report.payments.items())
    return f"biên bản {number}: {head}; {how}; {pay}"
