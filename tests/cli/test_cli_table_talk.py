"""The play screen in each game's own words: the Tứ Sắc table as melds, pile and active
card (never its raw public values), the end of a round, payments in words, one meaning
of hint, a refusal that gives the game's rule, each game's own `?`, "again?" at the end
and `vncards --version`."""

from __future__ import annotations

import io
import os
import random
import re
import sys
from importlib import machinery
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli._about import build_kind, is_compiled
from vncards.cli._common import console
from vncards.cli._frame import help_text
from vncards.cli._turn import Sitting, human_turn
from vncards.cli.app import app
from vncards.core import SpeaksAtTable, get_game

GAMES = ("tienlen", "samloc", "tusac", "maubinh", "phom")


def _game(name: str) -> Any:
    return get_game(name)


def _fed(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    def fake_input(prompt: str = "", **_: Any) -> str:
        return answers.pop(0)

    monkeypatch.setattr(console, "input", fake_input)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("vietnamese", [False, True])
def test_every_reason_code_has_words(name: str, vietnamese: bool) -> None:
    """Each game's rules page lists its transfer reasons (the table "Transfers (reason
    codes)"): the screen shows each in words, never the bare code, in both languages."""
    plugin = _game(name)
    assert isinstance(plugin, SpeaksAtTable)
    talk = plugin.table_talk(vietnamese)
    vocabulary = _game(name).record_vocabulary
    for code in vocabulary.transfer_reasons:
        words = talk.reason(code)
        assert words, (name, code)
        assert words != code, (name, code)
    for outcome in vocabulary.outcomes:
        from vncards.core import GameResult

        said = talk.outcome(GameResult(True, outcome, 0, None, (0, 0)), ["You", "An"], 0)
        assert outcome not in said.split(), (name, outcome, said)


def _tusac_screen(runner: CliRunner, *extra: str) -> str:
    args = ["play", "tusac", "--seed", "5", "--seat", "2", "-b", "greedy", *extra]
    out = runner.invoke(app, args, input="q\n", env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert out.exit_code == 0, out.output
    return out.stdout


def test_tusac_table_is_melds_pile_and_active_card(runner: CliRunner) -> None:
    """Rules page, "What each player sees": every exposed group of every seat, the
    discard history, the active card and who put it there. The screen says them in
    words — one line of melds per seat, the pile, the active card with its owner, whose
    choice it is — and shows no raw public value (no `phase:`, no `active_drawn`)."""
    screen = _tusac_screen(runner)
    for label in ("Dealer (cái): An", "Melds on the table:", "Discard pile:"):
        assert label in screen
    assert re.search(r"Active card: \S+, discarded by An", screen), screen
    assert "Your turn: take it with cards of yours (t CARDS), or draw (d)." in screen
    for seat in ("An", "You", "Bình", "Chi"):
        assert re.search(rf"^  {seat}\s+none yet", screen, re.M), (seat, screen)
    for raw in ("phase:", "active_drawn", "groups:", "discards:", "type discard", "None"):
        assert raw not in screen, raw


def test_tusac_table_in_vietnamese(runner: CliRunner) -> None:
    """--vi: the table's words are Vietnamese too, not only the cards' names."""
    screen = _tusac_screen(runner, "--vi")
    for label in ("Cái: An", "Bài đã hạ:", "Bài đã đánh:", "Lá trên bàn:", "nọc còn"):
        assert label in screen, label
    for label in ("Bài của bạn:", "Nước đi (", "chơi với bạn", "Số lá trên tay"):
        assert label in screen, label  # the screen's own frame too
    for english in ("Melds", "Discard pile", "Active card", "Dealer", "Your hand", "Your move"):
        assert english not in screen, english


def test_round_end_is_announced(runner: CliRunner) -> None:
    """Rules page (tienlen.md, Rounds): when everyone else has passed, the last player
    takes the round and leads the next; the screen says so between rounds."""
    args = ["play", "tienlen", "-n", "3", "-b", "greedy", "--seed", "7"]
    out = runner.invoke(app, args, input="#1\n" * 300, env={"COLUMNS": "100"})
    assert out.exit_code == 0, out.output
    assert re.search(
        r"^(An|Bình|You) takes the round(?: and leads|; \w+ leads)\.$", out.stdout, re.M
    )


def test_hint_is_the_strongest_bots_choice_then_the_list(runner: CliRunner) -> None:
    """`h` is the strongest bot's choice with a one-line reason; `h` again lists every
    legal move, numbered."""
    args = ["play", "tienlen", "-n", "2", "-b", "greedy", "--seed", "3", "--think", "0.01"]
    out = runner.invoke(app, args, input="h\nh\nq\n", env={"COLUMNS": "100"})
    assert out.exit_code == 0, out.output
    flat = " ".join(out.stdout.split())
    hint = re.search(r"Hint \(#(\d+)\): (.+?) — (.+?) h again lists every move\.", flat)
    assert hint, flat
    assert "playouts" in hint.group(3) or "nothing else" in hint.group(3)
    number = hint.group(1)
    assert re.search(rf"#{number} +{re.escape(hint.group(2))}", flat), "the hint is in the list"


def _only_pass(plugin: Any, n: int) -> tuple[Any, Any]:
    """A seeded Tiến lên position where the seat to act may only pass, with a single it
    holds and the table's combination."""
    rng = random.Random(4)
    rules = plugin.presets[plugin.default_preset]
    for seed in range(300):
        state = plugin.new_game(rules, n, seed)
        for _ in range(60):
            d = plugin.decision(state)
            if d is None:
                break
            records = [plugin.action_to_record(state, a) for a in d.actions]
            view = plugin.view(state, d.seat)
            table = view.table
            only_pass = records == [{"pass": True}] and len(view.hand) > 1
            if only_pass and table is not None and table.mask.bit_count() == 3:
                return state, d  # a triple (or a 3-card straight) to beat
            plugin.apply(state, rng.choice(d.actions))
    raise AssertionError("no position with a combination of three and only a pass")


def test_refusal_gives_the_games_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules page (tienlen.md, Combinations): a play must be of the table's kind. With
    only a pass left, a typed single is refused with the engine's own reason (the
    IllegalMove message), not a generic "cards are not a move here"."""
    plugin = _game("tienlen")
    state, d = _only_pass(plugin, 3)
    view = plugin.view(state, d.seat)
    names = ["You", "An", "Bình"]
    t = Sitting(plugin, names, d.seat, {}, False, [0, 0, 0])
    single = view.hand[0]
    trial = state.copy()
    from vncards.core import IllegalMove, RecordAction

    action = plugin.action_from_record(
        state, RecordAction.model_validate({"player": "You", "play": [single]}), d.seat
    )
    with pytest.raises(IllegalMove) as refused:
        plugin.apply(trial, action)
    _fed(monkeypatch, [single, "p"])
    with console.capture() as cap:
        chosen = human_turn(t, state, view, d.actions, d.optional)
    out = " ".join(cap.get().split())
    assert chosen == d.actions[0]
    assert " ".join(refused.value.message.split()) in out
    assert "Cards are not a move here" not in out


def test_sam_help_says_what_a_declaration_pays_and_costs() -> None:
    """Rules page (samloc.md, Sâm): success — each opponent pays 20; failure — the
    declarer pays the blocker 20 × the opponents, or 20 to every other player under
    `sam_failure_payee = everyone` (preset a23). `?` states the preset's own terms."""
    plugin = _game("samloc")
    standard = " ".join(help_text(plugin, rules=plugin.presets["standard"]).split())
    assert "each opponent pays you 20" in standard
    assert "you pay whoever beats you 20 per opponent" in standard
    a23 = " ".join(help_text(plugin, rules=plugin.presets["a23"]).split())
    assert "you pay 20 to every other player" in a23
    tienlen = help_text(_game("tienlen"))
    assert "Sâm" not in tienlen, "each game its own help"
    assert "declare" not in tienlen


def test_tusac_help_is_its_own() -> None:
    """Tứ Sắc's `?` speaks of its own moves (take, draw, đền), not of a climbing game's."""
    text = " ".join(help_text(_game("tusac")).split())
    for word in ("t CARDS", "draw the top of the stock", "đền", "Quàn"):
        assert word in text
    assert "pass (or decline" not in text


SCRIPT = Path(sys.executable).with_name("vncards")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


# what the screen says in each language, for the pseudo-terminal test
_PTY_WORDS = {
    False: (r"Your move \([^)]*\)> ", r"Play again\? \(y/N\)> ", "2 records saved to", "Payments"),
    True: (r"Nước đi \([^)]*\)> ", r"Chơi ván nữa\? \(y/N\)> ", "Đã lưu 2 biên bản", "Thanh toán"),
}


# every game at 80 columns; the widest tables at 100 too; --vi where a game's own words
# differ (Tiến lên's Vietnamese is the climbing core's, as Sâm's is)
_PTY_CASES = [
    *((game, 80, False) for game in ("tienlen", "samloc", "tusac", "maubinh", "phom")),
    *((game, 100, False) for game in ("tusac", "phom")),
    *((game, 80, True) for game in ("samloc", "tusac", "maubinh", "phom")),
]


@pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")
@pytest.mark.parametrize(("game", "columns", "vi"), _PTY_CASES)
def test_a_game_and_again_in_a_pseudo_terminal(
    game: str, columns: int, vi: bool, tmp_path: Path
) -> None:
    """In a real pseudo-terminal 80 or 100 columns wide, with colour (as a person sees
    it), in English or with --vi: every line fits the width, the table is in words, a
    single game ends by asking "again?"; yes plays another whose record is a file of its
    own, no ends."""
    import pexpect

    move, again_prompt, saved, payments = _PTY_WORDS[vi]
    path = tmp_path / "game.json"
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), VNCARDS_PLUGINS=game)
    env.pop("NO_COLOR", None)
    args = ["play", game, "-n", "2", "-b", "random", "--seed", "5", "--record", str(path)]
    child = pexpect.spawn(
        str(SCRIPT),
        [*args, *(["--vi"] if vi else [])],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, columns),
    )
    log = io.StringIO()
    child.logfile_read = log
    again = 0
    try:
        for _ in range(800):
            i = child.expect([move, again_prompt])
            if i == 1:
                again += 1
                child.sendline("y" if again == 1 else "n")
                if again == 2:
                    break
            else:
                child.sendline("#1")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert again == 2
    assert path.exists()
    assert (tmp_path / "game-2.json").exists()
    transcript = ANSI.sub("", log.getvalue())
    for line in transcript.splitlines():
        assert len(line.rstrip()) <= columns, line
    assert saved in transcript
    assert f"{payments} (lá):" in transcript
    raw = {
        "tusac": ("phase:", "active_drawn", "type discard"),
        "phom": ("takeable", "table_discards", "meld_order", "Stock: "),
    }.get(game, ("combo:",))
    for value in raw:
        assert value not in transcript
    if vi:
        for english in ("Your ", " the ", " you ", " card"):
            assert english not in transcript, english


def test_version_says_which_build() -> None:
    """`vncards --version`: the version and the build the core chose as it loaded
    (compiled, or pure Python when forced, stale or never built)."""
    from vncards.core._native import SELECTED

    kind = "compiled" if SELECTED["vncards.core"] else "pure Python"
    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0
    assert re.fullmatch(rf"vncards \d+\.\d+\.\d+\S* \({kind}\)\n", out.stdout), out.stdout
    assert build_kind() == kind


def test_build_kind_recognises_an_extension_module() -> None:
    """A module loaded from an extension-module file counts as compiled."""
    compiled = [
        name
        for name, module in list(sys.modules.items())
        if str(getattr(module, "__file__", "")).endswith(tuple(machinery.EXTENSION_SUFFIXES))
    ]
    assert compiled, "some extension module is loaded (pydantic-core, at least)"
    assert is_compiled(compiled[0])
    assert build_kind(compiled[:1]) == "compiled"
    assert not is_compiled("vncards.core._records")  # never compiled, in any build
    assert build_kind([compiled[0], "vncards.core._records"]) == "pure Python"
