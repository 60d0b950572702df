"""`--vi` leaves no English: a card typed in no notation, a typed move of the wrong form
(Phỏm's melds and lay-offs, Mậu Binh's three chi), the hint of a game that suggests
its own moves (the solver's arrangement and its reason) and the referee's account of
penalised legal acts (báo một, đền) are all said in Vietnamese, and `--json` stays the
same in both languages."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app

# English words that no Vietnamese sentence of a screen uses (cards, player names and
# the keys a player types — h, p, moves — are not among them)
_ENGLISH = {
    "about", "against", "and", "appears", "be", "card", "cards", "chi1s", "discard",
    "draw", "each", "every", "hand", "have", "is", "label", "lay", "meld", "move",
    "must", "not", "of", "one", "opponent", "or", "positions", "rank", "records",
    "say", "separated", "suit", "take", "the", "three", "twice", "type", "typed",
    "unknown", "which", "your",
}  # fmt: skip
_WORD = re.compile(r"[A-Za-z]+")
_ENV = {"COLUMNS": "80", "NO_COLOR": "1"}
_MISREAD = "Không đọc được:"
SCRIPT = Path(sys.executable).with_name("vncards")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _english(screen: str) -> list[str]:
    """The lines of ``screen`` holding an English word, but the opening line (it names
    the bots, whose names are English)."""
    lines = screen.splitlines()[2:]
    return [line for line in lines if _ENGLISH & {w.lower() for w in _WORD.findall(line)}]


def _play(runner: CliRunner, args: list[str], typed: list[str], vi: bool = True) -> str:
    line = ["play", *args, "-b", "greedy", "--think", "0.01", *(["--vi"] if vi else [])]
    out = runner.invoke(app, line, input="\n".join([*typed, "q"]) + "\n", env=_ENV)
    assert out.exit_code == 0, out.output
    return out.stdout


# a seed where the seat typed for acts first, and what is mistyped there: a card in no
# notation, a rank with no suit, a card twice, the game's own malformed moves
_MISTYPED = {
    "tienlen": (["tienlen", "-n", "4", "--seed", "2"], ["zz", "J", "3s 3s"]),
    "samloc": (["samloc", "--seed", "2"], ["p", "zz", "J", "3s 3s"]),
    "tusac": (["tusac", "--seed", "5", "--seat", "2"], ["RX", "t zz", "xx yy"]),
    "phom": (["phom", "--seed", "1"], ["xyz", "J", "gửi 10C", "l", "zz 9S"]),
    "maubinh": (
        ["maubinh", "--seed", "1"],
        [
            "xyz",
            "chi1: 1 2 3 4 5 / 6 7 8 9 10 / 11 12 13",
            "chi1: 1 2 3 4 5 / chi1: 6 7 8 9 10 / chi3: 11 12 13",
            "1 2 3 4 5 / 6 7 8 9 10 / 11 12 14",
            "1 2 3 4 5 / 6 7 8 9 10 / JD QH ZZ",
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(_MISTYPED))
def test_what_cannot_be_read_is_said_in_vietnamese(runner: CliRunner, name: str) -> None:
    """Each game's notation (rules pages, "Card notation"): what is typed in none is
    refused with why, in the screen's language — every refusal in Vietnamese under
    --vi, and the same entries refused in English without it."""
    args, typed = _MISTYPED[name]
    mistakes = len([t for t in typed if t != "p"])
    screen = _play(runner, args, typed)
    assert screen.count(_MISREAD) == mistakes, screen
    assert _english(screen) == [], _english(screen)
    english = _play(runner, args, typed, vi=False)
    assert english.count("I cannot read that:") == mistakes, english


def test_a_word_the_game_has_no_move_for_says_what_may_be_typed(runner: CliRunner) -> None:
    """Tiến lên has no draw and no take (rules page, "Actions"): `d` and `t …` are no
    move there, and the screen says what is (not a record error about its actions)."""
    args, _ = _MISTYPED["tienlen"]
    screen = " ".join(_play(runner, args, ["d"]).split())
    assert "Lúc này không đi được nước đó: gõ các lá" in screen
    english = " ".join(_play(runner, args, ["d", "t zz"], vi=False).split())
    assert "That is not a move here: type cards" in english
    assert "records have no" not in english


@pytest.mark.parametrize("vi", [False, True])
def test_the_solvers_hint_is_in_the_screens_language(runner: CliRunner, vi: bool) -> None:
    """Mậu Binh's hint (rules page, hands by their names): the solver's arrangement, each
    chi's hand and the chi it expects against each opponent, in Vietnamese under --vi
    (sảnh, thú, mậu thầu …), and `h` again lists it."""
    said = _play(runner, ["maubinh", "--seed", "1"], ["h", "h"], vi=vi)
    screen = " ".join(said.split())
    if vi:
        assert re.search(r"Gợi ý: #1 xếp chi1: .+ \((sảnh|thú|đôi|mậu thầu|sám cô)", screen)
        assert "trung bình được" in screen
        assert "chi với mỗi đối thủ" in screen
        assert _english(said) == []
    else:
        assert re.search(r"Hint: #1 solver: chi1: .+ \((straight|two-pair|pair|high-card)", screen)
        assert "chi against each opponent" in screen
    assert "bot's choice" not in screen
    assert "lựa chọn của bot" not in screen


def _record_with_violations(runner: CliRunner, tmp_path: Path, game: str) -> Path:
    """The first game random bots play from seed 0: in Sâm Lốc and Tứ Sắc it holds
    penalised legal acts (báo một, đền)."""
    lines = tmp_path / f"{game}.jsonl"
    args = ["simulate", game, "-g", "1", "-b", "random", "--seed", "0", "--records", str(lines)]
    out = runner.invoke(app, args, env=_ENV)
    assert out.exit_code == 0, out.output
    record = tmp_path / f"{game}.json"
    record.write_text(lines.read_text(encoding="utf-8").splitlines()[0], encoding="utf-8")
    return record


@pytest.mark.parametrize(("game", "rule"), [("samloc", "bao-mot"), ("tusac", "den")])
def test_the_referees_violations_are_in_vietnamese(
    runner: CliRunner, tmp_path: Path, game: str, rule: str
) -> None:
    """Rules pages (Sâm Lốc "Báo một", Tứ Sắc "Đền"): a penalised legal act is listed
    with its rule, and under --vi what it is and costs is said in Vietnamese; --json is
    the same in both languages."""
    record = _record_with_violations(runner, tmp_path, game)
    ruling = runner.invoke(app, ["referee", str(record), "--json"], env=_ENV)
    assert any(v["rule"] == rule for v in json.loads(ruling.stdout)["violations"])
    vi = runner.invoke(app, ["referee", str(record), "--vi"], env=_ENV)
    assert vi.exit_code == 0, vi.output
    table = vi.stdout[vi.stdout.index("Phạm luật") :]
    table = table[: table.index("Các khoản trả")]
    assert "đền cả làng" in " ".join(table.split())
    assert _english(table) == [], table
    both = runner.invoke(app, ["referee", str(record), "--json", "--vi"], env=_ENV)
    assert both.stdout == ruling.stdout


def test_a_file_of_records_is_summed_up_in_vietnamese(runner: CliRunner, tmp_path: Path) -> None:
    """`referee` on JSON Lines answers one line a record; under --vi each says in
    Vietnamese whether it is legal and how the game ended (in the game's words), and
    --json is the same in both languages."""
    lines = tmp_path / "games.jsonl"
    args = ["simulate", "samloc", "-g", "2", "-b", "random", "--seed", "0", "--records"]
    assert runner.invoke(app, [*args, str(lines)], env=_ENV).exit_code == 0
    vi = runner.invoke(app, ["referee", str(lines), "--vi"], env=_ENV)
    assert vi.exit_code == 0, vi.output
    said = vi.stdout.splitlines()
    assert len(said) == 2
    for line in said:
        assert re.match(r"biên bản \d: hợp lệ; P\d (về nhất|ăn Sâm|tới trắng)", line), line
        assert _english(f"\n\n{line}") == [], line
    english = runner.invoke(app, ["referee", str(lines), "--json"], env=_ENV).stdout
    assert runner.invoke(app, ["referee", str(lines), "--json", "--vi"], env=_ENV).stdout == english


@pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")
@pytest.mark.parametrize("name", ["phom", "maubinh", "tusac"])
def test_misreads_in_vietnamese_in_a_pseudo_terminal(name: str) -> None:
    """In a real pseudo-terminal 80 columns wide, with colour: the games whose moves or
    cards are their own answer what cannot be read in Vietnamese, each line within the
    width (the echo of a long entry aside), and nothing English is said."""
    import pexpect

    args, typed = _MISTYPED[name]
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", VNCARDS_PLUGINS=name)
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        str(SCRIPT),
        ["play", *args, "-b", "greedy", "--vi"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 80),
    )
    log = io.StringIO()
    child.logfile_read = log
    try:
        for entry in typed:
            child.expect(r"Nước đi \([^)]*\)> ")
            child.sendline(entry)
        child.expect(r"Nước đi \([^)]*\)> ")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    transcript = ANSI.sub("", log.getvalue()).replace("\r", "")
    assert transcript.count(_MISREAD) == len(typed), transcript
    assert _english(transcript) == [], _english(transcript)
    for line in transcript.splitlines():  # but what the terminal echoes of the typing
        assert line.startswith("Nước đi (") or len(line.rstrip()) <= 80, line


def test_declaring_with_nothing_to_declare_says_so(runner: CliRunner) -> None:
    """Sâm is declared before the first play (rules page, "Sâm"): `s` later, or in a
    game with no declaration, is answered that there is nothing to declare."""
    args, _ = _MISTYPED["tienlen"]
    screen = _play(runner, args, ["s"])
    assert "Lúc này không có gì để báo" in " ".join(screen.split())
    assert _english(screen) == []


def test_a_phom_lay_off_is_typed_in_either_language() -> None:
    """Phỏm's lay-off (rules page "Meld (hạ phỏm) and gửi") reads as the Vietnamese
    help writes it, `gửi 10C vào 7C`, the same as `lay 10C on 7C`."""
    from vncards.phom import parse_move

    assert parse_move(0, "gửi 10C vào 7C; 5C vào 5S") == parse_move(0, "lay 10C on 7C; 5C on 5S")
