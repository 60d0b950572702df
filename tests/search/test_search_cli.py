"""The search bot on the command line: the default opponent of ``vncards play``, and
``--think`` setting its budget."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import get_game


@pytest.mark.parametrize("game", ["tienlen", "samloc", "tusac"])
def test_the_strongest_bot_is_the_default_opponent(game: str) -> None:
    plugin = get_game(game)
    assert plugin.default_opponent == "search"  # type: ignore[attr-defined]
    assert "search" in plugin.bots
    res = CliRunner().invoke(
        app, ["play", game, "-n", "2", "--seed", "3", "--think", "0.01"], input="q\n"
    )
    assert "(search)" in res.stdout
    assert "Traceback" not in res.stdout


def test_named_bots_still_override_the_default_opponent() -> None:
    res = CliRunner().invoke(
        app, ["play", "tienlen", "-n", "2", "--seed", "3", "-b", "greedy"], input="q\n"
    )
    assert "(greedy)" in res.stdout
    assert "(search)" not in res.stdout


def test_simulate_takes_search_bots_and_a_thinking_time() -> None:
    res = CliRunner().invoke(
        app,
        ["simulate", "tienlen", "--games", "2", "--players", "2", "--bots", "search,greedy",
         "--think", "0.01", "--json"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    seats = json.loads(res.stdout)["seats"]
    assert [s["bot"] for s in seats] == ["search", "greedy"]


def test_compare_takes_bots_and_a_thinking_time() -> None:
    res = CliRunner().invoke(
        app,
        ["compare", "--games", "2", "--column", "samloc", "--players", "2",
         "--bots", "search,greedy", "--think", "0.01", "--workers", "1", "--json"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    (column,) = json.loads(res.stdout)["columns"]
    assert [s["bot"] for s in column["measured"]["seats"]] == ["search", "greedy"]
