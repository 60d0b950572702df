"""Exact legality at one position: the actions a game lists are exactly those its
``apply`` accepts, ``why_illegal`` refuses exactly the others with the very refusal
``apply`` raises, and a refused action changes nothing (re-exported by
:mod:`vncards.core.testing`, whose checks and :func:`~vncards.core.testing.check_fast_path`
use it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from vncards.core._errors import IllegalMove
from vncards.core._game import GamePlugin
from vncards.core._iface import why_illegal

__all__ = ["MANY_ACTIONS", "check_actions_exact"]


def check_actions_exact(
    plugin: GamePlugin[Any, Any, Any], state: Any, *, limit: int | None = None, seed: int = 0
) -> int:
    """Every action of the universe is accepted by ``apply`` iff it is in ``legal_actions``;
    ``why_illegal`` (:func:`~vncards.core.why_illegal`) answers ``None`` for exactly
    those and for the others the refusal ``apply`` raises (same code, same message);
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
        _check_one(plugin, state, action, action in legal_set)
    return len(probe)


def _check_one(plugin: GamePlugin[Any, Any, Any], state: Any, action: Any, listed: bool) -> None:
    """``action``, listed as legal or not, is accepted by ``apply`` exactly when listed;
    ``why_illegal`` answers ``None`` exactly then, and otherwise the refusal ``apply``
    raises; a refused action changes nothing."""
    trial = state.copy()
    said = why_illegal(plugin, state, action)
    assert trial == state, f"why_illegal changed the state for {action!r}"
    raised: IllegalMove | None = None
    try:
        plugin.apply(trial, action)
    except IllegalMove as e:
        raised = e
    if raised is None:
        assert listed, f"apply accepted {action!r}, not listed as legal"
        assert said is None, f"why_illegal refused the legal action {action!r}: {said}"
        return
    assert not listed, f"apply refused a listed legal action {action!r}"
    assert trial == state, f"a refused action {action!r} changed the state"
    assert said is not None, f"why_illegal found {action!r} legal, which apply refused"
    assert (raised.code, raised.message) == (said.code, said.message), (
        f"apply raised {raised.code!r} for {action!r}, why_illegal said {said.code!r}"
    )


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
        _check_one(plugin, state, action, action in legal)
    return len(picks) + len(universe)
