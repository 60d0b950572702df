"""Load: 200 tables at once, each played to the end over HTTP on loopback (a real server
on a port the system picks) with bots on the other seats; every record the server
returns referees to the payments the table settled — nothing lost, nothing doubled.

Bounded in count (200 tables, at most 400 choices each) and in time (one deadline for
the whole run); the traffic goes only to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from typing import Any

import httpx2
import pytest
from vncards.server.testing import ServerProcess

from tests.server.conftest import games_with_views

TABLES = 200
MAX_CHOICES = 400
DEADLINE_SECONDS = 240.0
NAMES = ["An", "Bình", "Chi", "Dũng"]


async def _play_table(client: httpx2.AsyncClient, i: int) -> dict[str, Any]:
    rng = random.Random(i)
    human = NAMES[i % 4]
    bots = {n: ("greedy" if k % 2 else "random") for k, n in enumerate(NAMES) if n != human}
    r = await client.post(
        "/v1/tables", json={"game": "tienlen", "players": NAMES, "bots": bots, "seed": 1000 + i}
    )
    assert r.status_code == 201, r.text
    made = r.json()
    table = made["table"]
    headers = {"Authorization": f"Bearer {made['tokens'][human]}"}
    view = (await client.get(f"/v1/tables/{table}/view", headers=headers)).json()
    seen = list(view["history"])
    for _ in range(MAX_CHOICES):
        if view["finished"]:
            break
        action = rng.choice(view["legal"])
        r = await client.post(f"/v1/tables/{table}/actions", headers=headers, json=action)
        assert r.status_code == 200, r.text
        seen += r.json()["events"]
        view = r.json()["view"]
    assert view["finished"]
    record = (await client.get(f"/v1/tables/{table}/record", headers=headers)).json()
    report = (await client.post("/v1/referee", json=record)).json()
    return {"table": table, "view": view, "seen": seen, "record": record, "report": report}


def _net(transfers: list[dict[str, Any]]) -> dict[str, int]:
    net: Counter[str] = Counter(dict.fromkeys(NAMES, 0))
    for t in transfers:
        net[t["from"]] -= t["amount"]
        net[t["to"]] += t["amount"]
    return dict(net)


async def _load(url: str) -> list[dict[str, Any]]:
    limits = httpx2.Limits(max_connections=TABLES, max_keepalive_connections=TABLES)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=120.0) as client:
        games = await asyncio.wait_for(
            asyncio.gather(*(_play_table(client, i) for i in range(TABLES))),
            DEADLINE_SECONDS,
        )
    return list(games)


def test_two_hundred_tables_at_once_each_referees_to_its_settlement() -> None:
    if "tienlen" not in games_with_views():
        pytest.skip("Tiến lên is not installed with views")
    with ServerProcess(max_tables=TABLES, settings=f"tables_per_minute={TABLES}") as server:
        games = asyncio.run(_load(server.url))
    assert len({g["table"] for g in games}) == TABLES
    for g in games:
        report, result = g["report"], g["view"]["result"]
        assert report["legal"]
        assert report["finished"]
        assert report["payments"] == result["payments"]
        assert sum(report["payments"].values()) == 0
        # the settlement events the seat received add up to the same payments, once each
        settled = [t for e in g["seen"] if e["type"] == "settle" for t in e["transfers"]]
        assert _net(settled) == report["payments"]
        assert report["winner"] == result["winner"]
