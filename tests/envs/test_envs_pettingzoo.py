"""PettingZoo's own checks on every game, preset and player count (DESIGN.md,
"Environments": the environments pass ``api_test``, ``seed_test`` and ``render_test``)."""

from __future__ import annotations

from typing import Any

import pytest
from pettingzoo.test import api_test, render_test, seed_test
from vncards.envs import env

from ._configs import CONFIGS

# PettingZoo's api_test warns about things it exempts only for environments it names
# (its own classic games): a dict observation ({"observation", "action_mask"}, the form
# those very games use), a Dict observation space, and, on the observation of an agent
# already terminated at the end of a game, an action mask with no legal action. Those are
# this API's intended shapes; any other warning still fails the test.
PETTINGZOO_EXPECTED = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
    r"ignore:Action mask numpy array is all zeros \(no legal actions\):UserWarning",
]


def _ids(config: tuple[str, str, int]) -> str:
    game, variant, players = config
    return f"{game}-{variant}-{players}p"


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
@pytest.mark.filterwarnings(*PETTINGZOO_EXPECTED)
def test_api_test_passes(config: tuple[str, str, int]) -> None:
    """api_test: spaces, observations in bounds, rewards accumulated, agents removed once
    terminated, step returns nothing."""
    game, variant, players = config
    api_test(env(game, variant, players), num_cycles=200)


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_seed_test_passes(config: tuple[str, str, int]) -> None:
    """seed_test: the same seed gives the same deals, observations, masks and rewards."""
    game, variant, players = config
    seed_test(lambda: env(game, variant, players), num_cycles=50)


@pytest.mark.parametrize("config", CONFIGS, ids=_ids)
def test_render_test_passes(
    config: tuple[str, str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    """render_test: ``ansi`` returns the table as text, ``human`` prints it and returns None."""
    game, variant, players = config

    def make(render_mode: str | None = None) -> Any:
        made = env(game, variant, players, render_mode=render_mode)
        # render_test resets without a seed: start the stream of deals from a fixed one
        # so that the games it renders are the same on every run
        made.reset(seed=players)
        return made

    render_test(make)
    assert "player_" in capsys.readouterr().out
