"""The fast path held to the referee's word, under any rules a game's model allows.

A game's legal-move generator (what :meth:`decision` offers, and what a fast playout
makes without a second check) must never offer what :meth:`apply` refuses. Presets
alone do not show it: a setting switched on its own, or two settings no preset
combines, may meet a short cut of the generator that ignores one of them. So
:func:`random_rules` draws a rules object with every field over its allowed values, and
:func:`check_fast_path` plays seeded games of random and greedy bots under many such
draws, checking that every offered action is accepted, that the referee accepts the
game the fast loop played, and (every few steps) that the offered actions are exactly
those the referee accepts.

Both are re-exported by :mod:`vncards.core.testing`.
"""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ValidationError
from vncards.core._errors import IllegalMove, VncardsError
from vncards.core._exact import check_actions_exact
from vncards.core._game import GamePlugin, PlayedGame, play_game, record_game, referee
from vncards.core._rng import derive_seed

__all__ = ["FastPathReport", "check_fast_path", "random_rules"]

_TRIES = 200  # draws of a rules object before giving up on settings that never validate


def random_rules(model: type[BaseModel], rng: random.Random) -> Any:
    """A valid rules object of ``model`` with every field drawn at random over its
    allowed values: each choice of a ``Literal``, either truth value, an integer within
    its bounds (up to twice the default and a few more where the model sets no upper
    bound; the default itself half the time, since far sizes make short games), a
    sub-tuple of a tuple of choices, and for a mapping keyed by choices a subset of its
    keys with values drawn the same way. Draws the model refuses (two
    settings that contradict each other) are drawn again.

    >>> from pydantic import Field
    >>> from vncards.core import RulesBase
    >>> class House(RulesBase):
    ...     lead: Literal["random", "lowest"] = "random"
    ...     players: int = Field(default=4, ge=2, le=5)
    ...     chop: bool = False
    >>> rules = random_rules(House, random.Random(3))
    >>> rules.lead in ("random", "lowest"), 2 <= rules.players <= 5
    (True, True)
    """
    last: Exception | None = None
    for _ in range(_TRIES):
        values = {
            name: _draw(info.annotation, info.default, info.metadata, rng)
            for name, info in model.model_fields.items()
        }
        try:
            return model(**values)
        except (ValidationError, VncardsError, ValueError) as e:
            last = e
    raise ValueError(f"no valid {model.__name__} in {_TRIES} random draws: {last}")


def _draw(annotation: Any, default: Any, metadata: Sequence[Any], rng: random.Random) -> Any:
    """One value of a field of type ``annotation`` (``metadata``: its bounds)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is bool:
        return rng.random() < 0.5
    if origin is Literal:
        return rng.choice(args)
    if annotation is int:
        low, high = 0, None
        for bound in metadata:  # pydantic's bounds (annotated-types): ge, gt, le, lt
            if getattr(bound, "ge", None) is not None:
                low = int(bound.ge)
            elif getattr(bound, "gt", None) is not None:
                low = int(bound.gt) + 1
            elif getattr(bound, "le", None) is not None:
                high = int(bound.le)
            elif getattr(bound, "lt", None) is not None:
                high = int(bound.lt) - 1
        if high is None:
            high = max(low, 2 * int(default or 0) + 3)
        if isinstance(default, int) and low <= default <= high and rng.random() < 0.5:
            return default  # half the time: sizes far from the default make short games
        return rng.randint(low, high)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        choices = _choices(args[0])
        if choices is not None:
            return tuple(c for c in choices if rng.random() < 0.5)
    if origin is dict and len(args) == 2:
        keys = _choices(args[0])
        if keys is not None and isinstance(default, dict):
            inner = default
            return {
                k: _draw(args[1], inner.get(k, _zero(args[1])), (), rng)
                for k in keys
                if rng.random() < 0.5
            }
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        return default if rng.random() < 0.5 else None
    return default  # a type this drawer does not know keeps its default


def _choices(annotation: Any) -> tuple[Any, ...] | None:
    return typing.get_args(annotation) if typing.get_origin(annotation) is Literal else None


def _zero(annotation: Any) -> Any:
    return {} if typing.get_origin(annotation) is dict else 0


@dataclass
class FastPathReport:
    """What :func:`check_fast_path` exercised: games played, offered actions tried on
    the referee's side, steps whose offered actions were compared with the whole
    action universe, and the rules objects drawn.

    >>> FastPathReport(games=2).offered
    0
    """

    games: int = 0
    offered: int = 0
    exact_steps: int = 0
    rules: list[Any] = field(default_factory=list)


def check_fast_path(
    plugin: GamePlugin[Any, Any, Any],
    *,
    draws: int = 10,
    seed: int = 0,
    bots: Sequence[str] = ("random", "greedy"),
    exact_every: int = 4,
    probe_limit: int = 60,
    max_offered: int = 200,
) -> FastPathReport:
    """Under ``draws`` rules objects drawn by :func:`random_rules`, play one seeded game
    per bot of ``bots`` (those the plugin has) through :func:`play_game`, so through the
    game's fast playout when it has one; then check that the referee accepts the record
    of that game with the result the fast loop reached, and, replaying it step by step,
    that every action a decision offers (up to ``max_offered`` of them) is accepted by
    :meth:`apply`; every ``exact_every`` steps (0: never), that the offered actions are
    exactly those of the action universe that :meth:`apply` accepts
    (:func:`~vncards.core.testing.check_actions_exact`, ``probe_limit`` probes). Raises
    ``AssertionError`` on the first failure, naming the rules."""
    report = FastPathReport()
    rng = random.Random(seed)
    for d in range(draws):
        rules = random_rules(plugin.rules_model, rng)
        report.rules.append(rules)
        lo, hi = plugin.player_range(rules)
        n = rng.randint(lo, hi)
        for name in bots:
            factory = plugin.bots.get(name)
            if factory is None:
                continue
            game_seed = derive_seed(seed, d) % (1 << 32)
            state = plugin.new_game(rules, n, game_seed)
            seats = [factory(derive_seed(game_seed, i)) for i in range(n)]
            where = f"{plugin.name} under {rules!r}, {n} players, {name} bots, seed {game_seed}"
            try:
                played = play_game(plugin, state, seats)
            except IllegalMove as e:  # a loop that checks what it makes: offered, refused
                raise AssertionError(f"a bot was offered a refused move ({where}): {e}") from None
            _check_referee(plugin, played, rules, where)
            report.offered += _check_offered(
                plugin, played, exact_every, probe_limit, max_offered, where, report
            )
            report.games += 1
    return report


def _check_referee(
    plugin: GamePlugin[Any, Any, Any], played: PlayedGame[Any, Any], rules: Any, where: str
) -> None:
    """The record of a game the fast loop played is legal and rules as it ended."""
    players = [f"P{i}" for i in range(len(plugin.record_deal(played.start)["hands"]))]
    try:
        record = record_game(plugin, played, players, rules=rules.model_dump(mode="json"))
    except IllegalMove as e:
        raise AssertionError(
            f"the fast loop made a move the referee refuses ({where}): {e}"
        ) from None
    report = referee(plugin, record.model_dump_json(by_alias=True, exclude_none=True))
    assert report.legal, f"the referee refused a game of the fast loop ({where}): {report.error}"
    res = plugin.result(played.final)
    assert report.outcome == res.outcome, f"the referee's outcome differs ({where})"
    assert report.payments == dict(zip(players, res.payments, strict=True)), (
        f"the referee's payments differ ({where})"
    )


def _check_offered(
    plugin: GamePlugin[Any, Any, Any],
    played: PlayedGame[Any, Any],
    exact_every: int,
    probe_limit: int,
    max_offered: int,
    where: str,
    report: FastPathReport,
) -> int:
    """Replay ``played``: every offered action is one :meth:`apply` accepts; return how
    many were tried."""
    state = played.start.copy()
    actions = played.actions
    tried = step = k = 0
    while (d := plugin.decision(state)) is not None:
        offered = list(d.actions[:max_offered])
        for action in offered:
            trial = state.copy()
            try:
                plugin.apply(trial, action)
            except IllegalMove as e:
                raise AssertionError(
                    f"step {step} offers {action!r}, which the referee refuses ({where}): {e}"
                ) from None
        tried += len(offered)
        if exact_every and step % exact_every == 0:
            check_actions_exact(plugin, state, limit=probe_limit, seed=step)
            report.exact_steps += 1
        step += 1
        if k == len(actions):
            break
        if d.optional and actions[k] not in d.actions:
            plugin.decline(state, d.seat)  # the bot declined this optional choice
            continue
        plugin.apply(state, actions[k])
        k += 1
    return tried
