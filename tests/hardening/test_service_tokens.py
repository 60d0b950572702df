"""Seat tokens never reach a log line: the web table sends its token as a WebSocket
subprotocol, and a token still sent the older way (``?token=`` in the URL) is redacted
from uvicorn's access and error logs (before, the access log printed it whole).

A real server on 127.0.0.1 (a port the system picks) logs at INFO; every record its
loggers emit is captured and formatted, and none may hold a token.
"""

from __future__ import annotations

import json
import logging
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from vncards.server import ServerSettings, create_app
from vncards.server.testing import LiveServer
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.server._toy import TOY

APP_JS = Path(__file__).parents[2] / "packages/server/src/vncards/server/static/app.js"


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def logged() -> Iterator[tuple[LiveServer, Lines]]:
    capture = Lines()
    loggers = [logging.getLogger(n) for n in ("uvicorn.access", "uvicorn.error", "uvicorn")]
    live = LiveServer(create_app(ServerSettings(), games={"toy": TOY}), log_level="info")
    for logger in loggers:
        logger.addHandler(capture)
    try:
        with live:
            yield live, capture
    finally:
        for logger in loggers:
            logger.removeHandler(capture)


def _post(url: str, body: object) -> dict[str, object]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        data: dict[str, object] = json.load(answer)
        return data


def test_no_token_reaches_a_log_line(logged: tuple[LiveServer, Lines]) -> None:
    """Tokens in logs: a table's token used in a header, as a subprotocol, in the URL's
    query (accepted and refused) and in the page's URL never shows in any log line,
    while the requests themselves are logged."""
    live, capture = logged
    made = _post(live.url + "/v1/tables", {"game": "toy", "players": ["A", "B"]})
    table = made["table"]
    tokens = made["tokens"]
    assert isinstance(tokens, dict)
    token = str(tokens["A"])
    ws = live.url.replace("http", "ws") + f"/v1/tables/{table}/events"
    with connect(ws, subprotocols=["vncards", f"bearer.{token}"]) as socket:  # type: ignore[list-item]
        assert socket.subprotocol == "vncards"
    with connect(f"{ws}?token={token}&since=0") as socket:
        assert socket.subprotocol is None
    with pytest.raises(InvalidStatus):
        connect(f"{ws}?token={token}x")
    request = urllib.request.Request(
        f"{live.url}/v1/tables/{table}/view", headers={"authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status == 200
    with urllib.request.urlopen(f"{live.url}/?table={table}&token={token}", timeout=60) as page:
        assert page.status == 200
    text = "\n".join(capture.lines)
    assert f"/v1/tables/{table}/view" in text
    assert "token=[redacted]" in text
    assert token not in text


def test_the_web_table_sends_its_token_as_a_subprotocol() -> None:
    """Tokens in logs: the web table's WebSocket URL holds no token; the token goes in
    the subprotocol list."""
    source = APP_JS.read_text()
    assert "events?token=" not in source
    assert "bearer.${S.token}" in source
