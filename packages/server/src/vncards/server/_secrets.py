"""Seat tokens kept out of URLs and logs.

A URL is written down everywhere: in access logs, in a browser's history, in a proxy's
records. The web table therefore sends a seat's token on its WebSocket as a subprotocol
(``Sec-WebSocket-Protocol: vncards, bearer.TOKEN``), a header no log prints, and the
service answers with the plain ``vncards`` subprotocol. The older ``?token=`` query
still works for clients that send it, and every log line of the server has any
``token=`` value replaced by ``[redacted]`` before it is written.
"""

from __future__ import annotations

import logging
import re

from starlette.websockets import WebSocket

__all__ = [
    "SUBPROTOCOL",
    "RedactTokens",
    "install_redaction",
    "redacted",
    "socket_subprotocol",
    "socket_token",
]

SUBPROTOCOL = "vncards"
"""The subprotocol the service speaks on its event sockets."""
_BEARER = "bearer."
_TOKEN_IN_TEXT = re.compile(r"(token=)[^&\s\"'#]+", re.IGNORECASE)
_LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")


def redacted(text: str) -> str:
    """``text`` with the value of every ``token=`` replaced.

    >>> redacted('127.0.0.1:5 - "WebSocket /v1/tables/x/events?token=abc&since=2"')
    '127.0.0.1:5 - "WebSocket /v1/tables/x/events?token=[redacted]&since=2"'
    """
    return _TOKEN_IN_TEXT.sub(r"\1[redacted]", text)


class RedactTokens(logging.Filter):
    """A logging filter that redacts tokens from every record it sees.

    >>> record = logging.LogRecord("uvicorn.access", 20, "", 0, "GET %s", ("/?token=s",), None)
    >>> RedactTokens().filter(record), record.getMessage()
    (True, 'GET /?token=[redacted]')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "token=" in message.lower():
            record.msg = redacted(message)
            record.args = ()
        return True


def install_redaction() -> None:
    """Redact tokens on uvicorn's loggers (once, however many apps are made)."""
    for name in _LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def _offered(websocket: WebSocket) -> list[str]:
    header = websocket.headers.get("sec-websocket-protocol", "")
    return [p.strip() for p in header.split(",") if p.strip()]


def socket_token(websocket: WebSocket) -> str | None:
    """The token a WebSocket offers as a ``bearer.TOKEN`` subprotocol, or None."""
    for protocol in _offered(websocket):
        if protocol.startswith(_BEARER):
            return protocol[len(_BEARER) :]
    return None


def socket_subprotocol(websocket: WebSocket) -> str | None:
    """The subprotocol to accept: ``vncards`` when the client offered it."""
    return SUBPROTOCOL if SUBPROTOCOL in _offered(websocket) else None
