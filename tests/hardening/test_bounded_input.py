"""Bounded input, refused early (reliability item 2).

The record size limit is enforced while reading: a 400 MB file is refused after the
first 4 MB, a standard input that never ends is refused without a ``MemoryError``, and
the peak memory of the process stays under 100 MB (measured in a child process, as
the peak resident set the kernel reports for it). Numbers of thousands of digits and
tokens of a million characters get a short one-line error quoting at most a few dozen
characters, from the command line and from the Python ``RecordError`` alike.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

import pytest
from typer.testing import CliRunner
from vncards.core import MAX_RECORD_BYTES, RecordError, load_record
from vncards.core._errors import MESSAGE_LIMIT, QUOTE_LIMIT

from tests.hardening._support import MEASURE_PEAK, installed_games, rule

cli = pytest.importorskip("vncards.cli.app")

PEAK_LIMIT_KB = 100 * 1024
"""100 MB, in the kilobytes of ``/proc/self/status``."""


pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/status")


def _peak(stderr: str) -> int:
    m = re.search(r"peak-kb (\d+)", stderr)
    assert m is not None, stderr
    return int(m.group(1))


def _error_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if not line.startswith("peak-kb")]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("vncards: error: ")
    return lines[0]


def test_a_400_mb_file_is_refused_after_the_limit(tmp_path: Path) -> None:
    """A 400 MB record file (sparse: no disk is used) is refused with one line, having
    read only the first ``MAX_RECORD_BYTES + 1`` bytes: peak memory under 100 MB."""
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.write(b'{"game": "tienlen", "players": ["')
        f.truncate(400 * 1024 * 1024)
    done = subprocess.run(
        [sys.executable, "-c", MEASURE_PEAK, "referee", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "larger than" in _error_line(done.stderr)
    assert _peak(done.stderr) < PEAK_LIMIT_KB


def _feed(pipe: IO[bytes], total: int) -> None:
    block = b"[" * (1 << 20)
    sent = 0
    try:
        while sent < total:
            pipe.write(block)
            sent += len(block)
        pipe.close()
    except (BrokenPipeError, OSError, ValueError):
        pass  # the reader stopped reading: what is wanted


@pytest.mark.parametrize("head", [b"", b'{"game": "tienlen"}\n'])
def test_a_standard_input_that_never_ends_is_refused(head: bytes) -> None:
    """Up to 400 MB piped into ``referee -`` (one record, or JSON Lines whose second
    line never ends): answered in bounded memory, never a MemoryError."""
    proc = subprocess.Popen(
        [sys.executable, "-c", MEASURE_PEAK, "referee", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None
    proc.stdin.write(head)
    writer = threading.Thread(target=_feed, args=(proc.stdin, 400 * 1024 * 1024), daemon=True)
    writer.start()
    assert proc.stdout is not None
    assert proc.stderr is not None
    with proc:
        out = proc.stdout.read()  # the answers are a few lines: no pipe fills up meanwhile
        err = proc.stderr.read()
        writer.join()
    text = err.decode()
    assert proc.returncode == 2, text
    assert "MemoryError" not in text
    assert "Traceback" not in text
    assert _peak(text) < PEAK_LIMIT_KB
    if head:
        # JSON Lines: the first line answered, the endless one refused on its line
        answers = out.decode().splitlines()
        assert len(answers) == 2, answers
        assert "larger than" in answers[1]
    else:
        assert "larger than" in _error_line(text)


def test_json_lines_larger_than_one_record_are_still_ruled(tmp_path: Path) -> None:
    """A JSON Lines file larger than one record may be is read a line at a time: a line
    over the limit is answered as unreadable on its line, the others are ruled on."""
    if "tienlen" not in installed_games():
        pytest.skip("Tiến lên is not installed")
    small = json.dumps({"game": "tienlen", "players": ["A", "B"], "hands": {"A": [], "B": []}})
    big = json.dumps({"game": "tienlen", "junk": "x" * (MAX_RECORD_BYTES + 10)})
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join([small, big, small, small]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli.app, ["referee", str(path), "--json"])
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 4
    assert "larger than" in answers[1]["error"]["message"]
    assert result.exit_code == 2


def _load(source: str) -> RecordError | None:
    try:
        load_record(source)
    except RecordError as e:
        return e
    return None


def _short(message: str, attack: str) -> None:
    """One line, at most ``MESSAGE_LIMIT`` (+1) characters, quoting no more than
    ``QUOTE_LIMIT`` characters of ``attack``'s repeated character in a row."""
    assert "\n" not in message
    assert len(message) <= MESSAGE_LIMIT + 1, len(message)
    assert attack[0] * (QUOTE_LIMIT + 1) not in message, message


_BASE: dict[str, Any] = {"game": "tienlen", "players": ["A", "B"], "hands": {"A": [], "B": []}}
_MILLION = 10**6


@pytest.mark.parametrize(
    "source",
    [
        '{"game": "tienlen", "bet": ' + "9" * 5000 + "}",
        '{"game": "tienlen", "players": [' + "1" * 5000 + "]}",
        json.dumps({**_BASE, "hands": {"A": ["Q" * _MILLION], "B": []}}),
        json.dumps({**_BASE, "first": "Z" * _MILLION}),
        json.dumps({**_BASE, "hands": {"A": [], "B": [], "W" * _MILLION: []}}),
        json.dumps({**_BASE, "actions": [{"player": "A", "K" * _MILLION: True}]}),
        json.dumps({**_BASE, "rules": {"R" * _MILLION: 1}}),
        json.dumps({**_BASE, "bet": 1, "V" * _MILLION: 1}),
        json.dumps({**_BASE, "game": "G" * _MILLION}),
        '{"game": "tienlen", "' + "D" * _MILLION + '": 1, "' + "D" * _MILLION + '": 2}',
    ],
    ids=[
        "number-in-bet",
        "number-in-players",
        "card",
        "first",
        "hand-owner",
        "action-key",
        "rule-key",
        "unknown-field",
        "game-name",
        "duplicate-key",
    ],
)
def test_huge_numbers_and_tokens_get_a_short_error(source: str) -> None:
    """The Python error (``load_record`` and the referee) and the command's one line
    both quote at most a few dozen characters of the attack."""
    attack = next(c for c in "9QZWKRVGD1" if c * 1000 in source)
    tienlen = installed_games().get("tienlen")
    verdict = rule(tienlen, source) if tienlen is not None else _load(source)
    assert isinstance(verdict, RecordError)
    _short(str(verdict), attack)
    result = CliRunner().invoke(cli.app, ["referee", "-"], input=source)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    _short(lines[0].removeprefix("vncards: error: "), attack)


@pytest.mark.parametrize("command", ["classify", "beats", "moves"])
def test_a_million_character_card_on_the_command_line(command: str) -> None:
    """A query given a card token of a million characters answers one short line."""
    token = "7" * _MILLION
    args = {
        "classify": ["classify", "tienlen", token],
        "beats": ["beats", "tienlen", "--over", "3S", "--play", token],
        "moves": ["moves", "tienlen", "--hand", token],
    }[command]
    result = CliRunner().invoke(cli.app, args, env={"VNCARDS_PLUGINS": "tienlen"})
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    _short(lines[0], token)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="the digit limit is Python's")
def test_record_error_of_a_huge_number_is_short() -> None:
    """An integer of 5,000 digits: a short sentence, not Python's advice on limits."""
    with pytest.raises(RecordError) as caught:
        load_record('{"game": "x", "bet": ' + "1" * 5000 + "}")
    assert "set_int_max_str_digits" not in str(caught.value)
    _short(str(caught.value), "1" * 5000)
