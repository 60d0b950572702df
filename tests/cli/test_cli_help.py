"""Help texts that read well at 80 columns: every command's --help fits the width, flows
its paragraphs (no source line break inside a sentence), shows no type for a flag, and
states a default only where it applies."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app

COMMANDS = [name for name in (c.name for c in app.registered_commands) if name is not None]
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}


def _help(*args: str, columns: int = 80) -> str:
    out = CliRunner().invoke(app, [*args, "--help"], env={**ENV, "COLUMNS": str(columns)})
    assert out.exit_code == 0, out.output
    return out.stdout


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_reads_at_80_columns(command: str) -> None:
    """Every line fits 80 columns; no flag shows a `<bool>` type."""
    text = _help(*([command] if command else []))
    assert "<bool>" not in text
    for line in text.splitlines():
        assert len(line) <= 80, line


@pytest.mark.parametrize("command", COMMANDS)
def test_paragraphs_flow(command: str) -> None:
    """A docstring's paragraph is wrapped by the terminal, not by its source: at 200
    columns each paragraph of the description is a single line."""
    head = _help(command, columns=200).split("╭")[0]  # before the panels
    paragraphs = [p for p in head.split("\n\n") if p.strip()][1:]  # after the usage line
    for paragraph in paragraphs:
        lines = [line for line in paragraph.splitlines() if line.strip()]
        assert len(lines) == 1 or all(line.startswith("  ") for line in lines[1:]), lines


def test_think_shows_no_default_it_may_not_use() -> None:
    """--think applies only to bots that search: no [default: …] as if every run used
    it (its help says the value used when it is not given)."""
    for command in ("play", "simulate", "tournament"):
        rows = [line for line in _help(command, columns=120).splitlines() if "--think" in line]
        assert rows, command
        assert "default" not in rows[0], (command, rows[0])


def test_tournament_without_search_states_no_budget() -> None:
    """A tournament of bots that do not search says nothing of a search budget; one with
    a search bot says it."""
    env = {**ENV, "COLUMNS": "200"}
    plain = CliRunner().invoke(
        app, ["tournament", "tienlen", "--bots", "greedy,random", "--games", "2"], env=env
    )
    assert plain.exit_code == 0, plain.output
    assert "search budget" not in plain.stdout
    args = ["tournament", "tienlen", "--bots", "search,random", "--games", "2"]
    searching = CliRunner().invoke(app, [*args, "--iterations", "8"], env=env)
    assert searching.exit_code == 0, searching.output
    assert "search budget 8 rollouts per decision" in " ".join(searching.stdout.split())
