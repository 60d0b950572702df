"""The FastAPI app: the referee, tables played over HTTP and WebSocket, the web table.

It is assembled here from its routers (:mod:`._routes_referee`, :mod:`._routes_tables`)
over a :class:`~vncards.server._runner.TableRunner` and its store. Every endpoint reaches
games through the plugin protocol only. Errors answer ``{"error": {"code", "message"}}``;
the status says which kind (401 token, 404 no such table, 409 refused action, 413 body
too large, 422 unreadable input, 503 table limit).
"""

from __future__ import annotations

import asyncio
import contextlib
import warnings
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from vncards.core import GamePlugin, discover_games
from vncards.server._batch import BatchLimits
from vncards.server._errors import ApiError, error_body
from vncards.server._guard import CreationLimit, Guard
from vncards.server._limits import BodyLimit
from vncards.server._models import typed_openapi
from vncards.server._routes_referee import referee_router
from vncards.server._routes_tables import tables_router
from vncards.server._runner import TableRunner
from vncards.server._secrets import install_redaction
from vncards.server._settings import ServerSettings
from vncards.server._store import MemoryStore, TableStore

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"

_STATUS_CODES = {
    400: "bad-request",
    401: "no-token",
    404: "not-found",
    405: "method-not-allowed",
    413: "too-large",
    422: "bad-request",
}


def _installed(games: Mapping[str, GamePlugin[Any, Any, Any]] | None) -> dict[str, Any]:
    if games is None:
        with warnings.catch_warnings():
            # a broken plugin is skipped; its warning must not stop the service
            warnings.simplefilter("ignore")
            games = discover_games()
    return dict(games)


def _open_store(settings: ServerSettings) -> TableStore:
    if settings.db is None:
        return MemoryStore()
    from vncards.server._sql import SqlStore

    return SqlStore(settings.db)


def _handlers(app: FastAPI) -> None:
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


def create_app(
    settings: ServerSettings | None = None,
    games: Mapping[str, GamePlugin[Any, Any, Any]] | None = None,
    store: TableStore | None = None,
) -> FastAPI:
    """The service over ``store`` (by default the one ``settings.db`` names, in memory
    without one); ``games`` replaces the installed games.

    >>> app = create_app()
    >>> sorted(p for p in app.openapi()["paths"] if p.startswith("/v1/tables"))[:2]
    ['/v1/tables', '/v1/tables/{table_id}/actions']
    """
    settings = settings or ServerSettings()
    install_redaction()
    installed = _installed(games)
    runner = TableRunner(store or _open_store(settings), installed, settings)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        listener = getattr(runner.store, "listen", None)
        stop = None if listener is None else await listener(runner)

        async def sweeper() -> None:
            while True:
                await asyncio.sleep(min(5.0, max(0.5, settings.idle_seconds / 4)))
                await runner.sweep()
                await runner.run_clocks()

        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            if stop is not None:
                await stop()
            runner.store.close()

    app = FastAPI(
        title="vncards",
        summary="Referee Vietnamese card games and play them over HTTP.",
        version="0.2.0",
        lifespan=lifespan,
    )
    app.state.runner = runner
    app.state.settings = settings
    app.state.games = installed

    def limit(path: str) -> int:
        if path.rstrip("/").endswith("/referee/batch"):
            return settings.max_batch_bytes
        return settings.max_body_bytes

    app.add_middleware(BodyLimit, limit=limit)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type"],
        )
    creations = CreationLimit(settings.tables_per_minute, clock=settings.clock)
    app.add_middleware(
        Guard,
        allowed_hosts=settings.allowed_hosts,
        cors_origins=settings.cors_origins,
        creations=creations,
    )
    _handlers(app)
    batch_limits = BatchLimits(settings.max_body_bytes, settings.max_batch_records)
    app.include_router(referee_router(installed, batch_limits))
    app.include_router(tables_router(runner))

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    typed_openapi(app, installed)
    return app
