"""The memory of a limit-sized referee batch: ``POST /v1/referee/batch`` with a 64 MiB
body (the default ``max_batch_bytes``), streamed to a server in a child process on
127.0.0.1, whose peak resident memory is read from ``/proc`` (cleared just before).

    uv run pytest benchmarks/test_server_batch.py --benchmark-enable --benchmark-only

Two bodies: the shared records, each padded with blanks to 64 KiB (1,023 records), and
fifteen records padded to just under the 4 MiB limit of one record. ``extra_info``
holds ``peak_mib`` (the server's whole resident peak during the batch, the target being
at most 200 MB), ``idle_mib`` (its resident size before) and ``records``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from vncards.server.testing import ServerProcess, peak_memory, reset_peak_memory

RECORDS = Path(__file__).resolve().parent.parent / "shared" / "records"
MIB = 1024 * 1024
LIMIT = 64 * MIB


def _padded(size: int, count: int) -> list[bytes]:
    """``count`` shared records (cycling through them), each padded to ``size`` bytes."""
    records = [
        json.dumps(json.loads(p.read_bytes()), ensure_ascii=False).encode()
        for p in sorted(RECORDS.glob("*/*.json"))
        if not p.name.endswith(".expected.json")
    ]
    return [records[i % len(records)].ljust(size - 1) + b"\n" for i in range(count)]


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with ServerProcess() as live:
        yield live


@pytest.mark.parametrize(
    ("line_bytes", "count"), [(64 * 1024, LIMIT // (64 * 1024) - 1), (4 * MIB - 64, 15)]
)
def test_batch_peak_memory(
    benchmark: BenchmarkFixture, server: ServerProcess, line_bytes: int, count: int
) -> None:
    """A batch near 64 MiB: the server's peak resident memory while it answers."""
    lines = _padded(line_bytes, count)
    pid = server.proc.pid
    peaks: list[int] = []

    def batch() -> int:
        with httpx2.Client(base_url=server.url, timeout=600) as client:
            client.get("/v1/games").raise_for_status()
            reset_peak_memory(pid)
            r = client.post("/v1/referee/batch", content=iter(lines))
        peaks.append(peak_memory(pid))
        return sum(1 for line in r.text.splitlines() if '"error"' not in line[:12])

    idle = peak_memory(pid)
    once: Any = benchmark.pedantic  # one round: a round is 64 MiB
    assert once(batch, rounds=1, iterations=1) > 0
    benchmark.extra_info["records"] = count
    benchmark.extra_info["body_mib"] = round(count * line_bytes / MIB, 1)
    benchmark.extra_info["idle_mib"] = round(idle / MIB, 1)
    benchmark.extra_info["peak_mib"] = round(max(peaks) / MIB, 1)
