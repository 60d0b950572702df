"""Each game's words wherever the command line says a move: Phỏm's table, events,
refusals and help (rules page, phom.md); the numbered move list and the hint in the
chosen language; the referee's account of every action in the game's words, in
Vietnamese with --vi, while its JSON stays the same."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli._common import console
from vncards.cli._frame import help_text
from vncards.cli._turn import PlayerQuitError, Sitting, human_turn
from vncards.cli.app import app
from vncards.core import PlayedGame, SpeaksAtTable, get_game, play_game, record_game

ROOT = Path(__file__).resolve().parents[2]
ENV = {"COLUMNS": "80", "NO_COLOR": "1"}
# what a view's public values are called: never on a screen that speaks the game's words
RAW = ("takeable", "table_discards", "meld_order", "taken_by", "phase:", "None")


def _phom_screen(runner: CliRunner, typed: str, *extra: str) -> str:
    args = ["play", "phom", "-n", "3", "-b", "greedy", "--seed", "4", "--seat", "2", *extra]
    out = runner.invoke(app, args, input=typed, env=ENV)
    assert out.exit_code == 0, out.output
    return out.stdout


def test_phom_table_in_its_own_words(runner: CliRunner) -> None:
    """Rules page, "What a seat sees": every discard and who made it, the stock, who is
    to act. The screen says them in Phỏm's words — the stock, each seat's discards on
    the table with its count of four, the last discard and whose it is, what the seat
    may do now — and shows no raw public value."""
    screen = _phom_screen(runner, "q\n")
    assert "Stock (nọc): 23 cards" in screen
    assert "Discards on the table (four each):" in screen
    assert re.search(r"^  An    J♣  \(1 of 4\)$", screen, re.M), screen
    assert re.search(r"^  You   none yet$", screen, re.M), screen
    assert "Last discard: J♣, An's" in screen
    assert "Your turn: draw (d)." in screen
    assert "type the card to discard" not in screen  # the table says it: no help line
    for raw in RAW:
        assert raw not in screen, raw


def test_phom_table_and_refusal_in_vietnamese(runner: CliRunner) -> None:
    """--vi: the table, the prompt and a refused take (rules page, Refusals: `no-phom`,
    a take of a card that makes no phỏm with the hand) are in Vietnamese."""
    screen = _phom_screen(runner, "t\nq\n", "--vi")
    for label in ("Nọc còn 23 lá", "Bài đã đánh (mỗi người 4 lá):", "Lá vừa đánh: J chuồn"):
        assert label in screen, label
    assert "Tới lượt bạn: bốc (d)." in screen
    assert "Nước đi (h = gợi ý, ? = trợ giúp)>" in screen
    assert "Lá đó không thành phỏm với bài của bạn: không ăn được." in screen
    for english in ("Stock", "Discards", "Your turn", "Your move", "makes no phỏm"):
        assert english not in screen, english


def test_phom_help_states_what_it_pays() -> None:
    """Rules page, settlement and ăn gà: `?` says how moves are typed (t, d, m … | …,
    l … on …) and what the preset pays: ăn gà 1, ăn chốt 4, ù 5, places 1 2 3, móm 4;
    the flat preset its own (ù 6, ù tròn × 2, places 1 1 1)."""
    plugin = get_game("phom")
    text = " ".join(help_text(plugin, rules=plugin.presets["standard"]).split())
    for part in ("take the last discard (t)", "m 5S 5H 5D | 7C 8C 9C", "l 10C on 7C"):
        assert part in text, part
    assert "1 (ăn gà), 4 for a chốt" in text
    assert "each loser pays 5" in text
    assert "second, third and fourth pay 1, 2, 3, and a móm player pays 4" in text
    assert "(đền)" in text
    flat = " ".join(help_text(plugin, rules=plugin.presets["flat"]).split())
    assert "each loser pays 6 (ù tròn × 2)" in flat
    assert "pay 1, 1, 1" in flat
    vi = " ".join(help_text(plugin, vietnamese=True).split())
    assert "người móm trả 4" in vi
    assert "strongest bot" not in vi


def _first_state(name: str, kinds: set[str], seed: int = 5) -> tuple[Any, Any, Any]:
    """A seeded two-player position whose decision offers one of the record ``kinds``."""
    plugin = get_game(name)
    for s in range(seed, seed + 200):
        state = plugin.new_game(plugin.presets[plugin.default_preset], 2, s)
        for _ in range(40):
            d = plugin.decision(state)
            if d is None:
                break
            records = [plugin.action_to_record(state, a) for a in d.actions]
            if any(kinds & set(r) for r in records):
                return plugin, state, d
            plugin.apply(state, d.actions[0])
    raise AssertionError(f"no {name} position offering {kinds}")


def _listed(monkeypatch: pytest.MonkeyPatch, name: str, kinds: set[str], vi: bool) -> str:
    plugin, state, d = _first_state(name, kinds)
    names = ["Bạn" if vi else "You", "An"]
    names = names if d.seat == 0 else names[::-1]
    t = Sitting(plugin, names, d.seat, {}, vi, [0, 0])
    answers = ["moves", "q"]
    monkeypatch.setattr(console, "input", lambda prompt="", **_: answers.pop(0))
    with console.capture() as cap, pytest.raises(PlayerQuitError):
        human_turn(t, state, plugin.view(state, d.seat), d.actions, d.optional)
    return cap.get()


@pytest.mark.parametrize(
    ("name", "kinds", "words", "english"),
    [
        ("samloc", {"declare"}, ("#1  báo Sâm", "bỏ qua (không bắt buộc)"), ("declare",)),
        ("tusac", {"discard"}, ("#1  đánh ",), ("discard",)),
        ("tusac", {"take"}, ("ăn lá trên bàn",), ("take", "draw ")),
        ("tienlen", {"play"}, ("#1  đánh ",), ("play ", "pass")),
    ],
)
def test_vietnamese_move_list_is_in_the_games_words(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    kinds: set[str],
    words: tuple[str, ...],
    english: tuple[str, ...],
) -> None:
    """--vi: `moves` lists each legal move in the game's own Vietnamese words (đánh,
    ăn, bốc, báo Sâm), never an English verb or a record code."""
    out = _listed(monkeypatch, name, kinds, vi=True)
    listed = [line for line in out.splitlines() if re.match(r"\s+(#\d+|p )", line)]
    assert listed, out
    for word in words:
        assert any(word in line for line in listed), (word, listed)
    for line in listed:
        for verb in english:
            assert verb not in line, (verb, line)


def test_english_move_list_says_sam(monkeypatch: pytest.MonkeyPatch) -> None:
    """The declaration is named by the game (Sâm), not by its record code."""
    out = _listed(monkeypatch, "samloc", {"declare"}, vi=False)
    assert "#1  declare Sâm" in out
    assert "sam" not in out.replace("Sâm", "")


def _phom_record(tmp_path: Path) -> Path:
    """A whole seeded Phỏm game of greedy bots with a take, a meld and a lay-off."""
    plugin = get_game("phom")
    for seed in range(200):
        state = plugin.new_game(plugin.presets["standard"], 3, seed)
        bots = [plugin.bots["greedy"](i) for i in range(3)]
        game: PlayedGame[Any, Any] = play_game(plugin, state, bots)
        made = record_game(plugin, game, ["An", "Bình", "Chi"])
        data = made.model_dump(mode="json", exclude_none=True)
        keys = {k for a in data["actions"] for k in a}
        melded = any(a.get("meld") for a in data["actions"])
        if {"take", "lay_off"} <= keys and melded and made.actions:
            path = tmp_path / "phom.json"
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            return path
    raise AssertionError("no greedy Phỏm game with a take, a meld and a lay-off")


def _referee(runner: CliRunner, path: Path, *extra: str) -> str:
    out = runner.invoke(app, ["referee", str(path), *extra], env={"COLUMNS": "120"})
    assert out.exit_code == 0, out.output
    return out.stdout


def test_referee_account_of_phom_in_its_words(runner: CliRunner, tmp_path: Path) -> None:
    """Rules page (phom.md, Records and Events): the account says each action in Phỏm's
    words — takes naming the card and whom from, melds, lay-offs, the ăn gà paid at the
    take — how the game ended, and each transfer's reason in words, never a record key
    or a reason code."""
    path = _phom_record(tmp_path)
    text = _referee(runner, path)
    ticked = [line for line in text.splitlines() if "✓" in line]
    assert any(re.search(r"✓ \S+ takes \S+ from \S+", line) for line in ticked), ticked
    assert any(" melds " in line or "móm" in line for line in ticked)
    assert any(" lays off " in line and " on " in line for line in ticked)
    assert re.search(r"pays \S+ \d+ lá \(ăn (gà|chốt)", text), text
    assert re.search(r"\S+ wins(: first place| at once)", text), text
    for code in ("lay_off", "meld [", "an-ga", "Outcome:", "'draw'"):
        assert code not in text, code


def test_referee_vi_speaks_vietnamese_and_json_is_unchanged(
    runner: CliRunner, tmp_path: Path
) -> None:
    """`referee --vi`: the account in Vietnamese (the game's moves, the ruling, the
    reasons); `--json` is the DESIGN contract in every language."""
    tusac = ROOT / "examples" / "tusac-game.json"
    text = _referee(runner, tusac, "--vi")
    assert "Mọi nước đi đều hợp lệ." in text
    assert re.search(r"✓ \S+ đánh ", text)
    assert re.search(r"✓ \S+ ăn ", text)
    assert "tiền tới" in text  # the win's transfer, in words
    for english in ("discards", "takes", "Every action", "Payments", "lets the drawn"):
        assert english not in text, english
    phom = _referee(runner, _phom_record(tmp_path), "--vi")
    assert re.search(r"✓ \S+ (hạ|móm)", phom)
    assert re.search(r"✓ \S+ gửi ", phom)
    for path in (tusac, tmp_path / "phom.json"):
        plain = json.loads(_referee(runner, path, "--json"))
        assert json.loads(_referee(runner, path, "--json", "--vi")) == plain


def test_every_game_says_its_record_actions() -> None:
    """Each game's talk says each of its record action kinds in both languages,
    without the record key itself (a record key is the game's vocabulary, not words)."""
    samples: dict[str, list[dict[str, Any]]] = {
        "tienlen": [{"play": ["3S"]}, {"pass": True}],
        "samloc": [{"play": ["3S"]}, {"pass": True}, {"declare": "sam"}],
        "tusac": [{"discard": "RK"}, {"take": []}, {"take": ["RK"]}, {"draw": True}],
        "maubinh": [{"arrange": {"chi1": ["AS"], "chi2": ["KS"], "chi3": ["QS"]}}],
        "phom": [{"draw": True}, {"take": True}, {"meld": []}, {"meld": [["AS", "2S", "3S"]]}],
    }
    for name, actions in samples.items():
        plugin = get_game(name)
        assert isinstance(plugin, SpeaksAtTable)
        for vietnamese in (False, True):
            talk = plugin.table_talk(vietnamese)
            for data in actions:
                said = "".join(p for p in talk.action(data) if isinstance(p, str))
                assert said.strip(), (name, data)
                if vietnamese:
                    assert not set(data) & set(said.split()), (name, data, said)


def test_maubinh_in_vietnamese(runner: CliRunner) -> None:
    """--vi (rules page, maubinh.md: arrange, then every chi revealed): who is still to
    arrange, how an arrangement is typed, each arrangement and each reveal with its
    hands' Vietnamese names (sảnh, thú, cù lũ, mậu thầu …), in Vietnamese."""
    args = ["play", "maubinh", "-n", "3", "-b", "greedy", "--seed", "8", "--vi"]
    out = runner.invoke(app, args, input="#1\nn\n", env=ENV)
    assert out.exit_code == 0, out.output
    screen = " ".join(out.stdout.split())
    for said in ("Còn chờ xếp bài: Bạn, An, Bình.", "Gõ ba chi", "An đã xếp bài.", "lật bài:"):
        assert said in screen, said
    assert "(mậu thầu)" in screen
    for english in ("Still to arrange", "has arranged", "revealed", "high-card", "Type your"):
        assert english not in screen, english


@pytest.mark.parametrize("name", ["tienlen", "samloc"])
def test_climbing_events_in_vietnamese(name: str) -> None:
    """--vi: a climbing game's events — a play, a pass, a chop and the chain paid when
    its round ends, a declaration (Sâm), a hand that empties — are Vietnamese lines."""
    from vncards.cli._display import event_text
    from vncards.core import Chopped, Declared, Passed, Played, Settled, Transfer, WentOut

    plugin, names = get_game(name), ["Bạn", "An"]
    events = [
        Played(1, ("3S",)),
        Passed(0),
        Chopped(1, victim=0, value=6),
        Settled(None, (Transfer(0, 1, 6, "chop"),)),
        WentOut(1),
        *([Declared(0, "sam")] if name == "samloc" else []),  # Tiến lên declares nothing
    ]
    lines = [event_text(plugin, e, names, you=0, vietnamese=True) for e in events]
    said = [line.plain for line in lines if line is not None]
    assert said == [
        "An đánh 3 bích",
        "Bạn bỏ lượt",
        "  ⚔ Chặt! An chặt Bạn: cả chuỗi 6 lá.",
        "  Trả tiền chặt: Bạn trả An 6 lá.",
        "  An hết bài.",
        *(["Bạn báo Sâm"] if name == "samloc" else []),
    ]


# refusal codes of each game's rules page (its table of refusals), a few each
REFUSALS = {
    "tienlen": ("does-not-beat", "not-a-combination", "cannot-pass-lead", "wrong-first-play"),
    "samloc": ("does-not-beat", "passed-this-round", "finish-on-two", "already-declared"),
    "tusac": ("not-junk", "must-take", "khap-locked", "no-pass"),
    "maubinh": ("bad-arrangement", "already-arranged"),
    "phom": ("no-phom", "two-taken", "must-meld", "breaks-phom", "no-such-phom"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refusals_in_vietnamese(name: str) -> None:
    """--vi: a refused move says the rule in Vietnamese, not the engine's English
    sentence; in English the sentence is the game's (Phỏm's addresses the player)."""
    plugin = get_game(name)
    assert isinstance(plugin, SpeaksAtTable)
    talk = plugin.table_talk(vietnamese=True)
    for code in REFUSALS[name]:
        said = talk.refusal(code, "The engine's sentence.")
        assert said != "The engine's sentence.", (name, code)
        assert not re.search(r"\b(the|this|player|card)\b", said, re.I), (name, code, said)


@pytest.mark.parametrize("name", ["tienlen", "samloc", "tusac", "phom"])
def test_help_lines_fit_80_columns(name: str) -> None:
    """Each preset's `?`, in both languages, is lines of at most 80 characters (Mậu
    Binh's typed form is paragraphs, which the terminal wraps)."""
    from rich.text import Text

    plugin = get_game(name)
    for vietnamese in (False, True):
        for rules in plugin.presets.values():
            text = Text.from_markup(help_text(plugin, vietnamese=vietnamese, rules=rules)).plain
            for line in text.splitlines():
                assert len(line) <= 80, (name, vietnamese, line)
