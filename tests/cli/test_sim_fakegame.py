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
    ChopRule,
    ClimbConfig,
    ClimbEngine,
    ClimbState,
    ComboRules,
    GameResult,
    Kind,
    Ledger,
    Play,
    RandomBot,
    RulesBase,
    SheddingGame,
    random_first,
)
from vncards.core.testing import check_plugin


class FakeRules(RulesBase):
    """Hand size and whether four of a kind chops a single 2."""

    hand_size: int = 13
    quad_chops_two: bool = True


class LowestBot:
    """Always plays its first offered action (the plays come lowest first)."""

    name = "lowest"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return actions[0]


class PlainClimb(SheddingGame[FakeRules]):
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
        chops = (ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), 12),) if rules.quad_chops_two else ()
        return ClimbEngine(ClimbConfig(ComboRules(), chops, lambda combo: 2))

    def player_range(self, rules: FakeRules) -> tuple[int, int]:
        return (2, 4)

    def hand_size(self, rules: FakeRules) -> int:
        return rules.hand_size

    def choose_first(self, rules: FakeRules, hands: Sequence[int], seed: int | None) -> int | None:
        return random_first(seed, len(hands))

    def result(self, state: ClimbState) -> GameResult:
        led = Ledger(state.n_players)
        led.extend(state.chop_transfers)
        if not state.finished:
            return GameResult(False, None, None, None, tuple(led.net), (), tuple(led.transfers))
        for seat, hand in enumerate(state.hands):
            led.pay(seat, state.winner, hand.bit_count(), "cards-left")
        return GameResult(True, "win", state.winner, None, tuple(led.net), (), tuple(led.transfers))

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
