"""Every installed game says why an action is refused without trying it: its own
``why_illegal``, which the conformance suite checks against ``apply`` (same code, same
message) under presets and rules drawn at random."""

from __future__ import annotations

import pytest
from vncards.core import ExplainsRefusals, discover_games, why_illegal
from vncards.core.testing import play_random

GAMES = discover_games()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_explains_refusals_itself(name: str) -> None:
    """No installed game relies on the apply-on-a-copy default."""
    assert isinstance(GAMES[name], ExplainsRefusals)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_finished_game_refuses_every_action_and_stays_as_it_was(name: str) -> None:
    """Once over, each action the game's seats took is refused, and asking changes
    nothing."""
    plugin = GAMES[name]
    lo, _ = plugin.player_range(plugin.presets[plugin.default_preset])
    game = play_random(plugin, n_players=lo, seed=5)
    before = game.final.copy()
    for action in game.actions[-3:]:
        refusal = why_illegal(plugin, game.final, action)
        assert refusal is not None
        assert refusal.code
    assert game.final == before
