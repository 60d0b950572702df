"""Game-owned record vocabulary (DESIGN "Game record"): core owns the envelope, each game
its action keys with their value shapes, outcome codes and transfer reasons. An action
with no known key, two keys or a value of the wrong shape makes the record unreadable,
and fails the game's JSON Schema exactly then."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from vncards.core import (
    CARD,
    CARDS,
    TRUE,
    ActionKey,
    DeclaresRecords,
    RecordError,
    RecordVocabulary,
    discover_games,
    game_record_schema,
    load_record,
    named_cards,
    referee,
    vocabulary_of,
    word,
)
from vncards.core.simulate import play_games

GAMES = discover_games()
BUILT_IN: list[str] = [g for g in ("tienlen", "samloc", "tusac", "maubinh") if g in GAMES]
SCHEMAS = Path(__file__).resolve().parents[2] / "shared" / "schemas"
RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records"

# DESIGN "Game record": each game's action keys, and an outcome its rules page names
_KEYS = {
    "tienlen": {"play", "pass", "declare"},  # a declaration is read, and refused as illegal
    "samloc": {"play", "pass", "declare"},
    "tusac": {"discard", "take", "draw", "pass"},
    "maubinh": {"arrange"},
}
_OUTCOME = {"tienlen": "win", "samloc": "sam-success", "tusac": "draw", "maubinh": "showdown"}
_ENVELOPE = {"game": "g", "players": ["A"], "hands": {"A": []}}
_SHEDDING = RecordVocabulary(
    actions=(
        ActionKey("play", CARDS),
        ActionKey("pass", TRUE),
        ActionKey("declare", word("sam")),
        ActionKey("discard", CARD),
        ActionKey("arrange", named_cards("chi1", "chi2", "chi3")),
    )
)


def _with(*actions: dict[str, Any]) -> dict[str, Any]:
    return {**_ENVELOPE, "actions": list(actions)}


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_game_declares_its_vocabulary(name: str) -> None:
    """Each game names its action keys, outcome codes and transfer reasons (DESIGN: "each
    game owns its action keys"; referee outcomes and transfer reasons are the game's)."""
    plugin = GAMES[name]
    assert isinstance(plugin, DeclaresRecords)
    vocab = plugin.record_vocabulary
    assert set(vocab.keys) == _KEYS[name]
    assert _OUTCOME[name] in vocab.outcomes
    assert vocab.transfer_reasons


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ({"player": "A", "pass": False}, "actions.0.pass"),
        ({"player": "A", "pass": 1}, "actions.0.pass"),
        ({"player": "A", "declare": "tới"}, "actions.0.declare"),
        ({"player": "A", "play": "3S"}, "actions.0.play"),
        ({"player": "A", "play": [3]}, "actions.0.play.0"),
        ({"player": "A", "discard": ["RK"]}, "actions.0.discard"),
        ({"player": "A", "arrange": {"chi1": [], "chi2": []}}, "actions.0.arrange.chi3"),
        ({"player": "A", "arrange": {"chi1": [], "chi2": [], "chi3": [], "x": []}}, "x"),
        ({"player": "A", "draw": True}, "'draw' is not an action of this game"),
        ({"player": "A", "\n": True}, "'\\n' is not an action"),
    ],
)
def test_an_action_of_the_wrong_shape_is_unreadable(action: dict[str, Any], fragment: str) -> None:
    """A value of the wrong shape, or a key the game does not know, is a RecordError naming
    where it is (one line)."""
    with pytest.raises(RecordError) as info:
        load_record(_with(action), _SHEDDING)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_the_envelope_alone_reads_any_one_key() -> None:
    """Without a vocabulary, core checks only its envelope: ``player`` and one other key."""
    record = load_record(_with({"player": "A", "arrange": {"chi1": ["AS"]}}))
    assert (record.actions[0].kind, record.actions[0].value) == ("arrange", {"chi1": ["AS"]})
    for bad in ({"player": "A"}, {"player": "A", "pass": True, "draw": True}):
        with pytest.raises(RecordError, match="exactly one"):
            load_record(_with(bad))


def test_a_game_may_add_its_own_action_key() -> None:
    """A key no built-in game uses (Mậu Binh's ``arrange``) reads with its declared shape."""
    arranged = {"chi1": ["AS"] * 5, "chi2": ["KS"] * 5, "chi3": ["2S"] * 3}
    record = load_record(_with({"player": "A", "arrange": arranged}), _SHEDDING)
    assert record.actions[0].value == arranged
    assert record.actions[0].to_json() == {"player": "A", "arrange": arranged}


@pytest.mark.parametrize("name", BUILT_IN)
def test_committed_schema_is_the_command_output(name: str) -> None:
    """shared/schemas/GAME.record.schema.json is what ``vncards schema GAME`` prints."""
    plugin = GAMES[name]
    committed = json.loads((SCHEMAS / f"{name}.record.schema.json").read_text("utf-8"))
    assert committed == game_record_schema(plugin)


# ----------------------------------------------------------------- the property

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 2) | st.floats(0, 1) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _game_record(name: str) -> tuple[dict[str, Any], list[str]]:
    """A short golden record of ``name`` (four actions or more where there is one), and
    its deal's card strings."""
    records = [
        json.loads(p.read_text("utf-8"))
        for p in sorted((RECORDS / name).glob("*.json"))
        if not p.name.endswith(".expected.json")
    ]
    # a legal record of some length: the actions inserted land between real ones
    data = min(records, key=lambda r: (len(r.get("actions", [])) < 4, len(json.dumps(r))))
    cards = sorted({c for hand in data["hands"].values() for c in hand})
    return data, cards


_RECORDS: dict[str, tuple[dict[str, Any], list[str]]] = {
    name: _game_record(name) for name in BUILT_IN
}


def _vocab(name: str) -> RecordVocabulary:
    vocab = vocabulary_of(GAMES[name])
    assert vocab is not None
    return vocab


def _values(cards: list[str]) -> st.SearchStrategy[Any]:
    card = st.sampled_from(cards)
    return st.one_of(
        _JSON,
        st.just(True),
        st.just("sam"),
        card,
        st.lists(card, max_size=3, unique=True),
        st.fixed_dictionaries({"chi1": st.lists(card, max_size=2)}),
    )


def _shaped(schema: dict[str, Any], cards: list[str]) -> st.SearchStrategy[Any]:
    """Values of the shape a key's JSON Schema describes, made of the deal's cards."""
    card = st.sampled_from(cards)
    if "const" in schema:
        return st.just(schema["const"])
    kind = schema.get("type")
    if kind == "array":
        return st.lists(card, max_size=3, unique=True)
    if kind == "object":
        keys = list(schema["properties"])
        return st.fixed_dictionaries({k: st.lists(card, max_size=3) for k in keys})
    return card


def _actions(name: str) -> st.SearchStrategy[dict[str, Any]]:
    players = _RECORDS[name][0]["players"]
    vocab = _vocab(name)
    keys = [*vocab.keys, "play", "pass", "draw", "declare", "arrange", "x"]
    values = _values(_RECORDS[name][1])
    player = st.sampled_from(players)
    good = st.one_of(
        *(
            st.builds(
                lambda p, v, k=a.key: {"player": p, k: v},
                player,
                _shaped(a.json_schema(), _RECORDS[name][1]),
            )
            for a in vocab.actions
        )
    )
    one = st.builds(lambda p, k, v: {"player": p, k: v}, player, st.sampled_from(keys), values)
    two = st.builds(
        lambda a, k, v: {**a, k: v} if k not in a else a, one, st.sampled_from(keys), values
    )
    return st.one_of(good, good, good, one, two)


@pytest.mark.parametrize("name", BUILT_IN)
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_schema_passes_exactly_when_the_referee_reads_the_actions(name: str, data: Any) -> None:
    """Property (DESIGN "Game record"): a record whose actions are changed at random passes
    the game's JSON Schema exactly when the referee does not call it unreadable for an
    action's shape; and a record that fails the schema is unreadable to the referee."""
    plugin = GAMES[name]
    record = copy.deepcopy(_RECORDS[name][0])
    actions = record["actions"]
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(actions)))
        actions.insert(index, data.draw(_actions(name)))
    schema = game_record_schema(plugin)
    valid = jsonschema.Draft202012Validator(schema).is_valid(record)
    event("passes the schema" if valid else "fails the schema")
    try:
        load_record(record, _vocab(name))
        readable = True
    except RecordError:
        readable = False
    assert valid == readable
    if not valid:
        with pytest.raises(RecordError):
            referee(plugin, record)
    else:  # of the right shape: legal or not, never unreadable for its shape (a string
        # that names no card is another matter)
        problem = ""
        try:
            referee(plugin, record)
        except RecordError as e:
            problem = str(e)
        assert not problem.startswith("bad record at actions"), problem


@pytest.mark.parametrize("name", BUILT_IN)
def test_reports_use_only_the_declared_outcomes_and_reasons(name: str) -> None:
    """DESIGN "Referee": outcome codes and transfer reasons are the game's own, listed
    by it; over simulated games (random and default bots, records refereed) every outcome
    and every transfer reason a report gives is one the game declares."""
    plugin = GAMES[name]
    vocab = _vocab(name)
    for bots in ("random", None):
        for summary in play_games(plugin, games=15, bots=bots, seed=7, keep_records=True):
            assert summary.record is not None
            report = referee(plugin, summary.record)
            assert report.outcome in vocab.outcomes, report.outcome
            for t in report.transfers:
                assert t.reason in vocab.transfer_reasons, t.reason
            for v in report.violations:
                assert v.rule in vocab.violations, v.rule


@pytest.mark.parametrize("name", BUILT_IN)
def test_rules_name_only_the_games_settings(name: str) -> None:
    """A record's ``rules`` may name only settings of the game's rules model: an unknown
    setting fails the schema and makes the record unreadable to the referee."""
    plugin = GAMES[name]
    record = copy.deepcopy(_RECORDS[name][0])
    validator = jsonschema.Draft202012Validator(game_record_schema(plugin))
    setting = next(iter(type(plugin.presets[plugin.default_preset]).model_fields))
    record["rules"] = {setting: getattr(plugin.presets[plugin.default_preset], setting)}
    assert validator.is_valid(record)
    record["rules"] = {"no_such_setting": 1}
    assert not validator.is_valid(record)
    with pytest.raises(RecordError, match="no_such_setting"):
        referee(plugin, record)


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_player_named_twice_fails_the_schema_and_the_referee(name: str) -> None:
    """Player names are distinct: a name listed twice fails the schema and makes the
    record unreadable to the referee."""
    plugin = GAMES[name]
    record = copy.deepcopy(_RECORDS[name][0])
    validator = jsonschema.Draft202012Validator(game_record_schema(plugin))
    assert validator.is_valid(record)
    record["players"] = [*record["players"][:-1], record["players"][0]]
    assert not validator.is_valid(record)
    with pytest.raises(RecordError):
        referee(plugin, record)
