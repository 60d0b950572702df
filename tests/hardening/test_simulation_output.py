"""Simulation output (reliability item 3, in part): ``simulate --records`` writes to a
new file beside the target, made before any game is played, so that an unwritable place
is reported at once instead of after the run; the target is replaced only when every
record is written, and a run that fails leaves neither a half-written target nor the
temporary file."""

from __future__ import annotations

import json
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
