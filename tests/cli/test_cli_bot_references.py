"""A seat's bot named as ``module:attribute`` (a bot factory in an importable module) in
``vncards simulate``, ``vncards tournament`` and ``vncards compare --bots``: seated in
this process and in worker processes alike, and one sentence when the module or the
attribute is not there."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result
from vncards.core import PluginError, RandomBot
from vncards.core.simulate import bot_factory, load_game, play_games

from tests.cli.conftest import loadable_real_games

REFERENCE = "vncards.core:RandomBot"

pytestmark = pytest.mark.skipif(
    "tienlen" not in loadable_real_games(), reason="tienlen not installed"
)


def _run(*args: str) -> Result:
    from vncards.cli.app import app

    return CliRunner().invoke(app, list(args))


def _json(*args: str) -> Any:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_core_resolves_a_game_bot_or_a_reference() -> None:
    """``bot_factory`` gives the game's own bot by name, or imports the factory a
    reference names; the games it seats are those of the factory given directly."""
    plugin = load_game("tienlen")
    assert bot_factory(plugin, "greedy") is plugin.bots["greedy"]
    assert bot_factory(plugin, REFERENCE) is RandomBot
    by_name = play_games("tienlen", games=3, players=2, bots=[REFERENCE, "greedy"], seed=4)
    direct = play_games(
        "tienlen", games=3, players=2, bots=[lambda seed: RandomBot(seed), "greedy"], seed=4
    )
    assert [g.payments for g in by_name] == [g.payments for g in direct]
    assert by_name[0].bots == (REFERENCE, "greedy")


@pytest.mark.parametrize(
    ("reference", "said"),
    [
        ("vncards.nosuchmodule:Bot", "cannot import module 'vncards.nosuchmodule'"),
        ("vncards.core:NoSuchBot", "module 'vncards.core' has no attribute 'NoSuchBot'"),
        ("vncards.core:__all__", "is not a bot factory"),
    ],
)
def test_a_missing_module_or_attribute_is_one_sentence(reference: str, said: str) -> None:
    """Core raises PluginError; each command exits 2 with one line saying what is
    missing, before any game is played."""
    with pytest.raises(PluginError, match=said):
        bot_factory(load_game("tienlen"), reference)
    for args in (
        ("simulate", "tienlen", "-g", "2", "--bots", reference),
        ("tournament", "tienlen", "-g", "2", "--bots", f"{reference},greedy"),
        ("compare", "-g", "2", "-c", "tienlen", "--bots", reference),
    ):
        result = _run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert said in result.stderr, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "Traceback" not in result.output


def test_simulate_seats_a_reference_on_any_worker_count() -> None:
    """``vncards simulate --bots module:attribute,greedy,…``: the reference sits in its
    seat, named as given, with the same figures on one worker or two."""
    args = ("simulate", "tienlen", "-g", "6", "-n", "2", "--bots", f"{REFERENCE},greedy")
    one, two = _json(*args, "-w", "1"), _json(*args, "-w", "2")
    assert one["bots"] == [REFERENCE, "greedy"]
    assert one == two


def test_tournament_rates_a_reference_as_an_entrant() -> None:
    """``vncards tournament --bots module:attribute,greedy``: the reference is an entrant
    under the name given, with the same games on one worker or two."""
    args = ("tournament", "tienlen", "-g", "4", "--bots", f"{REFERENCE},greedy")
    one, two = _json(*args, "-w", "1"), _json(*args, "-w", "2")
    assert {e["bot"] for e in one["entrants"]} == {REFERENCE, "greedy"}
    assert one == two


def test_compare_seats_a_reference_in_every_column() -> None:
    """``vncards compare --bots module:attribute,…``: each column's bots are those
    given (a custom profile), the same on one worker or two."""
    args = ("compare", "-g", "6", "-c", "tienlen", "--bots", f"{REFERENCE},greedy,greedy,greedy")
    one, two = _json(*args, "-w", "1"), _json(*args, "-w", "2")
    measured = one["columns"][0]["measured"]
    assert measured["bots"] == [REFERENCE, "greedy", "greedy", "greedy"]
    assert measured["profile"] == "custom"
    assert one == two
