"""The rule settings of Tiến lên miền Nam (đếm lá) and the named presets.

Every choice a table may make differently is a field of :class:`TienLenRules`; a preset
is simply a named instance of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from pydantic import Field, field_validator, model_validator
from vncards.core import RulesBase

__all__ = [
    "DEFAULT_PRESET",
    "INSTANT_WIN_CODES",
    "PRESETS",
    "FirstLead",
    "InstantWin",
    "TienLenRules",
]

FirstLead = Literal["random", "three-of-spades"]
InstantWin = Literal["dragon", "four-twos", "five-pair-run", "six-pairs"]

INSTANT_WIN_CODES: tuple[InstantWin, ...] = ("dragon", "four-twos", "five-pair-run", "six-pairs")
"""Every tới trắng hand, strongest first (the order that decides between two of them)."""


class TienLenRules(RulesBase):
    """How one table plays Tiến lên miền Nam, đếm lá.

    Thối values are in lá (cards): they are what a held 2 or hàng costs a loser at the
    end, and what a chopped 2 or hàng costs its owner during play.

    >>> rules = TienLenRules()
    >>> rules.first_lead, rules.passed_may_chop, rules.thoi_red_two, rules.cong_multiplier
    ('random', False, 6, 2)
    >>> TienLenRules(first_lead="three-of-spades").first_lead
    'three-of-spades'
    """

    first_lead: FirstLead = Field(
        default="random",
        description=(
            "Who leads the first game of a match: 'random' (a seeded draw) or "
            "'three-of-spades' (the holder of 3♠ leads and the first play must contain it)."
        ),
    )
    passed_may_chop: bool = Field(
        default=False,
        description=(
            "Whether a player who passed may come back in the same round, only to chặt "
            "(chop) a 2 or a hàng on the table."
        ),
    )
    min_players: int = Field(default=2, ge=2, le=4, description="Fewest players at the table.")
    max_players: int = Field(default=4, ge=2, le=4, description="Most players at the table.")
    hand_size: int = Field(
        default=13, ge=1, le=13, description="Cards dealt to each player (the rest stay out)."
    )
    thoi_black_two: int = Field(default=3, ge=0, description="Lá a black 2 (♠ or ♣) is worth.")
    thoi_red_two: int = Field(default=6, ge=0, description="Lá a red 2 (♦ or ♥) is worth.")
    thoi_quad: int = Field(default=12, ge=0, description="Lá a tứ quý (four of a kind) is worth.")
    thoi_three_pair_run: int = Field(
        default=12, ge=0, description="Lá a 3 đôi thông (three consecutive pairs) is worth."
    )
    thoi_four_pair_run: int = Field(
        default=16, ge=0, description="Lá a 4 đôi thông (four consecutive pairs) is worth."
    )
    cong_multiplier: int = Field(
        default=2,
        ge=1,
        description="What a cóng loser (one who never played a card) multiplies its debt by.",
    )
    instant_wins: tuple[InstantWin, ...] = Field(
        default=INSTANT_WIN_CODES,
        description=(
            "Which tới trắng hands win at the deal. Between two of them the order is "
            "always dragon > four-twos > five-pair-run > six-pairs."
        ),
    )

    @field_validator("instant_wins")
    @classmethod
    def _distinct_wins(cls, value: tuple[InstantWin, ...]) -> tuple[InstantWin, ...]:
        if len(set(value)) != len(value):
            raise ValueError("an instant win is listed twice")
        return tuple(code for code in INSTANT_WIN_CODES if code in value)

    @model_validator(mode="after")
    def _player_range(self) -> TienLenRules:
        if self.min_players > self.max_players:
            raise ValueError("min_players is larger than max_players")
        return self


PRESETS: Mapping[str, TienLenRules] = MappingProxyType(
    {
        "dem-la": TienLenRules(),
        "ba-bich": TienLenRules(first_lead="three-of-spades", passed_may_chop=True),
    }
)
"""``dem-la``: the rules as the đếm lá source states them (default). ``ba-bich``: a
common house variant — 3♠ (ba bích) opens the first game, and a player who passed may
come back in the round to chop."""

DEFAULT_PRESET = "dem-la"
