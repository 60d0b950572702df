"""PettingZoo's parallel API for games whose seats choose at once: in Mậu Binh every
seat arranges its cards without seeing the others', so all of them place one card a
step, together, and the game is settled when every arrangement is complete.

The parallel environment holds an AEC :class:`~vncards.envs.VncardsEnv` and plays the
finished arrangements into it in the game's own order, so its record, result and
rewards are the AEC environment's. ``infos`` stay empty: parallel loops often hand the
whole dict to every agent, so nothing private travels there.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv
from vncards.core import IllegalMove, View
from vncards.envs._checks import EnvOptionError, check_action
from vncards.envs._env import VncardsEnv

__all__ = ["SimultaneousParallelEnv"]


class SimultaneousParallelEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """Every seat of a staged, simultaneous game picks one id a step (see the module
    docstring). A seat with nothing to choose (a Mậu Binh instant hand) has an empty
    mask, and whatever it is given is ignored.

    >>> from vncards.envs import maubinh_v0
    >>> env = maubinh_v0.parallel_env(players=2)
    >>> observations, infos = env.reset(seed=3)
    >>> [a for a in env.agents if not observations[a]["action_mask"].any()]  # mậu binh trắng
    ['player_1']
    >>> steps = 0
    >>> while env.agents:
    ...     masks = {a: np.flatnonzero(observations[a]["action_mask"]) for a in env.agents}
    ...     picks = {a: int(m[0]) for a, m in masks.items() if m.size}
    ...     observations, rewards, terminations, truncations, infos = env.step(picks)
    ...     steps += 1
    >>> steps, sum(rewards.values()), all(terminations.values())
    (10, 0.0, True)
    """

    def __init__(self, raw: VncardsEnv) -> None:
        if not raw.encoding.simultaneous:
            raise EnvOptionError(
                f"{raw.plugin.name} is played in turns; a parallel environment fits only"
                " games whose seats choose at once (maubinh)"
            )
        self.raw = raw
        self.encoding = raw.encoding
        self.possible_agents = raw.possible_agents[:]
        self.agents: list[str] = []
        self.metadata = {**raw.metadata, "is_parallelizable": True}
        self.render_mode = raw.render_mode
        self._drafts: dict[str, list[int]] = {}
        self._done: dict[str, Any] = {}
        self._views: dict[int, View] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The AEC environment's observation space (the same object each call)."""
        return self.raw.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The AEC environment's action space (the same object each call)."""
        return self.raw.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Deal a new game (``seed`` and ``options`` as the AEC environment's)."""
        self.raw.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        self._views = {s: self.raw.plugin.view(self.raw.state, s) for s in range(len(self.agents))}
        self._drafts = {a: [] for a in self.agents}
        self._done = {}
        for seat, agent in enumerate(self.agents):
            if not self.encoding.stage_ids(self._views[seat], ()):
                self._done[agent] = None  # nothing to choose
        return self._observations(), {a: {} for a in self.agents}

    def _mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self.encoding.size, dtype=np.int8)
        if agent not in self._done:
            seat = self.possible_agents.index(agent)
            mask[self.encoding.stage_ids(self._views[seat], self._drafts[agent])] = 1
        return mask

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            view = self._views[seat]
            out[agent] = {
                "observation": self.encoding.observe(view, self._drafts.get(agent, ())),
                "action_mask": self._mask(agent),
            }
        return out

    def step(self, actions: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any]:
        """Each agent that is still choosing places the id it is given; an id its mask
        does not offer raises :class:`~vncards.core.IllegalMove` and changes nothing."""
        if not self.agents:
            raise IllegalMove("game-over", "The game is over; call reset() to deal again.")
        picks: dict[str, int] = {}
        for agent in self.agents:
            if agent in self._done:
                continue
            if agent not in actions:
                raise IllegalMove("must-act", f"{agent} must choose an id this step.")
            pick = check_action(actions[agent])
            if not (0 <= pick < self.encoding.size and self._mask(agent)[pick]):
                raise IllegalMove("illegal-action", f"Action {pick} is not legal for {agent} now.")
            picks[agent] = pick
        for agent, pick in picks.items():
            seat = self.possible_agents.index(agent)
            done = self.encoding.stage(self._views[seat], self._drafts[agent], pick)
            self._drafts[agent].append(pick)
            if done is not None:
                self._done[agent] = done
        rewards = dict.fromkeys(self.agents, 0.0)
        over = len(self._done) == len(self.agents)
        if over:
            self._settle()
            payments = self.raw.result().payments
            rewards = {a: float(payments[s]) for s, a in enumerate(self.possible_agents)}
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _settle(self) -> None:
        """Play every finished choice into the AEC environment, in its order."""
        raw = self.raw
        while not all(raw.terminations.values()):
            agent = raw.agent_selection
            view = raw.view(self.possible_agents.index(agent))
            for pick in self.encoding.stage_path(view, self._done[agent]):
                raw.step(pick)

    def render(self) -> str | None:
        """The AEC environment's rendering of the seat to act (or of the last one)."""
        return self.raw.render()

    def close(self) -> None:
        """Nothing to release."""

    def record(self) -> Any:
        """The game record (see :meth:`VncardsEnv.record`)."""
        return self.raw.record()
