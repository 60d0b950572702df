"""The commands on the project's own games, each skipped until its package is installed.

Expected answers come from the rules pages: in Tiến lên, 3 đôi thông chops a single 2
and a single K does not beat a 2; in Tứ Sắc a Tướng + Sĩ + Tượng of one colour is a
complete group worth 1 lệnh.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import discover_games

SCRIPT = Path(sys.executable).with_name("vncards")


def _installed(name: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return name in discover_games()


def _use(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    if not _installed(name):
        pytest.skip(f"{name} is not installed as a working plugin yet")
    monkeypatch.setenv("VNCARDS_PLUGINS", name)


def _json(runner: CliRunner, *args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_tienlen_three_pair_run_chops_a_two(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tiến lên: 3 đôi thông chặt a single 2; a single K does not beat it."""
    _use(monkeypatch, "tienlen")
    run = "3S 3C 4S 4C 5S 5C"
    assert _json(runner, "classify", "tienlen", *run.split(), "--json")["combo"] == "pair-run"
    assert _json(runner, "beats", "tienlen", "--over", "2S", "--play", run, "--json") == {
        "beats": True,
        "chop": True,
    }
    assert _json(runner, "beats", "tienlen", "--over", "2S", "--play", "KH", "--json") == {
        "beats": False,
        "chop": False,
    }
    moves = _json(runner, "moves", "tienlen", "--hand", f"{run} 2H", "--over", "2S", "--json")
    assert {"combo": "pair-run", "cards": run.split(), "chop": True} in moves["moves"]


def test_tusac_analyze_general_set(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tứ Sắc: Tướng + Sĩ + Tượng đỏ is one complete group (no rác) worth 1 lệnh; in
    Vietnamese names too."""
    _use(monkeypatch, "tusac")
    data = _json(runner, "analyze", "tusac", "RK", "RA", "RE", "--json")
    assert data == {"junk": 0, "complete": True, "groups": [["RK", "RA", "RE"]], "points": 1}
    named = _json(runner, "analyze", "tusac", "tướng đỏ", "sĩ đỏ", "tượng đỏ", "--json")
    assert named == data
    bad = runner.invoke(app, ["analyze", "tusac", "RZ"])
    assert bad.exit_code == 2
    assert "'RZ'" in bad.stderr


def test_tusac_deal_has_a_stock(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Tứ Sắc deal: 20 cards each, 21 for the dealer, the rest in the stock."""
    _use(monkeypatch, "tusac")
    data = _json(runner, "deal", "tusac", "--players", "4", "--seed", "8", "--json")
    sizes = sorted(len(h) for h in data["hands"].values())
    assert sizes == [20, 20, 20, 21]
    assert len(data["stock"]) == 112 - 81


def test_samloc_presets_differ(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sâm Lốc's rules command names what a preset changes from the default."""
    _use(monkeypatch, "samloc")
    games = _json(runner, "games", "--json")["games"]
    presets = [p["name"] for p in games[0]["presets"]]
    other = next(p for p in presets if p != games[0]["default_preset"])
    data = _json(runner, "rules", "samloc", "--variant", other, "--json")
    assert data["differs_from_default"]


@pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")
@pytest.mark.parametrize("game", ["tienlen", "samloc", "tusac"])
def test_real_game_in_a_pseudo_terminal(game: str) -> None:
    """The installed script plays a whole game in a real pseudo-terminal: each turn the
    moves are listed and the first is typed back by number (or p to decline)."""
    import pexpect

    if not _installed(game):
        pytest.skip(f"{game} is not installed as a working plugin yet")
    env = dict(os.environ, TERM="dumb", COLUMNS="120", VNCARDS_PLUGINS=game)
    child = pexpect.spawn(
        str(SCRIPT), ["play", game, "--seed", "5", "-n", "2", "-b", "random"],
        env=env, encoding="utf-8", timeout=30, dimensions=(50, 120),
    )  # fmt: skip
    turns = 0
    try:
        while True:
            i = child.expect([r"Your move \([^)]*\)> ", "Settlement"])
            if i == 1:
                break
            turns += 1
            assert turns < 400
            child.sendline("h")
            j = child.expect([r"#1\s", r"no move to make"])
            child.expect(r"Your move \([^)]*\)> ")
            child.sendline("#1" if j == 0 else "p")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
