"""``vncards train``: the files it writes, a run resumed from its checkpoint, and the
weights it writes as a bot."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import play_game
from vncards.envs import net
from vncards.tienlen import plugin as tienlen

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
TINY = ["--hidden", "16", "--eval-every", "20", "--eval-deals", "2", "--players", "4,2"]


def _train(*args: str) -> str:
    out = CliRunner().invoke(app, ["train", "tienlen", *TINY, *args], env=ENV)
    assert out.exit_code == 0, out.output
    return out.stdout


def test_train_writes_checkpoint_weights_and_curve(tmp_path: Path) -> None:
    printed = _train("--games", "40", "--out", str(tmp_path), "--seed", "2")
    assert "40 games played" in printed
    assert "against the greedy bot: won" in printed
    assert {p.name for p in tmp_path.iterdir()} >= {"checkpoint.npz", "tienlen.npz", "curve.json"}
    curve = json.loads((tmp_path / "curve.json").read_text("utf-8"))
    assert [p["games"] for p in curve] == [20, 40]
    assert all(0 <= p["share_low"] <= p["share"] <= p["share_high"] <= 1 for p in curve)
    bot = net.net_bot("tienlen", weights=tmp_path / "tienlen.npz")
    final = play_game(tienlen, tienlen.new_game(tienlen.presets["dem-la"], 4, 3), [bot] * 4).final
    assert tienlen.result(final).finished


def test_a_resumed_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    _train("--games", "20", "--out", str(tmp_path / "a"))
    printed = _train("--games", "40", "--out", str(tmp_path / "a"), "--resume", "--json")
    assert json.loads(printed)["games"] == 40
    _train("--games", "40", "--out", str(tmp_path / "b"))
    one = (tmp_path / "a" / "curve.json").read_text("utf-8")
    assert one == (tmp_path / "b" / "curve.json").read_text("utf-8")


def test_bad_widths_are_one_sentence_and_exit_2(tmp_path: Path) -> None:
    out = CliRunner().invoke(
        app, ["train", "tienlen", "--hidden", "wide", "--out", str(tmp_path)], env=ENV
    )
    assert out.exit_code == 2
    assert "--hidden takes whole numbers above 0" in out.output
