"""Refereeing JSON Lines: one record a line in (as ``vncards simulate --records`` writes
them), one report a line out.

Each line is its own record: the size limit applies to it alone, and a line that cannot
be read is answered with an error object on its line, the others still being ruled on.
The exit code is 2 when some line was unreadable, else 1 when some record has an illegal
action, else 0.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any

from vncards.cli._common import console, get_plugin, plain
from vncards.core import RecordError, RefereeReport, VncardsError, load_record, referee

__all__ = ["is_json_lines", "referee_lines"]


def is_json_lines(text: str) -> bool:
    """Whether ``text`` holds several records, one JSON object a line (a record written
    over several lines, or a single line, is one record).

    >>> is_json_lines('{"game": "g"}\\n{"game": "g"}\\n')
    True
    >>> is_json_lines('{\\n  "game": "g"\\n}\\n')
    False
    >>> is_json_lines('{"game": "g"}\\n')
    False
    >>> is_json_lines('{"game": "g"}\\n}\\n')  # a record with junk after it
    False
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2 or not lines[1].lstrip().startswith("{"):
        return False
    try:
        first = json.loads(lines[0])
    except (ValueError, RecursionError):
        return False
    return isinstance(first, dict)


def _rule(line: str | bytes) -> RefereeReport:
    record = load_record(line)
    try:
        plugin = get_plugin(record.game, allow_reference=False)
    except VncardsError as e:
        raise RecordError(str(e)) from None
    return referee(plugin, record)


def referee_lines(text: str | Iterable[str | bytes], json_out: bool) -> int:
    """Rule on every record of ``text`` (one a line, or lines as they are read) and print
    one answer a line; the exit code as the module says."""
    worst = 0
    number = 0
    lines = text.splitlines() if isinstance(text, str) else text
    for raw in lines:
        if not raw.strip():
            continue
        number += 1
        answer: dict[str, Any]
        try:
            report = _rule(raw)
        except RecordError as e:
            worst = 2
            answer = {"error": {"code": "unreadable-record", "message": str(e)}}
            if json_out:
                _write(answer)
            else:
                console.print(f"record {number}: unreadable: {plain(e)}", markup=False)
            continue
        if not report.legal:
            worst = max(worst, 1)
        if json_out:
            _write(report.model_dump(mode="json", by_alias=True))
        else:
            console.print(plain(_summary(number, report)), markup=False)
    return worst


def _write(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


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
