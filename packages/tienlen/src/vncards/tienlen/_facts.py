"""What Tiến lên tells ``vncards compare``: payments in lá, a first seat (the 3♠ holder
or the previous winner), four players, greedy as the casual bot, and two rules a seat
can be barred from: chopping, and đôi thông altogether.

>>> [r.key for r in COMPARE_FACTS.restrictions]
['no-chop', 'no-pair-run']
"""

from __future__ import annotations

from vncards.core.facts import CompareFacts, Restriction, plays_bomb_over_table, plays_pair_run

# lá, a first seat, greedy and search: the defaults
COMPARE_FACTS = CompareFacts(
    restrictions=(
        Restriction(
            "no-chop",
            "never chop (no tứ quý or đôi thông over a combination on the table)",
            forbids=plays_bomb_over_table,
        ),
        Restriction("no-pair-run", "never play đôi thông", forbids=plays_pair_run),
    ),
)
