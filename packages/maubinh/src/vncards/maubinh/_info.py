"""What a tool may know of Mậu Binh without playing it: its :class:`~vncards.core.GameInfo`
(name, title, notation, rules and presets, record vocabulary, statistics, strongest
bot).

The strongest bot is the network ``net`` when the environments package that offers it
is installed (it beats the solver heads-up by about 0.16 chi a game), else the solver.

>>> INFO.name, INFO.notation.name, INFO.strongest_bot
('maubinh', 'french', ('net', 'solver'))
"""

from __future__ import annotations

from vncards.core import FRENCH, ActionKey, GameInfo, RecordVocabulary, Statistic, named_cards
from vncards.maubinh._rules import DEFAULT_PRESET, PRESETS, MauBinhRules
from vncards.maubinh._settle import REASONS

__all__ = ["INFO"]

INFO = GameInfo(
    name="maubinh",
    title="Mậu Binh (binh xập xám)",
    notation=FRENCH,
    rules_model=MauBinhRules,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    vocabulary=RecordVocabulary(
        actions=(
            ActionKey(
                "arrange",
                named_cards("chi1", "chi2", "chi3"),
                "The player's three chi: chi1 and chi2 of 5 cards, chi3 of 3.",
            ),
        ),
        outcomes=("showdown", "instant-win", "draw"),
        transfer_reasons=REASONS,
    ),
    statistics=(
        Statistic("binh_lung", "lủng", "Games where a player's chi were out of order."),
        Statistic("sap_ham", "sập hầm", "Games where a player lost all three chi to one."),
        Statistic("sap_lang", "sập làng", "Games where one player won every chi of all."),
    ),
    strongest_bot=("net", "solver"),  # the default at the terminal and tables
)
"""The ``maubinh`` game's facts."""
