"""``vncards referee``: rule on a whole game record, for a game server or a person."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, BinaryIO

import typer
from rich.table import Table
from rich.text import Text
from vncards.cli._batch import is_json_lines, referee_lines, split_lines
from vncards.cli._common import (
    InputError,
    console,
    emit_json,
    get_plugin,
    plain,
    untrusted,
)
from vncards.cli._display import (
    cards_for,
    event_text,
    outcome_text,
    payments_table,
    reason_text,
    transfers_table,
    words_text,
)
from vncards.cli._frame import say
from vncards.core import (
    MAX_RECORD_BYTES,
    Event,
    GameRecord,
    GameResult,
    RecordError,
    RefereeReport,
    SaysViolations,
    SpeaksAtTable,
    load_record,
    referee,
)

__all__ = ["describe_action", "referee_command"]

# a climbing game's record actions (core's shedding vocabulary), for a game that does
# not say its moves itself; any other action is written in its record form
_VERBS = {"play": ("plays", "play"), "pass": ("passes", "pass"), "declare": ("declares", "declare")}


def describe_action(
    plugin: object, data: Mapping[str, Any], *, vietnamese: bool = False, you: bool = False
) -> Text:
    """A record action (without ``player``) as a phrase, in the game's own words
    (:meth:`~vncards.core.TableTalk.action`); ``you`` for a seat addressed as "You".

    >>> from vncards.core import get_game
    >>> describe_action(get_game("samloc"), {"declare": "sam"}).plain
    'declares Sâm'
    >>> describe_action(get_game("tusac"), {"take": ["YE", "YE"]}, vietnamese=True).plain
    'ăn lá trên bàn bằng tượng vàng, tượng vàng'
    >>> describe_action(object(), {"pass": True}, you=True).plain
    'pass'
    """
    if isinstance(plugin, SpeaksAtTable):
        said = plugin.table_talk(vietnamese).action(data, you)
        return words_text(plugin, said, vietnamese=vietnamese)
    for key, value in data.items():
        verb = _VERBS.get(key, (key, key))[1 if you else 0]
        if isinstance(value, list):
            return Text.assemble(verb, " ", cards_for(plugin, value, vietnamese=vietnamese))
        if isinstance(value, str) and key != "declare":
            return Text.assemble(verb, " ", cards_for(plugin, [value], vietnamese=vietnamese))
        return Text(verb if value is True else f"{verb} {plain(value)}")
    return Text(repr(dict(data)))


def _open_source(source: str) -> BinaryIO:
    if source == "-":
        stdin = sys.stdin
        try:
            if stdin is None or stdin.closed:
                raise ValueError
            return stdin.buffer
        except (ValueError, AttributeError):
            raise InputError(
                "standard input is closed: give a record file, or pipe one in"
            ) from None
    try:
        return Path(source).open("rb")
    except FileNotFoundError:
        raise InputError(f"no such record file: {plain(source)}") from None
    except OSError as e:
        raise InputError(f"cannot read {plain(source)}: {e.strerror}") from None


def _read_head(source: str, stream: BinaryIO) -> bytes:
    """At most one byte more than a record may hold: a larger input is never read whole."""
    try:
        return stream.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise InputError(f"cannot read {plain(source)}: {e.strerror}") from None


def _decode(source: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        where = "standard input" if source == "-" else plain(source)
        raise InputError(f"the record {where} is not UTF-8 text (byte {e.start})") from None


def referee_command(
    record: Annotated[str, typer.Argument(help="Record JSON file, or - for standard input.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the ruling as JSON.")] = False,
    vietnamese: Annotated[
        bool,
        typer.Option("--vi", help="The account in Vietnamese (moves, payments, cards)."),
    ] = False,
) -> None:
    """Rule on a game record: is every action legal, who won, who pays whom.

    Exit code 0 for a legal record, 1 when an action is illegal, 2 when the record
    cannot be read. A file of JSON Lines (one record a line, as simulate --records
    writes them) gets one answer a line. The account says each move in the game's own
    words; --json is the same in every language.
    """
    stream = _open_source(record)
    with stream if record != "-" else contextlib.nullcontext(stream):
        head = _read_head(record, stream)
        if len(head) > MAX_RECORD_BYTES:
            # more than one record may hold: JSON Lines are ruled on a line at a time as
            # they are read; anything else is refused now, without reading the rest
            complete = head[: head.rfind(b"\n") + 1]
            if is_json_lines(complete, whole=False):
                raise typer.Exit(referee_lines(split_lines(head, stream), json_out, vietnamese))
            raise RecordError(f"the record is larger than {MAX_RECORD_BYTES} bytes")
    if is_json_lines(head):
        # one record a line (as simulate --records writes them): one answer a line
        raise typer.Exit(referee_lines(split_lines(head), json_out, vietnamese))
    text = _decode(record, head)
    parsed = load_record(text)
    try:
        plugin = get_plugin(parsed.game, allow_reference=False)
    except Exception as e:
        raise RecordError(str(e)) from None
    events: list[list[Event]] = []
    report = referee(plugin, parsed, events=events)
    if json_out:
        emit_json(report.model_dump(mode="json", by_alias=True))
    else:
        _account(plugin, parsed, report, events, vietnamese)
    if not report.legal:
        raise typer.Exit(1)


def _action_data(record: GameRecord, index: int) -> dict[str, Any]:
    data = record.actions[index].to_json()
    data.pop("player", None)
    return data


def _actions(plugin: Any, record: GameRecord, events: list[list[Event]], vietnamese: bool) -> None:
    """Each legal action with ✓ and what it caused. The action's own event, when the
    game says it, names the move (a take names the card taken); else the game's words
    for the record action do."""
    names = [plain(n) for n in record.players]
    for index, caused in enumerate(events):
        player = plain(record.actions[index].player)
        lines = [event_text(plugin, e, names, vietnamese=vietnamese) for e in caused]
        shown = [line for line in lines if line is not None]
        seat = record.seat_of(record.actions[index].player)
        head = shown[0] if shown and caused and caused[0].seat == seat else None
        phrase = describe_action(plugin, _action_data(record, index), vietnamese=vietnamese)
        if head is not None and head.plain.startswith(f"{player} "):
            shown = shown[1:]
            if _game_says(plugin, caused[0], names, vietnamese):
                phrase = head[len(player) + 1 :]
        console.print(Text.assemble((f"{index:>4} ✓ ", "green"), (player, "bold"), " ", phrase))
        for line in shown:
            console.print(Text.assemble("       ", line))


def _game_says(plugin: Any, event: Event, names: list[str], vietnamese: bool) -> bool:
    """Whether the game has words of its own for ``event``."""
    if isinstance(plugin, SpeaksAtTable):
        return plugin.table_talk(vietnamese).event(event, names, None) is not None
    return True


def _ruling(plugin: Any, record: GameRecord, report: RefereeReport, vietnamese: bool) -> None:
    """The illegal action and why, or that every action is legal; how the game ended."""
    vi = vietnamese
    if report.error is not None:
        e = report.error
        console.print(
            Text.assemble(
                (f"{e.index:>4} ✗ ", "bold red"),
                (plain(e.player), "bold"),
                " ",
                describe_action(plugin, _action_data(record, e.index), vietnamese=vi),
            )
        )
        why = e.message
        if isinstance(plugin, SpeaksAtTable):
            why = plugin.table_talk(vi).refusal(e.code, e.message)
        illegal = say("ref-illegal", vi).format(index=e.index, who=untrusted(e.player))
        console.print(f"[bold red]{illegal}[/] {untrusted(why)} [dim]({untrusted(e.code)})[/]")
    else:
        console.print(f"[bold green]{say('ref-legal', vi)}[/]")
    if not report.finished:
        console.print(say("ref-unfinished", vi))
    elif isinstance(plugin, SpeaksAtTable):
        players = list(record.players)
        winner = players.index(report.winner) if report.winner in players else None
        result = GameResult(True, report.outcome, winner, report.instant_win, ())
        console.print(Text(outcome_text(plugin, result, players, vietnamese=vi), style="bold"))
    else:
        how = untrusted(report.outcome or "finished")
        extra = f" ({untrusted(report.instant_win)})" if report.instant_win else ""
        who = f", winner {untrusted(report.winner)}" if report.winner else ""
        console.print(f"Outcome: [bold]{how}[/]{extra}{who}.")


def _violation(plugin: Any, rule: str, message: str, vietnamese: bool) -> str:
    """A penalised legal act in the game's words (:class:`~vncards.core.SaysViolations`),
    else the engine's sentence."""
    if isinstance(plugin, SpeaksAtTable):
        talk = plugin.table_talk(vietnamese)
        if isinstance(talk, SaysViolations):
            return talk.violation(rule, message)
    return message


def _account(
    plugin: Any,
    record: GameRecord,
    report: RefereeReport,
    events: list[list[Event]],
    vietnamese: bool = False,
) -> None:
    """Each action with ✓ or ✗ and what it caused, written from the events the referee
    collected (no second replay); the first error in a sentence, violations, the
    itemised transfers (their reasons in the game's words) and the payments."""
    vi = vietnamese
    # names, titles and messages come from the record or a plugin: shown literally
    names = [plain(n) for n in record.players]
    heading = say("ref-heading", vi).format(variant=untrusted(report.variant), n=len(names))
    console.print(f"[bold]{untrusted(plugin.title)}[/] — {heading} " + untrusted(", ".join(names)))
    _actions(plugin, record, events, vi)
    _ruling(plugin, record, report, vi)
    if report.violations:
        table = Table(title=say("ref-violations", vi), title_justify="left")
        for col in say("ref-violation-heads", vi).split("|"):
            table.add_column(col)
        for v in report.violations:
            what = _violation(plugin, v.rule, v.message, vi)
            table.add_row(*(Text(plain(c)) for c in (v.index, v.player, v.rule, what)))
        console.print(table)
    bet = say("ref-bet", vi).format(bet=record.bet) if record.bet != 1 else " (lá)"
    if report.transfers:
        rows = [t.model_dump(by_alias=True) for t in report.transfers]
        for row in rows:
            row["reason"] = reason_text(plugin, row["reason"], vietnamese=vi)
        heads = say("ref-transfer-heads", vi).split("|")
        console.print(transfers_table(say("ref-transfers", vi) + bet, rows, heads))
    console.print(
        payments_table(
            say("ref-payments", vi) + bet,
            list(report.payments),
            {say("ref-net", vi): list(report.payments.values())},
            player=say("player", vi),
        )
    )
