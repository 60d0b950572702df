"""`vncards simulate` and the statistics it prints."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import MAX_RECORD_BYTES
from vncards.core.simulate import GameSummary, summarize, wilson

from tests.cli.conftest import FAKE_PATH


def test_wilson_interval_matches_the_formula() -> None:
    """Wilson 95%: 50 of 100 → 0.4038 … 0.5962; 0 of 10 → 0 … 0.2775 (never below 0)."""
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert round(hi, 4) == 0.2775


def _summary(winner: int | None, first: int, payments: tuple[int, ...], **kw: Any) -> GameSummary:
    return GameSummary(
        index=0, seed=0, n_players=2, bots=("first", "random"),
        outcome=kw.get("outcome", "win"), winner=winner, instant_win=kw.get("instant"),
        payments=payments, length=kw.get("length", 10), first=first,
        stats=kw.get("stats", {}), record=None,
    )  # fmt: skip


def test_summary_counts_wins_first_player_and_instant_wins(fake: Any) -> None:
    """Three games: seat 0 wins two (one instantly, one as first player), one draw.
    Win rate 2/3 and 0/3; first player won 1 of the 2 decided games; mean payments
    (5 + 3 + 0) / 3 and (−5 − 3 + 0) / 3; mean length (10 + 20 + 30) / 3 = 20."""
    games = [
        _summary(0, 0, (5, -5), stats={"chops": 1}),
        _summary(0, 1, (3, -3), outcome="instant-win", instant="dragon", length=20),
        _summary(None, 1, (0, 0), outcome="draw", length=30, stats={"chops": 2}),
    ]
    stats = summarize(games, fake)
    s = stats.to_json()
    assert [seat["seat"] for seat in s["seats"]] == [1, 2], "seats numbered from 1"
    assert [seat["wins"]["count"] for seat in s["seats"]] == [2, 0]
    assert s["seats"][0]["wins"]["rate"] == pytest.approx(2 / 3)
    assert s["seats"][0]["payment"]["mean"] == pytest.approx(8 / 3)
    assert s["seats"][1]["payment"]["mean"] == pytest.approx(-8 / 3)
    assert s["first_seat"]["rate"] == pytest.approx(0.5)
    assert s["instant_wins"]["kinds"] == {"dragon": 1}
    assert s["instant_wins"]["count"] == 1
    assert s["draws"]["count"] == 1
    assert s["length"]["mean"] == pytest.approx(20.0)
    assert s["figures"]["chops"]["per_game"] == pytest.approx(1.0)
    assert "chops" not in s["per_game"], "one name per figure"
    assert s["outcomes"] == {"draw": 1, "instant-win": 1, "win": 1}
    # lá changing hands: 5, 3 and 0; their sample sd is sqrt(((5-8/3)^2 + ...) / 2)
    assert stats.moved.mean == pytest.approx(8 / 3)
    assert stats.moved.sd == pytest.approx(2.5166, abs=1e-4)
    assert (stats.first_seat.count, stats.first_seat.games) == (1, 2)
    assert stats.first_seat_payment.mean == pytest.approx((5 - 3 + 0) / 3)


def _simulate(runner: CliRunner, *extra: str) -> Any:
    args = ["simulate", "miniclimb", "--games", "40", "--players", "3", "--seed", "5", *extra]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_simulate_json_shape(runner: CliRunner, fake: Any) -> None:
    """Per seat: bot, wins, rate, 95% interval, mean payment; payments sum to zero;
    every game has a winner in this game; the game's own counters per game."""
    data = _simulate(runner, "--bots", "first,random,random")
    assert data["game"] == "miniclimb"
    assert data["games"] == 40
    assert data["players"] == 3
    assert [s["bot"] for s in data["seats"]] == ["first", "random", "random"]
    assert sum(s["wins"]["count"] for s in data["seats"]) == 40
    assert sum(s["payment"]["mean"] for s in data["seats"]) == pytest.approx(0.0, abs=1e-9)
    for s in data["seats"]:
        lo, hi = s["wins"]["ci95"]
        assert lo <= s["wins"]["rate"] <= hi
    assert data["outcomes"] == {"win": 40}
    assert set(data["per_game"]) == {"cards_left"}, "a figure is not repeated per game"
    assert set(data["figures"]) == {"chops"}
    assert data["length"]["mean"] > 0


def test_same_seed_same_numbers(runner: CliRunner, fake: Any) -> None:
    """A run is fixed by its seed; another seed gives other games."""
    assert _simulate(runner) == _simulate(runner)
    assert _simulate(runner) != _simulate(runner, "--seed", "6")


def test_workers_do_not_change_the_numbers(
    runner: CliRunner, fake: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes give the very numbers one gives (the game is named by reference so
    the spawned worker finds it)."""
    for folder in FAKE_PATH.split(os.pathsep):
        monkeypatch.syspath_prepend(folder)
    args = ["simulate", "cli_fakegame:plugin", "-g", "30", "-n", "2", "-s", "9", "--json"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_records_are_accepted_by_the_referee(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """--records writes one record per line, and the referee finds each legal and
    rules the same payments."""
    path = tmp_path / "games.jsonl"
    result = runner.invoke(
        app, ["simulate", "miniclimb", "-g", "5", "-v", "short", "--records", str(path)]
    )
    assert result.exit_code == 0, result.output
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    for line in lines:
        ruling = runner.invoke(app, ["referee", "-", "--json"], input=line)
        assert ruling.exit_code == 0, ruling.output
        report = json.loads(ruling.stdout)
        assert report["legal"]
        assert report["finished"]
        assert sum(report["payments"].values()) == 0
    # the whole file at once: JSON Lines in, one report a line out, in the same order
    batch = runner.invoke(app, ["referee", str(path), "--json"])
    assert batch.exit_code == 0, batch.output
    reports = [json.loads(line) for line in batch.stdout.splitlines()]
    assert reports == [
        json.loads(runner.invoke(app, ["referee", "-", "--json"], input=line).stdout)
        for line in lines
    ]


def test_referee_json_lines_answers_each_line(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """JSON Lines: an unreadable line is answered on its line (unreadable-record) and the
    others are still ruled on; an illegal record makes the exit code 1, an unreadable one
    2; the size limit is per record, so a file larger than one record's limit is read."""
    path = tmp_path / "games.jsonl"
    runner.invoke(app, ["simulate", "miniclimb", "-g", "3", "-v", "short", "--records", str(path)])
    good = path.read_text(encoding="utf-8").splitlines()
    illegal = json.loads(good[0])
    illegal["actions"] = [illegal["actions"][1], *illegal["actions"]]
    lines = [good[0], json.dumps(illegal), '{"game": "miniclimb"}', good[1]]
    result = runner.invoke(app, ["referee", "-", "--json"], input="\n".join(lines) + "\n")
    assert result.exit_code == 2, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a.get("legal") for a in answers] == [True, False, None, True]
    assert answers[2]["error"]["code"] == "unreadable-record"
    only_illegal = runner.invoke(app, ["referee", "-"], input="\n".join(lines[:2]) + "\n")
    assert only_illegal.exit_code == 1
    assert "record 2: illegal at action 0" in only_illegal.stdout
    padded = good[0] + " " * (MAX_RECORD_BYTES // 2)
    big = runner.invoke(app, ["referee", "-", "--json"], input=f"{padded}\n{padded}\n")
    assert big.exit_code == 0, big.output
    assert len(big.stdout.splitlines()) == 2


def test_readable_statistics_table(runner: CliRunner, fake: Any) -> None:
    """Without --json: tables with the win rate and interval per seat, no progress bar
    when the output is not a terminal."""
    result = runner.invoke(app, ["simulate", "miniclimb", "-g", "20", "-n", "2", "-b", "first"])
    assert result.exit_code == 0
    assert "95% interval" in result.stdout
    assert "mean length" in result.stdout
    assert "first seat wins" in result.stdout
    assert "lá changing hands" in result.stdout
    assert "games with chop" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--bots", "first,random"], "one bot per seat"),
        (["--bots", "genius"], "no bot genius"),
        (["--games", "0"], "--games"),
        (["--workers", "0"], "--workers"),
        (["--players", "7"], "2 to 4 players"),
    ],
)
def test_bad_simulation_options_exit_2(
    runner: CliRunner, fake: Any, args: list[str], needle: str
) -> None:
    """Bots that do not fit the seats, unknown bots, counts out of range: one line, exit 2."""
    result = runner.invoke(app, ["simulate", "miniclimb", "-n", "3", *args])
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert needle in result.stderr
