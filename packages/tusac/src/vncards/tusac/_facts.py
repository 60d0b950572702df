"""What Tứ Sắc tells ``vncards compare``: payments in lá, a first seat (the dealer, cái),
greedy as the casual bot, and two rules a seat can be barred from: taking the active
card at all (ăn), and taking a lone Tướng.

>>> [r.key for r in COMPARE_FACTS.restrictions]
['no-take', 'no-lone-general']
"""

from __future__ import annotations

from typing import Any

from vncards.core import View
from vncards.core.facts import CompareFacts, Restriction
from vncards.tusac._engine import Take


def takes(view: View, action: Any) -> bool:
    """Whether an action takes the active card (ăn).

    >>> takes(None, Take(0, (1, 2))), takes(None, "draw")
    (True, False)
    """
    return isinstance(action, Take)


def takes_lone_general(view: View, action: Any) -> bool:
    """Whether an action takes a lone Tướng (with no card of its own).

    >>> takes_lone_general(None, Take(0)), takes_lone_general(None, Take(0, (3,)))
    (True, False)
    """
    return isinstance(action, Take) and not action.cards


# lá, a first seat, greedy and search: the defaults
COMPARE_FACTS = CompareFacts(
    restrictions=(
        Restriction("no-take", "never take the active card (no ăn)", forbids=takes),
        Restriction("no-lone-general", "never take a lone Tướng", forbids=takes_lone_general),
    ),
)
