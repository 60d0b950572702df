"""Game records: what the loader accepts and the one-sentence errors for what it refuses."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from vncards.core import (
    MAX_RECORD_BYTES,
    MAX_RECORD_DEPTH,
    GameRecord,
    RecordAction,
    RecordError,
    load_record,
)


def record(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "tienlen",
        "players": ["An", "Bình"],
        "hands": {"An": ["3S"], "Bình": ["4S"]},
        "actions": [{"player": "An", "play": ["3S"]}, {"player": "Bình", "pass": True}],
    }
    base.update(changes)
    return base


def test_load_record_reads_text_bytes_dict_and_model() -> None:
    """A record may come as JSON text, UTF-8 bytes, a dict or a model; defaults fill in."""
    text = json.dumps(record(), ensure_ascii=False)
    for source in (text, text.encode("utf-8"), record()):
        r = load_record(source)
        assert r.players == ["An", "Bình"]
        assert r.bet == 1
        assert r.variant is None
        assert r.rules == {}
        assert r.first is None
        assert [a.kind for a in r.actions] == ["play", "pass"]
    model = load_record(text)
    assert load_record(model) is model
    assert model.seat_of("Bình") == 1


def test_record_to_json_round_trip() -> None:
    """to_json writes the record form (``pass``, not ``pass_``), which reads back equal."""
    r = load_record(record(bet=3, first="Bình", variant="dem-la"))
    data = r.to_json()
    assert data["actions"][1] == {"player": "Bình", "pass": True}
    assert load_record(data) == r


@pytest.mark.parametrize(
    ("source", "fragment"),
    [
        ('{"game": "x"', "not valid JSON"),
        ("[1, 2]", "a record is a JSON object"),
        (b"\xff\xfe{}", "not UTF-8"),
        (json.dumps(record(hands={"An": ["3S"], "Chi": ["4S"]})), "'Chi'"),
        (json.dumps(record(first="Chi")), "'Chi'"),
        (json.dumps(record(actions=[{"player": "Chi", "pass": True}])), "'Chi'"),
        (json.dumps(record(players=["An", "An"], hands={"An": []})), "distinct"),
        (json.dumps(record(hands={"An": ["3S"]})), "no hand for Bình"),
        (json.dumps(record(bet=0)), "bet"),
        (json.dumps(record(extra=1)), "extra"),
        (json.dumps(record(actions=[{"player": "An"}])), "exactly one"),
        (json.dumps(record(actions=[{"player": "An", "pass": True, "play": []}])), "exactly one"),
        (json.dumps(record(players=[])), "players"),
    ],
)
def test_load_record_errors(source: str | bytes, fragment: str) -> None:
    """Unreadable records raise RecordError with one sentence naming what is wrong: bad
    JSON, non-UTF-8 bytes, names not among the players, duplicate names, bad fields."""
    with pytest.raises(RecordError) as info:
        load_record(source)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_load_record_depth_limit() -> None:
    """JSON nested deeper than MAX_RECORD_DEPTH is refused before validation."""
    deep: Any = "x"
    for _ in range(MAX_RECORD_DEPTH + 2):
        deep = [deep]
    with pytest.raises(RecordError, match="nests deeper"):
        load_record(record(rules={"house": deep}))
    very_deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(RecordError):
        load_record('{"game": "x", "rules": ' + very_deep + "}")


def test_load_record_size_limit() -> None:
    """Text larger than MAX_RECORD_BYTES is refused unread."""
    with pytest.raises(RecordError, match="larger than"):
        load_record(" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        load_record(b" " * (MAX_RECORD_BYTES + 1))


@given(st.binary(max_size=200))
def test_load_record_never_crashes_on_bytes(data: bytes) -> None:
    """Any bytes either load or raise RecordError — never another exception."""
    with contextlib.suppress(RecordError):
        load_record(data)


def test_record_action_kinds() -> None:
    """Each action kind reads with its key; the JSON form uses the record's spelling."""
    samples = [
        ({"player": "A", "play": ["3S"]}, "play"),
        ({"player": "A", "pass": True}, "pass"),
        ({"player": "A", "declare": "sam"}, "declare"),
        ({"player": "A", "discard": "RK"}, "discard"),
        ({"player": "A", "take": []}, "take"),
        ({"player": "A", "draw": True}, "draw"),
    ]
    for data, kind in samples:
        action = RecordAction.model_validate(data)
        assert action.kind == kind
        assert action.to_json() == data
    assert GameRecord.model_validate(record()).actions[1].value is True


def test_load_record_size_limit_counts_utf8_bytes() -> None:
    """The size limit is in bytes: text with fewer characters than MAX_RECORD_BYTES but
    more UTF-8 bytes is refused like its encoded form."""
    text = '{"game": "' + "ơ" * (MAX_RECORD_BYTES // 2 + 1) + '"}'
    assert len(text) < MAX_RECORD_BYTES < len(text.encode())
    with pytest.raises(RecordError, match="larger than"):
        load_record(text)


def test_load_record_huge_integer_is_record_error() -> None:
    """An integer of thousands of digits (which Python refuses to read) is unreadable JSON."""
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record('{"game": "x", "bet": ' + "9" * 5000 + "}")


@pytest.mark.parametrize("bet", [True, "5", 2.0])
def test_bet_must_be_a_json_integer(bet: object) -> None:
    """A bet written as a boolean, a string or a float is refused, not coerced."""
    with pytest.raises(RecordError, match="bet"):
        load_record(record(bet=bet))


def test_lone_surrogate_is_record_error() -> None:
    """A string that is not Unicode text (a lone surrogate escape) makes the record
    unreadable, since no report naming it could be written as UTF-8."""
    with pytest.raises(RecordError, match="not valid Unicode"):
        load_record(
            '{"game": "x", "players": ["\\ud800"], "hands": {"\\ud800": []}, "actions": []}'
        )


@pytest.mark.parametrize("key", ["\n", "B\nC", " A", ""])
def test_error_message_is_one_line_whatever_the_keys(key: str) -> None:
    """A key holding a newline or spaces is quoted in the message, which stays one line."""
    with pytest.raises(RecordError) as info:
        load_record(record(hands={key: None}))
    assert "\n" not in str(info.value)
    with pytest.raises(RecordError) as info:
        load_record(record(rules=None, actions=[{"player": "An", key: 1}]))
    assert "\n" not in str(info.value)
