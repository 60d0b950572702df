"""Random episodes through the environments: rewards are the referee's payments for the
same game's record, nothing hidden reaches an observation, illegal ids are refused, and
an instant win at the deal ends the episode inside ``reset`` only when asked to
(DESIGN.md "Environments" and "Hidden information")."""

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
        assert np.array_equal(env.encoding.observe(again, env.draft), vec)


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


@pytest.mark.parametrize("game", ["tienlen", "samloc", "tusac"])
def test_every_offered_action_has_an_id_and_each_legal_id_one_offered_action(game: str) -> None:
    """Card ids: each action the game offers has an id in the mask; each legal id stands
    for one offered action that has that id, and reads back as it from the view alone
    (a run's lower cards are the lowest offered); the mask is exactly those ids."""
    env = raw_env(game, players=3, view_info=False)
    enc = env.encoding
    rng = np.random.default_rng(5)
    for seed in range(10):
        env.reset(seed=seed)
        while env.agents and not env.terminations[env.agent_selection]:
            view = env.view(env.possible_agents.index(env.agent_selection))
            step = env.plugin.decision(env.state)
            assert step is not None
            offered = list(step.actions)
            mask = env.observe(env.agent_selection)["action_mask"]
            by_id: dict[int, list[Any]] = {}
            for a in offered:
                by_id.setdefault(enc.action_id(view, a), []).append(a)
            legal = env.legal_actions()
            assert set(legal) == set(by_id) | ({enc.decline_id} if step.optional else set())
            assert set(np.flatnonzero(mask)) == set(legal)
            for i, act in legal.items():
                if act is DECLINED:
                    continue
                assert act in by_id[i]
                if hasattr(act, "cards") and isinstance(act.cards, int):
                    assert act.cards == min(a.cards for a in by_id[i])
                    assert enc.action(view, i) == act
            env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("game", ["tienlen", "samloc"])
def test_position_ids_stay_one_to_one(game: str) -> None:
    """With ``actions="positions"`` every offered play keeps its own id (the subset of
    hand positions it uses), which reads back as that play."""
    env = raw_env(game, players=3, view_info=False, actions="positions")
    rng = np.random.default_rng(6)
    for seed in range(5):
        env.reset(seed=seed)
        while env.agents and not env.terminations[env.agent_selection]:
            view = env.view(env.possible_agents.index(env.agent_selection))
            step = env.plugin.decision(env.state)
            assert step is not None
            ids = [env.encoding.action_id(view, a) for a in step.actions]
            assert len(set(ids)) == len(ids)
            for i, a in zip(ids, step.actions, strict=True):
                assert env.encoding.action(view, i) == a
            mask = env.observe(env.agent_selection)["action_mask"]
            assert int(mask.sum()) == len(ids) + step.optional
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
    if unoffered.size:
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
    action_from_record gives the id back (Mậu Binh: the tenth card of an arrangement
    completes its record action, and the record action names the next card)."""
    env = raw_env(game, view_info=False)
    env.reset(seed=4)
    if env.plugin.name == "maubinh":
        step = env.plugin.decision(env.state)
        assert step is not None
        path = env.encoding.stage_path(env.view(step.seat), step.actions[77])
        for card in path[:9]:
            assert env.action_from_record(_record_of(env, path)) == card
            with pytest.raises(IllegalMove, match="does not complete"):
                env.action_to_record(card)
            env.step(card)
        assert env.action_to_record(path[9]) == _record_of(env, path)
        return
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


def _record_of(env: VncardsEnv, path: list[int]) -> dict[str, Any]:
    """The record action of the Mậu Binh arrangement the ten cards ``path`` make."""
    view = env.view(env.possible_agents.index(env.agent_selection))
    act = env.encoding.stage(view, path[:9], path[9])
    return {"player": env.agent_selection, **env.plugin.action_to_record(env.state, act)}


def _instant_win_seed(env: VncardsEnv) -> int:
    """The first seed whose first deal ends at once (with ``instant_wins="end"``)."""
    for seed in range(20_000):
        env.reset(seed=seed)
        if all(env.terminations.values()):
            return seed
    raise AssertionError("no instant win in 20,000 deals")


@pytest.mark.parametrize("game", ["tienlen", "samloc"])
def test_with_instant_wins_end_an_instant_win_ends_the_episode_in_reset(game: str) -> None:
    """Tới trắng with ``instant_wins="end"``: the deal itself ends the game, so every
    agent starts terminated with its payment already given; each then steps None."""
    env = raw_env(game, players=4, view_info=False, instant_wins="end")
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
    """A new climbing game needs nothing in vncards.envs: any climbing game's plugin
    gets the card-id encoding (here Tiến lên's plugin under another name)."""
    from dataclasses import replace

    from vncards.tienlen import TienLenGame
    from vncards.tienlen._plugin import INFO, build_plugin

    class Renamed(TienLenGame):
        info = replace(INFO, name="renamed")

    env = raw_env(build_plugin(Renamed()), players=2, view_info=False)
    totals = play_random_episode(env, 1, np.random.default_rng(1), check_hidden=False)
    assert sum(totals.values()) == 0
    assert env.encoding.size == 1444


def test_unknown_game_and_player_counts_are_refused() -> None:
    """A game that is not installed, or a table the rules do not seat, is refused with
    a vncards error naming it."""
    from vncards.core import PluginError, RulesError

    with pytest.raises(PluginError, match="no-such-game"):
        raw_env("no-such-game")
    with pytest.raises(RulesError, match="not 5"):
        raw_env("tienlen", players=5)


def test_views_travel_in_infos_as_json_in_the_selected_agents_entry_only() -> None:
    """infos[agent]["view"] is the acting agent's view as JSON, and no other entry holds
    one; at the end, the view goes with the agent selected to step None."""
    env = raw_env("tienlen")
    env.reset(seed=9)
    info: dict[str, Any] = env.infos[env.agent_selection]
    assert info["view"]["player"] == env.agent_selection
    assert len(info["view"]["hand"]) == 13
    while not all(env.terminations.values()):
        assert [a for a in env.agents if "view" in env.infos[a]] == [env.agent_selection]
        legal = sorted(env.legal_actions())
        env.step(legal[0])
    for agent in env.agent_iter():
        assert [a for a in env.agents if "view" in env.infos[a]] == [agent]
        assert env.infos[agent]["view"]["player"] == agent
        env.step(None)


@pytest.mark.skipif("maubinh" not in ENV_GAMES, reason="vncards-maubinh is not installed")
def test_maubinh_ids_are_the_games_own_split_numbers() -> None:
    """Mậu Binh with ``actions="splits"``: id k is split k of vncards.maubinh.Splits (so a
    seat's whole mask is the range of ids, in the game's own order)."""
    env = raw_env("maubinh", players=2, view_info=False, actions="splits")
    env.reset(seed=8)
    step = env.plugin.decision(env.state)
    assert step is not None
    view = env.view(step.seat)
    for k in _sample(len(step.actions), np.random.default_rng(8), most=2000):
        assert env.encoding.action(view, k) == step.actions[k]
