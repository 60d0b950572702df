"""The ``vncards`` command: one Typer app whose commands reach games only through the
plugin protocol, so every installed game (a third party's too) works in every command.

Exit codes: 0 for an answered query (even "no"), 1 when the referee finds an illegal
action, 2 for input that cannot be read, 3 when the output cannot be written (an encoding
that lacks the cards' symbols, a closed pipe) — always one line on stderr, never a
traceback.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import typer
from typer.exceptions import Abort, TyperException
from vncards.cli._about import version_line
from vncards.cli._common import OutputError, answers_only_on_stdout, err_console, json_stream
from vncards.cli._compare import compare_command
from vncards.cli._help import HelpCommand, HelpGroup
from vncards.cli._play import PlayCommand, play_command
from vncards.cli._queries import (
    analyze_command,
    beats_command,
    classify_command,
    deal_command,
    games_command,
    moves_command,
    rules_command,
    schema_command,
)
from vncards.cli._referee import referee_command
from vncards.cli._runs import stops_in_one_line
from vncards.cli._serve import serve_command
from vncards.cli._simulate import simulate_command
from vncards.cli._tournament import tournament_command
from vncards.cli._train import train_command
from vncards.core import VncardsError

__all__ = ["app", "main"]

P = ParamSpec("P")
R = TypeVar("R")

UNREADABLE = 2
"""Exit code for input that cannot be read (and for a usage error)."""
UNWRITABLE = 3
"""Exit code when the output cannot be written: a failure of the machine, not of the input."""


def _fail(message: str, code: int = UNREADABLE) -> None:
    one_line = " ".join(str(message).split())
    err_console.print(f"vncards: error: {one_line}", markup=False, soft_wrap=True)
    sys.exit(code)


class _OneLineErrors(HelpGroup):
    """Turns every failure into one line on stderr and an exit code."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except TyperException as e:
            _fail(e.format_message(), e.exit_code)
        except Abort:
            _fail("aborted", 1)
        except VncardsError as e:
            _fail(str(e))
        except UnicodeEncodeError as e:
            _fail(
                f"cannot write the output in the {e.encoding} encoding"
                " (set PYTHONIOENCODING=utf-8)",
                UNWRITABLE,
            )
        except OutputError as e:
            _stdout_silenced()
            _fail(str(e), UNWRITABLE)
        except BrokenPipeError:
            _stdout_silenced()
            _fail("the output was closed before everything was written", UNWRITABLE)
        except (ValueError, KeyError, OSError) as e:
            _fail(str(e) or type(e).__name__)
        except Exception as e:
            _fail(f"unexpected {type(e).__name__}: {e}")
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    name="vncards",
    cls=_OneLineErrors,
    help="Vietnamese card games: every installed game (vncards games lists them).",
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False,
        "--version",
        "-V",
        callback=_show_version,
        is_eager=True,
        help="Print the version, and whether the compiled build is in use, and exit.",
    ),
) -> None:
    """Vietnamese card games: every installed game (vncards games lists them)."""
    if ctx.invoked_subcommand is None:
        # bare ``vncards``: the help, and success
        typer.echo(ctx.get_help())
        raise typer.Exit()


_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
"""Errors of a write that ran out of room: on standard output, exit code 3."""


def _stdout_silenced() -> None:
    """After standard output failed: what is still buffered for it goes nowhere, so
    that Python's last flush at exit neither fails again nor prints a second message."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


def _answers_only(command: Callable[P, R]) -> Callable[P, R]:
    """``command`` run with standard output kept for its answers (text a plugin prints
    goes to standard error, so it never mixes with, and corrupts, a ``--json`` answer),
    and stopped by Ctrl-C with one line and exit code 130."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        json_stream()  # a closed standard output is said before any work
        try:
            with answers_only_on_stdout(), stops_in_one_line():
                result = command(*args, **kwargs)
                json_stream().flush()  # a full device says so now, not at exit
        except OSError as e:
            if e.errno == errno.EPIPE:
                raise OutputError("the output was closed before everything was written") from None
            if e.errno in _FULL:
                raise OutputError(f"cannot write the output: {e.strerror}") from None
            raise
        return result

    return run


app.command("games", cls=HelpCommand)(_answers_only(games_command))
app.command("rules", cls=HelpCommand)(_answers_only(rules_command))
app.command("classify", cls=HelpCommand)(_answers_only(classify_command))
app.command("beats", cls=HelpCommand)(_answers_only(beats_command))
app.command("moves", cls=HelpCommand)(_answers_only(moves_command))
app.command("deal", cls=HelpCommand)(_answers_only(deal_command))
app.command("referee", cls=HelpCommand)(_answers_only(referee_command))
app.command("analyze", cls=HelpCommand)(_answers_only(analyze_command))
app.command("schema", cls=HelpCommand)(_answers_only(schema_command))
app.command("simulate", cls=HelpCommand)(_answers_only(simulate_command))
app.command("compare", cls=HelpCommand)(_answers_only(compare_command))
app.command("tournament", cls=HelpCommand)(_answers_only(tournament_command))
app.command("train", cls=HelpCommand)(_answers_only(train_command))
app.command("play", cls=PlayCommand)(play_command)
app.command("serve", cls=HelpCommand)(serve_command)


def main() -> None:
    """Run the command line (the ``vncards`` script)."""
    app(prog_name="vncards")
