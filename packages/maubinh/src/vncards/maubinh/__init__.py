"""vncards.maubinh — Mậu Binh (binh xập xám): the hand evaluator for 5- and 3-card chi,
the order rule (binh lủng), the instant hands (mậu binh trắng), pairwise chi settlement
with sập hầm and sập làng, and three bots, exposed as the ``maubinh`` game plugin.

>>> from vncards.maubinh import plugin
>>> plugin.classify_cards(plugin.presets["standard"], ["9S", "9H", "9D", "9C", "2S"])["combo"]
'quads'
"""

# first: the compiled modules load only when built from these very sources
import vncards.maubinh._native  # noqa: F401

# isort: split
from vncards.maubinh._bots import BOTS, ArrangingBot, GreedyBot, RandomArrangeBot, SolverBot
from vncards.maubinh._engine import (
    SPLITS,
    Arrange,
    MauBinhState,
    apply_arrange,
    arrange_error,
    start_game,
)
from vncards.maubinh._events import Arranged, InstantDeclared, Revealed
from vncards.maubinh._hands import RANK, SUIT, Evaluator, category, evaluator, hand_code, mb_rank
from vncards.maubinh._instant import instant_hand, instant_hands, instant_rank
from vncards.maubinh._plugin import MauBinhGame, MauBinhView, plugin
from vncards.maubinh._rules import (
    CHI_NAMES,
    DEFAULT_PRESET,
    HAND_CODES,
    INSTANT_CODES,
    PRESETS,
    ChiName,
    HandCode,
    InstantCode,
    MauBinhRules,
    Wheel,
)
from vncards.maubinh._settle import (
    REASONS,
    ChiTransfer,
    Scoring,
    is_fouled,
    scoring,
    settle,
    winner_of,
)
from vncards.maubinh._solver import Split, expected_chi, front, greedy_split, random_split, solve
from vncards.maubinh._splits import Splits

__all__ = [
    "BOTS",
    "CHI_NAMES",
    "DEFAULT_PRESET",
    "HAND_CODES",
    "INSTANT_CODES",
    "PRESETS",
    "RANK",
    "REASONS",
    "SPLITS",
    "SUIT",
    "Arrange",
    "Arranged",
    "ArrangingBot",
    "ChiName",
    "ChiTransfer",
    "Evaluator",
    "GreedyBot",
    "HandCode",
    "InstantCode",
    "InstantDeclared",
    "MauBinhGame",
    "MauBinhRules",
    "MauBinhState",
    "MauBinhView",
    "RandomArrangeBot",
    "Revealed",
    "Scoring",
    "SolverBot",
    "Split",
    "Splits",
    "Wheel",
    "apply_arrange",
    "arrange_error",
    "category",
    "evaluator",
    "expected_chi",
    "front",
    "greedy_split",
    "hand_code",
    "instant_hand",
    "instant_hands",
    "instant_rank",
    "is_fouled",
    "mb_rank",
    "plugin",
    "random_split",
    "scoring",
    "settle",
    "solve",
    "start_game",
    "winner_of",
]
