"""Exact legality at one position: the actions a game lists are exactly those its
``apply`` accepts, and a refused action changes nothing (re-exported by
:mod:`vncards.core.testing`, whose checks and :func:`~vncards.core.testing.check_fast_path`
use it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from vncards.core._errors import IllegalMove
from vncards.core._game import GamePlugin

__all__ = ["MANY_ACTIONS", "check_actions_exact"]


def check_actions_exact(
    plugin: GamePlugin[Any, Any, Any], state: Any, *, limit: int | None = None, seed: int = 0
) -> int:
    """Every action of the universe is accepted by ``apply`` iff it is in ``legal_actions``;
    refused ones leave the state unchanged. Returns how many actions were probed.

    A game may list more legal actions than :data:`MANY_ACTIONS`, made on demand (every
    split of a Mậu Binh hand is a legal arrangement): then ``limit`` of them, drawn at
    random, must be accepted, and each of ``limit`` actions of the universe is accepted
    exactly when the list holds it (``in``)."""
    legal = plugin.legal_actions(state)
    if limit is not None and len(legal) > MANY_ACTIONS:
        return _check_many_actions(plugin, state, legal, limit, seed)
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "legal_actions lists an action twice"
    universe = list(dict.fromkeys(plugin.action_universe(state)))
    missing = legal_set.difference(universe)
    assert not missing, (
        f"legal actions outside the action universe: {sorted(map(repr, missing))[:3]}"
    )
    probe = universe
    if limit is not None and len(universe) > limit:
        rng = random.Random(seed)
        probe = list(legal) + rng.sample(universe, limit)
    for action in probe:
        trial = state.copy()
        try:
            plugin.apply(trial, action)
        except IllegalMove:
            assert action not in legal_set, f"apply refused a listed legal action {action!r}"
            assert trial == state, f"a refused action {action!r} changed the state"
        else:
            assert action in legal_set, f"apply accepted {action!r}, not listed as legal"
    return len(probe)


MANY_ACTIONS = 10_000
"""A list of legal actions longer than this is checked on a sample (see
:func:`check_actions_exact`); shorter lists are checked whole."""


def _check_many_actions(
    plugin: GamePlugin[Any, Any, Any], state: Any, legal: Sequence[Any], limit: int, seed: int
) -> int:
    """:func:`check_actions_exact` on a sample, for a list of legal actions too long to
    go through."""
    rng = random.Random(seed)
    picks = [legal[i] for i in rng.sample(range(len(legal)), limit)]
    assert len(set(picks)) == len(picks), "legal_actions lists an action twice"
    universe = list(dict.fromkeys(plugin.action_universe(state)))
    if len(universe) > limit:
        universe = rng.sample(universe, limit)
    for action in [*picks, *universe]:
        listed = action in legal
        trial = state.copy()
        try:
            plugin.apply(trial, action)
        except IllegalMove:
            assert not listed, f"apply refused a listed legal action {action!r}"
            assert trial == state, f"a refused action {action!r} changed the state"
        else:
            assert listed, f"apply accepted {action!r}, not listed as legal"
    return len(picks) + len(universe)
