"""``vncards referee``: rule on a whole game record, for a game server or a person."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Annotated, Any, BinaryIO

import typer
from rich.table import Table
from rich.text import Text
from vncards.cli._batch import is_json_lines, referee_lines, split_lines
from vncards.cli._common import InputError, console, emit_json, get_plugin, plain, untrusted
from vncards.cli._display import cards_text, event_text, payments_table, transfers_table
from vncards.core import (
    MAX_RECORD_BYTES,
    Event,
    GameRecord,
    RecordError,
    RefereeReport,
    load_record,
    referee,
)

__all__ = ["describe_action", "referee_command"]

_VERBS = {
    "play": "plays",
    "take": "takes the active card with",
    "discard": "discards",
    "pass": "passes",
    "draw": "draws",
    "declare": "declares",
}


def describe_action(
    data: dict[str, Any],
    deck: str,
    *,
    vietnamese: bool = False,
    second_person: bool = False,
    active: str | None = None,
) -> Text:
    """A record action (without ``player``) as a phrase: ``plays 3♠ 4♠ 5♥`` (``play …``
    with ``second_person``); a take names the ``active`` card when it is known.

    >>> describe_action({"play": ["3S", "4S"]}, "french").plain
    'plays 3♠ 4♠'
    >>> describe_action({"declare": "sam"}, "french").plain
    'declares Sâm'
    >>> describe_action({"take": []}, "tusac").plain
    'takes the active card'
    >>> describe_action({"pass": True}, "french", second_person=True).plain
    'pass'
    >>> describe_action({"take": ["YE", "YE"]}, "tusac", active="YE").plain
    'takes YE with YE YE'
    """
    sep = ", " if vietnamese else " "
    if "take" in data and active is not None:
        text = Text.assemble("takes ", cards_text([active], deck, vietnamese=vietnamese))
        if data["take"]:
            text.append(" with ")
            text.append_text(cards_text(data["take"], deck, vietnamese=vietnamese, sep=sep))
    else:
        text = _describe(data, deck, vietnamese, sep)
    if second_person:
        first, _, _rest = text.plain.partition(" ")
        base = _BASE.get(first, first)
        text = text[len(first) :]
        text = Text(base) + text
    return text


_BASE = {"plays": "play", "takes": "take", "discards": "discard", "passes": "pass",
         "draws": "draw", "declares": "declare"}  # fmt: skip


def _describe(data: dict[str, Any], deck: str, vietnamese: bool, sep: str) -> Text:
    for key, verb in _VERBS.items():
        if key not in data:
            continue
        value = data[key]
        if key == "declare":
            return Text(f"declares {'Sâm' if value == 'sam' else value}")
        if key == "take" and not value:
            return Text("takes the active card")
        if isinstance(value, list):
            return Text.assemble(verb, " ", cards_text(value, deck, vietnamese=vietnamese, sep=sep))
        if isinstance(value, str):
            return Text.assemble(verb, " ", cards_text([value], deck, vietnamese=vietnamese))
        return Text(verb)
    return Text(repr(data))


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
) -> None:
    """Rule on a game record: is every action legal, who won, who pays whom.

    Exit code 0 for a legal record, 1 when an action is illegal, 2 when the record
    cannot be read. A file of JSON Lines (one record a line, as simulate --records
    writes them) gets one answer a line.
    """
    stream = _open_source(record)
    with stream if record != "-" else contextlib.nullcontext(stream):
        head = _read_head(record, stream)
        if len(head) > MAX_RECORD_BYTES:
            # more than one record may hold: JSON Lines are ruled on a line at a time as
            # they are read; anything else is refused now, without reading the rest
            complete = head[: head.rfind(b"\n") + 1]
            if is_json_lines(complete, whole=False):
                raise typer.Exit(referee_lines(split_lines(head, stream), json_out))
            raise RecordError(f"the record is larger than {MAX_RECORD_BYTES} bytes")
    if is_json_lines(head):
        # one record a line (as simulate --records writes them): one answer a line
        raise typer.Exit(referee_lines(split_lines(head), json_out))
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
        _account(plugin, parsed, report, events)
    if not report.legal:
        raise typer.Exit(1)


def _account(
    plugin: Any, record: GameRecord, report: RefereeReport, events: list[list[Event]]
) -> None:
    """Each action with ✓ or ✗ and what it caused, written from the events the referee
    collected (no second replay); the first error in a sentence, violations, the
    itemised transfers and the payments."""
    deck = getattr(plugin, "deck", "french")
    # names, titles and messages come from the record or a plugin: shown literally
    names = [plain(n) for n in record.players]
    console.print(
        f"[bold]{untrusted(plugin.title)}[/] — variant {untrusted(report.variant)},"
        f" {len(names)} players: " + untrusted(", ".join(names))
    )
    for index, caused in enumerate(events):
        player = plain(record.actions[index].player)
        lines = [event_text(plugin, e, names) for e in caused]
        shown = [line for line in lines if line is not None]
        seat = record.seat_of(record.actions[index].player)
        head = shown[0] if shown and caused and caused[0].seat == seat else None
        if head is not None and head.plain.startswith(f"{player} "):
            phrase = head[len(player) + 1 :]
            shown = shown[1:]
        else:
            data = record.actions[index].to_json()
            data.pop("player", None)
            phrase = describe_action(data, deck)
        console.print(Text.assemble((f"{index:>4} ✓ ", "green"), (player, "bold"), " ", phrase))
        for line in shown:
            console.print(Text.assemble("       ", line))
    if report.error is not None:
        raw = record.actions[report.error.index]
        data = raw.to_json()
        data.pop("player", None)
        console.print(
            Text.assemble(
                (f"{report.error.index:>4} ✗ ", "bold red"),
                (plain(raw.player), "bold"),
                " ",
                describe_action(data, deck),
            )
        )
    if report.error is not None:
        e = report.error
        console.print(
            f"[bold red]Illegal:[/] action {e.index} by {untrusted(e.player)} is not allowed: "
            f"{untrusted(e.message)} [dim]({untrusted(e.code)})[/]"
        )
    else:
        console.print("[bold green]Every action is legal.[/]")
    if report.finished:
        how = untrusted(report.outcome or "finished")
        extra = f" ({untrusted(report.instant_win)})" if report.instant_win else ""
        who = f", winner {untrusted(report.winner)}" if report.winner else ""
        console.print(f"Outcome: [bold]{how}[/]{extra}{who}.")
    else:
        console.print("The game is not finished: only settled chops are paid.")
    if report.violations:
        table = Table(title="Violations", title_justify="left")
        for col in ("action", "player", "rule", "what"):
            table.add_column(col)
        for v in report.violations:
            table.add_row(*(Text(plain(c)) for c in (v.index, v.player, v.rule, v.message)))
        console.print(table)
    bet = f" (lá × bet {record.bet})" if record.bet != 1 else " (lá)"
    if report.transfers:
        rows = [t.model_dump(by_alias=True) for t in report.transfers]
        console.print(transfers_table("Transfers" + bet, rows))
    console.print(
        payments_table(
            "Payments" + bet, list(report.payments), {"net": list(report.payments.values())}
        )
    )
