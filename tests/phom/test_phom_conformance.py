"""The core conformance suite and hypothesis properties over whole Phỏm games."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    DealsJson,
    GamePlugin,
    RandomBot,
    derive_seed,
    play_game,
    record_game,
    referee,
)
from vncards.core.testing import check_actions_exact, check_game, check_plugin, check_views
from vncards.phom import PhomRules, can_arrange, card_names, plugin
from vncards.phom._engine import apply_action


def test_plugin_is_a_game_plugin() -> None:
    """The entry-point object implements core's GamePlugin protocol."""
    assert isinstance(plugin, GamePlugin)
    assert (plugin.name, plugin.deck, plugin.default_preset) == ("phom", "french", "standard")
    assert set(plugin.presets) == {"standard", "flat"}


def test_conformance_suite_passes() -> None:
    """vncards.core.testing.check_plugin over both presets: conservation, exact legal
    actions, refused actions change nothing, every game ends, zero-sum, replay, views,
    determinization and its spread, events."""
    report = check_plugin(plugin, games=6, probe_limit=120)
    assert report.games == 12
    assert report.probes > 0
    assert report.spread_cards > 0


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4), st.sampled_from(["standard", "flat"]))
def test_every_game_ends_conserves_cards_and_replays(seed: int, n: int, variant: str) -> None:
    """Property: any seeded random game keeps the 52 cards, offers exactly the legal
    actions, ends, sums to zero and replays through the referee to the same result."""
    game, steps, _ = check_game(
        plugin, variant=variant, seed=seed, n_players=n, probe_every=3, probe_limit=60
    )
    assert steps > 0
    assert plugin.card_multiset(game.final) == list(range(52))
    assert sum(plugin.result(game.final).payments) == 0


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(2, 4),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["u-take", "three-taken", "off"]),
)
def test_any_settings_play_to_a_zero_sum_end(
    seed: int, n: int, khan: bool, lay_off: bool, den: str
) -> None:
    """Property: under any ù khan, gửi and đền setting a random game ends, its transfers
    sum to zero, and the record refereed gives the same payments."""
    rules = PhomRules(u_khan=khan, lay_off=lay_off, den=den)
    state = plugin.new_game(rules, n, seed)
    bots = [RandomBot(derive_seed(seed, i)) for i in range(n)]
    game = play_game(plugin, state, bots)
    res = plugin.result(game.final)
    assert res.finished
    assert sum(res.payments) == 0
    players = [f"P{i}" for i in range(n)]
    overrides = {"u_khan": khan, "lay_off": lay_off, "den": den}
    record = record_game(plugin, game, players, rules=overrides)
    report = referee(plugin, record)
    assert report.legal
    assert report.payments == dict(zip(players, res.payments, strict=True))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_a_view_never_shows_a_hidden_card(seed: int, n: int) -> None:
    """Property: at every step no seat's view (as JSON) names a card another seat holds
    unless that card was taken in the open; the view of a determinized state is the view
    again."""
    state = plugin.new_game(PhomRules(), n, seed)
    rng = random.Random(seed)
    deal = plugin.record_deal(state)
    players = [f"P{i}" for i in range(n)]
    while not state.finished:
        for seat in range(n):
            text = json.dumps(plugin.view(state, seat).to_json(players), ensure_ascii=False)
            for other in range(n):
                if other != seat:
                    hidden = state.hands[other] & ~state.taken[other]
                    for card in card_names(hidden):
                        assert f'"{card}"' not in text
        check_views(plugin, state, deal["hands"], rng, worlds=1, stock=deal["stock"])
        actions = plugin.legal_actions(state)
        apply_action(state, actions[rng.randrange(len(actions))])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_same_seed_same_deal(seed: int) -> None:
    """Property: the same seed always gives the same deal; the first player holds 10."""
    assert isinstance(plugin, DealsJson)
    a = plugin.deal_json(PhomRules(), 4, seed)
    assert a == plugin.deal_json(PhomRules(), 4, seed)
    sizes = sorted(len(h) for h in a["hands"].values())
    assert sizes == [9, 9, 9, 10]
    assert len(a["stock"]) == 15
    first = next(p for p, h in a["hands"].items() if len(h) == 10)
    state = plugin.new_game(PhomRules(), 4, seed)
    assert a["players"][state.first] == first


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_determinized_takers_hold_their_phom(seed: int, n: int) -> None:
    """Property: in a determinized state every player with taken cards in hand holds
    cards that make a phỏm with each (rules page, "Turns": the hand stays valid), so a
    search never plays out a state the rules cannot reach."""
    state = plugin.new_game(PhomRules(), n, seed)
    rng = random.Random(seed)
    while not state.finished:
        for seat in range(n):
            world = plugin.determinize(plugin.view(state, seat), rng)
            for other in range(n):
                assert can_arrange(world.hands[other], world.taken[other])
        actions = plugin.legal_actions(state)
        apply_action(state, actions[rng.randrange(len(actions))])


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_greedy_games_offer_exactly_the_legal_melds_and_lay_offs(seed: int, n: int) -> None:
    """Property: along greedy games (which meld and lay off whenever they can), every
    action of the universe is accepted exactly when it is listed, and a refused one
    changes nothing (check_actions_exact, unsampled)."""
    state = plugin.new_game(PhomRules(), n, seed)
    bots = [plugin.bots["greedy"](i) for i in range(n)]
    kinds: set[str] = set()
    while not state.finished:
        check_actions_exact(plugin, state)
        d = plugin.decision(state)
        assert d is not None
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, False)
        assert choice is not None
        kinds.add(type(choice).__name__)
        apply_action(state, choice)
    assert "Discard" in kinds
