"""vncards.tusac — Tứ Sắc (four colours): the 112-card deck, groups, the grouping
solver (rác, win check, lệnh), the discard/take/draw engine with its priorities and
đền, its events, per-seat views and determinization, itemised settlement and bots,
exposed as the ``tusac`` game plugin.

>>> from vncards.tusac import plugin
>>> plugin.analyze_cards(["RK", "RA", "RE", "YP", "GP", "WP"])["complete"]
True
>>> st = plugin.new_game(plugin.presets["standard"], 4, seed=1)
>>> view = plugin.view(st, 0)
>>> [e["type"] for e in view.to_json(["An", "Bình", "Chi", "Dũng"])["history"]], len(view.hand)
([], 21)
"""

# first: the compiled modules load only when built from these very sources
import vncards.tusac._native  # noqa: F401

# isort: split
from vncards.tusac._bots import BOTS, GreedyBot, greedy_bot, random_bot, search_bot
from vncards.tusac._codec import TuSacCodec, TuSacProbes
from vncards.tusac._deck import (
    CARD_CODES,
    COPIES,
    DECK_SIZE,
    KINDS,
    Colour,
    Piece,
    colour_of,
    format_card,
    format_cards,
    kind_of,
    parse_card,
    parse_cards,
    piece_of,
    split_card_list,
)
from vncards.tusac._engine import (
    ACTIVE,
    DISCARD,
    INSTANT_WIN,
    Discard,
    Draw,
    OwedDen,
    Pass,
    Revealed,
    Take,
    TookGroup,
    TuSacAction,
    TuSacState,
    decision_parts,
    discard_outs,
    junk_discards,
    obligation,
    start_game,
    waiting_pair,
    worst_discards,
    worst_of,
)
from vncards.tusac._game import TuSacGame
from vncards.tusac._groups import (
    GROUP_CODES,
    GROUPS,
    Group,
    classify_group,
    group_lenh,
    take_shapes,
)
from vncards.tusac._info import INFO
from vncards.tusac._plugin import plugin
from vncards.tusac._queries import TuSacQueries, TuSacStatistics
from vncards.tusac._rules import PRESETS, TuSacRules
from vncards.tusac._settle import REASONS, base_payment, settle, settle_transfers, winner_lenh
from vncards.tusac._solver import (
    EMPTY_HAND,
    Grouping,
    Hand,
    best_grouping,
    best_lenh,
    hand_count,
    hand_kinds,
    hand_of,
    hand_remove,
    hand_size,
    is_complete,
    min_junk,
)
from vncards.tusac._view import TuSacView, determinize, make_view
from vncards.tusac._words import TuSacScreen

__all__ = [
    "ACTIVE",
    "BOTS",
    "CARD_CODES",
    "COPIES",
    "DECK_SIZE",
    "DISCARD",
    "EMPTY_HAND",
    "GROUPS",
    "GROUP_CODES",
    "INFO",
    "INSTANT_WIN",
    "KINDS",
    "PRESETS",
    "REASONS",
    "Colour",
    "Discard",
    "Draw",
    "GreedyBot",
    "Group",
    "Grouping",
    "Hand",
    "OwedDen",
    "Pass",
    "Piece",
    "Revealed",
    "Take",
    "TookGroup",
    "TuSacAction",
    "TuSacCodec",
    "TuSacGame",
    "TuSacProbes",
    "TuSacQueries",
    "TuSacRules",
    "TuSacScreen",
    "TuSacState",
    "TuSacStatistics",
    "TuSacView",
    "base_payment",
    "best_grouping",
    "best_lenh",
    "classify_group",
    "colour_of",
    "decision_parts",
    "determinize",
    "discard_outs",
    "format_card",
    "format_cards",
    "greedy_bot",
    "group_lenh",
    "hand_count",
    "hand_kinds",
    "hand_of",
    "hand_remove",
    "hand_size",
    "is_complete",
    "junk_discards",
    "kind_of",
    "make_view",
    "min_junk",
    "obligation",
    "parse_card",
    "parse_cards",
    "piece_of",
    "plugin",
    "random_bot",
    "search_bot",
    "settle",
    "settle_transfers",
    "split_card_list",
    "start_game",
    "take_shapes",
    "waiting_pair",
    "winner_lenh",
    "worst_discards",
    "worst_of",
]
