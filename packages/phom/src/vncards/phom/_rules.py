"""The rule settings of Phỏm and its presets (``standard``, ``flat``).

Every point where tables play differently is a field of :class:`PhomRules`; a preset is
a named instance of it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from vncards.core import RulesBase

__all__ = ["PRESETS", "PhomRules"]


class PhomRules(RulesBase):
    """Settings of a Phỏm table (amounts in lá, × the bet).

    >>> r = PhomRules()
    >>> r.card_points, r.rank_payments, r.mom_payment, r.den
    ('face', (1, 2, 3), 4, 'u-take')
    >>> PRESETS["flat"].u_payment, PRESETS["flat"].u_tron_multiplier
    (6, 2)
    """

    card_points: Literal["face", "tens"] = "face"
    """What a card left in hand costs: ``face`` A 1 … 10, J 11, Q 12, K 13; ``tens``
    10, J, Q and K 10 each."""
    rank_payments: tuple[int, int, int] = (1, 2, 3)
    """What the second (nhì), third (ba) and fourth (bét) place pay the winner."""
    mom_payment: int = Field(default=4, ge=0)
    """What each móm player (no phỏm shown) pays the winner instead of its place."""
    take_payment: int = Field(default=1, ge=0)
    """Ăn gà: paid at once, per taken card, by the player whose discard it was."""
    chot_payment: int = Field(default=4, ge=0)
    """Ăn chốt: paid instead of ``take_payment`` for a taken chốt."""
    u_payment: int = Field(default=5, ge=0)
    """What each loser pays an ù (or ù khan) player."""
    u_tron_multiplier: int = Field(default=1, ge=1)
    """Multiplies ``u_payment`` for an ù tròn (all ten cards in phỏm)."""
    den: Literal["u-take", "three-taken", "off"] = "u-take"
    """Who pays for every loser at an ù: the discarder of the card the ù was taken with
    (``u-take``), a player the ù player took three cards from (``three-taken``), or
    nobody (``off``)."""
    lay_off: bool = True
    """Gửi: a player who melded may put cards onto other players' phỏm."""
    u_khan: bool = False
    """Ù khan: a dealt hand without a cạ wins at the deal."""
    min_players: int = Field(default=2, ge=2, le=4)
    max_players: int = Field(default=4, ge=2, le=4)

    @model_validator(mode="after")
    def _sane(self) -> PhomRules:
        if self.min_players > self.max_players:
            raise ValueError("min_players must not exceed max_players")
        if any(p < 0 for p in self.rank_payments):
            raise ValueError("rank_payments must not be negative")
        return self


PRESETS: dict[str, PhomRules] = {
    "standard": PhomRules(),
    "flat": PhomRules(rank_payments=(1, 1, 1), u_payment=6, u_tron_multiplier=2),
}
"""Named rule sets; ``standard`` is the default."""
