"""The simulation runner on the real games: the same games on one process, two
processes and a Dask cluster, and records the referee settles to the same payments."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from vncards.core import PluginError, PluginWarning, discover_games, referee, resolve_rules
from vncards.core import simulate as sim
from vncards.core.simulate import load_game
from vncards.core.simulate import play_games as simulate

pytestmark = pytest.mark.filterwarnings("ignore::vncards.core.PluginWarning")

_GAMES = ("tienlen", "samloc", "tusac")


def _installed() -> set[str]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        return set(discover_games())


_INSTALLED = _installed()
real_game = pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.skipif(g not in _INSTALLED, reason=f"{g} not installed"))
        for g in _GAMES
    ],
)


def _run(game: str) -> dict[str, Any]:
    """Four seats where the game allows, each seat a different one of the game's bots."""
    plugin = load_game(game)
    lo, hi = plugin.player_range(resolve_rules(plugin, None))
    players = max(lo, min(4, hi))
    # a search bot thinks for a stretch of time, so its choices depend on the machine's
    # speed at that moment: the seeding property is about the bots that do not
    names = [b for b in plugin.bots if b not in ("search", "search+net")]
    return {"players": players, "bots": [names[s % len(names)] for s in range(players)]}


@real_game
def test_real_game_is_the_same_on_one_and_two_workers(game: str) -> None:
    """Seed sharding holds for the real games and all their bots."""
    run = _run(game)
    one = simulate(game, games=10, seed=21, **run)
    two = simulate(game, games=10, seed=21, workers=2, **run)
    assert two == one
    assert all(s.outcome is not None for s in one), "every simulated game should finish"


@real_game
def test_real_game_records_referee_to_the_summary(game: str) -> None:
    """Each kept record is a legal, finished game whose refereed outcome, winner,
    instant win and payments are the summary's."""
    plugin = load_game(game)
    for s in simulate(game, games=12, seed=8, keep_records=True, **_run(game)):
        assert s.record is not None
        report = referee(plugin, s.record)
        names = s.record["players"]
        assert report.legal, report.error
        assert report.finished
        assert report.outcome == s.outcome
        assert report.instant_win == s.instant_win
        assert report.winner == (None if s.winner is None else names[s.winner])
        assert report.payments == dict(zip(names, s.payments, strict=True))
        assert sum(s.payments) == 0


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """A light LocalCluster (threads in this process) reached over tcp."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


@real_game
def test_real_game_is_the_same_on_dask(game: str, dask_address: str) -> None:
    """A Dask cluster plays exactly the local games, records included."""
    run = _run(game)
    remote = simulate(game, games=10, seed=5, keep_records=True, scheduler=dask_address, **run)
    assert remote == simulate(game, games=10, seed=5, keep_records=True, **run)


@real_game
def test_workers_import_the_installed_game_by_its_entry_point(game: str) -> None:
    """Workers are sent the entry point's module:attribute, which names the very plugin
    the name finds (so they need not discover every installed game)."""
    plugin = load_game(game)
    reference = sim.game_reference(plugin, game)
    assert ":" in reference
    assert load_game(reference) is plugin


@pytest.mark.skipif("tienlen" not in _INSTALLED, reason="tienlen not installed")
def test_vncards_plugins_is_read_at_every_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game found once is not remembered past ``VNCARDS_PLUGINS`` restricting loading."""
    assert len(simulate("tienlen", games=1, players=4, bots=["random"])) == 1
    monkeypatch.setenv("VNCARDS_PLUGINS", "no-such-game")
    with pytest.raises(PluginError, match="unknown game 'tienlen'"):
        simulate("tienlen", games=1, players=4, bots=["random"])
