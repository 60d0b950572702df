"""Game records and referee reports: the JSON contracts other apps rely on.

A record is what a game server sends (the deal, who acts first, every action); a
report is what the referee answers. Both are pydantic models; their JSON Schemas are
exported to the project's ``shared/schemas/``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol, runtime_checkable

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    create_model,
    model_validator,
)
from vncards.core._errors import RecordError

__all__ = [
    "CARD",
    "CARDS",
    "MAX_BET",
    "MAX_PAYMENT",
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
    "export_schemas",
    "game_record_schema",
    "load_record",
    "named_cards",
    "record_schema",
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
MAX_QUOTED = 40
"""Most characters of the input that an error message quotes."""


class RecordAction(BaseModel):
    """One action of a record: ``player`` and exactly one other key, which the game owns.

    The record envelope is core's; what an action may say is the game's (its
    :class:`RecordVocabulary`). Loading checks only that there is one key besides
    ``player``; :func:`load_record` with a vocabulary checks that key and its value.

    >>> a = RecordAction.model_validate({"player": "An", "pass": True})
    >>> a.kind, a.value, a.to_json()
    ('pass', True, {'player': 'An', 'pass': True})
    """

    model_config = ConfigDict(
        extra="allow",
        frozen=True,
        json_schema_extra={
            "description": "One action: `player` and exactly one other key, one of the"
            " game's action keys (see the game's own schema, `vncards schema GAME`).",
            "minProperties": 2,
            "maxProperties": 2,
        },
    )

    player: str = Field(description="Who acts; one of the record's players.")

    @model_validator(mode="after")
    def _one_kind(self) -> RecordAction:
        given = list(self.__pydantic_extra__ or {})
        if len(given) != 1:
            shown = ", ".join(_quoted(k) for k in given) or "none"
            raise ValueError(f"an action needs exactly one key besides player (got {shown})")
        return self

    @property
    def kind(self) -> str:
        """The action's key, e.g. ``play``."""
        return next(iter(self.__pydantic_extra__ or {}))

    @property
    def value(self) -> Any:
        """The value under the action's key, as the record holds it."""
        return next(iter((self.__pydantic_extra__ or {}).values()))

    def to_json(self) -> dict[str, Any]:
        """The action as record JSON."""
        return {"player": self.player, self.kind: self.value}


def _quoted(key: str) -> str:
    if key and key.isprintable() and key == key.strip():
        return key
    return _named(key)


def _named(key: str) -> str:
    """A key quoted on one line, whatever characters it holds."""
    return repr(key).encode("ascii", "backslashreplace").decode("ascii")


CARD: Any = str
"""Value shape of an action naming one card, e.g. Tứ Sắc ``discard``."""
CARDS: Any = list[str]
"""Value shape of an action naming a list of cards, e.g. ``play`` or ``take``."""


def _json_bool(value: object) -> object:
    # 1 and 1.0 equal True in Python; in a record only the JSON literal true is true
    if not isinstance(value, bool):
        raise ValueError("Input should be true")
    return value


TRUE: Any = Annotated[Literal[True], BeforeValidator(_json_bool)]
"""Value shape of an action that is only ``true``, e.g. ``pass`` or ``draw``."""


def word(*words: str) -> Any:
    """Value shape of an action that is one of a few words, e.g. Sâm's ``declare: "sam"``.

    >>> word("sam") == Literal["sam"]
    True
    """
    return Literal[words]


def named_cards(*names: str) -> Any:
    """Value shape of an object holding a list of cards under each of ``names`` (all
    required, no other key), e.g. ``{"chi1": [...], "chi2": [...], "chi3": [...]}``.

    >>> shape = named_cards("chi1", "chi2")
    >>> TypeAdapter(shape).json_schema()["required"]
    ['chi1', 'chi2']
    """
    fields: dict[str, Any] = dict.fromkeys(names, (list[str], ...))
    return create_model("NamedCards", __config__=ConfigDict(extra="forbid"), **fields)


@dataclass(frozen=True)
class ActionKey:
    """One action key a game's records may use, and the shape of its value.

    ``shape`` is a type pydantic validates strictly: :data:`CARDS`, :data:`CARD`,
    :data:`TRUE`, :func:`word`, :func:`named_cards` or any other type pydantic knows.

    >>> ActionKey("play", CARDS, "The cards played.").check(["3S"], "actions.0")
    >>> try:
    ...     ActionKey("pass", TRUE, "Pass.").check(False, "actions.1")
    ... except RecordError as e:
    ...     print(e)
    bad record at actions.1.pass: Input should be True
    """

    key: str
    shape: Any
    description: str = ""
    _adapter: TypeAdapter[Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        adapter: TypeAdapter[Any] = TypeAdapter(self.shape)
        object.__setattr__(self, "_adapter", adapter)

    def check(self, value: object, where: str) -> None:
        """Raise :class:`RecordError` when ``value`` does not have this key's shape."""
        try:
            self._adapter.validate_python(value, strict=True)
        except ValidationError as e:
            first = e.errors()[0]
            inner = _location(first["loc"])
            at = f"{where}.{self.key}" + (f".{inner}" if inner else "")
            message = _one_line(first["msg"]).removeprefix("Value error, ")
            raise RecordError(f"bad record at {at}: {message}") from None

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of this key's value."""
        schema = self._adapter.json_schema()
        if self.description:
            schema["description"] = self.description
        return schema


@dataclass(frozen=True)
class RecordVocabulary:
    """What a game's records and reports may say: its action keys with their value
    shapes, its outcome codes and its transfer reasons (codes on its rules page).

    Core owns the record envelope (``game``, ``variant``, ``rules``, ``players``, ``bet``,
    ``hands``, ``first``, ``stock``, ``actions[].player``); a vocabulary owns the rest.

    >>> vocab = RecordVocabulary(
    ...     actions=(ActionKey("play", CARDS), ActionKey("pass", TRUE)),
    ...     outcomes=("win",), transfer_reasons=("cards-left",))
    >>> vocab.keys
    ('play', 'pass')
    >>> rec = load_record({"game": "g", "players": ["A"], "hands": {"A": []},
    ...                    "actions": [{"player": "A", "draw": True}]})
    >>> try:
    ...     vocab.check(rec)
    ... except RecordError as e:
    ...     print(e)
    bad record at actions.0: 'draw' is not an action of this game (known: play, pass)
    """

    actions: tuple[ActionKey, ...]
    outcomes: tuple[str, ...] = ()
    transfer_reasons: tuple[str, ...] = ()
    violations: tuple[str, ...] = ()
    _by_key: dict[str, ActionKey] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key = {a.key: a for a in self.actions}
        if len(by_key) != len(self.actions) or "player" in by_key:
            raise ValueError("action keys must be distinct and not 'player'")
        object.__setattr__(self, "_by_key", by_key)

    @property
    def keys(self) -> tuple[str, ...]:
        """The action keys, in declaration order."""
        return tuple(self._by_key)

    def check_action(self, action: RecordAction, index: int) -> None:
        """Raise :class:`RecordError` unless ``action`` uses one of these keys with a value
        of its shape."""
        spec = self._by_key.get(action.kind)
        if spec is None:
            known = ", ".join(self._by_key)
            raise RecordError(
                f"bad record at actions.{index}: {_named(action.kind)} is not an action"
                f" of this game (known: {known})"
            )
        spec.check(action.value, f"actions.{index}")

    def check(self, record: GameRecord) -> None:
        """Raise :class:`RecordError` at the first action this vocabulary cannot read."""
        for index, action in enumerate(record.actions):
            self.check_action(action, index)

    def action_schema(self) -> dict[str, Any]:
        """The JSON Schema of one action: ``player`` and exactly one known key."""
        return {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {
                        "player": {"type": "string", "description": "Who acts."},
                        a.key: a.json_schema(),
                    },
                    "required": ["player", a.key],
                    "additionalProperties": False,
                }
                for a in self.actions
            ]
        }


@runtime_checkable
class DeclaresRecords(Protocol):
    """A game plugin that declares its record vocabulary (every built-in game does).

    >>> class Game:
    ...     record_vocabulary = RecordVocabulary(actions=(ActionKey("pass", TRUE),))
    >>> isinstance(Game(), DeclaresRecords)
    True
    """

    @property
    def record_vocabulary(self) -> RecordVocabulary:
        """The game's action keys, outcome codes and transfer reasons."""
        ...


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
                    f"rules.{_short(key)} is out of range: a rule setting is a number"
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
                f"the record names the key {_short(e.key)} twice; a key appears once"
            ) from None
        except ValueError as e:
            # JSONDecodeError, and Python's refusal of integers of thousands of digits
            if "integer string conversion" in str(e):
                huge = "the record is not valid JSON: a number of thousands of digits"
                raise RecordError(huge) from None
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


def _short(text: str) -> str:
    """``text`` quoted on one line, cut to :data:`MAX_QUOTED` characters."""
    if len(text) > MAX_QUOTED:
        return _named(text[:MAX_QUOTED]) + f"… ({len(text)} characters)"
    return _named(text)


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

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

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


def vocabulary_of(plugin: object) -> RecordVocabulary | None:
    """The record vocabulary a plugin declares, or ``None`` for a plugin that declares
    none (its records are then read with any one key per action, unchecked).

    >>> vocabulary_of(object()) is None
    True
    """
    return plugin.record_vocabulary if isinstance(plugin, DeclaresRecords) else None


def record_schema(
    game: str,
    vocabulary: RecordVocabulary | None,
    presets: Sequence[str] = (),
    settings: Sequence[str] = (),
) -> dict[str, Any]:
    """The strict JSON Schema of one game's records: the envelope, ``game`` fixed,
    ``variant`` one of ``presets``, ``rules`` naming only ``settings`` (the fields of the
    game's rules model; their values are checked by the rules model itself) and each
    action exactly one of the game's keys with a value of its shape.

    >>> vocab = RecordVocabulary(actions=(ActionKey("play", CARDS), ActionKey("pass", TRUE)))
    >>> schema = record_schema("g", vocab, ["std"])
    >>> [sorted(a["required"]) for a in schema["properties"]["actions"]["items"]["oneOf"]]
    [['play', 'player'], ['pass', 'player']]
    """
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **GameRecord.model_json_schema(by_alias=True),
    }
    schema["title"] = f"{game} game record"
    props = schema["properties"]
    props["game"] = {**props["game"], "const": game}
    if presets:
        props["variant"] = {
            "description": props["variant"].get("description", ""),
            "anyOf": [{"enum": list(presets)}, {"type": "null"}],
        }
    if settings:
        props["rules"] = {
            "description": props["rules"].get("description", ""),
            "type": "object",
            "properties": {name: {} for name in settings},
            "additionalProperties": False,
        }
    if vocabulary is not None:
        props["actions"] = {**props["actions"], "items": vocabulary.action_schema()}
        schema.pop("$defs", None)
        if vocabulary.outcomes or vocabulary.transfer_reasons:
            schema["x-vncards"] = {
                "outcomes": list(vocabulary.outcomes),
                "transfer_reasons": list(vocabulary.transfer_reasons),
                "violations": list(vocabulary.violations),
            }
    return schema


def export_schemas(directory: Path, games: Mapping[str, object] | None = None) -> list[Path]:
    """Write the JSON Schemas of :class:`GameRecord` and :class:`RefereeReport` to
    ``directory`` (``game-record.schema.json``, ``referee-report.schema.json``), and for
    each of ``games`` (plugins by name) ``NAME.record.schema.json``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in export_schemas(Path(d))]
    ['game-record.schema.json', 'referee-report.schema.json']
    """
    directory.mkdir(parents=True, exist_ok=True)
    schemas: list[tuple[str, dict[str, Any]]] = []
    for name, model in (("game-record", GameRecord), ("referee-report", RefereeReport)):
        schemas.append(
            (
                name,
                {
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    **model.model_json_schema(by_alias=True),
                },
            )
        )
    for name, plugin in sorted((games or {}).items()):
        schemas.append((f"{name}.record", game_record_schema(plugin)))
    written = []
    for name, schema in schemas:
        path = directory / f"{name}.schema.json"
        path.write_text(schema_text(schema), encoding="utf-8")
        written.append(path)
    return written


def game_record_schema(plugin: Any, variant: str | None = None) -> dict[str, Any]:
    """:func:`record_schema` of an installed game: its name, vocabulary, presets and the
    settings of its rules model (what ``vncards schema GAME`` prints). With ``variant``
    (one of the presets), the schema of that variant's records: ``variant`` must name
    it, or may be left out when it is the default.

    >>> from vncards.core import get_game
    >>> sorted(game_record_schema(get_game("tienlen"))["properties"]["rules"]["properties"])[:2]
    ['cong_multiplier', 'finish_on_two']
    >>> game_record_schema(get_game("samloc"), "a23")["properties"]["variant"]["const"]
    'a23'
    """
    model = getattr(plugin, "rules_model", None)
    settings = (
        list(model.model_fields) if isinstance(model, type) and issubclass(model, BaseModel) else []
    )
    presets = list(getattr(plugin, "presets", {}))
    schema = record_schema(plugin.name, vocabulary_of(plugin), presets, settings)
    if variant is not None:
        if variant not in presets:
            known = ", ".join(presets)
            raise RecordError(f"{plugin.name} has no variant {variant!r} (known: {known})")
        props = schema["properties"]
        description = props["variant"].get("description", "")
        if variant == plugin.default_preset:
            props["variant"] = {
                "description": description,
                "anyOf": [{"const": variant}, {"type": "null"}],
            }
        else:
            props["variant"] = {"description": description, "const": variant}
            schema["required"] = [*schema.get("required", []), "variant"]
        schema["title"] = f"{plugin.name} ({variant}) game record"
    return schema


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as the project writes it: indented JSON, UTF-8, one final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
