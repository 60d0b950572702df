"""The shapes of the service's answers, for its OpenAPI document (a client generated
from it gets types, not ``any``), and the per-game record schemas it references."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, Field
from vncards.core import GamePlugin, game_record_schema

__all__ = [
    "ActionReply",
    "CheckReply",
    "ErrorBody",
    "GameDetail",
    "GamesList",
    "Hint",
    "Lobby",
    "LobbyTable",
    "NextHand",
    "SeatTaken",
    "TableCreated",
    "TableView",
    "record_schemas",
    "typed_openapi",
]


class ErrorDetail(BaseModel):
    """A stable code and a one-line message."""

    code: str = Field(description="Stable, e.g. no-such-table, bad-token, not-your-turn.")
    message: str = Field(description="One line for people.")
    lang: str | None = Field(
        default=None,
        description="The language of message when it is the game's own words (?lang=).",
    )


class ErrorBody(BaseModel):
    """Every error answer."""

    error: ErrorDetail


class Preset(BaseModel):
    """A named rule set and the player counts it allows."""

    name: str
    players: list[int] = Field(min_length=2, max_length=2)


class GameEntry(BaseModel):
    """One installed game."""

    name: str
    title: str
    deck: str
    default_preset: str
    presets: list[Preset]
    players: list[int] = Field(min_length=2, max_length=2)
    bots: list[str]


class CardLookJson(BaseModel):
    """How one card looks to people in one language."""

    label: str = Field(description="The card in a line of text, e.g. 10♥ or tướng đỏ.")
    face: list[str] = Field(description="The parts drawn on the card's face, e.g. 10 and ♥.")
    colour: str | None = Field(description="red, black, yellow, green, white, or null.")


class NotationJson(BaseModel):
    """A game's cards: the notation's name and every card's look in each language."""

    name: str
    cards: dict[str, dict[str, CardLookJson]] = Field(
        description="Record token → language (vi, en) → how the card looks."
    )


class ActionKeyJson(BaseModel):
    """One record action key of a game and the JSON Schema of its value."""

    key: str
    schema_: dict[str, Any] = Field(alias="schema")


class GameDetail(GameEntry):
    """``GET /v1/games/{game}``: a game's entry with what a page draws it from."""

    notation: NotationJson
    actions: list[ActionKeyJson]


class GamesList(BaseModel):
    """``GET /v1/games``."""

    games: list[GameEntry]


class TableCreated(BaseModel):
    """``POST /v1/tables``: the table's id and one secret token per human seat."""

    table: str
    tokens: dict[str, str] = Field(description="Player name → that seat's Bearer token.")


class LobbyTable(BaseModel):
    """A table with a seat anyone may take."""

    table: str
    game: str = Field(description="The game's plugin name.")
    variant: str = Field(description="The preset it is played under.")
    rules: dict[str, Any] = Field(description="Settings overriding the preset.")
    players: list[str] = Field(description="Every seat, in turn order.")
    open: list[str] = Field(description="The seats nobody has taken yet.")
    bots: dict[str, str] = Field(description="Player name → the bot playing that seat.")
    created: float = Field(description="When it was dealt (seconds since 1970, UTC).")


class Lobby(BaseModel):
    """``GET /v1/tables``: the newest live tables with an open seat, newest first."""

    tables: list[LobbyTable]


class SeatTaken(BaseModel):
    """``POST /v1/tables/{id}/join``: the seat taken and its secret Bearer token."""

    table: str
    player: str
    token: str


class TableResult(BaseModel):
    """The outcome of a finished game."""

    outcome: str | None
    winner: str | None
    instant_win: str | None
    payments: dict[str, int] = Field(description="Player name → net lá (they sum to 0).")
    transfers: list[dict[str, Any]]


class TurnClock(BaseModel):
    """A table's turn clock: its length and the seconds left to the seat to act."""

    seconds: float
    left: float


class MatchState(BaseModel):
    """Where a hand stands in its match."""

    hand: int
    totals: dict[str, int] = Field(description="Player name → lá won over the earlier hands.")
    previous: str = Field(description="The table of the hand before.")


class CardsPart(BaseModel):
    """Cards among words, for a page to draw as cards."""

    cards: list[str]


class TableWords(BaseModel):
    """The game's own words for a view, in one language (``?lang=``); a line is a list
    of strings and cards."""

    lang: str
    table: list[list[str | CardsPart]] = Field(description="Lines about the table.")
    history: list[list[str | CardsPart] | None] = Field(
        description="A line per event of history (null: the game leaves it to the page)."
    )
    outcome: str | None = Field(description="How the game ended, once it has.")
    reasons: dict[str, str] = Field(description="Payment reason code → words.")


class TableView(BaseModel):
    """A seat's view (a spectator's: ``seat`` and ``player`` null, no hand, no legal)."""

    game: str
    seat: int | None
    player: str | None
    hand: list[str] = Field(description="The seat's own cards in record notation.")
    to_act: str | None
    legal: list[dict[str, Any]] = Field(description="Record actions without player.")
    counts: dict[str, int]
    public: dict[str, Any] = Field(description="What every seat sees; its keys are the game's.")
    history: list[dict[str, Any]] = Field(description="Events as this seat saw them.")
    optional: bool = Field(description="Whether the seat may decline its choice now.")
    finished: bool
    events: int = Field(description="How many events the table has had (for since=).")
    steps: int = Field(
        description="How many steps (actions, declines, seats taken) the table has had;"
        " it grows on a decline too, which causes no event."
    )
    result: TableResult | None = None
    clock: TurnClock | None = None
    match: MatchState | None = None
    words: TableWords | None = None


class ActionReply(BaseModel):
    """``POST /v1/tables/{id}/actions``: the events the action caused and the new view."""

    events: list[dict[str, Any]]
    view: TableView


class CheckReply(BaseModel):
    """``POST /v1/tables/{id}/check``: whether the action would be taken now, and if
    not, the error ``actions`` would answer."""

    legal: bool
    error: ErrorDetail | None


class Hint(BaseModel):
    """``GET /v1/tables/{id}/hint``: the strongest bot's choice for the seat, unplayed."""

    action: dict[str, Any] = Field(description="A record action without player, or a decline.")


class NextHand(BaseModel):
    """``POST /v1/tables/{id}/next``: the next hand's table and the match so far."""

    table: str
    match: MatchState


def record_schemas(games: Mapping[str, GamePlugin[Any, Any, Any]]) -> dict[str, Any]:
    """Each installed game's record schema, by component name (``Record_tienlen``...).

    >>> record_schemas({})
    {}
    """
    out = {}
    for name, plugin in games.items():
        try:
            schema = dict(game_record_schema(plugin))
            schema.pop("$schema", None)  # a component of an OpenAPI document needs none
            out[f"Record_{name}"] = schema
        except Exception:  # a plugin without a vocabulary still plays; its records are open
            out[f"Record_{name}"] = {"type": "object", "title": f"A {name} record"}
    return out


def typed_openapi(app: FastAPI, games: Mapping[str, GamePlugin[Any, Any, Any]]) -> None:
    """Make ``app``'s OpenAPI document reference each game's record schema for
    ``POST /v1/referee`` (one of them) and for ``GET /v1/tables/{id}/record``."""

    def build() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        doc = get_openapi(
            title=app.title, version=app.version, summary=app.summary, routes=app.routes
        )
        schemas = doc.setdefault("components", {}).setdefault("schemas", {})
        records = record_schemas(games)
        schemas.update(records)
        refs = {"oneOf": [{"$ref": f"#/components/schemas/{n}"} for n in records]}
        paths = doc.get("paths", {})
        referee = paths.get("/v1/referee", {}).get("post")
        if referee is not None:
            referee["requestBody"]["content"]["application/json"]["schema"] = refs
        record = paths.get("/v1/tables/{table_id}/record", {}).get("get")
        if record is not None:
            record["responses"]["200"]["content"] = {"application/json": {"schema": refs}}
        actions = [_action_schema(schemas[n]) for n in records]
        body = {"oneOf": [a for a in actions if a is not None]} if any(actions) else None
        for path in ("/v1/tables/{table_id}/actions", "/v1/tables/{table_id}/check"):
            act = paths.get(path, {}).get("post")
            if act is not None and body is not None:
                act["requestBody"]["content"]["application/json"]["schema"] = body
        app.openapi_schema = doc
        return doc

    app.openapi = build  # type: ignore[method-assign]


def _action_schema(record: Mapping[str, Any]) -> Any:
    """One game's action schema, without ``player`` (the token says who acts)."""
    items = record.get("properties", {}).get("actions", {}).get("items")
    if not isinstance(items, dict) or "oneOf" not in items:
        return None
    out = []
    for option in items["oneOf"]:
        properties = {k: v for k, v in option.get("properties", {}).items() if k != "player"}
        required = [k for k in option.get("required", []) if k != "player"]
        out.append({**option, "properties": properties, "required": required})
    decline = {
        "type": "object",
        "properties": {"decline": {"const": True}},
        "required": ["decline"],
        "additionalProperties": False,
        "description": "Decline an optional choice.",
    }
    return {"oneOf": [*out, decline]}
