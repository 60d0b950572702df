"""What every command shares: finding games, reading options and card lists, printing.

Commands know games only through the plugin protocol (:mod:`vncards.core`), so a game
from another package appears in every command without any change here.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import warnings
from collections.abc import Iterator, Sequence
from typing import IO, Any, TextIO

from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderHook, RenderResult
from rich.errors import MarkupError
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text
from vncards.core import (
    GamePlugin,
    PluginError,
    RulesBase,
    SplitsCardLists,
    VncardsError,
    discover_games,
    resolve_rules,
    split_card_list,
)

__all__ = [
    "InputError",
    "OutputError",
    "SafeConsole",
    "answers_only_on_stdout",
    "card_tokens",
    "complete_game",
    "console",
    "emit_json",
    "err_console",
    "find_game",
    "get_plugin",
    "installed_games",
    "json_stream",
    "parse_rule_settings",
    "plain",
    "rules_for",
    "untrusted",
]

# C0 and C1 controls (ESC starts terminal sequences: titles, clearing the screen, links),
# DEL, and the Unicode line separators and direction overrides that reorder a line
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_LINE_BREAK = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _visible(m: re.Match[str]) -> str:
    return m.group().encode("unicode_escape").decode("ascii")


def plain(text: object) -> str:
    """Untrusted text (a player's name, a plugin's title, a message echoing either) as one
    line that shows literally: control characters (line breaks and escapes too) written
    as ``\\x1b``-style escapes. For :class:`~rich.text.Text` and ``markup=False``.

    >>> plain("An\\x1b]0;pwned\\x07\\nEvery action is legal.")
    'An\\\\x1b]0;pwned\\\\x07\\\\nEvery action is legal.'
    """
    return _LINE_BREAK.sub(_visible, str(text))


def untrusted(text: object) -> str:
    """Untrusted text to put inside a markup string: :func:`plain`, then Rich markup
    escaped, so ``[bold]An[/bold]`` prints as written.

    >>> untrusted("[bold]An[/bold]")
    '\\\\[bold]An\\\\[/bold]'
    """
    return escape(plain(text))


_json_out: list[TextIO] = []


@contextlib.contextmanager
def answers_only_on_stdout() -> Iterator[None]:
    """Inside, whatever else prints to standard output (a plugin's ``print``) goes to
    standard error instead, and only :data:`console` and :func:`json_stream` write to
    the real standard output: a ``--json`` answer is never mixed with other text.

    >>> import io
    >>> out, err = io.StringIO(), io.StringIO()
    >>> with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    ...     with answers_only_on_stdout():
    ...         print("hello from a plugin")
    ...         emit_json({"ok": True})
    >>> out.getvalue(), err.getvalue()
    ('{\\n  "ok": true\\n}\\n', 'hello from a plugin\\n')
    """
    _json_out.append(sys.stdout)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        _json_out.pop()


class OutputError(Exception):
    """The standard output cannot be written: closed, a full device, a reader gone
    (exit code 3, a failure of the machine rather than of the input)."""


def json_stream() -> TextIO:
    """Where JSON answers are written: standard output (as it was when
    :func:`answers_only_on_stdout` was entered, if it was); :class:`OutputError` when
    there is none (the command was started with its standard output closed)."""
    out = _json_out[-1] if _json_out else sys.stdout
    if out is None:
        raise OutputError("the standard output is closed: nothing can be written")
    return out


class _Clean:
    """Renders a renderable with every control character of its text made visible, so
    no printer can send a terminal sequence that came from input."""

    def __init__(self, renderable: Any) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.renderable, options):
            if segment.control or not _CONTROL.search(segment.text):
                yield segment
            else:
                yield Segment(_CONTROL.sub(_visible, segment.text), segment.style)


class _CleanHook(RenderHook):
    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [_Clean(r) for r in renderables]


class SafeConsole(Console):
    """The console every command prints through: where text meets the terminal.

    Text whose markup does not parse (an untrusted ``[/]``) is printed as written instead
    of raising, and control characters in any printed text are shown as escapes instead
    of reaching the terminal (the printers escape untrusted text with :func:`untrusted`
    or :func:`plain` besides).

    >>> c = SafeConsole(width=40, force_terminal=False)
    >>> with c.capture() as cap:
    ...     c.print("[/] An\\x1b[2J")
    >>> cap.get()
    '[/] An\\\\x1b[2J\\n'
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.push_render_hook(_CleanHook())

    @property
    def file(self) -> IO[str]:
        """Standard output as :func:`answers_only_on_stdout` keeps it, unless a file was given."""
        if self._file is None and not self.stderr and _json_out:
            return _json_out[-1]
        return super().file

    @file.setter
    def file(self, new_file: IO[str]) -> None:
        self._file = new_file

    def on_broken_pipe(self) -> None:
        """The reader of the output went away: the command's one-line error (exit 3),
        not Rich's silent exit 1."""
        raise OutputError("the output was closed before everything was written")

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """Markup as usual; text whose markup does not parse, literally."""
        try:
            return super().render_str(text, **kwargs)
        except MarkupError:
            return super().render_str(text, **{**kwargs, "markup": False})


console = SafeConsole(highlight=False)
"""Readable output (colour only on a terminal)."""
err_console = SafeConsole(stderr=True, highlight=False)
"""Warnings and the one-line error messages."""


class InputError(VncardsError):
    """An option value or input the command cannot use (exit code 2)."""


def installed_games() -> dict[str, GamePlugin[Any, Any, Any]]:
    """Every game that loads, by name; a plugin that does not load is named on stderr."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = discover_games()
    for w in caught:
        err_console.print(f"vncards: warning: {plain(w.message)}", markup=False, soft_wrap=True)
    return games


def complete_game(incomplete: str) -> list[str]:
    """Shell completion for a game argument: installed game names starting with
    ``incomplete`` (broken plugins are skipped quietly here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        names = list(discover_games())
    return [n for n in names if n.startswith(incomplete)]


def get_plugin(name: str, *, allow_reference: bool = True) -> GamePlugin[Any, Any, Any]:
    """The installed game ``name``, or the plugin object a ``module:attribute`` reference
    names (a game not installed as an entry point); :class:`PluginError` otherwise.

    ``allow_reference=False`` accepts installed games only: a name that comes from
    untrusted input (a record's ``game``) must never import a module.

    >>> get_plugin("no-such-game")
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: unknown game 'no-such-game' (installed: ...)
    """
    if ":" in name and allow_reference:
        from vncards.cli.sim import load_game

        return load_game(name)
    return find_game(installed_games(), name)


def find_game(games: dict[str, GamePlugin[Any, Any, Any]], name: str) -> GamePlugin[Any, Any, Any]:
    """The game ``name`` among ``games``; :class:`PluginError` naming the known ones.

    >>> find_game({}, "tienlen")
    Traceback (most recent call last):
    ...
    vncards.core._errors.PluginError: unknown game 'tienlen' (installed: none)
    """
    try:
        return games[name]
    except KeyError:
        known = ", ".join(games) or "none"
        raise PluginError(f"unknown game {name!r} (installed: {known})") from None


def rules_for(
    plugin: GamePlugin[Any, Any, Any],
    variant: str | None,
    overrides: dict[str, Any] | None = None,
) -> RulesBase:
    """The rules of ``variant`` (the game's default preset when ``None``), with single
    settings overridden."""
    rules: RulesBase = resolve_rules(plugin, variant, overrides)
    return rules


_RULE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$", re.DOTALL)


def parse_rule_settings(values: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` settings from the command line; a value reads as JSON when it can
    (``20``, ``true``, ``"x"``), else as the text it is.

    >>> parse_rule_settings(["chop_two=20", "first_lead=random", "den=false"])
    {'chop_two': 20, 'first_lead': 'random', 'den': False}
    >>> parse_rule_settings(["chop_two"])
    Traceback (most recent call last):
    ...
    vncards.cli._common.InputError: a rule setting is KEY=VALUE, not 'chop_two'
    """
    out: dict[str, Any] = {}
    for value in values:
        m = _RULE.match(value)
        if m is None:
            raise InputError(f"a rule setting is KEY=VALUE, not {value!r}")
        key, raw = m.group(1), m.group(2).strip()
        try:
            out[key] = json.loads(raw)
        except ValueError:
            out[key] = raw
    return out


def card_tokens(plugin: object, values: Sequence[str]) -> list[str]:
    """Card tokens from command-line values, each value split as the game's notation
    says (:class:`~vncards.core.SplitsCardLists`), else as French cards: commas always
    separate, spaces only when every piece is a short card.

    >>> card_tokens(object(), ["8S 8H", "10 cơ, J cơ"])
    ['8S', '8H', '10 cơ', 'J cơ']
    """
    out: list[str] = []
    for value in values:
        if isinstance(plugin, SplitsCardLists):
            out.extend(plugin.split_card_list(value))
        else:
            out.extend(split_card_list(value))
    return out


def emit_json(data: Any) -> None:
    """Print ``data`` as JSON on stdout (UTF-8, no ASCII escapes)."""
    out = json_stream()
    out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    out.flush()
