"""Golden Sâm records: each ``NAME.json`` refereed must give exactly ``NAME.expected.json``.

The expected outputs were worked out by hand from the rules; the arithmetic of each is
in ``shared/records/samloc/README.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from vncards.core import RecordError, referee
from vncards.samloc import plugin

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "samloc"
# the reason codes listed on docs/rules/samloc.md
TRANSFER_REASONS = {
    "chop",
    "cards-left",
    "cong",
    "thoi-2",
    "thoi-hang",
    "bao-mot",
    "sam",
    "den",
    "instant-win",
}
NAMES = sorted(p.name[: -len(".json")] for p in RECORDS.glob("*.json") if ".expected" not in p.name)


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_record_has_an_expected_output() -> None:
    """Each record has its expected output and the other way round; none are missing."""
    expected = sorted(p.name[: -len(".expected.json")] for p in RECORDS.glob("*.expected.json"))
    assert expected == NAMES
    assert len(NAMES) >= 30


@pytest.mark.parametrize("name", NAMES)
def test_golden_record(name: str) -> None:
    """The referee's report equals the hand-worked expectation, field by field."""
    record = (RECORDS / f"{name}.json").read_text(encoding="utf-8")
    expected = _load(RECORDS / f"{name}.expected.json")
    assert referee(plugin, record).model_dump(mode="json", by_alias=True) == expected


@pytest.mark.parametrize("name", NAMES)
def test_golden_transfers_net_to_payments(name: str) -> None:
    """DESIGN referee ``transfers``: every payment itemised, amounts never negative, each
    reason a code of the rules page, and their net is exactly ``payments``."""
    report = referee(plugin, (RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    net = dict.fromkeys(report.payments, 0)
    for t in report.transfers:
        assert t.amount > 0
        assert t.reason in TRANSFER_REASONS
        net[t.from_] -= t.amount
        net[t.to] += t.amount
    assert net == report.payments


def test_golden_records_cover_every_outcome_and_preset() -> None:
    """The set exercises every outcome, every preset and every error code we raise."""
    outs = [_load(RECORDS / f"{n}.expected.json") for n in NAMES]
    assert {o["outcome"] for o in outs} >= {"win", "instant-win", "sam-success", "sam-failed", None}
    assert {o["variant"] for o in outs} == set(plugin.presets)
    codes = {o["error"]["code"] for o in outs if o["error"]}
    assert codes >= {"not-your-turn", "does-not-beat", "finish-on-two", "declare-after-play"}
    assert any(o["violations"] for o in outs)


def _record(**changes: Any) -> dict[str, Any]:
    base = _load(RECORDS / "pass-round-ends-gamevh.json")
    base.update(changes)
    return base  # type: ignore[no-any-return]


def test_random_first_lead_record_must_name_first() -> None:
    """first_lead=random (gamevh): a record without ``first`` cannot be read."""
    with pytest.raises(RecordError, match="first"):
        referee(plugin, _record(rules={"first_lead": "random"}))


def test_record_with_wrong_hand_size_is_unreadable() -> None:
    """A deal that is not a Sâm deal (9 cards) cannot be read."""
    bad = _record()
    bad["hands"]["An"] = bad["hands"]["An"][:9]
    with pytest.raises(RecordError, match="10"):
        referee(plugin, bad)


def test_record_with_unknown_setting_is_unreadable() -> None:
    """Unknown rule settings are refused (the rules model forbids extras)."""
    with pytest.raises(RecordError):
        referee(plugin, _record(rules={"thoi_hai": 3}))


def test_six_players_refused() -> None:
    """Players range (rules page): 2 to 5; a23 only 2 to 4."""
    five = _record(variant="a23")
    five["players"] = [*five["players"], "Em"]
    five["hands"]["Em"] = ["3C", "4S", "5H", "6C", "7H", "8C", "9D", "JS", "QD", "KS"]
    with pytest.raises(RecordError, match="2 to 4"):
        referee(plugin, five)


def test_naming_first_makes_a_later_game_except_under_random_first_lead() -> None:
    """With ``instant_wins_first_game_only`` (samloc-online), tới trắng counts in a
    match's first game only; a record names ``first`` for a later game, where the lowest
    card no longer leads. Under ``first_lead=random`` every record names ``first``, so
    naming it says nothing about the game being a later one: Bình's three triples
    (gamevh) still win at once, 20 lá from each of the three others."""
    three_triples = _load(RECORDS / "instant-three-triples-gamevh.json")
    once = {"instant_wins_first_game_only": True}
    later = referee(plugin, {**three_triples, "first": "An", "rules": once})
    assert (later.legal, later.finished, later.outcome) == (True, False, None)
    drawn = referee(
        plugin, {**three_triples, "first": "An", "rules": {**once, "first_lead": "random"}}
    )
    assert (drawn.outcome, drawn.winner, drawn.instant_win) == (
        "instant-win",
        "Bình",
        "three-triples",
    )
    assert drawn.payments == {"An": -20, "Bình": 60, "Chi": -20, "Dũng": -20}
