"""Running the service: ``vncards serve`` and ``python -m vncards.server``."""

from __future__ import annotations

import uvicorn
from vncards.server._app import create_app
from vncards.server._connections import server_config
from vncards.server._settings import ServerSettings

__all__ = ["serve"]


def serve(
    host: str = "127.0.0.1", port: int = 8000, settings: ServerSettings | None = None
) -> None:
    """Serve the app on ``host``:``port`` until interrupted (loopback by default: pass
    ``0.0.0.0`` deliberately to be reached from other machines)."""
    settings = settings or ServerSettings()
    config = server_config(
        create_app(settings), settings.deadlines, host=host, port=port, log_level="info"
    )
    uvicorn.Server(config).run()
