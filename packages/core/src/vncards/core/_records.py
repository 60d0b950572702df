"""Game records: the JSON contract a game server sends to be refereed (the deal, who
acts first, every action), read with every limit a service needs (size, depth, numbers,
text), and checked against a game's vocabulary when one is given.

The vocabulary (:mod:`vncards.core._vocabulary`), the referee's report
(:mod:`vncards.core._reports`) and the JSON Schemas (:mod:`vncards.core._schemas`) have
rooms of their own; their names are imported here too, where older code finds them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from vncards.core._errors import RecordError
from vncards.core._record_text import MAX_QUOTED, location, one_line, short
from vncards.core._reports import ErrorReport, RefereeReport, TransferReport, ViolationReport
from vncards.core._vocabulary import (
    CARD,
    CARDS,
    TRUE,
    ActionKey,
    DeclaresRecords,
    RecordAction,
    RecordVocabulary,
    named_cards,
    vocabulary_of,
    word,
)

__all__ = [
    "CARD",
    "CARDS",
    "MAX_BET",
    "MAX_PAYMENT",
    "MAX_QUOTED",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_DEPTH",
    "MAX_RULE_NUMBER",
    "TRUE",
    "ActionKey",
    "DeclaresRecords",
    "ErrorReport",
    "GameRecord",
    "RecordAction",
    "RecordVocabulary",
    "RefereeReport",
    "TransferReport",
    "ViolationReport",
    "check_payments",
    "load_record",
    "named_cards",
    "rule_too_big",
    "vocabulary_of",
    "word",
]

MAX_RECORD_BYTES = 4 * 1024 * 1024
"""Largest record the loader reads; a real game record is a few kilobytes."""
MAX_RECORD_DEPTH = 16
"""Deepest JSON nesting the loader accepts (a record needs 4)."""
MAX_BET = 10**6
"""Largest stake per lá a record may name."""
MAX_RULE_NUMBER = 1000
"""Largest number (in size) a record's ``rules`` may set; a real setting is a few lá."""
MAX_PAYMENT = 2**53
"""Largest amount a report may carry: beyond it JSON numbers lose precision in
JavaScript. A record whose game would pay more is unreadable."""


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
        default_factory=dict,
        description="Single settings overriding the preset; any number in them is at most"
        " 1000 in size.",
    )
    players: list[str] = Field(
        min_length=1,
        max_length=16,
        strict=True,
        description="Distinct player names, in turn order.",
        json_schema_extra={"uniqueItems": True},
    )
    bet: int = Field(
        default=1, ge=1, le=MAX_BET, strict=True, description="Stake per lá; payments × bet."
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
        for key, value in self.rules.items():
            if rule_too_big(value):
                raise ValueError(
                    f"rules.{short(key)} is out of range: a rule setting is a number"
                    f" of at most {MAX_RULE_NUMBER} in size"
                )
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


def rule_too_big(value: object) -> bool:
    """Whether a rule setting holds a number larger than :data:`MAX_RULE_NUMBER` (a
    record holding one is unreadable), at any depth.

    >>> rule_too_big(5), rule_too_big([1, 10**6]), rule_too_big(True)
    (False, True, False)
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int | float) and not abs(item) <= MAX_RULE_NUMBER:
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


def check_payments(amounts: Sequence[int]) -> None:
    """Raise :class:`RecordError` when a payment exceeds :data:`MAX_PAYMENT` in size.

    >>> check_payments([5, -5])
    >>> try:
    ...     check_payments([2**60, -(2**60)])
    ... except RecordError as e:
    ...     print(e)
    the record's game pays more than 2**53 (too large for JSON clients)
    """
    if any(abs(a) > MAX_PAYMENT for a in amounts):
        raise RecordError("the record's game pays more than 2**53 (too large for JSON clients)")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKeyError(key)
        out[key] = value
    return out


class _DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


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


def load_record(
    source: str | bytes | dict[str, Any] | GameRecord,
    vocabulary: RecordVocabulary | None = None,
) -> GameRecord:
    """Read a record from JSON text, bytes, a dict or a model; :class:`RecordError` if unreadable.

    Without ``vocabulary`` only the envelope is checked (each action has ``player`` and
    one other key); with it, every action must use one of its keys with a value of the
    right shape (:meth:`RecordVocabulary.check`).

    >>> load_record('{"game": "x", "players": ["A"], "hands": {"A": []}}').players
    ['A']
    >>> try:
    ...     load_record('{"game": "x"')
    ... except RecordError as e:
    ...     print(e)
    the record is not valid JSON: Expecting ',' delimiter: line 1 column 13 (char 12)
    """
    if isinstance(source, GameRecord):
        if vocabulary is not None:
            vocabulary.check(source)
        return source
    record = _load(source)
    if vocabulary is not None:
        vocabulary.check(record)
    return record


def _load(source: str | bytes | dict[str, Any]) -> GameRecord:
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
            data = json.loads(source, object_pairs_hook=_unique_keys)
        except RecursionError:
            raise RecordError(f"the record nests deeper than {MAX_RECORD_DEPTH} levels") from None
        except _DuplicateKeyError as e:
            raise RecordError(
                f"the record names the key {short(e.key)} twice; a key appears once"
            ) from None
        except ValueError as e:
            # JSONDecodeError, and Python's refusal of integers of thousands of digits
            if "integer string conversion" in str(e):
                huge = "the record is not valid JSON: a number of thousands of digits"
                raise RecordError(huge) from None
            raise RecordError(f"the record is not valid JSON: {one_line(str(e))}") from None
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
        where = location(first["loc"]) or "record"
        raise RecordError(f"bad record at {where}: {one_line(first['msg'])}") from None
