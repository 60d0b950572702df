"""Running the service: ``vncards serve`` and ``python -m vncards.server``."""

from __future__ import annotations

import dataclasses

import platformdirs
import uvicorn
from vncards.server._app import create_app
from vncards.server._connections import server_options
from vncards.server._settings import ServerSettings

__all__ = ["default_db", "serve"]


def default_db() -> str:
    """Where tables are kept when no database is named: an SQLite file in the user's
    data directory.

    >>> default_db().startswith("sqlite:///") and default_db().endswith("tables.sqlite3")
    True
    """
    return f"sqlite:///{platformdirs.user_data_path('vncards') / 'tables.sqlite3'}"


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    settings: ServerSettings | None = None,
    *,
    db: str | None = None,
    cors_origins: tuple[str, ...] = (),
) -> None:
    """Serve the app on ``host``:``port`` until interrupted (loopback by default: pass
    ``0.0.0.0`` deliberately to be reached from other machines), its tables kept in
    ``db`` (:func:`default_db` when ``None``), which it says as it starts."""
    settings = dataclasses.replace(
        settings or ServerSettings(),
        db=db or default_db(),
        cors_origins=cors_origins or (settings.cors_origins if settings else ()),
    )
    app = create_app(settings)
    assert settings.db is not None
    print(f"vncards: tables are kept in {_shown(settings.db)}", flush=True)
    options = server_options(settings.deadlines, host=host, port=port, log_level="info")
    uvicorn.run(app, **options)


def _shown(url: str) -> str:
    """A database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
