"""A small climbing game for the command-line tests, standing in for a third-party plugin.

Loaded by ``conftest.py`` (and by subprocess tests as ``cli_fakegame:plugin`` with this
folder and the repository's root on ``PYTHONPATH``: its shared parts are
``tests.fakegames``'s). Four of a kind chops a single 2 for 3 lá; each loser pays
one lá per card left. Preset ``short`` deals 6 cards so games end fast.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vncards.core import (
    CARDS,
    TRUE,
    ActionKey,
    BotFactory,
    ClimbEngine,
    ClimbState,
    Combo,
    Event,
    RandomBot,
    RecordVocabulary,
    SheddingGame,
    Statistic,
    View,
    WentOut,
    Words,
    random_first,
)

from tests.fakegames import CardsLeftHooks, HandRules, quad_chops_two


class MiniRules(HandRules):
    """Cards per hand."""

    hand_size: int = 13


class FirstBot:
    """Plays its first offered action (plays come lowest first)."""

    name = "first"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        return actions[0]


def _chop_value(target: Combo) -> int:
    return 3


_ENGINE = quad_chops_two(_chop_value)


class MiniClimb(CardsLeftHooks[MiniRules], SheddingGame[MiniRules]):
    """Shed every card first; losers pay a lá per card left."""

    name = "miniclimb"
    title = "Mini climb"
    rules_model = MiniRules
    presets: Mapping[str, MiniRules] = {
        "standard": MiniRules(),
        "short": MiniRules(hand_size=6),
    }
    default_preset = "standard"
    bots: Mapping[str, BotFactory] = {
        "random": lambda seed: RandomBot(seed),
        "first": FirstBot,
    }

    def engine(self, rules: MiniRules) -> ClimbEngine:
        return _ENGINE

    def choose_first(self, rules: MiniRules, hands: Sequence[int], seed: int | None) -> int | None:
        return random_first(seed, len(hands))

    def table_words(self, view: View, players: Sequence[str]) -> list[Words]:
        """The climbing table's lines, and this game's one rule of chopping."""
        return [*super().table_words(view, players), ("Four of a kind chops a single 2.",)]

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """A hand that empties is said this game's way."""
        if isinstance(event, WentOut):
            return ("sheds the last card!",)
        return None

    def summary(self, rules: MiniRules) -> dict[str, Any]:
        return {
            "deck": "French 52",
            "players": "2-4",
            "hand size": rules.hand_size,
            "chops": ["four of a kind over a single 2"],
            "instant wins": [],
            "scoring": "a lá per card left",
        }

    # what its records say and what it counts: a third party's own words, declared here
    record_vocabulary = RecordVocabulary(
        actions=(ActionKey("play", CARDS), ActionKey("pass", TRUE)),
        outcomes=("win",),
        transfer_reasons=("cards-left", "chop"),
    )
    statistics = (Statistic("chops", "chop", "Games where a four of a kind chopped a 2."),)

    def game_stats(self, state: ClimbState) -> dict[str, int]:
        return {
            "cards_left": sum(h.bit_count() for h in state.hands),
            "chops": len(state.chop_transfers),
        }


plugin = MiniClimb()
