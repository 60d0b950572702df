"""The core conformance suite and hypothesis properties over whole games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import GamePlugin, RandomBot, derive_seed, play_game, record_game, referee
from vncards.core.testing import check_game, check_plugin, play_random
from vncards.tusac import COPIES, KINDS, TuSacRules, plugin


def test_plugin_is_a_game_plugin() -> None:
    """The entry-point object implements core's GamePlugin protocol."""
    assert isinstance(plugin, GamePlugin)
    assert (plugin.name, plugin.deck, plugin.default_preset) == ("tusac", "tusac", "standard")


def test_conformance_suite_passes() -> None:
    """vncards.core.testing.check_plugin: conservation, legal-action exactness (obligations
    included), every game ends, zero-sum, replay through the referee."""
    report = check_plugin(plugin, games=12, probe_limit=150)
    assert report.games == 12
    assert report.probes > 0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_every_game_ends_conserves_cards_and_replays(seed: int, n: int) -> None:
    """Property: any seeded random game keeps the 112 cards, ends, sums to zero and
    replays through the referee to the same result (check_game)."""
    game, steps, _ = check_game(plugin, seed=seed, n_players=n, probe_every=5, probe_limit=60)
    assert steps > 0
    assert sorted(plugin.card_multiset(game.final)) == [
        k for k in range(KINDS) for _ in range(COPIES)
    ]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_obligation_is_the_only_legal_action_but_wins(seed: int) -> None:
    """Property: whenever someone must take (rules 2 and 4), every legal action is that
    take or a winning take."""
    from vncards.tusac._engine import obligation, winning_takes

    state = plugin.new_game(TuSacRules(), 4, seed)
    bots = [plugin.bots["random"](derive_seed(seed, i)) for i in range(4)]
    for _ in range(400):
        d = plugin.decision(state)
        if d is None:
            break
        must = obligation(state)
        if must is not None:
            wins = {a for s in range(4) for a in winning_takes(state, s)}
            for a in plugin.legal_actions(state):
                assert (a.seat, getattr(a, "cards", None)) == must or a in wins
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bot_games_replay_through_the_referee(bot: str) -> None:
    """A bot game's record, refereed, is legal and pays what the engine paid."""
    state = plugin.new_game(TuSacRules(), 3, 11)
    game = play_game(plugin, state, [plugin.bots[bot](i) for i in range(3)])
    record = record_game(plugin, game, ["An", "Bình", "Chi"], bet=2)
    report = referee(plugin, record)
    res = plugin.result(game.final)
    assert report.legal
    assert report.finished
    assert report.payments == {
        n: 2 * v for n, v in zip(["An", "Bình", "Chi"], res.payments, strict=True)
    }


def test_play_random_is_zero_sum() -> None:
    """Payments of random games always sum to zero."""
    for seed in range(5):
        res = plugin.result(play_random(plugin, seed=seed).final)
        assert res.finished
        assert sum(res.payments) == 0


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_copy_equals_the_state_and_stays_apart_all_game(seed: int) -> None:
    """Property: at every step of a random game a copy equals the state field by field,
    and playing the next action (or declining a claim) on the copy leaves the state as
    it was."""
    state = plugin.new_game(plugin.presets["standard"], 4, seed)
    bots = [RandomBot(derive_seed(seed, s)) for s in range(4)]
    steps = 0
    while (d := plugin.decision(state)) is not None:
        copy = state.copy()
        assert copy == state
        before = state.copy()
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        for target in (copy, state):
            if choice is None:
                plugin.decline(target, d.seat)
            else:
                plugin.apply(target, choice)
            if target is copy:
                assert state == before
        assert state == copy
        steps += 1
    assert steps > 0
