"""A small climbing game the simulation tests run in worker processes.

It is importable as ``test_sim_fakegame:plugin`` once this folder is on ``sys.path``, so
spawned workers and Dask workers can find it by reference the way they find an
installed game by name. It has two presets and two bots; ``plugin`` has
``game_stats``, ``plain`` has not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from vncards.core import (
    BotFactory,
    ClimbConfig,
    ClimbEngine,
    ClimbState,
    ComboRules,
    Play,
    RandomBot,
    SheddingGame,
    random_first,
)
from vncards.core.testing import check_plugin

from tests.fakegames import CardsLeftHooks, HandRules, quad_chops_two


class FakeRules(HandRules):
    """Hand size and whether four of a kind chops a single 2."""

    quad_chops_two: bool = True


class LowestBot:
    """Always plays its first offered action (the plays come lowest first)."""

    name = "lowest"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return actions[0]


# a game that is its own plugin (a SheddingGame subclass), as a third party may write
# one; the shared hooks give its seats, hand size and settlement
class PlainClimb(CardsLeftHooks[FakeRules], SheddingGame[FakeRules]):
    """Shed all your cards first; each loser pays one lá per card left."""

    name = "fakeclimb"
    title = "Fake climb"
    rules_model = FakeRules
    presets: Mapping[str, FakeRules] = MappingProxyType(
        {"standard": FakeRules(), "short": FakeRules(hand_size=7, quad_chops_two=False)}
    )
    default_preset = "standard"
    bots: Mapping[str, BotFactory] = MappingProxyType(
        {"random": lambda seed: RandomBot(seed), "lowest": LowestBot}
    )

    def engine(self, rules: FakeRules) -> ClimbEngine:
        if rules.quad_chops_two:
            return quad_chops_two(lambda combo: 2)
        return ClimbEngine(ClimbConfig(ComboRules(), (), lambda combo: 2))

    def choose_first(self, rules: FakeRules, hands: Sequence[int], seed: int | None) -> int | None:
        return random_first(seed, len(hands))

    def summary(self, rules: FakeRules) -> dict[str, Any]:
        return {"hand_size": rules.hand_size}


class FakeClimb(PlainClimb):
    """The same game, with a statistic of its own."""

    def game_stats(self, state: ClimbState) -> dict[str, int]:
        """Cards still held at the end, over every seat."""
        return {"cards_left": sum(h.bit_count() for h in state.hands)}


plugin = FakeClimb()
plain = PlainClimb()


def test_fake_game_conforms() -> None:
    """The fake game passes the core conformance suite, so what the simulation tests
    see of it is what a real game would show."""
    report = check_plugin(plugin, games=2, probe_limit=40)
    assert report.games == 4
    assert report.outcomes == {"win": 4}


def test_fake_game_lowest_bot_plays_first_offer() -> None:
    """The ``lowest`` bot plays the first action it is offered."""
    state = plugin.new_game(FakeRules(), 2, 5)
    decision = plugin.decision(state)
    assert decision is not None
    action = LowestBot(0).choose(plugin.view(state, decision.seat), decision.actions, False)
    assert action == decision.actions[0]
    assert isinstance(action, Play)
