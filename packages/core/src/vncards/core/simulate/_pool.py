"""The worker pool: chunks of work in spawned worker processes and in this one, put
back in index order, a worker that dies replaced once (with a
:class:`~vncards.core.simulate.SimulationWarning`), no worker outliving the run.

>>> run_chunks(range, 4) == [0, 1, 2, 3]
True
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as _connection_wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, NamedTuple, TypeVar

from vncards.core.simulate._dask import on_dask
from vncards.core.simulate._errors import SimulationError, SimulationWarning
from vncards.core.simulate._split import (
    _AHEAD_PER_WORKER,
    _CHUNKS_PER_WORKER,
    _STREAM_CHUNK,
    _Tasks,
)
from vncards.core.simulate._worker import worker_main

__all__ = ["run_chunks"]


class _Work(NamedTuple):
    """Indices ``0`` to ``size - 1`` to do: ``func(start, stop)`` in a worker process
    (sent pickled), ``local(start, stop)`` in this one (the same answer)."""

    func: Callable[[int, int], Sequence[Any]]
    size: int
    local: Callable[[int, int], Sequence[Any]]


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
    scheduler: str | None = None,
    dask_timeout: float | None = None,
) -> list[_T]:
    """``func(start, stop)`` over the indices ``0`` to ``count - 1`` cut into contiguous
    ranges, the answers put together in index order: the worker pool of
    :func:`~vncards.core.simulate.play_games`, for any work whose part for an index
    depends on that index alone; with ``scheduler="tcp://HOST:PORT"``, the chunks are
    tasks of that Dask cluster instead (see
    :func:`~vncards.core.simulate._dask.on_dask`; ``dask_timeout`` bounds
    every wait on it).

    ``func`` is sent to spawned worker processes pickled (a module-level function, or a
    :func:`functools.partial` of one with picklable arguments); it returns what the
    indices ``start`` to ``stop - 1`` came to, as a sequence (of any length). The
    result is then the same whatever ``workers`` is. ``workers > 1`` works in that many
    processes, this one included (at most one per CPU unless ``force_workers``);
    ``progress(k)`` is called in this process each time ``k`` more indices are done.
    A worker process that dies has its range done again by a new one, with a
    :class:`~vncards.core.simulate.SimulationWarning`; if that one dies too,
    :class:`~vncards.core.simulate.SimulationError` ends the
    run (messages name the indices as ``unit``: with ``"deal"``, "deals 3 to 5"). No
    worker outlives the call.

    >>> run_chunks(range, 10, workers=2, force_workers=True) == list(range(10))
    True
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise SimulationError(f"the count must be a whole number >= 0, not {count!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be a whole number >= 1, not {workers!r}")
    if scheduler is not None:
        what = f"the code of these {unit}s"
        return on_dask(func, count, scheduler, progress=progress, timeout=dask_timeout, what=what)
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
    pool = _Pool(jobs, workers, progress, on_game, unit=unit, uses_main=uses_main)
    try:
        pool.run()
    finally:
        pool.close()
    return pool.collected()


class _Pool:
    """The state of one :func:`_on_processes` run: the chunks (tasks), the worker
    processes and their pipes, which task each worker plays, the finished chunks."""

    def __init__(
        self,
        jobs: Sequence[_Work],
        workers: int,
        progress: Callable[[int], None] | None,
        on_game: Callable[[Any], None] | None,
        *,
        unit: str,
        uses_main: bool,
    ) -> None:
        shares = []
        for _, games, _ in jobs:
            share = max(1, round(workers * _CHUNKS_PER_WORKER / len(jobs)))
            if on_game is not None:
                share = max(share, math.ceil(games / _STREAM_CHUNK))
            shares.append(share)
        self.jobs, self.progress, self.on_game = jobs, progress, on_game
        self.unit, self.uses_main = unit, uses_main
        self.tasks = _Tasks([games for _, games, _ in jobs], shares)
        # finished chunks by task; with on_game each is dropped once handed on
        self.results: dict[int, Sequence[Any]] = {}
        self.n = max(1, min(workers - 1, len(self.tasks)))
        self.ahead = _AHEAD_PER_WORKER * (self.n + 1)
        # Spawned workers start clean and find the game by its name or reference, with
        # this process's sys.path, so a "module:attribute" game importable here is there.
        self.context = multiprocessing.get_context("spawn")
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        self.retried: set[int] = set()  # tasks already given to a new worker once
        self.played = 0  # games finished
        self.emitted = 0  # with on_game: tasks[:emitted] were handed on and dropped
        self.front, self.back = 0, len(self.tasks)  # tasks[front:back] not handed out yet
        self.busy: dict[int, int] = {}  # worker -> the task it plays

    def start(self, w: int) -> None:
        """Start worker ``w`` (a new one in its place when it is there already)."""
        ours, theirs = self.context.Pipe()
        with _main_script_hidden(not self.uses_main), _sigint_held():
            proc = self.context.Process(target=worker_main, args=(theirs, os.getpid()), daemon=True)
            proc.start()
        theirs.close()
        if w < len(self.procs):
            self.procs[w], self.conns[w] = proc, ours
        else:
            self.procs.append(proc)
            self.conns.append(ours)

    def games_in(self, k: int) -> str:
        j, lo, hi = self.tasks[k]
        where = f" of run {j + 1}" if len(self.jobs) > 1 else ""
        unit = self.unit
        return (f"{unit} {lo}" if hi - lo == 1 else f"{unit}s {lo} to {hi - 1}") + where

    def give(self, w: int, k: int) -> None:
        """Send task ``k`` to worker ``w``; a worker found dead here is lost with it."""
        j, lo, hi = self.tasks[k]
        self.busy[w] = k
        try:
            self.conns[w].send((self.jobs[j].func, lo, hi))
        except OSError:  # its end of the pipe is gone: it died
            del self.busy[w]
            self.lost(w, k)

    def hand_out(self, w: int) -> None:
        if self.front < self.back:
            self.front += 1
            self.give(w, self.front - 1)

    def done(self, k: int, chunk: Sequence[Any]) -> None:
        self.results[k] = chunk
        _, lo, hi = self.tasks[k]
        self.played += hi - lo
        if self.on_game is not None:
            while self.emitted in self.results:
                for summary in self.results.pop(self.emitted):
                    self.on_game(summary)
                self.emitted += 1
        if self.progress is not None:
            self.progress(hi - lo)

    def lost(self, w: int, k: int) -> None:
        """Worker ``w`` died playing task ``k``: a new worker plays it again, once."""
        proc = self.procs[w]
        proc.join(5)  # its pipe closed as it ended; the exit code follows at once
        how = _how(proc.exitcode)
        if proc.is_alive():  # alive with its pipe closed: it cannot be used
            proc.kill()
            proc.join()
        with contextlib.suppress(OSError):
            self.conns[w].close()
        if k in self.retried:
            total = sum(games for _, games, _ in self.jobs)
            self.fail(
                k,
                f"a worker process stopped ({how}) while playing {self.games_in(k)}, as did"
                f" the new worker process given them again; the run was ended with"
                f" {self.played} of {total} {self.unit}s played",
            )
        self.retried.add(k)
        _, lo, hi = self.tasks[k]
        warnings.warn(
            f"worker process {w + 1} stopped ({how}) while playing {self.games_in(k)};"
            f" a new worker process plays {'it' if hi - lo == 1 else 'them'} again",
            SimulationWarning,
            stacklevel=2,
        )
        self.start(w)
        self.give(w, k)

    def fail(self, k: int, message: str) -> None:
        """End the run on task ``k``: with on_game, the chunks before it that workers
        are playing are waited for, so that every game up to it is handed on."""
        if self.on_game is not None:
            for w, t in sorted(self.busy.items(), key=lambda item: item[1]):
                if t > k:
                    break
                del self.busy[w]
                try:
                    status, payload = self.conns[w].recv()
                except (EOFError, OSError):
                    continue
                if status == "ok":
                    self.done(t, payload)
        raise SimulationError(message)

    def run(self) -> None:
        """Start the workers and play every chunk."""
        for w in range(self.n):
            self.start(w)
        for w in range(self.n):
            self.hand_out(w)
        streaming = self.on_game is not None
        # streaming, a finished chunk is dropped once handed on; otherwise kept to the end
        while (self.emitted if streaming else len(self.results)) < len(self.tasks):
            busy = self.busy
            watched = [self.conns[w] for w in busy] + [self.procs[w].sentinel for w in busy]
            ready = _connection_wait(watched, timeout=0)
            if not ready and self.play_here():
                continue
            if not ready:
                ready = _connection_wait(watched)
            for w in list(busy):
                if self.conns[w] in ready or self.procs[w].sentinel in ready:
                    self.answered(w)

    def play_here(self) -> bool:
        """Play a chunk in this process, if one may be: from the back, or streaming the
        next one in order (so that few finished chunks wait for an earlier one), at most
        a few chunks ahead of the first unfinished one."""
        if self.front >= self.back:
            return False
        if self.on_game is not None:
            if self.front >= self.emitted + self.ahead:
                return False
            k = self.front
            self.front += 1
        else:
            self.back -= 1
            k = self.back
        j, lo, hi = self.tasks[k]
        self.done(k, self.jobs[j].local(lo, hi))
        return True

    def answered(self, w: int) -> None:
        """Read worker ``w``'s answer (or learn that it died) and give it the next task."""
        k = self.busy.pop(w)
        try:
            status, payload = self.conns[w].recv()
        except (EOFError, OSError):  # it died, perhaps while sending its answer
            self.lost(w, k)
            return
        if status != "ok":
            self.fail(k, f"a worker process failed: {payload}")
        self.done(k, payload)
        self.hand_out(w)

    def close(self) -> None:
        """Close every pipe (a waiting worker reads its end and stops) and wait for the
        workers; one that does not stop is killed."""
        for conn in self.conns:
            with contextlib.suppress(OSError):
                conn.close()
        for proc in self.procs:
            proc.join(5)
            if proc.is_alive():
                proc.kill()
                proc.join()

    def collected(self) -> list[list[Any]]:
        """The finished chunks of each job, in order."""
        out: list[list[Any]] = [[] for _ in self.jobs]
        for k in sorted(self.results):
            out[self.tasks[k][0]].extend(self.results[k])
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
