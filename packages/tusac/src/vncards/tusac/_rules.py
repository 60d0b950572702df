"""The Tứ Sắc rules model and its presets."""

from __future__ import annotations

from pydantic import Field
from vncards.core import RulesBase

__all__ = ["PRESETS", "TuSacRules"]


class TuSacRules(RulesBase):
    """Settings of a Tứ Sắc table.

    >>> TuSacRules().den, TuSacRules().draw_limit
    (True, 7)
    """

    den: bool = True
    """Đền: a player who discards a rác that is not among their worst, after taking, pays
    for every loser when someone wins by taking that very card."""
    draw_limit: int = Field(default=7, ge=0, le=60)
    """Hòa: a draw from a stock holding this many cards or fewer ends the game drawn."""


PRESETS: dict[str, TuSacRules] = {"standard": TuSacRules()}
"""Named rule sets; ``standard`` is the default."""
