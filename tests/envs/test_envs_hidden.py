"""Nothing the environment exposes while one agent acts holds a card hidden from that
agent (DESIGN.md, "Hidden information"; docs/envs.md, "The episode": only the acting
agent's ``infos`` entry carries a view), and what callers pass in — action ids, seeds,
the ``first`` option — is refused with one clear sentence when it is of the wrong kind.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import IllegalMove, VncardsError
from vncards.envs import EnvOptionError, VncardsEnv, raw_env

from ._configs import ENV_GAMES, GAMES
from .test_envs_episodes import _hidden_free


def _strings(value: Any) -> Iterator[str]:
    """Every string inside ``value`` (dict keys and values, lists, tuples)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _check_exposed(env: VncardsEnv) -> None:
    """While the selected agent acts: no other entry of ``infos`` holds a view or
    features, no card token another seat holds hidden appears anywhere in ``infos``,
    the action features name only cards the agent may play, and its observation is
    hidden-free."""
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    for other in env.agents:
        if other != agent:
            assert set(env.infos[other]) <= {"redealt"}, f"{other}'s entry holds {env.infos[other]}"
    own = env.view(seat)
    visible = set(_strings(own.to_json(env.possible_agents)))
    hidden: set[str] = set()
    for s in range(env.n_players):
        if s != seat:
            hidden |= set(env.view(s).hand)
    hidden -= visible
    leaked = hidden & set(_strings(env.infos))
    assert not leaked, f"infos shows {sorted(leaked)} to {agent}"
    info = env.infos[agent]
    if "action_features" in info:
        rows = info["action_features"]
        used = set(np.flatnonzero(rows.any(axis=0)))
        name = env.plugin.name
        if name in ("tienlen", "samloc", "maubinh"):
            held = {int(i) for i in np.flatnonzero(env.encoding.observe(own)[:52])}
            assert {c for c in used if c < 52} <= held
        elif name == "tusac":
            kinds = {int(k) for k in np.flatnonzero(env.encoding.observe(own)[:28])}
            active = getattr(own, "active", -1)
            assert {c for c in used if c < 28} <= kinds | {active}
    _hidden_free(env, agent, env.observe(agent))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(ENV_GAMES), st.integers(0, 2**31), st.data())
def test_nothing_exposed_to_the_acting_agent_holds_a_card_hidden_from_it(
    game: str, seed: int, data: st.DataObject
) -> None:
    """Property over random games of every game and player count: at every decision,
    infos, action features and the observation of the acting agent hold no card hidden
    from it (docs/envs.md, "The episode")."""
    rules = GAMES[game].presets[GAMES[game].default_preset]
    lo, hi = GAMES[game].player_range(rules)
    players = data.draw(st.integers(lo, hi), label="players")
    env = raw_env(game, players=players, action_features=True)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(400):
        if all(env.terminations.values()):
            break
        _check_exposed(env)
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(rng.choice(legal)))
    for agent in env.agent_iter():  # the game over: each final view goes to its agent only
        assert [a for a in env.agents if "view" in env.infos[a]] == [agent]
        env.step(None)


@pytest.mark.parametrize("bad", [2.5, "3", True, b"1", [1], np.float32(1.0)])
def test_an_action_that_is_not_an_integer_is_refused_in_one_sentence(bad: Any) -> None:
    """Non-integer actions (floats, strings, bools, lists) raise IllegalMove with code
    ``not-an-action-id``, one line, and change nothing (docs/envs.md, "The episode")."""
    env = raw_env("tienlen", view_info=False)
    env.reset(seed=1)
    before, agent = env.state.copy(), env.agent_selection
    with pytest.raises(IllegalMove) as err:
        env.step(bad)
    assert err.value.code == "not-an-action-id"
    assert "\n" not in str(err.value)
    assert "integer id" in str(err.value)
    assert env.state == before
    assert env.agent_selection == agent


def test_numpy_integer_actions_are_accepted() -> None:
    """Ids as numpy integers (what samplers return) are actions like ints."""
    env = raw_env("samloc", view_info=False)
    env.reset(seed=2)
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int16(legal[0]))
    assert env.state is not None


def test_a_terminated_agent_given_an_action_is_refused_in_one_sentence() -> None:
    """Once terminated, an agent's only action is None; anything else is one
    IllegalMove, not PettingZoo's bare ValueError."""
    env = raw_env("tienlen", players=3, instant_wins="end", view_info=False)
    env.reset(seed=7)  # six pairs at the deal: every agent starts terminated
    with pytest.raises(IllegalMove, match="only action is None"):
        env.step(0)


@pytest.mark.parametrize("bad", [2.5, "7", True, [1], np.float64(3)])
def test_a_seed_that_is_not_an_integer_is_refused_in_one_sentence(bad: Any) -> None:
    """``reset(seed=...)`` takes an integer or None; anything else is one
    EnvOptionError naming it (docs/envs.md, "The episode")."""
    env = raw_env("tusac", view_info=False)
    with pytest.raises(EnvOptionError, match="a seed is an integer or None") as err:
        env.reset(seed=bad)
    assert "\n" not in str(err.value)
    env.reset(seed=np.int64(3))  # numpy integers are integers
    assert env.agents


@pytest.mark.parametrize("bad", [4, -1, "player_9", "x", 1.5, [0], True])
@pytest.mark.parametrize("game", ENV_GAMES)
def test_a_bad_first_option_is_refused_in_one_sentence(bad: Any, game: str) -> None:
    """``options["first"]`` is a seat number or an agent name; anything else is one
    EnvOptionError, never a raw IndexError or TypeError (docs/envs.md, "The episode")."""
    env = raw_env(game, players=4, view_info=False)
    with pytest.raises(EnvOptionError, match=r'options\["first"\]') as err:
        env.reset(seed=1, options={"first": bad})
    assert isinstance(err.value, VncardsError)
    assert "\n" not in str(err.value)


def test_first_may_be_a_seat_or_an_agent_name() -> None:
    """A match's previous winner acts first, named by seat or by agent."""
    for first in (2, "player_2", np.int8(2)):
        env = raw_env("tienlen", players=4, view_info=False)
        env.reset(seed=5, options={"first": first})
        assert env.agent_selection == "player_2"


def test_options_and_instant_wins_of_the_wrong_kind_are_refused() -> None:
    """``options`` must be a mapping and ``instant_wins`` one of its two words."""
    env = raw_env("tienlen", view_info=False)
    with pytest.raises(EnvOptionError, match="options is a mapping"):
        env.reset(seed=1, options=[("first", 0)])  # type: ignore[arg-type]
    with pytest.raises(EnvOptionError, match="instant_wins is 'redeal' or 'end'"):
        raw_env("tienlen", instant_wins="keep")
    for game, known in (
        ("tienlen", "cards, positions"),
        ("tusac", "cards"),
        ("maubinh", "cards, splits"),
        ("phom", "cards"),
    ):
        with pytest.raises(
            EnvOptionError, match=f"no action encoding 'subsets'; choose one of {known}"
        ):
            raw_env(game, actions="subsets")
