"""The referee under attack: every golden record and bot-game record, mutated.

Each mutation ends in a RefereeReport that is coherent (payments name every player and
sum to zero, an error points at a real action of its player) or in a RecordError — never
another exception. Mutations whose verdict is known pin it exactly: a card dealt twice
or a hand of the wrong size is unreadable; a play from the wrong seat is illegal at
that very action with ``not-your-turn``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vncards.core import RecordError, RefereeReport, format_card, parse_card
from vncards.core._records import MAX_BET, vocabulary_of

from tests.hardening._support import (
    Sample,
    check_report,
    golden_records,
    plugin_for,
    rule,
    sample_params,
    samples,
)

SAMPLES = samples()
ALL = sample_params()
FRENCH = sample_params([s for s in SAMPLES if s.plugin.deck == "french"])
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _report(sample: Sample, data: dict[str, Any]) -> RefereeReport:
    verdict = rule(sample.plugin, data)
    assert isinstance(verdict, RefereeReport), f"{sample.label}: unreadable: {verdict}"
    check_report(verdict, data)
    return verdict


def _refused(sample: Sample, data: dict[str, Any]) -> RecordError:
    verdict = rule(sample.plugin, data)
    assert isinstance(verdict, RecordError), f"{sample.label}: accepted a broken record: {verdict}"
    return verdict


def _first_hand(data: dict[str, Any]) -> tuple[str, list[str]]:
    name = data["players"][0]
    return name, data["hands"][name]


# ---------------------------------------------------------------- the records themselves


@pytest.mark.parametrize("sample", ALL)
def test_record_and_every_prefix_is_refereed_coherently(sample: Sample) -> None:
    """A whole record and each of its prefixes (a game stopped early) gets a coherent
    report; a prefix of a legal record is legal, and an unfinished game pays only the
    settled chop chains — still summing to zero."""
    full = _report(sample, sample.data)
    n = len(sample.data["actions"])
    cut_points = sorted({0, 1, n // 3, n // 2, n - 1} & set(range(n)))
    for cut in cut_points:
        data = dict(sample.data, actions=sample.data["actions"][:cut])
        part = _report(sample, data)
        if full.legal or (full.error is not None and cut <= full.error.index):
            assert part.legal, f"prefix of {cut} actions refused: {part.error}"


# ---------------------------------------------------------------- unreadable records


@pytest.mark.parametrize("sample", ALL)
def test_dropping_a_required_field_is_unreadable(sample: Sample) -> None:
    """Without ``game``, ``players`` or ``hands`` a record cannot be refereed."""
    for field in ("game", "players", "hands"):
        _refused(sample, {k: v for k, v in sample.data.items() if k != field})


@pytest.mark.parametrize("sample", ALL)
def test_dropping_an_optional_field_never_crashes(sample: Sample) -> None:
    """Without an optional field the record is refereed or refused, never a crash."""
    for field in ("variant", "rules", "bet", "first", "actions", "stock"):
        data = {k: v for k, v in sample.data.items() if k != field}
        verdict = rule(sample.plugin, data)
        if isinstance(verdict, RefereeReport):
            check_report(verdict, {**data, "actions": data.get("actions", [])})


@pytest.mark.parametrize("sample", ALL)
def test_renamed_fields_are_unreadable(sample: Sample) -> None:
    """A misspelt field (``Players``, ``hand``, ``action``) is refused, not ignored."""
    for old, new in (("players", "Players"), ("hands", "hand"), ("actions", "action")):
        data = {(new if k == old else k): v for k, v in sample.data.items()}
        _refused(sample, data)
    if sample.data["actions"]:
        data = copy.deepcopy(sample.data)
        data["actions"][0]["who"] = data["actions"][0].pop("player")
        _refused(sample, data)


@pytest.mark.parametrize("sample", ALL)
def test_other_game_name_is_unreadable(sample: Sample) -> None:
    """A record naming another game is refused by this game's referee."""
    _refused(sample, dict(sample.data, game=sample.data["game"] + "-x"))


@pytest.mark.parametrize("sample", ALL)
def test_unknown_variant_and_setting_are_unreadable(sample: Sample) -> None:
    """An unknown preset or an unknown rule setting makes the record unreadable."""
    _refused(sample, dict(sample.data, variant="no-such-variant"))
    _refused(sample, dict(sample.data, rules={"no_such_setting": 1}))


@pytest.mark.parametrize("sample", ALL)
def test_card_dealt_twice_is_unreadable(sample: Sample) -> None:
    """A deal where one card replaces another already dealt elsewhere is not a deal
    (French deck: a card twice; Tứ Sắc: five copies of one card)."""
    data = copy.deepcopy(sample.data)
    players = data["players"]
    a, b = players[0], players[-1] if len(players) > 1 else players[0]
    hand_a, hand_b = data["hands"][a], data["hands"][b]
    source = hand_a[0]
    target = next(i for i, c in enumerate(hand_b) if c != source)
    hand_b[target] = source
    _refused(sample, data)


@pytest.mark.parametrize("sample", ALL)
def test_hand_of_the_wrong_size_is_unreadable(sample: Sample) -> None:
    """A hand one card short, or holding one card more, is not a deal."""
    for name in sample.data["players"]:
        short = copy.deepcopy(sample.data)
        short["hands"][name].pop()
        _refused(sample, short)
    if sample.plugin.deck == "french":
        dealt = {parse_card(c).id for cards in sample.data["hands"].values() for c in cards}
        spare = [i for i in range(52) if i not in dealt]
        if spare:
            long = copy.deepcopy(sample.data)
            name, hand = _first_hand(long)
            hand.append(format_card(spare[0]))
            _refused(sample, long)


@pytest.mark.parametrize("sample", ALL)
def test_unknown_card_is_unreadable(sample: Sample) -> None:
    """An unreadable card in a hand, and in a played action, is a RecordError naming it."""
    plays = [i for i, a in enumerate(sample.data["actions"]) if "play" in a]
    for token in ["", "1S", "3X", "joker", "🂡", "3S3S", "\x00"]:
        data = copy.deepcopy(sample.data)
        _, hand = _first_hand(data)
        hand[0] = token
        err = _refused(sample, data)
        assert repr(token) in str(err) or token in str(err), f"{err} does not name {token!r}"
        if plays:
            data = copy.deepcopy(sample.data)
            data["actions"][plays[0]]["play"] = [token]
            _refused(sample, data)


@pytest.mark.parametrize("sample", ALL)
def test_unknown_player_is_unreadable(sample: Sample) -> None:
    """A name outside ``players`` in ``hands``, ``first`` or an action is a RecordError."""
    stranger = "Người lạ"
    data = copy.deepcopy(sample.data)
    name, _hand = _first_hand(data)
    data["hands"][stranger] = data["hands"].pop(name)
    _refused(sample, data)
    _refused(sample, dict(sample.data, first=stranger))
    if sample.data["actions"]:
        data = copy.deepcopy(sample.data)
        data["actions"][-1]["player"] = stranger
        _refused(sample, data)
    _refused(sample, dict(sample.data, players=[*sample.data["players"], stranger]))


@pytest.mark.parametrize("sample", ALL)
def test_too_many_or_too_few_players_is_unreadable(sample: Sample) -> None:
    """Seven players, or one, is outside every game's player range."""
    one = sample.data["players"][0]
    _refused(sample, dict(sample.data, players=[one], hands={one: sample.data["hands"][one]}))
    names = [f"P{i}" for i in range(7)]
    _refused(sample, dict(sample.data, players=names, hands={n: [] for n in names}, actions=[]))


@pytest.mark.parametrize("sample", ALL)
def test_non_utf8_bytes_are_unreadable(sample: Sample) -> None:
    """The record as bytes with an invalid UTF-8 byte is a RecordError."""
    raw = json.dumps(sample.data, ensure_ascii=False).encode()
    cut = raw.index(b'"players"')
    _refused(sample, raw[:cut] + b"\xff" + raw[cut:])  # type: ignore[arg-type]


# ---------------------------------------------------------------- illegal actions


@pytest.mark.parametrize("sample", FRENCH)
def test_play_from_the_wrong_seat_is_illegal_there(sample: Sample) -> None:
    """Moving one play or pass to another player makes exactly that action illegal with
    ``not-your-turn`` (the actions before it stay legal)."""
    full = _report(sample, sample.data)
    rng = random.Random(sample.label)
    actions = sample.data["actions"]
    limit = full.error.index if full.error is not None else len(actions)
    candidates = [
        i
        for i, a in enumerate(actions[:limit])
        if ("play" in a or "pass" in a) and not any("declare" in b for b in actions[i:])
    ]
    for i in rng.sample(candidates, min(4, len(candidates))):
        data = copy.deepcopy(sample.data)
        others = [p for p in data["players"] if p != actions[i]["player"]]
        data["actions"][i]["player"] = rng.choice(others)
        report = _report(sample, data)
        assert report.error is not None, f"action {i} by the wrong seat was accepted"
        assert (report.error.index, report.error.code) == (i, "not-your-turn")


@pytest.mark.parametrize("sample", FRENCH)
def test_playing_a_card_not_in_hand_is_illegal_there(sample: Sample) -> None:
    """A play holding a card its player does not have is illegal at that action with
    ``card-not-in-hand``."""
    full = _report(sample, sample.data)
    actions = sample.data["actions"]
    limit = full.error.index if full.error is not None else len(actions)
    plays = [i for i, a in enumerate(actions[:limit]) if "play" in a]
    if not plays:
        pytest.skip("no play to corrupt")
    i = plays[len(plays) // 2]
    player = actions[i]["player"]
    other = next(p for p in sample.data["players"] if p != player)
    stranger = sample.data["hands"][other][0]
    data = copy.deepcopy(sample.data)
    data["actions"][i]["play"] = [*actions[i]["play"][:-1], stranger]
    report = _report(sample, data)
    assert report.error is not None
    assert (report.error.index, report.error.code) == (i, "card-not-in-hand")


@pytest.mark.parametrize("sample", FRENCH)
def test_acting_after_the_game_ended_is_illegal(sample: Sample) -> None:
    """An action appended to a finished game is illegal at its index with ``game-over``."""
    full = _report(sample, sample.data)
    if not (full.legal and full.finished):
        pytest.skip("the record is not a finished legal game")
    known = vocabulary_of(sample.plugin)
    keys = set(known.keys) if known is not None else {"pass", "play"}
    first_card = sample.data["hands"][sample.data["players"][0]][0]
    extras: list[dict[str, Any]] = [
        e for e in ({"pass": True}, {"play": [first_card]}) if next(iter(e)) in keys
    ]
    # a game of its own actions (Mậu Binh's arrange): its last action once more
    last = {k: v for k, v in sample.data["actions"][-1].items() if k != "player"}
    extras.append(last)
    for extra in extras:
        for player in sample.data["players"]:
            actions = [*sample.data["actions"], {"player": player, **extra}]
            report = _report(sample, dict(sample.data, actions=actions))
            assert report.error is not None
            assert report.error.index == len(actions) - 1
            if extra is not last:  # a game's own action may be refused by its own rule
                assert report.error.code == "game-over"
            assert report.payments == full.payments, "a refused action changes no payment"


@pytest.mark.parametrize("sample", ALL)
def test_repeating_an_action_never_crashes(sample: Sample) -> None:
    """Each action repeated right after itself gives a coherent report; for a play, the
    repeat is illegal (its cards have left the hand)."""
    actions = sample.data["actions"]
    full = _report(sample, sample.data)
    limit = full.error.index if full.error is not None else len(actions)
    for i in range(0, limit, max(1, limit // 6)):
        data = dict(sample.data, actions=[*actions[: i + 1], actions[i], *actions[i + 1 :]])
        report = _report(sample, data)
        if "play" in actions[i] and sample.plugin.deck == "french":
            assert report.error is not None
            assert report.error.index == i + 1


# ---------------------------------------------------------------- who pays whom


@pytest.mark.parametrize("sample", ALL)
def test_payments_scale_with_the_bet(sample: Sample) -> None:
    """Payments are lá × bet: the same game at bet 7 pays exactly 7 times bet 1."""
    one = _report(sample, dict(sample.data, bet=1))
    seven = _report(sample, dict(sample.data, bet=7))
    assert seven.payments == {p: 7 * v for p, v in one.payments.items()}
    assert (seven.winner, seven.outcome, seven.error) == (one.winner, one.outcome, one.error)


def _rename(data: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out["players"] = [names[p] for p in data["players"]]
    out["hands"] = {names[p]: cards for p, cards in data["hands"].items()}
    if "first" in data:
        out["first"] = names[data["first"]]
    for a in out["actions"]:
        a["player"] = names[a["player"]]
    return out


@pytest.mark.parametrize("sample", ALL)
def test_renaming_players_moves_payments_with_them(sample: Sample) -> None:
    """Player names are labels only: renaming them all (even to names that sort the
    other way) gives the same verdict with every payment following its player."""
    before = _report(sample, sample.data)
    players = sample.data["players"]
    names = {p: f"{'ZYXWVUTSRQ'[i]} — {p[::-1]}" for i, p in enumerate(players)}
    after = _report(sample, _rename(sample.data, names))
    assert after.payments == {names[p]: v for p, v in before.payments.items()}
    assert after.winner == (None if before.winner is None else names[before.winner])
    assert (after.legal, after.finished, after.outcome, after.instant_win) == (
        before.legal,
        before.finished,
        before.outcome,
        before.instant_win,
    )
    assert [(v.index, v.player, v.rule) for v in after.violations] == [
        (v.index, names[v.player], v.rule) for v in before.violations
    ]


@pytest.mark.parametrize("style", ["symbol", "vietnamese", "lower"])
@pytest.mark.parametrize("sample", FRENCH)
def test_card_notation_does_not_change_the_verdict(sample: Sample, style: str) -> None:
    """The same record written with ``10♥``, ``10 cơ`` or ``10h`` is refereed identically."""

    def write(token: str) -> str:
        if style == "lower":
            return token.lower()
        return format_card(parse_card(token), style)

    data = copy.deepcopy(sample.data)
    data["hands"] = {p: [write(c) for c in cards] for p, cards in data["hands"].items()}
    for a in data["actions"]:
        if "play" in a:
            a["play"] = [write(c) for c in a["play"]]
    assert _report(sample, data) == _report(sample, sample.data)


TUSAC = sample_params([s for s in SAMPLES if s.plugin.deck == "tusac"])


@pytest.mark.parametrize("style", ["vietnamese", "lower"])
@pytest.mark.parametrize("sample", TUSAC)
def test_tusac_card_names_do_not_change_the_verdict(sample: Sample, style: str) -> None:
    """A Tứ Sắc record written with ``tướng đỏ`` names or lower-case codes — in hands,
    stock, discards and takes — is refereed identically."""
    tusac = pytest.importorskip("vncards.tusac")

    def write(token: str) -> str:
        if style == "lower":
            return token.lower()
        return str(tusac.format_card(tusac.parse_card(token), "vietnamese"))

    data = copy.deepcopy(sample.data)
    data["hands"] = {p: [write(c) for c in cards] for p, cards in data["hands"].items()}
    if data.get("stock") is not None:
        data["stock"] = [write(c) for c in data["stock"]]
    for a in data["actions"]:
        if "discard" in a:
            a["discard"] = write(a["discard"])
        if "take" in a:
            a["take"] = [write(c) for c in a["take"]]
    assert _report(sample, data) == _report(sample, sample.data)


@pytest.mark.parametrize("sample", ALL)
def test_field_order_does_not_change_the_verdict(sample: Sample) -> None:
    """JSON objects are unordered: reversed field order gives the same verdict."""
    data = dict(reversed(list(sample.data.items())))
    data["actions"] = [dict(reversed(list(a.items()))) for a in sample.data["actions"]]
    assert _report(sample, data) == _report(sample, sample.data)


def test_golden_records_are_present_for_every_installed_game() -> None:
    """Each installed game ships golden records with hand-worked expected reports."""
    games = {str(d.get("game")) for _, d, e in golden_records() if e is not None}
    missing = [
        s.plugin.name for s in SAMPLES if s.plugin.name != "toy" and s.plugin.name not in games
    ]
    assert not missing, f"no golden record with an expected report for {sorted(set(missing))}"


@pytest.mark.parametrize(
    ("path", "data", "expected"),
    [(p, d, e) for p, d, e in golden_records() if e is not None and plugin_for(str(d.get("game")))],
    ids=lambda v: v.name if hasattr(v, "name") else "",
)
def test_golden_record_verdict_survives_renaming_and_rebetting(
    path: Any, data: dict[str, Any], expected: dict[str, Any]
) -> None:
    """A golden record, its players renamed and its bet tripled, pays the hand-worked
    expected amounts × 3 to the renamed players."""
    plugin = plugin_for(data["game"])
    assert plugin is not None
    names = {p: f"#{i}" for i, p in enumerate(data["players"])}
    bet = int(data.get("bet", 1))
    moved = dict(_rename({"actions": [], **data}, names), bet=3 * bet)
    report = rule(plugin, moved)
    assert isinstance(report, RefereeReport), str(report)
    assert report.payments == {names[p]: 3 * v for p, v in expected["payments"].items()}
    want_winner = expected.get("winner")
    assert report.winner == (None if want_winner is None else names[want_winner])
    assert report.legal == expected["legal"]


# ---------------------------------------------------------------- random mutations

_JUNK: list[Any] = [None, True, 0, -1, 2**70, 1.5, "", "x", "3S", [], ["3S"], {}, {"a": 1}, [[[]]]]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value[:40]):
            out.extend(_paths(v, (*prefix, i)))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


def _mutate(data: dict[str, Any], draw: st.DataObject) -> dict[str, Any]:
    data = copy.deepcopy(data)
    paths = _paths(data)[1:]
    path = draw.draw(st.sampled_from(paths), label="path")
    parent = _get(data, path[:-1])
    key = path[-1]
    how = draw.draw(
        st.sampled_from(["junk", "delete", "duplicate", "swap", "card", "rename-key", "truncate"]),
        label="how",
    )
    if how == "junk":
        parent[key] = draw.draw(st.sampled_from(_JUNK), label="junk")
    elif how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        j = draw.draw(st.integers(0, len(parent) - 1), label="other")
        parent[key], parent[j] = parent[j], parent[key]
    elif how == "card":
        hands = data.get("hands")
        cards = (
            [c for cs in hands.values() if isinstance(cs, list) for c in cs]
            if isinstance(hands, dict)
            else []
        )
        cards = cards or ["3S"]
        parent[key] = draw.draw(st.sampled_from(cards), label="card")
    elif how == "rename-key" and isinstance(parent, dict):
        parent[str(key) + "_"] = parent.pop(key)
    elif how == "truncate" and isinstance(parent[key], list):
        parent[key] = parent[key][: draw.draw(st.integers(0, len(parent[key])), label="keep")]
    return data


@FUZZ
@given(st.sampled_from(SAMPLES), st.data())
def test_random_structural_mutations_never_crash(sample: Sample, draw: st.DataObject) -> None:
    """One to three random edits anywhere in a record (junk values, deletions,
    duplications, swaps, cards moved, keys renamed, lists cut) end in a coherent report
    or a RecordError."""
    data = sample.data
    for _ in range(draw.draw(st.integers(1, 3), label="edits")):
        data = _mutate(data, draw)
    verdict = rule(sample.plugin, data)
    if isinstance(verdict, RefereeReport):
        check_report(verdict, data)


@FUZZ
@given(st.sampled_from(SAMPLES), st.data())
def test_random_action_sequences_never_crash(sample: Sample, draw: st.DataObject) -> None:
    """The deal of a record with a random sequence of plausible actions (its own actions
    shuffled, repeated, given to other players) gets a coherent report."""
    actions = sample.data["actions"] or [{"player": sample.data["players"][0], "pass": True}]
    picked = draw.draw(st.lists(st.sampled_from(actions), max_size=30), label="actions")
    players = sample.data["players"]
    owners = draw.draw(
        st.lists(st.sampled_from(players), min_size=len(picked), max_size=len(picked))
    )
    data = dict(
        sample.data, actions=[{**a, "player": p} for a, p in zip(picked, owners, strict=True)]
    )
    verdict = rule(sample.plugin, data)
    if isinstance(verdict, RefereeReport):
        check_report(verdict, data)


@FUZZ
@given(st.sampled_from(SAMPLES), st.data())
def test_random_byte_corruption_never_crashes(sample: Sample, draw: st.DataObject) -> None:
    """The record's JSON bytes with a few bytes overwritten, inserted or removed end in
    a coherent report or a RecordError."""
    raw = bytearray(json.dumps(sample.data, ensure_ascii=False).encode())
    for _ in range(draw.draw(st.integers(1, 4), label="edits")):
        i = draw.draw(st.integers(0, len(raw) - 1), label="at")
        byte = draw.draw(st.integers(0, 255), label="byte")
        how = draw.draw(st.sampled_from(["set", "insert", "delete"]), label="how")
        if how == "set":
            raw[i] = byte
        elif how == "insert":
            raw.insert(i, byte)
        else:
            del raw[i]
    verdict = rule(sample.plugin, bytes(raw))
    if isinstance(verdict, RefereeReport):
        check_report(verdict, json.loads(bytes(raw)))


@FUZZ
@given(
    st.sampled_from(SAMPLES),
    st.dictionaries(st.text(max_size=12), st.sampled_from(_JUNK), max_size=3),
)
def test_random_rule_overrides_never_crash(sample: Sample, overrides: dict[str, Any]) -> None:
    """Any ``rules`` object is either a valid override or a RecordError."""
    data = dict(sample.data, rules=overrides)
    verdict = rule(sample.plugin, data)
    if isinstance(verdict, RefereeReport):
        check_report(verdict, data)


@FUZZ
@given(st.sampled_from(SAMPLES), st.sampled_from([*_JUNK, 10**9 + 1, 10**30, -(10**30)]))
def test_random_bets_never_crash(sample: Sample, bet: Any) -> None:
    """Any ``bet`` value is a stake from 1 to ``MAX_BET`` or a RecordError."""
    data = dict(sample.data, bet=bet)
    verdict = rule(sample.plugin, data)
    if isinstance(verdict, RefereeReport):
        assert isinstance(bet, int)
        assert 1 <= bet <= MAX_BET
        check_report(verdict, data)
