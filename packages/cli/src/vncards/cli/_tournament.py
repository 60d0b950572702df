"""``vncards tournament``: bots against each other, with the luck of the deal cancelled.

Every deal is played once per seat rotation: with bots ``A,B,C,D`` the deal is played
by ``A B C D``, ``B C D A``, ``C D A B`` and ``D A B C`` in seats 0…3, so every bot sits
in every seat and holds every hand of that deal (duplicate deals). A run of ``games``
games is ``ceil(games / seats)`` deals. Deal ``d`` of a run seeded ``seed`` is dealt
from ``derive_seed(seed, d)``; the bot in line-up place ``i`` is made from
``derive_seed(derive_seed(seed, d), 1000 + i)``, so each game depends on its own index
alone and the figures are the same whatever the number of workers.

Bots of the same name (``search,greedy,greedy,greedy``) are one entrant. For each
entrant: its share of games won and its mean lá per game, each with a 95% interval
taken over deals (the games of one deal are not independent, so the deal is the unit of
the interval: mean ± 1.96 standard errors of the per-deal figures), and a rating from
the Plackett–Luce model of ``openskill`` (games ranked by net lá, in game order).

The deals are played in the core's worker pool (:func:`vncards.core.simulate.run_chunks`):
a worker process that dies has its deals played again by a new one, with one
:class:`~vncards.core.simulate.SimulationWarning`, and the games are those of an
undisturbed run; if the new one dies too, the run ends with one
:class:`~vncards.core.simulate.SimulationError`. No worker outlives the run.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from typing import Annotated, Any

import typer
from rich.table import Table
from vncards.cli._common import (
    InputError,
    complete_game,
    console,
    emit_json,
    get_plugin,
    rules_for,
)
from vncards.cli._runs import sigterm_as_interrupt, warnings_as_lines
from vncards.cli._simulate import DEFAULT_THINK, check_bots, searches
from vncards.core import GamePlugin, RulesBase, derive_seed, make_bot, play_game
from vncards.core.simulate import bot_factory, game_reference, load_game, run_chunks

__all__ = ["EntrantStats", "TournamentGame", "run_tournament", "tournament_command"]

_BOT_SEED_OFFSET = 1000
_Z95 = 1.96


@dataclass(frozen=True)
class TournamentGame:
    """One game of a tournament: deal ``deal`` played in rotation ``rotation``; ``bots``
    names the bot in each seat, ``payments`` the net lá per seat."""

    deal: int
    rotation: int
    bots: tuple[str, ...]
    winner: int | None
    payments: tuple[int, ...]


@dataclass(frozen=True)
class EntrantStats:
    """What one bot (by name) came to: games played (seats × games), win share and mean
    lá per game with their 95% intervals, and its ``openskill`` rating (``mu``,
    ``sigma`` and the conservative ``ordinal`` = mu − 3 sigma)."""

    bot: str
    games: int
    wins: int
    win_share: float
    win_low: float
    win_high: float
    mean_la: float
    la_low: float
    la_high: float
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class _Job:
    """What a worker needs to play any deal of a tournament (small and picklable):
    ``game`` is a name or ``module:attribute`` reference a fresh process can load, and
    ``deals`` the deal numbers, by place in the run."""

    game: str
    variant: str | None
    bots: tuple[str, ...]
    seed: int
    think: float | None
    iterations: int | None
    deals: Sequence[int]


def _lineup(bots: Sequence[str], rotation: int) -> tuple[int, ...]:
    """Which line-up place sits in each seat for a rotation.

    >>> _lineup(["a", "b", "c"], 1)
    (1, 2, 0)
    """
    n = len(bots)
    return tuple((seat + rotation) % n for seat in range(n))


def _play_deal(
    plugin: GamePlugin[Any, Any, Any], rules: RulesBase, job: _Job, deal: int
) -> list[TournamentGame]:
    deal_seed = derive_seed(job.seed, deal)
    n = len(job.bots)
    out = []
    for rotation in range(n):
        places = _lineup(job.bots, rotation)
        bots = [
            make_bot(
                bot_factory(plugin, job.bots[p]),
                derive_seed(deal_seed, _BOT_SEED_OFFSET + p),
                think=job.think,
                iterations=job.iterations,
            )
            for p in places
        ]
        state = plugin.new_game(rules, n, deal_seed)
        final = play_game(plugin, state, bots, keep_start=False).final
        res = plugin.result(final)
        out.append(
            TournamentGame(
                deal, rotation, tuple(job.bots[p] for p in places), res.winner, res.payments
            )
        )
    return out


def _play_deals(job: _Job, start: int, stop: int) -> list[TournamentGame]:
    """The games of the deals in places ``start`` to ``stop - 1`` of the run (what a
    worker process is given)."""
    plugin = load_game(job.game)
    rules = rules_for(plugin, job.variant)
    return [g for k in range(start, stop) for g in _play_deal(plugin, rules, job, job.deals[k])]


def run_tournament(
    game: str,
    bots: Sequence[str],
    *,
    games: int,
    variant: str | None = None,
    seed: int = 0,
    think: float | None = 0.1,
    iterations: int | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    deals: Sequence[int] | None = None,
) -> list[TournamentGame]:
    """Play the games of a tournament (see the module docstring), in deal order.

    ``think`` (seconds per decision) or ``iterations`` (rollouts per decision, which
    makes a run reproducible) go to every bot that searches. ``progress(k)`` is called
    as ``k`` more games are done. ``deals`` plays only those deal numbers (a long run
    played in blocks), ``games`` is then not read. ``workers > 1`` plays in that
    many processes (at most one per CPU); a worker that dies has its deals played again
    once, with a :class:`~vncards.core.simulate.SimulationWarning`, and a second death
    ends the run with :class:`~vncards.core.simulate.SimulationError`.

    >>> played = run_tournament("tienlen", ["greedy", "random"], games=4, seed=1)
    >>> len(played), [g.bots for g in played[:2]]
    (4, [('greedy', 'random'), ('random', 'greedy')])
    >>> all(sum(g.payments) == 0 for g in played)
    True
    """
    n = len(bots)
    if deals is None:
        deals = range(math.ceil(games / n) if games > 0 else 0)
    # a range is sent to workers as it is (small); any other list of deals as a tuple
    places = deals if isinstance(deals, range) else tuple(deals)
    # workers load the game afresh: by the reference of the installed plugin found here
    ref = game_reference(load_game(game), game)
    job = _Job(ref, variant, tuple(bots), seed, think, iterations, places)
    counted = None if progress is None else partial(_games_done, progress, n)
    return run_chunks(
        partial(_play_deals, job), len(places), workers=workers, progress=counted, unit="deal"
    )


def _games_done(progress: Callable[[int], None], seats: int, deals: int) -> None:
    progress(deals * seats)


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation over the values).

    >>> _interval([1.0, 3.0])
    (2.0, 0.04, 3.96)
    """
    k = len(values)
    if k == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / k
    if k == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (k - 1)
    half = _Z95 * math.sqrt(var / k)
    return (mean, round(mean - half, 10), round(mean + half, 10))


def entrant_stats(played: Sequence[TournamentGame]) -> list[EntrantStats]:
    """Per bot name: games, wins, win share and mean lá with 95% intervals over deals,
    and the openskill rating; best ordinal first.

    >>> games = [TournamentGame(0, 0, ("a", "b"), 0, (3, -3)),
    ...          TournamentGame(0, 1, ("b", "a"), 1, (-1, 1))]
    >>> [(s.bot, s.wins, s.mean_la) for s in entrant_stats(games)]
    [('a', 2, 2.0), ('b', 0, -2.0)]
    """
    from openskill.models import PlackettLuce

    names = sorted({b for g in played for b in g.bots})
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    per_deal: dict[str, dict[int, list[tuple[int, int]]]] = {name: {} for name in names}
    for g in played:
        for seat, name in enumerate(g.bots):
            per_deal[name].setdefault(g.deal, []).append((int(g.winner == seat), g.payments[seat]))
        if len(set(g.bots)) < 2:
            continue
        teams = [[ratings[name]] for name in g.bots]
        rated = model.rate(teams, scores=[float(p) for p in g.payments])
        # a name in several seats: the mean of its updates
        updates: dict[str, list[Any]] = {}
        for name, team in zip(g.bots, rated, strict=True):
            updates.setdefault(name, []).append(team[0])
        for name, new in updates.items():
            mu = sum(r.mu for r in new) / len(new)
            sigma = sum(r.sigma for r in new) / len(new)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
    out = []
    for name in names:
        deals = per_deal[name]
        win_by_deal = [sum(w for w, _ in v) / len(v) for v in deals.values()]
        la_by_deal = [sum(p for _, p in v) / len(v) for v in deals.values()]
        seats = sum(len(v) for v in deals.values())
        wins = sum(w for v in deals.values() for w, _ in v)
        share, w_lo, w_hi = _interval(win_by_deal)
        mean, l_lo, l_hi = _interval(la_by_deal)
        r = ratings[name]
        out.append(
            EntrantStats(
                name,
                seats,
                wins,
                share,
                max(0.0, w_lo),
                min(1.0, w_hi),
                mean,
                l_lo,
                l_hi,
                r.mu,
                r.sigma,
                r.ordinal(),
            )
        )
    out.sort(key=lambda s: -s.ordinal)
    return out


def tournament_command(
    game: Annotated[str, typer.Argument(help="Game name.", autocompletion=complete_game)],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One bot per seat, as many as there are players: e.g. search,greedy,random"
            " (or module:attribute of a bot factory).",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-g", min=1, help="Games (rounded up to whole rotations).")
    ] = 1000,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="Preset of the game.")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run.")] = 0,
    think: Annotated[
        float | None,
        typer.Option(
            "--think", min=0.001, help="Seconds a searching bot thinks per decision (0.1)."
        ),
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option(
            "--iterations", min=1, help="Rollouts per decision instead of a time (reproducible)."
        ),
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="Processes to use.")] = 1,
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Play bots against each other in every seat on the same deals, and rate them.

    Each deal is played once per seat rotation (duplicate deals), so that every bot
    holds every hand. Shows, per bot, the share of games won and the mean lá per game
    with 95% intervals (over deals) and an openskill (Plackett–Luce) rating.
    """
    plugin = get_plugin(game, allow_reference=False)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if len(names) < 2:
        raise InputError("a tournament needs a bot for every seat, at least two")
    check_bots(plugin, names)
    rules = rules_for(plugin, variant)
    lo, hi = plugin.player_range(rules)
    if not lo <= len(names) <= hi:
        raise InputError(f"{plugin.name} is played by {lo} to {hi} players, not {len(names)}")
    # what the run mends (a worker process that stopped, its deals played again) is one
    # ``vncards: warning:`` line; kill (SIGTERM) stops it as Ctrl-C does
    with sigterm_as_interrupt(), warnings_as_lines():
        played = run_tournament(
            plugin.name, names, games=games, variant=variant, seed=seed,
            think=DEFAULT_THINK if think is None else think, iterations=iterations,
            workers=workers,
        )  # fmt: skip
    stats = entrant_stats(played)
    seconds = DEFAULT_THINK if think is None else think
    budget = f"{iterations} rollouts" if iterations is not None else f"{seconds:g} s"
    searching = any(searches(bot_factory(plugin, name)) for name in names)
    if json_out:
        emit_json(
            {
                "game": plugin.name,
                "variant": variant or plugin.default_preset,
                "bots": names,
                "games": len(played),
                "deals": len({g.deal for g in played}),
                "seed": seed,
                "think": None if iterations is not None or not searching else seconds,
                "iterations": iterations,
                "entrants": [asdict(s) for s in stats],
            }
        )
        return
    table = Table(
        title=f"{plugin.title}: {len(played)} games ({len(played) // len(names)} deals × "
        f"{len(names)} rotations), seed {seed}"
        + (f", search budget {budget} per decision" if searching else "")
    )
    for col in ("bot", "games", "wins", "win share (95%)", "mean lá (95%)", "rating μ ± σ"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for s in stats:
        table.add_row(
            s.bot,
            str(s.games),
            str(s.wins),
            f"{s.win_share:.1%} ({s.win_low:.1%}–{s.win_high:.1%})",
            f"{s.mean_la:+.2f} ({s.la_low:+.2f} to {s.la_high:+.2f})",
            f"{s.mu:.1f} ± {s.sigma:.1f}",
        )
    console.print(table)
