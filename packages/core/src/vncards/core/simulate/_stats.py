"""The statistics of a run: shares with Wilson intervals, means with normal ones, each
seat's wins and payments, the game's own counters, counted game by game in constant
memory (:class:`Tally`) or from a list of summaries (:func:`summarize`).

>>> Share.of(3, 4).rate, Mean.of([1, 3]).mean
(0.75, 2.0)
"""

from __future__ import annotations

import math
import statistics as _pystats
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from vncards.core._game import GamePlugin, RulesBase
from vncards.core._plugins import ReportsStatistics, Statistic
from vncards.core.simulate._games import GameSummary, _rules_of

__all__ = [
    "Mean",
    "SeatStats",
    "Share",
    "SimulationStats",
    "StatFigure",
    "Tally",
    "summarize",
    "wilson",
]

_Z95 = 1.959964


def wilson(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
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


@dataclass(frozen=True)
class Share:
    """How many of ``games`` games had something, the rate and its 95% Wilson interval.

    >>> s = Share.of(25, 100)
    >>> s.rate, [round(x, 3) for x in s.ci95]
    (0.25, [0.175, 0.343])
    """

    count: int
    games: int
    rate: float
    ci95: tuple[float, float]

    @classmethod
    def of(cls, count: int, games: int) -> Share:
        """The share of ``count`` in ``games``."""
        return cls(count, games, count / games if games else 0.0, wilson(count, games))

    def to_json(self) -> dict[str, Any]:
        """As JSON: count, games, rate, ci95."""
        return {
            "count": self.count,
            "games": self.games,
            "rate": self.rate,
            "ci95": list(self.ci95),
        }


@dataclass(frozen=True)
class Mean:
    """The mean of some values with their standard deviation and a 95% interval of the
    mean (normal approximation).

    >>> m = Mean.of([2, 4, 4, 4, 5, 5, 7, 9])
    >>> m.mean, round(m.sd, 3), [round(x, 2) for x in m.ci95]
    (5.0, 2.138, [3.52, 6.48])
    """

    n: int
    mean: float
    sd: float
    ci95: tuple[float, float]

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        """The mean of ``values`` (0 with an empty interval when there are none)."""
        n = len(values)
        if n == 0:
            return cls(0, 0.0, 0.0, (0.0, 0.0))
        mean = math.fsum(values) / n
        sd = _pystats.stdev(values) if n > 1 else 0.0
        half = _Z95 * sd / math.sqrt(n)
        return cls(n, mean, sd, (mean - half, mean + half))

    def to_json(self) -> dict[str, Any]:
        """As JSON: n, mean, sd, ci95."""
        return {"n": self.n, "mean": self.mean, "sd": self.sd, "ci95": list(self.ci95)}


@dataclass(frozen=True)
class SeatStats:
    """One seat over a run: its bot, its wins (a :class:`Share`) and its payments."""

    seat: int
    bot: str | None
    wins: Share
    payment: Mean


@dataclass(frozen=True)
class StatFigure:
    """One of the game's own statistics over a run: the share of games where its counter
    was above zero, and the counter's mean per game."""

    statistic: Statistic
    share: Share
    per_game: float


_CORE_FIGURES = frozenset({"actions", "draws", "instant_win", "instant_wins"})
"""Counter names that are one of the core's own figures (length, draws, instant wins)."""


@dataclass(frozen=True)
class SimulationStats:
    """The statistics of a run (see :func:`simulate`).

    ``moved`` is the lá that change hands in a game (the sum of what the winners
    receive); ``first_seat`` the wins of whoever acted first, over decided games that
    name that seat, to set against ``1 / players``; ``figures`` the game's own statistics.
    """

    game: str
    title: str
    variant: str
    rules: dict[str, Any]
    overrides: dict[str, Any]
    players: int
    bots: tuple[str, ...]
    seed: int
    games: int
    seats: tuple[SeatStats, ...]
    outcomes: dict[str, int]
    instant_wins: dict[str, int]
    draw: Share
    instant_win: Share
    moved: Mean
    length: Mean
    first_seat: Share
    first_seat_payment: Mean
    figures: tuple[StatFigure, ...] = ()
    per_game: dict[str, float] = field(default_factory=dict)

    def other_counters(self) -> dict[str, float]:
        """The mean per game of the game's counters that are none of the figures shown
        elsewhere, so that each figure has one name: not its :attr:`figures`, nor a
        counter named as one of the core's own figures (``actions``: the length;
        ``draws``; ``instant_win`` or ``instant_wins``).

        >>> from vncards.core.simulate import load_game, play_games
        >>> stats = summarize(play_games("samloc", games=4, seed=2), load_game("samloc"))
        >>> "draws" in stats.per_game, "draws" in stats.other_counters()
        (True, False)
        """
        shown = {f.statistic.key for f in self.figures} | _CORE_FIGURES
        return {k: v for k, v in self.per_game.items() if k not in shown}

    def to_json(self) -> dict[str, Any]:
        """As the JSON ``vncards simulate --json`` prints (the statistics part): one
        name per figure; a share is ``{count, games, rate, ci95}``, a mean
        ``{n, mean, sd, ci95}``; seats are numbered from 1 in turn order, as in the
        tables (``seat`` 1 acts first in the first game).
        """
        return {
            "game": self.game,
            "variant": self.variant,
            "rules": self.overrides,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "seats": [
                {
                    "seat": s.seat + 1,
                    "bot": s.bot,
                    "wins": s.wins.to_json(),
                    "payment": s.payment.to_json(),
                }
                for s in self.seats
            ],
            "length": self.length.to_json(),
            "moved": self.moved.to_json(),
            "outcomes": self.outcomes,
            "draws": self.draw.to_json(),
            "instant_wins": {**self.instant_win.to_json(), "kinds": self.instant_wins},
            "first_seat": self.first_seat.to_json(),
            "first_seat_payment": self.first_seat_payment.to_json(),
            "figures": {
                f.statistic.key: {
                    "label": f.statistic.label,
                    "description": f.statistic.description,
                    **f.share.to_json(),
                    "per_game": f.per_game,
                }
                for f in self.figures
            },
            "per_game": self.other_counters(),
        }


def summarize(
    summaries: Sequence[GameSummary],
    plugin: GamePlugin[Any, Any, Any],
    *,
    variant: str | None = None,
    rules: RulesBase | Mapping[str, Any] | None = None,
    players: int | None = None,
    bots: Sequence[str] = (),
    seed: int = 0,
) -> SimulationStats:
    """The statistics of played games (in game order, so the sums are the same for the
    same games however they were played).

    >>> from vncards.core.simulate import load_game, play_games
    >>> games = play_games("samloc", games=10, seed=2)
    >>> stats = summarize(games, load_game("samloc"), seed=2)
    >>> sum(s.wins.count for s in stats.seats) + stats.draw.count
    10
    """
    tally = Tally(players=players or 0, bots=bots)
    for g in summaries:
        tally.add(g)
    return tally.stats(plugin, variant=variant, rules=rules, seed=seed)


class _Sums:
    """Count, sum and sum of squares of whole numbers (exact, in constant memory)."""

    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0
        self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def mean(self) -> Mean:
        """As :meth:`Mean.of` the values would give (the same mean; the same sd, the
        variance being exact here too)."""
        n = self.n
        if n == 0:
            return Mean(0, 0.0, 0.0, (0.0, 0.0))
        mean = self.total / n
        sd = 0.0
        if n > 1:
            var = Fraction(n * self.squares - self.total * self.total, n * (n - 1))
            sd = _sqrt_of_frac(var.numerator, var.denominator)
        half = _Z95 * sd / math.sqrt(n)
        return Mean(n, mean, sd, (mean - half, mean + half))


# the correctly rounded square root statistics.stdev uses, so that the sd is the one it
# gives for the same values; a plain square root where it is not there
_sqrt_of_frac: Callable[[int, int], float] = getattr(
    _pystats, "_float_sqrt_of_frac", lambda a, b: math.sqrt(a / b)
)


class Tally:
    """The statistics of a run, counted game by game as the games come (in game order)
    with sums and counters alone: the memory it takes does not grow with the games.

    >>> from vncards.core.simulate import load_game, play_games
    >>> tally, samloc = Tally(), load_game("samloc")
    >>> _ = play_games("samloc", games=10, seed=2, on_game=tally.add)
    >>> tally.stats(samloc, seed=2) == summarize(
    ...     play_games("samloc", games=10, seed=2), samloc, seed=2
    ... )
    True
    """

    def __init__(self, *, players: int = 0, bots: Sequence[str] = ()) -> None:
        self.n = 0
        self.players = players
        self.bots: tuple[str, ...] = tuple(bots)
        self._seen = False
        self.wins: list[int] = []
        self.paid: list[_Sums] = []
        self.outcomes: Counter[str] = Counter()
        self.instant: Counter[str] = Counter()
        self.counters: Counter[str] = Counter()
        self.positive: Counter[str] = Counter()
        self.first_wins = 0
        self.with_first = 0
        self.first_paid = _Sums()
        self.moved = _Sums()
        self.lengths = _Sums()

    def add(self, g: GameSummary) -> None:
        """Count one more game."""
        if not self._seen:
            self._seen = True
            self.players = g.n_players
            self.bots = tuple(g.bots)
            self.wins = [0] * g.n_players
            self.paid = [_Sums() for _ in range(g.n_players)]
        self.n += 1
        self.outcomes[g.outcome or "unfinished"] += 1
        if g.instant_win:
            self.instant[g.instant_win] += 1
        if g.winner is not None:
            self.wins[g.winner] += 1
        if g.first is not None:
            self.first_paid.add(g.payments[g.first])
            # the first seat's wins are counted over decided games, like a fair 1 / players
            if g.winner is not None:
                self.with_first += 1
                self.first_wins += g.winner == g.first
        for i, v in enumerate(g.payments):
            self.paid[i].add(v)
        self.moved.add(sum(v for v in g.payments if v > 0))
        self.lengths.add(g.length)
        self.counters.update(g.stats)
        self.positive.update(k for k, v in g.stats.items() if v > 0)

    def stats(
        self,
        plugin: GamePlugin[Any, Any, Any],
        *,
        variant: str | None = None,
        rules: RulesBase | Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> SimulationStats:
        """The statistics of the games counted so far."""
        chosen, name, overrides = _rules_of(plugin, variant, rules)
        n = self.n
        seats_n = self.players
        wins = self.wins or [0] * seats_n
        paid = self.paid or [_Sums() for _ in range(seats_n)]
        names = self.bots
        seats = tuple(
            SeatStats(i, names[i] if i < len(names) else None, Share.of(wins[i], n), paid[i].mean())
            for i in range(seats_n)
        )
        declared: Sequence[Statistic] = (
            plugin.statistics if isinstance(plugin, ReportsStatistics) else ()
        )
        figures = tuple(
            StatFigure(s, Share.of(self.positive[s.key], n), self.counters[s.key] / n if n else 0.0)
            for s in declared
        )
        return SimulationStats(
            game=plugin.name,
            title=plugin.title,
            variant=name,
            rules=chosen.model_dump(mode="json"),
            overrides=overrides,
            players=seats_n,
            bots=names,
            seed=seed,
            games=n,
            seats=seats,
            outcomes=dict(sorted(self.outcomes.items())),
            instant_wins=dict(sorted(self.instant.items())),
            draw=Share.of(self.outcomes.get("draw", 0), n),
            instant_win=Share.of(sum(self.instant.values()), n),
            moved=self.moved.mean(),
            length=self.lengths.mean(),
            first_seat=Share.of(self.first_wins, self.with_first),
            first_seat_payment=self.first_paid.mean(),
            figures=figures,
            per_game={k: v / n for k, v in sorted(self.counters.items())} if n else {},
        )
