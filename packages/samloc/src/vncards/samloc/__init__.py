"""vncards.samloc — Sâm Lốc: rules, presets, engine, bots and the plugin object.

>>> from vncards.samloc import plugin
>>> plugin.name, sorted(plugin.presets)
('samloc', ['a23', 'five-players', 'standard'])
>>> plugin.beats_cards(plugin.presets["standard"], ["9S"], ["9H"])   # suits never count
{'beats': False, 'chop': False}
"""

# first: the compiled modules load only when built from these very sources
import vncards.samloc._native  # noqa: F401

# isort: split
from vncards.samloc._bots import BOTS, GreedyBot, RandomSamBot, SamBot, declarer_of
from vncards.samloc._engine import (
    TWOS,
    SamEngine,
    SamState,
    next_active,
    sam_chops,
    sam_combo_rules,
)
from vncards.samloc._events import BaoMotViolated, OneCard, Stuck
from vncards.samloc._game import SamLoc, plugin
from vncards.samloc._hands import INSTANT_WINS, instant_win_code, quads_in
from vncards.samloc._plan import sam_plan
from vncards.samloc._rules import DEFAULT_PRESET, PRESETS, SamRules, preset_differences

__all__ = [
    "BOTS",
    "DEFAULT_PRESET",
    "INSTANT_WINS",
    "PRESETS",
    "TWOS",
    "BaoMotViolated",
    "GreedyBot",
    "OneCard",
    "RandomSamBot",
    "SamBot",
    "SamEngine",
    "SamLoc",
    "SamRules",
    "SamState",
    "Stuck",
    "declarer_of",
    "instant_win_code",
    "next_active",
    "plugin",
    "preset_differences",
    "quads_in",
    "sam_chops",
    "sam_combo_rules",
    "sam_plan",
]
