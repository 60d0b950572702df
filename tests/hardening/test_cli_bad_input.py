"""Every ``vncards`` command fed input it cannot read: exit code 2 and exactly one line
on stderr (``vncards: error: …``), never a traceback and never an internal error passed
off as bad input."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result
from vncards.core import RecordError, RefereeReport

from tests.hardening._support import TOY, Sample, installed_games, rule, sample_params, samples

cli = pytest.importorskip("vncards.cli.app")
app = cli.app

TOY_REF = "tests.hardening._support:TOY"
GAMES = [*installed_games(), TOY_REF]
INSTALLED_SAMPLES = sample_params([s for s in samples() if s.plugin is not TOY], per_game=2)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# only the games that load, so a game still being written adds no warning line to stderr
_ENV = {"VNCARDS_PLUGINS": ",".join(installed_games()) or "no-game-installed", "COLUMNS": "60"}


def _run(args: list[str], stdin: str | bytes | None = None) -> Result:
    result = CliRunner().invoke(app, args, input=stdin, catch_exceptions=True, env=_ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"vncards {args} raised {result.exception!r}"
    )
    assert "Traceback" not in result.stdout + result.stderr
    return result


def _unreadable(args: list[str], stdin: str | bytes | None = None) -> str:
    """Run a command that must refuse its input; return the one stderr line."""
    result = _run(args, stdin)
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, (
        f"vncards {args}: exit {result.exit_code}, stderr {result.stderr!r}"
    )
    assert len(lines) == 1, f"vncards {args}: stderr is {len(lines)} lines: {result.stderr!r}"
    assert lines[0].startswith("vncards: error: ")
    assert "unexpected" not in lines[0], f"an internal error passed off as bad input: {lines[0]}"
    return lines[0]


# ---------------------------------------------------------------- query commands


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "args",
    [
        ["rules", "{g}", "--variant", "no-such"],
        ["classify", "{g}", "--variant", "no-such", "3S"],
        ["deal", "{g}", "--players", "99", "--seed", "1"],
        ["deal", "{g}", "--players", "0", "--seed", "1"],
        ["deal", "{g}", "--players", "-3", "--seed", "1"],
        ["deal", "{g}", "--seed", "abc"],
        ["deal", "{g}", "--players", "four"],
        ["simulate", "{g}", "--games", "0"],
        ["simulate", "{g}", "--games", "2", "--players", "99"],
        ["simulate", "{g}", "--games", "2", "--bots", "no-such-bot"],
        ["play", "{g}", "--players", "99"],
        ["rules", "{g}", "--no-such-option"],
    ],
    ids=lambda a: "-".join(a[:1] + a[2:3]) if isinstance(a, list) else str(a),
)
def test_bad_options_are_one_line_exit_2(game: str, args: list[str]) -> None:
    """Unknown variants, impossible player counts, non-numbers, unknown bots: exit 2."""
    _unreadable([a.replace("{g}", game) for a in args])


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "no-such-game"],
        ["classify", "no-such-game", "3S"],
        ["deal", "no-such-game"],
        ["referee", "no-such-file.json"],
        ["classify", "no.such.module:plugin", "3S"],
        ["classify", "vncards.core:RandomBot", "3S"],
        ["classify", ":", "3S"],
        ["frobnicate"],
        ["games", "--no-such-option"],
    ],
)
def test_unknown_names_are_one_line_exit_2(args: list[str]) -> None:
    """An unknown game, module reference, file or command is exit 2 with one line."""
    _unreadable(args)


_FRENCH = [g for g in GAMES if g == TOY_REF or installed_games()[g].deck == "french"]


@pytest.mark.parametrize("game", _FRENCH)
@pytest.mark.parametrize(
    "args",
    [
        ["classify", "{g}", "3X"],
        ["classify", "{g}", "3S", "11H"],
        ["beats", "{g}", "--over", "8S", "--play", "9Z"],
        ["beats", "{g}", "--over", "8S 8Q", "--play", "9S 9H"],
        ["beats", "{g}", "--over", "8S"],
        ["moves", "{g}", "--hand", "3S,4S,joker"],
        ["moves", "{g}", "--hand", "3S 4S", "--over", "1S"],
    ],
    ids=lambda a: "-".join(a[:1] + a[2:]) if isinstance(a, list) else str(a),
)
def test_unreadable_cards_are_one_line_exit_2(game: str, args: list[str]) -> None:
    """A card that cannot be read is exit 2 with one line naming it."""
    line = _unreadable([a.replace("{g}", game) for a in args])
    assert "Usage" not in line


@pytest.mark.parametrize("game", _FRENCH)
def test_answered_queries_exit_0_even_when_the_answer_is_no(game: str) -> None:
    """Cards that form no combination, or do not beat, are an answer (exit 0), not an error."""
    result = _run(["classify", game, "3S", "5H", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["combo"] is None
    result = _run(["beats", game, "--over", "2H", "--play", "3S 5H", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"beats": False, "chop": False}


_TOKENS = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["3S", "10h", "Th", "2♥", "Q rô", "K tép", "3S,4S", "8S 8H", "", ",", " "]),
)


@FUZZ
@given(st.lists(_TOKENS, min_size=1, max_size=4))
def test_classify_any_tokens_answers_or_refuses_in_one_line(tokens: list[str]) -> None:
    """Any card arguments to ``classify``: an answer (exit 0, JSON) or exit 2 with one line."""
    result = _run(["classify", TOY_REF, "--json", "--", *tokens])
    if result.exit_code == 0:
        assert "combo" in json.loads(result.stdout)
    else:
        _unreadable(["classify", TOY_REF, "--json", "--", *tokens])


@FUZZ
@given(_TOKENS, _TOKENS)
def test_beats_any_tokens_answers_or_refuses_in_one_line(over: str, play: str) -> None:
    """Any ``--over`` and ``--play`` values: an answer or exit 2 with one line."""
    args = ["beats", TOY_REF, "--over", over, "--play", play, "--json"]
    result = _run(args)
    if result.exit_code == 0:
        assert set(json.loads(result.stdout)) == {"beats", "chop"}
    else:
        _unreadable(args)


# ---------------------------------------------------------------- referee


def _write(tmp_path: Path, content: str | bytes, name: str = "record.json") -> str:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        "[]",
        "null",
        '{"game": "tienlen"}',
        b"\xff\xfe\x00{",
        '{"game": "no-such-game", "players": ["A"], "hands": {"A": []}}',
        "[" * 100_000,
        '{"game": "x", "players": ["A"], "hands": {"A": []}, "bet": ' + "9" * 5000 + "}",
        '{"game": "x", "players": ["A"], "hands": {"A": [], "B\\nC": 1}}',
    ],
    ids=[
        "empty",
        "cut",
        "array",
        "null",
        "no-players",
        "utf16",
        "unknown-game",
        "deep",
        "bigint",
        "newline-key",
    ],
)
def test_referee_unreadable_file_is_one_line_exit_2(tmp_path: Path, content: str | bytes) -> None:
    """Unreadable records — as a file and on standard input — are exit 2 with one line."""
    _unreadable(["referee", _write(tmp_path, content), "--json"])
    _unreadable(["referee", "-", "--json"], stdin=content)


def test_referee_directory_is_one_line_exit_2(tmp_path: Path) -> None:
    """A directory given as the record file is exit 2 with one line."""
    _unreadable(["referee", str(tmp_path)])


def test_referee_never_imports_a_module_named_by_the_record(tmp_path: Path) -> None:
    """The ``game`` of a record is data from a stranger: the referee must look it up among
    installed games only, never import a module it names. ``this`` prints a poem on
    import, which would corrupt the JSON a game server reads from stdout."""
    record = {"game": "this:s", "players": ["A", "B"], "hands": {"A": [], "B": []}}
    path = _write(tmp_path, json.dumps(record))
    proc = subprocess.run(
        [*_vncards(), "referee", path, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == "", f"the record made the referee import a module: {proc.stdout[:60]!r}"


@pytest.mark.parametrize("sample", INSTALLED_SAMPLES)
def test_referee_cli_agrees_with_the_library(tmp_path: Path, sample: Sample) -> None:
    """``vncards referee --json`` prints the library's report; exit 0 legal, 1 illegal."""
    path = _write(tmp_path, json.dumps(sample.data, ensure_ascii=False))
    result = _run(["referee", path, "--json"])
    report = rule(sample.plugin, sample.data)
    assert isinstance(report, RefereeReport)
    assert result.exit_code == (0 if report.legal else 1)
    assert json.loads(result.stdout) == report.model_dump(mode="json", by_alias=True)


def _broken(sample: Sample, how: str) -> dict[str, Any]:
    data = copy.deepcopy(sample.data)
    first = data["players"][0]
    if how == "card":
        data["hands"][first][0] = "3X"
    elif how == "twice":
        data["hands"][data["players"][-1]][-1] = data["hands"][first][0]
    elif how == "short":
        data["hands"][first].pop()
    elif how == "player":
        data["first"] = "Người lạ"
    elif how == "variant":
        data["variant"] = "no-such-variant"
    return data


@pytest.mark.parametrize("how", ["card", "twice", "short", "player", "variant"])
@pytest.mark.parametrize("sample", INSTALLED_SAMPLES)
def test_referee_cli_refuses_broken_deals(tmp_path: Path, sample: Sample, how: str) -> None:
    """Unknown card, card twice, short hand, unknown player, unknown variant: exit 2."""
    data = _broken(sample, how)
    assert isinstance(rule(sample.plugin, data), RecordError)
    _unreadable(["referee", _write(tmp_path, json.dumps(data, ensure_ascii=False))])


@pytest.mark.parametrize("sample", INSTALLED_SAMPLES)
def test_referee_cli_reports_illegal_action_with_exit_1(tmp_path: Path, sample: Sample) -> None:
    """A record whose last action is replayed once more is illegal: exit 1, JSON error."""
    data = copy.deepcopy(sample.data)
    if not data["actions"]:
        pytest.skip("no action")
    data["actions"].append(data["actions"][-1])
    report = rule(sample.plugin, data)
    assert isinstance(report, RefereeReport)
    result = _run(["referee", _write(tmp_path, json.dumps(data, ensure_ascii=False)), "--json"])
    assert result.exit_code == (0 if report.legal else 1)
    assert json.loads(result.stdout)["error"] == (
        None if report.error is None else report.error.model_dump()
    )


# ---------------------------------------------------------------- real processes


def _vncards() -> list[str]:
    script = Path(sys.executable).with_name("vncards")
    return (
        [str(script)]
        if script.exists()
        else [sys.executable, "-c", "from vncards.cli.app import main; main()"]
    )


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["referee", "-", "--json"], "{not json"),
        (["referee", "-"], '{"game": "no-such-game", "players": ["A"], "hands": {"A": []}}'),
        (["deal", "no-such-game"], None),
        (["classify", TOY_REF, "3X"], None),
    ],
)
def test_real_process_bad_input_is_one_line_exit_2(args: list[str], stdin: str | None) -> None:
    """The installed ``vncards`` script, run as a process: exit 2, one stderr line."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]), **_ENV)
    proc = subprocess.run(
        [*_vncards(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("vncards: error: ")
    assert "Traceback" not in proc.stderr


def test_real_process_long_error_stays_one_line_on_a_narrow_terminal() -> None:
    """A long message is not wrapped onto several lines, even 40 columns wide."""
    env = {**os.environ, **_ENV, "COLUMNS": "40"}
    name = "a-game-name-that-is-long-enough-to-wrap-" * 3
    proc = subprocess.run(
        [*_vncards(), "rules", name],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
