"""Golden Tiến lên records: the referee's answer to every record in
shared/records/tienlen/ must be exactly the expected JSON beside it, worked out by hand
(the arithmetic is in shared/records/tienlen/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from vncards.core import RecordError, referee
from vncards.tienlen import plugin

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "tienlen"
NAMES = sorted(p.name[: -len(".json")] for p in RECORDS.glob("*.json") if ".expected" not in p.name)


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_golden_records_cover_every_error_code_and_outcome() -> None:
    """The records exercise every refusal code and every outcome of the rules page, the
    Northern preset's ``must-follow`` and ``finish-on-two`` included."""
    expected = [
        json.loads((RECORDS / f"{n}.expected.json").read_text(encoding="utf-8")) for n in NAMES
    ]
    codes = {e["error"]["code"] for e in expected if e["error"]}
    assert codes >= {
        "not-your-turn", "card-not-in-hand", "not-a-combination", "does-not-beat",
        "passed-this-round", "cannot-pass-lead", "game-over", "empty-play",
        "wrong-first-play", "unknown-action", "must-follow", "finish-on-two",
    }  # fmt: skip
    wins = {e["instant_win"] for e in expected}
    assert wins >= {"dragon", "four-twos", "five-pair-run", "six-pairs"}
    assert {e["outcome"] for e in expected} == {None, "win", "instant-win"}
    assert len(NAMES) >= 40


@pytest.mark.parametrize("name", NAMES)
def test_golden_record(name: str) -> None:
    """The referee gives the hand-worked answer for this record. An expected file that
    lists no ``transfers`` is checked on everything else, and the transfers on their net:
    exactly the payments (referee contract)."""
    want = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    got = referee(plugin, (RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    report = got.model_dump(mode="json", by_alias=True)
    if "transfers" not in want:
        net = dict.fromkeys(report["payments"], 0)
        for t in report.pop("transfers"):
            net[t["from"]] -= t["amount"]
            net[t["to"]] += t["amount"]
        assert net == report["payments"]
    assert report == want


def test_bet_multiplies_every_payment() -> None:
    """Referee contract: payments are lá × bet (seed: 3 cards × 1000 = 3000)."""
    record = load("seed-three-cards-bet-1000")
    for bet in (1, 7):
        record["bet"] = bet
        assert referee(plugin, record).payments == {"An": 3 * bet, "Bình": -3 * bet}


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: r.pop("first"), "first"),
        (lambda r: r["hands"]["An"].pop(), "dealt 12 cards"),
        (lambda r: r["hands"]["An"].__setitem__(0, r["hands"]["Bình"][0]), "dealt twice"),
        (lambda r: r["actions"].append({"player": "An", "discard": "3S"}), "discard"),
        (lambda r: r["actions"].append({"player": "An", "play": ["3X"]}), "3X"),
        (lambda r: r.__setitem__("variant", "mien-trung"), "mien-trung"),
        (lambda r: r.__setitem__("rules", {"thoi_quad": -1}), "thoi_quad"),
    ],
)
def test_unreadable_records_are_refused(change: Any, match: str) -> None:
    """Referee contract: a record that is not a deal, names an unknown card or variant,
    or lacks ``first`` under a random first lead cannot be read."""
    record = load("seed-chat-chong-15")
    change(record)
    with pytest.raises(RecordError, match=match):
        referee(plugin, record)
