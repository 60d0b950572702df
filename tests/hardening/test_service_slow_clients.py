"""Slow and idle clients with real sockets on 127.0.0.1: a connection that sends nothing,
sends half its headers or half its body is answered 408 and closed, so a crowd of them
never locks out a real request (before, 190 such sockets against a server allowed 128
file descriptors locked out every request until they left).

The server runs in a child process with short deadlines; the test counts answers and
closed sockets and waits on nothing but sockets (each wait bounded by a generous socket
timeout, which only a failure reaches).
"""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Iterator

import pytest
from vncards.server.testing import ServerProcess

WAIT = 120.0  # seconds a socket waits before the test fails; never reached when it passes
TCP_CLOSE, TCP_CLOSE_WAIT = 7, 8  # Linux tcp_info states
DEADLINES = "deadlines=Deadlines(header_seconds=1, body_seconds=1, write_seconds=1)"


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with ServerProcess(settings=DEADLINES, max_files=128) as live:
        yield live


def _open(server: ServerProcess, first: bytes) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
    if first:
        s.sendall(first)
    return s


def _until_closed(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    got = b""
    try:
        while chunk := s.recv(65536):
            got += chunk
    except ConnectionResetError:
        pass
    finally:
        s.close()
    return got


def _games_answer(server: ServerProcess) -> int:
    with urllib.request.urlopen(server.url + "/v1/games", timeout=WAIT) as answer:
        assert json.load(answer)["games"]
        return int(answer.status)


def test_190_half_sent_requests_do_not_lock_out_a_real_one(server: ServerProcess) -> None:
    """Slow clients: with 128 descriptors, 190 connections that stopped halfway through
    their headers (or sent nothing) are closed by the server, and a real request made
    while they hold on is answered 200."""
    slow = [
        _open(server, b"GET /v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " if i % 2 else b"")
        for i in range(190)
    ]
    try:
        assert _games_answer(server) == 200
        answers = [_until_closed(s) for s in slow]
    finally:
        for s in slow:
            s.close()
    assert all(a == b"" or a.startswith(b"HTTP/1.1 408 ") for a in answers)
    assert sum(a.startswith(b"HTTP/1.1 408 ") for a in answers) >= 1


def test_a_half_sent_body_is_answered_408(server: ServerProcess) -> None:
    """Slow clients: headers announcing 1,000 bytes followed by 10 of them get 408 with
    the service's error body, and the connection is closed."""
    head = (
        b"POST /v1/referee HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        b"content-length: 1000\r\n\r\n"
    )
    answer = _until_closed(_open(server, head + b'{"game": "'))
    status, _, rest = answer.partition(b"\r\n")
    assert status == b"HTTP/1.1 408 Request Timeout"
    assert json.loads(rest.partition(b"\r\n\r\n")[2])["error"]["code"] == "timeout"


def _dropped_by_server(s: socket.socket) -> bool:
    """Whether the server closed or reset ``s``, read from the socket's TCP state without
    reading its data (polled, up to ``WAIT`` seconds)."""
    for _ in range(int(WAIT / 0.05)):
        state = s.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0]
        if state in (TCP_CLOSE, TCP_CLOSE_WAIT):
            return True
        time.sleep(0.05)
    return False


def test_a_client_that_never_reads_its_answer_is_dropped() -> None:
    """Slow clients: a client that sends a batch whose answer is megabytes long and
    reads none of it is reset once the server's write buffer stays full (a plain close
    would queue the FIN behind the unread answer, so the client would never see it), and
    the server answers others meanwhile. Its own server, so no earlier test's state
    decides the outcome."""
    with ServerProcess(settings=DEADLINES, max_files=128) as server:
        _never_reading_client_is_dropped(server)


def _never_reading_client_is_dropped(server: ServerProcess) -> None:
    line = b'{"game": "nope", "players": ["A"], "hands": {"A": []}}\n'
    body = line * 60_000  # about 7 MB of answers
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(WAIT)
    s.connect(("127.0.0.1", server.port))
    try:
        s.sendall(
            b"POST /v1/referee/batch HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + f"content-length: {len(body)}\r\n\r\n".encode()
            + body
        )
        assert _games_answer(server) == 200
        assert _dropped_by_server(s)
    finally:
        s.close()
