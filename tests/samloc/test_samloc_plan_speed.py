"""The fast báo Sâm planner decides exactly as the straightforward one did.

The bot's plans (docs rules page, "báo Sâm": declare when the hand can be led out
unbeaten) must not change with the speed-up: same seed, same games. Both planners
are run on the same views with equally seeded random generators and must return the
same share and the same plan.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import Declare, ShedView, play_game
from vncards.samloc import SamBot, _plan, plugin, sam_plan

from tests.samloc._sam_reference import reference_sam_plan


def _deal_views(seed: int, players: int, preset: str) -> list[ShedView]:
    rules = plugin.presets[preset]
    lo, hi = plugin.player_range(rules)
    players = max(lo, min(hi, players))
    state = plugin.new_game(rules, players, seed=seed)
    return [plugin.view(state, seat) for seat in range(players)]


def _agree(view: ShedView, seed: int, samples: int) -> None:
    rng, ref = random.Random(seed), random.Random(seed)
    assert sam_plan(view, rng, samples) == reference_sam_plan(view, ref, samples)
    # the generator ends where the reference leaves it: the bot's next plan is the same
    assert rng.getstate() == ref.getstate()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 33, 42])
def test_batched_shuffles_are_the_generators_own(size: int) -> None:
    """The planner's deals are ``random.shuffle``'s, draw for draw (sizes just over a
    power of two reject most tries), and leave the generator in the same state."""
    rng, ref = random.Random(size), random.Random(size)
    cards = list(range(size))
    expected = []
    for _ in range(20):
        ref.shuffle(cards)
        expected.append(cards[:])
    assert _plan._shuffles(list(range(size)), rng, 20) == expected
    assert rng.getstate() == ref.getstate()


def test_a_random_subclass_shuffles_its_own_way() -> None:
    """A generator of another class is asked to shuffle itself."""

    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    assert _plan._shuffles([1, 2, 3], Reversing(0), 2) == [[3, 2, 1], [1, 2, 3]]


def test_fast_planner_matches_reference_on_seeded_deals() -> None:
    for seed in range(60):
        for view in _deal_views(seed, 4, "standard"):
            _agree(view, seed, 16)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    preset=st.sampled_from(sorted(plugin.presets)),
    samples=st.sampled_from([1, 16, 64]),
)
def test_fast_planner_matches_reference_on_random_deals(
    seed: int, players: int, preset: str, samples: int
) -> None:
    for view in _deal_views(seed, players, preset):
        _agree(view, seed, samples)


class _ReferenceSamBot(SamBot):
    """The sam bot planning with the reference planner."""

    def _plan(self, view: ShedView) -> tuple[float, list[tuple[int, int, int, int]]]:
        return reference_sam_plan(view, self._rng, self.samples)


def _sam_games(count: int, bot: type[SamBot]) -> list[tuple[object, ...]]:
    """The actions of ``count`` seeded 4-player games between sam bots."""
    games: list[tuple[object, ...]] = []
    for g in range(count):
        state = plugin.new_game(plugin.presets["standard"], 4, seed=500 + g)
        bots = [bot(4 * g + i, samples=16) for i in range(4)]
        games.append(tuple(play_game(plugin, state, bots, keep_start=False).actions))
    return games


def test_sam_bot_games_are_unchanged() -> None:
    """Same seed, same games: whole games between sam bots (declarations and the
    declarer's leads) take the same actions with either planner."""
    fast = _sam_games(40, SamBot)
    assert any(isinstance(a, Declare) for game in fast for a in game)  # a declarer plays
    assert _sam_games(40, _ReferenceSamBot) == fast
