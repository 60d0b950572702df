"""The record loader under attack: whatever bytes, text or JSON arrives, ``load_record``
returns a GameRecord or raises RecordError with a one-line message — nothing else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from vncards.core import MAX_RECORD_BYTES, MAX_RECORD_DEPTH, GameRecord, RecordError, load_record

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_MINIMAL = {"game": "x", "players": ["A"], "hands": {"A": []}}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


def _load(source: str | bytes | dict[str, Any]) -> GameRecord | RecordError:
    try:
        return load_record(source)
    except RecordError as e:
        error = e
    message = str(error)
    assert message.strip(), "an error needs a message"
    assert "\n" not in message, f"not a one-line message: {message!r}"
    return error


@FUZZ
@given(st.binary(max_size=200))
@example(b"\xff\xfe{}")
@example(b'{"game": "\xc3\x28"}')
def test_any_bytes_load_or_raise_record_error(raw: bytes) -> None:
    """Arbitrary bytes, including non-UTF-8, end in a record or a RecordError."""
    _load(raw)


@FUZZ
@given(st.text(max_size=200))
@example('"\\ud800"')
@example("NaN")
@example("[1e999]")
def test_any_text_loads_or_raises_record_error(text: str) -> None:
    """Arbitrary text ends in a record or a RecordError."""
    _load(text)


@FUZZ
@given(json_values)
def test_any_json_value_loads_or_raises_record_error(value: Any) -> None:
    """Any JSON value, as text or as a decoded object, ends in a record or a RecordError."""
    _load(json.dumps(value))
    if isinstance(value, dict):
        _load(value)


@FUZZ
@given(st.sampled_from([*sorted(GameRecord.model_fields), "pass", "extra"]), json_values)
def test_any_field_with_any_value_loads_or_raises_record_error(field: str, value: Any) -> None:
    """A minimal record with one field set to any JSON value ends in a record or a RecordError."""
    data = dict(_MINIMAL)
    data[field] = value
    _load(json.dumps(data))


@pytest.mark.parametrize(
    "field",
    ["bet", "players", "actions"],
)
def test_integer_too_long_to_convert_is_a_record_error(field: str) -> None:
    """Python refuses to read integers of more than 4300 digits (ValueError); the loader
    must turn that into a RecordError like any other unreadable JSON."""
    text = json.dumps(_MINIMAL)[:-1] + f', "{field}": {"9" * 5000}}}'
    assert isinstance(_load(text), RecordError)
    assert isinstance(_load(text.encode()), RecordError)


@pytest.mark.parametrize("opener", ["[", '{"a":', '{"game": "x", "rules": {"r":'])
@pytest.mark.parametrize("depth", [MAX_RECORD_DEPTH + 1, 1000, 200_000])
def test_deep_nesting_is_a_record_error(opener: str, depth: int) -> None:
    """JSON nested deeper than MAX_RECORD_DEPTH is refused, however deep (no RecursionError)."""
    text = opener * depth
    assert isinstance(_load(text), RecordError)


def test_deeply_nested_dict_is_a_record_error() -> None:
    """An already-decoded record nested far too deep is refused without recursion."""
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    data = dict(_MINIMAL, rules={"deep": nested})
    err = _load(data)
    assert isinstance(err, RecordError)
    assert str(MAX_RECORD_DEPTH) in str(err)


def test_nesting_within_the_limit_is_not_refused_for_depth() -> None:
    """Nesting up to MAX_RECORD_DEPTH levels (the root object is level 1, a scalar
    counts as a level) is read; one level more is refused."""
    nested: Any = 0
    for _ in range(MAX_RECORD_DEPTH - 3):
        nested = [nested]
    record = _load(dict(_MINIMAL, rules={"r": nested}))
    assert isinstance(record, GameRecord)
    too_deep = _load(dict(_MINIMAL, rules={"r": [nested]}))
    assert isinstance(too_deep, RecordError)


def test_oversized_records_are_refused_before_parsing() -> None:
    """Text or bytes larger than MAX_RECORD_BYTES is a RecordError naming the limit."""
    pad = " " * (MAX_RECORD_BYTES + 1)
    for source in (json.dumps(_MINIMAL) + pad, (json.dumps(_MINIMAL) + pad).encode()):
        err = _load(source)
        assert isinstance(err, RecordError)
        assert str(MAX_RECORD_BYTES) in str(err)


def test_oversized_utf8_text_is_refused() -> None:
    """The size limit is in bytes: text of fewer characters but more UTF-8 bytes than
    MAX_RECORD_BYTES is refused just as its encoded bytes are."""
    name = "ơ" * (MAX_RECORD_BYTES // 4 + 10)  # 2 bytes each in UTF-8, written twice
    text = json.dumps({"game": "x", "players": [name], "hands": {name: []}}, ensure_ascii=False)
    assert len(text) < MAX_RECORD_BYTES < len(text.encode())
    assert isinstance(_load(text.encode()), RecordError)
    assert isinstance(_load(text), RecordError)


def test_too_many_actions_is_a_record_error() -> None:
    """More than 100,000 actions is refused at load, so no referee run can be made to
    last arbitrarily long."""
    data = dict(_MINIMAL, actions=[{"player": "A", "pass": True}] * 100_001)
    assert isinstance(_load(data), RecordError)


@pytest.mark.parametrize(
    ("patch", "fragment"),
    [
        ({"players": ["A", "A"], "hands": {"A": []}}, "distinct"),
        ({"hands": {"A": [], "Z": []}}, "'Z'"),
        ({"players": ["A", "B"]}, "no hand for B"),
        ({"first": "Z"}, "'Z'"),
        ({"actions": [{"player": "Z", "pass": True}]}, "'Z'"),
        ({"actions": [{"player": "A"}]}, "exactly one"),
        ({"actions": [{"player": "A", "pass": True, "draw": True}]}, "exactly one"),
        ({"bet": 0}, "bet"),
        ({"bet": -3}, "bet"),
        ({"bet": 1.5}, "bet"),
        ({"game": ""}, "game"),
        ({"players": []}, "players"),
        ({"colour": "red"}, "colour"),
        ({"hands": {"A": "3S"}}, "hands"),
        ({"hands": {"A": [3]}}, "hands"),
    ],
)
def test_unreadable_records_name_what_is_wrong(patch: dict[str, Any], fragment: str) -> None:
    """Each way a record can be unreadable gives a RecordError whose message points at it."""
    data = {**_MINIMAL, **patch}
    err = _load(json.dumps(data))
    assert isinstance(err, RecordError), f"{patch} was accepted"
    assert fragment in str(err), f"{str(err)!r} does not mention {fragment!r}"


@pytest.mark.parametrize("bet", [True, "5", 2.0])
def test_bet_of_the_wrong_json_type_is_a_record_error(bet: object) -> None:
    """The stake is a JSON integer: ``true``, the string ``"5"`` or the float ``2.0`` is a
    record that was written wrong, and a referee that pays money must not guess what it
    meant (``true`` would silently become a stake of 1)."""
    err = _load(json.dumps({**_MINIMAL, "bet": bet}))
    assert isinstance(err, RecordError), f"bet {bet!r} was read as {getattr(err, 'bet', None)!r}"


@pytest.mark.parametrize(
    "data",
    [
        {**_MINIMAL, "hands": {"A": [], "B\nC": 3}},
        {**_MINIMAL, "rules\nx": 1},
        {**_MINIMAL, "hands": {"A": {"x\ny": 1}}},
    ],
)
def test_record_error_is_one_line_whatever_the_keys(data: dict[str, Any]) -> None:
    """A field name or key holding a line break is quoted, so the error (printed on one
    stderr line by the CLI) stays one line."""
    assert isinstance(_load(data), RecordError)
