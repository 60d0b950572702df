"""Golden Mậu Binh records: the referee's answer to every record in
shared/records/maubinh/ must be exactly the expected JSON beside it, worked out by hand
(the arithmetic is in shared/records/maubinh/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from vncards.core import RecordError, referee
from vncards.maubinh import INSTANT_CODES, REASONS, plugin

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "maubinh"
NAMES = sorted(p.name[: -len(".json")] for p in RECORDS.glob("*.json") if ".expected" not in p.name)


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (RECORDS / f"{name}.expected.json").read_text(encoding="utf-8")
    )
    return data


def test_golden_records_cover_the_rules_page() -> None:
    """The records exercise every error code, every instant hand, every outcome and
    every transfer reason of the rules page."""
    answers = [expected(n) for n in NAMES]
    codes = {e["error"]["code"] for e in answers if e["error"]}
    assert codes == {"bad-arrangement", "not-your-cards", "already-arranged", "instant-win-hand"}
    assert {e["instant_win"] for e in answers} >= set(INSTANT_CODES)
    assert {e["outcome"] for e in answers} == {None, "showdown", "instant-win", "draw"}
    assert {t["reason"] for e in answers for t in e["transfers"]} == set(REASONS)
    assert len(NAMES) >= 30


@pytest.mark.parametrize("name", NAMES)
def test_golden_record(name: str) -> None:
    """The referee gives the hand-worked answer for this record."""
    got = referee(plugin, (RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    assert got.model_dump(mode="json", by_alias=True) == expected(name)


def test_bet_multiplies_every_payment_and_transfer() -> None:
    """Referee contract: payments and transfers are chi × bet (the worked example, +4)."""
    record = load("worked-example")
    for bet in (1, 3, 1000):
        record["bet"] = bet
        report = referee(plugin, record)
        assert report.payments == {"An": 4 * bet, "Bình": -4 * bet}
        assert sum(t.amount for t in report.transfers) == 6 * bet


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: r["hands"]["An"].pop(), "dealt 12 cards"),
        (lambda r: r["hands"]["An"].__setitem__(0, r["hands"]["Bình"][0]), "dealt twice"),
        (lambda r: r["actions"].append({"player": "An", "play": ["3S"]}), "play"),
        (lambda r: r["actions"][0]["arrange"].pop("chi3"), "chi3"),
        (lambda r: r["actions"][0]["arrange"]["chi1"].__setitem__(0, "1X"), "1X"),
        (lambda r: r.__setitem__("variant", "poker"), "poker"),
        (lambda r: r.__setitem__("rules", {"wheel": "middle"}), "wheel"),
        (lambda r: r.__setitem__("stock", ["3S"]), "stock"),
        (lambda r: r.__setitem__("players", ["An"]), "Bình"),
    ],
)
def test_unreadable_records_are_refused(change: Any, match: str) -> None:
    """Referee contract: a deal that is not a deal, an action that is not an
    arrangement, an unknown card, variant or setting cannot be read."""
    record = load("worked-example")
    change(record)
    with pytest.raises(RecordError, match=match):
        referee(plugin, record)
