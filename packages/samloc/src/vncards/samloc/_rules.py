"""Sâm Lốc rule settings and the three presets.

Every point where the Vietnamese rule texts disagree is a setting of :class:`SamRules`;
a preset is a named value of it. ``standard`` is the default.

>>> PRESETS["a23"].straight_order
'a23'
>>> preset_differences("five-players")
{'sam_failure_basis': ('opponents', 'players'), 'instant_wins_first_game_only': (False, True)}
>>> PRESETS["a23"].sam_failure_payee, PRESETS["a23"].chop_chain
('everyone', 'flat')
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator
from vncards.core import RulesBase, RulesError

__all__ = ["DEFAULT_PRESET", "PRESETS", "SamRules", "preset_differences"]


class SamRules(RulesBase):
    """The settings of a Sâm Lốc game (frozen; unknown settings are refused).

    Payments are in lá (cards) and multiplied by the bet at the end.

    >>> SamRules().chop_two, SamRules().sam
    (15, 20)
    >>> SamRules(min_players=6)
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for SamRules
    ...
    """

    min_players: int = Field(default=2, ge=2, le=5)
    """Fewest players at the table."""
    max_players: int = Field(default=5, ge=2, le=5)
    """Most players (5 × 10 cards still fit in one deck)."""
    first_lead: Literal["lowest-card", "random"] = "lowest-card"
    """Who leads a match's first game when nobody declares Sâm: the holder of the lowest
    card (ties on rank broken ♠ < ♣ < ♦ < ♥), or a seat drawn at random."""
    straight_order: Literal["standard", "a23"] = "standard"
    """``standard``: straights run within 3…A. ``a23``: A may also sit below 2 and 3, so
    A-2-3 < 2-3-4 < … < Q-K-A (K-A-2 is never a straight)."""
    finish_on_two: Literal["forbidden", "loses"] = "forbidden"
    """Thối 2: going out with a play that holds a 2 is illegal (``forbidden``), or allowed
    but the player is ranked a loser and play goes on (``loses``)."""
    sam_failure_basis: Literal["opponents", "players"] = "opponents"
    """A failed Sâm pays the blocker ``sam`` lá times the number of opponents or of players."""
    sam_failure_payee: Literal["blocker", "everyone"] = "blocker"
    """Who a failed Sâm pays: the blocker alone (by ``sam_failure_basis``), or ``sam`` lá to
    every other player (đền làng). The blocker is the winner either way."""
    instant_wins_first_game_only: bool = False
    """Whether tới trắng counts only in a match's first game."""
    chop_two: int = Field(default=15, ge=0)
    """Lá a chopped 2 costs its owner (heo bị chặt)."""
    chop_quad: int = Field(default=10, ge=0)
    """Lá a chopped tứ quý costs its owner."""
    chop_chain: Literal["accumulate", "flat"] = "accumulate"
    """Chặt chồng: a chop on a chop adds the chopped tứ quý's value to the chain
    (``accumulate``), or a flat ``chop_chain_step`` lá (``flat``). The first chop of a
    chain is valued by ``chop_two`` / ``chop_quad`` either way."""
    chop_chain_step: int = Field(default=15, ge=0)
    """Lá each chop on a chop adds to the chain under ``chop_chain = flat``."""
    held_two: int = Field(default=5, ge=0)
    """Extra lá a loser pays per 2 still in hand (on top of the card itself)."""
    held_quad: int = Field(default=0, ge=0)
    """Extra lá a loser pays per tứ quý still in hand (f8 scoring table)."""
    cong: int = Field(default=15, ge=0)
    """Lá a loser who never played a card (cóng) pays instead of the cards left."""
    sam: int = Field(default=20, ge=0)
    """Lá of a Sâm: each opponent pays it on success; the failure is a multiple of it."""
    instant_win: int = Field(default=20, ge=0)
    """Lá each other player pays the holder of a tới trắng hand."""
    instant_win_counts_held: bool = False
    """Whether the losers of a tới trắng also pay for their 2s and tứ quý (f8 scoring)."""

    @model_validator(mode="after")
    def _player_range(self) -> SamRules:
        if self.min_players > self.max_players:
            raise ValueError("min_players must not exceed max_players")
        return self


DEFAULT_PRESET = "standard"

PRESETS: dict[str, SamRules] = {
    "standard": SamRules(),
    "a23": SamRules(
        max_players=4,
        straight_order="a23",
        held_quad=10,
        instant_win_counts_held=True,
        sam_failure_payee="everyone",
        chop_chain="flat",
    ),
    "five-players": SamRules(
        sam_failure_basis="players",
        instant_wins_first_game_only=True,
    ),
}
"""The named presets; ``standard`` is the default."""


def preset_differences(name: str) -> dict[str, tuple[Any, Any]]:
    """Settings where preset ``name`` differs from the default: ``{setting: (default, preset)}``.

    >>> preset_differences("a23")["straight_order"]
    ('standard', 'a23')
    >>> preset_differences("standard")
    {}
    """
    try:
        rules = PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(f"samloc has no variant {name!r} (known: {known})") from None
    base = PRESETS[DEFAULT_PRESET].model_dump()
    mine = rules.model_dump()
    return {k: (base[k], v) for k, v in mine.items() if base[k] != v}
