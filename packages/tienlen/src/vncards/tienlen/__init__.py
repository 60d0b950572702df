"""vncards.tienlen — Tiến lên miền Nam, đếm lá: rules, chặt, thối, tới trắng and bots,
and the Northern game (miền Bắc) as the preset ``mien-bac``.

The package's plugin object is :data:`plugin` (entry point ``tienlen`` in the
``vncards.games`` group).

>>> from vncards.core import CardSet
>>> from vncards.tienlen import TienLenRules, count_la, plugin
>>> plugin.name, sorted(plugin.presets), plugin.default_preset
('tienlen', ['ba-bich', 'dem-la', 'mien-bac'], 'dem-la')
>>> count_la(CardSet.parse("5D 7D 9H 2C 2H").mask, TienLenRules())
12
"""

# first: the compiled modules load only when built from these very sources
import vncards.tienlen._native  # noqa: F401

# isort: split
from vncards.tienlen._bots import GreedyBot, split_hand
from vncards.tienlen._engine import (
    CHOP_TABLE,
    COMBO_RULES,
    ComebackEngine,
    ComebackLastTwoEngine,
    LastTwoEngine,
    TienLenEngine,
    TienLenState,
    combo_rules_of,
)
from vncards.tienlen._events import Stuck
from vncards.tienlen._plugin import TienLenGame, plugin
from vncards.tienlen._rules import (
    DEFAULT_PRESET,
    INSTANT_WIN_CODES,
    PRESETS,
    FinishOnTwo,
    FirstLead,
    Follow,
    InstantWin,
    PairColours,
    StraightSuits,
    TienLenRules,
)
from vncards.tienlen._scoring import chop_value, count_la, instant_win_of, instant_wins_in_order

__all__ = [
    "CHOP_TABLE",
    "COMBO_RULES",
    "DEFAULT_PRESET",
    "INSTANT_WIN_CODES",
    "PRESETS",
    "ComebackEngine",
    "ComebackLastTwoEngine",
    "FinishOnTwo",
    "FirstLead",
    "Follow",
    "GreedyBot",
    "InstantWin",
    "LastTwoEngine",
    "PairColours",
    "StraightSuits",
    "Stuck",
    "TienLenEngine",
    "TienLenGame",
    "TienLenRules",
    "TienLenState",
    "chop_value",
    "combo_rules_of",
    "count_la",
    "instant_win_of",
    "instant_wins_in_order",
    "plugin",
    "split_hand",
]
