"""Playing the games of a run: each game from its own index (its deal and its bots'
seeds), the run's chunks in this process, in worker processes or on a Dask cluster, and
the public calls that return the games (:func:`play_games`, :func:`play_runs`) or their
statistics (:func:`simulate`, :func:`simulate_runs`).

>>> [s.index for s in play_games("tienlen", games=3, players=2)]
[0, 1, 2]
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from vncards.core._errors import PluginError, RulesError, SeedError
from vncards.core._game import Bot, GamePlugin, RulesBase, play_game, record_game
from vncards.core._plugins import CountsGames
from vncards.core._rng import derive_seed
from vncards.core.simulate._dask import on_dask
from vncards.core.simulate._errors import SimulationError
from vncards.core.simulate._games import (
    BotSpec,
    GameSummary,
    _bot,
    _bot_name,
    _rules_of,
    bot_factory,
    default_bot,
    found_game,
    load_game,
    load_game_once,
)
from vncards.core.simulate._pool import _on_processes, _sendable, _Work
from vncards.core.simulate._split import _LOCAL_CHUNK, _iter_chunks
from vncards.core.simulate._stats import SimulationStats, Tally, summarize

__all__ = ["Run", "play_games", "play_runs", "simulate", "simulate_runs"]

_BOT_SEED_OFFSET = 1000


@dataclass(frozen=True)
class _Job:
    """Everything a worker needs to play any game of a run (small and picklable)."""

    game: Any  # a "name" or "module:attribute" string, or a picklable plugin object
    rules: RulesBase
    variant: str
    overrides: dict[str, Any]
    players: int
    bots: tuple[BotSpec, ...]
    names: tuple[str, ...]
    seed: int
    keep_records: bool
    counts: bool = False  # whether the game counts things (CountsGames), asked once


def _play_one(plugin: GamePlugin[Any, Any, Any], job: _Job, index: int) -> GameSummary:
    game_seed = derive_seed(job.seed, index)
    bots = [
        _bot(plugin, spec, derive_seed(game_seed, _BOT_SEED_OFFSET + seat))
        for seat, spec in enumerate(job.bots)
    ]
    state = plugin.new_game(job.rules, job.players, game_seed)
    played = play_game(plugin, state, bots)
    result = plugin.result(played.final)
    # the seat that acted first: a record may leave ``first`` out where the rules find
    # it (lowest card, the dealer), so the first action says it when there is one
    first = getattr(played.actions[0], "seat", None) if played.actions else None
    if first is None:
        first = plugin.record_deal(played.start).get("first")
    stats: dict[str, int] = {}
    if job.counts:
        stats = dict(cast(CountsGames, plugin).game_stats(played.final))
    record = None
    if job.keep_records:
        names = [f"P{seat + 1}" for seat in range(job.players)]
        record = record_game(
            plugin, played, names, variant=job.variant, rules=job.overrides
        ).to_json()
    return GameSummary(
        index=index,
        seed=game_seed,
        n_players=job.players,
        bots=job.names,
        outcome=result.outcome,
        winner=result.winner,
        instant_win=result.instant_win,
        payments=tuple(result.payments),
        length=len(played.actions),
        first=first,
        stats=stats,
        record=record,
    )


def _run_chunk(job: _Job, start: int, stop: int) -> list[GameSummary]:
    """Play games ``start`` to ``stop - 1`` of a run (what a worker process or a Dask
    task executes)."""
    plugin = load_game_once(job.game)
    return [_play_one(plugin, job, i) for i in range(start, stop)]


def _play_range(
    plugin: GamePlugin[Any, Any, Any], job: _Job, start: int, stop: int
) -> list[GameSummary]:
    """Play games ``start`` to ``stop - 1`` of a run with a plugin at hand (this process)."""
    return [_play_one(plugin, job, i) for i in range(start, stop)]


def _check(
    game: str | GamePlugin[Any, Any, Any],
    games: int,
    players: int | None,
    bots: BotSpec | Sequence[BotSpec] | None,
    variant: str | None,
    rules: RulesBase | Mapping[str, Any] | None,
    workers: int,
    found: tuple[GamePlugin[Any, Any, Any], Any] | None = None,
) -> tuple[GamePlugin[Any, Any, Any], _Job]:
    """Refuse a bad run before any process starts (``found``: the game as
    :func:`found_game` finds it, when the caller has looked it up)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise SimulationError(f"the number of games must be a whole number >= 0, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be a whole number >= 1, not {workers!r}")
    # Looked up afresh, not from the workers' cache: VNCARDS_PLUGINS may have changed.
    plugin, reference = found_game(game) if found is None else found
    chosen, name, overrides = _rules_of(plugin, variant, rules)
    lo, hi = plugin.player_range(chosen)
    n = max(int(lo), min(4, int(hi))) if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not lo <= n <= hi:
        where = f"variant {variant!r}" if variant else "its default rules"
        raise RulesError(
            f"{plugin.name} under {where} is played by {lo} to {hi} players, not {n!r}"
        )
    if bots is None:
        specs: tuple[BotSpec, ...] = (default_bot(plugin),)
    elif isinstance(bots, str | Bot) or callable(bots):
        specs = (bots,)
    else:
        specs = tuple(bots)
    if len(specs) == 1:
        specs = specs * n
    elif len(specs) != n:
        raise SimulationError(
            f"give one bot for every seat or one for all: {len(specs)} bots for {n} players"
        )
    named = {b for b in specs if isinstance(b, str) and b not in plugin.bots}
    unknown = sorted(b for b in named if ":" not in b)
    if unknown:
        known = ", ".join(plugin.bots) or "none"
        raise PluginError(
            f"{plugin.name} has no bot {', '.join(map(repr, unknown))} (known: {known})"
        )
    for bot in sorted(named):
        bot_factory(plugin, bot)  # a module:attribute bot that is not there is refused
    names = tuple(_bot_name(b) for b in specs)
    counts = isinstance(plugin, CountsGames)
    job = _Job(reference, chosen, name, overrides, n, specs, names, 0, False, counts)
    return plugin, job


def play_games(
    game: str | GamePlugin[Any, Any, Any],
    *,
    games: int,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    variant: str | None = None,
    rules: RulesBase | Mapping[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
    force_workers: bool = False,
    dask_timeout: float | None = None,
    on_game: Callable[[GameSummary], None] | None = None,
) -> list[GameSummary]:
    """Play ``games`` bot games and summarise each, in game order.

    ``game`` is a plugin, an installed game's name or a ``"module:attribute"`` reference.
    ``rules`` is a rules object, or single settings overriding ``variant`` (the game's
    default preset when ``None``). ``players`` defaults to four where the rules allow it.
    ``bots`` gives one :data:`BotSpec` per seat, or one for every seat (default: the
    game's :func:`default_bot`). ``workers > 1`` plays in that many processes (at most
    one per CPU unless ``force_workers``, and never more than there are chunks of games);
    ``scheduler="tcp://HOST:PORT"`` on that Dask cluster (needs Dask installed, and the
    same vncards packages on every worker; every wait on the cluster gives up after
    ``dask_timeout`` seconds, default :data:`DASK_TIMEOUT`). ``progress(k)`` is called in
    this process each time ``k`` more games are done. With ``on_game``, each summary is
    handed to it in game order as soon as it and every game before it are done, and
    none is kept (the list returned is empty): memory stays flat however many games
    are played. The result depends only on the game, rules,
    players, bots and seed (bot objects used as they are keep their own state between
    games: give a name or a factory for results that do not depend on ``workers``).

    Raises :class:`~vncards.core.PluginError` (unknown game or bot),
    :class:`~vncards.core.RulesError` (unknown variant, a bad setting, a player count the
    rules do not allow) or :class:`SimulationError` before any game is played.

    >>> games = play_games("tienlen", games=2, players=2, seed=3)
    >>> [sum(s.payments) for s in games], [s.index for s in games]
    ([0, 0], [0, 1])
    >>> seen = []
    >>> play_games("tienlen", games=3, players=2, seed=3, on_game=seen.append)
    []
    >>> [s.index for s in seen]
    [0, 1, 2]
    """
    plugin, job = _check(game, games, players, bots, variant, rules, workers)
    job = _with_seed(job, seed, keep_records)
    return _play_checked(
        plugin, job, games, workers, scheduler, progress, force_workers, dask_timeout, on_game
    )


def _play_checked(
    plugin: GamePlugin[Any, Any, Any],
    job: _Job,
    games: int,
    workers: int,
    scheduler: str | None,
    progress: Callable[[int], None] | None,
    force_workers: bool,
    dask_timeout: float | None,
    on_game: Callable[[GameSummary], None] | None,
) -> list[GameSummary]:
    """:func:`play_games` once the run is checked."""
    if games == 0:
        return []
    if scheduler is not None:
        return on_dask(
            partial(_run_chunk, job), games, scheduler, progress=progress,
            timeout=dask_timeout, on_item=on_game, what=repr(job.game),
        )  # fmt: skip
    return _play_jobs([(plugin, job, games)], workers, progress, force_workers, on_game)[0]


def _with_seed(job: _Job, seed: int, keep_records: bool) -> _Job:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"the seed of a run must be a whole number, not {seed!r}")
    return _Job(
        job.game, job.rules, job.variant, job.overrides, job.players, job.bots, job.names,
        seed, keep_records, job.counts,
    )  # fmt: skip


@dataclass(frozen=True)
class Run:
    """One run of :func:`play_runs`: a game under some rules, the players, the bots and
    the seed (the arguments of :func:`play_games`)."""

    game: str | GamePlugin[Any, Any, Any]
    games: int
    players: int | None = None
    bots: BotSpec | Sequence[BotSpec] | None = None
    variant: str | None = None
    rules: RulesBase | Mapping[str, Any] | None = None
    seed: int = 0
    keep_records: bool = False


def play_runs(
    runs: Sequence[Run],
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    force_workers: bool = False,
) -> list[list[GameSummary]]:
    """Play several runs (each as :func:`play_games` would) sharing one pool of
    ``workers`` processes, so that worker start-up is paid once for all of them.

    >>> runs = [Run("tienlen", 3, seed=1), Run("samloc", 2, rules={"chop_two": 20})]
    >>> [len(r) for r in play_runs(runs)]
    [3, 2]
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be a whole number >= 1, not {workers!r}")
    checked = []
    for run in runs:
        plugin, job = _check(
            run.game, run.games, run.players, run.bots, run.variant, run.rules, workers
        )
        checked.append((plugin, _with_seed(job, run.seed, run.keep_records), run.games))
    return _play_jobs(checked, workers, progress, force_workers)


def _play_jobs(
    jobs: Sequence[tuple[GamePlugin[Any, Any, Any], _Job, int]],
    workers: int,
    progress: Callable[[int], None] | None,
    force_workers: bool = False,
    on_game: Callable[[GameSummary], None] | None = None,
) -> list[list[GameSummary]]:
    """Play the jobs; with ``on_game`` (one job only) each summary goes to it in game
    order and none is kept."""
    if not force_workers:
        # more processes than CPUs only slow a run down (and a typo may ask for 10,000)
        workers = min(workers, os.cpu_count() or 1)
    # a plugin given as an object, not found among the installed games, may not be
    # importable in a fresh process: its games are played here
    if any(not isinstance(job.game, str) for _, job, _ in jobs):
        workers = 1
    if workers == 1 or sum(games for _, _, games in jobs) <= 1:
        out: list[list[GameSummary]] = []
        for plugin, job, games in jobs:
            part: list[GameSummary] = []
            for start, stop in _iter_chunks(games, math.ceil(games / _LOCAL_CHUNK)):
                for i in range(start, stop):
                    summary = _play_one(plugin, job, i)
                    if on_game is None:
                        part.append(summary)
                    else:
                        on_game(summary)
                if progress is not None:
                    progress(stop - start)
            out.append(part)
        return out
    works = [
        _Work(partial(_run_chunk, job), games, partial(_play_range, plugin, job))
        for plugin, job, games in jobs
    ]
    uses_main = _sendable(
        works, "give bots by name or as module-level factories, or use one worker"
    )
    return _on_processes(works, workers, progress, on_game, uses_main=uses_main)


def simulate(
    game: str | GamePlugin[Any, Any, Any],
    *,
    games: int,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    variant: str | None = None,
    rules: RulesBase | Mapping[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationStats:
    """Play ``games`` bot games (as :func:`play_games`) and return their statistics.

    >>> stats = simulate("samloc", games=30, rules={"chop_two": 20}, seed=4)
    >>> stats.variant, stats.overrides, stats.players
    ('standard', {'chop_two': 20}, 4)
    >>> [f.statistic.key for f in stats.figures][:2]
    ['chops', 'thoi_2']
    """
    found = found_game(game)  # the installed games read once for the whole run
    plugin, job = _check(game, games, players, bots, variant, rules, workers, found)
    # counted as the games come: memory stays flat however many games are played
    tally = Tally(players=players or 0)
    _play_checked(
        plugin, _with_seed(job, seed, False), games, workers, scheduler, progress, False,
        None, tally.add,
    )  # fmt: skip
    return tally.stats(plugin, variant=variant, rules=rules, seed=seed)


def simulate_runs(
    runs: Sequence[Run],
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[SimulationStats]:
    """The statistics of several runs played in one pool (see :func:`play_runs`).

    >>> a, b = simulate_runs([Run("samloc", 20), Run("samloc", 20, rules={"chop_two": 30})])
    >>> a.overrides, b.overrides
    ({}, {'chop_two': 30})
    """
    played = play_runs(runs, workers=workers, progress=progress)
    out = []
    for run, summaries in zip(runs, played, strict=True):
        plugin = load_game(run.game) if isinstance(run.game, str) else run.game
        names = summaries[0].bots if summaries else ()
        stats = summarize(
            summaries, plugin, variant=run.variant, rules=run.rules, players=run.players,
            bots=names, seed=run.seed,
        )  # fmt: skip
        out.append(stats)
    return out
