"""Game records and referee reports: the JSON contracts other apps rely on.

A record is what a game server sends (the deal, who acts first, every action); a
report is what the referee answers. Both are pydantic models; their JSON Schemas are
exported to the project's ``shared/schemas/``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from vncards.core._errors import RecordError

__all__ = [
    "MAX_RECORD_BYTES",
    "MAX_RECORD_DEPTH",
    "ErrorReport",
    "GameRecord",
    "RecordAction",
    "RefereeReport",
    "TransferReport",
    "ViolationReport",
    "export_schemas",
    "load_record",
]

MAX_RECORD_BYTES = 4 * 1024 * 1024
"""Largest record the loader reads; a real game record is a few kilobytes."""
MAX_RECORD_DEPTH = 16
"""Deepest JSON nesting the loader accepts (a record needs 4)."""

_ACTION_KEYS = ("play", "pass", "declare", "discard", "take", "draw")


class RecordAction(BaseModel):
    """One action of a record: exactly one of ``play``, ``pass``, ``declare``,
    ``discard``, ``take`` or ``draw`` besides ``player``.

    >>> RecordAction.model_validate({"player": "An", "pass": True}).kind
    'pass'
    """

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        populate_by_name=True,
        json_schema_extra={
            "description": "One action: `player` and exactly one of play, pass, declare,"
            " discard, take, draw."
        },
    )

    player: str = Field(description="Who acts; one of the record's players.")
    play: list[str] | None = Field(
        default=None, description='Shedding games: the cards played, e.g. ["3S", "4S"].'
    )
    pass_: Literal[True] | None = Field(
        default=None,
        alias="pass",
        description="Shedding games: pass (bỏ lượt); Tứ Sắc: decline the drawn card.",
    )
    declare: Literal["sam"] | None = Field(
        default=None, description="Sâm Lốc: declare Sâm (báo Sâm), before the first play."
    )
    discard: str | None = Field(default=None, description="Tứ Sắc: the card discarded.")
    take: list[str] | None = Field(
        default=None,
        description="Tứ Sắc: own cards that take the active card ([] for a lone Tướng).",
    )
    draw: Literal[True] | None = Field(default=None, description="Tứ Sắc: draw from the stock.")

    @model_validator(mode="after")
    def _one_kind(self) -> RecordAction:
        given = [k for k in _ACTION_KEYS if self._value(k) is not None]
        if len(given) != 1:
            raise ValueError(
                "an action needs exactly one of play, pass, declare, discard, take, draw"
                f" (got {', '.join(given) or 'none'})"
            )
        return self

    def _value(self, key: str) -> object:
        return self.pass_ if key == "pass" else getattr(self, key)

    @property
    def kind(self) -> str:
        """Which of the action keys this action uses."""
        return next(k for k in _ACTION_KEYS if self._value(k) is not None)

    def to_json(self) -> dict[str, Any]:
        """The action as record JSON."""
        return self.model_dump(by_alias=True, exclude_none=True)


class GameRecord(BaseModel):
    """A whole game as a game server sends it to be refereed."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={
            "description": "A whole game as a game server sends it to be refereed: the deal,"
            " who acts first and every action."
        },
    )

    game: str = Field(
        min_length=1, max_length=64, description="The game's plugin name, e.g. tienlen."
    )
    variant: str | None = Field(
        default=None, description="A preset of the game; the game's default when absent."
    )
    rules: dict[str, Any] = Field(
        default_factory=dict, description="Single settings overriding the preset."
    )
    players: list[str] = Field(
        min_length=1, max_length=16, description="Distinct player names, in turn order."
    )
    bet: int = Field(
        default=1, ge=1, le=10**9, strict=True, description="Stake per lá; payments × bet."
    )
    hands: dict[str, list[str]] = Field(description="The whole deal: cards by player name.")
    first: str | None = Field(
        default=None, description="Who acts first; when absent the game's first-game rule."
    )
    stock: list[str] | None = Field(
        default=None, description="Undealt cards in draw order (Tứ Sắc), first drawn first."
    )
    actions: list[RecordAction] = Field(
        default_factory=list, max_length=100_000, description="Every action, in order."
    )

    @model_validator(mode="after")
    def _names(self) -> GameRecord:
        if len(set(self.players)) != len(self.players):
            raise ValueError("players must have distinct names")
        known = set(self.players)
        for name in self.hands:
            if name not in known:
                raise ValueError(f"hands names {name!r}, who is not among the players")
        missing = [p for p in self.players if p not in self.hands]
        if missing:
            raise ValueError(f"no hand for {', '.join(missing)}")
        if self.first is not None and self.first not in known:
            raise ValueError(f"first names {self.first!r}, who is not among the players")
        for i, action in enumerate(self.actions):
            if action.player not in known:
                raise ValueError(
                    f"action {i} names {action.player!r}, who is not among the players"
                )
        return self

    def seat_of(self, name: str) -> int:
        """Seat index of a player."""
        return self.players.index(name)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON, actions in record form."""
        data = self.model_dump(exclude_none=True, exclude={"actions"})
        data["actions"] = [a.to_json() for a in self.actions]
        return data


def _check_tree(value: object, limit: int) -> str:
    """Why a decoded record cannot be read (too deep, a string that is not Unicode text),
    or an empty string. Iterative, so no depth can overflow the stack."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, d = stack.pop()
        if d > limit:
            return f"the record nests deeper than {limit} levels"
        if isinstance(item, dict):
            for k, v in item.items():
                stack.append((k, d))
                stack.append((v, d + 1))
        elif isinstance(item, list | tuple):
            stack.extend((v, d + 1) for v in item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                # a lone surrogate (JSON "\ud800") cannot be written out again as UTF-8
                return "the record holds a string that is not valid Unicode text"
    return ""


def load_record(source: str | bytes | dict[str, Any] | GameRecord) -> GameRecord:
    """Read a record from JSON text, bytes, a dict or a model; :class:`RecordError` if unreadable.

    >>> load_record('{"game": "x", "players": ["A"], "hands": {"A": []}}').players
    ['A']
    >>> try:
    ...     load_record('{"game": "x"')
    ... except RecordError as e:
    ...     print(e)
    the record is not valid JSON: Expecting ',' delimiter: line 1 column 13 (char 12)
    """
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, str | bytes):
        # the limit is in bytes: text may hold up to 4 UTF-8 bytes per character
        size = len(source)
        if isinstance(source, str) and size > MAX_RECORD_BYTES // 4:
            size = len(source.encode("utf-8", "surrogatepass"))
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"the record is larger than {MAX_RECORD_BYTES} bytes")
        if isinstance(source, bytes):
            try:
                source = source.decode("utf-8")
            except UnicodeDecodeError as e:
                raise RecordError(f"the record is not UTF-8 text (byte {e.start})") from None
        try:
            data = json.loads(source)
        except RecursionError:
            raise RecordError(f"the record nests deeper than {MAX_RECORD_DEPTH} levels") from None
        except ValueError as e:
            # JSONDecodeError, and Python's refusal of integers of thousands of digits
            raise RecordError(f"the record is not valid JSON: {_one_line(str(e))}") from None
    else:
        data = source
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    problem = _check_tree(data, MAX_RECORD_DEPTH)
    if problem:
        raise RecordError(problem)
    try:
        return GameRecord.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = _location(first["loc"]) or "record"
        raise RecordError(f"bad record at {where}: {_one_line(first['msg'])}") from None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _location(loc: Sequence[int | str]) -> str:
    """A pydantic error location as ``a.b.0``; names that are not plain text are quoted,
    so that a message stays one line whatever keys a record holds."""
    parts = []
    for p in loc:
        text = str(p)
        if isinstance(p, str) and (not text or not text.isprintable() or text != text.strip()):
            text = repr(p).encode("ascii", "backslashreplace").decode("ascii")
        parts.append(text)
    return ".".join(parts)


class ErrorReport(BaseModel):
    """The first illegal action of a record."""

    index: int = Field(description="Position of the action in the record's actions.")
    player: str = Field(description="Who tried it.")
    code: str = Field(description="Stable reason, e.g. does-not-beat or not-your-turn.")
    message: str = Field(description="One sentence for people.")


class ViolationReport(BaseModel):
    """A legal action that carries a penalty (Sâm báo một, Tứ Sắc đền)."""

    index: int = Field(description="Position of the action in the record's actions.")
    player: str = Field(description="Who is penalised.")
    rule: str = Field(description="The rule's code on the game's rules page.")
    message: str = Field(description="One sentence for people.")


class TransferReport(BaseModel):
    """One itemised payment: who pays whom, how much (lá × bet) and why."""

    model_config = ConfigDict(populate_by_name=True)

    from_: str = Field(alias="from", description="Who pays.")
    to: str = Field(description="Who receives.")
    amount: int = Field(description="Lá × bet; never negative.")
    reason: str = Field(description="Why, as a code listed on the game's rules page.")


class RefereeReport(BaseModel):
    """What the referee rules on a record.

    >>> r = RefereeReport(game="g", variant="v", legal=True, finished=False, outcome=None,
    ...                   winner=None, instant_win=None, payments={"A": 0}, violations=[],
    ...                   error=None)
    >>> r.model_dump()["payments"]
    {'A': 0}
    """

    model_config = ConfigDict(
        json_schema_extra={
            "description": "The referee's ruling on a record: legality, outcome and who pays"
            " whom (net lá × bet per player, summing to zero)."
        }
    )

    game: str = Field(description="The game's plugin name.")
    variant: str = Field(description="The preset the record was played under.")
    legal: bool = Field(description="False when an action was illegal (see error).")
    finished: bool = Field(description="Whether the game reached its end.")
    outcome: str | None = Field(
        description="How the game ended (win, instant-win, sam-success, sam-failed, draw,"
        " showdown, or a code on the game's rules page); null while unfinished."
    )
    winner: str | None = Field(
        description="Who won (after a failed Sâm, the blocker); null for a draw or unfinished."
    )
    instant_win: str | None = Field(description="The instant-win hand's code, else null.")
    payments: dict[str, int] = Field(
        description="Net lá × bet per player, positive = receives; sums to zero."
    )
    transfers: list[TransferReport] = Field(
        default_factory=list,
        description="Every payment itemised; their net is exactly the payments.",
    )
    violations: list[ViolationReport] = Field(description="Legal acts that carry a penalty.")
    error: ErrorReport | None = Field(description="The first illegal action, else null.")


def export_schemas(directory: Path) -> list[Path]:
    """Write the JSON Schemas of :class:`GameRecord` and :class:`RefereeReport` to
    ``directory`` (``game-record.schema.json``, ``referee-report.schema.json``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in export_schemas(Path(d))]
    ['game-record.schema.json', 'referee-report.schema.json']
    """
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in (("game-record", GameRecord), ("referee-report", RefereeReport)):
        path = directory / f"{name}.schema.json"
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            **model.model_json_schema(by_alias=True),
        }
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written
