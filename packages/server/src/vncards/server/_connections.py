"""Connections that cannot be held open for nothing: deadlines on reading a request and
on a client that stops reading its answer, and the uvicorn configuration that uses them.

uvicorn bounds only the wait between two requests of one connection (keep-alive). A
client that opens a connection and sends nothing, sends its headers a byte at a time or
never finishes its body holds a socket for ever, and a few hundred of them take every
file descriptor the process has. Here every connection must:

- send a request's headers within ``header_seconds`` of connecting (or of its first
  byte after a keep-alive pause);
- send the body within ``body_seconds`` of the headers;
- take the answer: a write buffer that stays full for ``write_seconds`` resets it.

A request too slow gets ``408`` with the service's error body and the connection is
closed; its socket is free again. A client that stops reading is reset rather than
closed: a plain close would leave the unsent answer queued in the kernel, the closing
FIN behind it, and a client that never reads would never learn it was dropped. A
WebSocket, once upgraded, is watched by its own pings instead (uvicorn's
``ws_ping_interval``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import struct
from dataclasses import dataclass
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from vncards.server._errors import error_body

__all__ = ["Deadlines", "guarded_protocol", "reset", "server_config", "server_options"]


@dataclass(frozen=True)
class Deadlines:
    """How long a connection may take over each part of a request, in seconds.

    >>> Deadlines().header_seconds
    10.0
    >>> Deadlines(body_seconds=0)
    Traceback (most recent call last):
    ...
    ValueError: body_seconds must be more than 0, not 0
    """

    header_seconds: float = 10.0
    body_seconds: float = 120.0
    write_seconds: float = 60.0
    keep_alive_seconds: int = 5

    def __post_init__(self) -> None:
        for name in ("header_seconds", "body_seconds", "write_seconds", "keep_alive_seconds"):
            value = getattr(self, name)
            if not value > 0:
                raise ValueError(f"{name} must be more than 0, not {value}")


def _timeout_answer() -> bytes:
    body = json.dumps(
        error_body("timeout", "The request was not sent in time; the connection is closed.")
    ).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


_TIMEOUT_ANSWER = _timeout_answer()
_NO_LINGER = struct.pack("ii", 1, 0)
"""``SO_LINGER`` on with a zero timeout: closing discards unsent data and sends RST."""


def reset(transport: asyncio.WriteTransport) -> None:
    """Drop ``transport`` at once: its unsent bytes are discarded, in the process and in
    the kernel, and the peer gets a reset, whether it reads or not.

    >>> class Closed(asyncio.WriteTransport):
    ...     def abort(self): print("aborted")
    >>> reset(Closed())
    aborted
    """
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _NO_LINGER)
    transport.abort()


def guarded_protocol(deadlines: Deadlines) -> type[H11Protocol]:
    """uvicorn's h11 protocol with ``deadlines`` on reading requests and writing answers
    (pass it as ``uvicorn.Config(http=...)``).

    >>> guarded_protocol(Deadlines()).__name__
    'GuardedH11Protocol'
    """

    class GuardedH11Protocol(H11Protocol):
        _timer: asyncio.TimerHandle | None = None
        _write_timer: asyncio.TimerHandle | None = None
        _followed: object = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm(deadlines.header_seconds)

        def data_received(self, data: bytes) -> None:
            if self._timer is None and self._between_requests():
                self._arm(deadlines.header_seconds)
            super().data_received(data)

        def handle_events(self) -> None:
            super().handle_events()
            self._follow()

        def on_response_complete(self) -> None:
            self._disarm()
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._write_timer is not None:
                self._write_timer.cancel()
            super().connection_lost(exc)

        def pause_writing(self) -> None:
            super().pause_writing()
            if self._write_timer is None:
                self._write_timer = self.loop.call_later(
                    deadlines.write_seconds, reset, self.transport
                )

        def resume_writing(self) -> None:
            super().resume_writing()
            if self._write_timer is not None:
                self._write_timer.cancel()
                self._write_timer = None

        def _between_requests(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _follow(self) -> None:
            """Move the deadline along as the request arrives."""
            if self.transport.get_protocol() is not self:
                self._disarm()  # upgraded to a WebSocket
                return
            cycle = self.cycle
            if cycle is None or cycle.response_complete:
                return
            if cycle is not self._followed:
                self._followed = cycle
                self._arm(deadlines.body_seconds)
            if not cycle.more_body:
                self._disarm()  # the whole request is in: the app answers it

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._timer = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is None or cycle.response_complete or not cycle.response_started:
                self.transport.write(_TIMEOUT_ANSWER)
            self.transport.close()

    return GuardedH11Protocol


def server_options(deadlines: Deadlines, **options: Any) -> dict[str, Any]:
    """The options of ``uvicorn.run`` or ``uvicorn.Config`` the service runs with: the
    guarded protocol and keep-alive bounded by ``deadlines``, then ``options``.

    >>> sorted(server_options(Deadlines(), port=0))
    ['http', 'port', 'timeout_keep_alive', 'ws']
    """
    return {
        "http": guarded_protocol(deadlines),
        "timeout_keep_alive": deadlines.keep_alive_seconds,
        "ws": "websockets-sansio",
        **options,
    }


def server_config(app: Any, deadlines: Deadlines, **options: Any) -> uvicorn.Config:
    """The uvicorn configuration the service runs with (:func:`server_options`).

    >>> config = server_config(object(), Deadlines(keep_alive_seconds=3), port=0)
    >>> config.timeout_keep_alive, config.http.__name__
    (3, 'GuardedH11Protocol')
    """
    return uvicorn.Config(app, **server_options(deadlines, **options))
