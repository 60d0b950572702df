"""Statistics over simulated games: win rates with Wilson intervals, means, counts.

Works on any sequence of objects shaped like ``vncards.cli.sim.GameSummary``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

__all__ = ["GameLike", "summarize", "wilson"]


class GameLike(Protocol):
    """The fields of a simulated game's summary the statistics read."""

    @property
    def n_players(self) -> int: ...
    @property
    def bots(self) -> tuple[str, ...]: ...
    @property
    def outcome(self) -> str | None: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def instant_win(self) -> str | None: ...
    @property
    def payments(self) -> tuple[int, ...]: ...
    @property
    def length(self) -> int: ...
    @property
    def first(self) -> int | None: ...
    @property
    def stats(self) -> dict[str, int]: ...


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(games: Sequence[GameLike]) -> dict[str, Any]:
    """Win rate per seat (with its bot and 95% interval), mean length, outcomes, instant
    wins by kind, first-player advantage, mean payment per seat and every per-game
    statistic the game reports, averaged per game.

    The first-player win rate is taken over decided games whose summary names the
    first player; it is ``None`` when none does.
    """
    n = len(games)
    players = games[0].n_players if games else 0
    wins = [0] * players
    paid = [0] * players
    outcomes: Counter[str] = Counter()
    instant: Counter[str] = Counter()
    stats: Counter[str] = Counter()
    first_wins = decided = 0
    length = 0
    for g in games:
        outcomes[g.outcome or "unfinished"] += 1
        if g.instant_win:
            instant[g.instant_win] += 1
        if g.winner is not None:
            wins[g.winner] += 1
            # Only games that say who acted first count towards the first-player figure.
            if g.first is not None:
                decided += 1
                first_wins += g.first == g.winner
        for i, v in enumerate(g.payments):
            paid[i] += v
        length += g.length
        stats.update(g.stats)
    bots = games[0].bots if games else ()
    seats = []
    for i in range(players):
        lo, hi = wilson(wins[i], n)
        seats.append(
            {
                "seat": i,
                "bot": bots[i] if i < len(bots) else None,
                "wins": wins[i],
                "win_rate": wins[i] / n if n else 0.0,
                "ci95": [lo, hi],
                "mean_payment": paid[i] / n if n else 0.0,
            }
        )
    lo, hi = wilson(first_wins, decided)
    return {
        "games": n,
        "seats": seats,
        "mean_length": length / n if n else 0.0,
        "outcomes": dict(sorted(outcomes.items())),
        "draws": outcomes.get("draw", 0),
        "instant_wins": dict(sorted(instant.items())),
        "instant_win_rate": sum(instant.values()) / n if n else 0.0,
        "first_player_win_rate": first_wins / decided if decided else None,
        "first_player_ci95": [lo, hi],
        "per_game": {k: v / n for k, v in sorted(stats.items())} if n else {},
    }
