"""What Sâm Lốc tells ``vncards compare``: payments in lá, a first seat, the
``five-players`` preset at five, the declaring bot (``sam``) as the casual one, and two
rules a seat can be barred from: declaring Sâm, and chopping.

>>> COMPARE_FACTS.players["five-players"], [r.key for r in COMPARE_FACTS.restrictions]
(5, ['no-sam', 'no-chop'])
"""

from __future__ import annotations

from vncards.core.facts import CompareFacts, Restriction, declares, plays_bomb_over_table

COMPARE_FACTS = CompareFacts(
    unit="lá",
    first_seat=True,
    players={"five-players": 5},
    casual="sam",
    # a quarter of the bot's usual sampled deals per declaration: a comparison plays
    # thousands of games, and the decision it changes (to declare or not) stays the same
    # in nearly every hand
    bot_options={"sam": {"samples": 16}},
    # no "Sâm declared" counter: every declaration ends as a success or a failure, the
    # game's own counters, so it would only be their sum
    skilled="search",
    restrictions=(
        Restriction("no-sam", "never declare Sâm (báo Sâm)", forbids=declares),
        Restriction(
            "no-chop", "never chop (no tứ quý over a 2 or a tứ quý)", forbids=plays_bomb_over_table
        ),
    ),
)
