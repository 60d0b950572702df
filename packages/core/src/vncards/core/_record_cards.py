"""What the referee reads at every action, as plain typed functions (compiled): a record's
card tokens to card ids and masks, and the value shapes of action keys that a plain check
decides exactly.

A token in record notation (``3S`` … ``2H``, as records are written) is found in a table;
any other spelling is parsed by :func:`~vncards.core.parse_card`, so every notation reads
as before. A value a plain check cannot vouch for goes to pydantic, which words the error.

>>> card_id("3S"), card_id("Q rô") == card_id("QD")
(0, True)
>>> bin(play_mask(["3S", "3C"]))
'0b11'
>>> fits(CARDS_SHAPE, (), ["3S"]), fits(TRUE_SHAPE, (), 1), fits(WORDS_SHAPE, ("sam",), "sam")
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from vncards.core._cards import _parse_id, format_card
from vncards.core._errors import NotationError, RecordError

__all__ = [
    "CARDS_SHAPE",
    "OTHER_SHAPE",
    "TRUE_SHAPE",
    "WORDS_SHAPE",
    "action_item",
    "card_id",
    "first_unchecked",
    "fits",
    "hand_mask",
    "play_mask",
]

_IDS: Final[dict[str, int]] = {
    token: _parse_id(token) for token in (format_card(i) for i in range(52))
}
"""Record notation → card id, read by the parser itself."""

OTHER_SHAPE: Final = 0
"""A value shape only pydantic checks."""
CARDS_SHAPE: Final = 1
"""A list of card tokens (``CARDS``)."""
TRUE_SHAPE: Final = 2
"""The JSON literal ``true`` (``TRUE``)."""
WORDS_SHAPE: Final = 3
"""One of a few words (``word(...)``)."""


def card_id(token: object) -> int:
    """The id of a record's card token; :class:`RecordError` when it names no card.

    >>> card_id("2H")
    51
    >>> try:
    ...     card_id(3)
    ... except RecordError as e:
    ...     print(e)
    a card is written as text, not 3
    """
    if type(token) is str:
        found = _IDS.get(token)
        if found is not None:
            return found
    if not isinstance(token, str):  # a record read without a vocabulary checks no shapes
        raise RecordError(f"a card is written as text, not {token!r}")
    try:
        return _parse_id(token)
    except NotationError as e:
        raise RecordError(str(e)) from None


def play_mask(tokens: Sequence[Any]) -> int:
    """The mask of the cards of one play; :class:`RecordError` (``card-twice``) when a
    card is named twice.

    >>> try:
    ...     play_mask(["3S", "3s"])
    ... except RecordError as e:
    ...     print(e.code, e)
    card-twice card 3s appears twice in one play
    """
    mask = 0
    for token in tokens:
        bit = 1 << card_id(token)
        if mask & bit:
            raise RecordError(
                f"card {token} appears twice in one play", code="card-twice", token=token
            )
        mask |= bit
    return mask


def hand_mask(tokens: Sequence[Any], seen: int) -> int:
    """The mask of a dealt hand; :class:`RecordError` when a card is in it twice or in
    ``seen`` (the hands before it).

    >>> try:
    ...     hand_mask(["3S"], 1)
    ... except RecordError as e:
    ...     print(e)
    card 3S is dealt twice
    """
    mask = 0
    for token in tokens:
        bit = 1 << card_id(token)
        if (mask | seen) & bit:
            raise RecordError(f"card {token} is dealt twice")
        mask |= bit
    return mask


def action_item(action: Any) -> tuple[str, Any]:
    """The key and value of a :class:`~vncards.core.RecordAction` (its ``kind`` and
    ``value``), read at once.

    >>> from vncards.core import RecordAction
    >>> action_item(RecordAction.model_validate({"player": "A", "play": ["3S"]}))
    ('play', ['3S'])
    """
    extra = action.__pydantic_extra__
    if type(extra) is dict and len(extra) == 1:
        for key, value in extra.items():
            return key, value
    return action.kind, action.value


def fits(shape: int, words: tuple[str, ...], value: object) -> bool:
    """Whether ``value`` certainly has the value shape ``shape`` (one of the
    ``*_SHAPE`` codes; ``words`` for :data:`WORDS_SHAPE`). ``False`` means: ask pydantic,
    which accepts or words the refusal.

    >>> fits(CARDS_SHAPE, (), ("3S",)), fits(OTHER_SHAPE, (), "x")
    (False, False)
    """
    if shape == CARDS_SHAPE:
        if type(value) is not list:
            return False
        return all(type(token) is str for token in value)
    if shape == TRUE_SHAPE:
        return value is True
    if shape == WORDS_SHAPE:
        return type(value) is str and value in words
    return False


def first_unchecked(shapes: dict[str, tuple[int, tuple[str, ...]]], actions: Sequence[Any]) -> int:
    """The index of the first action (a :class:`~vncards.core.RecordAction`) whose key is
    not in ``shapes`` (key → shape code and words) or whose value a plain check cannot
    vouch for, or -1 when every action is fine.

    >>> from vncards.core import RecordAction
    >>> acts = [RecordAction.model_validate({"player": "A", "pass": True}),
    ...         RecordAction.model_validate({"player": "A", "draw": True})]
    >>> first_unchecked({"pass": (TRUE_SHAPE, ())}, acts)
    1
    """
    for index, action in enumerate(actions):
        extra = action.__pydantic_extra__
        if type(extra) is not dict or len(extra) != 1:
            return index
        for key, value in extra.items():
            spec = shapes.get(key)
            if spec is None or not fits(spec[0], spec[1], value):
                return index
    return -1
