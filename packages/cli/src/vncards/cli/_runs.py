"""What the commands that play many games (``simulate``, ``compare``, ``tournament``)
share while they run: what the run mends on its way said in one line, and ``kill``
(SIGTERM) taken as Ctrl-C, so that a run stopped either way cleans up the same way.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import warnings
from collections.abc import Iterator
from types import FrameType
from typing import TextIO

import typer
from vncards.cli._common import err_console, plain
from vncards.core.simulate import SimulationWarning

__all__ = ["STOPPED", "sigterm_as_interrupt", "stops_in_one_line", "warnings_as_lines"]

STOPPED = 130
"""Exit code of a command stopped by Ctrl-C (or SIGTERM while it plays games), as a
shell gives a process ended by SIGINT."""


@contextlib.contextmanager
def stops_in_one_line() -> Iterator[None]:
    """Ctrl-C inside (or SIGTERM, under :func:`sigterm_as_interrupt`) ends the command
    with one line on stderr and exit code :data:`STOPPED`; worker processes ignore the
    signal, so this line is the only one.

    >>> import typer
    >>> try:
    ...     with err_console.capture() as cap, stops_in_one_line():
    ...         raise KeyboardInterrupt
    ... except typer.Exit as e:
    ...     print(e.exit_code, cap.get().strip())
    130 vncards: stopped (interrupted) before the command was done
    """
    try:
        yield
    except KeyboardInterrupt:
        err_console.print(
            "vncards: stopped (interrupted) before the command was done",
            markup=False,
            soft_wrap=True,
        )
        raise typer.Exit(STOPPED) from None


@contextlib.contextmanager
def warnings_as_lines() -> Iterator[None]:
    """Show each warning raised inside (a :class:`SimulationWarning` every time, such as
    a worker process that stopped and whose games are played again) as one
    ``vncards: warning:`` line on stderr, not as Python's two lines with a source line.

    >>> import warnings
    >>> with err_console.capture() as cap, warnings_as_lines():
    ...     warnings.warn("worker process 1 stopped (killed by SIGKILL)", SimulationWarning)
    >>> cap.get()
    'vncards: warning: worker process 1 stopped (killed by SIGKILL)\\n'
    """

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        err_console.print(f"vncards: warning: {plain(str(message))}", markup=False, soft_wrap=True)

    with warnings.catch_warnings():
        warnings.simplefilter("always", SimulationWarning)
        warnings.showwarning = show
        yield


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Inside, SIGTERM (``kill PID``) raises :class:`KeyboardInterrupt` in the main
    thread, as Ctrl-C does, so the run stops the same way: its worker processes are
    ended, the finished games are kept and no temporary file is left. A further SIGTERM
    while the run winds up is ignored, so that the clean-up is not cut short (SIGKILL
    still ends the process at once). The handler that was there before is put back on
    the way out. Outside the main thread, where no handler can be set, this does nothing.

    >>> import signal
    >>> before = signal.getsignal(signal.SIGTERM)
    >>> try:
    ...     with sigterm_as_interrupt():
    ...         signal.raise_signal(signal.SIGTERM)
    ... except KeyboardInterrupt:
    ...     print("stopped as by Ctrl-C")
    stopped as by Ctrl-C
    >>> signal.getsignal(signal.SIGTERM) is before
    True
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        if stopping:
            return
        stopping = True
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
