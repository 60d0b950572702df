"""``vncards play``: a game (or a match) at the terminal against bots.

Everything here goes through the plugin protocol: the screen shows the human seat's
``view`` (its hand, the others' card counts, the table), the human's choices are the
``decision`` actions, typed cards are read by ``action_from_record``, a refused entry is
explained by the ``IllegalMove`` that ``why_illegal`` names (the one ``apply`` raises), and what
happens is announced from the events ``apply`` returns, as the human seat sees them.
Bots are handed their own seat's view. A game describes its table and its own events
through :class:`~vncards.core.DescribesPlay` and how its cards look through
:class:`~vncards.core.ShowsCards`; without them the screen writes public values and
events from their JSON form and draws French cards. A game whose moves are typed in a
form of its own (a whole arrangement) reads them itself through
:class:`~vncards.core.ReadsMoves`, and offers a short hint through
:class:`~vncards.core.SuggestsMoves` instead of its full list of legal moves.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text
from typer import _click as click  # the click typer is built on (its own copy)
from vncards.cli._common import (
    InputError,
    complete_game,
    console,
    get_plugin,
    plain,
    rules_for,
    untrusted,
)
from vncards.cli._display import outcome_text, payments_table, transfer_text
from vncards.cli._files import OutputFile
from vncards.cli._frame import help_text, notation_examples, say
from vncards.cli._help import HelpCommand
from vncards.cli._queries import default_players
from vncards.cli._simulate import DEFAULT_THINK, bot_names
from vncards.cli._turn import (
    HUMAN,
    HUMAN_VI,
    PlayerQuitError,
    Sitting,
    human_turn,
)
from vncards.core import (
    Event,
    PlayedGame,
    ReadsMoves,
    View,
    VncardsError,
    derive_seed,
    drive,
    record_game,
)
from vncards.core._search import make_bot

__all__ = ["BOT_NAMES", "PlayCommand", "help_text", "notation_examples", "play_command"]

BOT_NAMES = ("An", "Bình", "Chi", "Dũng", "Em", "Giang", "Hà", "Khánh")
_ARGS = "vncards.play.args"


class PlayCommand(HelpCommand):
    """``vncards play``, whose ``--help`` after a game's name (``play tusac --help``)
    ends with how that game's cards are typed."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Parse as usual, keeping the words typed (``--help`` stops before the game's
        name is read)."""
        ctx.meta[_ARGS] = list(args)
        return super().parse_args(ctx, args)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The help, with the named game's card examples as its epilog."""
        name = ctx.params.get("game")
        typed = [a for a in ctx.meta.get(_ARGS, []) if a not in ("--help", "-h")]
        if name is None and typed:
            try:
                with self.make_context(ctx.info_name, typed, resilient_parsing=True) as sub:
                    name = sub.params.get("game")
            except click.ClickException:
                pass
        plugin: object = object()
        title = ""
        if isinstance(name, str):
            try:
                plugin = get_plugin(name, allow_reference=False)
                title = f" for {escape(plain(plugin.title))}"
            except VncardsError:
                pass
        examples = " · ".join(f"[bold]{escape(e)}[/]" for e in notation_examples(plugin))
        saved = self.epilog
        self.epilog = (
            f"Cards{title} are typed like {examples}, or by their positions in your hand"
            " ([bold]1 2 3[/])."
            + ("" if title else " [bold]vncards play GAME --help[/] shows a game's own.")
        )
        if isinstance(plugin, ReadsMoves):  # the game's own form of a move
            self.epilog = escape(_as_prose(plugin.move_help))
        try:
            super().format_help(ctx, formatter)
        finally:
            self.epilog = saved


def _as_prose(lines: Sequence[str]) -> str:
    """A game's help lines as one paragraph: a line that ends a sentence without a stop
    gets one.

    >>> _as_prose(["draw or take: 9S", "On your last turn, meld (m alone: móm)", "then"])
    'draw or take: 9S. On your last turn, meld (m alone: móm) then'
    """
    out = ""
    for line in (line.strip() for line in lines):
        if out and line[:1].isupper() and out[-1] not in ".:;!?":
            out += "."
        out += (" " if out else "") + line
    return out


def _play_game(t: Sitting, rules: Any, seed: int, first: int | None) -> Any:
    plugin = t.plugin
    state = plugin.new_game(rules, len(t.names), seed, first=first)
    t.start, t.actions = state.copy(), []
    starter = plugin.record_deal(state).get("first")
    if starter is not None:
        verb = "first-you" if starter == t.human else "first"
        console.print(say(verb, t.vietnamese).format(who=t.names[starter]))
    t.announce(plugin.view(state, t.human).history)  # what the deal itself caused
    seats = _Seats(t, state)
    drive(plugin, state, seats, keep=t.actions, on_action=seats.applied)
    return state


class _Seats:
    """Every seat's chooser in core's loop: the human at the prompt, each other seat's
    bot from its view. The human seat's view before each action is kept, so that what
    changed around the action is said after it."""

    def __init__(self, t: Sitting, state: Any) -> None:
        self.t = t
        self.state = state
        self.asked = t.human
        self.before: View | None = None

    @property
    def name(self) -> str:
        """Who was asked last (named in the refusal of a declined forced choice)."""
        t = self.t
        return t.names[self.asked] if self.asked == t.human else str(t.bots[self.asked].name)

    def __call__(self, state: Any, d: Any) -> Any:
        t = self.t
        self.asked = d.seat
        view = t.plugin.view(state, d.seat)
        if d.seat == t.human:
            choice = human_turn(t, state, view, d.actions, d.optional)
        else:
            choice = t.bots[d.seat].choose(view, d.actions, d.optional)
        if choice is not None:
            self.before = t.plugin.view(state, t.human)
        return choice

    def applied(self, action: Any, events: Sequence[Event]) -> None:
        """Announce what an action caused, as the human seat sees it."""
        t = self.t
        t.announce(events)
        assert self.before is not None
        t.between(self.before, t.plugin.view(self.state, t.human))


def _settle(t: Sitting, state: Any, number: int, games: int) -> Any:
    res = t.plugin.result(state)
    console.rule(style="dim")
    line = outcome_text(t.plugin, res, t.names, you=t.human, vietnamese=t.vietnamese)
    console.print(Text(line, style="bold green" if res.winner == t.human else "bold"))
    if res.transfers:
        console.print(say("payments", t.vietnamese))
    for tr in res.transfers:
        console.print(transfer_text(t.plugin, tr, t.names, you=t.human, vietnamese=t.vietnamese))
    for i, v in enumerate(res.payments):
        t.totals[i] += v
    vi = t.vietnamese
    columns: dict[str, Sequence[int]] = {say("this game", vi): list(res.payments)}
    if games > 1:
        columns[say("match total", vi)] = list(t.totals)
    title = say("settlement", vi)
    if games > 1:
        title += f" — {say('game', vi)} {number} {say('of', vi)} {games}"
    console.print(payments_table(title, t.names, columns, player=say("player", vi)))
    return res


def _again(vietnamese: bool) -> bool:
    """Whether the player wants another game (end of input: no)."""
    try:
        answer = console.input(say("again", vietnamese))
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes", "có", "co")


def _record_path(target: Path, number: int) -> Path:
    """Where the record of game ``number`` (1, 2, …) of single games played again goes:
    the file named, then ``NAME-2.json``, ``NAME-3.json`` beside it."""
    return target if number == 1 else target.with_stem(f"{target.stem}-{number}")


def _open_record(target: Path | None) -> OutputFile | None:
    """The record file, opened before any game is played (an unwritable place is said
    at once); it takes the target's place only once a record is whole."""
    return None if target is None else OutputFile(target, "the record")


def _save_record(
    t: Sitting,
    state: Any,
    variant: str | None,
    out: OutputFile,
    *,
    single: bool,
) -> None:
    """Write the finished game's record: the whole file for one game, a line of a match."""
    played = PlayedGame(t.start, t.actions, state)
    # play takes a preset and no single settings: the preset is the whole of the rules
    made = record_game(t.plugin, played, t.names, variant=variant)
    data = made.model_dump(mode="json", exclude_none=True)
    out.write(json.dumps(data, ensure_ascii=False, indent=2 if single else None) + "\n")


ThinkOpt = Annotated[
    float | None,
    typer.Option("--think", min=0.001, help="Seconds a searching bot thinks per decision (0.1)."),
]

RecordOpt = Annotated[
    Path | None,
    typer.Option(
        "--record",
        help="Save the game's record (JSON, as referee reads it); with --games, one"
        " record per game, one a line (JSON Lines), each written as its game ends.",
    ),
]


def play_command(
    game: Annotated[
        str,
        typer.Argument(
            help="Game name (or module:attribute of a plugin).",
            autocompletion=complete_game,
            is_eager=True,  # read before --help, which then shows the game's own examples
        ),
    ],
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="Preset of the game.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players.")
    ] = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat, 1 = first in turn order.")] = 1,
    bots: Annotated[
        str | None,
        typer.Option("--bots", "-b", help="Bots for the other seats, e.g. greedy,random."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed of the deal(s).")] = None,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Games in the match.")] = 1,
    vietnamese: Annotated[
        bool,
        typer.Option("--vi", help="In Vietnamese: the game's words and the cards' names (10 cơ)."),
    ] = False,
    think: ThinkOpt = None,
    record: RecordOpt = None,
) -> None:
    """Play a game (or a match) at the terminal against bots.

    With --games K the winner of each game acts first in the next, and the settlement
    shows running totals. Type ? at the prompt for help.
    """
    if sys.stdin is None or sys.stdin.closed:
        raise InputError("play needs a terminal to read your moves: standard input is closed")
    plugin = get_plugin(game)
    rules = rules_for(plugin, variant)
    n = players if players is not None else default_players(plugin, rules)
    lo, hi = plugin.player_range(rules)
    if not lo <= n <= hi:
        raise InputError(f"{plugin.name} is played by {lo} to {hi} players, not {n}")
    if not 1 <= seat <= n:
        raise InputError(f"--seat must be 1 to {n}, not {seat}")
    human = seat - 1
    think = DEFAULT_THINK if think is None else think
    # by default the game's strongest bot (its documented ``default_opponent``)
    others = bot_names(plugin, bots or getattr(plugin, "default_opponent", None), n - 1)
    chosen = seed if seed is not None else secrets.randbelow(2**32)
    names = list(BOT_NAMES[: n - 1])
    names.insert(human, HUMAN_VI if vietnamese else HUMAN)
    bot_seats = [s for s in range(n) if s != human]
    made = {
        s: make_bot(plugin.bots[name], derive_seed(chosen, 1000 + s), think=think)
        for s, name in zip(bot_seats, others, strict=True)
    }
    t = Sitting(plugin, names, human, made, vietnamese, [0] * n, rules=rules)
    strongest = getattr(plugin, "default_opponent", None)
    # the hint: the strongest bot, playing your seat
    if isinstance(strongest, str) and strongest in plugin.bots:
        t.hinter = make_bot(plugin.bots[strongest], derive_seed(chosen, 999), think=think)
    against = ", ".join(f"{names[s]} ({others[i]})" for i, s in enumerate(bot_seats))
    opening = say("opening", vietnamese).format(
        variant=untrusted(variant or plugin.default_preset), seed=chosen, bots=against
    )
    console.print(f"[bold]{untrusted(plugin.title)}[/] — {opening}")
    first: int | None = None
    out = _open_record(record)
    saved = 0
    written = False  # whether the open record file holds a finished game
    try:
        g = 0
        while g < games or (games == 1 and _again(vietnamese)):
            if games > 1:
                console.rule(say("game-of", vietnamese).format(number=g + 1, games=games))
            target = None if record is None else _record_path(record, 1 if games > 1 else g + 1)
            if g and games == 1 and out is not None:  # a game played again: its own file
                out.commit()
                out, written = _open_record(target), False
            state = _play_game(t, rules, derive_seed(chosen, g), first)
            res = _settle(t, state, g + 1, games)
            first = res.winner
            g += 1
            if out is not None:
                _save_record(t, state, variant, out, single=games == 1)
                saved, written = saved + 1, True
    except PlayerQuitError:
        console.print(say("bye", vietnamese))
    finally:
        if out is not None:  # the whole records in the target's place, or nothing
            out.commit() if written else out.discard()
    if record is not None and saved:
        _say_saved(record, saved, games, vietnamese)
    elif out is not None:
        console.print(say("no-record", vietnamese))


def _say_saved(record: Path, saved: int, games: int, vietnamese: bool) -> None:
    """Where the records went: one file, one a line, or a file each."""
    where = plain(str(record))
    key = "saved-one" if saved == 1 else "saved-lines"
    if games == 1 and saved > 1:  # games played again: one file each
        key, where = "saved-files", f"{where} … {_record_path(record, saved).name}"
    console.print(say(key, vietnamese).format(n=saved, where=where))
