"""``vncards serve``: the HTTP service, when the ``vncards-server`` package is installed.

The CLI does not need the server: it is imported only when this command runs, and its
absence is told in one line naming the extra that brings it.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer
from vncards.cli._common import InputError

__all__ = ["MISSING", "serve_command"]

MISSING = (
    "vncards serve needs the vncards-server package: install vncards-cli[server]"
    " (pip install 'vncards-cli[server]')"
)


def serve_command(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (loopback by default).")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="Port to listen on.", min=0, max=65535)
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Where tables are kept: sqlite:///PATH or postgresql://... (the postgres"
            " extra); by default an SQLite file in your data directory.",
        ),
    ] = None,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--cors-origin",
            help="A web origin allowed to call the API from a browser (repeatable; none"
            " by default).",
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="A host name the service answers to besides the loopback names and --host"
            " (repeatable; '*' for any). Needed to be reached by name from other machines.",
        ),
    ] = None,
) -> None:
    """Serve the HTTP API (referee, tables, events) and the web table at / ."""
    try:
        server = importlib.import_module("vncards.server")
    except ModuleNotFoundError as e:
        if e.name is not None and e.name.split(".")[0] in {"vncards", "fastapi", "uvicorn"}:
            raise InputError(MISSING) from None
        raise
    try:
        extra = {"allowed_hosts": tuple(allow_host)} if allow_host else {}
        server.serve(host=host, port=port, db=db, cors_origins=tuple(cors_origin or ()), **extra)
    except server.DatabaseError as e:
        raise InputError(str(e)) from None
