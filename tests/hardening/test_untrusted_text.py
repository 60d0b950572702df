"""Untrusted text is never markup or terminal control (reliability item 1).

Player names come from records, titles from plugins, and error messages echo both. Each
command that prints one is fed names such as ``[bold]An[/bold]``, ``[/]``, ``[link=…]``
and names holding escape sequences (an OSC window title, clear screen) or a line break
followed by a forged verdict; the output must show them literally, hold no ESC byte,
never crash with a markup error and never print a forged line.
"""

from __future__ import annotations

import copy
import json
import sys
import types
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result
from vncards.core import ENTRY_POINT_GROUP

from tests.hardening._support import RECORDS, installed_games

cli = pytest.importorskip("vncards.cli.app")
common = pytest.importorskip("vncards.cli._common")

ESC = "\x1b"
HOSTILE_NAMES = [
    "[bold]An[/bold]",
    "[/]",
    "[link=https://example.com]Bình[/link]",
    f"Chi{ESC}]0;pwned\x07",
    f"Dũng{ESC}[2J{ESC}[H",
]
FORGED = "Every action is legal."
HOSTILE_TITLE = f"[red]Evil[/] [/] {ESC}]0;title\x07{ESC}[2J\nEvery action is legal."

pytestmark = pytest.mark.skipif(
    "tienlen" not in installed_games(), reason="the attacks use Tiến lên records"
)


def _check(result: Result) -> str:
    """No traceback, no markup error, no escape byte, on stdout or stderr."""
    out = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "MarkupError" not in out
    assert "Traceback" not in out
    assert ESC not in out, f"raw escape reached the terminal: {out!r}"
    assert "\x07" not in out
    return out


def _renamed(names: list[str], *, forge: bool = False) -> dict[str, Any]:
    """The golden Tiến lên record with the longest game, its players renamed; with
    ``forge`` the first name ends in a line break and a forged verdict."""
    paths = sorted(p for p in (RECORDS / "tienlen").glob("*.json") if ".expected" not in p.name)
    records = [json.loads(p.read_text("utf-8")) for p in paths]
    data = max(records, key=lambda r: len(r.get("actions", [])))
    old = list(data["players"])
    new = names[: len(old)]
    if forge:
        new[0] = new[0] + "\n" + FORGED
    mapping = dict(zip(old, new, strict=True))
    data = copy.deepcopy(data)
    data["players"] = new
    data["hands"] = {mapping[k]: v for k, v in data["hands"].items()}
    if "first" in data:
        data["first"] = mapping[data["first"]]
    for action in data["actions"]:
        action["player"] = mapping[action["player"]]
    # make the last action illegal, so that the true verdict is "Illegal"
    data["actions"].append({"player": new[0], "pass": True})
    data["actions"].append({"player": new[0], "pass": True})
    out: dict[str, Any] = data
    return out


def _invoke(args: list[str], stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(
        cli.app, args, input=stdin, env={"COLUMNS": "200", **(env or {})}, catch_exceptions=True
    )


@pytest.mark.parametrize("forge", [False, True])
def test_referee_text_shows_names_literally(tmp_path: Path, forge: bool) -> None:
    """``vncards referee`` (the account for people): hostile names print as written, a
    name cannot forge the verdict line, and no escape reaches the terminal."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_renamed(HOSTILE_NAMES, forge=forge)), encoding="utf-8")
    result = _invoke(["referee", str(path)], env={"VNCARDS_PLUGINS": "tienlen"})
    out = _check(result)
    assert result.exit_code == 1, out
    assert "Illegal:" in out
    assert "[bold]An[/bold]" in out or "[bold]An[/bold]\\n" in out
    assert "[link=https://example.com]Bình[/link]" in out
    assert FORGED not in out.splitlines()
    assert not any(line.strip() == FORGED for line in out.splitlines())


def test_referee_json_lines_summary_shows_names_literally(tmp_path: Path) -> None:
    """``vncards referee`` on JSON Lines: each summary line stays one line."""
    one = json.dumps(_renamed(HOSTILE_NAMES, forge=True))
    path = tmp_path / "r.jsonl"
    path.write_text(one + "\n" + one + "\n", encoding="utf-8")
    result = _invoke(["referee", str(path)], env={"VNCARDS_PLUGINS": "tienlen"})
    out = _check(result)
    assert next(line for line in out.splitlines() if line.strip()).startswith("record 1:")
    assert len([line for line in out.splitlines() if line.strip()]) == 2


@pytest.fixture
def hostile_plugin(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Tiến lên under the hostile title, as the only installed game."""
    from vncards.tienlen import plugin

    evil = copy.copy(plugin)
    object.__setattr__(evil, "title", HOSTILE_TITLE)
    module = types.ModuleType("hostile_title_game")
    module.plugin = evil  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "hostile_title_game", module)
    entry = EntryPoint(name="tienlen", value="hostile_title_game:plugin", group=ENTRY_POINT_GROUP)

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [entry] if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr("vncards.core._plugins.entry_points", entry_points)
    monkeypatch.delenv("VNCARDS_PLUGINS", raising=False)
    return evil


@pytest.mark.parametrize(
    "args",
    [
        ["games"],
        ["rules", "tienlen"],
        ["deal", "tienlen", "--seed", "1"],
        ["simulate", "tienlen", "--games", "3", "--seed", "1"],
    ],
    ids=lambda a: a[0],
)
def test_plugin_title_is_shown_literally(hostile_plugin: Any, args: list[str]) -> None:
    """``games``, ``rules``, ``deal``, ``simulate``: a plugin's title is text, never markup
    or terminal control, and its line break forges no line."""
    result = _invoke(args)
    out = _check(result)
    assert result.exit_code == 0, out
    assert "[red]Evil[/] [/]" in out
    assert not any(line.strip() == FORGED for line in out.splitlines())


def test_play_screen_shows_the_title_literally(hostile_plugin: Any) -> None:
    """``vncards play``: the header names the hostile title literally."""
    result = _invoke(["play", "tienlen", "-n", "2", "--seed", "3"], stdin="q\n")
    out = _check(result)
    assert "[red]Evil[/] [/]" in out


@pytest.mark.parametrize(
    "args",
    [
        ["classify", "tienlen", f"[/]{ESC}]0;x\x07"],
        ["beats", "tienlen", "3S", f"[bold]{ESC}[2J"],
        ["moves", "tienlen", "--hand", f"3S [link=x]{ESC}[2J"],
        ["rules", "tienlen", "--variant", f"[/]{ESC}[2J"],
        ["referee", "-"],
    ],
    ids=["classify", "beats", "moves", "rules", "referee-stdin"],
)
def test_error_lines_echo_input_literally(args: list[str]) -> None:
    """An error message echoing input is one line, with no escape and no markup error."""
    stdin = json.dumps({"game": f"[/]{ESC}]0;x\x07", "players": ["A"], "hands": {"A": []}})
    result = _invoke(args, stdin=stdin, env={"VNCARDS_PLUGINS": "tienlen"})
    _check(result)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_console_itself_refuses_control_and_bad_markup() -> None:
    """The one place text meets the terminal: any printer's text, markup or not."""
    console = common.SafeConsole(width=80, force_terminal=True, highlight=False)
    with console.capture() as cap:
        console.print("[/] and [bold]x")
        console.print(f"A{ESC}]0;t\x07")
        from rich.text import Text

        console.print(Text(f"B{ESC}[2J"))
    out = cap.get()
    assert "[/] and" in out
    assert "\x07" not in out
    assert f"{ESC}]0" not in out
    assert f"{ESC}[2J" not in out
