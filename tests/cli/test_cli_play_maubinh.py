"""`vncards play maubinh` and `vncards analyze maubinh` through the generic capabilities:
an arrangement typed at the prompt (ReadsMoves), the solver's arrangement as the hint
(SuggestsMoves), and an analysis worded by the game (DescribesAnalysis)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import derive_seed, format_cards
from vncards.maubinh import PRESETS, MauBinhRules, greedy_split, plugin

SEED = 3
PROMPT = "Your move (h = hint, ? = help)> "


@pytest.fixture(autouse=True)
def _only_maubinh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VNCARDS_PLUGINS", "maubinh")


def _deal(seed: int = SEED, n: int = 3) -> Any:
    """The state `play --seed SEED` deals for its first game."""
    return plugin.new_game(MauBinhRules(), n, derive_seed(seed, 0))


def _play(runner: CliRunner, typed: str, record: Path, *extra: str) -> str:
    args = ["play", "maubinh", "-n", "3", "-s", str(SEED), "-b", "greedy,greedy"]
    result = runner.invoke(app, [*args, "--record", str(record), *extra], input=typed)
    assert result.exit_code == 0, result.output
    return result.stdout


def _your_arrangement(record: Path) -> dict[str, set[str]]:
    data = json.loads(record.read_text(encoding="utf-8"))
    mine = [a for a in data["actions"] if a["player"] == "You"]
    assert len(mine) == 1  # one arrangement: refused entries left no trace
    return {k: set(v) for k, v in mine[0]["arrange"].items()}


def _flat(text: str) -> str:
    """The screen's text with its line wrapping undone."""
    return " ".join(text.split())


def test_whole_game_by_a_typed_labelled_arrangement(runner: CliRunner, tmp_path: Path) -> None:
    """The play contract for Mậu Binh: the player types three chi (labelled, in any
    order); the game runs to the reveal and the settlement, and the record holds
    exactly the typed arrangement."""
    st = _deal()
    assert st.instant[0] is None  # the human seat has to arrange in this deal
    split = greedy_split(st.ev, st.hands[0])
    chi1, chi2, chi3 = (format_cards(c) for c in (split.chi1, split.chi2, split.chi3))
    typed = f"chi3: {' '.join(chi3)} / chi1: {' '.join(chi1)} / chi2: {', '.join(chi2)}\n"
    out = _play(runner, typed, tmp_path / "game.json")
    flat = _flat(out)
    assert "Type your three chi separated by /" in flat
    assert "You arranged" in flat
    assert "Settlement" in out
    assert flat.count("revealed") >= 3  # every seat's chi revealed
    assert _your_arrangement(tmp_path / "game.json") == {
        "chi1": set(chi1),
        "chi2": set(chi2),
        "chi3": set(chi3),
    }


def test_unlabelled_groups_and_hand_positions(runner: CliRunner, tmp_path: Path) -> None:
    """Three unlabelled groups are chi1 / chi2 / chi3 in that order, and a chi may be
    positions in the hand as the screen numbers it."""
    st = _deal()
    hand = plugin.view(st, 0).hand
    typed = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13\n"
    a = plugin.parse_move(plugin.view(st, 0), typed)
    confirm = "y\n" if plugin.action_warning(st, a) else ""  # binh lủng is asked about
    out = _play(runner, typed + confirm, tmp_path / "game.json")
    assert "Settlement" in out
    assert _your_arrangement(tmp_path / "game.json") == {
        "chi1": set(hand[:5]),
        "chi2": set(hand[5:10]),
        "chi3": set(hand[10:]),
    }


def test_refused_arrangements_get_one_line_and_the_prompt_again(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Illegal-action contract at the terminal: a badly typed arrangement, a chi of the
    wrong size and a card the player does not hold are each refused in one line, the
    prompt comes again and nothing is arranged until a good entry."""
    st = _deal()
    held = set(st.hands[0])
    stranger = format_cards([next(c for c in range(52) if c not in held)])[0]
    hand = plugin.view(st, 0).hand
    typed = "\n".join(
        [
            "AS AH / 2C",  # two groups
            "chi1: 1 2 3 4 5 / 6 7 8 9 10 / 11 12 13",  # labels on some chi only
            "1 2 3 4 5 / 6 7 8 9 10 / JD QH ZZ",  # no card
            "1 2 3 4 / 5 6 7 8 9 10 / 11 12 13",  # 4 + 6 + 3
            f"{stranger} {' '.join(hand[1:5])} / 6 7 8 9 10 / 11 12 13",  # not held
            "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13",
            "y",  # …and made, even if binh lủng
            "",
        ]
    )
    out = _play(runner, typed, tmp_path / "game.json")
    lines = out.splitlines()
    refusals = [
        "I cannot read that: type three chi separated by /, not 2",
        "I cannot read that: label every chi",
        "I cannot read that: chi3: unknown card 'ZZ'.",
        "chi1, chi2 and chi3 hold 5, 5 and 3 cards, not 4, 6 and 3",
        f"does not hold {stranger}",
    ]
    arranged = next(i for i, line in enumerate(lines) if "You arranged" in line)
    for words in refusals:
        at = [i for i, line in enumerate(lines) if words in line]
        assert len(at) == 1, words  # said once, on one line
        assert at[0] < arranged
        assert PROMPT.strip() in lines[at[0] + 1]  # …and asked again
    assert _your_arrangement(tmp_path / "game.json") == {
        "chi1": set(hand[:5]),
        "chi2": set(hand[5:10]),
        "chi3": set(hand[10:]),
    }


def test_hint_shows_the_solvers_arrangement_and_picks_it(runner: CliRunner, tmp_path: Path) -> None:
    """The hint is the game's suggestion (the solver's arrangement with its hands and
    expected chi), never the 72,072 legal splits; #1 makes it."""
    st = _deal()
    [(words, action)] = plugin.hint(plugin.view(st, 0))
    out = _play(runner, "h\n#1\n", tmp_path / "game.json")
    flat = _flat(out)
    assert "#1 solver: chi1:" in flat
    assert "#2" not in flat
    for part in words:
        if isinstance(part, str) and "(" in part:
            assert part.strip(" /") in flat  # the hand of each chi: (two-pair), …
    assert "chi against each opponent" in flat
    assert _your_arrangement(tmp_path / "game.json") == {
        "chi1": set(format_cards(action.chi1)),
        "chi2": set(format_cards(action.chi2)),
        "chi3": set(format_cards(action.chi3)),
    }


def test_binh_lung_is_asked_about_before_it_is_made(runner: CliRunner, tmp_path: Path) -> None:
    """Binh lủng is legal but loses: the screen names it (WarnsOfPenalties) and asks;
    answering no leaves nothing arranged and the prompt comes again."""
    st = _deal()
    view = plugin.view(st, 0)
    fouled = next(
        text
        for text in (
            "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13",
            "11 12 13 1 2 / 3 4 5 6 7 / 8 9 10",
            "1 2 3 4 5 / 9 10 11 12 13 / 6 7 8",
        )
        if plugin.action_warning(st, plugin.parse_move(view, text))
    )
    [(_, hinted)] = plugin.hint(view)
    out = _play(runner, f"{fouled}\nn\n#1\n", tmp_path / "game.json")
    flat = _flat(out)
    assert "This move is binh lủng" in flat
    assert "Make it anyway? (y/N)>" in flat
    assert flat.count("You arranged") == 1
    assert _your_arrangement(tmp_path / "game.json") == {
        "chi1": set(format_cards(hinted.chi1)),
        "chi2": set(format_cards(hinted.chi2)),
        "chi3": set(format_cards(hinted.chi3)),
    }


def test_help_explains_the_typed_form(runner: CliRunner, tmp_path: Path) -> None:
    """`?` shows how an arrangement is typed (the game's own lines) and the screen's
    keys; a suggestion number out of range is refused."""
    out = _play(runner, "?\n#7\n#1\n", tmp_path / "game.json")
    flat = _flat(out)
    assert "chi1: AS AH AD 5C 5D / chi2: 9S 9H 7S 8C 2C / chi3: JD QH KS" in flat
    assert "#N picks suggestion N" in flat
    assert "Choose #1 to #1" in flat


def test_quit_at_the_prompt(runner: CliRunner, tmp_path: Path) -> None:
    """`q` leaves the game."""
    result = runner.invoke(app, ["play", "maubinh", "-n", "2", "-s", "1"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Bye." in result.stdout


# ------------------------------------------------------------------ analyze

PLAIN_HAND = "AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C"
DRAGON = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH"  # sảnh rồng: 2 to A


def test_analyze_text_without_an_instant_hand(runner: CliRunner) -> None:
    """`analyze maubinh CARDS` for people: no instant hand, the solver's three chi with
    their hands and its expected chi, as the game words them."""
    result = runner.invoke(app, ["analyze", "maubinh", PLAIN_HAND])
    assert result.exit_code == 0, result.output
    data = plugin.analyze_cards(PLAIN_HAND.split())
    out = result.stdout
    assert "Instant hand: none." in out
    assert f"expected {data['expected_chi']:+.2f} chi" in out
    for key, hand in zip(("chi1", "chi2", "chi3"), data["hands"], strict=True):
        line = next(line for line in out.splitlines() if line.strip().startswith(f"{key}:"))
        assert line.rstrip().endswith(hand)


def test_analyze_text_with_an_instant_hand(runner: CliRunner) -> None:
    """An instant hand (sảnh rồng) is named first."""
    result = runner.invoke(app, ["analyze", "maubinh", DRAGON])
    assert result.exit_code == 0, result.output
    assert "Instant hand: sanh-rong" in result.stdout
    assert "Solver's arrangement" in result.stdout


@pytest.mark.parametrize("hand", [PLAIN_HAND, DRAGON])
def test_analyze_json_is_the_games_answer(runner: CliRunner, hand: str) -> None:
    """The JSON stays exactly as the game gives it."""
    result = runner.invoke(app, ["analyze", "maubinh", hand, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == plugin.analyze_cards(hand.split())


def test_analyze_uses_the_chosen_variant(runner: CliRunner) -> None:
    """--variant reaches the game's analysis: quads in chi1 are worth more under the
    standard bonuses than under the flat preset."""
    hand = "9S 9H 9D 9C 2S 3H 4D 6C 8S JD QH KS AC"
    answers = {}
    for name, rules in PRESETS.items():
        result = runner.invoke(app, ["analyze", "maubinh", hand, "-v", name, "--json"])
        assert result.exit_code == 0, result.output
        answers[name] = json.loads(result.stdout)
        assert answers[name] == plugin.analyze_cards(hand.split(), rules=rules)
    assert answers["standard"]["expected_chi"] != answers["flat"]["expected_chi"]


def test_analyze_refuses_a_short_hand(runner: CliRunner) -> None:
    """Twelve cards are no Mậu Binh hand: an error, not a traceback."""
    result = runner.invoke(app, ["analyze", "maubinh", "AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS"])
    assert result.exit_code != 0
    assert "13 cards" in result.output


def test_play_help_of_a_game_that_reads_its_moves(runner: CliRunner) -> None:
    """`play maubinh --help` ends with the game's own form of a move, not card
    examples of a single play."""
    result = runner.invoke(app, ["play", "maubinh", "--help"])
    assert result.exit_code == 0, result.output
    flat = _flat(result.stdout)
    assert "Type your three chi separated by /" in flat
    assert "Cards for" not in flat
