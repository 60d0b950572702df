"""Every command and Python example in the README and in docs/ is run, and the output a
page shows is the output the command gives, so the documentation cannot drift.

What is checked:
- ``console`` blocks: each ``$ vncards ...`` (or ``$ uv run vncards ...``) line runs in
  process from the repository root, with the terminal 100 columns wide and no colour;
  the lines after it, up to the next ``$`` line, are its expected output (trailing
  spaces ignored; a line ``...`` stands for any number of lines, and ``...`` inside a
  line for any text). ``$ echo $?`` checks the exit code of the command before it.
  ``< FILE`` and ``echo 'TEXT' |`` feed standard input.
- ``python`` blocks: run from the repository root; they must not raise.
- A block that cannot run here (it sets up a machine, needs a Dask cluster, waits for a
  person at the terminal) is marked just before it with ``<!-- not run: why -->``.
"""

from __future__ import annotations

import os
import re
import runpy
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NOT_RUN = re.compile(r"<!--\s*not run:\s*(.+?)\s*-->")


@dataclass
class Block:
    page: Path
    line: int
    lang: str
    text: str
    skip: str | None


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a page, with the ``not run`` reason given before one."""
    out: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    pending: str | None = None
    while i < len(lines):
        line = lines[i]
        mark = NOT_RUN.search(line)
        if mark:
            pending = mark.group(1)
        fence = re.match(r"^(\s*)(`{3,})(\w*)", line)
        if fence:
            indent, ticks, lang = fence.groups()
            body: list[str] = []
            start = i + 1
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(ticks):
                body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                i += 1
            out.append(Block(page, start, lang, "\n".join(body), pending))
            pending = None
        elif line.strip() and not mark:
            pending = None
        i += 1
    return out


def _cases(lang: str) -> list[Block]:
    return [b for page in PAGES for b in blocks(page) if b.lang == lang]


def _id(block: Block) -> str:
    return f"{block.page.relative_to(ROOT)}:{block.line}"


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Doctest-like matching: ``...`` alone skips lines, inside a line any text."""
    if not expected:
        return True
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(_matches(rest, actual[k:]) for k in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in head.split("..."))
    if not re.fullmatch(pattern, actual[0]):
        return False
    return _matches(rest, actual[1:])


def _clean(text: str) -> list[str]:
    lines = [ANSI.sub("", line).rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _commands(text: str) -> list[tuple[str, list[str]]]:
    """``(command, expected output lines)`` for each ``$`` line of a console block."""
    steps: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line.rstrip())
    for _, out in steps:
        while out and not out[-1]:
            out.pop()
    return steps


def _argv(command: str) -> tuple[list[str], str | None]:
    words = shlex.split(command, comments=True)
    if words[:2] == ["uv", "run"]:
        words = words[2:]
    stdin = None
    if words[:1] == ["echo"] and "|" in words:  # echo 'TEXT' | vncards ...
        k = words.index("|")
        stdin = " ".join(words[1:k]) + "\n"
        words = words[k + 1 :]
    if "<" in words:
        k = words.index("<")
        stdin = (ROOT / words[k + 1]).read_text(encoding="utf-8")
        words = words[:k] + words[k + 2 :]
    if not words or words[0] != "vncards":
        raise AssertionError(f"only vncards commands run in console blocks: {command!r}")
    return words[1:], stdin


@pytest.mark.parametrize("block", _cases("console"), ids=_id)
def test_console_block_shows_real_output(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands of a console block give exactly the output the page shows."""
    if block.skip:
        pytest.skip(block.skip)
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    env = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    last_code: int | None = None
    steps = _commands(block.text)
    for k, (command, expected) in enumerate(steps):
        if command.strip() == "echo $?":
            assert last_code is not None, f"{_id(block)}: echo $? before any command"
            assert [str(last_code)] == expected, f"{_id(block)}: exit code {last_code}"
            continue
        argv, stdin = _argv(command)
        result = runner.invoke(app, argv, input=stdin, env=env)
        last_code = result.exit_code
        checked = k + 1 < len(steps) and steps[k + 1][0].strip() == "echo $?"
        assert checked or last_code == 0, (
            f"{_id(block)}: `{command}` exited {last_code}: {_clean(result.output)[-3:]}"
        )
        actual = _clean(result.output)
        assert _matches(expected, actual), f"{_id(block)}: `{command}` printed\n" + "\n".join(
            actual
        )


@pytest.mark.parametrize("block", _cases("python"), ids=_id)
def test_python_block_runs(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Python example of the docs runs as written."""
    if block.skip:
        pytest.skip(block.skip)
    monkeypatch.chdir(ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "example.py"
        script.write_text(block.text, encoding="utf-8")
        env_before = dict(os.environ)
        try:
            runpy.run_path(str(script), run_name="__doc_example__")
        finally:
            os.environ.clear()
            os.environ.update(env_before)


def test_every_command_block_is_run_or_says_why() -> None:
    """Shell blocks are either console blocks that run or marked with why they cannot."""
    unmarked = [
        _id(b)
        for page in PAGES
        for b in blocks(page)
        if b.lang in {"bash", "sh", "shell"} and not b.skip
    ]
    assert not unmarked, f"shell blocks neither run nor marked 'not run': {unmarked}"


def test_block_parser_reads_commands_and_marks() -> None:
    """The parser finds a marked block, its commands and their output."""
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "p.md"
        page.write_text(
            "<!-- not run: needs a cluster -->\n```console\n$ vncards x\nout\n```\n\n"
            "```console\n$ vncards games\n$ echo $?\n0\n```\n",
            encoding="utf-8",
        )
        found = blocks(page)
    assert [(b.lang, b.skip) for b in found] == [
        ("console", "needs a cluster"),
        ("console", None),
    ]
    assert _commands(found[1].text) == [("vncards games", []), ("echo $?", ["0"])]
    assert _matches(["a", "...", "d ... f"], ["a", "b", "c", "d e f"])
    assert not _matches(["a", "x"], ["a", "b"])


def refresh(page: Path) -> int:
    """Rewrite the outputs shown in ``page``'s console blocks with what the commands
    print now (outputs that still match, ``...`` included, are kept); returns how many
    outputs changed. For maintainers: ``uv run python tests/docs/test_docs_examples.py
    PAGE...``; read the diff before committing it."""
    runner = CliRunner()
    env = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    lines = page.read_text(encoding="utf-8").splitlines()
    changed = 0
    out_lines = list(lines)
    for block in reversed(blocks(page)):
        if block.lang != "console" or block.skip:
            continue
        body: list[str] = []
        last_code: int | None = None
        for command, expected in _commands(block.text):
            body.append(f"$ {command}")
            if command.strip() == "echo $?":
                body.append(str(last_code))
                continue
            argv, stdin = _argv(command)
            old = os.getcwd()
            os.chdir(ROOT)
            try:
                result = runner.invoke(app, argv, input=stdin, env=env)
            finally:
                os.chdir(old)
            last_code = result.exit_code
            actual = _clean(result.output)
            if _matches(expected, actual):
                body.extend(expected)
            else:
                body.extend(actual)
                changed += 1
        n = len(block.text.splitlines())
        indent = re.match(r"^(\s*)", lines[block.line - 1]).group(1)  # type: ignore[union-attr]
        out_lines[block.line : block.line + n] = [indent + b if b else b for b in body]
    page.write_text("\n".join(out_lines) + "\n", encoding="utf-8")
    return changed


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:]:
        print(name, refresh(Path(name).resolve()), "outputs refreshed")
