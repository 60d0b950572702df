"""The referee's endpoints and the games list: ``GET /v1/games``, ``POST /v1/referee``
and ``POST /v1/referee/batch``."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response, StreamingResponse
from starlette.concurrency import run_in_threadpool
from vncards.core import (
    MAX_RECORD_BYTES,
    GamePlugin,
    RecordError,
    RefereeReport,
    load_record,
    referee,
)
from vncards.server._batch import BatchLimits, new_spool, referee_batch_stream, spooled_lines
from vncards.server._errors import ApiError, quoted
from vncards.server._models import ErrorBody, GameDetail, GamesList
from vncards.server._notation import game_detail

__all__ = ["games_payload", "referee_json", "referee_router"]


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


def referee_router(
    games: Mapping[str, GamePlugin[Any, Any, Any]], batch_limits: BatchLimits | None = None
) -> APIRouter:
    """The games list and the referee, over ``games`` (a batch within ``batch_limits``).

    >>> sorted(r.path for r in referee_router({}).routes)
    ['/v1/games', '/v1/games/{game}', '/v1/referee', '/v1/referee/batch']
    """
    router = APIRouter()
    limits = batch_limits or BatchLimits(MAX_RECORD_BYTES, 100_000)
    details: dict[str, dict[str, Any]] = {}

    @router.get(
        "/v1/games", tags=["games"], response_model=None, responses={200: {"model": GamesList}}
    )
    async def list_games() -> dict[str, Any]:
        """The installed games: title, deck, presets with their player ranges, bots."""
        return {"games": games_payload(games)}

    @router.get(
        "/v1/games/{game}",
        tags=["games"],
        response_model=None,
        responses={200: {"model": GameDetail}, 404: {"model": ErrorBody}},
    )
    async def one_game(game: str) -> dict[str, Any]:
        """One installed game: its entry of ``/v1/games``, its cards (every card's
        token and how it looks in Vietnamese and English) and its action keys with the
        JSON Schema of their values, which a page draws the game from."""
        plugin = games.get(game)
        if plugin is None:
            raise ApiError(404, "unknown-game", f"There is no game {quoted(game)}.")
        if game not in details:
            entry = next(e for e in games_payload({game: plugin}))
            details[game] = await run_in_threadpool(game_detail, plugin, entry)
        return details[game]

    @router.post(
        "/v1/referee",
        tags=["referee"],
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
        response_model=None,
        responses={
            200: {"model": RefereeReport},
            422: {"model": ErrorBody, "description": "The record cannot be read."},
        },
    )
    async def referee_one(request: Request) -> Any:
        """Rule on a game record: 200 with the referee's report (legal or not), 422 with
        the referee's one-line message when the record cannot be read."""
        raw = await request.body()
        try:
            return await run_in_threadpool(referee_json, games, raw)
        except RecordError as e:
            raise ApiError(422, "unreadable-record", str(e)) from None

    @router.post(
        "/v1/referee/batch",
        tags=["referee"],
        response_class=Response,
        responses={
            200: {
                "description": "One RefereeReport (or ErrorBody for an unreadable line) a line.",
                "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
            }
        },
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
            rule = functools.partial(referee_json, games)
            await referee_batch_stream(rule, request.stream(), spool, limits)
        except BaseException:
            spool.close()
            raise
        return StreamingResponse(spooled_lines(spool), media_type="application/x-ndjson")

    return router
