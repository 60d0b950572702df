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
    allowed_hosts: tuple[str, ...] = (),
) -> None:
    """Serve the app on ``host``:``port`` until interrupted (loopback by default: pass
    ``0.0.0.0`` deliberately to be reached from other machines), its tables kept in
    ``db`` (:func:`default_db` when ``None``), which it says as it starts. The service
    answers to the loopback names, to ``host`` when it is one address, and to
    ``allowed_hosts`` (``"*"`` for any name)."""
    base = settings or ServerSettings()
    hosts = [*base.allowed_hosts, *allowed_hosts]
    if host not in ("0.0.0.0", "::", ""):
        hosts.append(host)
    settings = dataclasses.replace(
        base,
        db=db or default_db(),
        cors_origins=cors_origins or base.cors_origins,
        allowed_hosts=tuple(dict.fromkeys(hosts)),
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
