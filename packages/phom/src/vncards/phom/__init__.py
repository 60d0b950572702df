"""vncards.phom — Phỏm (Tá lả), the Vietnamese rummy game: take/draw/discard turns and
the order shift after a take, hạ phỏm, gửi, ù of every kind, móm, the ranking with its
payments, ăn gà and ăn chốt, đền; the optimal meld-partition solver; per-seat views,
determinization, events and bots; exposed as the ``phom`` game plugin, which core's
:class:`~vncards.core.Plugin` makes from the game's small parts: :data:`INFO`,
:class:`PhomGame`, :class:`PhomCodec`, the bots, :class:`PhomProbes` and the tools'
queries.

>>> from vncards.phom import plugin
>>> plugin.analyze_cards(["AS", "2S", "3S", "9H"])["deadwood"]
['9H']
>>> st = plugin.new_game(plugin.presets["standard"], 4, seed=1)
>>> sorted(len(plugin.view(st, s).hand) for s in range(4))
[9, 9, 9, 10]
"""

# first: the compiled modules load only when built from these very sources
import vncards.phom._native  # noqa: F401

# isort: split
from vncards.phom._actions import (
    Discard,
    Draw,
    LaidOff,
    LayOff,
    Meld,
    Melded,
    PhomAction,
    PhomDrew,
    PhomWon,
    Take,
    TookCard,
    action_record,
)
from vncards.phom._bots import (
    BOTS,
    GreedyBot,
    PhomHooks,
    greedy_bot,
    greedy_order,
    random_bot,
    search_bot,
)
from vncards.phom._cards import card_name, card_names, mask_of, parse_phom_card
from vncards.phom._codec import PhomCodec, PhomProbes
from vncards.phom._engine import apply_action, start_game, why_illegal
from vncards.phom._game import PhomGame
from vncards.phom._info import INFO
from vncards.phom._melds import (
    Partition,
    can_arrange,
    candidate_melds,
    classify_meld,
    has_ca,
    is_phom,
    meld_options,
    solve,
)
from vncards.phom._moves import legal_actions, normalise
from vncards.phom._plugin import PhomQueries, plugin
from vncards.phom._rules import PRESETS, PhomRules
from vncards.phom._settle import REASONS, hand_points, ranking
from vncards.phom._state import PhomState
from vncards.phom._typed import parse_move
from vncards.phom._view import PhomView, determinize, make_view

__all__ = [
    "BOTS",
    "INFO",
    "PRESETS",
    "REASONS",
    "Discard",
    "Draw",
    "GreedyBot",
    "LaidOff",
    "LayOff",
    "Meld",
    "Melded",
    "Partition",
    "PhomAction",
    "PhomCodec",
    "PhomDrew",
    "PhomGame",
    "PhomHooks",
    "PhomProbes",
    "PhomQueries",
    "PhomRules",
    "PhomState",
    "PhomView",
    "PhomWon",
    "Take",
    "TookCard",
    "action_record",
    "apply_action",
    "can_arrange",
    "candidate_melds",
    "card_name",
    "card_names",
    "classify_meld",
    "determinize",
    "greedy_bot",
    "greedy_order",
    "hand_points",
    "has_ca",
    "is_phom",
    "legal_actions",
    "make_view",
    "mask_of",
    "meld_options",
    "normalise",
    "parse_move",
    "parse_phom_card",
    "plugin",
    "random_bot",
    "ranking",
    "search_bot",
    "solve",
    "start_game",
    "why_illegal",
]
