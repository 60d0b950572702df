"""Bots, ``solver`` against ``greedy``: the issue's target is at least +1.0 chi a game
for the solver, mean over 1,000 seeded heads-up games, with a 95% interval.

The games are 500 deals, each played twice with the two bots in swapped seats (so the
luck of the deal cancels); the interval is over the 500 deal averages. Run with::

    uv run pytest tests/maubinh/test_maubinh_solver_match.py -m slow -s
"""

from __future__ import annotations

import statistics

import pytest
from vncards.core import Bot, derive_seed, play_game
from vncards.maubinh import GreedyBot, SolverBot, plugin

RULES = plugin.presets["standard"]


def solver_margin(deals: int, seed: int = 2026) -> tuple[float, float]:
    """Mean chi a game the solver wins from greedy, and the half-width of its 95%
    interval, over ``deals`` deals each played from both seats."""
    per_deal = []
    for d in range(deals):
        deal_seed = derive_seed(seed, d)
        won = 0
        for seat in (0, 1):
            bots: list[Bot] = [GreedyBot(d), GreedyBot(d)]
            bots[seat] = SolverBot(derive_seed(deal_seed, seat))
            state = plugin.new_game(RULES, 2, deal_seed)
            won += plugin.result(play_game(plugin, state, bots).final).payments[seat]
        per_deal.append(won / 2)
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5
    return mean, half


@pytest.mark.slow
def test_solver_beats_greedy_by_a_chi_a_game() -> None:
    """Target: the solver's mean margin over greedy is at least +1.0 chi a game over
    1,000 heads-up games, and the whole 95% interval is above 0."""
    mean, half = solver_margin(500)
    print(f"solver − greedy: {mean:+.2f} chi a game (95% interval ±{half:.2f})")
    assert mean >= 1.0
    assert mean - half > 0
