"""``vncards compare`` as a house-rule laboratory, on the real games: profiles, natural
player counts, paired differences, restricted play, the 80-column layout, and the same
figures on any number of workers or on Dask."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app


def _columns(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(app, ["compare", "--json", *args])
    assert result.exit_code == 0, result.output
    columns: list[dict[str, Any]] = json.loads(result.stdout)["columns"]
    return columns


def test_each_column_states_profile_bots_and_players() -> None:
    """Every column says its profile, bots and players; Sâm's casual bot is the
    declaring one, and the ``five-players`` preset sits five."""
    columns = _columns("-g", "12", "-c", "samloc", "-c", "samloc:five-players", "-w", "1")
    standard, five = (c["measured"] for c in columns)
    assert standard["profile"] == "casual"
    assert standard["bots"] == ["sam"] * 4
    assert five["players"] == 5
    assert len(five["seats"]) == 5
    assert [s["bot"] for s in five["seats"]] == ["sam"] * 5


def test_non_baseline_columns_have_paired_deltas() -> None:
    """The game's first column has no ``delta``; every other has, for every figure,
    ``{"mean", "ci95", "clear"}``; a house rule that doubles a payment shows a clear
    difference in lá."""
    columns = _columns(
        "-g", "40", "-c", "tienlen", "-c", "tienlen:dem-la,cong_multiplier=3", "-w", "1"
    )
    base, house = (c["measured"] for c in columns)
    assert "delta" not in base
    assert set(house["delta"]) <= set(house["metrics"])
    assert {"moved", "length", "first_seat"} <= set(house["delta"])
    for d in house["delta"].values():
        assert set(d) == {"mean", "ci95", "clear"}
        assert d["ci95"][0] <= d["mean"] <= d["ci95"][1]
    # the same deals and bots: where nobody is cóng the two columns pay the same
    assert house["delta"]["length"]["mean"] == 0.0
    assert not house["delta"]["length"]["clear"]


def test_baseline_option_picks_the_column_compared_against() -> None:
    """``--baseline`` makes another column the one the others differ from."""
    columns = _columns(
        "-g", "8", "-c", "maubinh", "-c", "maubinh:flat", "--baseline", "maubinh:flat", "-w", "1"
    )
    assert "delta" in columns[0]["measured"]
    assert "delta" not in columns[1]["measured"]


def test_mau_binh_counts_chi_and_has_no_first_seat() -> None:
    """Mậu Binh's figures are in chi and leave out the first seat."""
    (column,) = _columns("-g", "8", "-c", "maubinh", "-w", "1")
    m = column["measured"]
    assert m["unit"] == "chi"
    assert "first_seat" not in m["metrics"]
    assert "length" not in m["metrics"]
    assert "forced" not in m["metrics"]
    table = CliRunner().invoke(app, ["compare", "-g", "8", "-c", "maubinh", "-w", "1"])
    assert "chi/game" in table.stdout
    assert "1st seat" not in table.stdout


def test_restricting_sam_declarations_is_measured() -> None:
    """``--restrict no-sam`` plays every deal again with seat 1 barred from declaring;
    the rule's worth is the paired difference of its payments, and a game without that
    rule is simply not restricted."""
    columns = _columns("-g", "30", "-c", "samloc", "-c", "tienlen", "--restrict", "no-sam")
    sam, tien = (c["measured"] for c in columns)
    assert sam["restrict"] == "no-sam"
    assert "restricted" in sam["metrics"]
    assert tien["restrict"] is None
    assert "restricted" not in tien["metrics"]


def test_unknown_restriction_and_profile_are_one_sentence() -> None:
    """A restriction no compared game offers names those that exist; a bad profile
    names the profiles (exit 2, never a traceback)."""
    bad = CliRunner().invoke(app, ["compare", "-g", "2", "-c", "tienlen", "--restrict", "x"])
    assert bad.exit_code == 2
    assert "no-chop" in bad.stderr
    assert "Traceback" not in bad.output
    prof = CliRunner().invoke(app, ["compare", "-g", "2", "--profile", "expert"])
    assert prof.exit_code == 2
    assert "casual, skilled" in prof.stderr


def test_default_run_fits_80_columns_and_70_lines() -> None:
    """Every installed game and preset at 80 columns: no line over the width, no cell
    cut, at most 70 lines."""
    result = CliRunner().invoke(app, ["compare", "-g", "60"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 70, len(lines)
    assert "…" not in result.stdout
    for shown in ("five-players (5)", "bots: sam\n", "chi/game", "lá/game", "luck share"):
        assert shown in result.stdout, shown


def _figures(*extra: str) -> list[Any]:
    columns = _columns("-g", "16", "-c", "tienlen", "-c", "samloc", "--seed", "5", *extra)
    return [c["measured"] for c in columns]


def test_same_seed_same_figures_on_any_worker_count() -> None:
    """One process or two: the same figures, intervals and differences."""
    assert _figures("-w", "1") == _figures("-w", "2")


def test_same_seed_same_figures_on_dask() -> None:
    """A Dask cluster plays the same games as one process."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", dashboard_address=":0"
    ) as cluster:
        remote = _figures("--scheduler", cluster.scheduler_address)
    assert remote == _figures("-w", "1")


def test_skilled_profile_seats_search_at_a_fixed_budget() -> None:
    """The skilled profile seats the search bot (the solver for Mậu Binh) with a fixed
    number of rollouts: the same games on one or two workers, with figures read from the
    search's own estimates."""
    args = ["-g", "3", "-c", "tienlen", "--profile", "skilled", "--rollouts", "8"]
    one, two = _columns(*args, "-w", "1"), _columns(*args, "-w", "2")
    assert one == two
    m = one[0]["measured"]
    assert m["profile"] == "skilled"
    assert m["bots"] == ["search"] * 4
    assert {"lead_changes", "decided_at", "skill_search"} <= set(m["metrics"])


def test_unreachable_scheduler_is_one_sentence() -> None:
    """A scheduler nobody listens on, or an address that is not one: exit 2, one line
    naming it."""
    pytest.importorskip("distributed")
    for address, said in (("tcp://127.0.0.1:9", "127.0.0.1:9"), ("nowhere", "'nowhere'")):
        result = CliRunner().invoke(
            app, ["compare", "-g", "2", "-c", "tienlen", "--scheduler", address],
            env={"VNCARDS_DASK_TIMEOUT": "2"},
        )  # fmt: skip
        assert result.exit_code == 2, result.output
        assert said in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


# The figures of a small run of every installed game and preset, pinned: speeding up the
# laboratory (the pool, the bookkeeping, the bootstrap) must not move one of them. A
# change to a game's play or to a metric's definition changes this on purpose.
PINNED_FIGURES = "0e560dc3cc1d224a0a5ccd779a1f3b07df3612a29315a0fabcb33182d5c7de78"
_PINNED = (
    "maubinh", "maubinh:flat", "phom", "phom:flat", "samloc", "samloc:a23",
    "samloc:five-players", "tienlen:dem-la", "tienlen:ba-bich", "tienlen:mien-bac", "tusac",
)  # fmt: skip


def test_figures_of_every_game_are_pinned() -> None:
    """Every game and preset, 30 deals, seed 0, one worker: the ``measured`` part of
    the JSON (statistics, metrics with intervals, paired differences) digests to the
    pinned value."""
    columns = _columns("-g", "30", "-w", "1", *(a for c in _PINNED for a in ("-c", c)))
    measured = [c["measured"] for c in columns]
    text = json.dumps(measured, sort_keys=True, ensure_ascii=False)
    assert hashlib.sha256(text.encode()).hexdigest() == PINNED_FIGURES
