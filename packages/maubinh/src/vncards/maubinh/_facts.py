"""What Mậu Binh tells ``vncards compare``: payments in chi, no first seat and no length
to measure (every seat arranges once, all at the same time), greedy as the casual bot
and the solver as the skilled one, and two rules a seat can be made blind to (it
arranges as if the rule did not exist): the chi bonuses, and the sập hầm multiplier.

>>> COMPARE_FACTS.unit, COMPARE_FACTS.first_seat, [r.key for r in COMPARE_FACTS.restrictions]
('chi', False, ['no-bonus', 'no-sap-ham'])
"""

from __future__ import annotations

from vncards.core.facts import CompareFacts, Restriction

COMPARE_FACTS = CompareFacts(
    unit="chi",
    first_seat=False,
    timed=False,  # every seat arranges once: no length or forced decisions to measure
    casual="greedy",
    skilled="solver",
    restrictions=(
        Restriction(
            "no-bonus",
            "arrange as if no chi earned a bonus (every chi worth 1)",
            blind={"chi_bonuses": {}},
        ),
        Restriction(
            "no-sap-ham",
            "arrange as if losing all three chi to one player cost no more (sập hầm × 1)",
            blind={"sap_ham_multiplier": 1},
        ),
    ),
)
