"""The service's front door: which hosts and web pages may call it, which bodies it
reads, how many tables one client may open, and the headers every answer carries.

A service on 127.0.0.1 is reachable from any web page its user opens: a page may post a
``text/plain`` body to it (no preflight), or rebind its own domain name to 127.0.0.1 and
then read the answers. So:

- the ``Host`` header must name one of ``allowed_hosts`` (loopback names by default):
  a rebound domain name is refused with 421;
- a request carrying ``Origin`` must come from the service's own origin or from one of
  ``cors_origins``: 403 otherwise (WebSockets too);
- a body is JSON (``application/json``, or no type at all for scripts; a batch may say
  ``application/x-ndjson``): any other type is 415;
- one client (its address) opens at most ``tables_per_minute`` tables a minute: 429;
- a path longer than 2,048 bytes is 414, whatever it names.

Every answer says ``nosniff``, denies framing, sends no referrer and carries a content
security policy that allows only the service's own scripts, styles and sockets; every
answer under ``/v1/`` but the games list is ``Cache-Control: no-store`` (views hold
private cards, table creations hold tokens).
"""

from __future__ import annotations

import json
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from vncards.server._errors import error_body

__all__ = ["LOOPBACK_HOSTS", "CreationLimit", "Guard", "host_name"]

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1", "testserver")
"""Host names a service on loopback answers to (``testserver`` is the name the
Starlette and FastAPI test clients send; it is no name a public DNS can hand out)."""

MAX_PATH = 2048
_HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]+)?|\[[0-9A-Fa-f:.]+\](:[0-9]+)?")
_JSON_TYPES = frozenset({"application/json"})
_BATCH_TYPES = frozenset({"application/json", "application/x-ndjson", "application/jsonl"})
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self' {sockets}; base-uri 'none'; form-action 'self';"
    " frame-ancestors 'none'"
)


def host_name(header: str) -> str:
    """The host of a ``Host`` header, without its port, lower case.

    >>> host_name("LocalHost:8000"), host_name("[::1]:80"), host_name("127.0.0.1")
    ('localhost', '::1', '127.0.0.1')
    """
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    return header.rpartition(":")[0] if header.count(":") == 1 else header


@dataclass
class CreationLimit:
    """A token bucket per client: ``per_minute`` creations a minute, as many at once.

    >>> now = [0.0]
    >>> limit = CreationLimit(2, clock=lambda: now[0])
    >>> [limit.take("a") for _ in range(3)], limit.take("b")
    ([True, True, False], True)
    >>> now[0] += 30
    >>> limit.take("a")
    True
    """

    per_minute: int
    clock: Callable[[], float] = time.monotonic
    max_clients: int = 10_000
    _buckets: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)

    def take(self, client: str) -> bool:
        """Whether ``client`` may create a table now (and count it if so)."""
        now = self.clock()
        tokens, since = self._buckets.pop(client, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - since) * self.per_minute / 60)
        allowed = tokens >= 1
        self._buckets[client] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return allowed


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


class Guard:
    """ASGI middleware applying the checks and headers this module describes."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_hosts: Sequence[str],
        cors_origins: Sequence[str],
        creations: CreationLimit,
    ) -> None:
        self.app = app
        self.any_host = "*" in allowed_hosts
        self.hosts = frozenset(h.lower().strip("[]") for h in allowed_hosts)
        self.origins = frozenset(o.rstrip("/") for o in cors_origins)
        self.creations = creations

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """Why the request is refused (status, code, message), or None."""
        if len(scope.get("raw_path") or scope["path"].encode()) > MAX_PATH:
            return 414, "too-long", f"The path is longer than {MAX_PATH} bytes."
        host = _header(scope, b"host")
        if host is not None and not self.any_host and host_name(host) not in self.hosts:
            return 421, "bad-host", "This service does not answer to that host name."
        origin = _header(scope, b"origin")
        if origin is not None and origin.rstrip("/") not in self.origins:
            scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
            if host is None or origin.rstrip("/").lower() != f"{scheme}://{host}".lower():
                return 403, "bad-origin", "Requests from other web pages are not accepted."
        if scope["type"] == "http" and scope["method"] == "POST":
            return self._body_refusal(scope)
        return None

    def _body_refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        kind = _header(scope, b"content-type")
        allowed = _BATCH_TYPES if scope["path"].endswith("/batch") else _JSON_TYPES
        if kind is not None and kind.partition(";")[0].strip().lower() not in allowed:
            return 415, "not-json", "The body must be JSON (content-type: application/json)."
        if scope["path"].rstrip("/") == "/v1/tables":
            client = scope.get("client")
            if not self.creations.take(client[0] if client else ""):
                return (
                    429,
                    "rate-limited",
                    "This client opened too many tables; try again in a minute.",
                )
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if refused is not None:
            if scope["type"] == "websocket":
                await _deny_socket(receive, send, *refused)
            else:
                await _answer(send, *refused, extra=self.headers(scope))
            return
        headers = self.headers(scope)

        async def with_headers(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                known = {k.lower() for k, _ in message.get("headers", [])}
                added = [(k, v) for k, v in headers if k not in known]
                message = {**message, "headers": [*message.get("headers", []), *added]}
            await send(message)

        await self.app(scope, receive, with_headers)

    def headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        """The headers every answer to ``scope`` carries."""
        host = _header(scope, b"host") or ""
        sockets = f"ws://{host} wss://{host}" if _HOST.fullmatch(host) else ""
        out = [
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"),
            (b"content-security-policy", _CSP.format(sockets=sockets).encode("latin-1")),
        ]
        path = scope["path"]
        if path.startswith("/v1/") and path.rstrip("/") != "/v1/games":
            out.append((b"cache-control", b"no-store"))
        return out


async def _answer(
    send: Send, status: int, code: str, message: str, extra: list[tuple[bytes, bytes]]
) -> None:
    body = json.dumps(error_body(code, message)).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *extra,
    ]
    if status == 429:
        headers.append((b"retry-after", b"60"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _deny_socket(receive: Receive, send: Send, status: int, code: str, text: str) -> None:
    await receive()  # websocket.connect
    body = json.dumps(error_body(code, text)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
    await send({"type": "websocket.http.response.body", "body": body})
