"""Reading the opponent's hand heads-up (``vncards.core.heads_up_worlds``): every deal
is consistent with the view, the guess beats chance against an opponent who plays like
the rollout policy, and the search still sees only views."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vncards.core import ClimbHooks, RandomBot, heads_up_worlds
from vncards.tienlen import GreedyBot
from vncards.tienlen import plugin as tienlen
from vncards.tienlen._search import TienLenHooks

RULES = tienlen.presets["dem-la"]


def _position(seed: int, steps: int, bots: list[Any], players: int = 2) -> tuple[Any, Any]:
    """A game of ``bots`` after ``steps`` choices, and the view of the seat to act."""
    state = tienlen.new_game(RULES, players, seed)
    for _ in range(steps):
        d = tienlen.decision(state)
        if d is None:
            break
        view = tienlen.view(state, d.seat)
        choice = bots[d.seat].choose(view, d.actions, d.optional)
        if choice is None:
            tienlen.decline(state, d.seat)
        else:
            tienlen.apply(state, choice)
    return state, tienlen.view(state, state.turn)


def _greedy_positions() -> list[tuple[Any, Any]]:
    out = []
    for seed in range(1, 9):
        state, view = _position(seed, 9, [GreedyBot(seed), GreedyBot(seed + 1)])
        if not state.finished and view.counts[1 - view.seat] > 1:
            out.append((state, view))
    return out


@pytest.mark.parametrize("opponent", ["greedy", "random"])
def test_every_deal_of_the_reading_is_consistent_with_the_view(opponent: str) -> None:
    """Whatever the opponent played, each deal shows the seat exactly its view."""
    hooks = TienLenHooks(tienlen)
    checked = 0
    for seed in range(1, 7):
        make = GreedyBot if opponent == "greedy" else RandomBot
        state, view = _position(seed, 7, [make(seed), make(seed + 1)])
        if state.finished:
            continue
        deal = heads_up_worlds(
            tienlen, hooks.policy, view, random.Random(seed), steps=60, odds=0.05
        )
        for _ in range(5):
            world = deal()
            assert tienlen.view(world, view.seat) == view
            assert world.hands[1 - view.seat].bit_count() == view.counts[1 - view.seat]
        checked += 1
    assert checked >= 4


def test_reading_guesses_more_of_a_greedy_opponents_cards_than_chance() -> None:
    """Against an opponent who plays the rollout policy, the dealt hands share more cards
    with its real hand than uniform deals do (summed over eight positions)."""
    hooks = TienLenHooks(tienlen)
    read = uniform = 0
    for state, view in _greedy_positions():
        opp = 1 - view.seat
        real = state.hands[opp]
        rng = random.Random(3)
        deal = heads_up_worlds(tienlen, hooks.policy, view, rng, steps=300, odds=0.05)
        for _ in range(20):
            read += (deal().hands[opp] & real).bit_count()
            uniform += (tienlen.determinize(view, rng).hands[opp] & real).bit_count()
    assert uniform > 0
    assert read > 1.3 * uniform


def test_reading_is_uniform_before_the_opponent_chose_and_off_at_four_seats() -> None:
    """No choice of the opponent yet, four players, or a hook without reading: the deals
    are the plugin's uniform ones, draw for draw."""
    hooks = TienLenHooks(tienlen)
    state = tienlen.new_game(RULES, 2, 5)
    view = tienlen.view(state, state.turn)
    cases: list[tuple[ClimbHooks, Any]] = [(hooks, view)]
    _, view4 = _position(4, 9, [GreedyBot(i) for i in range(4)], players=4)
    cases.append((hooks, view4))
    _, view2 = _greedy_positions()[0]
    cases.append((ClimbHooks(tienlen), view2))
    for h, v in cases:
        deal = h.worlds(tienlen, v, random.Random(9))
        rng = random.Random(9)
        for _ in range(3):
            assert deal().hands == tienlen.determinize(v, rng).hands


def test_heads_up_search_with_reading_sees_only_views() -> None:
    """Two states that differ only in the opponent's hand (its play so far the same)
    give the same view, so the same seed chooses the same way."""
    rng = random.Random(11)
    checked = 0
    for state, view in _greedy_positions():
        d = tienlen.decision(state)
        assert d is not None
        if len(d.actions) < 2:
            continue
        other = tienlen.determinize(view, rng)
        assert other.hands != state.hands
        assert tienlen.view(other, d.seat) == view
        one = tienlen.bots["search"](4, iterations=60).choose(view, d.actions, d.optional)
        two = tienlen.bots["search"](4, iterations=60).choose(
            tienlen.view(other, d.seat), d.actions, d.optional
        )
        assert one == two
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("setting", [*sorted(tienlen.presets), "passed-may-chop"])
def test_heads_up_search_with_reading_plays_every_preset_to_the_end(setting: str) -> None:
    """Under every rule preset (and with a passed player allowed back to chop) the
    reading replays the public history, or falls back to uniform deals, and the heads-up
    search finishes legal games."""
    from vncards.core import play_game

    if setting == "passed-may-chop":
        rules = tienlen.presets["dem-la"].model_copy(update={"passed_may_chop": True})
    else:
        rules = tienlen.presets[setting]
    for seed in (1, 2):
        state = tienlen.new_game(rules, 2, seed)
        bots: list[Any] = [tienlen.bots["search"](seed, iterations=30), GreedyBot(seed)]
        final = play_game(tienlen, state, bots).final
        assert tienlen.result(final).finished


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**6), steps=st.integers(0, 30), random_opponent=st.booleans())
def test_property_reading_deals_only_what_the_seat_cannot_see(
    seed: int, steps: int, random_opponent: bool
) -> None:
    """Property: whatever the deal, the point of the game and the opponent's style, each
    deal of the reading keeps the seat's view, gives the opponent as many cards as it
    holds, all from cards the seat cannot see, and conserves the deck."""
    make = RandomBot if random_opponent else GreedyBot
    state, view = _position(seed, steps, [GreedyBot(seed), make(seed + 1)])
    if state.finished:
        return
    opp = 1 - view.seat
    hooks = TienLenHooks(tienlen)
    deal = hooks.worlds(tienlen, view, random.Random(seed))
    hidden = ((1 << 52) - 1) & ~view.hand_mask & ~view.pile
    for _ in range(3):
        world = deal()
        assert tienlen.view(world, view.seat) == view
        assert world.hands[opp] & ~hidden == 0
        assert world.hands[opp].bit_count() == view.counts[opp]
        assert world.hands[opp] & world.hands[view.seat] == 0


@pytest.mark.parametrize(("steps", "odds"), [(0, 0.05), (-3, 0.05), (10, 0.0), (10, 1.0)])
def test_reading_refuses_a_chain_without_steps_or_with_odds_outside_zero_one(
    steps: int, odds: float
) -> None:
    _, view = _greedy_positions()[0]
    with pytest.raises(ValueError, match=r"step|odds"):
        heads_up_worlds(
            tienlen, TienLenHooks(tienlen).policy, view, random.Random(1), steps=steps, odds=odds
        )


def test_reading_refuses_a_view_of_more_than_two_players() -> None:
    """The chain reads one opponent: a 4-player view is refused, not misread."""
    _, view4 = _position(4, 9, [GreedyBot(i) for i in range(4)], players=4)
    with pytest.raises(ValueError, match="two players"):
        heads_up_worlds(
            tienlen, TienLenHooks(tienlen).policy, view4, random.Random(1), steps=10, odds=0.05
        )


def test_the_hooks_reading_steps_are_read_on_their_class_compiled_or_pure() -> None:
    # a compiled ClimbHooks once kept the base's reading_steps (0) in a slot of its own,
    # so Tiến lên's 400 steps were ignored and the compiled heads-up search dealt the
    # hidden cards uniformly: the same random numbers must give the chain's deals
    class Uniform(TienLenHooks):
        reading_steps = 0

    _, view = _greedy_positions()[0]
    read = TienLenHooks(tienlen).worlds(tienlen, view, random.Random(3))
    uniform = Uniform(tienlen).worlds(tienlen, view, random.Random(3))
    plain = ClimbHooks(tienlen).worlds(tienlen, view, random.Random(3))
    dealt = [(read().hands, uniform().hands, plain().hands) for _ in range(5)]
    assert all(r != u for r, u, _ in dealt)
    assert all(u == p for _, u, p in dealt)  # no steps: the plain uniform deal
