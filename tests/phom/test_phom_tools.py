"""The tools with Phỏm: the strict schema, referee, analyze, moves, deal, and the
screen's typed moves (rules page, "Records")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import VncardsError, game_record_schema
from vncards.phom import Discard, Draw, LayOff, Meld, Take, parse_move, plugin

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "phom"
NAMES = sorted(p.name for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))


def _run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def _schema() -> dict[str, Any]:
    result = _run("schema", "phom")
    assert result.exit_code == 0
    schema: dict[str, Any] = json.loads(result.stdout)
    return schema


@pytest.mark.parametrize("name", NAMES)
def test_golden_records_fit_the_schema(name: str) -> None:
    """`vncards schema phom` accepts every golden record."""
    record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    jsonschema.validate(record, _schema())


@pytest.mark.parametrize(
    "action",
    [
        {"player": "An", "pass": True},
        {"player": "An", "draw": False},
        {"player": "An", "meld": ["5S"]},
        {"player": "An", "lay_off": []},
        {"player": "An", "lay_off": [{"onto": "7C", "cards": []}]},
        {"player": "An", "lay_off": [{"onto": "7C", "cards": ["8C"], "x": 1}]},
        {"player": "An", "discard": "9D", "draw": True},
    ],
)
def test_schema_and_referee_refuse_the_same_shapes(action: dict[str, Any]) -> None:
    """An action the schema refuses makes the record unreadable (exit 2)."""
    record = json.loads((RECORDS / "ranking-worked-example.json").read_text(encoding="utf-8"))
    record["actions"] = [action]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, _schema())
    result = CliRunner().invoke(app, ["referee", "-", "--json"], input=json.dumps(record))
    assert result.exit_code == 2


def test_core_schema_names_the_game() -> None:
    """The exported schema is the strict per-game one."""
    assert game_record_schema(plugin)["properties"]["game"]["const"] == "phom"


def test_referee_exit_codes() -> None:
    """DESIGN, Referee: a legal record exits 0, an illegal action 1 with its code."""
    ok = _run("referee", str(RECORDS / "u-by-take-den.json"), "--json")
    assert ok.exit_code == 0
    assert json.loads(ok.stdout)["instant_win"] == "u"
    bad = _run("referee", str(RECORDS / "illegal-take-no-phom.json"), "--json")
    assert bad.exit_code == 1
    assert json.loads(bad.stdout)["error"]["code"] == "no-phom"


def test_analyze_gives_the_solver_answer() -> None:
    """`vncards analyze phom`: the least-rác split of a hand, with a set of four giving a
    card to a run."""
    result = _run("analyze", "phom", "5S", "6S", "7S", "7C", "7D", "7H", "KD", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["melds"] == [["5S", "6S", "7S"], ["7C", "7D", "7H"]]
    assert (data["deadwood"], data["points"]) == (["KD"], 13)


def test_moves_lists_phom_and_takes() -> None:
    """`vncards moves phom`: the phỏm of a hand; with `--over`, those a take would make."""
    result = _run("moves", "phom", "--hand", "5S 6S 9H 9C", "--over", "7S", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["moves"] == [{"combo": "run", "cards": ["5S", "6S", "7S"]}]
    none = _run("moves", "phom", "--hand", "5S 6S 9H", "--over", "KD", "--json")
    assert json.loads(none.stdout)["moves"] == []


def test_deal_is_seeded() -> None:
    """`vncards deal phom`: the same seed gives the same deal, one hand of 10."""
    a = _run("deal", "phom", "-n", "3", "-s", "9", "--json")
    assert a.exit_code == 0
    assert a.stdout == _run("deal", "phom", "-n", "3", "-s", "9", "--json").stdout
    sizes = sorted(len(h) for h in json.loads(a.stdout)["hands"].values())
    assert sizes == [9, 9, 10]


def test_typed_moves() -> None:
    """`vncards play phom`: draw, take, a card, melds and lay-offs typed at the prompt."""
    assert parse_move(2, "draw") == Draw(2)
    assert parse_move(2, "ăn") == Take(2)
    assert parse_move(0, "discard 10 cơ") == Discard(0, 48)
    meld = parse_move(1, "meld 7C 8C 9C | 5S 5H 5D")
    assert isinstance(meld, Meld)
    assert len(meld.groups) == 2
    assert parse_move(1, "meld") == Meld(1, ())
    lay = parse_move(1, "lay 10C on 7C; 5C on 5S")
    assert isinstance(lay, LayOff)
    assert len(lay.entries) == 2
    for bad in ("lay 10C", "9S 9H", "jump"):
        with pytest.raises(VncardsError):
            parse_move(0, bad)
