"""Random episodes through the environments: rewards are the referee's payments for the
same game's record, nothing hidden reaches an observation, illegal ids are refused, and
an instant win at the deal ends the episode inside ``reset`` (issue: RL environments;
DESIGN.md "Environments" and "Hidden information")."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from vncards.core import IllegalMove, SheddingGame, mask_ids, referee
from vncards.envs import DECLINED, VncardsEnv, raw_env

from ._configs import ENV_GAMES


def _hidden_free(env: VncardsEnv, agent: str, obs: dict[str, np.ndarray]) -> None:
    """The observation of ``agent`` holds its own cards exactly and no card another seat
    holds hidden; it equals the observation of a state dealt anew from its view."""
    seat = env.possible_agents.index(agent)
    state = env.state
    vec = obs["observation"]
    sl = env.encoding.layout.slices
    if isinstance(env.plugin, SheddingGame):
        assert set(np.flatnonzero(vec[sl["hand"]])) == set(mask_ids(state.hands[seat]))
        others = 0
        for s, hand in enumerate(state.hands):
            if s != seat:
                others |= hand
        hidden = set(mask_ids(others))
        for part in ("played", "table"):
            marked = {int(i) % 52 for i in np.flatnonzero(vec[sl[part]])}
            assert not marked & hidden, f"{part} shows a card another seat holds"
    elif env.plugin.name == "tusac":
        from vncards.tusac import hand_kinds

        counts = np.bincount(hand_kinds(state.hands[seat]), minlength=28)
        assert np.array_equal(vec[sl["hand"]], counts)
    elif env.plugin.name == "maubinh":
        assert set(np.flatnonzero(vec[sl["hand"]])) == set(state.hands[seat])
        if not state.finished:  # before the reveal only instant hands are shown
            shown = vec[sl["shown"]].reshape(-1, 52)
            for r in range(len(shown)):
                s = (seat + r) % len(shown)
                if r and state.instant[s] is None:
                    assert not shown[r].any(), "an arrangement shown before the reveal"
    view = env.view(seat)
    determinize = getattr(env.plugin, "determinize", None)
    if determinize is not None:
        other = determinize(view, random.Random(len(view.history)))
        again = env.plugin.view(other, seat)
        assert np.array_equal(env.encoding.observe(again), vec)


def play_random_episode(
    env: VncardsEnv, seed: int, rng: np.random.Generator, check_hidden: bool = True
) -> dict[str, float]:
    """One episode of uniformly random legal ids; each agent's total reward."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        if check_hidden:
            _hidden_free(env, agent, obs)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    return totals


def _campaign(game: str, episodes: int, players: int = 4) -> None:
    env = raw_env(game, players=players, view_info=False)
    rng = np.random.default_rng(17)
    for seed in range(episodes):
        totals = play_random_episode(env, seed, rng, check_hidden=seed % 10 == 0)
        report = referee(env.plugin, env.record())
        assert report.legal
        assert report.finished
        assert totals == {a: float(v) for a, v in report.payments.items()}, seed
        assert sum(totals.values()) == 0


@pytest.mark.parametrize("game", ENV_GAMES)
def test_random_episodes_pay_what_the_referee_rules(game: str) -> None:
    """100 random episodes per game: each agent's rewards add up to its payment in the
    referee's report of the episode's record (lá, summing to zero)."""
    _campaign(game, 100)


@pytest.mark.slow
@pytest.mark.parametrize("game", ENV_GAMES)
def test_thousand_random_episodes_pay_what_the_referee_rules(game: str) -> None:
    """The same over 1,000 episodes per game."""
    _campaign(game, 1000)


def _sample(n: int, rng: np.random.Generator, most: int = 300) -> list[int]:
    """Every index below ``n``, or ``most`` of them drawn at random (Mậu Binh offers
    72,072 arrangements a seat)."""
    return list(range(n)) if n <= most else sorted(rng.choice(n, most, replace=False))


@pytest.mark.parametrize("game", ENV_GAMES)
def test_every_offered_action_has_one_id_and_back(game: str) -> None:
    """Exact encoding: each action the game offers has its own id, the id reads back as
    that action, and the mask is exactly those ids."""
    env = raw_env(game, players=3, view_info=False)
    enc = env.encoding
    rng = np.random.default_rng(5)
    for seed in range(10):
        env.reset(seed=seed)
        while env.agents and not env.terminations[env.agent_selection]:
            seat = env.possible_agents.index(env.agent_selection)
            view = env.view(seat)
            step = env.plugin.decision(env.state)
            assert step is not None
            offered = step.actions
            picked = _sample(len(offered), rng)
            ids = [enc.action_id(view, offered[k]) for k in picked]
            assert len(set(ids)) == len(ids)
            for i, k in zip(ids, picked, strict=True):
                assert 0 <= i < enc.size
                assert enc.action(view, i) == offered[k]
            mask = env.observe(env.agent_selection)["action_mask"]
            assert int(mask.sum()) == len(offered) + step.optional
            assert all(mask[i] for i in ids)
            if step.optional:
                assert enc.decline_id is not None
                assert mask[enc.decline_id]
            env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("game", ENV_GAMES)
def test_an_illegal_id_is_refused_by_name_and_changes_nothing(game: str) -> None:
    """An id the mask does not offer raises IllegalMove naming the action; the game, the
    agent to act and its mask stay as they were."""
    env = raw_env(game, view_info=False)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.state.copy()
    unoffered = np.flatnonzero(mask == 0)
    if unoffered.size:  # a Mậu Binh seat may make any of its arrangements
        bad = int(unoffered[0])
        with pytest.raises(IllegalMove, match=f"Action {bad} ") as err:
            env.step(bad)
        assert err.value.code == "illegal-action"
    with pytest.raises(IllegalMove, match="outside this game's action space"):
        env.step(env.encoding.size)
    assert env.state == before
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["action_mask"], mask)


@pytest.mark.parametrize("game", ENV_GAMES)
def test_record_actions_and_ids_translate_both_ways(game: str) -> None:
    """action_to_record gives the record action an id stands for, and
    action_from_record gives the id back."""
    env = raw_env(game, view_info=False)
    env.reset(seed=4)
    legal = env.legal_actions()
    ids = sorted(legal)
    for k in _sample(len(ids), np.random.default_rng(4)):
        action_id, act = ids[k], legal[ids[k]]
        record = env.action_to_record(action_id)
        if act is DECLINED:
            assert record is None
            continue
        assert record is not None
        assert record["player"] == env.agent_selection
        assert env.action_from_record(record) == action_id


def _instant_win_seed(env: VncardsEnv) -> int:
    for seed in range(20_000):
        env.reset(seed=seed)
        if all(env.terminations.values()):
            return seed
    raise AssertionError("no instant win in 20,000 deals")


@pytest.mark.parametrize("game", ["tienlen", "samloc"])
def test_an_instant_win_at_the_deal_ends_the_episode_in_reset(game: str) -> None:
    """Tới trắng: the deal itself ends the game, so every agent starts terminated with
    its payment already given; each then steps None and leaves."""
    env = raw_env(game, players=4, view_info=False)
    seed = _instant_win_seed(env)
    report = referee(env.plugin, env.record())
    assert report.outcome == "instant-win"
    assert report.instant_win
    seen: dict[str, float] = {}
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        seen[agent] = reward
        env.step(None)
    assert seen == {a: float(v) for a, v in report.payments.items()}, seed
    assert env.agents == []


def test_a_game_with_no_environment_module_is_encoded_as_a_shedding_game() -> None:
    """A new climbing game needs nothing in vncards.envs: any SheddingGame plugin gets
    the subset encoding (here Tiến lên's plugin under another name)."""
    from vncards.tienlen import TienLenGame

    class Renamed(TienLenGame):
        name = "renamed"

    env = raw_env(Renamed(), players=2, view_info=False)
    totals = play_random_episode(env, 1, np.random.default_rng(1), check_hidden=False)
    assert sum(totals.values()) == 0
    assert env.encoding.size == 8192


def test_unknown_game_and_player_counts_are_refused() -> None:
    """A game that is not installed, or a table the rules do not seat, is refused with
    a vncards error naming it."""
    from vncards.core import PluginError, RulesError

    with pytest.raises(PluginError, match="no-such-game"):
        raw_env("no-such-game")
    with pytest.raises(RulesError, match="not 5"):
        raw_env("tienlen", players=5)


def test_views_travel_in_infos_as_json() -> None:
    """infos[agent]["view"] is the acting agent's view as JSON; at the end, every
    agent's."""
    env = raw_env("tienlen")
    env.reset(seed=9)
    info: dict[str, Any] = env.infos[env.agent_selection]
    assert info["view"]["player"] == env.agent_selection
    assert len(info["view"]["hand"]) == 13
    while not all(env.terminations.values()):
        legal = sorted(env.legal_actions())
        env.step(legal[0])
    assert all(env.infos[a]["view"]["player"] == a for a in env.agents)


@pytest.mark.skipif("maubinh" not in ENV_GAMES, reason="vncards-maubinh is not installed")
def test_maubinh_ids_are_the_games_own_split_numbers() -> None:
    """Mậu Binh: id k is split k of vncards.maubinh.Splits (so a seat's whole mask is the
    range of ids, in the game's own order)."""
    env = raw_env("maubinh", players=2, view_info=False)
    env.reset(seed=8)
    step = env.plugin.decision(env.state)
    assert step is not None
    view = env.view(step.seat)
    for k in _sample(len(step.actions), np.random.default_rng(8), most=2000):
        assert env.encoding.action(view, k) == step.actions[k]
