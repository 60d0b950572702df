"""The house-rule laboratory's games: every column of a comparison is played as a few
*arms* over the same deals, each game traced for the design metrics.

An :class:`Arm` is one way to seat a column's deals: ``main`` (the profile's bot in every
seat), ``replay`` (the same deals, the bots seeded afresh: what changes is play, not
cards), ``skill`` (seat 1 the casual bot, the others random), ``search`` (seat 1 the
skilled bot, the others casual) and ``restricted`` (seat 1 barred from one rule). Deal
``i`` of every arm of every column of one game is dealt from ``derive_seed(seed, i)``,
so arms and columns are compared deal by deal. A game depends on its arm and index
alone: the traces are the same on one process, many, or a Dask cluster.

>>> arm = Arm("tienlen", "main", None, 3, ("greedy",) * 3, seed=1, games=2)
>>> [t.index for t in play_arms([arm])[0]]
[0, 1]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from vncards.core._bots import RandomBot
from vncards.core._game import RulesBase
from vncards.core._plugins import CountsGames
from vncards.core._rng import derive_seed
from vncards.core._search import _accepts
from vncards.core.facts import RestrictedBot, facts_of
from vncards.core.simulate import SimulationError, bot_factory, load_game_once, run_chunks

__all__ = ["PROFILES", "Arm", "Trace", "lead_changes", "play_arms", "profile_bot"]

PROFILES = ("casual", "skilled")
"""``casual``: each game's rule-aware heuristic bot; ``skilled``: its strongest bot,
searching at a fixed number of rollouts per decision (the same choices on any machine)."""

_BOT_SEEDS = {"main": 1000, "replay": 2000, "skill": 3000, "search": 4000, "restricted": 1000}
# the restricted arm seats the main arm's bots with the main arm's seeds: only the rule
# the first seat may not use differs, so the paired difference is the rule's worth


def profile_bot(plugin: Any, profile: str) -> str:
    """The bot a profile seats for ``plugin``: its declared casual or skilled bot when
    it has that bot, else ``greedy`` (casual) or ``search`` (skilled), else its first.

    >>> from vncards.core.simulate import load_game
    >>> profile_bot(load_game("tienlen"), "casual"), profile_bot(load_game("tienlen"), "skilled")
    ('greedy', 'search')
    """
    facts = facts_of(plugin)
    wanted = facts.casual if profile == "casual" else facts.skilled
    for name in (wanted, "greedy" if profile == "casual" else "search", "greedy"):
        if name in plugin.bots:
            return str(name)
    return str(next(iter(plugin.bots)))


@dataclass(frozen=True)
class Trace:
    """One traced game: the payments (in the game's unit, bet 1), the winner, the seat
    that acted first, actions, decisions (choices asked of a seat), choices (decisions
    with more than one option, declining counted as one), rounds (decisions of the
    first seat: each is a new round of the table), the game's own counters, and the
    searching seats' estimates ``(seat, expected payment)`` in decision order."""

    index: int
    payments: tuple[int, ...]
    winner: int | None
    first: int | None
    outcome: str | None
    instant: str | None
    actions: int
    decisions: int
    choices: int
    rounds: int
    counters: dict[str, int]
    estimates: tuple[tuple[int, float], ...] = ()


@dataclass(frozen=True)
class Arm:
    """One arm of a column: the game (a name or ``module:attribute`` reference), the
    arm's kind, the rules (``None``: the default preset), players, one bot name per seat,
    the run seed, the games (deals ``0`` to ``games - 1``), the rollouts of a searching
    bot (or, when ``None``, its ``think`` seconds per decision: not reproducible), and
    the restriction (by key) of seat 1 in the ``restricted`` arm. ``game`` may be a
    plugin object, played in this process only."""

    game: Any
    kind: str
    rules: RulesBase | None
    players: int
    bots: tuple[str, ...]
    seed: int = 0
    games: int = 0
    rollouts: int | None = None
    restrict: str | None = None
    think: float | None = None


def _decision_value(bot: Any) -> float | None:
    """What a searching bot expected of its last decision (its best candidate's mean)."""
    stats = getattr(bot, "stats", None)
    if stats is None or not getattr(stats, "rollouts", 0):
        return None
    means = [m for m in getattr(stats, "means", ()) if m != -math.inf]
    return max(means) if means else None


def _seat_factories(plugin: Any, arm: Arm) -> list[Callable[[int], Any]]:
    """One bot factory per seat of ``arm`` (a seed gives the seat's bot): the game's
    bot with its comparison options and the arm's search budget bound.

    >>> from vncards.core.simulate import load_game
    >>> arm = Arm("tienlen", "main", None, 2, ("greedy", "random"))
    >>> [f(1).name for f in _seat_factories(load_game("tienlen"), arm)]
    ['greedy', 'random']
    """
    think = arm.think if arm.rollouts is None else None
    return [_factory(plugin, name, arm.rollouts, think) for name in arm.bots]


# Bound factories by plugin, bot, rollouts and think, worked out once per process: a
# factory's signature is read to know what it accepts, which costs more than many a game
_factories: dict[tuple[int, str, int | None, float | None], tuple[Any, Callable[[int], Any]]] = {}


def _factory(
    plugin: Any, name: str, rollouts: int | None, think: float | None
) -> Callable[[int], Any]:
    key = (id(plugin), name, rollouts, think)
    known = _factories.get(key)
    if known is not None and known[0] is plugin:
        return known[1]
    options = facts_of(plugin).bot_options.get(name, {})
    found = bot_factory(plugin, name)
    factory = partial(found, **options) if options else found
    # what make_bot would hand the factory: only the keywords it accepts
    wanted = {"think": think, "iterations": rollouts}
    budget = {k: v for k, v in wanted.items() if v is not None and _accepts(factory, k)}
    bound = partial(factory, **budget) if budget else factory
    _factories[key] = (plugin, bound)
    return bound


def _bots(
    plugin: Any, arm: Arm, game_seed: int, factories: Sequence[Callable[[int], Any]]
) -> list[Any]:
    offset = _BOT_SEEDS[arm.kind]
    bots = []
    for seat, factory in enumerate(factories):
        bot = factory(derive_seed(game_seed, offset + seat))
        if seat == 0 and arm.restrict is not None:
            restriction = facts_of(plugin).restriction(arm.restrict)
            if restriction is None:
                raise SimulationError(f"{plugin.name} has no restriction {arm.restrict!r}")
            bot = RestrictedBot(bot, restriction)
        bots.append(bot)
    return bots


def trace_game(plugin: Any, arm: Arm, index: int) -> Trace:
    """Play deal ``index`` of ``arm`` and trace it."""
    game_seed = derive_seed(arm.seed, index)
    rules = arm.rules if arm.rules is not None else plugin.presets[plugin.default_preset]
    state = plugin.new_game(rules, arm.players, game_seed)
    bots = _bots(plugin, arm, game_seed, _seat_factories(plugin, arm))
    decision, view, apply = plugin.decision, plugin.view, plugin.apply
    actions = decisions = choices = rounds = 0
    first: int | None = None
    estimates: list[tuple[int, float]] = []
    for _ in range(100_000):
        d = decision(state)
        if d is None:
            break
        seat = d.seat
        if first is None:
            first = seat
        decisions += 1
        rounds += seat == first
        choices += len(d.actions) + d.optional > 1
        bot = bots[seat]
        if isinstance(bot, RandomBot):
            choice = bot.choose(None, d.actions, d.optional)
        else:
            choice = bot.choose(view(state, seat), d.actions, d.optional)
            value = _decision_value(bot)
            if value is not None:
                estimates.append((seat, value))
        if choice is None:
            plugin.decline(state, seat)
        else:
            apply(state, choice)
            actions += 1
    else:
        raise SimulationError(f"{plugin.name} game {index} did not end")
    result = plugin.result(state)
    counters = dict(plugin.game_stats(state)) if isinstance(plugin, CountsGames) else {}
    return Trace(
        index, tuple(result.payments), result.winner, first, result.outcome,
        result.instant_win, actions, decisions, choices, rounds, counters,
        tuple(estimates),
    )  # fmt: skip


def lead_changes(estimates: Sequence[tuple[int, float]]) -> tuple[int, int | None, int]:
    """From the searching seats' estimates in order: how often the leader changed (the
    seat with the best latest estimate, once two seats have one), the leader at the
    end, and how many estimates were made before the final leader led for good.

    >>> lead_changes([(0, 1.0), (1, 2.0), (0, 3.0), (1, 0.0)])
    (2, 0, 2)
    >>> lead_changes([(0, 5.0), (1, 1.0)])
    (0, 0, 0)
    """
    latest: dict[int, float] = {}
    leader: int | None = None
    changes = 0
    settled = 0
    for k, (seat, value) in enumerate(estimates):
        latest[seat] = value
        if len(latest) < 2:
            leader = seat
            continue
        best = max(latest, key=lambda s: latest[s])
        if leader is not None and latest[best] > latest[leader] and best != leader:
            leader = best
            changes += 1
            settled = k
    return changes, leader, settled


# ----------------------------------------------------------------- running arms


def _index_of(arms: Sequence[Arm], k: int) -> tuple[int, int]:
    for a, arm in enumerate(arms):
        if k < arm.games:
            return a, k
        k -= arm.games
    raise IndexError(k)


def _play_span(arms: tuple[Arm, ...], start: int, stop: int) -> list[tuple[int, Trace]]:
    """Games ``start`` to ``stop - 1`` of the arms laid end to end (a worker's chunk)."""
    out = []
    for k in range(start, stop):
        a, i = _index_of(arms, k)
        out.append((a, trace_game(load_game_once(arms[a].game), arms[a], i)))
    return out


def play_arms(
    arms: Sequence[Arm],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[list[Trace]]:
    """Every arm's traces in deal order, played in ``workers`` processes or on the Dask
    cluster at ``scheduler``; the same whichever."""
    total = sum(arm.games for arm in arms)
    func = partial(_play_span, tuple(arms))
    if any(not isinstance(arm.game, str) for arm in arms):
        workers, scheduler = 1, None  # a plugin object may not exist in another process
    done = run_chunks(
        func, total, workers=workers, scheduler=scheduler, progress=progress, unit="game"
    )
    out: list[list[Trace]] = [[] for _ in arms]
    for a, trace in done:
        out[a].append(trace)
    return out
