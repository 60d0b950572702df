"""Chunks of work as tasks of a Dask cluster: the one place that imports Dask, which
stays optional (only a run given a scheduler needs it).

Every wait on the cluster is bounded (:data:`DASK_TIMEOUT`, or ``VNCARDS_DASK_TIMEOUT``):
reaching the scheduler, its first worker, a worker again when every one has left; a
failure is one :class:`~vncards.core.simulate.SimulationError`.

>>> _dask_timeout(2.5)
2.5
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import math
import os
import re
import socket
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from vncards.core._errors import PluginError
from vncards.core.simulate._errors import SimulationError
from vncards.core.simulate._split import (
    _AHEAD_PER_WORKER,
    _CHUNKS_PER_WORKER,
    _STREAM_CHUNK,
    _Tasks,
)

__all__ = ["DASK_TIMEOUT", "on_dask"]

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


_T = TypeVar("_T")


def on_dask(
    func: Callable[[int, int], Sequence[_T]],
    count: int,
    scheduler: str,
    *,
    progress: Callable[[int], None] | None = None,
    timeout: float | None = None,
    on_item: Callable[[_T], None] | None = None,
    what: str = "the work",
) -> list[_T]:
    """``func(start, stop)`` over the indices ``0`` to ``count - 1``, cut into chunks
    that are tasks of the Dask cluster at ``scheduler``, the answers in index order (as
    :func:`~vncards.core.simulate.run_chunks` gives them); with ``on_item`` each answer
    is handed to it in order instead, and none is kept (the list is empty).

    Every wait is bounded by ``timeout`` (default :data:`DASK_TIMEOUT`): reaching the
    scheduler, its first worker, and a worker again when every worker has left mid-run;
    a failure is one :class:`~vncards.core.simulate.SimulationError` (``what`` names
    what a worker could not load). A few chunks per worker thread are submitted at a
    time, from the first unfinished one on, so the futures and the finished chunks held
    stay few however large ``count`` (with ``on_item``, a chunk has at most
    ``_STREAM_CHUNK`` indices). Dask sends the tasks pickled: use it on a trusted
    network or over TLS (see the scaling page of the documentation).

    >>> on_dask(range, 3, "nowhere")
    Traceback (most recent call last):
    ...
    vncards.core.simulate._errors.SimulationError: 'nowhere' is not a Dask scheduler address ...
    """
    limit = _dask_timeout(timeout)
    distributed, client = _connect(scheduler, limit)
    try:
        try:
            client.wait_for_workers(1, timeout=limit)
        except Exception:
            raise SimulationError(
                f"the Dask scheduler at {scheduler} has no worker (waited {limit:g} s)"
            ) from None
        threads = sum((_workers_now(client, limit) or {}).values()) or 1
        share = threads * _CHUNKS_PER_WORKER
        if on_item is not None:
            share = max(share, math.ceil(count / _STREAM_CHUNK))
        tasks = _Tasks([count], [share])
        # Chunks are submitted a few per worker thread at a time, from the first
        # unfinished one on: the futures, and the finished chunks that wait for an
        # earlier one, stay few however many indices there are.
        results: dict[int, Sequence[_T]] = {}  # finished, not yet handed on
        where: dict[Any, int] = {}  # a pending future's key -> its task
        pending: set[Any] = set()
        first = 0  # tasks[:first] are finished (with on_item, handed on and dropped)
        submitted = 0
        seen_worker = time.monotonic()
        while first < len(tasks):
            while submitted < len(tasks) and submitted < first + _AHEAD_PER_WORKER * threads:
                _, lo, hi = tasks[submitted]
                future = client.submit(func, lo, hi, pure=False)
                where[future.key] = submitted
                pending.add(future)
                submitted += 1
            for f in _finished(distributed, client, pending, limit):
                pending.discard(f)
                chunk = _chunk_of(f, what, client, scheduler, limit)
                if chunk is None:  # its worker left before it was fetched: wait again
                    pending.add(f)
                    continue
                results[where.pop(f.key)] = chunk
                if progress is not None:
                    progress(len(chunk))
            while first in results:
                if on_item is not None:
                    for item in results.pop(first):
                        on_item(item)
                first += 1
            alive = _workers_now(client, limit)
            if alive:
                seen_worker = time.monotonic()
                threads = max(threads, sum(alive.values()))
            elif time.monotonic() - seen_worker > limit:
                raise SimulationError(_gone(client, scheduler, limit, alive is not None))
        return [item for k in sorted(results) for item in results[k]]
    finally:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            client.close(timeout=limit)


def _connect(scheduler: str, limit: float) -> tuple[Any, Any]:
    """Dask's ``distributed`` module and a client of the scheduler at ``scheduler``
    (``inproc://…``: a cluster inside this process), reached within ``limit`` seconds."""
    inproc = scheduler.startswith("inproc://")
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
    return distributed, client


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
    future: Any, what: str, client: Any, scheduler: str, limit: float
) -> Sequence[Any] | None:
    """The answers of a finished chunk, fetched within ``limit`` seconds (None when they
    could not be: the worker holding them left and the chunk is done again)."""
    try:
        chunk: Sequence[Any] = future.result(timeout=limit)
    except TimeoutError:
        return None
    except (ImportError, PluginError) as e:
        raise SimulationError(
            f"a Dask worker could not load {what} ({e}); every worker needs"
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
