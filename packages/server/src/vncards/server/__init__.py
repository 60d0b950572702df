"""vncards.server — the HTTP service: the referee for game servers written in any
language, tables played over HTTP and WebSocket with one secret token per seat, and a
web table at ``/``.

>>> from vncards.server import ServerSettings, create_app
>>> app = create_app(ServerSettings(max_tables=50))
>>> app.title
'vncards'
"""

from vncards.server._app import create_app
from vncards.server._connections import Deadlines, server_config
from vncards.server._errors import ApiError
from vncards.server._routes_referee import games_payload, referee_json
from vncards.server._routes_tables import TableRequest
from vncards.server._runner import NewTable, TableRunner
from vncards.server._serve import default_db, serve
from vncards.server._settings import ServerSettings
from vncards.server._sql import DatabaseError, SqlStore
from vncards.server._store import MemoryStore, StoredTable, TableStore
from vncards.server._tables import BOT_PREFERENCE, DEFAULT_BOT, Table, default_bot

__all__ = [
    "BOT_PREFERENCE",
    "DEFAULT_BOT",
    "ApiError",
    "DatabaseError",
    "Deadlines",
    "MemoryStore",
    "NewTable",
    "ServerSettings",
    "SqlStore",
    "StoredTable",
    "Table",
    "TableRequest",
    "TableRunner",
    "TableStore",
    "create_app",
    "default_bot",
    "default_db",
    "games_payload",
    "referee_json",
    "serve",
    "server_config",
]
