"""The rule settings of Mậu Binh (binh xập xám) and the named presets.

Every point where tables play differently is a field of :class:`MauBinhRules`; a preset
is a named instance of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from pydantic import Field, field_validator
from vncards.core import RulesBase

__all__ = [
    "CHI_NAMES",
    "DEFAULT_PRESET",
    "HAND_CODES",
    "INSTANT_CODES",
    "PRESETS",
    "ChiName",
    "HandCode",
    "InstantCode",
    "MauBinhRules",
    "Wheel",
]

HandCode = Literal[
    "high-card",
    "pair",
    "two-pair",
    "trips",
    "straight",
    "flush",
    "full-house",
    "quads",
    "straight-flush",
]
HAND_CODES: tuple[HandCode, ...] = (
    "high-card",
    "pair",
    "two-pair",
    "trips",
    "straight",
    "flush",
    "full-house",
    "quads",
    "straight-flush",
)
"""Hand categories (chi codes), lowest first: the index is the category's strength."""

InstantCode = Literal[
    "rong-cuon",
    "sanh-rong",
    "dong-mau-13",
    "dong-mau-12",
    "nam-doi-mot-sam",
    "luc-phe-bon",
    "ba-thung",
    "ba-sanh",
]
INSTANT_CODES: tuple[InstantCode, ...] = (
    "rong-cuon",
    "sanh-rong",
    "dong-mau-13",
    "dong-mau-12",
    "nam-doi-mot-sam",
    "luc-phe-bon",
    "ba-thung",
    "ba-sanh",
)
"""Mậu binh trắng (instant hands), highest first: the order that decides between two."""

ChiName = Literal["chi1", "chi2", "chi3"]
CHI_NAMES: tuple[ChiName, ...] = ("chi1", "chi2", "chi3")
"""The back (5 cards), the middle (5 cards) and the front (3 cards)."""

Wheel = Literal["second", "lowest"]

_STANDARD_INSTANT: dict[InstantCode, int] = {
    "rong-cuon": 48,
    "sanh-rong": 24,
    "dong-mau-13": 24,
    "dong-mau-12": 12,
    "nam-doi-mot-sam": 8,
    "luc-phe-bon": 6,
    "ba-thung": 6,
    "ba-sanh": 6,
}
_STANDARD_BONUSES: dict[ChiName, dict[HandCode, int]] = {
    "chi1": {"straight-flush": 5, "quads": 4},
    "chi2": {"straight-flush": 10, "quads": 8, "full-house": 2},
    "chi3": {"trips": 3},
}


class MauBinhRules(RulesBase):
    """How one table plays Mậu Binh.

    Values are in chi (the game's unit), multiplied by the bet at the end.

    >>> rules = MauBinhRules()
    >>> rules.wheel, rules.suits_break_ties, rules.sap_ham_multiplier
    ('second', False, 2)
    >>> rules.instant_wins["rong-cuon"], rules.chi_bonuses["chi2"]["quads"]
    (48, 8)
    >>> MauBinhRules(instant_wins={}).instant_wins
    {}
    """

    wheel: Wheel = Field(
        default="second",
        description=(
            "Where A-2-3-4-5 ranks among straights: 'second' (just below 10-J-Q-K-A) or "
            "'lowest' (below 2-3-4-5-6, as in poker)."
        ),
    )
    suits_break_ties: bool = Field(
        default=False,
        description=(
            "Whether two hands equal in ranks are told apart by the suit (♠ < ♣ < ♦ < ♥) "
            "of the highest card that decides; otherwise they tie."
        ),
    )
    instant_wins: dict[InstantCode, int] = Field(
        default_factory=lambda: dict(_STANDARD_INSTANT),
        description=(
            "Mậu binh trắng hands that win at the deal, with their value in chi; an empty "
            "table turns them off. Between two of them the order is always rong-cuon > "
            "sanh-rong > dong-mau-13 > dong-mau-12 > nam-doi-mot-sam > luc-phe-bon > "
            "ba-thung > ba-sanh."
        ),
    )
    chi_bonuses: dict[ChiName, dict[HandCode, int]] = Field(
        default_factory=lambda: {k: dict(v) for k, v in _STANDARD_BONUSES.items()},
        description=(
            "What a chi is worth when won with the named hand (every other win is worth 1); "
            "empty: every chi is worth 1."
        ),
    )
    sap_ham_multiplier: int = Field(
        default=2,
        ge=1,
        le=100,
        description="Sập hầm: what winning all three chi against one opponent multiplies by.",
    )
    sap_lang_multiplier: int = Field(
        default=2,
        ge=1,
        le=100,
        description=(
            "Sập làng: the further multiplier when one player sập hầm every other player "
            "(3 or 4 players); 1 turns it off."
        ),
    )

    @field_validator("instant_wins")
    @classmethod
    def _instant_values(cls, value: dict[InstantCode, int]) -> dict[InstantCode, int]:
        for code, v in value.items():
            if not 1 <= v <= 10_000:
                raise ValueError(f"the value of {code} must be between 1 and 10000 chi")
        return {code: value[code] for code in INSTANT_CODES if code in value}

    @field_validator("chi_bonuses")
    @classmethod
    def _bonus_values(
        cls, value: dict[ChiName, dict[HandCode, int]]
    ) -> dict[ChiName, dict[HandCode, int]]:
        for chi, table in value.items():
            for hand, v in table.items():
                if not 1 <= v <= 10_000:
                    raise ValueError(f"the bonus of {hand} in {chi} must be between 1 and 10000")
                if chi == "chi3" and hand not in ("trips", "pair", "high-card"):
                    raise ValueError(f"chi3 holds 3 cards and is never a {hand}")
        return {chi: dict(value[chi]) for chi in CHI_NAMES if chi in value}


PRESETS: Mapping[str, MauBinhRules] = MappingProxyType(
    {
        "standard": MauBinhRules(),
        "flat": MauBinhRules(
            chi_bonuses={},
            sap_lang_multiplier=1,
            instant_wins=dict.fromkeys(INSTANT_CODES, 6),
        ),
    }
)
"""``standard``: the common table rules (default). ``flat``: no chi bonuses, no sập làng,
every instant hand worth 6 chi."""

DEFAULT_PRESET = "standard"
