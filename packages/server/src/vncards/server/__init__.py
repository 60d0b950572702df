"""vncards.server — the HTTP service: the referee for game servers written in any
language, tables played over HTTP and WebSocket with one secret token per seat, and a
web table at ``/``.

>>> from vncards.server import ServerSettings, create_app
>>> app = create_app(ServerSettings(max_tables=50))
>>> app.title
'vncards'
"""

from vncards.server._app import TableRequest, create_app, games_payload, referee_json
from vncards.server._connections import Deadlines, server_config
from vncards.server._errors import ApiError
from vncards.server._serve import serve
from vncards.server._settings import ServerSettings
from vncards.server._tables import BOT_PREFERENCE, DEFAULT_BOT, Table, TableStore, default_bot

__all__ = [
    "BOT_PREFERENCE",
    "DEFAULT_BOT",
    "ApiError",
    "Deadlines",
    "ServerSettings",
    "Table",
    "TableRequest",
    "TableStore",
    "create_app",
    "default_bot",
    "games_payload",
    "referee_json",
    "serve",
    "server_config",
]
