"""The JSON Schemas of records and reports: one strict schema per game (the envelope,
the game's presets and settings, each action one of its keys with a value of its
shape), and their export to the project's ``shared/schemas/``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from vncards.core._errors import RecordError
from vncards.core._records import GameRecord
from vncards.core._reports import RefereeReport
from vncards.core._vocabulary import RecordVocabulary, vocabulary_of

__all__ = ["export_schemas", "game_record_schema", "record_schema", "schema_text"]


def record_schema(
    game: str,
    vocabulary: RecordVocabulary | None,
    presets: Sequence[str] = (),
    settings: Sequence[str] = (),
) -> dict[str, Any]:
    """The strict JSON Schema of one game's records: the envelope, ``game`` fixed,
    ``variant`` one of ``presets``, ``rules`` naming only ``settings`` (the fields of the
    game's rules model; their values are checked by the rules model itself) and each
    action exactly one of the game's keys with a value of its shape.

    >>> from vncards.core import CARDS, TRUE, ActionKey
    >>> vocab = RecordVocabulary(actions=(ActionKey("play", CARDS), ActionKey("pass", TRUE)))
    >>> schema = record_schema("g", vocab, ["std"])
    >>> [sorted(a["required"]) for a in schema["properties"]["actions"]["items"]["oneOf"]]
    [['play', 'player'], ['pass', 'player']]
    """
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **GameRecord.model_json_schema(by_alias=True),
    }
    schema["title"] = f"{game} game record"
    props = schema["properties"]
    props["game"] = {**props["game"], "const": game}
    if presets:
        props["variant"] = {
            "description": props["variant"].get("description", ""),
            "anyOf": [{"enum": list(presets)}, {"type": "null"}],
        }
    if settings:
        props["rules"] = {
            "description": props["rules"].get("description", ""),
            "type": "object",
            "properties": {name: {} for name in settings},
            "additionalProperties": False,
        }
    if vocabulary is not None:
        props["actions"] = {**props["actions"], "items": vocabulary.action_schema()}
        schema.pop("$defs", None)
        if vocabulary.outcomes or vocabulary.transfer_reasons:
            schema["x-vncards"] = {
                "outcomes": list(vocabulary.outcomes),
                "transfer_reasons": list(vocabulary.transfer_reasons),
                "violations": list(vocabulary.violations),
            }
    return schema


def export_schemas(directory: Path, games: Mapping[str, object] | None = None) -> list[Path]:
    """Write the JSON Schemas of :class:`GameRecord` and :class:`RefereeReport` to
    ``directory`` (``game-record.schema.json``, ``referee-report.schema.json``), and for
    each of ``games`` (plugins by name) ``NAME.record.schema.json``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in export_schemas(Path(d))]
    ['game-record.schema.json', 'referee-report.schema.json']
    """
    directory.mkdir(parents=True, exist_ok=True)
    schemas: list[tuple[str, dict[str, Any]]] = []
    for name, model in (("game-record", GameRecord), ("referee-report", RefereeReport)):
        schemas.append(
            (
                name,
                {
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    **model.model_json_schema(by_alias=True),
                },
            )
        )
    for name, plugin in sorted((games or {}).items()):
        schemas.append((f"{name}.record", game_record_schema(plugin)))
    written = []
    for name, schema in schemas:
        path = directory / f"{name}.schema.json"
        path.write_text(schema_text(schema), encoding="utf-8")
        written.append(path)
    return written


def game_record_schema(plugin: Any, variant: str | None = None) -> dict[str, Any]:
    """:func:`record_schema` of an installed game: its name, vocabulary, presets and the
    settings of its rules model (what ``vncards schema GAME`` prints). With ``variant``
    (one of the presets), the schema of that variant's records: ``variant`` must name
    it, or may be left out when it is the default.

    >>> from vncards.core import get_game
    >>> sorted(game_record_schema(get_game("tienlen"))["properties"]["rules"]["properties"])[:2]
    ['cong_multiplier', 'finish_on_two']
    >>> game_record_schema(get_game("samloc"), "a23")["properties"]["variant"]["const"]
    'a23'
    """
    model = getattr(plugin, "rules_model", None)
    settings = (
        list(model.model_fields) if isinstance(model, type) and issubclass(model, BaseModel) else []
    )
    presets = list(getattr(plugin, "presets", {}))
    schema = record_schema(plugin.name, vocabulary_of(plugin), presets, settings)
    if variant is not None:
        if variant not in presets:
            known = ", ".join(presets)
            raise RecordError(f"{plugin.name} has no variant {variant!r} (known: {known})")
        props = schema["properties"]
        description = props["variant"].get("description", "")
        if variant == plugin.default_preset:
            props["variant"] = {
                "description": description,
                "anyOf": [{"const": variant}, {"type": "null"}],
            }
        else:
            props["variant"] = {"description": description, "const": variant}
            schema["required"] = [*schema.get("required", []), "variant"]
        schema["title"] = f"{plugin.name} ({variant}) game record"
    return schema


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as the project writes it: indented JSON, UTF-8, one final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
