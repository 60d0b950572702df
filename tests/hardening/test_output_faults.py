"""Output that cannot be written: exit 3 with one line for standard output, and files
that are whole or not there.

Before: a full device on standard output exited 2 (as if the input were bad) and a
reader that went away exited 1, both without a line, where the documentation promises
exit 3 and one line; ``compare --plot /dev/full`` said "Chart written" and exited 0;
``compare --html`` and ``play --record`` on a full disk left a 0-byte file. Now standard
output failures are exit 3 with one line, and files are written beside their target and
moved into place only when whole (``vncards.cli._files``).

A full disk is stood in for by ``/dev/full`` (every write fails with ``ENOSPC``) and,
for files on a real disk, by a file-size limit on the child process (``RLIMIT_FSIZE``:
a write past it fails with ``EFBIG``, as one past the free space fails with ``ENOSPC``).
Every case is a real ``vncards`` process.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

SCRIPT = Path(sys.executable).with_name("vncards")
DEV_FULL = Path("/dev/full")
RECORD = Path(__file__).parents[2] / "shared" / "records" / "maubinh" / "bet-5.json"

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")
needs_dev_full = pytest.mark.skipif(not DEV_FULL.exists(), reason="no /dev/full here")


def _run(
    args: list[str], *, stdout: int | IO[str] = subprocess.PIPE, size_limit: int | None = None,
    stdin: str = "",
) -> subprocess.CompletedProcess[str]:  # fmt: skip
    def limit() -> None:
        if size_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (size_limit, size_limit))

    return subprocess.run(
        [str(SCRIPT), *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        input=stdin,
        text=True,
        timeout=600,
        preexec_fn=limit if size_limit is not None else None,
        env=dict(os.environ, VNCARDS_PLUGINS="tienlen,maubinh", COLUMNS="120"),
        check=False,
    )


def _one_error_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("vncards: error: "), stderr
    assert "Traceback" not in stderr
    return lines[0]


@needs_dev_full
@pytest.mark.parametrize(
    "args",
    [["games", "--json"], ["games"], ["rules", "tienlen"], ["referee", str(RECORD), "--json"]],
    ids=["games-json", "games", "rules", "referee"],
)
def test_full_device_on_standard_output_is_exit_3(args: list[str]) -> None:
    """Standard output on ``/dev/full``: exit 3 and one line about the output."""
    with DEV_FULL.open("w") as full:
        run = _run(args, stdout=full)
    assert run.returncode == 3, run.stderr
    assert "cannot write the output" in _one_error_line(run.stderr)


def test_closed_pipe_is_exit_3() -> None:
    """The reader of standard output is gone before the answer is written: exit 3 and
    one line (it was exit 1 and nothing). The pipe's only read end is closed before the
    process writes, so every write fails, whenever it comes."""
    read, write = os.pipe()
    os.close(read)
    try:
        run = _run(["rules", "tienlen"], stdout=write)
    finally:
        os.close(write)
    assert run.returncode == 3, run.stderr
    assert "the output was closed" in _one_error_line(run.stderr)


def test_closed_standard_output_is_exit_3() -> None:
    """Started with standard output closed: exit 3 and one line, not an internal error."""
    run = subprocess.run(
        ["sh", "-c", f'exec "{SCRIPT}" games --json >&-'],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 3, run.stderr
    assert "standard output is closed" in _one_error_line(run.stderr)


@needs_dev_full
def test_compare_plot_to_dev_full_fails_and_claims_nothing() -> None:
    """``compare --plot /dev/full`` said "Chart written" and exited 0."""
    pytest.importorskip("matplotlib")
    run = _run(["compare", "--games", "10", "-c", "tienlen", "--plot", str(DEV_FULL)])
    assert run.returncode == 2, run.stderr
    assert "No space left" in _one_error_line(run.stderr)
    assert "written" not in run.stdout


def _folder(path: Path) -> list[str]:
    return sorted(p.name for p in path.iterdir())


@pytest.mark.parametrize("before", [None, "an earlier page\n"], ids=["new", "existing"])
def test_compare_html_on_a_full_disk_leaves_no_empty_file(
    tmp_path: Path, before: str | None
) -> None:
    """``compare --html`` that cannot write the page: one line, exit 2, no claim, and
    the target as it was (absent, or its earlier content), no temporary file left."""
    target = tmp_path / "page.html"
    if before is not None:
        target.write_text(before, encoding="utf-8")
    args = ["compare", "--games", "10", "-c", "tienlen", "--html", str(target)]
    run = _run(args, size_limit=512)
    assert run.returncode == 2, run.stderr
    assert "cannot write" in _one_error_line(run.stderr)
    assert "written" not in run.stdout
    if before is None:
        assert _folder(tmp_path) == []
    else:
        assert _folder(tmp_path) == ["page.html"]
        assert target.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("before", [None, "an earlier record\n"], ids=["new", "existing"])
def test_play_record_on_a_full_disk_leaves_no_empty_file(
    tmp_path: Path, before: str | None
) -> None:
    """``play --record`` whose record cannot be written: one line, exit 2, no claim,
    the target as it was and no temporary file left (a 0-byte file was left)."""
    target = tmp_path / "game.json"
    if before is not None:
        target.write_text(before, encoding="utf-8")
    args = ["play", "tienlen", "-n", "3", "-b", "random", "--seed", "7", "--record", str(target)]
    run = _run(args, size_limit=512, stdin="#1\n" * 400)
    assert run.returncode == 2, run.stderr[-2000:]
    assert "cannot write the record" in _one_error_line(run.stderr)
    assert "saved" not in run.stdout
    if before is None:
        assert _folder(tmp_path) == []
    else:
        assert _folder(tmp_path) == ["game.json"]
        assert target.read_text(encoding="utf-8") == before


def test_play_record_written_whole(tmp_path: Path) -> None:
    """Without a fault the record is there, whole, with a new file's permissions."""
    target = tmp_path / "game.json"
    args = ["play", "tienlen", "-n", "3", "-b", "random", "--seed", "7", "--record", str(target)]
    run = _run(args, stdin="#1\n" * 400)
    assert run.returncode == 0, run.stderr
    assert "Record saved" in run.stdout
    assert _folder(tmp_path) == ["game.json"]
    assert target.read_text(encoding="utf-8").startswith("{")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
