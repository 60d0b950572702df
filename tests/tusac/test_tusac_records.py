"""Golden records refereed against hand-worked verdicts, and records that are no deal.

The expected verdicts in ``shared/records/tusac/*.expected.json`` were worked out by
hand from the rules (the arithmetic is in ``shared/records/tusac/README.md``). An
error's message is prose, so only its index, player and code are compared.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from vncards.core import RecordError, referee
from vncards.tusac import REASONS, plugin

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "tusac"
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
    for v in report["violations"]:
        assert v.pop("message")
    return report


def test_every_rule_has_a_golden_record() -> None:
    """Golden records cover each priority rule and its exceptions, đền, hòa and scoring."""
    assert len(NAMES) >= 15
    for name in NAMES:
        assert (RECORDS / f"{name}.expected.json").exists(), name


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_verdict(name: str) -> None:
    """Each golden record is refereed to its hand-worked verdict."""
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert _verdict(_load(name)) == expected


@pytest.mark.parametrize("name", NAMES)
def test_golden_record_transfers_net_to_payments(name: str) -> None:
    """DESIGN, "Referee": the net of the itemised transfers is exactly ``payments``, every
    amount is positive and every reason is a code listed on the rules page."""
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


def test_den_is_itemised_as_the_discarder_paying_for_each_loser() -> None:
    """Rules page, "Đền" (record ``den-discarder-pays-all``): Bình pays Chi his own
    ``win`` share and one ``den`` share for each other loser; An and Dũng pay nothing."""
    report = referee(plugin, _load("den-discarder-pays-all"))
    rows = sorted((t.from_, t.to, t.reason) for t in report.transfers)
    assert rows == [("Bình", "Chi", "den"), ("Bình", "Chi", "den"), ("Bình", "Chi", "win")]
    assert len({t.amount for t in report.transfers}) == 1


def test_dealer_is_the_21_card_player_and_acts_first() -> None:
    """DESIGN, "Tứ Sắc": the dealer is the player dealt 21 cards and acts first, wherever
    they are listed (in ``win-in-turn`` Bình, listed second, deals)."""
    data = _load("win-in-turn")
    wrong = copy.deepcopy(data)
    wrong["actions"][0]["player"] = "An"
    report = referee(plugin, wrong)
    assert report.error is not None
    assert (report.error.index, report.error.code) == (
        0,
        "not-your-turn",
    )


def test_record_notation_may_be_vietnamese() -> None:
    """Cards in a record may be written by name: the verdict is the same."""
    data = _load("winner-out-of-turn")
    data["actions"][0]["discard"] = "pháo trắng"
    data["actions"][1]["take"] = ["xe trắng", "ma trang"]
    assert _verdict(data) == json.loads((RECORDS / "winner-out-of-turn.expected.json").read_text())


def _unreadable(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        referee(plugin, data)
    return str(info.value)


def test_record_without_stock_is_unreadable() -> None:
    """A Tứ Sắc record needs its stock."""
    data = _load("win-in-turn")
    del data["stock"]
    assert "stock" in _unreadable(data)


def test_record_with_five_copies_is_unreadable() -> None:
    """A deal holding a fifth copy of a card is not the 112-card deck."""
    data = _load("win-in-turn")
    data["stock"][0] = data["hands"]["An"][0]
    assert "5 ×" in _unreadable(data)


def test_record_with_wrong_hand_sizes_is_unreadable() -> None:
    """Hands of 20 with one of 21: anything else is not a deal."""
    data = _load("win-in-turn")
    data["stock"].append(data["hands"]["Chi"].pop())
    assert "19 cards" in _unreadable(data)
    data = _load("win-in-turn")
    data["hands"]["Chi"].append(data["stock"].pop())
    assert "exactly one player" in _unreadable(data)


def test_record_with_a_bad_card_names_it() -> None:
    """An unreadable card is a RecordError naming the token."""
    data = _load("win-in-turn")
    data["hands"]["An"][0] = "RX"
    assert "'RX'" in _unreadable(data)
    data = _load("win-in-turn")
    data["actions"][1]["take"] = ["WR", "chốt tím"]
    assert "'chốt tím'" in _unreadable(data)


def test_record_with_a_play_action_is_unreadable() -> None:
    """Tứ Sắc actions are discard, take, draw and pass only."""
    data = _load("win-in-turn")
    data["actions"][0] = {"player": "Bình", "play": ["WC"]}
    assert "'play'" in _unreadable(data)


def test_action_after_the_end_is_game_over() -> None:
    """An action after a win is illegal with ``game-over`` and changes no payment."""
    data = _load("win-in-turn")
    data["actions"].append({"player": "An", "draw": True})
    report = referee(plugin, data)
    assert report.error is not None
    assert (report.error.index, report.error.code) == (2, "game-over")
    assert report.payments == {"An": -20, "Bình": -20, "Chi": 40}
