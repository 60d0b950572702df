"""The PettingZoo AEC environment over any vncards game plugin.

The environment knows a game only through the plugin protocol (``new_game``,
``decision``, ``apply``, ``decline``, ``view``, ``result``) and the game's
:class:`~vncards.envs.Encoding`; it holds the full state as a dealer would, and hands
each agent only what its seat's view shows.

Episodes: ``reset`` deals a new game; the agent selected is the seat whose choice the
game waits for (which need not be the next seat round the table: a Sâm declaration or
a Tứ Sắc claim out of turn is asked of its seat). When the game ends, every agent is
terminated at once with its reward — the lá it won or lost — and each then steps
``None`` to leave, as PettingZoo's classic games do. An instant win at the deal (tới
trắng) ends the game inside ``reset``: every agent starts terminated, its payment
already in ``rewards``, and the first ``last()`` shows it.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from vncards.core import (
    Bot,
    GamePlugin,
    GameRecord,
    GameResult,
    IllegalMove,
    PlayedGame,
    PluginError,
    RecordAction,
    RulesError,
    SheddingGame,
    View,
    get_game,
    record_game,
    resolve_rules,
)
from vncards.envs._encoding import DECLINED, Encoding

__all__ = ["VncardsEnv", "encoding_for"]


def encoding_for(plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int) -> Encoding:
    """The encoding of ``plugin``'s game: the one its module ``vncards.envs.<name>_v0``
    defines (a function ``encoding(plugin, rules, n_players)``), else the shedding
    encoding for any :class:`~vncards.core.SheddingGame`; :class:`PluginError` otherwise.

    >>> from vncards.core import get_game
    >>> tienlen = get_game("tienlen")
    >>> encoding_for(tienlen, tienlen.presets["dem-la"], 4).size
    8192
    """
    name = f"vncards.envs.{plugin.name}_v0"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:  # the module is there but something it needs is not
            raise
        module = None
    make: Callable[..., Encoding] | None = getattr(module, "encoding", None)
    if make is not None:
        return make(plugin, rules, n_players)
    if isinstance(plugin, SheddingGame):
        from vncards.envs._shedding import SheddingEncoding

        return SheddingEncoding(plugin, rules, n_players)
    raise PluginError(
        f"no environment encoding for the game {plugin.name!r}: add a module"
        f" vncards.envs.{plugin.name}_v0 with an encoding(plugin, rules, n_players) function"
    )


class _LegalIds:
    """Legal ids and each one's place among the offered actions; a run of ids (Mậu
    Binh's 72,072 arrangements) is kept as a ``range``, not a table."""

    __slots__ = ("ids", "places")

    def __init__(self, ids: Sequence[int]) -> None:
        self.ids = ids
        self.places: dict[int, int] | None = None
        if not (isinstance(ids, range) and ids.step == 1):
            self.places = {i: k for k, i in enumerate(ids)}
            if len(self.places) != len(ids):
                raise AssertionError("two offered actions share an action id")

    def get(self, action_id: int) -> int | None:
        """The place of ``action_id`` among the offered actions, or ``None``."""
        if self.places is None:
            ids = self.ids
            assert isinstance(ids, range)
            return action_id - ids.start if action_id in ids else None
        return self.places.get(action_id)

    def items(self) -> list[tuple[int, int]]:
        """``(id, place)`` pairs."""
        return [(i, k) for k, i in enumerate(self.ids)]

    def mark(self, mask: np.ndarray) -> None:
        """Set the legal ids' entries of ``mask`` to 1."""
        ids = self.ids
        if isinstance(ids, range):
            mask[ids.start : ids.stop : ids.step] = 1
        elif ids:
            mask[list(ids)] = 1


class VncardsEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One vncards game as a PettingZoo AEC environment.

    ``game`` is an installed game's name (or its plugin object), ``variant`` a preset
    (the game's default when ``None``), ``rules`` single settings overriding it,
    ``players`` the number of seats. Agents are ``player_0 …``; ``player_i`` sits in seat
    ``i`` (seat order is turn order). With ``view_info`` (the default) the acting agent's
    ``infos[agent]["view"]`` holds its view as JSON (every agent's at the end); turn it
    off for speed when training.

    >>> from vncards.envs import VncardsEnv
    >>> env = VncardsEnv("tienlen", players=3)
    >>> env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> sorted(obs), obs["action_mask"].shape, info["view"]["player"] == env.agent_selection
    (['action_mask', 'observation'], (8192,), True)
    >>> env.step(int(obs["action_mask"].nonzero()[0][0]))

    The deal of seed 7 holds six pairs (sáu đôi), a tới trắng: the game is over inside
    ``reset``, every agent terminated with its payment already given.

    >>> env.reset(seed=7)
    >>> env.terminations
    {'player_0': True, 'player_1': True, 'player_2': True}
    >>> env.rewards
    {'player_0': 36.0, 'player_1': -18.0, 'player_2': -18.0}
    >>> for agent in env.agent_iter():
    ...     env.step(None)
    >>> env.agents
    []
    """

    def __init__(
        self,
        game: str | GamePlugin[Any, Any, Any],
        variant: str | None = None,
        players: int = 4,
        render_mode: str | None = None,
        rules: Mapping[str, Any] | None = None,
        *,
        view_info: bool = True,
    ) -> None:
        super().__init__()
        plugin = get_game(game) if isinstance(game, str) else game
        self.plugin = plugin
        self.variant = variant or plugin.default_preset
        self.rule_overrides = dict(rules or {})
        self.rules = resolve_rules(plugin, variant, rules)
        lo, hi = plugin.player_range(self.rules)
        if not lo <= players <= hi:
            raise RulesError(
                f"{plugin.name} is played by {lo} to {hi} players under these rules, not {players}"
            )
        self.metadata = {
            "render_modes": ["human", "ansi"],
            "name": f"{plugin.name}_v0",
            "is_parallelizable": False,
        }
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be one of human, ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.view_info = view_info
        self.encoding = encoding_for(plugin, self.rules, players)
        self.n_players = players
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.encoding.size
        obs_space = self.encoding.layout.space()
        mask_space = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({"observation": obs_space, "action_mask": mask_space})
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self.state: Any = None
        self._start: Any = None
        self._actions: list[Any] = []
        self._views: dict[int, View] = {}
        self._decision: tuple[int, Sequence[Any], bool] | None = None
        self._legal: _LegalIds | None = None
        self.agent_selection = self.possible_agents[0]

    # ------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """``Dict(observation=Box(int8), action_mask=Box(int8))`` (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(encoding.size)`` (the same object each call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------ episodes

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. ``seed`` restarts the stream of deals (the same seed, the same
        games); without it the next deal of the stream is played. ``options["first"]``
        names the seat that acts first (a match's previous winner); otherwise the game's
        first-game rule decides."""
        if seed is not None:
            self._rng = random.Random(seed)
        first = (options or {}).get("first")
        game_seed = self._rng.getrandbits(62)
        state = self.plugin.new_game(self.rules, self.n_players, game_seed, first=first)
        self.state = state
        self._start = state.copy()
        self._actions = []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()
        # an instant win at the deal: everyone starts terminated with its payment
        self._accumulate_rewards()

    def _advance(self) -> None:
        """Find the next decision, or end the episode."""
        self._views.clear()
        self._legal = None
        decision = self.plugin.decision(self.state)
        if decision is None:
            self._decision = None
            self._finish()
            return
        seat = decision.seat
        self._decision = (seat, decision.actions, decision.optional)
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        if self.view_info:
            self.infos[agent] = {"view": self.view(seat).to_json(self.possible_agents)}

    def _finish(self) -> None:
        payments = self.plugin.result(self.state).payments
        for agent in self.agents:
            self.terminations[agent] = True
            self.rewards[agent] = float(payments[self._seat_of[agent]])
            if self.view_info:
                seat = self._seat_of[agent]
                self.infos[agent] = {"view": self.view(seat).to_json(self.possible_agents)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """The selected agent takes action id ``action`` (``None`` once terminated).

        An id that is not legal now raises :class:`~vncards.core.IllegalMove` naming it,
        and changes nothing.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMove("must-act", f"{agent} must choose an action; None is not one.")
        action_id = int(action)
        index = self._legal_index().get(action_id)
        if index is None:
            self.encoding.check_id(action_id)
            seat = self._seat_of[agent]
            raise IllegalMove(
                "illegal-action",
                f"Action {action_id} ({self.encoding.describe(self.view(seat), action_id)})"
                f" is not legal for {agent} now.",
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        act = self._action_at(index)
        if act is DECLINED:
            self.plugin.decline(self.state, self._seat_of[agent])
        else:
            self.plugin.apply(self.state, act)
            self._actions.append(act)
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------ what agents see

    def view(self, seat: int) -> View:
        """The view of ``seat`` now (built once per position)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.plugin.view(self.state, seat)
        return view

    def legal_actions(self) -> dict[int, Any]:
        """The legal ids of the selected agent now, each with the game action it stands
        for (:data:`~vncards.envs.DECLINED` for the decline id); empty once the game is
        over."""
        return {i: self._action_at(k) for i, k in self._legal_index().items()}

    def _legal_index(self) -> _LegalIds:
        """The legal ids of the selected agent and their places among its offered
        actions (one past them: decline)."""
        legal = self._legal
        if legal is None:
            step = self._decision
            if step is None:
                legal = _LegalIds([])
            else:
                seat, offered, optional = step
                legal = _LegalIds(self.encoding.legal_ids(self.view(seat), offered, optional))
            self._legal = legal
        return legal

    def _action_at(self, index: int) -> Any:
        step = self._decision
        assert step is not None
        offered = step[1]
        return DECLINED if index == len(offered) else offered[index]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": the seat's view as a vector, "action_mask": its legal ids}``
        (the mask is all zeros unless ``agent`` is the one to act)."""
        seat = self._seat_of[agent]
        mask = np.zeros(self.encoding.size, dtype=np.int8)
        step = self._decision
        if step is not None and step[0] == seat:
            self._legal_index().mark(mask)
        return {"observation": self.encoding.observe(self.view(seat)), "action_mask": mask}

    def render(self) -> str | None:
        """The table from the selected agent's seat: returned in ``ansi`` mode, printed in
        ``human`` mode."""
        if self.render_mode is None or self.state is None:
            return None
        text = self.encoding.render(
            self.view(self._seat_of[self.agent_selection]), self.possible_agents
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no files)."""

    def bot_action(self, bot: Bot) -> int:
        """The id a vncards bot (``vncards.core.Bot``) picks for the selected agent, from
        that seat's view and offered actions, as in :func:`vncards.core.play_game`."""
        step = self._decision
        if step is None:
            raise IllegalMove("game-over", "The game is over; no one is to act.")
        seat, offered, optional = step
        view = self.view(seat)
        choice = bot.choose(view, offered, optional)
        if choice is None:
            if not optional:
                raise IllegalMove("must-act", f"bot {bot.name} declined a forced choice")
            return self.encoding._decline_id()
        return self.encoding.action_id(view, choice)

    def result(self) -> GameResult:
        """How the game stands: outcome, winner seat, payments in lá (the plugin's own
        result)."""
        return self.plugin.result(self.state)

    # ------------------------------------------------------------ records

    def record(self) -> GameRecord:
        """The game record of this episode so far (player names are the agent names),
        which :func:`vncards.core.referee` rules on."""
        played = PlayedGame(self._start, list(self._actions), self.state)
        return record_game(
            self.plugin,
            played,
            self.possible_agents,
            variant=self.variant,
            rules=self.rule_overrides,
        )

    def action_to_record(self, action_id: int) -> dict[str, Any] | None:
        """The record action (with ``player``) that id ``action_id`` of the selected agent
        stands for now; ``None`` for the decline id (records hold no declines)."""
        index = self._legal_index().get(int(action_id))
        if index is not None:
            act = self._action_at(index)
        else:
            seat = self._seat_of[self.agent_selection]
            act = self.encoding.action(self.view(seat), int(action_id))
        if act is DECLINED:
            return None
        return {"player": self.agent_selection, **self.plugin.action_to_record(self.state, act)}

    def action_from_record(self, record_action: Mapping[str, Any]) -> int:
        """The id of a record action of the selected agent (``player`` may be left out)."""
        data = {"player": self.agent_selection, **record_action}
        seat = self._seat_of.get(data["player"])
        if seat is None:
            raise IllegalMove("no-such-player", f"There is no player {data['player']!r} here.")
        act = self.plugin.action_from_record(self.state, RecordAction.model_validate(data), seat)
        return self.encoding.action_id(self.view(seat), act)
