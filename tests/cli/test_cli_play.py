"""`vncards play`: a whole game at the terminal, typed entries, refused entries, a match."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app

from tests.cli.conftest import FAKE_PATH

PROMPT = r"Your move \([^)]*\)> "


def test_whole_game_by_move_numbers(runner: CliRunner, fake: Any) -> None:
    """Picking move #1 every turn finishes the game with a settlement table; help and
    a wrong entry get a sentence and the prompt again."""
    script = "?\nzz\n3S 3S\n99\nh\n" + "#1\n" * 80
    result = runner.invoke(
        app, ["play", "miniclimb", "-v", "short", "-n", "3", "--seed", "4"], input=script
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Settlement" in out
    assert "I cannot read that: unknown card 'zz'" in out
    assert "appears twice" in out
    assert "positions 1 to 6; 99 is not one of them" in out
    assert "#N picks move N" in out  # the help text
    assert re.search(r"(An|Bình) plays", out)
    assert "You play" in out


def test_match_keeps_running_totals(runner: CliRunner, fake: Any) -> None:
    """With --games 2 each settlement shows the game and the match total so far."""
    result = runner.invoke(
        app,
        ["play", "miniclimb", "-v", "short", "-n", "2", "-s", "3", "-g", "2"],
        input="#1\n" * 80,
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.count("match total") == 2
    assert "Game 2 of 2" in result.stdout


def test_play_screen_of_a_third_party_game(runner: CliRunner, fake: Any) -> None:
    """The stand-in plugin (a third-party climbing game) gets the whole play screen
    from its view and its events: the table as its ``table_words`` describe it (with
    its own rule line), the others' card counts, the hand, every bot move announced,
    and its own words for a hand that empties."""
    result = runner.invoke(
        app, ["play", "miniclimb", "-v", "short", "-n", "3", "--seed", "4"], input="#1\n" * 80
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Four of a kind chops a single 2." in out
    assert re.search(r"Cards in hand: An \d+, Bình \d+", out)
    assert "Your hand:" in out
    assert re.search(r"On the table: .+  \((An|Bình|You)\)", out) or "you lead" in out
    assert re.search(r"(An|Bình) (plays|passes)", out)
    assert "sheds the last card!" in out
    assert "Settlement" in out


def test_illegal_cards_are_explained(runner: CliRunner, fake: Any) -> None:
    """Cards not in hand get the game's own sentence, then the prompt again; q quits."""
    result = runner.invoke(
        app,
        ["play", "miniclimb", "-v", "short", "-n", "2", "-s", "4", "--seat", "2"],
        input="2H 2S 2C 2D\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "Card not in hand" in result.stdout or "not a combination" in result.stdout
    assert "Bye." in result.stdout


def test_bad_seat_is_refused(runner: CliRunner, fake: Any) -> None:
    """A seat outside the table is unreadable input: exit 2, one line."""
    result = runner.invoke(app, ["play", "miniclimb", "-n", "2", "--seat", "3"])
    assert result.exit_code == 2
    assert "--seat must be 1 to 2" in result.stderr


def _to_ascii(cards: str) -> str:
    return cards.replace("♠", "S").replace("♣", "C").replace("♦", "D").replace("♥", "H")


SCRIPT = Path(sys.executable).with_name("vncards")


@pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")
def test_whole_game_in_a_pseudo_terminal() -> None:
    """The installed script in a real pseudo-terminal: each turn ask for the moves, then
    type the first one's cards (or p); a wrong entry is explained; the game ends with
    the settlement table."""
    import pexpect

    env = dict(os.environ, PYTHONPATH=FAKE_PATH, TERM="dumb", COLUMNS="120", VNCARDS_PLUGINS="none")
    child = pexpect.spawn(
        str(SCRIPT),
        ["play", "cli_fakegame:plugin", "-v", "short", "-n", "3", "--seed", "7"],
        env=env, encoding="utf-8", timeout=30, dimensions=(50, 120),
    )  # fmt: skip
    try:
        child.expect(PROMPT)
        child.sendline("zz")
        child.expect("I cannot read that")
        turns = 0
        while True:
            i = child.expect([PROMPT, "Settlement"])
            if i == 1:
                break
            turns += 1
            assert turns < 60
            child.sendline("h")
            child.expect(r"#1\s+(play|pass)([^\r\n]*)\r?\n")
            verb, cards = child.match.group(1), child.match.group(2)
            child.expect(PROMPT)
            child.sendline("p" if verb == "pass" else _to_ascii(cards).strip())
        child.expect(r"Play again\? \(y/N\)> ")  # a single game ends by asking
        child.sendline("n")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert turns >= 1
