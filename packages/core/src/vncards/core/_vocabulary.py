"""What a game's records may say: the one-key action of a record, the value shapes of a
game's action keys and its vocabulary (action keys, outcome codes, transfer reasons).

The record envelope is core's (:mod:`vncards.core._records`); the key of each action and
the shape of its value are the game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Protocol, get_args, get_origin, runtime_checkable

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
from vncards.core._record_cards import (
    CARDS_SHAPE,
    OTHER_SHAPE,
    TRUE_SHAPE,
    WORDS_SHAPE,
    first_unchecked,
    fits,
)
from vncards.core._record_text import location, named, one_line, quoted

__all__ = [
    "CARD",
    "CARDS",
    "TRUE",
    "ActionKey",
    "DeclaresRecords",
    "HasActions",
    "RecordAction",
    "RecordVocabulary",
    "named_cards",
    "vocabulary_of",
    "word",
]


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
            shown = ", ".join(quoted(k) for k in given) or "none"
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
    _plain: tuple[int, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        adapter: TypeAdapter[Any] = TypeAdapter(self.shape)
        object.__setattr__(self, "_adapter", adapter)
        object.__setattr__(self, "_plain", _plain_shape(self.shape))

    def check(self, value: object, where: str) -> None:
        """Raise :class:`RecordError` when ``value`` does not have this key's shape."""
        if fits(self._plain[0], self._plain[1], value):
            return  # what pydantic would accept, known without asking it
        try:
            self._adapter.validate_python(value, strict=True)
        except ValidationError as e:
            first = e.errors()[0]
            inner = location(first["loc"])
            at = f"{where}.{self.key}" + (f".{inner}" if inner else "")
            message = one_line(first["msg"]).removeprefix("Value error, ")
            raise RecordError(f"bad record at {at}: {message}") from None

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of this key's value."""
        schema = self._adapter.json_schema()
        if self.description:
            schema["description"] = self.description
        return schema


def _plain_shape(shape: Any) -> tuple[int, tuple[str, ...]]:
    """The code a plain check knows ``shape`` by (see :func:`~._record_cards.fits`),
    and its words."""
    if shape is TRUE:
        return TRUE_SHAPE, ()
    if get_origin(shape) is list and get_args(shape) == (str,):
        return CARDS_SHAPE, ()
    words = get_args(shape)
    if get_origin(shape) is Literal and all(type(w) is str for w in words):
        return WORDS_SHAPE, words
    return OTHER_SHAPE, ()


class HasActions(Protocol):
    """A record, as far as a vocabulary reads it: its actions."""

    @property
    def actions(self) -> Sequence[RecordAction]:
        """Every action, in order."""
        ...


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
    >>> from vncards.core import load_record
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
    _shapes: dict[str, tuple[int, tuple[str, ...]]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key = {a.key: a for a in self.actions}
        if len(by_key) != len(self.actions) or "player" in by_key:
            raise ValueError("action keys must be distinct and not 'player'")
        object.__setattr__(self, "_by_key", by_key)
        shapes = {a.key: a._plain for a in self.actions}
        object.__setattr__(self, "_shapes", shapes)

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
                f"bad record at actions.{index}: {named(action.kind)} is not an action"
                f" of this game (known: {known})"
            )
        spec.check(action.value, f"actions.{index}")

    def check(self, record: HasActions) -> None:
        """Raise :class:`RecordError` at the first action this vocabulary cannot read."""
        actions = record.actions
        # the actions a plain check vouches for are skipped; from the first it cannot,
        # each is checked in full
        start = first_unchecked(self._shapes, actions)
        if start < 0:
            return
        for index in range(start, len(actions)):
            self.check_action(actions[index], index)

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


def vocabulary_of(plugin: object) -> RecordVocabulary | None:
    """The record vocabulary a plugin declares, or ``None`` for a plugin that declares
    none (its records are then read with any one key per action, unchecked).

    >>> vocabulary_of(object()) is None
    True
    """
    # what isinstance(plugin, DeclaresRecords) asks, without the protocol check's cost
    return getattr(plugin, "record_vocabulary", None)
