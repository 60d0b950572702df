"""Properties of the Sâm plugin: the core conformance suite over every preset, move
generation against brute force, rank-only comparison, zero-sum payments, and the
referee agreeing with the engine on recorded bot games.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    Bot,
    PlayedGame,
    beats,
    brute_force_plays,
    classify,
    derive_seed,
    legal_plays,
    resolve_rules,
)
from vncards.core.testing import check_actions_exact, check_plugin, check_replay, check_result
from vncards.samloc import BOTS, TWOS, SamState, plugin, sam_chops, sam_combo_rules

PRESETS = sorted(plugin.presets)
FAST = settings(max_examples=60, deadline=None)


def test_conformance_suite_every_preset() -> None:
    """vncards.core.testing.check_plugin: cards conserved, legal_actions exact, games end,
    zero-sum payments, records replay — on every preset (its random bots declare Sâm
    half the time, so this mostly exercises declarations and Sâm games)."""
    report = check_plugin(plugin, games=6, probe_limit=120)
    assert report.games == 6 * len(PRESETS)
    assert "sam-failed" in report.outcomes


def _checked_game(variant: str, seed: int, bot: str, probe_every: int) -> str:
    """One bot game with the conformance checks at every ``probe_every`` step."""
    rules = resolve_rules(plugin, variant)
    lo, hi = plugin.player_range(rules)
    n = random.Random(seed).randint(lo, hi)
    state = plugin.new_game(rules, n, seed)
    start = state.copy()
    bots: list[Bot] = [BOTS[bot](derive_seed(seed, i)) for i in range(n)]
    actions = []
    for step in range(2000):
        if probe_every and step % probe_every == 0:
            check_actions_exact(plugin, state, limit=60, seed=seed + step)
        d = plugin.decision(state)
        if d is None:
            break
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
            actions.append(choice)
    else:  # pragma: no cover - a game that does not end fails the test
        raise AssertionError(f"game {seed} did not end")
    res = check_result(plugin, state)
    check_replay(plugin, PlayedGame(start, actions, state), variant=variant, bet=1 + seed % 3)
    assert res.outcome is not None
    return res.outcome


@pytest.mark.parametrize("variant", PRESETS)
def test_conformance_normal_games(variant: str) -> None:
    """Conformance on games without Sâm (random bots that almost never declare, greedy
    bots): legal_actions exact, zero-sum, replay through the referee."""
    outcomes = {
        _checked_game(variant, seed, ("random", "greedy")[seed % 2], 4) for seed in range(16)
    }
    assert "win" in outcomes


@pytest.mark.parametrize("variant", PRESETS)
def test_referee_agrees_with_engine_on_bot_games(variant: str) -> None:
    """Referee/engine agreement on a hundred recorded bot games per preset."""
    for seed in range(100):
        _checked_game(variant, 10_000 + seed, ("random", "greedy", "sam")[seed % 3], 0)


@pytest.mark.slow
@pytest.mark.parametrize("variant", PRESETS)
def test_referee_agrees_with_engine_campaign(variant: str) -> None:
    """Referee/engine agreement on thousands of recorded bot games (slow)."""
    for seed in range(1500):
        _checked_game(variant, 50_000 + seed, ("random", "greedy", "sam")[seed % 3], 0)


@pytest.mark.slow
@pytest.mark.parametrize("variant", PRESETS)
def test_conformance_campaign(variant: str) -> None:
    """Exact legal actions probed at every step of many games (slow)."""
    for seed in range(150):
        _checked_game(variant, 90_000 + seed, ("random", "greedy")[seed % 2], 1)


hands = st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True).map(
    lambda ids: sum(1 << i for i in ids)
)


@FAST
@given(hand=hands, over=hands, variant=st.sampled_from(PRESETS))
def test_move_generation_matches_brute_force(hand: int, over: int, variant: str) -> None:
    """legal_plays with Sâm's combination rules and chop table equals trying every subset."""
    rules = sam_combo_rules(plugin.presets[variant])
    assert set(legal_plays(hand, rules)) == brute_force_plays(hand, rules)
    target = classify(over & ~hand, rules)
    if target is not None:
        got = legal_plays(hand, rules, target, sam_chops())
        assert len(got) == len(set(got))
        assert set(got) == brute_force_plays(hand, rules, target, sam_chops())


@FAST
@given(
    ranks=st.lists(st.integers(0, 12), min_size=1, max_size=5, unique=True),
    suits_a=st.lists(st.integers(0, 3), min_size=5, max_size=5),
    suits_b=st.lists(st.integers(0, 3), min_size=5, max_size=5),
    variant=st.sampled_from(PRESETS),
)
def test_suits_never_matter(
    ranks: list[int], suits_a: list[int], suits_b: list[int], variant: str
) -> None:
    """Rank only (rules page): the same ranks in other suits form the same combination,
    and neither beats the other."""
    rules = sam_combo_rules(plugin.presets[variant])
    a = classify(sum(1 << (r * 4 + s) for r, s in zip(ranks, suits_a, strict=False)), rules)
    b = classify(sum(1 << (r * 4 + s) for r, s in zip(ranks, suits_b, strict=False)), rules)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert (a.kind, a.length, a.key) == (b.kind, b.length, b.key)
        if not a.mask & b.mask:
            assert not beats(a, b, sam_chops())
            assert not beats(b, a, sam_chops())


@FAST
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(PRESETS),
    bot=st.sampled_from(sorted(BOTS)),
)
def test_every_game_ends_zero_sum(seed: int, variant: str, bot: str) -> None:
    """Every bot game ends (thối 2 included) and its payments sum to zero."""
    rules = resolve_rules(plugin, variant)
    n = random.Random(seed).randint(*plugin.player_range(rules))
    state = plugin.new_game(rules, n, seed)
    bots = [BOTS[bot](seed + i) for i in range(n)]
    for _ in range(2000):
        d = plugin.decision(state)
        if d is None:
            break
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
    res = check_result(plugin, state)
    assert len(res.payments) == n


@FAST
@given(hand=hands, over=st.integers(0, 51), variant=st.sampled_from(PRESETS))
def test_engine_answers_to_a_single_match_brute_force(hand: int, over: int, variant: str) -> None:
    """The engine's short path for answering a single gives exactly the plays that beat
    it (higher singles, a tứ quý on a 2), less those that would go out on a 2."""
    rules = plugin.presets[variant]
    hand &= ~(1 << over)
    if not hand:
        return
    state = plugin.start(rules, [1 << over, hand], 0, later=True)
    state.table = classify(1 << over, sam_combo_rules(rules))
    state.table_seat, state.turn, state.finished = 0, 1, False
    want = brute_force_plays(hand, sam_combo_rules(rules), state.table, sam_chops())
    if hand & TWOS:
        want.discard(hand)
    assert sorted(plugin.engine(rules).plays(state)) == sorted(want)


@FAST
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(PRESETS))
def test_den_only_the_violator_pays(seed: int, variant: str) -> None:
    """Báo một đền (rules page): when the announced player goes out after a violation
    against them, the violator pays every loser's share and the other losers only their
    settled chops; otherwise every loser pays the winner something."""
    rules = resolve_rules(plugin, variant)
    state = plugin.new_game(rules, 4, seed)
    bots = [BOTS["random"](seed + i) for i in range(4)]
    game = play_game_quiet(state, bots)
    res = plugin.result(game)
    if res.outcome != "win":
        return
    winner = res.winner
    assert winner is not None
    against = [v for v in game.viol if v[2] == winner]
    if against and game.hands[winner] == 0:
        violator = against[-1][1]
        for i in range(4):
            if i not in (winner, violator):
                assert res.payments[i] == game.chop_net[i]
        assert res.payments[violator] < game.chop_net[violator]
    else:
        for i in range(4):
            if i != winner:
                assert res.payments[i] < game.chop_net[i]


def play_game_quiet(state: SamState, bots: list[Bot]) -> SamState:
    """Drive ``state`` to the end with ``bots``; return the final state."""
    for _ in range(2000):
        d = plugin.decision(state)
        if d is None:
            return state
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
    raise AssertionError("the game did not end")
