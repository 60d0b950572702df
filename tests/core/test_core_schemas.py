"""The JSON Schemas in shared/schemas are those of the current record models."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from vncards.core import GameRecord, RefereeReport, discover_games, export_schemas

SCHEMAS = Path(__file__).resolve().parents[2] / "shared" / "schemas"


def test_committed_schemas_equal_current_models(tmp_path: Path) -> None:
    """Regenerating the schemas gives byte-for-byte the committed files, so the contract
    files cannot drift from the models, nor a game's record schema from its vocabulary
    (regenerate with ``export_schemas(path, discover_games())`` after a change)."""
    written = export_schemas(tmp_path, discover_games())
    assert sorted(p.name for p in written) == sorted(p.name for p in SCHEMAS.glob("*.json"))
    for path in written:
        assert path.read_bytes() == (SCHEMAS / path.name).read_bytes(), path.name


@pytest.mark.parametrize(
    ("name", "model"), [("game-record", GameRecord), ("referee-report", RefereeReport)]
)
def test_schema_describes_the_contract_fields(name: str, model: type[object]) -> None:
    """The record schema names the record's fields (``pass`` spelled as in JSON); the report
    schema the referee's."""
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    if name == "game-record":
        assert set(schema["required"]) == {"game", "players", "hands"}
        action = schema["$defs"]["RecordAction"]
        assert action["properties"] == {"player": action["properties"]["player"]}
        assert (action["minProperties"], action["maxProperties"]) == (2, 2)
    else:
        assert set(schema["required"]) >= {"game", "legal", "payments", "error", "violations"}
    assert schema["title"] == model.__name__
