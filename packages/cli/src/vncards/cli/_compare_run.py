"""What ``vncards compare`` measures: each column's arms (see :mod:`vncards.core.lab`),
played together, then its design metrics (:mod:`vncards.core.metrics`) and their paired
differences against its game's baseline column.

Nothing here knows any game: units, first seats, player counts, the casual bot and the
restrictions come from each game's :class:`~vncards.core.facts.CompareFacts`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vncards.cli._common import InputError
from vncards.cli._simulate import bot_names
from vncards.core import GamePlugin, ReportsStatistics, RulesBase
from vncards.core.facts import facts_of
from vncards.core.lab import Arm, Trace, play_arms, profile_bot
from vncards.core.metrics import (
    Delta,
    Estimate,
    Figure,
    core_figures,
    delta,
    estimate,
    rule_figures,
    search_figures,
)
from vncards.core.simulate import GameSummary, SimulationStats, Tally, game_reference

__all__ = ["SKILLED_ROLLOUTS", "Column", "Settings", "measure"]

SKILLED_ROLLOUTS = 60
"""Rollouts per decision of a searching bot in the skilled profile (and of any search
bot named with ``--bots``): a fixed budget, so the same seed gives the same games on
any number of workers."""


@dataclass
class Column:
    """One game and preset, with house rules on top, as compared; once measured, its
    players, bots, traces by arm, figures and differences."""

    plugin: GamePlugin[Any, Any, Any]
    variant: str
    overrides: dict[str, Any] = field(default_factory=dict)
    rules: RulesBase | None = None
    players: int = 0
    bots: tuple[str, ...] = ()
    rows: list[dict[str, Trace]] = field(default_factory=list)
    stats: SimulationStats | None = None
    figures: list[Figure] = field(default_factory=list)
    estimates: dict[str, Estimate] = field(default_factory=dict)
    deltas: dict[str, Delta] | None = None
    baseline: bool = False

    @property
    def label(self) -> str:
        """``game preset`` and the house rules, e.g. ``samloc standard chop_two=20``."""
        return f"{self.plugin.name} {self.name}"

    @property
    def name(self) -> str:
        """The preset and the house rules, e.g. ``standard chop_two=20``."""
        extra = " ".join(f"{k}={value_text(v)}" for k, v in self.overrides.items())
        return self.variant + (f" {extra}" if extra else "")


def value_text(v: Any) -> str:
    """A setting's value as written on the command line.

    >>> value_text(20), value_text("a23"), value_text(True)
    ('20', 'a23', 'true')
    """
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


@dataclass(frozen=True)
class Settings:
    """How the columns are played: games, seed, profile, ``--players``, ``--bots``,
    rollouts or thinking time of searching bots, the restriction, and where."""

    games: int
    seed: int = 0
    profile: str = "casual"
    players: int | None = None
    bots: str | None = None
    rollouts: int = SKILLED_ROLLOUTS
    think: float | None = None
    restrict: str | None = None
    workers: int = 1
    scheduler: str | None = None

    @property
    def extra(self) -> int:
        """Deals replayed for the luck share and the skill gaps: a tenth, at least 10."""
        return min(self.games, max(10, math.ceil(self.games / 10)))


def _players(column: Column, players: int | None) -> int:
    assert column.rules is not None
    lo, hi = column.plugin.player_range(column.rules)
    if players is None:
        return facts_of(column.plugin).players_for(column.variant, (int(lo), int(hi)))
    if not lo <= players <= hi:
        raise InputError(f"{column.label} is played by {lo} to {hi} players, not {players}")
    return players


def _arms(column: Column, s: Settings, game: Any) -> list[Arm]:
    """The column's arms; ``game`` is how workers find its plugin."""
    plugin, n = column.plugin, column.players
    casual = profile_bot(plugin, "casual")

    def arm(kind: str, bots: Sequence[str], games: int, restrict: str | None = None) -> Arm:
        return Arm(game, kind, column.rules, n, tuple(bots), s.seed, games,
                   None if s.think is not None else s.rollouts, restrict, s.think)  # fmt: skip

    arms = [arm("main", column.bots, s.games), arm("replay", column.bots, s.extra)]
    if "random" in plugin.bots:
        arms.append(arm("skill", [casual] + ["random"] * (n - 1), s.extra))
    if s.profile == "skilled":
        arms.append(arm("search", [profile_bot(plugin, "skilled")] + [casual] * (n - 1), s.extra))
    if s.restrict is not None and facts_of(plugin).restriction(s.restrict) is not None:
        arms.append(arm("restricted", column.bots, s.games, s.restrict))
    return arms


def offered_restrictions(columns: Sequence[Column]) -> dict[str, list[str]]:
    """Restriction keys by game, for the columns' games."""
    return {c.plugin.name: [r.key for r in facts_of(c.plugin).restrictions] for c in columns}


def _summary(t: Trace, bots: tuple[str, ...]) -> GameSummary:
    return GameSummary(
        t.index, 0, len(t.payments), bots, t.outcome, t.winner, t.instant, t.payments,
        t.actions, t.first, t.counters, None,
    )  # fmt: skip


def _figures(column: Column) -> list[Figure]:
    plugin = column.plugin
    facts = facts_of(plugin)
    labels = (
        {s.key: s.label for s in plugin.statistics} if isinstance(plugin, ReportsStatistics) else {}
    )
    labels.update(facts.counted)
    figures = core_figures(
        column.players, first_seat=facts.first_seat, unit=facts.unit, timed=facts.timed
    )
    figures += rule_figures(labels)
    if any(r["main"].estimates for r in column.rows):
        figures += search_figures()
    played = set().union(*(r.keys() for r in column.rows)) if column.rows else set()
    return [f for f in figures if set(f.arms) <= played]


def measure(
    columns: Sequence[Column],
    s: Settings,
    baselines: dict[str, Column],
    progress: Callable[[int], None] | None = None,
) -> None:
    """Play every column's arms in one pool and fill in its figures; every column but
    its game's baseline gets the paired differences against it."""
    if s.restrict is not None:
        offered = offered_restrictions(columns)
        if not any(s.restrict in keys for keys in offered.values()):
            known = "; ".join(f"{g}: {', '.join(k) or 'none'}" for g, k in offered.items())
            raise InputError(f"no compared game offers the restriction {s.restrict!r} ({known})")
    plans = []
    # how workers find each game: one look through the entry points per game, not per column
    found = {c.plugin.name: game_reference(c.plugin, c.plugin) for c in columns}
    for c in columns:
        c.players = _players(c, s.players)
        if s.bots is not None:
            c.bots = tuple(bot_names(c.plugin, s.bots, c.players, allow_reference=True))
        else:
            c.bots = (profile_bot(c.plugin, s.profile),) * c.players
        plans.append(_arms(c, s, found[c.plugin.name]))
    flat = [a for arms in plans for a in arms]
    traces = iter(play_arms(flat, workers=s.workers, scheduler=s.scheduler, progress=progress))
    for c, arms in zip(columns, plans, strict=True):
        c.rows = [{} for _ in range(s.games)]
        for a in arms:
            for t in next(traces):
                c.rows[t.index][a.kind] = t
        tally = Tally(players=c.players, bots=c.bots)
        for r in c.rows:
            tally.add(_summary(r["main"], c.bots))
        c.stats = tally.stats(c.plugin, variant=c.variant, rules=c.rules, seed=s.seed)
        c.figures = _figures(c)
        c.estimates = {f.key: estimate(f, c.rows) for f in c.figures}
    for c in columns:
        base = baselines[c.plugin.name]
        c.baseline = base is c
        if base is c:
            continue
        c.deltas = {}
        for f in c.figures:
            if f.key in base.estimates:
                d = delta(f, c.rows, base.rows, (c.estimates[f.key], base.estimates[f.key]))
                if d is not None:
                    c.deltas[f.key] = d


def measured_json(c: Column, s: Settings) -> dict[str, Any]:
    """The ``measured`` part of a column's JSON: the simulation statistics as ``vncards
    simulate`` gives them, plus the profile, the unit, the design metrics and, for a
    column that is not its game's baseline, ``delta``."""
    assert c.stats is not None
    facts = facts_of(c.plugin)
    out = c.stats.to_json()
    out.update(
        {
            "profile": s.profile if s.bots is None else "custom",
            "players": c.players,
            "bots": list(c.bots),
            "unit": facts.unit,
            "restrict": s.restrict if any("restricted" in r for r in c.rows[:1]) else None,
            "metrics": {
                f.key: {"label": f.label, "unit": f.unit, **c.estimates[f.key].to_json()}
                for f in c.figures
            },
        }
    )
    if c.deltas is not None:
        out["delta"] = {k: d.to_json() for k, d in c.deltas.items()}
    return out
