"""The referee's plain reading of records (``vncards.core._record_cards``, ``_ruling``):
each card token reads to the card the parser names, and a plain shape check accepts
only values pydantic accepts, so the referee rules and refuses exactly as before."""

from __future__ import annotations

from typing import Any

import pytest
from vncards.core import (
    CARDS,
    TRUE,
    ActionKey,
    RecordAction,
    RecordError,
    RecordVocabulary,
    get_game,
    load_record,
    parse_card,
    word,
)
from vncards.core._cards import format_card
from vncards.core._record_cards import card_id, first_unchecked, hand_mask, play_mask

SPELLINGS = [
    *(format_card(i) for i in range(52)),
    *(format_card(i, "symbol") for i in range(52)),
    *(format_card(i, "vietnamese") for i in range(52)),
    "th",
    "10 co",
    "2♥\ufe0f",
    " 3s ",
]

VALUES: list[Any] = [
    True,
    False,
    1,
    1.0,
    None,
    "sam",
    "SAM",
    "x",
    [],
    ["3S"],
    ["3S", 4],
    ("3S",),
    [["3S"]],
    {"a": 1},
]


@pytest.mark.parametrize("token", SPELLINGS)
def test_a_card_token_reads_as_the_parser_reads_it(token: str) -> None:
    # the notation rule: every spelling parse_card reads names the same card in a record
    assert card_id(token) == parse_card(token).id


@pytest.mark.parametrize("token", ["11S", "3X", "", "10", 3, None, ["3S"]])
def test_a_token_that_names_no_card_makes_the_record_unreadable(token: object) -> None:
    with pytest.raises(RecordError):
        card_id(token)


def test_a_card_twice_in_a_play_or_a_deal_is_refused() -> None:
    with pytest.raises(RecordError) as twice:
        play_mask(["QD", "Q rô"])
    assert twice.value.code == "card-twice"
    with pytest.raises(RecordError, match="card 3S is dealt twice"):
        hand_mask(["4S", "3S"], seen=1)
    assert hand_mask(["4S", "3S"], seen=0) == play_mask(["3S", "4S"]) == 0b10001


@pytest.mark.parametrize("shape", [CARDS, TRUE, word("sam", "tu"), int])
@pytest.mark.parametrize("value", VALUES)
def test_a_value_shape_is_checked_as_pydantic_checks_it(shape: Any, value: Any) -> None:
    # record vocabulary rule: an action's value has its key's shape, strictly
    key = ActionKey("k", shape)
    try:
        key._adapter.validate_python(value, strict=True)
        pydantic_accepts = True
    except ValueError:
        pydantic_accepts = False
    try:
        key.check(value, "actions.0")
        accepted = True
    except RecordError:
        accepted = False
    assert accepted == pydantic_accepts


def test_the_first_action_a_plain_check_cannot_vouch_for() -> None:
    vocab = RecordVocabulary(actions=(ActionKey("play", CARDS), ActionKey("pass", TRUE)))
    acts = [
        RecordAction.model_validate({"player": "A", "play": ["3S"]}),
        RecordAction.model_validate({"player": "A", "pass": True}),
        RecordAction.model_validate({"player": "A", "pass": 1}),
    ]
    assert first_unchecked(vocab._shapes, acts[:2]) == -1
    assert first_unchecked(vocab._shapes, acts) == 2
    record = load_record(
        {"game": "g", "players": ["A"], "hands": {"A": []}, "actions": [a.to_json() for a in acts]}
    )
    with pytest.raises(RecordError, match=r"actions\.2\.pass: Input should be true"):
        vocab.check(record)


def test_the_referee_rules_on_the_first_illegal_action_and_reads_every_later_card() -> None:
    plugin = get_game("tienlen")
    state = plugin.new_game(plugin.presets[plugin.default_preset], 2, 5)
    hands = plugin.record_deal(state)["hands"]
    first = plugin.record_deal(state)["first"]
    names = ["A", "B"]
    other = names[1 - first]
    base = {"game": "tienlen", "players": names, "first": names[first]}
    base["hands"] = dict(zip(names, hands, strict=True))
    illegal = {**base, "actions": [{"player": other, "pass": True}]}
    report = plugin.referee(illegal)
    assert (report.legal, report.error and report.error.code) == (False, "not-your-turn")
    unreadable = {**base, "actions": [*illegal["actions"], {"player": other, "play": ["3X"]}]}
    with pytest.raises(RecordError):
        plugin.referee(unreadable)
