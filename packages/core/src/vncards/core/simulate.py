"""Simulating many bot games, as a library: on one core, on every core, or on a Dask
cluster, under any preset with house rules on top, for any number of players.

Game ``i`` of a run seeded ``seed`` is dealt from ``derive_seed(seed, i)`` and the bot in
seat ``s`` is made from ``derive_seed(derive_seed(seed, i), 1000 + s)``. Each game thus
depends on its own index alone, so a run can be cut into contiguous chunks of indices,
played anywhere and put back in order: the summaries, and the statistics made from them
in game order, are the same whatever the number of worker processes.

The game is a plugin object, an installed game's name (``"tienlen"``) or an importable
``"module:attribute"`` reference to a plugin object (``"mypkg.game:plugin"``). Worker
processes look an installed game up again by its entry point, or import it by its
reference; a plugin object that is neither is played in this process alone. The rules
and bot objects or factories travel to workers pickled. Dask is optional: only
``scheduler=`` needs it.

>>> stats = simulate("tienlen", games=20, rules={"thoi_red_two": 8}, players=3, seed=1)
>>> stats.games, stats.players, stats.overrides
(20, 3, {'thoi_red_two': 8})
>>> stats == simulate(
...     "tienlen", games=20, rules={"thoi_red_two": 8}, players=3, seed=1, workers=2
... )
True
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import ctypes
import importlib
import math
import multiprocessing
import os
import re
import signal
import socket
import statistics as _pystats
import sys
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from importlib.metadata import entry_points
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as _connection_wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, NamedTuple, TypeVar

from vncards.core._errors import PluginError, RulesError, SeedError, VncardsError
from vncards.core._game import Bot, GamePlugin, RulesBase, play_game, record_game, resolve_rules
from vncards.core._plugins import (
    ENTRY_POINT_GROUP,
    CountsGames,
    PluginWarning,
    ReportsStatistics,
    Statistic,
    get_game,
)
from vncards.core._rng import derive_seed

__all__ = [
    "DASK_TIMEOUT",
    "BotSpec",
    "GameSummary",
    "Mean",
    "Run",
    "SeatStats",
    "Share",
    "SimulationError",
    "SimulationStats",
    "SimulationWarning",
    "StatFigure",
    "Tally",
    "default_bot",
    "load_game",
    "play_games",
    "play_runs",
    "run_chunks",
    "simulate",
    "simulate_runs",
    "summarize",
    "wilson",
]

BotSpec = str | Bot | Callable[[int], Bot]
"""A seat's bot: a name among the game's ``bots``, a bot object (used as it is), or a
factory taking a seed (called once per game, with that game's seat seed)."""

_BOT_SEED_OFFSET = 1000
# Chunks per worker process or Dask thread: enough that the workers finish within a
# small chunk of each other and progress moves smoothly, few enough that the cost of a
# chunk (a task round trip, one pickled list of summaries) stays negligible.
_CHUNKS_PER_WORKER = 32
# Games between two progress calls when everything runs in this process.
_LOCAL_CHUNK = 100
_Z95 = 1.959964


class SimulationError(VncardsError, ValueError):
    """A simulation that cannot start or finish: a bad count of games, workers or bots,
    Dask not installed, or a Dask scheduler that cannot be reached."""


class SimulationWarning(UserWarning):
    """Something went wrong in a run and was mended: a worker process that stopped, its
    games played again by a new one (the run's games are the same as undisturbed)."""


# ----------------------------------------------------------------- one game's summary


@dataclass(frozen=True)
class GameSummary:
    """What one simulated game came to.

    ``payments`` are net lá per seat at bet 1; ``length`` is the number of actions;
    ``first`` the seat that acted first; ``stats`` the game's own counters (from its
    :class:`~vncards.core.CountsGames` capability); ``record`` the game record as JSON
    when the run kept records.
    """

    index: int
    seed: int
    n_players: int
    bots: tuple[str, ...]
    outcome: str | None
    winner: int | None
    instant_win: str | None
    payments: tuple[int, ...]
    length: int
    first: int | None
    stats: dict[str, int]
    record: dict[str, Any] | None


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


def load_game(game: str) -> GamePlugin[Any, Any, Any]:
    """The plugin named ``game``: an installed game's name, or ``"module:attribute"``
    naming a plugin object in an importable module.

    Raises :class:`~vncards.core.PluginError` with the reason when there is none.

    >>> load_game("vncards.core:RandomBot")
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: 'vncards.core:RandomBot' is not a game plugin: it lacks ...
    """
    if ":" not in game:
        # a broken plugin is reported once, by whoever lists the games; looking one game
        # up again must not repeat that warning
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PluginWarning)
            return get_game(game)
    module_name, _, attribute = game.partition(":")
    if not module_name or not attribute:
        raise PluginError(f"a game reference is 'module:attribute', not {game!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise PluginError(f"cannot import module {module_name!r} for game {game!r}: {e}") from None
    plugin: Any = module
    for part in attribute.split("."):
        try:
            plugin = getattr(plugin, part)
        except AttributeError:
            raise PluginError(f"module {module_name!r} has no attribute {attribute!r}") from None
    missing = [a for a in _NEEDED if not hasattr(plugin, a)]
    if missing:
        raise PluginError(f"{game!r} is not a game plugin: it lacks {', '.join(missing)}")
    return plugin  # type: ignore[no-any-return]


_NEEDED = (
    "name",
    "title",
    "presets",
    "default_preset",
    "new_game",
    "legal_actions",
    "apply",
    "bots",
    "player_range",
    "decision",
    "result",
)

# A worker process (or Dask worker) looks each game up once; Dask may ask from several
# threads at a time.
_loaded: dict[str, GamePlugin[Any, Any, Any]] = {}
_loading = threading.Lock()


def _plugin_for(game: Any) -> GamePlugin[Any, Any, Any]:
    if not isinstance(game, str):
        return game  # type: ignore[no-any-return]
    plugin = _loaded.get(game)
    if plugin is not None:
        return plugin
    with _loading:
        if game not in _loaded:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PluginWarning)
                _loaded[game] = load_game(game)
        return _loaded[game]


def _bot(plugin: GamePlugin[Any, Any, Any], spec: BotSpec, seed: int) -> Bot:
    if isinstance(spec, str):
        return plugin.bots[spec](seed)
    if isinstance(spec, Bot):
        return spec
    return spec(seed)


def _bot_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return str(getattr(spec, "__name__", type(spec).__name__))


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
    stats: dict[str, int] = (
        dict(plugin.game_stats(played.final)) if isinstance(plugin, CountsGames) else {}
    )
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


def _reference(plugin: GamePlugin[Any, Any, Any], given: Any) -> Any:
    """How workers should find ``plugin``: a ``module:attribute`` reference as given, its
    entry point's reference when it is an installed game (a worker then imports that game
    alone), else the plugin object itself (pickled)."""
    if isinstance(given, str) and ":" in given:
        return given
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name != plugin.name:
            continue
        try:
            if ep.load() is plugin:
                return f"{ep.module}:{ep.attr}"
        except Exception:
            break
    return given if isinstance(given, str) else plugin


def _run_chunk(job: _Job, start: int, stop: int) -> list[GameSummary]:
    """Play games ``start`` to ``stop - 1`` of a run (what a worker process or a Dask
    task executes)."""
    plugin = _plugin_for(job.game)
    return [_play_one(plugin, job, i) for i in range(start, stop)]


def _play_range(
    plugin: GamePlugin[Any, Any, Any], job: _Job, start: int, stop: int
) -> list[GameSummary]:
    """Play games ``start`` to ``stop - 1`` of a run with a plugin at hand (this process)."""
    return [_play_one(plugin, job, i) for i in range(start, stop)]


def _chunks(games: int, n_chunks: int) -> list[tuple[int, int]]:
    """``games`` indices cut into at most ``n_chunks`` contiguous, near-equal ranges.

    >>> _chunks(10, 3)
    [(0, 3), (3, 6), (6, 10)]
    >>> _chunks(2, 5)
    [(0, 1), (1, 2)]
    """
    n = max(1, min(n_chunks, games))
    bounds = [games * k // n for k in range(n + 1)]
    return [(bounds[k], bounds[k + 1]) for k in range(n) if bounds[k] < bounds[k + 1]]


def default_bot(plugin: GamePlugin[Any, Any, Any]) -> str:
    """The bot a simulation uses when none is named: ``greedy`` if the game has one, else
    its first bot.

    >>> default_bot(get_game("tienlen"))
    'greedy'
    """
    known = list(plugin.bots)
    if not known:
        raise SimulationError(f"{plugin.name} has no bots")
    return "greedy" if "greedy" in plugin.bots else known[0]


def _rules_of(
    plugin: GamePlugin[Any, Any, Any],
    variant: str | None,
    rules: RulesBase | Mapping[str, Any] | None,
) -> tuple[RulesBase, str, dict[str, Any]]:
    """The rules of a run, its preset's name and the settings that differ from it."""
    name = variant or plugin.default_preset
    base: RulesBase = resolve_rules(plugin, name)
    if isinstance(rules, RulesBase):
        chosen = rules
    else:
        chosen = resolve_rules(plugin, name, dict(rules or {}))
    before = base.model_dump(mode="json")
    after = chosen.model_dump(mode="json")
    overrides = {k: v for k, v in after.items() if before.get(k) != v}
    return chosen, name, overrides


def _check(
    game: str | GamePlugin[Any, Any, Any],
    games: int,
    players: int | None,
    bots: BotSpec | Sequence[BotSpec] | None,
    variant: str | None,
    rules: RulesBase | Mapping[str, Any] | None,
    workers: int,
) -> tuple[GamePlugin[Any, Any, Any], _Job]:
    """Refuse a bad run before any process starts."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise SimulationError(f"the number of games must be a whole number >= 0, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be a whole number >= 1, not {workers!r}")
    # Looked up afresh, not from the workers' cache: VNCARDS_PLUGINS may have changed.
    plugin = load_game(game) if isinstance(game, str) else game
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
    unknown = sorted({b for b in specs if isinstance(b, str) and b not in plugin.bots})
    if unknown:
        known = ", ".join(plugin.bots) or "none"
        raise PluginError(
            f"{plugin.name} has no bot {', '.join(map(repr, unknown))} (known: {known})"
        )
    names = tuple(_bot_name(b) for b in specs)
    job = _Job(_reference(plugin, game), chosen, name, overrides, n, specs, names, 0, False)
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
    if games == 0:
        return []
    if scheduler is not None:
        return _on_dask(job, games, scheduler, progress, dask_timeout, on_game)
    return _play_jobs([(plugin, job, games)], workers, progress, force_workers, on_game)[0]


def _with_seed(job: _Job, seed: int, keep_records: bool) -> _Job:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"the seed of a run must be a whole number, not {seed!r}")
    return _Job(
        job.game, job.rules, job.variant, job.overrides, job.players, job.bots, job.names,
        seed, keep_records,
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


class _Work(NamedTuple):
    """Indices ``0`` to ``size - 1`` to do: ``func(start, stop)`` in a worker process
    (sent pickled), ``local(start, stop)`` in this one (the same answer)."""

    func: Callable[[int, int], Sequence[Any]]
    size: int
    local: Callable[[int, int], Sequence[Any]]


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


def _sendable(works: Sequence[_Work], advice: str) -> bool:
    """Refuse work that cannot be sent to a worker process; say whether any of it
    refers to the ``__main__`` module (which workers must then import again)."""
    uses_main = False
    for work in works:
        try:
            # what the pool will send each worker (only written here, never read back)
            blob = ForkingPickler.dumps(work.func)
        except Exception as e:
            raise SimulationError(
                f"cannot send this run to worker processes ({e}); {advice}"
            ) from None
        uses_main = uses_main or b"__main__" in bytes(blob)
    return uses_main


_T = TypeVar("_T")


def run_chunks(
    func: Callable[[int, int], Sequence[_T]],
    count: int,
    *,
    workers: int = 1,
    force_workers: bool = False,
    progress: Callable[[int], None] | None = None,
    unit: str = "item",
) -> list[_T]:
    """``func(start, stop)`` over the indices ``0`` to ``count - 1`` cut into contiguous
    ranges, the answers put together in index order: the worker pool of
    :func:`play_games`, for any work whose part for an index depends on that index alone.

    ``func`` is sent to spawned worker processes pickled (a module-level function, or a
    :func:`functools.partial` of one with picklable arguments); it returns what the
    indices ``start`` to ``stop - 1`` came to, as a sequence (of any length). The
    result is then the same whatever ``workers`` is. ``workers > 1`` works in that many
    processes, this one included (at most one per CPU unless ``force_workers``);
    ``progress(k)`` is called in this process each time ``k`` more indices are done.
    A worker process that dies has its range done again by a new one, with a
    :class:`SimulationWarning`; if that one dies too, :class:`SimulationError` ends the
    run (messages name the indices as ``unit``: with ``"deal"``, "deals 3 to 5"). No
    worker outlives the call.

    >>> run_chunks(range, 10, workers=2, force_workers=True) == list(range(10))
    True
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise SimulationError(f"the count must be a whole number >= 0, not {count!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be a whole number >= 1, not {workers!r}")
    if not force_workers:
        # more processes than CPUs only slow a run down (and a typo may ask for 10,000)
        workers = min(workers, os.cpu_count() or 1)
    if workers == 1 or count <= 1:
        out: list[_T] = []
        for i in range(count):
            out.extend(func(i, i + 1))
            if progress is not None:
                progress(1)
        return out
    work = _Work(func, count, func)
    uses_main = _sendable([work], "give a module-level function, or use one worker")
    return _on_processes([work], workers, progress, unit=unit, uses_main=uses_main)[0]


def _iter_chunks(games: int, n_chunks: int) -> Iterator[tuple[int, int]]:
    """The ranges of :func:`_chunks`, one at a time (no list, however many games).

    >>> list(_iter_chunks(10, 3)) == _chunks(10, 3)
    True
    """
    n = max(1, min(n_chunks, games))
    for k in range(n):
        lo, hi = games * k // n, games * (k + 1) // n
        if lo < hi:
            yield lo, hi


# Games per chunk at most when summaries are streamed: what waits to be handed on in
# game order stays bounded however long the run.
_STREAM_CHUNK = 500
# Chunks per worker that may be played ahead of the first unfinished one while
# summaries are streamed (what is finished but waits for an earlier chunk is held).
_AHEAD_PER_WORKER = 4


class _Tasks:
    """The chunks of several jobs in order, as ``(job, start, stop)``, each worked out
    when asked for: no list of them is made, however many games a run has.

    >>> tasks = _Tasks([10, 0, 2], [3, 4, 5])
    >>> len(tasks), [tasks[k] for k in range(len(tasks))]
    (5, [(0, 0, 3), (0, 3, 6), (0, 6, 10), (2, 0, 1), (2, 1, 2)])
    """

    def __init__(self, games: Sequence[int], shares: Sequence[int]) -> None:
        self._games = list(games)
        self._counts = [min(max(1, s), g) for g, s in zip(games, shares, strict=True)]
        self._starts = [0]
        for count in self._counts:
            self._starts.append(self._starts[-1] + count)

    def __len__(self) -> int:
        return self._starts[-1]

    def __getitem__(self, k: int) -> tuple[int, int, int]:
        if not 0 <= k < len(self):
            raise IndexError(k)
        j = bisect.bisect_right(self._starts, k) - 1
        games, count, c = self._games[j], self._counts[j], k - self._starts[j]
        return j, games * c // count, games * (c + 1) // count


def _on_processes(
    jobs: Sequence[_Work],
    workers: int,
    progress: Callable[[int], None] | None,
    on_game: Callable[[Any], None] | None = None,
    *,
    unit: str = "game",
    uses_main: bool = False,
) -> list[list[Any]]:
    """Play the chunks of every job (one :class:`_Work` each; ``unit`` names an index in
    messages) in up to ``workers - 1`` spawned processes (never more than there are
    chunks, nor than CPUs) and in this one. ``uses_main``: the work refers to the
    ``__main__`` module, which workers then import again.

    Workers take chunks from the front; this process, which needs no start-up, takes them
    from the back whenever no worker's answer is waiting (streaming, from the front too,
    at most a few chunks per worker ahead of the first unfinished one). Where a chunk is
    played changes nothing in it, so the split never shows in the result.

    Each worker has a pipe of its own, so a worker that dies (killed, out of memory), even
    while sending its answer, is seen at once, never a hang: its chunk is played again
    by a new worker process, with a :class:`SimulationWarning` naming what happened, and
    the run gives the same games as an undisturbed one. If that worker dies too, the run
    ends with :class:`SimulationError` naming what happened; with ``on_game``, the games
    in order up to the lost chunk are handed on first (the chunks before it that other
    workers are playing are waited for). A worker whose parent dies stops too (its pipe
    closes; on Linux the kernel also kills it), so no worker outlives the run.
    """
    shares = []
    for _, games, _ in jobs:
        share = max(1, round(workers * _CHUNKS_PER_WORKER / len(jobs)))
        if on_game is not None:
            share = max(share, math.ceil(games / _STREAM_CHUNK))
        shares.append(share)
    tasks = _Tasks([games for _, games, _ in jobs], shares)
    # finished chunks by task; with on_game each is dropped once handed on
    results: dict[int, Sequence[Any]] = {}
    n = max(1, min(workers - 1, len(tasks)))
    ahead = _AHEAD_PER_WORKER * (n + 1)
    # Spawned workers start clean and find the game by its name or reference, with
    # this process's sys.path, so a "module:attribute" game importable here is there too.
    context = multiprocessing.get_context("spawn")
    procs: list[Any] = []
    conns: list[Connection] = []
    retried: set[int] = set()  # tasks already given to a new worker once
    played = 0  # games finished
    emitted = 0  # with on_game: tasks[:emitted] were handed on and dropped
    front, back = 0, len(tasks)  # tasks[front:back] are not handed out yet
    busy: dict[int, int] = {}  # worker -> the task it plays

    def start(w: int) -> None:
        """Start worker ``w`` (a new one in its place when it is there already)."""
        ours, theirs = context.Pipe()
        with _main_script_hidden(not uses_main), _sigint_held():
            proc = context.Process(target=_worker_main, args=(theirs, os.getpid()), daemon=True)
            proc.start()
        theirs.close()
        if w < len(procs):
            procs[w], conns[w] = proc, ours
        else:
            procs.append(proc)
            conns.append(ours)

    def games_in(k: int) -> str:
        j, lo, hi = tasks[k]
        where = f" of run {j + 1}" if len(jobs) > 1 else ""
        return (f"{unit} {lo}" if hi - lo == 1 else f"{unit}s {lo} to {hi - 1}") + where

    def give(w: int, k: int) -> None:
        """Send task ``k`` to worker ``w``; a worker found dead here is lost with it."""
        j, lo, hi = tasks[k]
        busy[w] = k
        try:
            conns[w].send((jobs[j].func, lo, hi))
        except OSError:  # its end of the pipe is gone: it died
            del busy[w]
            lost(w, k)

    def hand_out(w: int) -> None:
        nonlocal front
        if front < back:
            front += 1
            give(w, front - 1)

    def done(k: int, chunk: Sequence[Any]) -> None:
        nonlocal played, emitted
        results[k] = chunk
        _, lo, hi = tasks[k]
        played += hi - lo
        if on_game is not None:
            while emitted in results:
                for summary in results.pop(emitted):
                    on_game(summary)
                emitted += 1
        if progress is not None:
            progress(hi - lo)

    def lost(w: int, k: int) -> None:
        """Worker ``w`` died playing task ``k``: a new worker plays it again, once."""
        proc = procs[w]
        proc.join(5)  # its pipe closed as it ended; the exit code follows at once
        how = _how(proc.exitcode)
        if proc.is_alive():  # alive with its pipe closed: it cannot be used
            proc.kill()
            proc.join()
        with contextlib.suppress(OSError):
            conns[w].close()
        if k in retried:
            fail(
                k,
                f"a worker process stopped ({how}) while playing {games_in(k)}, as did the"
                f" new worker process given them again; the run was ended with {played} of"
                f" {sum(games for _, games, _ in jobs)} {unit}s played",
            )
        retried.add(k)
        warnings.warn(
            f"worker process {w + 1} stopped ({how}) while playing {games_in(k)};"
            f" a new worker process plays {'it' if tasks[k][2] - tasks[k][1] == 1 else 'them'}"
            " again",
            SimulationWarning,
            stacklevel=2,
        )
        start(w)
        give(w, k)

    def fail(k: int, message: str) -> None:
        """End the run on task ``k``: with on_game, the chunks before it that workers
        are playing are waited for, so that every game up to it is handed on."""
        if on_game is not None:
            for w, t in sorted(busy.items(), key=lambda item: item[1]):
                if t > k:
                    break
                del busy[w]
                try:
                    status, payload = conns[w].recv()
                except (EOFError, OSError):
                    continue
                if status == "ok":
                    done(t, payload)
        raise SimulationError(message)

    try:
        for w in range(n):
            start(w)
        for w in range(n):
            hand_out(w)
        # streaming, a finished chunk is dropped once handed on; otherwise kept to the end
        while (emitted if on_game is not None else len(results)) < len(tasks):
            watched = [conns[w] for w in busy] + [procs[w].sentinel for w in busy]
            ready = _connection_wait(watched, timeout=0)
            if not ready and front < back and (on_game is None or front < emitted + ahead):
                # streaming, this process plays the next chunk in order, so that few
                # finished chunks wait for an earlier one
                if on_game is not None:
                    k = front
                    front += 1
                else:
                    back -= 1
                    k = back
                j, lo, hi = tasks[k]
                done(k, jobs[j].local(lo, hi))
                continue
            if not ready:
                ready = _connection_wait(watched)
            for w in list(busy):
                if conns[w] not in ready and procs[w].sentinel not in ready:
                    continue
                k = busy.pop(w)
                try:
                    status, payload = conns[w].recv()
                except (EOFError, OSError):  # it died, perhaps while sending its answer
                    lost(w, k)
                    continue
                if status != "ok":
                    fail(k, f"a worker process failed: {payload}")
                done(k, payload)
                hand_out(w)
    finally:
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.close()  # a waiting worker reads the end of its pipe and stops
        for proc in procs:
            proc.join(5)
            if proc.is_alive():
                proc.kill()
                proc.join()
    out: list[list[Any]] = [[] for _ in jobs]
    for k in sorted(results):
        out[tasks[k][0]].extend(results[k])
    return out


def _how(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"killed by {name}"
    if exitcode is None:
        return "its pipe closed"
    return f"exit code {exitcode}"


def _worker_main(conn: Connection, parent: int) -> None:
    """A worker process: does the chunks it is sent, ``(func, start, stop)``, until its
    pipe closes. Ctrl-C, which a terminal sends to every process of the command, is
    ignored here: the parent stops the run, and a worker printing a traceback of its
    own would bury the parent's one line."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _die_with_parent(parent)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        func, lo, hi = task
        try:
            answer: tuple[str, Any] = ("ok", func(lo, hi))
        except Exception as e:
            answer = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


def _die_with_parent(parent: int) -> None:
    """Make this worker end when the process that started it ends (killed included)."""
    if sys.platform == "linux":
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)  # the parent died before the line above took effect

    def watch() -> None:  # elsewhere (and as a second guard) the parent is polled
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="vncards-parent-watch", daemon=True).start()


@contextmanager
def _sigint_held() -> Iterator[None]:
    """While a worker process starts, SIGINT is ignored (a disposition the new process
    keeps, so a Ctrl-C while it imports its modules cannot end it with a traceback) and,
    here, held back: a Ctrl-C meanwhile reaches this process right after. Only the main
    thread may change a signal's disposition; elsewhere this does nothing."""
    if (
        not hasattr(signal, "pthread_sigmask")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler if handler is not None else signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def _main_script_hidden(hide: bool = True) -> Iterator[None]:
    """Keep spawned workers from re-running the caller's main script.

    A spawned process normally imports the parent's ``__main__`` again; for the
    ``vncards`` command that is the whole CLI, which doubles a worker's start-up, and a
    script without an ``if __name__ == "__main__":`` guard would start workers of its
    own. Workers only need the work they are sent, so while they are spawned the main
    module does not say where it came from, unless that work refers to it (``hide``
    false).
    """
    main = sys.modules.get("__main__")
    if main is None or not hide:
        yield
        return
    saved: dict[str, Any] = {
        k: main.__dict__[k] for k in ("__file__", "__spec__") if k in main.__dict__
    }
    main.__dict__.pop("__file__", None)
    main.__dict__["__spec__"] = None
    try:
        yield
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


DASK_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler to answer, for a first worker, or for a worker
to come back when every one has left (``VNCARDS_DASK_TIMEOUT`` overrides it)."""
_ADDRESS = re.compile(
    r"^(?:(?:tcp|tls|ucx|ws|wss)://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):\d{1,5}/?$"
)


def _dask_timeout(given: float | None) -> float:
    if given is not None:
        return float(given)
    raw = os.environ.get("VNCARDS_DASK_TIMEOUT", "").strip()
    try:
        value = float(raw) if raw else DASK_TIMEOUT
    except ValueError:
        raise SimulationError(
            f"VNCARDS_DASK_TIMEOUT must be a number of seconds, not {raw!r}"
        ) from None
    if not value > 0:
        raise SimulationError(f"VNCARDS_DASK_TIMEOUT must be above 0, not {raw!r}")
    return value


def _probe(address: str, limit: float) -> None:
    """Refuse, within ``limit`` seconds, an address where nothing listens, or (over TCP)
    where what listens does not greet as a Dask scheduler does on connection."""
    scheme, _, rest = address.rpartition("://")
    host, _, port = rest.rstrip("/").rpartition(":")
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=limit) as sock:
            if scheme in ("", "tcp"):
                sock.settimeout(limit)
                if not sock.recv(1):
                    raise ConnectionResetError("the connection was closed")
    except TimeoutError:
        raise SimulationError(
            f"{address} does not answer as a Dask scheduler (waited {limit:g} s)"
        ) from None
    except OSError as e:
        raise SimulationError(
            f"cannot reach the Dask scheduler at {address}: {e.strerror or e}"
        ) from None


def _on_dask(
    job: _Job,
    games: int,
    scheduler: str,
    progress: Callable[[int], None] | None,
    timeout: float | None = None,
    on_game: Callable[[GameSummary], None] | None = None,
) -> list[GameSummary]:
    """Play the run's chunks as tasks of the Dask cluster at ``scheduler``.

    Every wait is bounded by the timeout: reaching the scheduler, its first worker, and
    a worker again when every worker has left mid-run; a failure is one
    :class:`SimulationError`. A few chunks per worker thread are submitted at a time,
    from the first unfinished one on, so the futures and the finished chunks held stay
    few however many games (streaming, each chunk has at most ``_STREAM_CHUNK`` games).
    Dask sends the tasks pickled: use it on a trusted network or over TLS (see the
    scaling page of the documentation).
    """
    limit = _dask_timeout(timeout)
    inproc = scheduler.startswith("inproc://")  # a cluster inside this process
    if not inproc and not _ADDRESS.match(scheduler.strip()):
        raise SimulationError(
            f"{scheduler!r} is not a Dask scheduler address (tcp://HOST:PORT or tls://HOST:PORT)"
        )
    try:
        # Imported by name so that Dask stays optional and its untyped API stays Any.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SimulationError(
            'running on a Dask cluster needs Dask: pip install "vncards-cli[dask]"'
        ) from None
    if not inproc:
        _probe(scheduler.strip(), limit)
    try:
        client = distributed.Client(scheduler.strip(), timeout=limit, set_as_default=False)
    except Exception as e:  # OSError, TimeoutError, a port that speaks another protocol
        raise SimulationError(
            f"cannot reach the Dask scheduler at {scheduler} within {limit:g} s"
            f" ({type(e).__name__}: {' '.join(str(e).split())[:120]})"
        ) from None
    try:
        try:
            client.wait_for_workers(1, timeout=limit)
        except Exception:
            raise SimulationError(
                f"the Dask scheduler at {scheduler} has no worker (waited {limit:g} s)"
            ) from None
        threads = sum((_workers_now(client, limit) or {}).values()) or 1
        share = threads * _CHUNKS_PER_WORKER
        if on_game is not None:
            share = max(share, math.ceil(games / _STREAM_CHUNK))
        tasks = _Tasks([games], [share])
        # Chunks are submitted a few per worker thread at a time, from the first
        # unfinished one on: the futures, and the finished chunks that wait for an
        # earlier one, stay few however many games the run has.
        results: dict[int, list[GameSummary]] = {}  # finished, not yet handed on
        where: dict[Any, int] = {}  # a pending future's key -> its task
        pending: set[Any] = set()
        first = 0  # tasks[:first] are finished (with on_game, handed on and dropped)
        submitted = 0
        seen_worker = time.monotonic()
        while first < len(tasks):
            while submitted < len(tasks) and submitted < first + _AHEAD_PER_WORKER * threads:
                _, lo, hi = tasks[submitted]
                future = client.submit(_run_chunk, job, lo, hi, pure=False)
                where[future.key] = submitted
                pending.add(future)
                submitted += 1
            for f in _finished(distributed, client, pending, limit):
                pending.discard(f)
                chunk = _chunk_of(f, job, client, scheduler, limit)
                if chunk is None:  # its worker left before it was fetched: wait again
                    pending.add(f)
                    continue
                results[where.pop(f.key)] = chunk
                if progress is not None:
                    progress(len(chunk))
            while first in results:
                if on_game is not None:
                    for summary in results.pop(first):
                        on_game(summary)
                first += 1
            alive = _workers_now(client, limit)
            if alive:
                seen_worker = time.monotonic()
                threads = max(threads, sum(alive.values()))
            elif time.monotonic() - seen_worker > limit:
                raise SimulationError(_gone(client, scheduler, limit, alive is not None))
        return [s for k in sorted(results) for s in results[k]]
    finally:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            client.close(timeout=limit)


def _gone(client: Any, scheduler: str, limit: float, answered: bool = True) -> str:
    """Why a Dask run cannot go on: its scheduler stopped answering (or its last answer
    was none), or every worker left."""
    if not answered or getattr(client, "status", "running") != "running":
        return f"the Dask scheduler at {scheduler} stopped answering (waited {limit:g} s)"
    return f"every Dask worker left the run and none came back within {limit:g} s"


def _workers_now(client: Any, limit: float) -> dict[str, int] | None:
    """The threads of each worker of the cluster, asked within ``limit`` seconds; None
    when the scheduler does not answer (the caller's clock then runs out)."""
    try:
        found = client.nthreads(callback_timeout=limit)
    except (Exception, asyncio.CancelledError):
        return None
    return dict(found) if getattr(client, "status", "running") == "running" else None


def _finished(distributed: Any, client: Any, pending: set[Any], limit: float) -> set[Any]:
    """The futures of ``pending`` that are done, waiting at most a second; none when the
    cluster does not answer."""
    try:
        with client.as_current():
            done: set[Any] = distributed.wait(
                list(pending), timeout=min(1.0, limit), return_when="FIRST_COMPLETED"
            ).done
    except TimeoutError:
        return set()
    except (Exception, asyncio.CancelledError):
        time.sleep(min(0.2, limit))  # a cluster that broke: the caller's clock runs out
        return set()
    return done


def _chunk_of(
    future: Any, job: _Job, client: Any, scheduler: str, limit: float
) -> list[GameSummary] | None:
    """The games of a finished chunk, fetched within ``limit`` seconds (None when they
    could not be: the worker holding them left and the chunk is played again)."""
    try:
        chunk: list[GameSummary] = future.result(timeout=limit)
    except TimeoutError:
        return None
    except (ImportError, PluginError) as e:
        raise SimulationError(
            f"a Dask worker could not load {job.game!r} ({e}); every worker needs"
            " the same vncards packages, and the module of the game, as this machine"
        ) from None
    except (Exception, asyncio.CancelledError) as e:
        # the connection lost (distributed's CommClosedError) or a client no longer running
        lost = isinstance(e, ConnectionError) or type(e).__name__.startswith("Comm")
        if lost or getattr(client, "status", "running") != "running":
            raise SimulationError(
                f"the Dask scheduler at {scheduler} stopped answering"
                f" ({type(e).__name__} while fetching the games of a chunk)"
            ) from None
        raise SimulationError(
            f"a Dask task failed ({type(e).__name__}: {' '.join(str(e).split())[:120]})"
        ) from None
    return chunk


# ----------------------------------------------------------------- statistics


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

        >>> stats = summarize(play_games("samloc", games=4, seed=2), get_game("samloc"))
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

    >>> games = play_games("samloc", games=10, seed=2)
    >>> stats = summarize(games, get_game("samloc"), seed=2)
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

    >>> tally = Tally()
    >>> _ = play_games("samloc", games=10, seed=2, on_game=tally.add)
    >>> tally.stats(get_game("samloc"), seed=2) == summarize(
    ...     play_games("samloc", games=10, seed=2), get_game("samloc"), seed=2
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
    plugin = load_game(game) if isinstance(game, str) else game
    # counted as the games come: memory stays flat however many games are played
    tally = Tally(players=players or 0)
    play_games(
        game, games=games, players=players, bots=bots, variant=variant, rules=rules,
        seed=seed, workers=workers, scheduler=scheduler, progress=progress,
        on_game=tally.add,
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
