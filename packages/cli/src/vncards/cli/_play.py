"""``vncards play``: a game (or a match) at the terminal against bots.

Everything here goes through the plugin protocol: the screen shows the human seat's
``view`` (its hand, the others' card counts, the table), the human's choices are the
``decision`` actions, typed cards are read by ``action_from_record``, a refused entry is
explained by the ``IllegalMove`` that ``apply`` raises on a copy of the state, and what
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
import re
import secrets
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from typer import _click as click  # the click typer is built on (its own copy)
from typer.core import TyperCommand
from vncards.cli._common import (
    InputError,
    card_tokens,
    cards_for,
    complete_game,
    console,
    get_plugin,
    plain,
    rules_for,
    untrusted,
)
from vncards.cli._display import (
    event_text,
    payments_table,
    table_lines,
    transfers_table,
    words_text,
)
from vncards.cli._files import OutputFile
from vncards.cli._queries import default_players
from vncards.cli._referee import describe_action
from vncards.cli._simulate import bot_names
from vncards.core import (
    Event,
    ExplainsNotation,
    GamePlugin,
    IllegalMove,
    PlayedGame,
    ReadsMoves,
    RecordAction,
    SuggestsMoves,
    View,
    VncardsError,
    WarnsOfPenalties,
    derive_seed,
    record_game,
)
from vncards.core._search import make_bot

__all__ = ["BOT_NAMES", "PlayCommand", "help_text", "notation_examples", "play_command"]

BOT_NAMES = ("An", "Bình", "Chi", "Dũng", "Em", "Giang", "Hà", "Khánh")
_HUMAN = "You"

_FRENCH_EXAMPLES = ("3s 4s 5h", "10 cơ", "3♠,4♠")
_HELP = """\
Type the cards to play, in any notation: {examples} —
or their positions in your hand: [bold]1 2 3[/].
  [bold]p[/]        pass (or decline an optional choice)
  [bold]d[/]        draw from the stock (where the game has one)
  [bold]t CARDS[/]  take the active card with these cards of yours ([bold]t[/] alone: on its own)
  [bold]s[/]        declare (báo), where the game offers it
  [bold]h[/]        list your legal moves;  [bold]#N[/] picks move N of that list
  [bold]?[/]        this help;  [bold]q[/] quit"""


_TYPED_HELP = """\
  [bold]h[/]        the game's suggested moves;  [bold]#N[/] picks suggestion N
  [bold]p[/]        decline an optional choice
  [bold]?[/]        this help;  [bold]q[/] quit"""


def notation_examples(plugin: object) -> Sequence[str]:
    """How cards are typed for this game: its own examples
    (:class:`~vncards.core.ExplainsNotation`), else French cards in a few notations.

    >>> notation_examples(object())
    ('3s 4s 5h', '10 cơ', '3♠,4♠')
    """
    if isinstance(plugin, ExplainsNotation):
        return tuple(plugin.notation_examples)
    return _FRENCH_EXAMPLES


def help_text(plugin: object) -> str:
    """The play screen's help (``?``), with the game's own card examples (rich markup).

    A game that reads its moves itself (:class:`~vncards.core.ReadsMoves`) says how
    they are typed.

    >>> "3s 4s 5h" in help_text(object())
    True
    """
    if isinstance(plugin, ReadsMoves):
        own = "\n".join(escape(line) for line in plugin.move_help)
        return own + "\n" + _TYPED_HELP
    shown = ", ".join(f"[bold]{escape(e)}[/]" for e in notation_examples(plugin))
    return _HELP.format(examples=shown)


_ARGS = "vncards.play.args"


class PlayCommand(TyperCommand):
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
            self.epilog = " ".join(escape(line.strip()) for line in plugin.move_help)
        try:
            super().format_help(ctx, formatter)
        finally:
            self.epilog = saved


class _PlayerQuitError(Exception):
    """The player asked to stop."""


@dataclass
class _Table:
    """One sitting: the game, who sits where, the bots and the running totals."""

    plugin: GamePlugin[Any, Any, Any]
    names: list[str]
    human: int
    bots: dict[int, Any]
    vietnamese: bool
    totals: list[int] = field(default_factory=list)
    start: Any = None  # the game being played: its first state and actions, for its record
    actions: list[Any] = field(default_factory=list)

    @property
    def deck(self) -> str:
        return getattr(self.plugin, "deck", "french")

    def cards(self, tokens: Sequence[str]) -> Text:
        return cards_for(
            self.plugin, tokens, vietnamese=self.vietnamese, sep=", " if self.vietnamese else " "
        )

    def announce(self, events: Sequence[Event]) -> None:
        """Each event as the human seat sees it."""
        for event in events:
            line = event_text(
                self.plugin,
                event.seen_by(self.human),
                self.names,
                you=self.human,
                vietnamese=self.vietnamese,
            )
            if line is not None:
                console.print(line)


def _status(t: _Table, view: View) -> None:
    for line in table_lines(t.plugin, view, t.names, vietnamese=t.vietnamese):
        console.print(line)


def _show_hand(t: _Table, tokens: Sequence[str]) -> None:
    labels = [cards_for(t.plugin, [tok], vietnamese=t.vietnamese) for tok in tokens]
    cell = max([len(lab.plain) for lab in labels] + [2]) + 1
    per_row = max(4, (console.width - 2) // (cell + 1))
    console.print("Your hand:")
    for start in range(0, len(labels), per_row):
        grid = Table(show_header=True, box=None, padding=(0, 1), header_style="dim")
        chunk = labels[start : start + per_row]
        for k in range(len(chunk)):
            grid.add_column(str(start + k + 1), justify="center", min_width=cell - 1)
        grid.add_row(*chunk)
        console.print(grid)


def _offers(t: _Table, state: Any, actions: Sequence[Any]) -> list[tuple[dict[str, Any], Any]]:
    return [(t.plugin.action_to_record(state, a), a) for a in actions]


def _warning(t: _Table, state: Any, action: Any) -> str | None:
    """The penalty a legal action incurs, when the game says
    (:class:`~vncards.core.WarnsOfPenalties`)."""
    if action is None or not isinstance(t.plugin, WarnsOfPenalties):
        return None
    return t.plugin.action_warning(state, action)


def _show_moves(
    t: _Table, state: Any, offers: list[tuple[dict[str, Any], Any]], optional: bool
) -> None:
    if not offers:
        console.print(
            "You have no move to make here." + (" Type p to decline." if optional else "")
        )
    for i, (rec, action) in enumerate(offers, 1):
        line = Text.assemble(
            (f"  #{i:<3}", "bold"),
            describe_action(rec, t.deck, vietnamese=t.vietnamese, second_person=True),
        )
        warning = _warning(t, state, action)
        if warning is not None:
            line.append(f"  ⚠ {warning}", style="bold magenta")
        console.print(line)
    if optional:
        console.print("  p    decline (this choice is optional)")


_INDEXES = re.compile(r"[\d\s,]+")
_WORDS = {
    "p": "pass", "pass": "pass", "bỏ": "pass", "bo": "pass",
    "d": "draw", "draw": "draw", "bốc": "draw", "boc": "draw",
    "s": "declare", "declare": "declare", "báo": "declare", "bao": "declare",
}  # fmt: skip


def _reason(t: _Table, state: Any, action: Any) -> str:
    """Why ``action`` is refused, in the game's own words."""
    trial = state.copy()
    try:
        t.plugin.apply(trial, action)
    except IllegalMove as e:
        return e.message
    return "That is not one of your choices right now."


def _from_record(t: _Table, state: Any, seat: int, data: dict[str, Any]) -> Any:
    raw = RecordAction.model_validate({"player": t.names[seat], **data})
    return t.plugin.action_from_record(state, raw, seat)


def _interpret(
    t: _Table,
    state: Any,
    seat: int,
    text: str,
    offers: list[tuple[dict[str, Any], Any]],
    optional: bool,
    hand: Sequence[str] = (),
) -> tuple[bool, Any]:
    """``(True, action or None to decline)`` or ``(False, sentence to show)``."""
    entry = text.strip()
    low = entry.lower()
    kinds = {k for rec, _ in offers for k in rec}
    if low in ("q", "quit", "exit"):
        raise _PlayerQuitError
    if low in ("?", "help"):
        return False, help_text(t.plugin)
    if low in ("h", "hint", "moves"):
        _show_moves(t, state, offers, optional)
        return False, ""
    if not entry:
        return False, "Type your move, or ? for help."
    if low.startswith("#"):
        try:
            k = int(low[1:])
        except ValueError:
            return False, f"{entry!r} is not a move number: type h to see them numbered."
        if not 1 <= k <= len(offers):
            return False, f"There is no move #{k}: choose #1 to #{len(offers)} (h lists them)."
        return True, offers[k - 1][1]
    word = _WORDS.get(low)
    if word == "pass" and "pass" not in kinds and optional:
        return True, None
    if word is not None:
        # a declaration says what the game offers to declare (Sâm: "sam")
        declared = next((rec["declare"] for rec, _ in offers if "declare" in rec), None)
        if word == "declare" and declared is None:
            return False, "There is nothing to declare now (h lists your moves)."
        data: dict[str, Any] = (
            {"pass": True}
            if word == "pass"
            else {"draw": True}
            if word == "draw"
            else {"declare": declared}
        )
        return _check(t, state, seat, data, offers)
    take = re.match(r"^(t|take|ăn|an)(\s+|$)", low)
    if take:
        tokens = _tokens(t, hand, entry[take.end() :])
        if isinstance(tokens, str):
            return False, tokens
        return _check(t, state, seat, {"take": tokens}, offers)
    if not kinds & {"play", "discard", "take"}:
        words = {"pass": "p", "draw": "d", "declare": "s"}
        choices = [f"{words[k]} to {k}" for k in words if k in kinds]
        if optional:
            choices.append("p to let the chance go")
        return (
            False,
            f"Cards are not a move here: type {' or '.join(choices)} (h lists your moves).",
        )
    tokens = _tokens(t, hand, entry)
    if isinstance(tokens, str):
        return False, tokens
    order = [k for k in ("play", "discard", "take") if k in kinds] or ["play"]
    first_answer: tuple[bool, Any] | None = None
    for kind in order:
        if kind == "discard" and len(tokens) != 1:
            continue
        data = {kind: tokens[0] if kind == "discard" else tokens}
        answer = _check(t, state, seat, data, offers)
        if answer[0]:
            return answer
        first_answer = first_answer or answer
    return first_answer or (False, "You discard one card at a time.")


def _tokens(t: _Table, hand: Sequence[str], text: str) -> list[str] | str:
    """Card tokens from typed cards or positions in ``hand``, or a sentence saying what
    is wrong."""
    text = text.strip()
    if not text:
        return []
    if _INDEXES.fullmatch(text):
        picks = [int(p) for p in re.split(r"[\s,]+", text) if p]
        bad = [p for p in picks if not 1 <= p <= len(hand)]
        if bad:
            return f"Your hand has positions 1 to {len(hand)}; {bad[0]} is not one of them."
        if len(set(picks)) != len(picks):
            return "Each position may be named once."
        return [hand[p - 1] for p in picks]
    return card_tokens(t.plugin, [text])


def _check(
    t: _Table, state: Any, seat: int, data: dict[str, Any], offers: list[tuple[dict[str, Any], Any]]
) -> tuple[bool, Any]:
    try:
        action = _from_record(t, state, seat, data)
    except VncardsError as e:
        return False, f"I cannot read that: {e}."
    except ValueError as e:
        return False, f"I cannot read that: {e}."
    for _, offered in offers:
        if offered == action:
            return True, action
    return False, _reason(t, state, action)


def _human_turn(t: _Table, state: Any, view: View, actions: Sequence[Any], optional: bool) -> Any:
    console.rule(style="dim")
    _status(t, view)
    seat = view.seat
    hand = view.hand
    if hand:
        _show_hand(t, hand)
    if isinstance(t.plugin, ReadsMoves):  # the game reads what is typed: no list of offers
        return _typed_turn(t, t.plugin, state, view, actions, optional)
    offers = _offers(t, state, actions)
    kinds = {k for rec, _ in offers for k in rec}
    hints = ["cards or positions" if kinds & {"play", "take", "discard"} else ""]
    hints += ["p = pass" if "pass" in kinds else "p = decline" if optional else ""]
    hints += ["d = draw" if "draw" in kinds else "", "s = declare" if "declare" in kinds else ""]
    hints += ["h = moves", "? = help"]
    if optional and "take" in kinds:
        console.print("[bold yellow]You can take the active card now (p lets it go).[/]")
    elif optional and "declare" in kinds:
        console.print("[bold yellow]You may declare now (s), or not (p).[/]")
    elif optional:
        console.print("[bold]You may act now, or decline (p).[/]")
    elif kinds == {"discard"}:
        console.print("Discard a card.")
    elif "draw" in kinds and "take" in kinds:
        console.print("Take the active card with cards of yours (t …), or draw (d).")
    elif "draw" in kinds:
        console.print("Draw a card (d).")
    elif "pass" in kinds and "take" in kinds and t.deck != "french":
        console.print("Take the drawn card with cards of yours (t …), or pass it on (p).")
    elif kinds == {"take"}:
        console.print("[bold]You must take the active card.[/]")
    prompt = f"Your move ({', '.join(h for h in hints if h)})> "
    while True:
        try:
            text = console.input(prompt)
        except EOFError:
            raise _PlayerQuitError from None
        ok, value = _interpret(t, state, seat, text, offers, optional, hand)
        if ok and _confirmed(t, state, value):
            return value
        if ok:
            continue
        if value:
            console.print(value)


def _suggestions(
    t: _Table, state: Any, view: View, actions: Sequence[Any]
) -> list[tuple[Text, Any]]:
    """The game's few suggested moves (:class:`~vncards.core.SuggestsMoves`), else every
    legal move when there are few of them."""
    if isinstance(t.plugin, SuggestsMoves):
        return [
            (words_text(t.plugin, words, vietnamese=t.vietnamese), a)
            for words, a in t.plugin.hint(view)
        ]
    if len(actions) > _MOST_LISTED:
        return []
    return [
        (
            describe_action(
                t.plugin.action_to_record(state, a),
                t.deck,
                vietnamese=t.vietnamese,
                second_person=True,
            ),
            a,
        )
        for a in actions
    ]


_MOST_LISTED = 60


def _typed_turn(
    t: _Table, game: ReadsMoves, state: Any, view: View, actions: Sequence[Any], optional: bool
) -> Any:
    """A turn of a game that reads typed moves itself: its help's first line, then what
    is typed goes to ``parse_move`` (``h`` shows the game's suggestions, ``#N`` picks
    one); a refused move is explained in one line and the prompt comes again."""
    if game.move_help:
        console.print(game.move_help[0], markup=False)
    prompt = f"Your move (h = hint{', p = decline' if optional else ''}, ? = help)> "
    suggested: list[tuple[Text, Any]] | None = None
    while True:
        try:
            entry = console.input(prompt).strip()
        except EOFError:
            raise _PlayerQuitError from None
        low = entry.lower()
        if low in ("q", "quit", "exit"):
            raise _PlayerQuitError
        if low in ("?", "help"):
            console.print(help_text(t.plugin))
            continue
        if not entry:
            console.print("Type your move, or ? for help.")
            continue
        if optional and _WORDS.get(low) == "pass":
            return None
        if low in ("h", "hint", "moves") or low.startswith("#"):
            if suggested is None:
                suggested = _suggestions(t, state, view, actions)
            if not suggested:
                console.print("There is no suggestion here: type your move (? for help).")
                continue
            if not low.startswith("#"):
                for i, (label, _) in enumerate(suggested, 1):
                    console.print(Text.assemble((f"  #{i:<3}", "bold"), label))
                continue
            k = int(low[1:]) if low[1:].isdigit() else 0
            if not 1 <= k <= len(suggested):
                console.print(f"Choose #1 to #{len(suggested)} (h shows them).")
                continue
            action = suggested[k - 1][1]
        else:
            try:
                action = game.parse_move(view, entry)
            except VncardsError as e:
                console.print(Text(f"I cannot read that: {e}."))
                continue
            if action not in actions:
                console.print(Text(_reason(t, state, action)))
                continue
        if _confirmed(t, state, action):
            return action


def _confirmed(t: _Table, state: Any, action: Any) -> bool:
    """True unless the action costs a penalty and the player does not confirm it."""
    warning = _warning(t, state, action)
    if warning is None:
        return True
    console.print(Text(f"⚠ This move {warning}", style="bold magenta"))
    try:
        answer = console.input("Make it anyway? (y/N)> ")
    except EOFError:
        raise _PlayerQuitError from None
    return answer.strip().lower() in ("y", "yes", "có", "co")


def _play_game(t: _Table, rules: Any, seed: int, first: int | None) -> Any:
    plugin = t.plugin
    state = plugin.new_game(rules, len(t.names), seed, first=first)
    t.start, t.actions = state.copy(), []
    starter = plugin.record_deal(state).get("first")
    if starter is not None:
        verb = "act" if starter == t.human else "acts"
        console.print(f"{t.names[starter]} {verb} first.")
    t.announce(plugin.view(state, t.human).history)  # what the deal itself caused
    while True:
        d = plugin.decision(state)
        if d is None:
            return state
        view = plugin.view(state, d.seat)
        if d.seat == t.human:
            choice = _human_turn(t, state, view, d.actions, d.optional)
        else:
            choice = t.bots[d.seat].choose(view, d.actions, d.optional)
        if choice is None:
            if not d.optional:
                raise InputError(f"{t.names[d.seat]} declined a choice that was not optional")
            plugin.decline(state, d.seat)
            continue
        t.actions.append(choice)
        t.announce(plugin.apply(state, choice))


_OUTCOMES = {
    "win": "{w} {wins}.",
    "instant-win": "{w} {wins} at once with the deal ({code}).",
    "draw": "The game is a draw.",
}


def _settle(t: _Table, state: Any, number: int, games: int) -> Any:
    res = t.plugin.result(state)
    winner = t.names[res.winner] if res.winner is not None else "nobody"
    line = _OUTCOMES.get(res.outcome or "", "The game is over ({o}): {w} {wins}.").format(
        w=winner,
        code=res.instant_win,
        o=res.outcome,
        wins="win" if res.winner == t.human else "wins",
    )
    console.rule(style="dim")
    console.print(Text(line, style="bold green" if res.winner == t.human else "bold"))
    if res.transfers:
        rows = [tr.to_json(t.names) for tr in res.transfers]
        console.print(transfers_table("Transfers (lá)", rows))
    for i, v in enumerate(res.payments):
        t.totals[i] += v
    columns: dict[str, Sequence[int]] = {"this game (lá)": list(res.payments)}
    if games > 1:
        columns["match total"] = list(t.totals)
    title = f"Settlement — game {number} of {games}" if games > 1 else "Settlement"
    console.print(payments_table(title, t.names, columns))
    return res


def _open_record(target: Path | None) -> OutputFile | None:
    """The record file, opened before any game is played (an unwritable place is said
    at once); it takes the target's place only once a record is whole."""
    return None if target is None else OutputFile(target, "the record")


def _save_record(
    t: _Table,
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
        bool, typer.Option("--vi", help="Vietnamese card names (10 cơ).")
    ] = False,
    think: Annotated[
        float, typer.Option("--think", min=0.001, help="Seconds of search per bot decision.")
    ] = 0.1,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Save the game's record (JSON, as referee reads it); with --games, one"
            " record per game, one a line (JSON Lines), each written as its game ends.",
        ),
    ] = None,
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
    # by default the game's strongest bot (its documented ``default_opponent``)
    others = bot_names(plugin, bots or getattr(plugin, "default_opponent", None), n - 1)
    chosen = seed if seed is not None else secrets.randbelow(2**32)
    names = list(BOT_NAMES[: n - 1])
    names.insert(human, _HUMAN)
    bot_seats = [s for s in range(n) if s != human]
    made = {
        s: make_bot(plugin.bots[name], derive_seed(chosen, 1000 + s), think=think)
        for s, name in zip(bot_seats, others, strict=True)
    }
    t = _Table(plugin, names, human, made, vietnamese, [0] * n)
    console.print(
        f"[bold]{untrusted(plugin.title)}[/] — variant"
        f" {untrusted(variant or plugin.default_preset)}, seed {chosen}. "
        + ", ".join(f"{names[s]} ({others[i]})" for i, s in enumerate(bot_seats))
        + " against you. Type ? for help."
    )
    first: int | None = None
    out = _open_record(record)
    saved = 0
    try:
        for g in range(games):
            if games > 1:
                console.rule(f"Game {g + 1} of {games}")
            state = _play_game(t, rules, derive_seed(chosen, g), first)
            res = _settle(t, state, g + 1, games)
            first = res.winner
            if out is not None:
                _save_record(t, state, variant, out, single=games == 1)
                saved += 1
    except _PlayerQuitError:
        console.print("Bye.")
    finally:
        if out is not None:  # the whole records in the target's place, or nothing
            out.commit() if saved else out.discard()
    if out is not None and saved:
        what = "Record" if saved == 1 else f"{saved} records (one a line)"
        console.print(f"{what} saved to {plain(str(record))}.")
    elif out is not None:
        console.print("No game was finished: no record saved.")
