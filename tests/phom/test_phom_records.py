"""Golden records refereed against hand-worked verdicts.

The verdicts in ``shared/records/phom/*.expected.json`` were worked out by hand from the
rules (the arithmetic is in ``shared/records/phom/README.md``). An error's message is
prose, so only its index, player and code are compared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from vncards.core import RecordError, referee
from vncards.phom import REASONS, plugin

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "phom"
NAMES = sorted(
    p.name.removesuffix(".json")
    for p in RECORDS.glob("*.json")
    if not p.name.endswith(".expected.json")
)


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _verdict(data: dict[str, Any]) -> dict[str, Any]:
    report = referee(plugin, data).model_dump(by_alias=True)
    if report["error"] is not None:
        report["error"].pop("message")
    return report


def test_every_case_has_a_golden_record() -> None:
    """Golden records cover a plain ranking, ù, móm, ăn gà, ăn chốt, đền, lay-offs,
    illegal actions and the stock running out."""
    assert len(NAMES) >= 20
    for name in NAMES:
        assert (RECORDS / f"{name}.expected.json").exists(), name
    assert {"ranking-worked-example", "an-chot-tai-after-meld", "lay-off-chain-wins"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_verdict(name: str) -> None:
    """Each golden record is refereed to its hand-worked verdict."""
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert _verdict(_load(name)) == expected


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_transfers_net_to_payments(name: str) -> None:
    """Rules page, "Transfers": every payment itemised with one of the page's reasons,
    positive, and netting to ``payments`` (× bet)."""
    data = _load(name)
    data["bet"] = 3
    report = referee(plugin, data)
    net = dict.fromkeys(report.payments, 0)
    for t in report.transfers:
        assert t.amount > 0
        assert t.from_ != t.to
        assert t.reason in REASONS
        net[t.from_] -= t.amount
        net[t.to] += t.amount
    assert net == report.payments
    assert sum(net.values()) == 0
    assert report.violations == []


def test_worked_example_of_the_rules_page() -> None:
    """Rules page, "End of the game", worked example: An +7; Bình (melded before Chi at
    equal points) −1, Chi −2, Dũng (móm) −4."""
    report = referee(plugin, _load("ranking-worked-example"))
    assert report.payments == {"An": 7, "Bình": -1, "Chi": -2, "Dũng": -4}
    assert [(t.from_, t.reason) for t in report.transfers] == [
        ("Bình", "rank"),
        ("Chi", "rank"),
        ("Dũng", "mom"),
    ]


def test_the_stock_runs_out_exactly_at_the_end() -> None:
    """Rules page, "Four discards each": with four players the game draws exactly the 15
    stock cards, the last on the last turn, whatever was taken."""
    for name in ("ranking-worked-example", "an-ga-tai-stock-runs-out", "an-chot-tai-after-meld"):
        data = _load(name)
        assert len(data["stock"]) == 15
        draws = [i for i, a in enumerate(data["actions"]) if "draw" in a]
        assert len(draws) == 15
        assert draws[-1] >= len(data["actions"]) - 3
        assert referee(plugin, data).finished


def test_tai_gives_the_taken_player_the_last_turn() -> None:
    """Rules page, "Four discards each" (tái): An's opening was taken, so An melds after
    Dũng and makes the last discard."""
    actions = _load("an-ga-tai-stock-runs-out")["actions"]
    melders = [a["player"] for a in actions if "meld" in a]
    assert melders == ["Bình", "Chi", "Dũng", "An"]
    assert actions[-1]["player"] == "An"


def test_den_is_one_u_and_one_den_transfer() -> None:
    """Rules page, "Transfers": the đền payer's own share stays a ``u`` transfer; the
    others' shares are one ``den`` transfer of their sum."""
    report = referee(plugin, _load("u-by-take-den"))
    rows = [(t.from_, t.to, t.amount, t.reason) for t in report.transfers]
    assert rows == [("An", "Bình", 1, "an-ga"), ("An", "Bình", 5, "u"), ("An", "Bình", 10, "den")]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d["hands"]["An"].pop(), "dealt 10"),
        (lambda d: d["stock"].pop(), "stock"),
        (lambda d: d.pop("stock"), "stock"),
        (lambda d: d["stock"].__setitem__(0, d["hands"]["An"][0]), "twice"),
        (lambda d: d["hands"]["Bình"].append(d["stock"].pop()), "10 cards"),
    ],
)
def test_a_record_that_is_not_a_deal_is_unreadable(change: Any, fragment: str) -> None:
    """Rules page, "Cards and table": hands not one of 10 and the rest of 9, or a stock
    that is not exactly the undealt cards, make the record unreadable."""
    data = _load("ranking-worked-example")
    change(data)
    with pytest.raises(RecordError) as err:
        referee(plugin, data)
    assert fragment in str(err.value)


def test_an_unknown_action_key_is_unreadable() -> None:
    """Rules page, "Records": an action key that is none of the five is unreadable."""
    data = _load("ranking-worked-example")
    data["actions"][1] = {"player": "Bình", "pass": True}
    with pytest.raises(RecordError):
        referee(plugin, data)


def test_first_is_not_used() -> None:
    """Rules page, "Cards and table": the first player is whoever holds 10 cards;
    ``first`` naming someone else changes nothing."""
    data = _load("ranking-worked-example")
    plain = referee(plugin, data)
    assert referee(plugin, {**data, "first": "Chi"}) == plain
