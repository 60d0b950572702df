"""`vncards referee`: JSON ruling, readable account and exit codes.

The records use the stand-in game (preset ``short``: 6 cards each; four of a kind
chops a single 2 for 3 lá; each loser pays a lá per card left). Expected rulings are
worked out by hand:

* A leads 2♥; B chops it with four 7s (chain 3 lá, A the victim); A cannot beat four
  of a kind and passes, so the round ends and A pays B 3. B leads K♠ K♣, its last
  cards, and wins; A holds 3♠ 4♠ 5♠ 9♣ 9♦, 5 cards: pays 5 more. A −8, B +8.
  With bet 2 that is A −16, B +16.
* If B answers 2♥ with K♠, a single K does not beat a single 2: action 1 is illegal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from vncards.cli.app import app

HANDS = {
    "A": ["2H", "3S", "4S", "5S", "9C", "9D"],
    "B": ["7S", "7C", "7D", "7H", "KS", "KC"],
}
CHOP_GAME: dict[str, Any] = {
    "game": "miniclimb",
    "variant": "short",
    "players": ["A", "B"],
    "hands": HANDS,
    "first": "A",
    "actions": [
        {"player": "A", "play": ["2H"]},
        {"player": "B", "play": ["7S", "7C", "7D", "7H"]},
        {"player": "A", "pass": True},
        {"player": "B", "play": ["KS", "KC"]},
    ],
}


def _write(tmp_path: Path, record: dict[str, Any] | str) -> str:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return str(path)


def test_chop_then_win_is_paid_by_hand_count(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """Chop chain 3 lá settled at the round's end, then 5 cards left: A −8, B +8."""
    result = runner.invoke(app, ["referee", _write(tmp_path, CHOP_GAME), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "game": "miniclimb",
        "variant": "short",
        "legal": True,
        "finished": True,
        "outcome": "win",
        "winner": "B",
        "instant_win": None,
        "payments": {"A": -8, "B": 8},
        "transfers": [
            {"from": "A", "to": "B", "amount": 3, "reason": "chop"},
            {"from": "A", "to": "B", "amount": 5, "reason": "cards-left"},
        ],
        "violations": [],
        "error": None,
    }


def test_bet_multiplies_payments(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """Payments are lá × bet: with bet 2, A −16 and B +16."""
    record = {**CHOP_GAME, "bet": 2}
    result = runner.invoke(app, ["referee", _write(tmp_path, record), "--json"])
    assert json.loads(result.stdout)["payments"] == {"A": -16, "B": 16}


def test_illegal_action_exits_1_with_error(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """A single K over a single 2 does not beat it: legal false, error at index 1, exit 1;
    the game is unfinished and nothing is paid."""
    record = {
        **CHOP_GAME,
        "actions": [{"player": "A", "play": ["2H"]}, {"player": "B", "play": ["KS"]}],
    }
    result = runner.invoke(app, ["referee", _write(tmp_path, record), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["legal"] is False
    assert data["finished"] is False
    assert data["error"]["index"] == 1
    assert data["error"]["player"] == "B"
    assert data["error"]["code"] == "does-not-beat"
    assert data["payments"] == {"A": 0, "B": 0}


def test_readable_account_marks_each_action(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """Without --json: ✓ per legal action, ✗ on the first illegal one and a sentence."""
    record = {
        **CHOP_GAME,
        "actions": [{"player": "A", "play": ["2H"]}, {"player": "B", "play": ["KS"]}],
    }
    result = runner.invoke(app, ["referee", _write(tmp_path, record)])
    assert result.exit_code == 1
    out = result.stdout
    assert "✓ A plays 2♥" in out
    assert "✗ B plays K♠" in out
    assert "action 1 by B is not allowed" in out
    good = runner.invoke(app, ["referee", _write(tmp_path, CHOP_GAME)])
    assert good.exit_code == 0
    assert good.stdout.count("✓") == 4
    assert "winner B" in good.stdout
    assert "-8" in good.stdout
    assert "+8" in good.stdout


def test_account_is_written_from_events(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """DESIGN, Events: the referee's account of the stand-in plugin (a third-party
    game) comes from the events of each action — the chop and its chain (3 lá), the
    chain paid when the round ends, the game's own words for a hand that empties — and
    lists every transfer with its reason."""
    result = runner.invoke(app, ["referee", _write(tmp_path, CHOP_GAME)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    chop = next(i for i, line in enumerate(lines) if "✓ B plays 7♠ 7♣ 7♦ 7♥" in line)
    assert "⚔ Chặt! B chops A: the chain is worth 3 lá." in lines[chop + 1]
    assert "✓ A passes" in lines[chop + 2]
    assert "Chop chain paid: A pays B 3 lá." in lines[chop + 3]
    assert "B sheds the last card!" in result.stdout
    assert "Transfers" in result.stdout
    assert any("chop" in line and "3" in line for line in lines if "│" in line)
    assert any("cards-left" in line and "5" in line for line in lines if "│" in line)


def test_record_from_stdin(runner: CliRunner, fake: Any) -> None:
    """`-` reads the record from standard input."""
    result = runner.invoke(app, ["referee", "-", "--json"], input=json.dumps(CHOP_GAME))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["winner"] == "B"


def _unreadable(runner: CliRunner, tmp_path: Path, record: dict[str, Any] | str) -> str:
    result = runner.invoke(app, ["referee", _write(tmp_path, record), "--json"])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("vncards: error: ")
    assert result.stdout == ""
    assert "Traceback" not in result.output
    return lines[0]


def test_unreadable_records_exit_2(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """Bad JSON, an unknown game, card or player, a deal that is not a deal, a random
    first player left unnamed: one line, exit 2."""
    assert "not valid JSON" in _unreadable(runner, tmp_path, '{"game": ')
    assert "unknown game 'chess'" in _unreadable(runner, tmp_path, {**CHOP_GAME, "game": "chess"})
    bad_card = {**CHOP_GAME, "hands": {**HANDS, "A": ["2X", *HANDS["A"][1:]]}}
    assert "'2X'" in _unreadable(runner, tmp_path, bad_card)
    stranger = {**CHOP_GAME, "actions": [{"player": "Z", "pass": True}]}
    assert "'Z'" in _unreadable(runner, tmp_path, stranger)
    twice = {**CHOP_GAME, "hands": {**HANDS, "A": ["7S", *HANDS["A"][1:]]}}
    assert "dealt twice" in _unreadable(runner, tmp_path, twice)
    short_hand = {**CHOP_GAME, "hands": {**HANDS, "A": HANDS["A"][1:]}}
    assert "was dealt 5 cards" in _unreadable(runner, tmp_path, short_hand)
    no_first = {k: v for k, v in CHOP_GAME.items() if k != "first"}
    assert "'first'" in _unreadable(runner, tmp_path, no_first)
    assert "a record is a JSON object" in _unreadable(runner, tmp_path, "[1, 2]")
    # a whole record followed by a stray line is bad JSON, not two records
    assert "not valid JSON" in _unreadable(runner, tmp_path, json.dumps(CHOP_GAME) + "\n}\n")
    # an unknown card after an illegal action is still an unknown card
    late = {
        **CHOP_GAME,
        "actions": [{"player": "B", "pass": True}, {"player": "A", "play": ["2X"]}],
    }
    assert "'2X'" in _unreadable(runner, tmp_path, late)


def test_missing_file_exits_2(runner: CliRunner, fake: Any, tmp_path: Path) -> None:
    """A record file that does not exist is unreadable input."""
    result = runner.invoke(app, ["referee", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert "no such record file" in result.stderr
