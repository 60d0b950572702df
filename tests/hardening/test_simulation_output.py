"""Simulation output (reliability item 3, in part): ``simulate --records`` writes to a
new file beside the target, made before any game is played, so that an unwritable place
is reported at once instead of after the run; the target is replaced only when every
record is written, and a run that fails leaves neither a half-written target nor the
temporary file; a disk that fills up during the run is reported when it happens, with
one line; a device or a pipe is written to, never replaced."""

from __future__ import annotations

import errno
import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.hardening._support import installed_games

cli = pytest.importorskip("vncards.cli.app")
sim_cli = pytest.importorskip("vncards.cli._simulate")

pytestmark = pytest.mark.skipif("tienlen" not in installed_games(), reason="plays Tiến lên")
_ENV = {"VNCARDS_PLUGINS": "tienlen"}


def test_unwritable_records_path_is_reported_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A records path in a folder that does not exist: one line, exit 2, and the run is
    never started (it used to be reported only after every game was played)."""

    def never(*args: Any, **kwargs: Any) -> None:
        pytest.fail("the games were played before the records path was checked")

    monkeypatch.setattr(sim_cli, "run_simulation", never)
    target = tmp_path / "no-such-folder" / "games.jsonl"
    result = CliRunner().invoke(
        cli.app, ["simulate", "tienlen", "--games", "5", "--records", str(target)], env=_ENV
    )
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "cannot write the records" in lines[0]


def test_records_replace_the_target_whole(tmp_path: Path) -> None:
    """An earlier, longer file is replaced by exactly this run's records, each a
    complete JSON line; no temporary file is left."""
    target = tmp_path / "games.jsonl"
    target.write_text("stale\n" * 50, encoding="utf-8")
    result = CliRunner().invoke(
        cli.app,
        ["simulate", "tienlen", "--games", "3", "--seed", "2", "--records", str(target)],
        env=_ENV,
    )
    assert result.exit_code == 0, result.output
    lines = target.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    assert all(json.loads(line)["game"] == "tienlen" for line in lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_a_failed_run_leaves_the_target_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run that stops (here: interrupted) keeps the earlier file as it was and cleans
    up its temporary file."""

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(sim_cli, "run_simulation", interrupted)
    target = tmp_path / "games.jsonl"
    target.write_text("earlier\n", encoding="utf-8")
    result = CliRunner().invoke(
        cli.app, ["simulate", "tienlen", "--games", "3", "--records", str(target)], env=_ENV
    )
    assert result.exit_code != 0
    assert target.read_text(encoding="utf-8") == "earlier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


@pytest.mark.parametrize("workers", [1, 2])
def test_full_disk_while_writing_records_is_one_line_and_replaces_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    """The disk fills up at the sixth record (ENOSPC): the run stops there with one line
    naming the file and the reason, exit 2, no traceback; the earlier file is kept as it
    was and neither the temporary file nor a half-written target is left."""
    real = sim_cli._records_file
    writes = 0

    class FullDisk:
        """The records file, refusing every write after the fifth."""

        def __init__(self, target: Path) -> None:
            self._file = real(target)

        def write(self, text: str) -> int:
            nonlocal writes
            writes += 1
            if writes > 5:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return int(self._file.write(text))

        def __getattr__(self, name: str) -> Any:
            return getattr(self._file, name)

    monkeypatch.setattr(sim_cli, "_records_file", FullDisk)
    target = tmp_path / "games.jsonl"
    target.write_text("earlier\n", encoding="utf-8")
    result = CliRunner().invoke(
        cli.app,
        ["simulate", "tienlen", "--games", "600", "--bots", "random", "--workers", str(workers),
         "--force-workers", "--records", str(target)],
        env=_ENV,
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "cannot write the records" in lines[0]
    assert os.strerror(errno.ENOSPC) in lines[0]
    assert writes == 6, "the run went on writing after the disk was full"
    assert target.read_text(encoding="utf-8") == "earlier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_records_to_a_pipe_or_device_write_to_it_and_never_replace_it(tmp_path: Path) -> None:
    """A records target that is not a regular file (a named pipe here; ``/dev/null``
    alike) is written to as it is: the reader gets every record and the pipe is still a
    pipe (it used to be replaced by a regular file, which for ``/dev/null`` run as root
    replaced the device). The reader runs in a thread, joined with a bound against a
    hang."""
    fifo = tmp_path / "records.pipe"
    os.mkfifo(fifo)
    got: list[str] = []

    def read() -> None:
        with open(fifo, encoding="utf-8") as f:
            got.extend(f.read().splitlines())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    result = CliRunner().invoke(
        cli.app, ["simulate", "tienlen", "--games", "3", "--records", str(fifo)], env=_ENV
    )
    reader.join(60)
    assert result.exit_code == 0, result.output
    assert not reader.is_alive()
    assert len(got) == 3
    assert all(json.loads(line)["game"] == "tienlen" for line in got)
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["records.pipe"]


def test_records_target_that_is_a_folder_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder as the records target: one line at once, not after the run."""

    def never(*args: Any, **kwargs: Any) -> None:
        pytest.fail("the games were played before the records path was checked")

    monkeypatch.setattr(sim_cli, "run_simulation", never)
    result = CliRunner().invoke(
        cli.app, ["simulate", "tienlen", "--games", "3", "--records", str(tmp_path)], env=_ENV
    )
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "it is a folder" in lines[0]
