"""The service's batch referee under load: ``POST /v1/referee/batch`` reads its body a
record at a time, so the memory it takes does not grow with the body (it used to hold
about forty times its input: 2.6 GB for 16 MiB).

The server runs in a child process on 127.0.0.1; its peak resident memory is read from
``/proc`` (cleared just before the batch), and the body is streamed from a generator, so
neither side holds it whole. Nothing is timed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx2
import pytest
from vncards.server.testing import ServerProcess, peak_memory, reset_peak_memory

MIB = 1024 * 1024
# a record that is read and refused quickly (unknown game), padded to 2 KiB
UNKNOWN_GAME = {"game": "nope", "players": ["A"], "hands": {"A": []}}
LINE = json.dumps(UNKNOWN_GAME).ljust(2047).encode() + b"\n"


def _body(total: int) -> Iterator[bytes]:
    chunk = LINE * 512  # 1 MiB
    for _ in range(total // len(chunk)):
        yield chunk


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with ServerProcess() as live:
        yield live


def test_a_32_mib_batch_takes_less_memory_than_half_its_body(server: ServerProcess) -> None:
    """Batch memory: a 32 MiB batch of 16,384 records raises the server's peak resident
    memory by less than 16 MiB, and every record is answered, in order."""
    pid = server.proc.pid
    with httpx2.Client(base_url=server.url, timeout=300) as client:
        client.get("/v1/games").raise_for_status()
        reset_peak_memory(pid)
        before = peak_memory(pid)
        answers = 0
        with client.stream("POST", "/v1/referee/batch", content=_body(32 * MIB)) as r:
            assert r.status_code == 200
            for line in r.iter_lines():
                assert json.loads(line)["error"]["code"] == "unreadable-record"
                answers += 1
    grown = peak_memory(pid) - before
    assert answers == 32 * MIB // len(LINE)
    assert grown < 16 * MIB, f"the batch raised the peak by {grown / MIB:.0f} MiB"


def test_a_line_over_the_record_limit_is_answered_alone(server: ServerProcess) -> None:
    """Batch memory: a line longer than the record limit (4 MiB) is not gathered: it is
    answered with one error line, and the records around it are refereed as usual."""
    big = b"[" + b" " * (5 * MIB) + b"]"
    body = [LINE, big[: 2 * MIB], big[2 * MIB :] + b"\n", LINE]
    with httpx2.Client(base_url=server.url, timeout=300) as client:
        r = client.post("/v1/referee/batch", content=iter(body))
    lines = [json.loads(x) for x in r.text.splitlines()]
    assert r.status_code == 200
    assert len(lines) == 3
    assert "larger than" in lines[1]["error"]["message"]
    assert all(x["error"]["code"] == "unreadable-record" for x in lines)
