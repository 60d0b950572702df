"""Events of Sâm Lốc beyond the core's (``play``, ``pass``, ``chop``, ``declare``,
``out``, ``win``, ``settle``): báo một, its violations, and a player stuck on a lone 2.

>>> OneCard(2).to_json(["An", "Bình", "Chi"])
{'type': 'one-card', 'player': 'Chi'}
>>> BaoMotViolated(0, announced=1).to_json(["An", "Bình"])
{'type': 'violation', 'player': 'An', 'rule': 'bao-mot', 'announced': 'Bình'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vncards.core import Event

__all__ = ["BaoMotViolated", "OneCard", "Stuck"]


@dataclass(frozen=True, slots=True)
class OneCard(Event):
    """``seat`` has one card left and is announced (báo một); not announced once a Sâm
    is declared, since báo một does not apply then."""

    type: ClassVar[str] = "one-card"


@dataclass(frozen=True, slots=True)
class BaoMotViolated(Event):
    """``seat``, right before the announced seat ``announced``, did not stop a single
    with its highest card (rule ``bao-mot``): if ``announced`` goes out, ``seat`` pays
    for every loser (đền)."""

    type: ClassVar[str] = "violation"
    seat_fields: ClassVar[tuple[str, ...]] = ("announced",)
    rule: str = "bao-mot"
    announced: int = -1


@dataclass(frozen=True, slots=True)
class Stuck(Event):
    """``seat`` holds only a lone 2 as the lead comes to it: it can never go out (thối
    2), so it leaves play as a loser and the next seat leads."""

    type: ClassVar[str] = "stuck"
