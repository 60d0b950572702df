"""Simulation streams (reliability item 3): ``simulate --records`` writes each game as it
finishes, an interrupted run keeps its finished games as whole lines in
``FILE.partial``, the statistics are counted game by game in flat memory, and a chart
or page that cannot be written is reported (exit code 2), never said to be written."""

from __future__ import annotations

import json
import os
import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.hardening._support import installed_games

cli = pytest.importorskip("vncards.cli.app")
sim_cli = pytest.importorskip("vncards.cli._simulate")
core_sim = pytest.importorskip("vncards.core.simulate")
# where a run plays each game (the module a test replaces a played game in)
core_play = pytest.importorskip("vncards.core.simulate._play")

pytestmark = pytest.mark.skipif("tienlen" not in installed_games(), reason="plays Tiến lên")
_ENV = {"VNCARDS_PLUGINS": "tienlen"}


def _interrupt_after(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Make the run's progress callback raise KeyboardInterrupt once ``limit`` games
    are done (as Ctrl-C between two chunks would)."""
    real = core_sim.play_games

    def play(*args: Any, progress: Any = None, **kwargs: Any) -> Any:
        done = 0

        def tick(k: int) -> None:
            nonlocal done
            if progress is not None:
                progress(k)
            done += k
            if done >= limit:
                raise KeyboardInterrupt

        return real(*args, progress=tick, **kwargs)

    monkeypatch.setattr(sim_cli, "play_games", play)


def test_interrupted_run_keeps_its_finished_games_as_whole_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Interrupted after the first chunk of games, the finished games are kept in
    FILE.partial, one complete JSON record a line, in game order; FILE is untouched."""
    _interrupt_after(monkeypatch, 100)
    target = tmp_path / "games.jsonl"
    target.write_text("earlier\n", encoding="utf-8")
    result = CliRunner().invoke(
        cli.app,
        ["simulate", "tienlen", "--games", "300", "--bots", "random", "--records", str(target)],
        env=_ENV,
    )
    assert result.exit_code != 0
    assert target.read_text(encoding="utf-8") == "earlier\n"
    kept = tmp_path / "games.jsonl.partial"
    text = kept.read_text(encoding="utf-8")
    assert text.endswith("\n")
    lines = text.splitlines()
    assert len(lines) == 100
    records = [json.loads(line) for line in lines]
    assert all(isinstance(r, dict) for r in records)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "games.jsonl.partial"]


def test_streamed_records_match_the_games_played_in_memory(tmp_path: Path) -> None:
    """The streamed file holds the same records, in the same order, as play_games
    keeping them in memory, and no stale line of an earlier file."""
    target = tmp_path / "games.jsonl"
    target.write_text("stale\n" * 50, encoding="utf-8")
    result = CliRunner().invoke(
        cli.app,
        ["simulate", "tienlen", "--games", "7", "--seed", "5", "--records", str(target)],
        env=_ENV,
    )
    assert result.exit_code == 0, result.output
    lines = target.read_text(encoding="utf-8").splitlines()
    played = core_sim.play_games("tienlen", games=7, players=4, seed=5, keep_records=True)
    assert [json.loads(line) for line in lines] == [
        json.loads(json.dumps(s.record, ensure_ascii=False)) for s in played
    ]


def test_tally_gives_the_numbers_of_summarize() -> None:
    """Counting game by game gives the statistics of the whole list (same seed, same
    numbers), with one worker or two."""
    plugin = core_sim.load_game("tienlen")
    games = core_sim.play_games("tienlen", games=40, players=3, bots="random", seed=9)
    whole = core_sim.summarize(games, plugin, players=3, seed=9)
    for workers in (1, 2):
        tally = core_sim.Tally()
        core_sim.play_games(
            "tienlen", games=40, players=3, bots="random", seed=9, workers=workers,
            on_game=tally.add, force_workers=True,
        )  # fmt: skip
        assert tally.stats(plugin, seed=9) == whole


def _quick(plugin: Any, job: Any, index: int) -> Any:
    """A quick random summary in place of a played game (its payments sum to zero)."""
    rng = random.Random(index)
    payments = [rng.randint(-13, 13) for _ in range(job.players - 1)]
    payments.append(-sum(payments))
    winner = max(range(job.players), key=lambda s: payments[s])
    return core_sim.GameSummary(
        index=index, seed=index, n_players=job.players, bots=job.names, outcome="won",
        winner=winner, instant_win=None, payments=tuple(payments),
        length=rng.randint(10, 80), first=index % job.players,
        stats={"chops": rng.randint(0, 2)}, record=None,
    )  # fmt: skip


def _peak(games: int) -> int:
    tracemalloc.start()
    try:
        core_sim.simulate("tienlen", games=games, players=4, bots="random", seed=1)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_simulate_memory_is_flat_in_the_number_of_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Statistics are sums and counters: ten times the games does not take ten times
    the memory (peak for 20,000 games under twice that for 2,000). Each game is a quick
    random summary (its seat payments sum to zero) so that what is measured is what the
    run keeps, not the time to play real games."""

    monkeypatch.setattr(core_play, "_play_one", _quick)
    core_sim.simulate("tienlen", games=10, players=4, bots="random", seed=1)  # warm up
    small = _peak(2_000)
    large = _peak(20_000)
    assert large < 2 * small, (small, large)


class _EnoughError(Exception):
    """Raised from the progress callback to stop a run that would never end."""


def test_huge_run_on_processes_starts_in_bounded_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """``games=10**9`` with worker processes, streamed: no list of every chunk is made
    up front (two million of them took hundreds of MB before a game was played), and
    what this process plays ahead of the first unfinished chunk is bounded; the peak of
    this process stays under 20 MB up to the run's fifth finished chunk."""
    monkeypatch.setattr(core_play, "_play_one", _quick)  # this process's chunks; not workers'
    finished = 0

    def progress(k: int) -> None:
        nonlocal finished
        assert k <= 1000, f"a chunk of {k} games"
        finished += 1
        if finished >= 5:
            raise _EnoughError

    tracemalloc.start()
    try:
        with pytest.raises(_EnoughError):
            core_sim.play_games(
                "tienlen", games=10**9, players=4, bots="random", seed=1, workers=2,
                force_workers=True, on_game=lambda summary: None, progress=progress,
            )  # fmt: skip
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20, f"peak {peak / 2**20:.0f} MB"


@pytest.mark.parametrize("option", ["--html", "--plot"])
def test_unwritable_chart_path_is_reported_not_written(tmp_path: Path, option: str) -> None:
    """A chart or page into a folder that does not exist is one error line (exit code
    2), never 'written'."""
    if option == "--plot":
        pytest.importorskip("matplotlib")
    where = tmp_path / "missing" / "out.file"
    result = CliRunner().invoke(
        cli.app, ["compare", "--column", "tienlen", "--games", "2", option, str(where)], env=_ENV
    )
    assert result.exit_code == 2, result.output
    assert "written" not in result.output
    assert "cannot write" in result.output
    assert not where.exists()


def test_chart_write_failure_during_writing_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page whose writing fails (a full disk) is reported with exit code 2."""
    compare = pytest.importorskip("vncards.cli._compare")

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, os.strerror(28))

    monkeypatch.setattr(compare, "write_html", full)
    result = CliRunner().invoke(
        cli.app,
        ["compare", "--column", "tienlen", "--games", "2", "--html", str(tmp_path / "page.html")],
        env=_ENV,
    )
    assert result.exit_code == 2, result.output
    assert "written" not in result.output
