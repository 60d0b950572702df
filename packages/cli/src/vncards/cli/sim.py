"""Simulating many bot games: on one core, on every core, or on a Dask cluster.

Game ``i`` of a run seeded ``seed`` is dealt from ``derive_seed(seed, i)`` and the bot in
seat ``s`` is made from ``derive_seed(derive_seed(seed, i), 1000 + s)``. Each game thus
depends on its own index alone, so a run can be cut into contiguous chunks of indices,
played anywhere and put back in order: the summaries are the same whatever the number
of worker processes and whether the games ran locally or on a cluster.

The game is named either as an installed plugin (``"tienlen"``) or as an importable
``"module:attribute"`` reference to a plugin object (``"mypkg.game:plugin"``), which
lets a game that is not installed as an entry point run too. Worker processes and Dask
workers look the game up again by that string; plugins are never pickled.

>>> from vncards.cli.sim import simulate
>>> simulate("mypkg.game:plugin", games=10, players=2, bots=["random"])
Traceback (most recent call last):
...
vncards.core._errors.PluginError: cannot import module 'mypkg.game' for game ...: ...
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

from vncards.core import (
    ENTRY_POINT_GROUP,
    GamePlugin,
    PluginError,
    PluginWarning,
    RulesError,
    VncardsError,
    derive_seed,
    get_game,
    play_game,
    record_game,
    resolve_rules,
)

__all__ = ["GameSummary", "SimulationError", "load_game", "simulate"]

_BOT_SEED_OFFSET = 1000
# Chunks per worker process or Dask thread: enough that the workers finish within a
# small chunk of each other and progress moves smoothly, few enough that the cost of a
# chunk (a task round trip, one pickled list of summaries) stays negligible.
_CHUNKS_PER_WORKER = 32
# Games between two progress calls when everything runs in this process.
_LOCAL_CHUNK = 100


class SimulationError(VncardsError, ValueError):
    """A simulation that cannot start or finish: a bad count of games, workers or bots,
    Dask not installed, or a Dask scheduler that cannot be reached."""


@dataclass(frozen=True)
class GameSummary:
    """What one simulated game came to.

    ``payments`` are net lá per seat at bet 1; ``length`` is the number of actions;
    ``first`` the seat that acted first; ``stats`` the game's own counters (from the
    plugin's optional ``game_stats(final_state)``); ``record`` the game record as JSON
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

    game: str
    variant: str | None
    players: int
    bots: tuple[str, ...]
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
        # a broken plugin is reported once, by whoever lists the games (the CLI does);
        # looking one game up again must not repeat that warning
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


def _plugin_for(game: str) -> GamePlugin[Any, Any, Any]:
    plugin = _loaded.get(game)
    if plugin is not None:
        return plugin
    with _loading:
        if game not in _loaded:
            # The caller already saw any warning about broken plugins; every worker
            # would repeat it.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PluginWarning)
                _loaded[game] = load_game(game)
        return _loaded[game]


def _play_one(plugin: GamePlugin[Any, Any, Any], rules: Any, job: _Job, index: int) -> GameSummary:
    game_seed = derive_seed(job.seed, index)
    bots = [
        plugin.bots[name](derive_seed(game_seed, _BOT_SEED_OFFSET + seat))
        for seat, name in enumerate(job.bots)
    ]
    state = plugin.new_game(rules, job.players, game_seed)
    played = play_game(plugin, state, bots)
    result = plugin.result(played.final)
    # the seat that acted first: a record may leave ``first`` out where the rules find
    # it (lowest card, the dealer), so the first action says it when there is one
    first = getattr(played.actions[0], "seat", None) if played.actions else None
    if first is None:
        first = plugin.record_deal(played.start).get("first")
    game_stats = getattr(plugin, "game_stats", None)
    stats: dict[str, int] = dict(game_stats(played.final)) if game_stats is not None else {}
    record = None
    if job.keep_records:
        names = [f"P{seat + 1}" for seat in range(job.players)]
        record = record_game(plugin, played, names, variant=job.variant).to_json()
    return GameSummary(
        index=index,
        seed=game_seed,
        n_players=job.players,
        bots=job.bots,
        outcome=result.outcome,
        winner=result.winner,
        instant_win=result.instant_win,
        payments=tuple(result.payments),
        length=len(played.actions),
        first=first,
        stats=stats,
        record=record,
    )


def _reference(game: str, plugin: GamePlugin[Any, Any, Any]) -> str:
    """How workers should find ``plugin``: its entry point's ``module:attribute`` when it
    is an installed game, so that a worker imports that game alone instead of
    discovering every installed one; else ``game`` as given."""
    if ":" in game:
        return game
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name != game:
            continue
        try:
            if ep.load() is plugin:
                return f"{ep.module}:{ep.attr}"
        except Exception:
            break
    return game


def _run_chunk(job: _Job, start: int, stop: int) -> list[GameSummary]:
    """Play games ``start`` to ``stop - 1`` of a run (what a worker process or a Dask
    task executes)."""
    plugin = _plugin_for(job.game)
    rules = resolve_rules(plugin, job.variant)
    return [_play_one(plugin, rules, job, i) for i in range(start, stop)]


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


def _check(
    game: str, games: int, players: int, bots: Sequence[str], variant: str | None, workers: int
) -> tuple[GamePlugin[Any, Any, Any], Any, tuple[str, ...]]:
    """Refuse a bad run before any process starts; return the plugin, rules and one
    bot name per seat."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise SimulationError(f"the number of games must be a whole number >= 0, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be a whole number >= 1, not {workers!r}")
    # Looked up afresh, not from the workers' cache: VNCARDS_PLUGINS may have changed.
    plugin = load_game(game)
    rules = resolve_rules(plugin, variant)
    lo, hi = plugin.player_range(rules)
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        where = f"variant {variant!r}" if variant else "its default rules"
        raise RulesError(
            f"{plugin.name} under {where} is played by {lo} to {hi} players, not {players!r}"
        )
    names = (bots,) if isinstance(bots, str) else tuple(bots)
    if len(names) == 1:
        names = names * players
    elif len(names) != players:
        raise SimulationError(
            f"give one bot for every seat or one for all: {len(names)} bots for {players} players"
        )
    unknown = sorted({b for b in names if b not in plugin.bots})
    if unknown:
        known = ", ".join(plugin.bots) or "none"
        raise PluginError(
            f"{plugin.name} has no bot {', '.join(map(repr, unknown))} (known: {known})"
        )
    return plugin, rules, names


def simulate(
    game: str,
    *,
    games: int,
    players: int,
    bots: Sequence[str],
    variant: str | None = None,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play ``games`` bot games and summarise each, in game order.

    ``game`` is an installed game's name or a ``"module:attribute"`` plugin reference.
    ``bots`` names one bot per seat, or one name for every seat. ``workers > 1`` plays
    in that many processes; ``scheduler="tcp://HOST:PORT"`` plays on that Dask cluster
    (needs ``vncards-cli[dask]``, and the same vncards packages on every worker).
    ``progress(k)`` is called in this process each time ``k`` more games are done.
    The result depends only on the game, variant, players, bots and seed.

    Raises :class:`~vncards.core.PluginError` (unknown game or bot),
    :class:`~vncards.core.RulesError` (unknown variant, a player count the rules do not
    allow) or :class:`SimulationError` before any game is played.

    >>> simulate("vncards.core:RandomBot", games=1, players=2, bots=["random"])
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: 'vncards.core:RandomBot' is not a game plugin: ...
    """
    plugin, rules, names = _check(game, games, players, bots, variant, workers)
    job = _Job(_reference(game, plugin), variant, players, names, seed, keep_records)
    if games == 0:
        return []
    if scheduler is not None:
        return _on_dask(job, games, scheduler, progress)
    if workers == 1:
        out: list[GameSummary] = []
        for start, stop in _chunks(games, math.ceil(games / _LOCAL_CHUNK)):
            out.extend(_play_one(plugin, rules, job, i) for i in range(start, stop))
            if progress is not None:
                progress(stop - start)
        return out
    return _on_processes(
        job,
        games,
        workers,
        progress,
        lambda lo, hi: [_play_one(plugin, rules, job, i) for i in range(lo, hi)],
    )


def _on_processes(
    job: _Job,
    games: int,
    workers: int,
    progress: Callable[[int], None] | None,
    local: Callable[[int, int], list[GameSummary]],
) -> list[GameSummary]:
    """Play the chunks in ``workers - 1`` spawned processes and in this one.

    The pool takes chunks from the front; this process, which needs no start-up, takes
    them from the back for as long as the pool has not reached them. Where a chunk is
    played changes nothing in it, so the split never shows in the result.
    """
    chunks = _chunks(games, workers * _CHUNKS_PER_WORKER)
    results: list[list[GameSummary] | None] = [None] * len(chunks)
    # Spawned workers start clean and find the game by its name or reference, with
    # this process's sys.path, so a "module:attribute" game importable here is there too.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers - 1, mp_context=context) as pool:
        # The pool spawns its processes during the first submits.
        with _main_script_hidden(job.game):
            futures = [pool.submit(_run_chunk, job, start, stop) for start, stop in chunks]
        reported: set[int] = set()

        def report() -> None:
            for k, f in enumerate(futures):
                if k not in reported and f.done() and not f.cancelled():
                    results[k] = f.result()
                    reported.add(k)
                    if progress is not None:
                        progress(chunks[k][1] - chunks[k][0])

        try:
            for k in reversed(range(len(chunks))):
                if not futures[k].cancel():
                    break
                results[k] = local(*chunks[k])
                reported.add(k)
                if progress is not None:
                    progress(chunks[k][1] - chunks[k][0])
                report()
            while len(reported) < len(chunks):
                wait(
                    [f for k, f in enumerate(futures) if k not in reported],
                    return_when=FIRST_COMPLETED,
                )
                report()
        except BaseException:
            for f in futures:
                f.cancel()
            raise
    return [s for chunk in results if chunk is not None for s in chunk]


@contextmanager
def _main_script_hidden(game: str) -> Iterator[None]:
    """Keep spawned workers from re-running the caller's main script.

    A spawned process normally imports the parent's ``__main__`` again; for the
    ``vncards`` command that is the whole CLI, which doubles a worker's start-up, and a
    script without an ``if __name__ == "__main__":`` guard would start workers of its
    own. Workers only need :func:`_run_chunk`, so while they are spawned the main
    module does not say where it came from, unless the game itself lives there.
    """
    main = sys.modules.get("__main__")
    if main is None or game.partition(":")[0] == "__main__":
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


def _on_dask(
    job: _Job, games: int, scheduler: str, progress: Callable[[int], None] | None
) -> list[GameSummary]:
    try:
        # Imported by name so that Dask stays optional and its untyped API stays Any.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SimulationError(
            'running on a Dask cluster needs Dask: pip install "vncards-cli[dask]"'
        ) from None
    try:
        client = distributed.Client(scheduler, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise SimulationError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        threads = sum(client.nthreads().values()) or 1
        chunks = _chunks(games, threads * _CHUNKS_PER_WORKER)
        futures = [
            client.submit(_run_chunk, job, start, stop, pure=False) for start, stop in chunks
        ]
        where = {f.key: k for k, f in enumerate(futures)}
        results: list[list[GameSummary]] = [[] for _ in chunks]
        with client.as_current():
            for f in distributed.as_completed(futures):
                try:
                    chunk = f.result()
                except (ImportError, PluginError) as e:
                    raise SimulationError(
                        f"a Dask worker could not load {job.game!r} ({e}); every worker needs"
                        " the same vncards packages, and the game's module, as this machine"
                    ) from None
                results[where[f.key]] = chunk
                if progress is not None:
                    progress(len(chunk))
        return [s for part in results for s in part]
    finally:
        client.close()
