"""The simulation runner: the same games whatever runs them, records that referee to
the same payments, and bad runs refused before any process starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from vncards.core import (
    PluginError,
    RulesError,
    VncardsError,
    derive_seed,
    play_game,
    referee,
    resolve_rules,
)
from vncards.core import simulate as sim
from vncards.core.simulate import GameSummary, SimulationError, load_game
from vncards.core.simulate import _play as sim_play
from vncards.core.simulate import _pool as sim_pool
from vncards.core.simulate import play_games as simulate

FAKE = "test_sim_fakegame:plugin"
PLAIN = "test_sim_fakegame:plain"


@pytest.fixture(autouse=True)
def _fake_game_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    # Spawned workers inherit sys.path, so they import the fake game the same way (and
    # the repository's root, for the tests.fakegames it is made of).
    monkeypatch.syspath_prepend(str(Path(__file__).parents[2]))
    monkeypatch.syspath_prepend(str(Path(__file__).parent))


@pytest.fixture
def no_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the runner starts a process pool."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        pytest.fail("a process pool was started for a run that should have been refused")

    for room in (sim_play, sim_pool):
        monkeypatch.setattr(room, "_on_processes", refuse)


def test_one_and_two_workers_give_the_same_games() -> None:
    """Seed sharding: game i depends on its index alone, so two processes give exactly
    the one-process summaries, in game order."""
    one = simulate(FAKE, games=40, players=4, bots=["random"], seed=11)
    two = simulate(FAKE, games=40, players=4, bots=["random"], seed=11, workers=2)
    assert two == one
    assert [s.index for s in two] == list(range(40))
    assert len({s.payments for s in one}) > 1, "forty random games should not all end alike"


def test_three_workers_on_mixed_bots_match_one() -> None:
    """More workers than cores, and a different bot in each seat, still give the same games."""
    bots = ["random", "lowest", "random"]
    one = simulate(FAKE, games=9, players=3, bots=bots, seed=3)
    three = simulate(FAKE, games=9, players=3, bots=bots, seed=3, workers=3)
    assert three == one
    assert all(s.bots == ("random", "lowest", "random") for s in one)


def test_game_i_is_dealt_from_derive_seed_and_its_bots_from_the_game_seed() -> None:
    """The documented seeding: deal from derive_seed(seed, i); seat s's bot from
    derive_seed(game_seed, 1000 + s). Replaying game 5 by hand gives its summary."""
    summaries = simulate(FAKE, games=6, players=3, bots=["random", "lowest", "random"], seed=42)
    game5 = summaries[5]
    plugin = load_game(FAKE)
    rules = resolve_rules(plugin, None)
    game_seed = derive_seed(42, 5)
    state = plugin.new_game(rules, 3, game_seed)
    bots = [
        plugin.bots[name](derive_seed(game_seed, 1000 + seat))
        for seat, name in enumerate(["random", "lowest", "random"])
    ]
    played = play_game(plugin, state, bots)
    result = plugin.result(played.final)
    assert game5.seed == game_seed
    assert game5.payments == result.payments
    assert game5.winner == result.winner
    assert game5.length == len(played.actions)
    assert game5.first == plugin.record_deal(played.start)["first"]


def test_a_shorter_run_is_a_prefix_of_a_longer_one() -> None:
    """Games are numbered from 0 whatever the run's length: the first 5 of 12 are the 5."""
    assert simulate(FAKE, games=12, players=2, bots=["random"], seed=9)[:5] == simulate(
        FAKE, games=5, players=2, bots=["random"], seed=9
    )


def test_another_seed_gives_other_games() -> None:
    """The run's seed reaches the deals."""
    a = simulate(FAKE, games=8, players=4, bots=["random"], seed=1)
    b = simulate(FAKE, games=8, players=4, bots=["random"], seed=2)
    assert [s.seed for s in a] != [s.seed for s in b]
    assert [s.payments for s in a] != [s.payments for s in b]


def test_one_bot_name_means_every_seat() -> None:
    """``bots=["lowest"]`` is ``["lowest"] * players``."""
    short = simulate(FAKE, games=4, players=3, bots=["lowest"])
    full = simulate(FAKE, games=4, players=3, bots=["lowest", "lowest", "lowest"])
    assert short == full
    assert short[0].bots == ("lowest",) * 3


def test_records_replay_through_the_referee_to_the_same_payments() -> None:
    """Every kept record is legal, finished, and the referee's payments, winner and
    outcome are the summary's; its actions are the game's length."""
    summaries = simulate(FAKE, games=12, players=4, bots=["random"], seed=5, keep_records=True)
    plugin = load_game(FAKE)
    for s in summaries:
        assert s.record is not None
        report = referee(plugin, s.record)
        names = s.record["players"]
        assert report.legal
        assert report.finished
        assert report.outcome == s.outcome
        assert report.winner == (None if s.winner is None else names[s.winner])
        assert report.payments == dict(zip(names, s.payments, strict=True))
        assert len(s.record["actions"]) == s.length
        assert s.record["first"] == names[s.first] if s.first is not None else True


def test_records_from_two_workers_are_the_one_worker_records() -> None:
    """Records travel back from worker processes unchanged."""
    one = simulate(FAKE, games=6, players=2, bots=["random"], keep_records=True)
    two = simulate(FAKE, games=6, players=2, bots=["random"], keep_records=True, workers=2)
    assert [s.record for s in two] == [s.record for s in one]


def test_no_records_unless_asked() -> None:
    """Records are heavy; a plain run keeps none."""
    assert all(s.record is None for s in simulate(FAKE, games=3, players=2, bots=["random"]))


def test_variant_reaches_every_game() -> None:
    """The "short" preset deals 7 cards a seat, and its records name the variant."""
    summaries = simulate(
        FAKE, games=3, players=2, bots=["random"], variant="short", keep_records=True
    )
    for s in summaries:
        assert s.record is not None
        assert s.record["variant"] == "short"
        assert [len(h) for h in s.record["hands"].values()] == [7, 7]


def test_stats_come_from_the_plugins_game_stats() -> None:
    """``cards_left`` of the fake game is the cards dealt less the cards played."""
    for s in simulate(FAKE, games=5, players=3, bots=["random"], keep_records=True):
        assert s.record is not None
        played = sum(len(a.get("play", [])) for a in s.record["actions"])
        assert s.stats == {"cards_left": 3 * 13 - played}


def test_no_stats_without_game_stats() -> None:
    """A plugin without ``game_stats`` gives empty stats."""
    assert [s.stats for s in simulate(PLAIN, games=2, players=2, bots=["random"])] == [{}, {}]


def test_payments_sum_to_zero_and_winner_is_paid() -> None:
    """Each summary is a settled game: zero-sum, the winner never pays."""
    for s in simulate(FAKE, games=20, players=4, bots=["random"], seed=7):
        assert sum(s.payments) == 0
        assert s.winner is not None
        assert s.payments[s.winner] >= 0


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_counts_every_game_once(workers: int) -> None:
    """``progress(k)`` reports k more games each time; the reports add up to the run."""
    seen: list[int] = []
    simulate(FAKE, games=230, players=2, bots=["lowest"], workers=workers, progress=seen.append)
    assert sum(seen) == 230
    assert len(seen) > 1
    assert all(k > 0 for k in seen)


def test_zero_games_is_an_empty_run() -> None:
    """Nothing to play gives no summaries and starts nothing."""
    assert simulate(FAKE, games=0, players=2, bots=["random"], workers=2) == []


def test_chunks_are_contiguous_and_cover_every_game() -> None:
    """Sharding cuts the indices into ordered ranges without gaps or overlaps."""
    for games in (1, 7, 64, 1001):
        for n in (1, 2, 3, 64):
            chunks = sim._chunks(games, n)
            assert [i for lo, hi in chunks for i in range(lo, hi)] == list(range(games))
            assert max(hi - lo for lo, hi in chunks) - min(hi - lo for lo, hi in chunks) <= 1


# ------------------------------------------------------------------ bad runs


@pytest.mark.usefixtures("no_processes")
@pytest.mark.parametrize(
    ("game", "kind", "words"),
    [
        ("vncards.nosuchgame:plugin", PluginError, "cannot import module"),
        ("test_sim_fakegame:nothing", PluginError, "has no attribute 'nothing'"),
        ("test_sim_fakegame:LowestBot", PluginError, "is not a game plugin"),
        (":plugin", PluginError, "'module:attribute'"),
    ],
)
def test_unknown_game_reference_is_refused(game: str, kind: type[Exception], words: str) -> None:
    """A reference that does not lead to a game plugin names what is wrong."""
    with pytest.raises(kind, match=words):
        simulate(game, games=4, players=2, bots=["random"], workers=2)


@pytest.mark.usefixtures("no_processes")
@pytest.mark.filterwarnings("ignore::vncards.core.PluginWarning")
def test_unknown_installed_game_is_refused() -> None:
    """An installed-game name that no plugin has: PluginError listing the known ones."""
    with pytest.raises(PluginError, match=r"unknown game 'no-such-game' \(installed: "):
        simulate("no-such-game", games=4, players=2, bots=["random"], workers=2)


@pytest.mark.usefixtures("no_processes")
def test_unknown_bot_is_refused() -> None:
    """A bot the game does not have is named, with the ones it has."""
    with pytest.raises(
        PluginError, match=r"fakeclimb has no bot 'clever' \(known: random, lowest\)"
    ):
        simulate(FAKE, games=4, players=2, bots=["random", "clever"], workers=2)


@pytest.mark.usefixtures("no_processes")
def test_unknown_variant_is_refused() -> None:
    """A preset the game does not have: the core RulesError listing the presets."""
    with pytest.raises(RulesError, match="no variant 'long'"):
        simulate(FAKE, games=4, players=2, bots=["random"], variant="long", workers=2)


@pytest.mark.usefixtures("no_processes")
@pytest.mark.parametrize("players", [1, 5, 0])
def test_player_count_outside_the_rules_is_refused(players: int) -> None:
    """The fake game is for 2 to 4 players; anything else is a RulesError (a ValueError)."""
    with pytest.raises(RulesError, match=f"played by 2 to 4 players, not {players}") as info:
        simulate(FAKE, games=4, players=players, bots=["random"], workers=2)
    assert isinstance(info.value, ValueError)


@pytest.mark.usefixtures("no_processes")
@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"bots": ["random", "random"]}, "2 bots for 3 players"),
        ({"games": -1}, "number of games"),
        ({"workers": 0}, "number of workers"),
    ],
)
def test_bad_run_shape_is_refused(kwargs: dict[str, Any], words: str) -> None:
    """Bot count, negative games and zero workers: SimulationError, a VncardsError."""
    args: dict[str, Any] = {"games": 4, "players": 3, "bots": ["random"], "workers": 2}
    args.update(kwargs)
    with pytest.raises(SimulationError, match=words) as info:
        simulate(FAKE, **args)
    assert isinstance(info.value, VncardsError)


def test_missing_dask_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the dask extra, a scheduler run says what to install."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(SimulationError, match=r'pip install "vncards-cli\[dask\]"'):
        simulate(FAKE, games=2, players=2, bots=["random"], scheduler="tcp://127.0.0.1:1")


# ------------------------------------------------------------------ Dask


def test_dask_cluster_gives_the_local_games() -> None:
    """A LocalCluster reached over tcp plays the same games, in the same order, with
    the same records, as one local process."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tcp",
        dashboard_address=":0",
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://")
        seen: list[int] = []
        remote = simulate(
            FAKE,
            games=30,
            players=3,
            bots=["random", "lowest", "random"],
            seed=4,
            keep_records=True,
            scheduler=address,
            progress=seen.append,
        )
    local = simulate(
        FAKE, games=30, players=3, bots=["random", "lowest", "random"], seed=4, keep_records=True
    )
    assert remote == local
    assert sum(seen) == 30
    assert all(isinstance(s, GameSummary) for s in remote)


def test_unreachable_scheduler_is_one_sentence() -> None:
    """A scheduler nobody listens on: SimulationError naming the address."""
    dask = pytest.importorskip("dask")
    with (
        dask.config.set({"distributed.comm.timeouts.connect": "1s"}),
        pytest.raises(
            SimulationError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"
        ),
    ):
        simulate(FAKE, games=2, players=2, bots=["random"], scheduler="tcp://127.0.0.1:9")


def test_dask_worker_without_the_game_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker process that cannot import the game fails the run with a SimulationError
    saying every worker needs the same packages (here the game's module exists only on
    this side: it is put on sys.path after the worker started)."""
    distributed = pytest.importorskip("distributed")
    (tmp_path / "sim_only_here.py").write_text("from test_sim_fakegame import plugin\n")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        monkeypatch.syspath_prepend(str(tmp_path))
        with pytest.raises(SimulationError, match="every worker needs the same vncards packages"):
            simulate(
                "sim_only_here:plugin",
                games=4,
                players=2,
                bots=["random"],
                scheduler=cluster.scheduler_address,
            )


def test_a_script_without_a_main_guard_can_use_workers(tmp_path: Path) -> None:
    """Spawned workers do not re-run the caller's script, so a plain script (no
    ``if __name__ == "__main__":``) runs two workers and gets the one-worker games."""
    script = tmp_path / "plain_script.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        f"sys.path.insert(0, {str(Path(__file__).parents[2])!r})\n"
        "from vncards.cli.sim import simulate\n"
        f"a = simulate({FAKE!r}, games=20, players=3, bots=['random'], workers=2)\n"
        f"b = simulate({FAKE!r}, games=20, players=3, bots=['random'])\n"
        "print('same' if a == b else 'different', flush=True)\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "same"
