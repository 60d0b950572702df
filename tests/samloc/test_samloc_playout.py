"""Sâm's own loop for tables of random bots plays exactly the core's playout.

Same seed, same games (the rules' báo Sâm declarations, every play and pass, thối 2
and báo một as the engine rules them): the compiled loop must make the same draws,
record the same actions and leave the same final state and result as the core's loop
it stands in for.
"""

from __future__ import annotations

import pytest
from vncards.core import RandomBot, SheddingAction, SheddingGame
from vncards.samloc import SamState, plugin


def _play(fast: bool, preset: str, players: int, seed: int, decline: float) -> tuple[object, ...]:
    rules = plugin.presets[preset]
    state = plugin.new_game(rules, players, seed)
    bots = [RandomBot(100 * seed + i, decline) for i in range(players)]
    actions: list[SheddingAction] = []
    loop = plugin.playout if fast else lambda *a: SheddingGame.playout(plugin, *a)
    assert loop(state, bots, actions.append, 10_000)
    assert isinstance(state, SamState)
    res = plugin.result(state)
    after = [bot._random() for bot in bots]  # the bots' generators end alike too
    return (
        actions,
        state.hands,
        state.winner,
        state.declarer,
        state.sam,
        state.viol,
        state.thoi,
        state.stuck,
        state.n_actions,
        res.payments,
        res.transfers,
        after,
    )


@pytest.mark.parametrize("preset", sorted(plugin.presets))
@pytest.mark.parametrize("decline", [0.0, 0.5, 0.99])
def test_random_tables_play_as_the_core_loop(preset: str, decline: float) -> None:
    lo, hi = plugin.player_range(plugin.presets[preset])
    for seed in range(40):
        players = lo + seed % (hi - lo + 1)
        assert _play(True, preset, players, seed, decline) == _play(
            False, preset, players, seed, decline
        )


def test_other_tables_use_the_core_loop() -> None:
    """A table with any other bot goes through the core's loop, events kept."""
    state = plugin.new_game(plugin.presets["standard"], 4, 5)
    bots = [RandomBot(0), plugin.bots["greedy"](1), RandomBot(2), RandomBot(3)]
    actions: list[SheddingAction] = []
    assert plugin.playout(state, bots, actions.append, 10_000)
    assert state.finished
    assert state.events
