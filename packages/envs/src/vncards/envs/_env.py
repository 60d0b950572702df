"""The PettingZoo AEC environment over any vncards game plugin.

The environment knows a game only through the plugin protocol (``new_game``,
``decision``, ``apply``, ``decline``, ``view``, ``result``) and the game's
:class:`~vncards.envs.Encoding`; it holds the full state as a dealer would, and hands
each agent only what its seat's view shows.

Episodes: ``reset`` deals a new game; the agent selected is the seat whose choice the
game waits for (which need not be the next seat round the table: a Sâm declaration or
a Tứ Sắc claim out of turn is asked of its seat). When the game ends, every agent is
terminated at once with its reward — the lá it won or lost — and each then steps
``None`` to leave, as PettingZoo's classic games do. A deal that an instant win (tới
trắng) ends at once is dealt again, and the deals passed over are reported in
``infos[agent]["redealt"]``, so that an episode never ends inside ``reset``; with
``instant_wins="end"`` the game ends there instead, every agent starting terminated
with its payment already in ``rewards``.

What the environment exposes while an agent acts holds nothing hidden from that agent:
``infos`` carries a view (and action features) only in the acting agent's entry.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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
    RecordAction,
    RulesError,
    View,
    forced_refusal,
    get_game,
    record_game,
    resolve_rules,
)
from vncards.envs._checks import EnvOptionError, check_action, check_first, check_seed
from vncards.envs._encoding import DECLINED
from vncards.envs._lookup import encoding_for
from vncards.envs._shed_fast import mask_bytes
from vncards.envs._view_json import ViewJson

__all__ = ["INSTANT_WINS", "VncardsEnv", "encoding_for"]

INSTANT_WINS = ("redeal", "end")
"""What ``reset`` does with a deal an instant win ends at once: deal again (the
default), or end the episode there."""
_MAX_REDEALS = 1000


class _LegalIds:
    """Legal ids and each one's place among the offered actions; a run of ids (Mậu
    Binh's 72,072 arrangements) is kept as a ``range``, not a table."""

    __slots__ = ("ids", "places")

    def __init__(self, ids: Sequence[int], places: Sequence[int] | None = None) -> None:
        self.ids = ids
        self.places: dict[int, int] | None = None
        if places is not None:
            self.places = dict(zip(ids, places, strict=True))
        elif not (isinstance(ids, range) and ids.step == 1):
            self.places = {i: k for k, i in enumerate(ids)}
        if self.places is not None and len(self.places) != len(ids):
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
        if self.places is None:
            return [(i, k) for k, i in enumerate(self.ids)]
        return list(self.places.items())

    def mask(self, size: int) -> np.ndarray:
        """The ``int8`` action mask of ``size`` entries: 1 at the legal ids."""
        ids = self.ids
        if isinstance(ids, range):
            mask = np.zeros(size, dtype=np.int8)
            mask[ids.start : ids.stop : ids.step] = 1
            return mask
        return np.frombuffer(mask_bytes(ids, size), dtype=np.int8)


class VncardsEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One vncards game as a PettingZoo AEC environment.

    ``game`` is an installed game's name (or its plugin object), ``variant`` a preset
    (the game's default when ``None``), ``rules`` single settings overriding it,
    ``players`` the number of seats. Agents are ``player_0 …``; ``player_i`` sits in seat
    ``i`` (seat order is turn order).

    Keywords: ``actions`` picks the game's action encoding (card-based by default; see
    :func:`~vncards.envs.encoding_for`); ``instant_wins`` is ``"redeal"`` (the default)
    or ``"end"`` (see the module docstring); with ``view_info`` (the default) the acting
    agent's ``infos[agent]["view"]`` holds its view as JSON — turn it off for speed
    when training; with ``action_features`` the acting agent's
    ``infos[agent]["legal_ids"]`` lists its legal ids in increasing order and
    ``infos[agent]["action_features"]`` holds one feature row per id, in that order
    (the rows' layout: ``encoding.feature_parts``).

    >>> from vncards.envs import VncardsEnv
    >>> env = VncardsEnv("tienlen", players=3, action_features=True)
    >>> env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> sorted(obs), obs["action_mask"].shape, info["view"]["player"] == env.agent_selection
    (['action_mask', 'observation'], (1444,), True)
    >>> list(info["legal_ids"]) == list(obs["action_mask"].nonzero()[0])
    True
    >>> info["action_features"].shape == (len(info["legal_ids"]), 62)
    True
    >>> env.step(int(info["legal_ids"][0]))

    The deal of seed 7 holds six pairs (sáu đôi), a tới trắng: it is dealt again, and
    the deal passed over is reported.

    >>> env.reset(seed=7)
    >>> env.infos[env.agent_selection]["redealt"][0]["payments"]
    {'player_0': 36, 'player_1': -18, 'player_2': -18}
    >>> any(env.terminations.values())
    False

    With ``instant_wins="end"`` that game is over inside ``reset``, every agent
    terminated with its payment already given.

    >>> env = VncardsEnv("tienlen", players=3, instant_wins="end")
    >>> env.reset(seed=7)
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
        actions: str | None = None,
        instant_wins: str = "redeal",
        view_info: bool = True,
        action_features: bool = False,
    ) -> None:
        super().__init__()
        plugin = get_game(game) if isinstance(game, str) else game
        self.plugin = plugin
        self.variant = variant or plugin.default_preset
        self.rule_overrides = dict(rules or {})
        self.rules = resolve_rules(plugin, variant, rules)
        lo, hi = plugin.player_range(self.rules)
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            raise RulesError(
                f"{plugin.name} is played by {lo} to {hi} players under these rules,"
                f" not {players!r}"
            )
        if instant_wins not in INSTANT_WINS:
            raise EnvOptionError(f"instant_wins is 'redeal' or 'end', not {instant_wins!r}")
        self.metadata = {
            "render_modes": ["human", "ansi"],
            "name": f"{plugin.name}_v0",
            "is_parallelizable": False,
        }
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be one of human, ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.view_info = view_info
        self.with_features = action_features
        self.instant_wins = instant_wins
        self.encoding = encoding_for(plugin, self.rules, players, actions)
        self.n_players = players
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self._view_json = ViewJson(self.possible_agents)
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
        self._draft: list[int] = []
        self._bot_plan: list[int] | None = None
        self.redealt: list[dict[str, Any]] = []
        self.agent_selection = self.possible_agents[0]

    # ------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """``Dict(observation=Box(int8), action_mask=Box(int8))`` (the same object each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(encoding.size)`` (the same object each call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------ episodes

    def reset(
        self, seed: int | np.integer[Any] | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a new game. ``seed`` (an integer) restarts the stream of deals (the same
        seed, the same games); without it the next deal of the stream is played.
        ``options["first"]`` names the seat that acts first (a seat number or agent
        name: a match's previous winner); otherwise the game's first-game rule decides.
        A deal an instant win ends at once is dealt again unless ``instant_wins="end"``
        (then every agent starts terminated with its payment)."""
        seed = check_seed(seed)
        if options is not None and not isinstance(options, Mapping):
            raise EnvOptionError(f"options is a mapping, not {type(options).__name__}")
        first = check_first((options or {}).get("first"), self.possible_agents)
        if seed is not None:
            self._rng = random.Random(seed)
        self.redealt = []
        while True:
            game_seed = self._rng.getrandbits(62)
            state = self.plugin.new_game(self.rules, self.n_players, game_seed, first=first)
            if self.instant_wins == "end" or self.plugin.decision(state) is not None:
                break
            if len(self.redealt) >= _MAX_REDEALS:
                raise RulesError(
                    f"{_MAX_REDEALS} deals in a row ended at once; these rules leave"
                    " nothing to play"
                )
            self.redealt.append(self._report(state, game_seed))
        self._begin(state)

    def _report(self, state: Any, game_seed: int) -> dict[str, Any]:
        """What everyone learns of a deal an instant win ended: its outcome, the winner
        and the payments (an instant hand is shown to the table)."""
        result = self.plugin.result(state)
        return {
            "seed": game_seed,
            "outcome": result.outcome,
            "winner": None if result.winner is None else self.possible_agents[result.winner],
            "payments": {
                a: int(p) for a, p in zip(self.possible_agents, result.payments, strict=True)
            },
        }

    def _begin(self, state: Any) -> None:
        self.state = state
        self._start = state.copy()
        self._actions = []
        self._draft = []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()
        if self.redealt:
            for info in self.infos.values():
                info["redealt"] = list(self.redealt)
        # with instant_wins="end", an instant win: everyone starts terminated
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
        self.agent_selection = self.possible_agents[seat]
        self._inform()

    def _inform(self) -> None:
        """Fill ``infos``: the selected agent's entry gets its view (and action features);
        every other entry is emptied, so no agent's cards sit where another can read."""
        agent = self.agent_selection
        self.infos = {a: {} for a in self.agents}
        if agent not in self.infos:
            return
        info = self.infos[agent]
        if self.view_info:
            info["view"] = self._view_json.write(self.view(self._seat_of[agent]))
        if self.with_features and self._decision is not None:
            info["legal_ids"], info["action_features"] = self._features()

    def _features(self) -> tuple[np.ndarray, np.ndarray]:
        """The legal ids of the selected agent, increasing, and their feature rows."""
        step = self._decision
        assert step is not None
        view = self.view(step[0])
        legal = self._legal_index()
        ids = np.array(sorted(legal.ids), dtype=np.int64)
        enc = self.encoding
        if enc.staged:
            return ids, enc.stage_features(view, self._draft, [int(i) for i in ids])
        actions = [self._action_at(legal.get(int(i))) for i in ids]  # type: ignore[arg-type]
        return ids, enc.action_features(view, actions)

    def _finish(self) -> None:
        payments = self.plugin.result(self.state).payments
        for agent in self.agents:
            self.terminations[agent] = True
            self.rewards[agent] = float(payments[self._seat_of[agent]])
        self._inform()

    def _was_dead_step(self, action: Any) -> None:
        super()._was_dead_step(action)
        self._inform()

    def step(self, action: int | np.integer[Any] | None) -> None:
        """The selected agent takes action id ``action`` (``None`` once terminated).

        An id that is not legal now raises :class:`~vncards.core.IllegalMove` naming it,
        and changes nothing; so does anything but an integer id.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalMove(
                    "agent-terminated",
                    f"{agent} is terminated: its only action is None, not {action!r}.",
                )
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMove("must-act", f"{agent} must choose an action; None is not one.")
        action_id = check_action(action)
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
        if self.encoding.staged:
            act = self.encoding.stage(self.view(self._seat_of[agent]), self._draft, action_id)
            if act is None:  # a staged choice goes on: the same agent picks again
                self._draft.append(action_id)
                self._legal = None
                self._inform()
                return
            self._draft = []
        else:
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

    @property
    def draft(self) -> tuple[int, ...]:
        """The ids the selected agent has chosen so far of a staged choice (Mậu Binh's
        cards placed so far); empty for other encodings."""
        return tuple(self._draft)

    def view(self, seat: int) -> View:
        """The view of ``seat`` now (built once per position)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.plugin.view(self.state, seat)
        return view

    def legal_actions(self) -> dict[int, Any]:
        """The legal ids of the selected agent now, each with the game action it stands
        for (:data:`~vncards.envs.DECLINED` for the decline id; for a staged encoding,
        the id's own number while the choice is not complete); empty once the game is
        over."""
        if self.encoding.staged:
            return {i: i for i in self._legal_index().ids}
        return {i: self._action_at(k) for i, k in self._legal_index().items()}

    def _legal_index(self) -> _LegalIds:
        """The legal ids of the selected agent and their places among its offered
        actions (one past them: decline)."""
        legal = self._legal
        if legal is None:
            step = self._decision
            if step is None:
                legal = _LegalIds([])
            elif self.encoding.staged:
                legal = _LegalIds(self.encoding.stage_ids(self.view(step[0]), self._draft))
            else:
                seat, offered, optional = step
                ids, places = self.encoding.legal_places(self.view(seat), offered, optional)
                legal = _LegalIds(ids, places)
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
        step = self._decision
        draft: Sequence[int] = ()
        if step is not None and step[0] == seat:
            mask = self._legal_index().mask(self.encoding.size)
            draft = self._draft
        else:
            mask = np.zeros(self.encoding.size, dtype=np.int8)
        return {
            "observation": self.encoding.observe(self.view(seat), draft),
            "action_mask": mask,
        }

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
        that seat's view and offered actions, as in :func:`vncards.core.play_game` (for a
        staged encoding, the next id of the action it chose)."""
        step = self._decision
        if step is None:
            raise IllegalMove("game-over", "The game is over; no one is to act.")
        seat, offered, optional = step
        view = self.view(seat)
        if self.encoding.staged and self._draft:
            plan = self._bot_plan
            if plan is not None and plan[: len(self._draft)] == self._draft:
                return plan[len(self._draft)]
        # the agent's step applies what is chosen, so core's loop (vncards.core.drive)
        # cannot run here; its refusal of a declined forced choice is the one raised
        choice = bot.choose(view, offered, optional)
        if choice is None:
            if not optional:
                raise forced_refusal(bot.name)
            return self.encoding._decline_id()
        if self.encoding.staged:
            self._bot_plan = self.encoding.stage_path(view, choice)
            return self._bot_plan[len(self._draft)]
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
        action_id = check_action(action_id)
        seat = self._seat_of[self.agent_selection]
        index = self._legal_index().get(action_id)
        if self.encoding.staged:
            act = self.encoding.stage(self.view(seat), self._draft, action_id)
            if act is None:
                raise IllegalMove(
                    "incomplete-action",
                    f"Action {action_id} does not complete {self.agent_selection}'s choice;"
                    " its record action is known once the last id is chosen.",
                )
        elif index is not None:
            act = self._action_at(index)
        else:
            act = self.encoding.action(self.view(seat), action_id)
        if act is DECLINED:
            return None
        return {"player": self.agent_selection, **self.plugin.action_to_record(self.state, act)}

    def action_from_record(self, record_action: Mapping[str, Any]) -> int:
        """The id of a record action of the selected agent (``player`` may be left out;
        for a staged encoding, the next id of that action)."""
        data = {"player": self.agent_selection, **record_action}
        seat = self._seat_of.get(data["player"])
        if seat is None:
            raise IllegalMove("no-such-player", f"There is no player {data['player']!r} here.")
        act = self.plugin.action_from_record(self.state, RecordAction.model_validate(data), seat)
        if self.encoding.staged:
            path = self.encoding.stage_path(self.view(seat), act)
            if path[: len(self._draft)] != self._draft:
                raise IllegalMove(
                    "not-this-draft", "That action does not follow the ids chosen so far."
                )
            return path[len(self._draft)]
        return self.encoding.action_id(self.view(seat), act)
