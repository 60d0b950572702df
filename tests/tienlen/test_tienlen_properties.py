"""Properties of the Tiến lên plugin, through the core conformance suite: cards are
conserved, legal actions are exactly what ``apply`` accepts, a refused action changes
nothing, games end with zero-sum payments, and the referee replays every game to the
engine's own result."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    Bot,
    RandomBot,
    derive_seed,
    play_game,
    play_match,
    record_game,
    referee,
    resolve_rules,
)
from vncards.core.testing import check_game, check_plugin, check_replay, check_result
from vncards.tienlen import GreedyBot, TienLenRules, plugin

PRESET_NAMES = sorted(plugin.presets)


def test_plugin_passes_the_conformance_suite_on_every_preset() -> None:
    """Conservation, exact legal actions, refusals change nothing, termination, zero-sum
    and replay, over seeded games of both presets."""
    report = check_plugin(plugin, games=8, seed=2024)
    assert report.games == 8 * len(PRESET_NAMES)
    assert report.probes > 1000


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(PRESET_NAMES),
    n_players=st.integers(2, 4),
)
def test_any_seeded_game_conforms(seed: int, variant: str, n_players: int) -> None:
    """Hypothesis over seeds, presets and table sizes: every check of the core suite."""
    check_game(plugin, variant=variant, n_players=n_players, seed=seed, probe_every=4)


def _bots(kind: str, seed: int, n: int) -> list[Bot]:
    out: list[Bot] = []
    for i in range(n):
        s = derive_seed(seed, i)
        out.append(GreedyBot(s) if kind[i % len(kind)] == "g" else RandomBot(s))
    return out


def _replay_many(games: int, seed: int) -> dict[str, int]:
    outcomes: dict[str, int] = {}
    for g in range(games):
        s = derive_seed(seed, g)
        variant = PRESET_NAMES[g % len(PRESET_NAMES)]
        n = 2 + g % 3
        rules = resolve_rules(plugin, variant)
        state = plugin.new_game(rules, n, s)
        game = play_game(plugin, state, _bots(("r", "g", "gr", "rrg")[g % 4], s, n))
        res = check_result(plugin, game.final)
        check_replay(plugin, game, variant=variant, bet=1 + g % 5)
        outcomes[res.outcome or "unfinished"] = outcomes.get(res.outcome or "unfinished", 0) + 1
    return outcomes


def test_referee_agrees_with_engine_on_bot_games() -> None:
    """Four hundred recorded bot games (random and greedy, 2–4 players, both presets)
    refereed back: same outcome, winner, instant win and payments × bet."""
    outcomes = _replay_many(400, seed=7)
    assert outcomes.get("win", 0) > 350


@pytest.mark.slow
def test_referee_agrees_with_engine_on_thousands_of_bot_games() -> None:
    """The same agreement over 5,000 games."""
    outcomes = _replay_many(5000, seed=8)
    assert outcomes.get("instant-win", 0) > 0


rule_overrides = st.fixed_dictionaries(
    {},
    optional={
        "first_lead": st.sampled_from(["random", "three-of-spades"]),
        "passed_may_chop": st.booleans(),
        "thoi_black_two": st.integers(0, 10),
        "thoi_red_two": st.integers(0, 10),
        "thoi_quad": st.integers(0, 40),
        "thoi_three_pair_run": st.integers(0, 40),
        "thoi_four_pair_run": st.integers(0, 40),
        "cong_multiplier": st.integers(1, 4),
        "instant_wins": st.lists(
            st.sampled_from(["dragon", "four-twos", "five-pair-run", "six-pairs"]), unique=True
        ),
        "hand_size": st.integers(5, 13),
    },
)


@settings(max_examples=40, deadline=None)
@given(overrides=rule_overrides, seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4))
def test_rule_overrides_in_records_are_honoured(
    overrides: dict[str, Any], seed: int, n: int
) -> None:
    """Any combination of settings: the game ends zero-sum, and a record carrying the
    settings as ``rules`` is refereed to the same result."""
    rules = resolve_rules(plugin, "dem-la", overrides)
    assert isinstance(rules, TienLenRules)
    state = plugin.new_game(rules, n, seed)
    game = play_game(plugin, state, _bots("gr", seed, n))
    res = check_result(plugin, game.final)
    players = [f"P{i}" for i in range(n)]
    record = record_game(plugin, game, players, rules=overrides, bet=3)
    report = referee(plugin, record.model_dump_json(by_alias=True, exclude_none=True))
    assert report.legal
    assert report.payments == {players[i]: 3 * v for i, v in enumerate(res.payments)}
    assert report.winner == players[res.winner] if res.winner is not None else report.winner is None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(PRESET_NAMES))
def test_match_totals_are_zero_sum_and_winner_leads_next(seed: int, variant: str) -> None:
    """Matches: the previous winner leads the next game; totals sum to zero."""
    rules = resolve_rules(plugin, variant)
    match = play_match(plugin, rules, 4, 4, seed, _bots("rg", seed, 4))
    assert sum(match.totals) == 0
    for prev, nxt in zip(match.games, match.games[1:], strict=False):
        assert nxt.start.first == plugin.result(prev.final).winner
