"""The HTTP service: referee requests a second through HTTP on loopback against the
same records refereed in process (the ratio is measured in the same run), NDJSON
batches, and table actions a second.

The server runs in a child process on 127.0.0.1 (a port the system picks), so that the
client and the server each have a core; the client keeps one connection open.

    uv run pytest benchmarks/test_server.py --benchmark-enable --benchmark-only

``extra_info`` holds ``per_s`` (records or actions a second over HTTP), and for the
referee ``in_process_per_s`` and ``http_over_in_process`` (the share of the in-process
rate that survives the trip through HTTP).
"""

from __future__ import annotations

import json
import random
import statistics
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import GamePlugin, discover_games, load_record, referee
from vncards.server.testing import ServerProcess

RECORDS = Path(__file__).resolve().parent.parent / "shared" / "records"
NAMES = ["An", "Bình", "Chi", "Dũng"]


def _records() -> list[bytes]:
    """Every readable shared record, as the bytes a game server would send."""
    games = _games()
    out = []
    for path in sorted(RECORDS.glob("*/*.json")):
        if path.name.endswith(".expected.json"):
            continue
        raw = path.read_bytes()
        try:
            record = load_record(raw)
            referee(games[record.game], record)
        except Exception:
            continue
        out.append(raw)
    return out


def _games() -> dict[str, GamePlugin[Any, Any, Any]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dict(discover_games())


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    # one client opens every table of the run: lift the per-client limit on new tables
    with ServerProcess(settings="tables_per_minute=1_000_000") as live:
        yield live


@pytest.fixture(scope="module")
def client(server: ServerProcess) -> Iterator[httpx2.Client]:
    with httpx2.Client(base_url=server.url, timeout=60) as c:
        yield c


def _in_process_rate(records: list[bytes], rounds: int = 5) -> float:
    games = _games()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for raw in records:
            record = load_record(raw)
            referee(games[record.game], record).model_dump(mode="json", by_alias=True)
        times.append(time.perf_counter() - start)
    return len(records) / statistics.median(times)


def _rates(benchmark: BenchmarkFixture, items: int, in_process: float | None = None) -> None:
    """Store items a second of the median round, and its share of the in-process rate."""
    stats = benchmark.stats
    if stats is None:
        return
    per_s = items / stats.stats.median
    benchmark.extra_info["per_s"] = round(per_s)
    if in_process is not None:
        benchmark.extra_info["in_process_per_s"] = round(in_process)
        benchmark.extra_info["http_over_in_process"] = round(per_s / in_process, 3)


def test_referee_http_against_in_process(
    benchmark: BenchmarkFixture, client: httpx2.Client
) -> None:
    """POST /v1/referee, one record a request, against load_record + referee in process."""
    records = _records()
    in_process = _in_process_rate(records)

    def over_http() -> int:
        legal = 0
        for raw in records:
            r = client.post("/v1/referee", content=raw)
            legal += r.json()["legal"]
        return legal

    assert benchmark(over_http) > 0
    _rates(benchmark, len(records), in_process)


def test_referee_batch_http(benchmark: BenchmarkFixture, client: httpx2.Client) -> None:
    """POST /v1/referee/batch: the same records as one NDJSON body."""
    records = _records()
    body = b"\n".join(json.dumps(json.loads(r)).encode() for r in records) + b"\n"
    in_process = _in_process_rate(records)

    def batch() -> int:
        return len(client.post("/v1/referee/batch", content=body).text.splitlines())

    assert benchmark(batch) == len(records)
    _rates(benchmark, len(records), in_process)


def test_table_actions(benchmark: BenchmarkFixture, client: httpx2.Client) -> None:
    """Tiến lên tables, one human seat against three random bots, played to the end over
    HTTP: each action is one POST answered with its events and the seat's new view."""

    def play_tables() -> int:
        actions = 0
        for g in range(5):
            rng = random.Random(g)
            made = client.post(
                "/v1/tables",
                json={
                    "game": "tienlen",
                    "players": NAMES,
                    "bots": dict.fromkeys(NAMES[1:], "random"),
                    "seed": g,
                },
            ).json()
            headers = {"Authorization": f"Bearer {made['tokens']['An']}"}
            view = client.get(f"/v1/tables/{made['table']}/view", headers=headers).json()
            while not view["finished"]:
                r = client.post(
                    f"/v1/tables/{made['table']}/actions",
                    headers=headers,
                    json=rng.choice(view["legal"]),
                )
                view = r.json()["view"]
                actions += 1
        return actions

    actions = benchmark(play_tables)
    assert actions > 0
    _rates(benchmark, actions)
