"""The FastAPI app: the referee, tables played over HTTP and WebSocket, the web table.

Every endpoint reaches games through the plugin protocol only. Errors answer
``{"error": {"code", "message"}}``; the status says which kind (401 token, 404 no such
table, 409 refused action, 413 body too large, 422 unreadable input, 503 table limit).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import warnings
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from vncards.core import (
    GamePlugin,
    RecordError,
    RefereeReport,
    discover_games,
    load_record,
    referee,
)
from vncards.server._batch import BatchLimits, new_spool, referee_batch_stream, spooled_lines
from vncards.server._errors import ApiError, error_body
from vncards.server._limits import BodyLimit
from vncards.server._settings import ServerSettings
from vncards.server._tables import Table, TableStore, new_table

__all__ = ["TableRequest", "create_app", "games_payload", "referee_json"]

STATIC = Path(__file__).parent / "static"

_STATUS_CODES = {
    400: "bad-request",
    401: "no-token",
    404: "not-found",
    405: "method-not-allowed",
    413: "too-large",
    422: "bad-request",
}


class TableRequest(BaseModel):
    """``POST /v1/tables``: the game, who sits where, which seats bots play."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = Field(description="The game's plugin name, e.g. tienlen.")
    variant: str | None = Field(default=None, description="A preset; the game's default if absent.")
    rules: dict[str, Any] | None = Field(
        default=None, description="Single settings overriding the preset."
    )
    players: list[str] = Field(
        min_length=1, max_length=16, description="Distinct player names, in turn order."
    )
    bots: dict[str, str] = Field(
        default_factory=dict,
        description="Player name → bot name (as /v1/games lists them, or `default` for the"
        " game's strongest); every other seat is a human with a token.",
    )
    seed: int | None = Field(
        default=None, ge=0, lt=2**63, description="Seed of the deal; random when absent."
    )


def games_payload(games: Mapping[str, GamePlugin[Any, Any, Any]]) -> list[dict[str, Any]]:
    """Every game with its title, deck, presets, player range and bots (the entries of
    ``vncards games --json``).

    >>> games_payload({})
    []
    """
    out = []
    for name, plugin in games.items():
        presets = []
        for preset, rules in plugin.presets.items():
            lo, hi = plugin.player_range(rules)
            presets.append({"name": preset, "players": [lo, hi]})
        lo, hi = plugin.player_range(plugin.presets[plugin.default_preset])
        out.append(
            {
                "name": name,
                "title": plugin.title,
                "deck": getattr(plugin, "deck", "french"),
                "default_preset": plugin.default_preset,
                "presets": presets,
                "players": [int(lo), int(hi)],
                "bots": list(plugin.bots),
            }
        )
    return out


def referee_json(games: Mapping[str, GamePlugin[Any, Any, Any]], raw: bytes | str) -> Any:
    """The referee's report on one record as JSON; :class:`RecordError` (with the
    referee's one-line message) when the record cannot be read.

    >>> try:
    ...     referee_json({}, b'{"game": "x", "players": ["A"], "hands": {"A": []}}')
    ... except RecordError as e:
    ...     print(e)
    unknown game 'x' (installed: none)
    """
    record = load_record(raw)
    plugin = games.get(record.game)
    if plugin is None:
        known = ", ".join(games) or "none"
        raise RecordError(f"unknown game {record.game!r} (installed: {known})")
    report: RefereeReport = referee(plugin, record)
    return report.model_dump(mode="json", by_alias=True)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


async def _json_body(request: Request) -> Any:
    raw = await request.body()
    try:
        return json.loads(raw)
    except RecursionError:
        raise ApiError(422, "bad-json", "The body nests too deeply.") from None
    except ValueError as e:
        raise ApiError(
            422, "bad-json", f"The body is not valid JSON: {_one_line(str(e))}"
        ) from None


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


def create_app(
    settings: ServerSettings | None = None,
    games: Mapping[str, GamePlugin[Any, Any, Any]] | None = None,
) -> FastAPI:
    """The service, holding its own tables; ``games`` replaces the installed games.

    >>> app = create_app()
    >>> sorted(r.path for r in app.routes if r.path.startswith("/v1/tables"))[:2]
    ['/v1/tables', '/v1/tables/{table_id}/actions']
    """
    settings = settings or ServerSettings()
    if games is None:
        with warnings.catch_warnings():
            # a broken plugin is skipped; its warning must not stop the service
            warnings.simplefilter("ignore")
            games = discover_games()
    installed: Mapping[str, GamePlugin[Any, Any, Any]] = dict(games)
    store = TableStore(settings.max_tables, settings.idle_seconds, settings.clock)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        async def sweeper() -> None:
            while True:
                await asyncio.sleep(min(30.0, max(1.0, settings.idle_seconds / 4)))
                store.sweep()

        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()

    app = FastAPI(
        title="vncards",
        summary="Referee Vietnamese card games and play them over HTTP.",
        version="0.2.0",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.settings = settings
    app.state.games = installed

    batch_limits = BatchLimits(settings.max_body_bytes, settings.max_batch_records)

    def limit(path: str) -> int:
        if path.rstrip("/").endswith("/referee/batch"):
            return settings.max_batch_bytes
        return settings.max_body_bytes

    app.add_middleware(BodyLimit, limit=limit)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, e: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else None
        return JSONResponse(e.body(), status_code=e.status, headers=headers)

    @app.exception_handler(ClientDisconnect)
    async def gone(_: Request, e: ClientDisconnect) -> Response:
        # the client left (or was cut off for being too slow): nobody reads an answer
        return Response(status_code=400)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, e: RequestValidationError) -> JSONResponse:
        errors = e.errors()
        first = errors[0] if errors else {"loc": (), "msg": "bad request"}
        where = ".".join(str(p) for p in first.get("loc", ()))
        message = f"bad request at {where}: {first.get('msg')}" if where else first.get("msg")
        return JSONResponse(error_body("bad-request", str(message)), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, e: HTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(e.status_code, "http-error")
        return JSONResponse(
            error_body(code, str(e.detail)), status_code=e.status_code, headers=e.headers
        )

    def seat_at(table_id: str, token: str | None) -> tuple[Table, int]:
        table = store.get(table_id)
        return table, table.seat_of(token)

    @app.get("/v1/games", tags=["games"])
    async def list_games() -> dict[str, Any]:
        """The installed games: title, deck, presets with their player ranges, bots."""
        return {"games": games_payload(installed)}

    @app.post(
        "/v1/referee",
        tags=["referee"],
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
        responses={422: {"description": "The record cannot be read."}},
    )
    async def referee_one(request: Request) -> Any:
        """Rule on a game record: 200 with the referee's report (legal or not), 422 with
        the referee's one-line message when the record cannot be read."""
        raw = await request.body()
        try:
            return await run_in_threadpool(referee_json, installed, raw)
        except RecordError as e:
            raise ApiError(422, "unreadable-record", str(e)) from None

    @app.post(
        "/v1/referee/batch",
        tags=["referee"],
        response_class=Response,
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
            }
        },
    )
    async def referee_batch(request: Request) -> Response:
        """NDJSON in, NDJSON out: one record a line; one report a line in the same
        order, or ``{"error": {...}}`` for a line that cannot be read."""
        spool = new_spool()
        try:
            await referee_batch_stream(
                functools.partial(referee_json, installed), request.stream(), spool, batch_limits
            )
        except BaseException:
            spool.close()
            raise
        return StreamingResponse(spooled_lines(spool), media_type="application/x-ndjson")

    @app.post(
        "/v1/tables",
        tags=["tables"],
        status_code=201,
        openapi_extra=_json_schema_body(TableRequest),
    )
    async def create_table(request: Request) -> dict[str, Any]:
        """Deal a table: one secret token per human seat (every seat not in ``bots``)."""
        data = await _json_body(request)
        try:
            req = TableRequest.model_validate(data)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "body"
            raise ApiError(
                422, "bad-request", f"bad table at {where}: {_one_line(first['msg'])}"
            ) from None
        plugin = installed.get(req.game)
        if plugin is None:
            known = ", ".join(installed) or "none"
            raise ApiError(422, "unknown-game", f"unknown game {req.game!r} (installed: {known})")
        store.make_room()
        table = new_table(
            store.new_id(),
            plugin,
            variant=req.variant,
            rules=req.rules,
            players=req.players,
            bots=req.bots,
            seed=req.seed,
            now=settings.clock(),
            max_bot_steps=settings.max_bot_steps,
        )
        store.add(table)
        async with table.lock:
            await run_in_threadpool(table.run_bots)
        table.wake()
        names = table.players
        return {"table": table.id, "tokens": {names[s]: t for s, t in table.tokens.items()}}

    @app.get("/v1/tables/{table_id}/view", tags=["tables"])
    async def view(table_id: str, credentials: Credentials) -> dict[str, Any]:
        """The token's seat's view (its own cards, the public table, its legal actions,
        the events it saw), with ``optional``, ``finished``, ``events`` and, once
        over, ``result``."""
        table, seat = seat_at(table_id, _token(credentials))
        store.touch(table)
        async with table.lock:
            return table.view_json(seat)

    @app.post(
        "/v1/tables/{table_id}/actions",
        tags=["tables"],
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
    )
    async def act(table_id: str, request: Request, credentials: Credentials) -> dict[str, Any]:
        """Take the token's seat's action: a record action without ``player`` (or
        ``{"decline": true}`` for an optional choice). 200 with the events it and the
        bots after it caused, as this seat sees them, and the seat's view; 409 with the
        rule's code for an illegal action, which changes nothing."""
        table, seat = seat_at(table_id, _token(credentials))
        data = await _json_body(request)
        store.touch(table)
        async with table.lock:
            try:
                first = await run_in_threadpool(table.act, seat, data)
            finally:
                store.touch(table)
            events = table.events_json(seat, first)
            seat_view = table.view_json(seat)
        table.wake()
        return {"events": events, "view": seat_view}

    @app.get("/v1/tables/{table_id}/record", tags=["tables"])
    async def record(table_id: str) -> dict[str, Any]:
        """The whole game record once the game is over (404 before); no token is needed
        (a table of bots alone has none, and once the game is over every card may be
        shown). ``POST /v1/referee`` accepts it as it is."""
        table = store.get(table_id)
        store.touch(table)
        async with table.lock:
            if not table.finished:
                raise ApiError(404, "not-finished", "The game is not over: no record yet.")
            return await run_in_threadpool(table.record_json)

    @app.websocket("/v1/tables/{table_id}/events")
    async def events(
        websocket: WebSocket, table_id: str, token: str | None = None, since: int = 0
    ) -> None:
        """The table's events as the token's seat sees them, from index ``since`` on,
        one JSON message each; closed once the game is over and every event sent."""
        try:
            table, seat = seat_at(table_id, token)
        except ApiError as e:
            await websocket.send_denial_response(JSONResponse(e.body(), status_code=e.status))
            return
        await websocket.accept()
        await _stream(websocket, table, seat, max(0, since))

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _stream(websocket: WebSocket, table: Table, seat: int, cursor: int) -> None:
    waker = asyncio.Event()
    table.watchers.add(waker)
    incoming = asyncio.ensure_future(websocket.receive())
    try:
        while True:
            waker.clear()
            async with table.lock:
                batch = table.events_json(seat, cursor)
                over = table.finished or table.ended
            cursor += len(batch)
            for item in batch:
                await websocket.send_json(item)
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
