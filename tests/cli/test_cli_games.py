"""The commands on the project's own games, each skipped until its package is installed.

Expected answers come from the rules pages: in Tiến lên, 3 đôi thông chops a single 2
and a single K does not beat a 2; in Tứ Sắc a Tướng + Sĩ + Tượng of one colour is a
complete group worth 1 lệnh.
"""

from __future__ import annotations

import json
import os
import re
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
def test_tusac_in_a_pseudo_terminal() -> None:
    """The installed script plays a whole Tứ Sắc game in a real pseudo-terminal (discard,
    take, draw and pass prompts, claims out of turn), choosing move #1 each time. The
    other games play to the end in test_cli_script's in-process test."""
    import pexpect

    game = "tusac"
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
            child.sendline("#1")
        child.expect(r"Play again\? \(y/N\)> ")  # a single game ends by asking
        child.sendline("n")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_instant_win_is_announced_with_the_hand(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tiến lên: a deal that wins at once (tới trắng) ends the game before any move; the
    winner, the hand's code and the hand itself are shown, then the settlement."""
    _use(monkeypatch, "tienlen")
    from vncards.core import derive_seed, get_game, resolve_rules

    plugin = get_game("tienlen")
    rules = resolve_rules(plugin, None)
    names = ["You", "An", "Bình"]
    for seed in range(2000):
        result = plugin.result(plugin.new_game(rules, 3, derive_seed(seed, 0)))
        if result.outcome == "instant-win":
            break
    else:
        pytest.skip("no instant win among the first 2000 deals")
    out = runner.invoke(app, ["play", "tienlen", "-n", "3", "--seed", str(seed)], input="")
    assert out.exit_code == 0, out.output
    winner = names[result.winner or 0]
    verb = "win" if winner == "You" else "wins"
    # the hand named as the rules page names it (tienlen.md, "Tới trắng")
    names_vi = {"dragon": "sảnh rồng", "four-twos": "tứ quý heo",
                "five-pair-run": "5 đôi thông", "six-pairs": "6 đôi"}  # fmt: skip
    assert f"{winner} {verb} at once with the deal: " in out.stdout
    assert names_vi[result.instant_win or ""] in out.stdout
    assert f"{winner}'s hand:" in out.stdout
    assert "Your move" not in out.stdout


def test_tusac_referee_names_the_taken_card(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Tứ Sắc: the referee's account says which active card each take took."""
    _use(monkeypatch, "tusac")
    path = tmp_path / "games.jsonl"
    done = runner.invoke(app, ["simulate", "tusac", "-g", "3", "-n", "2", "--records", str(path)])
    assert done.exit_code == 0, done.output
    takes = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        ruling = runner.invoke(app, ["referee", "-"], input=line, env={"COLUMNS": "200"})
        assert ruling.exit_code == 0, ruling.output
        lines = [x for x in ruling.stdout.splitlines() if "✓" in x]
        assert len(lines) == len(json.loads(line)["actions"])
        takes += sum(" takes " in x for x in lines)
        assert all(" takes the active card" not in x for x in lines)
    assert takes > 0


def test_chop_is_announced(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiến lên at the terminal: when a bot chops (chặt), the chop, its victim and the
    chain's worth are announced."""
    _use(monkeypatch, "tienlen")
    for seed in range(60):
        out = runner.invoke(
            app, ["play", "tienlen", "--seed", str(seed), "-b", "greedy"], input="#1\n" * 300
        ).stdout
        if "Chặt!" in out:
            break
    else:
        pytest.skip("no chop in the first 60 games")
    assert re.search(r"⚔ Chặt! \S+ chops \S+: the chain is worth \d+ lá\.", out)


def test_sam_declaration_is_offered(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sâm Lốc: before the first play you are asked whether to declare Sâm; p declines
    and the game goes on to its settlement."""
    _use(monkeypatch, "samloc")
    args = ["play", "samloc", "--seed", "3", "-n", "3", "-b", "greedy"]
    out = runner.invoke(app, args, input="p\n" + "#1\n" * 300)
    assert out.exit_code == 0, out.output
    assert "You may declare now (s), or not (p)." in out.stdout
    assert "You declare" not in out.stdout
    assert "Settlement" in out.stdout
