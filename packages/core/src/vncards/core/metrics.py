"""Design metrics of a rule set, measured on traced self-play (:mod:`vncards.core.lab`):
each a :class:`Figure` with a 95% interval, and the paired difference between two
columns that share deals.

A figure is either *per game* (a value for each deal, averaged: lá per game, actions,
the share of forced decisions, a rule's count) or *whole* (a value of the whole sample:
the spread of payments, the 95th-percentile loss, the gap between seats, the luck
share). Per-game figures get a normal interval of the mean (Wilson for a 0/1 value) and
their paired difference ``a_i - b_i`` over common deals; whole figures get a seeded
bootstrap over deals, the same resampled deals for both columns of a difference. Every
interval is a function of the traces alone: the same games give the same figures.

>>> from vncards.core.lab import Trace
>>> t = Trace(0, (3, -3), 0, 0, "win", None, 10, 10, 6, 5, {})
>>> rows = [{"main": t}] * 4
>>> est = estimate(core_figures(2, first_seat=True)[0], rows)
>>> est.value, est.ci95
(3.0, (3.0, 3.0))
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vncards.core.lab import Trace, lead_changes
from vncards.core.simulate import wilson

__all__ = [
    "Delta",
    "Estimate",
    "Figure",
    "Row",
    "core_figures",
    "delta",
    "estimate",
    "luck_share",
    "percentile",
    "rule_figures",
    "search_figures",
]

Row = Mapping[str, Trace]
"""One deal of a column: its traced game in each arm that played it (``main``, …)."""

_Z95 = 1.959964
_BOOTSTRAP = 100


@dataclass(frozen=True)
class Figure:
    """One metric: ``key`` (JSON), a short ``label``, how it reads (``unit``: the
    game's unit, ``%`` a share, or a count word), the arms it needs, and either
    ``per_game`` (a value per deal, ``None`` where it means nothing) or ``whole`` (a
    value of the parts ``part`` takes from each deal, so that a resample of the deals
    only re-reads the parts)."""

    key: str
    label: str
    unit: str
    arms: tuple[str, ...]
    per_game: Callable[[Row], float | None] | None = None
    whole: Callable[[Sequence[Any]], float | None] | None = None
    binary: bool = False
    part: Callable[[Row], Any] = lambda r: r["main"].payments
    long: str = ""

    @property
    def title(self) -> str:
        """The label written out in full (for a page)."""
        return self.long or self.label


@dataclass(frozen=True)
class Estimate:
    """A figure's value over ``n`` deals and its 95% interval (``None`` when it cannot
    be measured, e.g. no deal gave it a value); for a whole-sample figure, also its
    value on each bootstrap resample of the deals, in resample order (what a paired
    difference over the same deals reuses)."""

    value: float | None
    ci95: tuple[float, float] | None
    n: int
    replicates: tuple[float | None, ...] = field(default=(), repr=False, compare=False)

    def to_json(self) -> dict[str, object]:
        """As JSON: value, ci95, n."""
        return {"value": self.value, "ci95": list(self.ci95) if self.ci95 else None, "n": self.n}


@dataclass(frozen=True)
class Delta:
    """A paired difference (column minus baseline): mean, 95% interval, and whether
    the interval is clear of zero."""

    mean: float
    ci95: tuple[float, float]
    clear: bool

    def to_json(self) -> dict[str, object]:
        """As the JSON contract: ``{"mean", "ci95", "clear"}``."""
        return {"mean": self.mean, "ci95": list(self.ci95), "clear": self.clear}


def _usable(figure: Figure, rows: Sequence[Row]) -> list[Row]:
    return [r for r in rows if all(a in r for a in figure.arms)]


def _mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    n = len(values)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = _Z95 * sd / math.sqrt(n)
    return mean, (mean - half, mean + half)


@functools.lru_cache(maxsize=64)
def _resamples(key: str, n: int) -> tuple[list[int], ...]:
    """The bootstrap's resampled deals of figure ``key`` over ``n`` deals: drawn from a
    fixed seed per figure, so the interval is the same every time for the same games
    (and drawn once for every column, and every difference, with that many deals).

    >>> _resamples("spread", 3) == _resamples("spread", 3), len(_resamples("spread", 3))
    (True, 100)
    """
    rng = random.Random(zlib.crc32(key.encode()))
    return tuple(rng.choices(range(n), k=n) for _ in range(_BOOTSTRAP))


def _replicates(figure: Figure, parts: Sequence[Any]) -> tuple[float | None, ...]:
    """The whole-sample figure on each bootstrap resample of ``parts`` (one per deal)."""
    whole = figure.whole
    assert whole is not None
    resamples = _resamples(figure.key, len(parts))
    return tuple(whole(list(map(parts.__getitem__, idx))) for idx in resamples)


def _sorted(values: Sequence[float | None]) -> list[float]:
    return sorted(v for v in values if v is not None)


def _quantiles(sample: Sequence[float]) -> tuple[float, float]:
    lo = sample[int(0.025 * (len(sample) - 1))]
    hi = sample[math.ceil(0.975 * (len(sample) - 1))]
    return lo, hi


def estimate(figure: Figure, rows: Sequence[Row]) -> Estimate:
    """The figure over the deals that have its arms, with its 95% interval."""
    rows = _usable(figure, rows)
    if figure.per_game is not None:
        values = [v for v in map(figure.per_game, rows) if v is not None]
        if not values:
            return Estimate(None, None, 0)
        if figure.binary:
            hits = sum(1 for v in values if v)
            return Estimate(hits / len(values), wilson(hits, len(values)), len(values))
        mean, ci = _mean_ci(values)
        return Estimate(mean, ci, len(values))
    assert figure.whole is not None
    parts = [figure.part(r) for r in rows]
    value = figure.whole(parts) if parts else None
    if value is None:
        return Estimate(None, None, len(rows))
    replicates = _replicates(figure, parts)
    sample = _sorted(replicates)
    ci = _quantiles(sample) if sample else (value, value)
    return Estimate(value, ci, len(rows), replicates)


def delta(
    figure: Figure,
    rows: Sequence[Row],
    base: Sequence[Row],
    estimates: tuple[Estimate, Estimate] | None = None,
) -> Delta | None:
    """The paired difference of the figure, ``rows`` minus ``base``, over the deals both
    have (deal ``i`` of one against deal ``i`` of the other); ``None`` when no deal gives
    both a value. ``estimates``: the figure's :func:`estimate` of ``rows`` and of
    ``base``, whose bootstrap a whole-sample difference reuses when both were taken
    over exactly the deals they share (the same resamples, so the same interval).

    >>> f = Figure("x", "x", "lá", ("main",), per_game=lambda r: r["main"].payments[0])
    >>> def row(i, paid):
    ...     return {"main": Trace(i, (paid, -paid), 0, 0, "win", None, 1, 1, 1, 1, {})}
    >>> a, b = [row(i, i + 2) for i in range(5)], [row(i, i) for i in range(5)]
    >>> delta(f, a, b)
    Delta(mean=2.0, ci95=(2.0, 2.0), clear=True)
    """
    pairs = [
        (r, s)
        for r, s in zip(rows, base, strict=False)
        if all(a in r for a in figure.arms) and all(a in s for a in figure.arms)
    ]
    if not pairs:
        return None
    if figure.per_game is not None:
        per = figure.per_game
        diffs = []
        for r, s in pairs:
            x, y = per(r), per(s)
            if x is not None and y is not None:
                diffs.append(float(x) - float(y))
        if not diffs:
            return None
        mean, ci = _mean_ci(diffs)
        return Delta(mean, ci, ci[0] > 0 or ci[1] < 0)
    whole = figure.whole
    assert whole is not None
    mine, theirs = [figure.part(r) for r, _ in pairs], [figure.part(s) for _, s in pairs]
    x, y = whole(mine), whole(theirs)
    if x is None or y is None:
        return None
    if estimates is not None and all(
        e.n == len(pairs) and e.replicates for e in estimates
    ):  # each was taken over the shared deals alone, in the same order
        ours, others = estimates[0].replicates, estimates[1].replicates
    else:
        ours, others = _replicates(figure, mine), _replicates(figure, theirs)
    paired = [None if a is None or b is None else a - b for a, b in zip(ours, others, strict=True)]
    sample = _sorted(paired)
    ci = _quantiles(sample) if sample else (x - y, x - y)
    return Delta(x - y, ci, ci[0] > 0 or ci[1] < 0)


# ----------------------------------------------------------------- whole-sample metrics


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 < q <= 100) of ``values``.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)
    10
    >>> percentile([5, 1, 3], 50)
    3
    """
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def luck_share(pairs: Sequence[tuple[Sequence[float], Sequence[float]]]) -> float | None:
    """The share of the payments' variance that lies between deals: each deal played
    twice (the same cards, bots seeded afresh), each seat's payments in both games form
    one group, and the share is the intraclass correlation
    ``(MSB - MSW) / (MSB + MSW)`` (clipped to 0..1). 1: the cards alone decide; 0:
    replaying a deal changes as much as dealing a new one.

    >>> luck_share([((3, -3), (3, -3)), ((-1, 1), (-1, 1))])
    1.0
    >>> luck_share([((2, -2), (-2, 2)), ((-2, 2), (2, -2))])
    0.0
    """
    groups = [(a, b) for first, second in pairs for a, b in zip(first, second, strict=True)]
    k = len(groups)
    if k < 2:
        return None
    grand = math.fsum(a + b for a, b in groups) / (2 * k)
    msb = 2 * math.fsum(((a + b) / 2 - grand) ** 2 for a, b in groups) / (k - 1)
    msw = math.fsum((a - b) ** 2 / 2 for a, b in groups) / k
    if msb + msw == 0:
        return None
    return min(1.0, max(0.0, (msb - msw) / (msb + msw)))


def _sums(r: Row) -> tuple[int, int, int]:
    pays = r["main"].payments
    return sum(pays), sum(v * v for v in pays), len(pays)


def _spread(parts: Sequence[tuple[int, int, int]]) -> float | None:
    """The standard deviation of one seat's payment in one game (every seat pooled)."""
    if not parts:
        return None
    total, squares, n = map(sum, zip(*parts, strict=True))
    if n < 2:
        return None
    mean = total / n
    return math.sqrt(max(0.0, squares / n - mean * mean))


def _loss95(parts: Sequence[tuple[int, ...]]) -> float | None:
    """What one seat loses in a game at the 95th percentile of its losses (every seat)."""
    values = list(itertools.chain.from_iterable(parts))
    return float(-percentile(values, 5)) if values else None


def _seat_gap(parts: Sequence[tuple[int, ...]]) -> float | None:
    """Best minus worst seat's mean payment."""
    if not parts:
        return None
    totals = [sum(seat) for seat in zip(*parts, strict=True)]
    return float(max(totals) - min(totals)) / len(parts)


def _replayed(r: Row) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return r["main"].payments, r["replay"].payments


# ----------------------------------------------------------------- per-game metrics


def _moved(r: Row) -> float:
    return float(sum(v for v in r["main"].payments if v > 0))


def _first_won(r: Row) -> float | None:
    t = r["main"]
    if t.first is None or t.winner is None:
        return None
    return float(t.winner == t.first)


def _forced(r: Row) -> float | None:
    t = r["main"]
    return None if t.decisions == 0 else 1 - t.choices / t.decisions


def _won_over(arm: str) -> Callable[[Row], float | None]:
    def won(r: Row) -> float | None:
        t = r[arm]
        return None if t.winner is None else float(t.winner == 0) - 1 / len(t.payments)

    return won


def _paid(arm: str) -> Callable[[Row], float]:
    return lambda r: float(r[arm].payments[0])


def _importance(r: Row) -> float:
    return float(r["main"].payments[0] - r["restricted"].payments[0])


_TIMED = frozenset({"length", "rounds", "decisions", "choices", "forced"})


def core_figures(
    players: int, *, first_seat: bool, unit: str = "lá", timed: bool = True
) -> list[Figure]:
    """The metrics every game has (``players`` sets the fair share of a seat); the
    first-seat ones only where ``first_seat``, the duration ones only where ``timed``.

    >>> [f.key for f in core_figures(4, first_seat=False)][:3]
    ['moved', 'seat_gap', 'spread']
    >>> "length" in [f.key for f in core_figures(4, first_seat=False, timed=False)]
    False
    """
    main = ("main",)
    figures = [
        Figure("moved", f"{unit}/game", unit, main, per_game=_moved),
        Figure("seat_gap", "seat gap", unit, main, whole=_seat_gap),
        Figure("spread", "sd per seat", unit, main, whole=_spread, part=_sums),
        Figure("loss_p95", "loss p95", unit, main, whole=_loss95),
        Figure("length", "actions", "actions", main, per_game=lambda r: r["main"].actions),
        Figure("rounds", "rounds", "rounds", main, per_game=lambda r: r["main"].rounds),
        Figure("decisions", "decisions", "decisions", main, per_game=lambda r: r["main"].decisions),
        Figure("choices", "real choices", "choices", main, per_game=lambda r: r["main"].choices),
        Figure("forced", "forced", "%", main, per_game=_forced),
        Figure("luck", "luck share", "%", ("main", "replay"), whole=luck_share, part=_replayed),
        Figure("skill_casual", "edge vs random", "%", ("skill",), per_game=_won_over("skill")),
        Figure("skill_casual_paid", f"{unit} vs random", unit, ("skill",), per_game=_paid("skill")),
        Figure("skill_search", "search edge", "%", ("search",), per_game=_won_over("search")),
        Figure("restricted", "rule's worth", unit, ("main", "restricted"), per_game=_importance),
        Figure(
            "instant_wins",
            "instant win",
            "%",
            main,
            binary=True,
            per_game=lambda r: float(r["main"].instant is not None),
        ),
        Figure(
            "draws",
            "draw",
            "%",
            main,
            binary=True,
            per_game=lambda r: float(r["main"].outcome == "draw"),
        ),
    ]
    if first_seat:
        figures[1:1] = [
            Figure(
                "first_seat",
                "1st seat wins",
                "%",
                main,
                binary=True,
                per_game=_first_won,
                long="first seat wins",
            ),
            Figure(
                "first_seat_payment",
                f"1st seat {unit}",
                unit,
                main,
                per_game=lambda r: _first_paid(r["main"]),
            ),
        ]
    if not timed:
        figures = [f for f in figures if f.key not in _TIMED]
    return figures


def _first_paid(t: Trace) -> float | None:
    return None if t.first is None else float(t.payments[t.first])


def rule_figures(counters: Mapping[str, str]) -> list[Figure]:
    """One figure per game counter (key → label): its count per 100 games.

    >>> f = rule_figures({"chops": "chop"})[0]
    >>> f.key, f.per_game({"main": Trace(0, (1, -1), 0, 0, "win", None, 1, 1, 1, 1, {"chops": 2})})
    ('per100.chops', 200.0)
    """
    return [
        Figure(f"per100.{key}", label, "/100", ("main",), per_game=_counter(key))
        for key, label in counters.items()
    ]


def _counter(key: str) -> Callable[[Row], float]:
    return lambda r: 100.0 * r["main"].counters.get(key, 0)


def _decided_at(r: Row) -> float | None:
    t = r["main"]
    if not t.estimates or t.winner is None:
        return None
    _, leader, settled = lead_changes(t.estimates)
    if leader != t.winner:
        return 1.0
    return settled / len(t.estimates)


def _changes(r: Row) -> float | None:
    t = r["main"]
    return float(lead_changes(t.estimates)[0]) if t.estimates else None


def _comeback(r: Row) -> float | None:
    t = r["main"]
    own = [v for s, v in t.estimates if s == t.winner]
    return None if t.winner is None or not own else float(min(own) < 0)


def search_figures() -> list[Figure]:
    """The metrics read from the search's own per-decision estimates (skilled play):
    when the game was decided, how often the lead changed, how many games were won
    from behind.

    >>> [f.key for f in search_figures()]
    ['decided_at', 'lead_changes', 'comebacks']
    """
    main = ("main",)
    return [
        Figure("decided_at", "decided at", "%", main, per_game=_decided_at),
        Figure("lead_changes", "lead changes", "changes", main, per_game=_changes),
        Figure("comebacks", "comebacks", "%", main, binary=True, per_game=_comeback),
    ]
