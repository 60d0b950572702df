"""What a greyed button costs: ``POST /v1/tables/{id}/check`` (is this action taken
now, and why not, in the game's words) against ``GET /v1/tables/{id}/view`` on the same
Tiến lên table, both over HTTP on loopback in the same run.

    uv run pytest benchmarks/test_server_check.py --benchmark-enable --benchmark-only

``extra_info`` holds ``per_s`` (checks a second) and ``view_per_s`` and
``check_over_view`` (the check's rate as a share of the view's, measured alongside).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from vncards.server.testing import ServerProcess

NAMES = ["An", "Bình", "Chi", "Dũng"]
ROUNDS = 200


@pytest.fixture(scope="module")
def table() -> Iterator[tuple[httpx2.Client, str, dict[str, str], dict[str, Any]]]:
    with ServerProcess() as live, httpx2.Client(base_url=live.url, timeout=60) as client:
        made = client.post(
            "/v1/tables",
            json={"game": "tienlen", "players": NAMES, "bots": {}, "seed": 1},
        ).json()
        url = f"/v1/tables/{made['table']}"
        first = client.get(f"{url}/view", headers=_bearer(made["tokens"]["An"])).json()
        seat = first["to_act"]
        headers = _bearer(made["tokens"][seat])
        view = client.get(f"{url}/view", headers=headers).json()
        yield client, url, headers, view


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _views_per_s(client: httpx2.Client, url: str, headers: dict[str, str]) -> float:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(ROUNDS):
            client.get(f"{url}/view?lang=vi", headers=headers)
        times.append(time.perf_counter() - start)
    return ROUNDS / statistics.median(times)


def test_check_against_view(
    benchmark: BenchmarkFixture, table: tuple[httpx2.Client, str, dict[str, str], dict[str, Any]]
) -> None:
    """POST /check in Vietnamese, alternately a refused pass and a legal play, against
    the seat's view read in Vietnamese."""
    client, url, headers, view = table
    bodies = [{"pass": True}, view["legal"][0]]
    views = _views_per_s(client, url, headers)

    def checks() -> int:
        refused = 0
        for i in range(ROUNDS):
            r = client.post(f"{url}/check?lang=vi", headers=headers, json=bodies[i % 2])
            refused += not r.json()["legal"]
        return refused

    assert benchmark(checks) == ROUNDS // 2
    stats = benchmark.stats
    if stats is not None:
        per_s = ROUNDS / stats.stats.median
        benchmark.extra_info["per_s"] = round(per_s)
        benchmark.extra_info["view_per_s"] = round(views)
        benchmark.extra_info["check_over_view"] = round(per_s / views, 3)
