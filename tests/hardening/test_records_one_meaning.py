"""A record means exactly one thing (reliability item 7): a key given twice is unreadable
(not "the last one wins"), the stake and every rule setting are bounded so that no
record the referee accepts pays more than 2**53 (the largest integer a JavaScript
client reads exactly), ``players`` is a list (a set would make the seat order depend on
the hash seed), and ``moves`` refuses a hand larger than the game deals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner
from vncards.core import RecordError, RefereeReport, load_record
from vncards.core._records import MAX_BET, MAX_PAYMENT, MAX_RULE_NUMBER

from tests.hardening._support import Sample, installed_games, rule, sample_params

cli = pytest.importorskip("vncards.cli.app")

SAMPLES = sample_params(per_game=1)
SAMPLE_LIST = [p.values[0] for p in SAMPLES]
_ENV = {"VNCARDS_PLUGINS": ",".join(installed_games()) or "no-game-installed"}


def _int_settings(sample: Sample) -> list[str]:
    """The game's integer rule settings (none for a game without them)."""
    presets = getattr(sample.plugin, "presets", {})
    base = next(iter(presets.values()), None)
    if base is None:
        return []
    return [
        k for k, v in base.model_dump().items() if isinstance(v, int) and not isinstance(v, bool)
    ]


def test_duplicate_key_is_unreadable() -> None:
    """``"bet": 1, "bet": 1000`` has no single meaning, so the record is refused, naming
    the key, at any depth (the envelope, an action, a hand table)."""
    base = '{"game": "x", "players": ["A"], "hands": {"A": []}'
    for text in (
        base + ', "bet": 1, "bet": 1000}',
        base.replace('{"A": []}', '{"A": [], "A": ["3S"]}') + "}",
        base + ', "actions": [{"player": "A", "player": "A", "pass": true}]}',
    ):
        with pytest.raises(RecordError, match="twice") as caught:
            load_record(text)
        assert "\n" not in str(caught.value)


def test_duplicate_key_refused_by_the_referee_command(tmp_path: Any) -> None:
    """The CLI refuses the same record with exit code 2 and one line."""
    path = tmp_path / "dup.json"
    path.write_text(
        '{"game": "tienlen", "players": ["A", "B"], "hands": {"A": [], "B": []},'
        ' "bet": 1, "bet": 1000}',
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli.app, ["referee", str(path)], env=_ENV)
    assert result.exit_code == 2
    assert "twice" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_players_must_be_a_list() -> None:
    """A set (or tuple) of players from Python is refused: its order is the hash seed's."""
    for players in ({"A", "B"}, ("A", "B"), frozenset({"A"})):
        with pytest.raises(RecordError, match="players"):
            load_record({"game": "x", "players": players, "hands": {"A": [], "B": []}})


def test_bet_has_an_upper_bound() -> None:
    """The stake is at most ``MAX_BET``; one more is unreadable."""
    data = {"game": "x", "players": ["A"], "hands": {"A": []}}
    assert load_record({**data, "bet": MAX_BET}).bet == MAX_BET
    with pytest.raises(RecordError, match="bet"):
        load_record({**data, "bet": MAX_BET + 1})
    with pytest.raises(RecordError, match="bet"):
        load_record({**data, "bet": 10**9})


@pytest.mark.parametrize("value", [MAX_RULE_NUMBER + 1, -(10**12), 1e300, [10**20], {"x": 10**9}])
def test_rule_settings_have_an_upper_bound(value: Any) -> None:
    """Any number in ``rules`` beyond ``MAX_RULE_NUMBER`` in size is refused, whatever the
    game, before the game's own rules model sees it."""
    data = {"game": "x", "players": ["A"], "hands": {"A": []}, "rules": {"chop_two": value}}
    with pytest.raises(RecordError, match="chop_two"):
        load_record(data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sample=st.sampled_from(SAMPLE_LIST), huge=st.sampled_from([10**6, 10**9, 10**12, 10**30]))
def test_no_accepted_record_pays_more_than_2_53(sample: Sample, huge: int) -> None:
    """Every integer setting of the game and the stake set as high as an attacker likes:
    either the record is unreadable or every payment and transfer fits in 2**53."""
    overrides = dict.fromkeys(_int_settings(sample), huge)
    data = dict(sample.data, bet=huge, rules={**sample.data.get("rules", {}), **overrides})
    verdict = rule(sample.plugin, data)
    if isinstance(verdict, RefereeReport):
        assert all(abs(v) <= MAX_PAYMENT for v in verdict.payments.values())
        assert all(t.amount <= MAX_PAYMENT for t in verdict.transfers)
        json.dumps(verdict.model_dump(mode="json"))


@pytest.mark.parametrize("sample", SAMPLES)
def test_highest_stake_and_settings_still_pay_within_2_53(sample: Sample) -> None:
    """At the bounds themselves (``MAX_BET``, each setting ``MAX_RULE_NUMBER`` where the
    game allows it), a record is either refused or pays within 2**53: the bound never
    lets an exact payment through unchecked."""
    overrides = dict.fromkeys(_int_settings(sample), MAX_RULE_NUMBER)
    data = dict(sample.data, bet=MAX_BET, rules=overrides)
    verdict = rule(sample.plugin, data)
    if isinstance(verdict, RefereeReport):
        assert all(abs(v) <= MAX_PAYMENT for v in verdict.payments.values())
    else:
        assert "\n" not in str(verdict)


def test_moves_refuses_a_hand_larger_than_the_games() -> None:
    """``vncards moves tienlen`` with 14 cards: a Tiến lên hand holds 13, so the query is
    refused at once with one line (39 cards used to need gigabytes)."""
    if "tienlen" not in installed_games():
        pytest.skip("Tiến lên is not installed")
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    hand = " ".join([f"{r}S" for r in ranks] + ["3H"])
    result = CliRunner().invoke(cli.app, ["moves", "tienlen", "--hand", hand], env=_ENV)
    assert result.exit_code == 2, result.stdout
    assert "at most 13" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
