"""The worker processes of :mod:`vncards.core.simulate._pool`: each does the chunks it
is sent until its pipe closes, and ends with the process that started it.

A module of its own, imported by its full name, so that a worker process started by
``spawn`` always finds its entry point, however the pool's module was imported.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["worker_main"]


def worker_main(conn: Connection, parent: int) -> None:
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
