"""A conformance suite any game plugin runs against itself.

It plays seeded games between random bots and checks, at every step, what a referee
must be able to trust:

- cards are conserved (no card appears or vanishes in any zone);
- ``legal_actions`` is exactly the set of actions ``apply`` accepts (probed over the
  plugin's ``action_universe``), and a refused action changes nothing;
- every game ends, and its payments sum to zero;
- the game's record replays through the referee to the same result.

Use it from a test::

    from vncards.core.testing import check_plugin
    def test_my_game_conforms():
        check_plugin(my_plugin, games=20)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from vncards.core._bots import RandomBot
from vncards.core._errors import IllegalMove
from vncards.core._game import (
    GamePlugin,
    GameResult,
    PlayedGame,
    play_game,
    record_game,
    referee,
    resolve_rules,
)
from vncards.core._rng import derive_seed

__all__ = [
    "ConformanceReport",
    "check_actions_exact",
    "check_game",
    "check_plugin",
    "check_replay",
    "check_result",
    "play_random",
]


@dataclass
class ConformanceReport:
    """What :func:`check_plugin` exercised: games played, bot steps, actions probed
    and how many games ended in each outcome.

    >>> ConformanceReport(games=2, outcomes={"win": 2}).outcomes
    {'win': 2}
    """

    games: int = 0
    steps: int = 0
    probes: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)


def check_actions_exact(
    plugin: GamePlugin[Any, Any, Any], state: Any, *, limit: int | None = None, seed: int = 0
) -> int:
    """Every action of the universe is accepted by ``apply`` iff it is in ``legal_actions``;
    refused ones leave the state unchanged. Returns how many actions were probed."""
    legal = plugin.legal_actions(state)
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


def check_result(plugin: GamePlugin[Any, Any, Any], state: Any) -> GameResult:
    """A finished game has an outcome and payments that sum to zero."""
    res = plugin.result(state)
    assert res.finished, "the game is not finished"
    assert res.outcome is not None, "a finished game needs an outcome"
    assert sum(res.payments) == 0, f"payments do not sum to zero: {res.payments}"
    if res.outcome != "draw":
        assert res.winner is not None, "a won game needs a winner"
    return res


def check_replay(
    plugin: GamePlugin[Any, Any, Any],
    game: PlayedGame[Any, Any],
    *,
    variant: str | None = None,
    bet: int = 1,
) -> None:
    """The game's record, refereed, gives the engine's own result."""
    n = len(plugin.record_deal(game.start)["hands"])
    players = [f"P{i}" for i in range(n)]
    record = record_game(plugin, game, players, variant=variant, bet=bet)
    report = referee(plugin, record.model_dump_json(by_alias=True, exclude_none=True))
    res = plugin.result(game.final)
    assert report.legal, f"the referee refused a bot game: {report.error}"
    assert report.finished == res.finished
    assert report.outcome == res.outcome
    assert report.instant_win == res.instant_win
    expected_winner = None if res.winner is None else players[res.winner]
    assert report.winner == expected_winner
    assert report.payments == {players[i]: v * bet for i, v in enumerate(res.payments)}
    assert [(v.index, v.player, v.rule) for v in report.violations] == [
        (v.index, players[v.seat], v.rule) for v in res.violations
    ]


def check_game(
    plugin: GamePlugin[Any, Any, Any],
    *,
    variant: str | None = None,
    n_players: int | None = None,
    seed: int = 0,
    probe_every: int = 1,
    probe_limit: int | None = 400,
    max_steps: int = 20_000,
) -> tuple[PlayedGame[Any, Any], int, int]:
    """Play one seeded random-bot game with every check; return it, steps and probes."""
    rules = resolve_rules(plugin, variant)
    lo, hi = plugin.player_range(rules)
    rng = random.Random(seed)
    n = n_players if n_players is not None else rng.randint(lo, hi)
    state = plugin.new_game(rules, n, seed)
    start = state.copy()
    cards = plugin.card_multiset(state)
    bots = [RandomBot(derive_seed(seed, i), decline=0.5) for i in range(n)]
    actions: list[Any] = []
    steps = probes = 0
    for step in range(max_steps):
        assert plugin.card_multiset(state) == cards, f"cards not conserved at step {step}"
        d = plugin.decision(state)
        if probe_every and step % probe_every == 0:
            probes += check_actions_exact(plugin, state, limit=probe_limit, seed=seed + step)
        if d is None:
            assert not plugin.legal_actions(state), "a finished game still lists actions"
            break
        assert d.actions or d.optional, "a forced decision offers no action"
        legal = set(plugin.legal_actions(state))
        assert all(a in legal for a in d.actions), "a decision offers an illegal action"
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        steps += 1
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
            actions.append(choice)
    else:
        raise AssertionError(f"game with seed {seed} did not end in {max_steps} steps")
    game = PlayedGame(start, actions, state)
    check_result(plugin, state)
    check_replay(plugin, game, variant=variant, bet=1 + seed % 3)
    return game, steps, probes


def check_plugin(
    plugin: GamePlugin[Any, Any, Any],
    *,
    games: int = 20,
    seed: int = 0,
    variants: Iterable[str] | None = None,
    probe_every: int = 1,
    probe_limit: int | None = 400,
) -> ConformanceReport:
    """Run :func:`check_game` over seeded games of every preset; raise ``AssertionError``
    on the first failure, else return what was exercised."""
    report = ConformanceReport()
    for variant in variants if variants is not None else list(plugin.presets):
        for g in range(games):
            game, steps, probes = check_game(
                plugin,
                variant=variant,
                seed=derive_seed(seed, g) % (1 << 32),
                probe_every=probe_every,
                probe_limit=probe_limit,
            )
            report.games += 1
            report.steps += steps
            report.probes += probes
            outcome = plugin.result(game.final).outcome or "unfinished"
            report.outcomes[outcome] = report.outcomes.get(outcome, 0) + 1
    return report


def play_random(
    plugin: GamePlugin[Any, Any, Any],
    *,
    variant: str | None = None,
    n_players: int = 4,
    seed: int = 0,
) -> PlayedGame[Any, Any]:
    """One random-bot game without checks (for property tests that check something else)."""
    rules = resolve_rules(plugin, variant)
    state = plugin.new_game(rules, n_players, seed)
    bots = [RandomBot(derive_seed(seed, i)) for i in range(n_players)]
    return play_game(plugin, state, bots)
