"""Events of Tiến lên beyond the core's (``play``, ``pass``, ``chop``, ``out``, ``win``,
``settle``, ``reveal``): a player stuck on a lone 2 where finishing on a 2 is forbidden.

>>> Stuck(1).to_json(["An", "Bình"])
{'type': 'stuck', 'player': 'Bình'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vncards.core import Event

__all__ = ["Stuck"]


@dataclass(frozen=True, slots=True)
class Stuck(Event):
    """``seat`` holds only a lone 2 as the lead comes to it while ``finish_on_two`` is
    ``forbidden``: it can never go out, so it leaves play as a loser and the next seat
    in play leads (the last seat left in play wins)."""

    type: ClassVar[str] = "stuck"
