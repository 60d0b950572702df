"""Seeded episodes of every game, digested: the observations, masks, rewards,
terminations and infos (JSON views, legal ids and action features) an agent is handed
stay the same bit for bit, in either build, however the environment builds them; and
the JSON view in ``infos`` is the view's own ``to_json``, a fresh copy at each step."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import pytest
from vncards.core import Chopped, Passed, Played, Seat, Transfer, View
from vncards.envs import raw_env
from vncards.envs._view_json import ViewJson

from ._configs import ENV_GAMES

PINNED = {
    "maubinh": "9382719ea24dc4cee0bf6c3ca4e6f156ddaf4474d816cb9ea076d3ea4d3fcbc5",
    "phom": "5da0ec58db1f6b2b7df03d318691e4b227fcfd69e158dc4bfca8f001ab7a8fe1",
    "samloc": "bb46e61fe7c17efc9cdf48485f5753f361279d8d06fbce8e87f8c4e962fe33a0",
    "tienlen": "de67bd38e5d68bbc61be5693745bac1c5137809484fbfbd3a209e25417b9783d",
    "tusac": "43d5bd9b84c79f6283587a121cbc20cbc6f6a8476b80fccb1843fe57326484e7",
}
"""Game → the digest of its seeded episodes (:func:`_digest`)."""


def _plain(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return [str(value.dtype), value.shape, value.tobytes().hex()]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _digest(game: str, episodes: int = 3) -> str:
    """SHA-256 of everything ``last()`` hands each agent over ``episodes`` seeded
    episodes of random legal ids, JSON views and action features on."""
    env = raw_env(game, players=4 if game != "maubinh" else 3, action_features=True)
    pick = random.Random(11)
    h = hashlib.sha256()
    for episode in range(episodes):
        env.reset(seed=100 + episode)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            h.update(json.dumps(_plain([agent, obs, reward, term, trunc, info])).encode())
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[pick.randrange(len(legal))]))
    return h.hexdigest()


@pytest.mark.parametrize("game", sorted(PINNED))
def test_seeded_episodes_digest_to_the_pinned_values(game: str) -> None:
    assert _digest(game) == PINNED[game]


@pytest.mark.parametrize("game", ENV_GAMES)
def test_the_json_view_is_the_views_own_and_a_fresh_copy(game: str) -> None:
    env = raw_env(game, players=3)
    pick = random.Random(5)
    before: dict[str, Any] | None = None
    for episode in range(4):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            seat = env.possible_agents.index(agent)
            written = info["view"]
            assert written == env.view(seat).to_json(env.possible_agents)
            if before is not None and before["history"] and written["history"]:
                assert before["history"][0] is not written["history"][0]
                before["history"][0]["edited"] = True  # the next step's view must not show it
            before = written
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[pick.randrange(len(legal))]))


def test_the_json_writer_follows_the_core_on_unusual_values() -> None:
    """A plain view whose public values and history hold what the shortcuts do not
    cover (seat fields, payments, nested lists and maps, events inside ``public``, a
    seat given as -1) is written as its own ``to_json`` writes it, twice over."""
    players = ["An", "Bình", "Chi"]
    history = (
        Played(0, ("3S", "4S", "5H"), "straight"),
        Chopped(1, victim=0, value=6),
        Passed(None),
        Passed(-1),
    )
    public = {
        "table": Played(Seat(2), ("2H",), "single"),
        "paid": [Transfer(1, 0, 5, "chop")],
        "by_seat": {Seat(0): [Seat(1), "x"], Seat(2): {"deep": [1, (2, 3)]}},
        "names": ("a", "b"),
        "seat": Seat(1),
        "flag": True,
        "nothing": None,
    }
    view = View("demo", 1, 2, ("3S",), (), (1, 2, 3), public, history)
    writer = ViewJson(players)
    for _ in range(2):
        assert writer.write(view) == view.to_json(players)
    longer = View("demo", 1, None, (), (), (0, 0, 0), public, (*history, Passed(2)))
    assert writer.write(longer) == longer.to_json(players)
