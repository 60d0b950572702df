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
    "FinishOnTwo",
    "FirstLead",
    "Follow",
    "InstantWin",
    "PairColours",
    "StraightSuits",
    "TienLenRules",
]

FirstLead = Literal["random", "three-of-spades"]
InstantWin = Literal["dragon", "four-twos", "five-pair-run", "six-pairs"]
Follow = Literal["none", "suit"]
StraightSuits = Literal["mixed", "one"]
PairColours = Literal["any", "one"]
FinishOnTwo = Literal["allowed", "forbidden"]

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

    The Northern game (miền Bắc) is five settings switched, each usable alone:

    >>> north = PRESETS["mien-bac"]
    >>> north.follow, north.straight_suits, north.pair_colours, north.pair_runs, north.finish_on_two
    ('suit', 'one', 'one', False, 'forbidden')
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
    follow: Follow = Field(
        default="none",
        description=(
            "Whether an answer must follow the suits of what it beats: 'none', or 'suit' "
            "(a single by its suit, a pair by its colours, a triple by its suits, a "
            "straight suit by suit, a pair-run pair by pair; plays of 2s alone, tứ quý and "
            "chops follow nothing)."
        ),
    )
    straight_suits: StraightSuits = Field(
        default="mixed",
        description="'mixed' (any suits) or 'one' (a straight is of one suit: sảnh đồng chất).",
    )
    pair_colours: PairColours = Field(
        default="any",
        description="'any', or 'one' (a pair is two cards of one colour, ♠♣ or ♦♥).",
    )
    pair_runs: bool = Field(
        default=True,
        description=(
            "Whether đôi thông (three or more consecutive pairs) is a combination; without "
            "it tứ quý is the only chop and a held run of pairs is no hàng."
        ),
    )
    finish_on_two: FinishOnTwo = Field(
        default="allowed",
        description="'allowed', or 'forbidden' (no last play that holds a 2, heo).",
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
        "mien-bac": TienLenRules(
            follow="suit",
            straight_suits="one",
            pair_colours="one",
            pair_runs=False,
            finish_on_two="forbidden",
        ),
    }
)
"""``dem-la``: the rules as the đếm lá source states them (default). ``ba-bich``: a
common house variant — 3♠ (ba bích) opens the first game, and a player who passed may
come back in the round to chop. ``mien-bac``: Tiến lên miền Bắc, the Northern game —
answers follow suit and colour, pairs are of one colour, straights of one suit, no đôi
thông, and no going out on a 2."""

DEFAULT_PRESET = "dem-la"
