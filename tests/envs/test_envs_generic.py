"""A game with no encoding module still gets an environment — the generic one, or the
encoding its package registers under the ``vncards.envs`` entry-point group — and a
game whose seats choose at once gets PettingZoo's parallel API (DESIGN.md, "The game
interface": a game may bring its own environment encoding through an entry point;
docs/envs.md, "A game of your own" and "Parallel API")."""

from __future__ import annotations

from dataclasses import replace
from importlib.metadata import EntryPoint
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from vncards.core import IllegalMove, Plugin, referee
from vncards.envs import (
    ENTRY_POINT_GROUP,
    EnvOptionError,
    GenericEncoding,
    SimultaneousParallelEnv,
    _lookup,
    env,
    parallel_env,
    raw_env,
)
from vncards.envs.tusac_v0 import TuSacEncoding
from vncards.tusac import BOTS, TuSacCodec, TuSacGame, TuSacProbes

from .test_envs_episodes import play_random_episode
from .test_envs_pettingzoo import PETTINGZOO_EXPECTED


class _RenamedGame(TuSacGame):
    info = replace(TuSacGame.info, name="renamed")


class Renamed(Plugin[Any, Any, Any]):
    """Tứ Sắc under a name no encoding module has: a stand-in for a new game."""

    def __init__(self) -> None:
        super().__init__(_RenamedGame(), TuSacCodec(), BOTS, probes=TuSacProbes())


def test_a_game_with_no_encoding_gets_the_generic_one_and_plays_exactly() -> None:
    """The generic encoding, from views and record actions alone: random episodes are
    legal records whose payments are the rewards."""
    made = raw_env(Renamed(), players=3, view_info=False)
    assert isinstance(made.encoding, GenericEncoding)
    rng = np.random.default_rng(4)
    for seed in range(15):
        totals = play_random_episode(made, seed, rng, check_hidden=False)
        report = referee(made.plugin, made.record())
        assert report.legal
        assert report.finished
        assert totals == {a: float(v) for a, v in report.payments.items()}


@pytest.mark.filterwarnings(*PETTINGZOO_EXPECTED)
def test_the_generic_environment_passes_pettingzoos_checks() -> None:
    """api_test and seed_test on the generic environment."""
    api_test(env(Renamed(), players=2), num_cycles=200)
    seed_test(lambda: env(Renamed(), players=2), num_cycles=50)


def test_generic_ids_are_the_offered_actions_in_record_order() -> None:
    """Id k is the k-th offered action by its record JSON; the features are hashed
    card tokens and field names, one row per legal id."""
    made = raw_env(Renamed(), players=2, view_info=False, action_features=True)
    made.reset(seed=2)
    seat = made.possible_agents.index(made.agent_selection)
    view = made.view(seat)
    legal = made.legal_actions()
    records = [made.action_to_record(i) for i in sorted(legal) if i != made.encoding.decline_id]
    keys = [str(sorted(r.items())) for r in records if r is not None]
    assert len(set(keys)) == len(keys)
    for i, act in legal.items():
        if i != made.encoding.decline_id:
            assert made.encoding.action_id(view, act) == i
    rows = made.infos[made.agent_selection]["action_features"]
    assert rows.shape == (len(legal), made.encoding.feature_size)


def test_a_package_registers_its_own_encoding_by_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An entry point in ``vncards.envs`` named after the game gives its encoding."""
    entry = EntryPoint("renamed", "vncards.envs.tusac_v0:encoding", ENTRY_POINT_GROUP)

    def points(group: str) -> list[EntryPoint]:
        return [entry] if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr(_lookup, "entry_points", points)
    made = raw_env(Renamed(), players=2, view_info=False)
    assert isinstance(made.encoding, TuSacEncoding)
    assert made.encoding.size == 150


def test_an_entry_point_that_does_not_load_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A registered encoding that fails to import is named in one PluginError."""
    from vncards.core import PluginError

    entry = EntryPoint("renamed", "no_such_module_here:encoding", ENTRY_POINT_GROUP)
    monkeypatch.setattr(_lookup, "entry_points", lambda group: [entry])
    with pytest.raises(PluginError, match="no_such_module_here:encoding"):
        raw_env(Renamed(), players=2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_maubinh_parallel_env_passes_pettingzoos_parallel_api_test(players: int) -> None:
    """parallel_api_test on Mậu Binh with every seat placing a card each step.
    (PettingZoo's parallel_seed_test samples ids without the mask, which this
    environment refuses; its determinism is checked below.)"""
    parallel_api_test(parallel_env("maubinh", players=players), num_cycles=100)


def _parallel_game(seed: int, players: int) -> tuple[list[Any], dict[str, float]]:
    made = parallel_env("maubinh", players=players)
    observations, _ = made.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen: list[Any] = []
    rewards: dict[str, float] = {}
    while made.agents:
        masks = {a: np.flatnonzero(observations[a]["action_mask"]) for a in made.agents}
        picks = {a: int(rng.choice(m)) for a, m in masks.items() if m.size}
        seen.append(sorted(picks.items()))
        observations, rewards, _, _, infos = made.step(picks)
        assert all(info == {} for info in infos.values())
    report = referee(made.raw.plugin, made.record())
    assert report.legal
    assert rewards == {a: float(v) for a, v in report.payments.items()}
    return seen, rewards


def test_maubinh_parallel_games_are_seeded_and_pay_what_the_referee_rules() -> None:
    """The same seed, the same parallel game; its record is legal and its rewards the
    referee's payments; infos carry nothing (parallel loops hand them to everyone)."""
    for seed in range(8):
        assert _parallel_game(seed, 4) == _parallel_game(seed, 4)


def test_parallel_env_refuses_a_turn_based_game_and_illegal_picks() -> None:
    """Tiến lên is played in turns: no parallel API. An unoffered card is refused and
    changes nothing."""
    with pytest.raises(EnvOptionError, match="played in turns"):
        parallel_env("tienlen")
    made = parallel_env("maubinh", players=2)
    observations, _ = made.reset(seed=1)
    assert isinstance(made, SimultaneousParallelEnv)
    agent = made.agents[0]
    bad = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    with pytest.raises(IllegalMove, match=f"Action {bad} is not legal"):
        made.step(dict.fromkeys(made.agents, bad))
    assert made._drafts == {a: [] for a in made.agents}
