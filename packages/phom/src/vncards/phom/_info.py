"""What a tool may know of Phỏm without playing it: its :class:`~vncards.core.GameInfo`
(name, title, notation, rules and presets, record vocabulary, statistics, strongest
bot)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field, WithJsonSchema
from vncards.core import CARD, TRUE, ActionKey, GameInfo, Notation, RecordVocabulary, Statistic
from vncards.phom._cards import card_name, parse_phom_card
from vncards.phom._rules import PRESETS, PhomRules
from vncards.phom._settle import REASONS

__all__ = ["INFO", "NOTATION"]


def _lay_off_entry(value: dict[str, Any]) -> dict[str, Any]:
    """Check one lay-off entry: ``onto`` a card, ``cards`` a non-empty list of cards."""
    if set(value) != {"onto", "cards"}:
        raise ValueError("a lay-off entry holds exactly 'onto' and 'cards'")
    cards = value["cards"]
    if not isinstance(value["onto"], str):
        raise ValueError("'onto' must be one card")
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise ValueError("'cards' must be a list of at least one card")
    return value


# an inline schema (a nested model would leave a dangling $ref in the record schema)
_ENTRY_SCHEMA = {
    "type": "object",
    "properties": {
        "onto": {"type": "string"},
        "cards": {"type": "array", "items": {"type": "string"}, "minItems": 1},
    },
    "required": ["onto", "cards"],
    "additionalProperties": False,
}
_MELD_SHAPE: Any = list[list[str]]
_LAY_OFF_SHAPE: Any = Annotated[
    list[Annotated[dict[str, Any], AfterValidator(_lay_off_entry), WithJsonSchema(_ENTRY_SCHEMA)]],
    Field(min_length=1),
]

NOTATION = Notation("french", parse_phom_card, card_name)
"""Core's French notation read into Phỏm's own card numbers (the ace low).

>>> NOTATION.parse("AS"), NOTATION.format(12)
(0, 'KS')
"""

INFO = GameInfo(
    name="phom",
    title="Phỏm (Tá lả)",
    notation=NOTATION,
    rules_model=PhomRules,
    presets=PRESETS,
    default_preset="standard",
    vocabulary=RecordVocabulary(
        actions=(
            ActionKey("discard", CARD, 'The card discarded, e.g. "9D".'),
            ActionKey("draw", TRUE, "Draw the top card of the stock."),
            ActionKey("take", TRUE, "Take the card discarded on the turn just before."),
            ActionKey("meld", _MELD_SHAPE, "Every phỏm shown at once ([] = móm)."),
            ActionKey("lay_off", _LAY_OFF_SHAPE, "Cards laid onto phỏm of other players."),
        ),
        outcomes=("win", "instant-win"),
        transfer_reasons=REASONS,
    ),
    statistics=(
        Statistic("u", "ù", "Games ended by an ù."),
        Statistic("mom", "móm", "Móm players per game."),
        Statistic("takes", "ăn", "Cards taken per game."),
        Statistic("den", "đền", "Games where one player paid for all at an ù."),
    ),
    strongest_bot="search",
)
"""Phỏm's data.

>>> INFO.name, INFO.default_preset, INFO.vocabulary.keys
('phom', 'standard', ('discard', 'draw', 'take', 'meld', 'lay_off'))
"""
