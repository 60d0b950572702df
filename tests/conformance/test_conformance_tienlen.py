"""Tiến lên against the conformance suite of ``vncards.core.testing``: legal actions,
conservation, replay, and the hidden-information checks — views show no hidden card,
determinized states give the same view, hidden cards spread fairly (chi-square), events
replay, transfers net to payments."""

from __future__ import annotations

import random

import pytest
from vncards.core import ShedView, play_game
from vncards.core.testing import (
    check_determinize_spread,
    check_plugin,
    check_views,
    play_random,
)
from vncards.tienlen import TienLenRules, plugin


def test_tienlen_passes_the_conformance_suite() -> None:
    """check_plugin over every preset (mien-bac included): every check of the suite,
    hidden information included, and the spread of hidden cards tested in the first game
    of each."""
    report = check_plugin(plugin, games=4, probe_every=3, probe_limit=80)
    games = 4 * len(plugin.presets)
    assert report.games == games == 12
    assert report.outcomes.get("win", 0) + report.outcomes.get("instant-win", 0) == games
    assert report.spread_cards > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_cards_spread_over_every_place_they_may_be(players: int) -> None:
    """DESIGN, Hidden information: determinize deals what a seat cannot see at random.
    With fewer than four players the undealt cards are a place too; a seeded
    chi-square test over 400 determinizations, for the seat to act halfway through."""
    game = play_random(plugin, n_players=players, seed=40 + players)
    middle = game.start.copy()
    for action in game.actions[: len(game.actions) // 2]:
        plugin.apply(middle, action)
    assert check_determinize_spread(plugin, middle, middle.turn, draws=400, seed=9) > 0


def test_three_of_spades_opening_places_the_card_in_the_first_hand() -> None:
    """Rules page, ba-bich: the holder of the lowest card dealt leads with it, so before
    the first play every determinization puts that card in the first seat's hand, and
    no lower card is dealt (two players: 26 cards stay out)."""
    rules = TienLenRules(first_lead="three-of-spades")
    rng = random.Random(2)
    for seed in range(10):
        state = plugin.new_game(rules, 2, seed)
        if state.finished:
            continue
        other = 1 - state.first
        view = plugin.view(state, other)
        assert isinstance(view, ShedView)
        lead = state.lead_card
        for _ in range(20):
            world = plugin.determinize(view, rng)
            assert world.hands[state.first] & lead
            assert not world.hands[state.first] & (lead - 1)
            assert plugin.view(world, other) == view
        check_views(plugin, state, plugin.record_deal(state)["hands"], rng)


def test_views_hide_the_other_hands_in_a_greedy_game() -> None:
    """A view of each seat at each step of a greedy game: its own hand only (no card of
    another hand in its JSON), and a determinized state gives the same view."""
    state = plugin.new_game(plugin.presets["dem-la"], 4, 5)
    bots = [plugin.bots["greedy"](s) for s in range(4)]
    played = play_game(plugin, state, bots)
    replay = played.start.copy()
    dealt = plugin.record_deal(replay)["hands"]
    rng = random.Random(0)
    for k, action in enumerate(played.actions):
        if k % 3 == 0:
            check_views(plugin, replay, dealt, rng, worlds=1)
        plugin.apply(replay, action)
    assert replay == played.final
