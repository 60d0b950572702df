"""JSON Lines at the referee: one bad line is that line's answer, not the file's.

A file of records one a line (as ``vncards simulate --records`` writes them) whose first
line is broken, which holds a line that is JSON but not an object, or a line that is not
UTF-8, used to be read as one unreadable record; each such line is now answered on its
line, naming it, and every other line is ruled on. The games are looked up once for the
whole file (they were looked up, entry points scanned, once a record), and lines are
split in time linear in the input (the speed is measured in
``benchmarks/test_referee_lines.py``; here the split itself is checked).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner
from vncards.core import MAX_RECORD_BYTES
from vncards.core.simulate import play_games

cli = pytest.importorskip("vncards.cli.app")
batch = pytest.importorskip("vncards.cli._batch")


@pytest.fixture(scope="module")
def records() -> list[str]:
    """Three legal Tiến lên records, one JSON line each."""
    pytest.importorskip("vncards.tienlen")
    games = play_games("tienlen", games=3, players=4, seed=5, keep_records=True)
    return [json.dumps(g.record, ensure_ascii=False) for g in games]


def _referee(path: Path) -> tuple[int, list[dict[str, Any]]]:
    result = CliRunner().invoke(cli.app, ["referee", str(path), "--json"])
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


BAD_LINES = {
    "not-json": b"this is not a record",
    "not-an-object": b'[{"game": "tienlen"}]',
    "a-number": b"42",
    "not-utf8": b'{"game": "tienlen", "players": ["\xff\xfe"]}',
    "truncated": b'{"game": "tienlen", "players": ["A", "B"',
}


@pytest.mark.parametrize("where", [0, 1, 3])
@pytest.mark.parametrize("bad", sorted(BAD_LINES))
def test_one_bad_line_is_answered_on_its_line(
    records: list[str], tmp_path: Path, bad: str, where: int
) -> None:
    """A bad line first, in the middle or last: that line is unreadable (its number in
    the answer), the three records are ruled legal, exit code 2."""
    lines = [r.encode("utf-8") for r in records]
    lines.insert(where, BAD_LINES[bad])
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    code, answers = _referee(path)
    assert code == 2
    assert len(answers) == 4
    error = answers[where]["error"]
    assert error["code"] == "unreadable-record"
    assert error["line"] == where + 1
    assert [a["legal"] for k, a in enumerate(answers) if k != where] == [True, True, True]


def test_bad_first_line_in_people_text(records: list[str], tmp_path: Path) -> None:
    """Without ``--json`` the bad line is named by its record and line numbers."""
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n".join([b"\xff\xfe", b"", *(r.encode() for r in records)]) + b"\n")
    result = CliRunner().invoke(cli.app, ["referee", str(path)])
    assert result.exit_code == 2
    out = result.stdout.splitlines()
    assert out[0].startswith("record 1 (line 1): unreadable:")
    assert [line.split(":")[1].split(";")[0] for line in out[1:]] == [" legal"] * 3


def test_a_record_over_several_lines_is_still_one_record(
    records: list[str], tmp_path: Path
) -> None:
    """A pretty-printed record is one record (its lines are not records on their own)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(json.loads(records[0]), indent=2), encoding="utf-8")
    result = CliRunner().invoke(cli.app, ["referee", str(path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["legal"] is True


def test_a_bad_first_line_in_a_file_larger_than_a_record(
    records: list[str], tmp_path: Path
) -> None:
    """Over the size limit (read as it comes): a bad first line, then records padded
    past the limit in all; each record is still ruled on."""
    padded = records[0] + " " * (MAX_RECORD_BYTES // 3)
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"\n".join([b"[1, 2]", *[padded.encode()] * 4]) + b"\n")
    code, answers = _referee(path)
    assert code == 2
    assert answers[0]["error"]["line"] == 1
    assert [a["legal"] for a in answers[1:]] == [True] * 4


def test_games_are_looked_up_once_per_file(
    records: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed games are found once for the whole file, not once a record (issue: the
    entry-point scan was most of the referee's time on a file of records)."""
    from vncards.core import discover_games

    calls = []
    real = discover_games

    def counting() -> dict[str, Any]:
        calls.append(1)
        return real()

    monkeypatch.setattr("vncards.cli._common.discover_games", counting)
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(records * 4) + "\n", encoding="utf-8")
    code, answers = _referee(path)
    assert code == 0
    assert len(answers) == 12
    assert len(calls) == 1


def test_an_unknown_game_is_unreadable_on_its_line(records: list[str], tmp_path: Path) -> None:
    """A record of a game not installed is an unreadable line, named, as before."""
    other = json.loads(records[0])
    other["game"] = "no-such-game"
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join([records[0], json.dumps(other), records[1]]) + "\n")
    code, answers = _referee(path)
    assert code == 2
    assert "unknown game 'no-such-game'" in answers[1]["error"]["message"]
    assert answers[1]["error"]["line"] == 2


@given(st.binary(max_size=300), st.integers(min_value=0, max_value=300))
def test_split_lines_matches_a_plain_split(data: bytes, cut: int) -> None:
    """Lines as read from a head and a stream are the input's lines, wherever the head
    ends (a last line without a newline is a line; nothing after the last newline is
    not)."""
    expected = data.split(b"\n")
    if expected[-1] == b"":
        expected.pop()
    head, rest = data[:cut], data[cut:]
    assert list(batch.split_lines(head, io.BytesIO(rest))) == expected


def test_split_lines_keeps_no_more_than_a_record_of_one_line() -> None:
    """A line over the limit is cut to one byte past it and the rest skipped."""
    long = b"x" * (MAX_RECORD_BYTES + 5000)
    lines = list(batch.split_lines(b"a\n", io.BytesIO(long + b"\nb\n")))
    assert [len(line) for line in lines] == [1, MAX_RECORD_BYTES + 1, 1]
