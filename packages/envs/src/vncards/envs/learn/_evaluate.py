"""Measuring a bot against the game's others: one seat it, every other seat the
opponent, on seeded duplicate deals (each deal played once with the bot in each seat,
so no seat and no deal favours it), with 95 % intervals taken over deals (the games of
one deal are not independent: the deal is the unit, as in ``vncards tournament``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from vncards.core import Bot, derive_seed, get_game, play_game

__all__ = ["Strength", "measure"]

_Z95 = 1.959964


@dataclass(frozen=True)
class Strength:
    """What a bot won over ``games`` games: its share of wins and the mean lá a game,
    each with its 95 % interval (1.96 standard errors of the per-deal figures)."""

    games: int
    wins: int
    share: float
    share_low: float
    share_high: float
    la: float
    la_half: float

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready mapping."""
        return asdict(self)

    def __str__(self) -> str:
        return (
            f"won {self.share:.1%} (95% {self.share_low:.1%}–{self.share_high:.1%}) of"
            f" {self.games} games, {self.la:+.2f} ± {self.la_half:.2f} lá a game"
        )


def measure(
    bot: Callable[[int], Bot],
    *,
    game: str = "tienlen",
    players: int = 4,
    deals: int = 250,
    seed: int = 0,
    opponent: str = "greedy",
    variant: str | None = None,
) -> Strength:
    """``bot`` (a factory taking a seed) in one seat against ``opponent`` in the others,
    on ``deals`` deals each played ``players`` times (the bot in each seat in turn).

    >>> from vncards.tienlen import plugin
    >>> s = measure(plugin.bots["greedy"], players=2, deals=5)
    >>> s.games, s.wins <= 10
    (10, True)
    """
    plugin = get_game(game)
    rules = plugin.presets[variant or plugin.default_preset]
    won: list[float] = []
    paid: list[float] = []
    for deal in range(deals):
        deal_seed = derive_seed(seed, deal)
        wins = la = 0.0
        for hero in range(players):
            bots = [
                bot(derive_seed(deal_seed, 1000 + s))
                if s == hero
                else plugin.bots[opponent](derive_seed(deal_seed, 1000 + s))
                for s in range(players)
            ]
            state = plugin.new_game(rules, players, deal_seed)
            result = plugin.result(play_game(plugin, state, bots, keep_start=False).final)
            wins += result.winner == hero
            la += result.payments[hero]
        won.append(wins / players)
        paid.append(la / players)
    share, share_half = _mean_half(won)
    mean, la_half = _mean_half(paid)
    total = round(sum(won) * players)
    low, high = max(0.0, share - share_half), min(1.0, share + share_half)
    return Strength(deals * players, total, share, low, high, mean, la_half)


def _mean_half(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / max(1, n - 1)
    return mean, _Z95 * math.sqrt(var / n)
