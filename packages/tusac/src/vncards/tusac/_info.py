"""What a tool may know of Tứ Sắc without playing it: its :class:`~vncards.core.GameInfo`
(name, title, card notation, rules and presets, record vocabulary, statistics,
strongest bot).

>>> INFO.name, INFO.notation.name, INFO.strongest_bot
('tusac', 'tusac', 'search')
>>> NOTATION.cards("RK GR"), NOTATION.deck()[:3]
([0, 17], ('RK', 'RA', 'RE'))
"""

from __future__ import annotations

from vncards.core import (
    CARD,
    CARDS,
    TRUE,
    ActionKey,
    CardColour,
    CardLook,
    GameInfo,
    Notation,
    NotationError,
    RecordVocabulary,
    Statistic,
)
from vncards.tusac._deck import KINDS, format_card, parse_card, split_card_list
from vncards.tusac._rules import PRESETS, TuSacRules
from vncards.tusac._settle import REASONS

__all__ = ["INFO", "NOTATION", "card_look"]

_LOOKS: tuple[CardColour, ...] = ("red", "yellow", "green", "white")


def card_look(token: str, vietnamese: bool = False) -> CardLook:
    """How a card looks to people: in its colour, as its code or its Vietnamese name
    (a token that is no card is shown as written).

    >>> card_look("RK", vietnamese=True), card_look("zz")
    (CardLook(label='tướng đỏ', colour='red'), CardLook(label='zz', colour=None))
    """
    try:
        kind = parse_card(token)
    except NotationError:
        return CardLook(token)
    label = format_card(kind, "vietnamese" if vietnamese else "ascii")
    return CardLook(label, _LOOKS[kind // 7])


NOTATION = Notation(
    "tusac",
    parse_card,
    format_card,
    split=split_card_list,
    look=card_look,
    # card entries as a player types them (``vncards play tusac --help`` shows them):
    # colour letter then piece letter, or the Vietnamese names
    examples=("RK GR", "tướng đỏ, xe xanh"),
    size=KINDS,
)
"""Tứ Sắc's cards: the 28 kinds (four copies of each are dealt), written ``RK`` or
``tướng đỏ``."""

INFO = GameInfo(
    name="tusac",
    title="Tứ Sắc",
    notation=NOTATION,
    rules_model=TuSacRules,
    presets=PRESETS,
    default_preset="standard",
    vocabulary=RecordVocabulary(
        actions=(
            ActionKey("discard", CARD, 'The card discarded, e.g. "RK".'),
            ActionKey("take", CARDS, "Own cards taking the active card ([] for a lone Tướng)."),
            ActionKey("draw", TRUE, "Draw from the stock."),
            ActionKey("pass", TRUE, "Decline the drawn card; the turn moves on."),
        ),
        outcomes=("win", "instant-win", "draw"),
        transfer_reasons=REASONS,
        violations=("den",),
    ),
    statistics=(
        Statistic("den", "đền", "Games with a đền violation (a rác other than the worst)."),
        Statistic("khui", "khui", "Games where someone made a Khui."),
    ),
    strongest_bot="search",  # vncards play's default opponent
)
"""The ``tusac`` game's facts."""
