"""The HTTP service: referee requests a second through HTTP on loopback against the
same records refereed in process (the ratio is measured in the same run), NDJSON
batches, and table actions a second; the same with every table stored in SQLite and in
PostgreSQL (against the in-memory store in the same run), and the memory of a server
holding 2,000 live tables.

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
from vncards.server.testing import PostgresCluster, ServerProcess, postgres_bin

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

    actions = benchmark(_play_tables, client, 5)
    assert actions > 0
    _rates(benchmark, actions)


def _play_tables(client: httpx2.Client, games: int = 3) -> int:
    """Tiến lên tables, one human seat against three random bots, played to the end."""
    actions = 0
    for g in range(games):
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


def _memory_rate(client: httpx2.Client) -> float:
    start = time.perf_counter()
    actions = _play_tables(client)
    return actions / (time.perf_counter() - start)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def stored(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A database URL of each kind (PostgreSQL: a throwaway server, skipped without it)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'tables.db'}"
        return
    found = postgres_bin()
    if found is None:
        pytest.skip("PostgreSQL is not installed")
    with PostgresCluster(found) as cluster:
        yield cluster.url


def test_stored_table_actions(
    benchmark: BenchmarkFixture, client: httpx2.Client, stored: str
) -> None:
    """Table actions a second with every action committed to SQLite or PostgreSQL,
    against the in-memory store measured in the same run (``over_memory``)."""
    in_memory = _memory_rate(client)
    with ServerProcess(db=stored) as server, httpx2.Client(base_url=server.url, timeout=60) as c:
        actions = benchmark(_play_tables, c)
    assert actions > 0
    _rates(benchmark, actions)
    if benchmark.stats is not None:
        benchmark.extra_info["memory_per_s"] = round(in_memory)
        benchmark.extra_info["over_memory"] = round(benchmark.extra_info["per_s"] / in_memory, 3)


def test_stored_referee(benchmark: BenchmarkFixture, stored: str) -> None:
    """POST /v1/referee on a server whose tables are stored (the referee itself keeps
    nothing), against the in-process referee."""
    records = _records()
    in_process = _in_process_rate(records)
    with ServerProcess(db=stored) as server, httpx2.Client(base_url=server.url, timeout=60) as c:
        legal = benchmark(
            lambda: sum(c.post("/v1/referee", content=r).json()["legal"] for r in records)
        )
    assert legal > 0
    _rates(benchmark, len(records), in_process)


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")  # pragma: no cover


def test_memory_of_2000_live_tables(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    """The server's resident memory holding 2,000 live Tiến lên tables (each a human
    seat and three bots, a few moves in), stored in SQLite; ``extra_info`` has the
    memory before and after and the KiB a table."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with (
        ServerProcess(max_tables=2100, db=db, settings="tables_per_minute=10_000") as server,
        httpx2.Client(base_url=server.url, timeout=60) as c,
    ):
        before = _rss_kib(server.proc.pid)

        def fill() -> int:
            for g in range(2000):
                body = {"game": "tienlen", "players": NAMES, "seed": g}
                body["bots"] = dict.fromkeys(NAMES[1:], "random")
                assert c.post("/v1/tables", json=body).status_code == 201
            return 2000

        assert benchmark.pedantic(fill, rounds=1, iterations=1) == 2000  # type: ignore[no-untyped-call]
        after = _rss_kib(server.proc.pid)
    benchmark.extra_info["rss_before_mib"] = round(before / 1024, 1)
    benchmark.extra_info["rss_after_mib"] = round(after / 1024, 1)
    benchmark.extra_info["kib_per_table"] = round((after - before) / 2000, 1)
