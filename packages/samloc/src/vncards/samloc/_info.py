"""What the tools know of Sâm Lốc without playing it: its :class:`~vncards.core.GameInfo`.

>>> INFO.name, INFO.strongest_bot
('samloc', 'search')
"""

from __future__ import annotations

from vncards.core import CARDS, FRENCH, TRUE, ActionKey, GameInfo, RecordVocabulary, Statistic, word
from vncards.samloc._rules import DEFAULT_PRESET, PRESETS, SamRules

__all__ = ["INFO"]

INFO = GameInfo(
    name="samloc",
    title="Sâm Lốc",
    notation=FRENCH,
    rules_model=SamRules,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    vocabulary=RecordVocabulary(
        actions=(
            ActionKey("play", CARDS, 'The cards played, e.g. ["8S", "8H"].'),
            ActionKey("pass", TRUE, "Pass (bỏ lượt)."),
            ActionKey("declare", word("sam"), "Declare Sâm (báo Sâm), before the first play."),
        ),
        outcomes=("win", "instant-win", "sam-success", "sam-failed", "draw"),
        transfer_reasons=(
            "cards-left",
            "thoi-2",
            "thoi-hang",
            "cong",
            "chop",
            "instant-win",
            "sam",
            "bao-mot",
            "den",
        ),
        violations=("bao-mot",),
    ),
    statistics=(
        Statistic("chops", "chop", "Games with at least one chop (chặt)."),
        Statistic("thoi_2", "thối 2", "Games where a loser was caught with a 2 (thối 2)."),
        Statistic("cong", "cóng", "Games where a loser never played a card (cóng)."),
        Statistic("sam_success", "Sâm ok", "Games won by a báo Sâm declarer."),
        Statistic("sam_failed", "Sâm fail", "Games where a báo Sâm declarer was blocked."),
        Statistic("bao_mot_violations", "đền", "Games with a báo một violation (đền)."),
    ),
    strongest_bot="search",  # vncards play's default opponent
)
"""What the tools know of Sâm without playing it."""
