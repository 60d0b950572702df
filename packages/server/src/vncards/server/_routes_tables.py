"""The tables' endpoints: deal, view, act, record, next hand, spectate, and the
WebSocket of a table's events. Every answer comes from the :class:`TableRunner`."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, WebSocket
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
)
from starlette.concurrency import run_in_threadpool
from vncards.core import MAX_RULE_NUMBER, rule_too_big
from vncards.server._errors import ApiError
from vncards.server._models import (
    ActionReply,
    CheckReply,
    ErrorBody,
    Hint,
    Lobby,
    NextHand,
    SeatTaken,
    TableCreated,
    TableView,
)
from vncards.server._requests import MAX_NAME_LENGTH, read_json
from vncards.server._runner import NewTable, TableRunner
from vncards.server._secrets import socket_subprotocol, socket_token
from vncards.server._store import StoredTable
from vncards.server._tables import Table
from vncards.server._words import Language, refusal_in, words_json

__all__ = ["JoinRequest", "TableRequest", "tables_router"]


class TableRequest(BaseModel):
    """``POST /v1/tables``: the game, who sits where, which seats bots play."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    game: str = Field(description="The game's plugin name, e.g. tienlen.")
    variant: str | None = Field(default=None, description="A preset; the game's default if absent.")
    rules: dict[str, Any] | None = Field(
        default=None, description="Single settings overriding the preset."
    )
    players: list[Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME_LENGTH)]] = (
        Field(
            min_length=1,
            max_length=16,
            description="Distinct player names, in turn order, each of at most 64 characters.",
        )
    )
    bots: dict[str, str] = Field(
        default_factory=dict,
        description="Player name → bot name (as /v1/games lists them, `default` for the"
        " game's strongest, or `module:attribute` naming a bot factory); every other seat"
        " is a human with a token.",
    )
    seed: int | None = Field(
        default=None, ge=0, lt=2**63, description="Seed of the deal; random when absent."
    )
    turn_seconds: float | None = Field(
        default=None,
        gt=0,
        le=86_400,
        description="A turn clock: a human seat that has not chosen within this many"
        " seconds has the game's strongest bot choose for it.",
    )
    open: list[Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME_LENGTH)]] = Field(
        default_factory=list,
        max_length=16,
        description="Human seats dealt with no token: the lobby (GET /v1/tables) lists"
        " them and anyone may take one (POST /v1/tables/{id}/join).",
    )

    @field_validator("rules")
    @classmethod
    def _rules_in_range(cls, rules: dict[str, Any] | None) -> dict[str, Any] | None:
        for key, value in (rules or {}).items():
            if rule_too_big(value):
                raise ValueError(
                    f"rules.{key[:40]} is out of range: a rule setting is a number of at"
                    f" most {MAX_RULE_NUMBER} in size"
                )
        return rules


class JoinRequest(BaseModel):
    """``POST /v1/tables/{id}/join``: the open seat to take."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    player: str = Field(min_length=1, max_length=MAX_NAME_LENGTH, description="The seat's name.")


def _lobby_entry(stored: StoredTable) -> dict[str, Any]:
    names = list(stored.players)
    return {
        "table": stored.id,
        "game": stored.game,
        "variant": stored.variant,
        "rules": dict(stored.rules),
        "players": names,
        "open": [names[s] for s in stored.open_seats],
        "bots": {names[s]: b for s, b in stored.bots.items()},
        "created": stored.created,
    }


def _bad_body(what: str, e: ValidationError) -> ApiError:
    first = e.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "body"
    message = _one_line(first["msg"]).removeprefix("Value error, ")
    return ApiError(422, "bad-request", f"bad {what} at {where}: {message}")


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


async def _json_body(request: Request) -> Any:
    return read_json(await request.body())


def _json_schema_body(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(by_alias=True)
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": schema}},
        }
    }


_bearer = HTTPBearer(auto_error=False, description="A seat's token from POST /v1/tables.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return None if credentials is None else credentials.credentials


Lang = Annotated[
    Language | None,
    Query(description="With vi or en: the game's own words in that language (words)."),
]


def _view(
    runner: TableRunner, table: Table, seat: int | None, lang: Language | None = None
) -> dict[str, Any]:
    data = table.view_json(seat) if seat is not None else table.spectator_json()
    if lang is not None:
        data["words"] = words_json(table, seat, lang)
    if table.deadline is not None:
        data["clock"] = {
            "seconds": table.clock_seconds,
            "left": max(0.0, table.deadline - runner.settings.clock()),
        }
    if table.match:
        data["match"] = table.match
    return data


def _typed(model: type[BaseModel] | None, *errors: int, status: int = 200) -> dict[str, Any]:
    """The OpenAPI answers of an endpoint: ``model`` on success (``None``: a game record,
    whose schema the document fills in per game), the error body else."""
    success = {"description": "A game record."} if model is None else {"model": model}
    answers: dict[int | str, dict[str, Any]] = {status: success}
    for status in errors:
        answers[status] = {"model": ErrorBody}
    return {"response_model": None, "responses": answers}


# a record action without player; typed_openapi gives it each game's action schemas
_ACTION_BODY = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": {"type": "object"}}},
    }
}


def tables_router(runner: TableRunner) -> APIRouter:
    """The tables' endpoints over ``runner``."""
    router = APIRouter()
    _dealing_routes(router, runner)
    _seat_routes(router, runner)
    _after_routes(router, runner)
    return router


def _dealing_routes(router: APIRouter, runner: TableRunner) -> None:
    """Deal a table, the lobby, take an open seat."""

    @router.post(
        "/v1/tables",
        tags=["tables"],
        status_code=201,
        openapi_extra=_json_schema_body(TableRequest),
        **_typed(TableCreated, 422, 503, status=201),
    )
    async def create_table(request: Request) -> dict[str, Any]:
        """Deal a table: one secret token per human seat (every seat not in ``bots``)."""
        data = await _json_body(request)
        try:
            req = TableRequest.model_validate(data)
        except ValidationError as e:
            raise _bad_body("table", e) from None
        table, tokens = await runner.create(NewTable(**req.model_dump()))
        return {"table": table.id, "tokens": tokens}

    @router.get("/v1/tables", tags=["tables"], **_typed(Lobby))
    async def lobby() -> dict[str, Any]:
        """The lobby: the newest live tables (at most 50) with a seat nobody has taken
        yet, each with its game, rules, seats, open seats and when it was dealt."""
        return {"tables": [_lobby_entry(t) for t in await runner.lobby()]}

    @router.post(
        "/v1/tables/{table_id}/join",
        tags=["tables"],
        openapi_extra=_json_schema_body(JoinRequest),
        **_typed(SeatTaken, 404, 409, 422),
    )
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        """Take an open seat: its secret token, kept before the answer (409 when the
        seat is taken already; two people asking at once never both get it)."""
        try:
            req = JoinRequest.model_validate(await _json_body(request))
        except ValidationError as e:
            raise _bad_body("seat", e) from None
        table, token = await runner.join(table_id, req.player)
        return {"table": table.id, "player": req.player, "token": token}


def _seat_routes(router: APIRouter, runner: TableRunner) -> None:
    """What a seat (or a spectator) reads and does at a table."""

    @router.get("/v1/tables/{table_id}/view", tags=["tables"], **_typed(TableView, 401, 404))
    async def view(table_id: str, credentials: Credentials, lang: Lang = None) -> dict[str, Any]:
        """The token's seat's view (its own cards, the public table, its legal actions,
        the events it saw), with ``optional``, ``finished``, ``events`` and, once
        over, ``result``; ``clock`` with a turn clock, ``match`` in a match; ``words``
        with ``lang``."""
        await runner.run_clock(table_id)
        async with runner.lock(table_id):
            table = await runner.table(table_id)
            seat = table.seat_of(_token(credentials))
            runner.touch(table)
            return _view(runner, table, seat, lang)

    @router.get("/v1/tables/{table_id}/hint", tags=["tables"], **_typed(Hint, 401, 404, 409))
    async def hint(table_id: str, credentials: Credentials) -> dict[str, Any]:
        """The choice the game's strongest bot would make for the token's seat now, as
        a record action without ``player`` (or ``{"decline": true}``); nothing is
        played. 409 when it is not that seat's choice."""
        return {"action": await runner.hint(table_id, _token(credentials))}

    @router.get("/v1/tables/{table_id}/spectate", tags=["tables"], **_typed(TableView, 404))
    async def spectate(table_id: str, lang: Lang = None) -> dict[str, Any]:
        """What a spectator sees: the public table, card counts and the events, with no
        hand and nothing hidden from the seats (no token needed)."""
        await runner.run_clock(table_id)
        async with runner.lock(table_id):
            table = await runner.table(table_id)
            return _view(runner, table, None, lang)

    @router.post(
        "/v1/tables/{table_id}/actions",
        tags=["tables"],
        **_typed(ActionReply, 401, 404, 409, 422),
        openapi_extra=_ACTION_BODY,
    )
    async def act(
        table_id: str, request: Request, credentials: Credentials, lang: Lang = None
    ) -> dict[str, Any]:
        """Take the token's seat's action: a record action without ``player`` (or
        ``{"decline": true}`` for an optional choice). 200 once it is stored, with the
        events it and the bots after it caused, as this seat sees them, and the seat's
        view; 409 with the rule's code for an illegal action, which changes nothing."""
        table, _ = await runner.seat(table_id, _token(credentials))
        data = await _json_body(request)
        try:
            seat, table, first = await runner.act(table_id, _token(credentials), data)
        except ApiError as e:
            if lang is None or e.status != 409:
                raise
            raise refusal_in(table, lang, e) from None
        async with runner.lock(table_id):
            view = _view(runner, table, seat, lang)
            return {"events": table.events_json(seat, first), "view": view}

    @router.post(
        "/v1/tables/{table_id}/check",
        tags=["tables"],
        **_typed(CheckReply, 401, 404, 422),
        openapi_extra=_ACTION_BODY,
    )
    async def check(
        table_id: str, request: Request, credentials: Credentials, lang: Lang = None
    ) -> dict[str, Any]:
        """Whether the token's seat may take an action now, without taking it (a page
        greys a button that would be refused and says why): the body is what
        ``actions`` takes; ``legal`` and, when it is not, the ``error`` that
        ``actions`` would answer (its code, and its message in the game's words with
        ``lang``). Nothing changes."""
        data = await _json_body(request)
        table, refusal = await runner.check(table_id, _token(credentials), data)
        if refusal is None:
            return {"legal": True, "error": None}
        if lang is not None and refusal.status == 409:
            refusal = refusal_in(table, lang, refusal)
        return {"legal": False, **refusal.body()}

    @router.post(
        "/v1/tables/{table_id}/next",
        tags=["tables"],
        status_code=201,
        **_typed(NextHand, 401, 404, 409, status=201),
    )
    async def next_hand(table_id: str, credentials: Credentials) -> dict[str, Any]:
        """Deal the next hand of the match, once the hand is over (the same answer to
        every seat that asks): its table id, the hand's number and the running totals.
        The seats keep their tokens; the previous winner leads."""
        table = await runner.next_hand(table_id, _token(credentials))
        return {"table": table.id, "match": table.match}


def _after_routes(router: APIRouter, runner: TableRunner) -> None:
    """The record once the game is over, and the stream of a table's events."""

    @router.get(
        "/v1/tables/{table_id}/record",
        tags=["tables"],
        **_typed(None, 404),
    )
    async def record(table_id: str) -> dict[str, Any]:
        """The whole game record once the game is over (404 before); no token is needed
        (a table of bots alone has none, and once the game is over every card may be
        shown). ``POST /v1/referee`` accepts it as it is."""
        async with runner.lock(table_id):
            table = await runner.table(table_id)
            runner.touch(table)
            if not table.finished:
                raise ApiError(404, "not-finished", "The game is not over: no record yet.")
            return await run_in_threadpool(table.record_json)

    @router.websocket("/v1/tables/{table_id}/events")
    async def events(
        websocket: WebSocket,
        table_id: str,
        token: str | None = None,
        since: int = 0,
        spectate: bool = False,
        steps: bool = False,
    ) -> None:
        """The table's events as the token's seat sees them (as a spectator sees them
        with ``spectate=true`` and no token), from index ``since`` on, one JSON message
        each; closed once the game is over and every event sent. The token is best sent
        as the subprotocol ``bearer.TOKEN`` beside ``vncards`` (never logged); the
        ``token`` query parameter is redacted from the logs. With ``steps=true`` the
        stream also sends ``{"steps": N}`` (no ``type``: never an event) whenever the
        table's count of steps changed, so a decline, which causes no event, is told
        too; without it only events are sent."""
        token = socket_token(websocket) or token
        try:
            async with runner.lock(table_id):
                table = await runner.table(table_id)
                seat = None if spectate and token is None else table.seat_of(token)
        except ApiError as e:
            await websocket.send_denial_response(JSONResponse(e.body(), status_code=e.status))
            return
        await websocket.accept(subprotocol=socket_subprotocol(websocket))
        await _stream(websocket, runner, table, seat, max(0, since), steps=steps)


async def _stream(
    websocket: WebSocket,
    runner: TableRunner,
    table: Table,
    seat: int | None,
    cursor: int,
    *,
    steps: bool = False,
) -> None:
    told: int | None = None  # the count of steps last sent (with ``steps``)
    waker = asyncio.Event()
    table.watchers.add(waker)
    incoming = asyncio.ensure_future(websocket.receive())
    try:
        while True:
            waker.clear()
            async with runner.lock(table.id):
                if not table.ended:
                    try:
                        fresh = await runner.table(table.id)
                    except ApiError:
                        fresh = table
                    if fresh is not table:
                        # rebuilt from the store: follow the new one
                        table.watchers.discard(waker)
                        table = fresh
                        table.watchers.add(waker)
                batch = table.events_json(seat, cursor)
                count = len(table.steps)
                over = table.finished or table.ended
            cursor += len(batch)
            for item in batch:
                await websocket.send_json(item)
            if steps and count != told and not over:
                told = count
                await websocket.send_json({"steps": count})
            if over:
                await websocket.close(1000, "the game is over" if table.finished else "ended")
                return
            woken = asyncio.ensure_future(waker.wait())
            done, _ = await asyncio.wait({incoming, woken}, return_when=asyncio.FIRST_COMPLETED)
            if incoming in done:
                woken.cancel()
                message = incoming.result()
                if message["type"] == "websocket.disconnect":
                    return
                incoming = asyncio.ensure_future(websocket.receive())
    finally:
        table.watchers.discard(waker)
        incoming.cancel()
