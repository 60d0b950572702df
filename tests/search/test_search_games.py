"""The ``search`` bots of Tiến lên, Sâm and Tứ Sắc: they choose from views only, play
legal games to the end, are reproducible for a seed and a rollout budget, and take the
proven choices (a hand that cannot be stopped, báo Sâm, an offered win) without search.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from vncards.core import CardSet, play_game
from vncards.core._search import SearchBot, make_bot
from vncards.core.simulate._games import bot_factory
from vncards.samloc import plugin as samloc
from vncards.tienlen import plugin as tienlen
from vncards.tusac import plugin as tusac
from vncards.tusac import search_bot as tusac_search

GAMES: dict[str, Any] = {"tienlen": tienlen, "samloc": samloc, "tusac": tusac}


def _advance(plugin: Any, state: Any, steps: int, seed: int) -> None:
    """``steps`` choices of greedy bots."""
    bots = [plugin.bots["greedy"](seed + i) for i in range(4)]
    for _ in range(steps):
        d = plugin.decision(state)
        if d is None:
            return
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)


@pytest.mark.parametrize("game", ["tienlen", "samloc", "tusac"])
def test_search_sees_only_views_states_differing_in_hidden_cards_choose_alike(game: str) -> None:
    # DESIGN "Hidden information": bots choose from views; two states that differ only in
    # cards the seat cannot see give the same view, so the same seed chooses the same way
    plugin = GAMES[game]
    rules = plugin.presets[plugin.default_preset]
    rng = random.Random(7)
    checked = 0
    for seed in range(1, 12):
        state = plugin.new_game(rules, 4, seed)
        _advance(plugin, state, 10 if game != "tusac" else 20, seed)
        d = plugin.decision(state)
        if d is None or len(d.actions) < 2:
            continue
        view = plugin.view(state, d.seat)
        # the same position with every card the seat cannot see dealt again
        other = plugin.determinize(view, rng)
        assert other != state
        assert plugin.view(other, d.seat) == view
        one = plugin.bots["search"](seed, iterations=40).choose(view, d.actions, d.optional)
        two = plugin.bots["search"](seed, iterations=40).choose(
            plugin.view(other, d.seat), d.actions, d.optional
        )
        assert one == two
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(
    ("game", "bot"),
    [
        ("tienlen", "search"),
        ("samloc", "search"),
        ("tusac", "search"),
        ("tienlen", "search+net"),
        ("tusac", "search+net"),
    ],
)
def test_search_plays_whole_games_and_a_seed_replays_them(game: str, bot: str) -> None:
    plugin = GAMES[game]
    rules = plugin.presets[plugin.default_preset]
    runs = []
    for _ in range(2):
        state = plugin.new_game(rules, 3, 5)
        bots = [
            make_bot(bot_factory(plugin, bot), 1, iterations=12),
            *(plugin.bots["greedy"](i) for i in (2, 3)),
        ]
        played = play_game(plugin, state, bots)
        res = plugin.result(played.final)
        assert res.finished
        assert sum(res.payments) == 0
        runs.append(played.actions)
    assert runs[0] == runs[1]


def test_tienlen_hand_nobody_can_stop_is_played_out_without_rollouts() -> None:
    # late in a game seat 0 leads 2♥ and 3♠ against 4♠ 5♦: nothing it cannot see beats
    # or chops the 2♥, so it leads the 2♥, keeps the lead and goes out with the 3♠
    hands = [CardSet.parse("2H 3S").mask, CardSet.parse("4S 5D").mask]
    state = tienlen.start(tienlen.presets["dem-la"], hands, 0)
    state.pile = ((1 << 52) - 1) & ~(hands[0] | hands[1])
    state.n_actions = 40
    state.played = 0b11
    d = tienlen.decision(state)
    assert d is not None
    bot = tienlen.bots["search"](0, iterations=100)
    assert isinstance(bot, SearchBot)
    choice = bot.choose(tienlen.view(state, 0), d.actions, False)
    assert choice is not None
    assert bot.stats.rollouts == 0
    assert choice.cards == CardSet.parse("2H").mask


def test_tienlen_search_takes_a_play_that_goes_out() -> None:
    hands = [CardSet.parse("5S 6D 7C").mask, CardSet.parse("4S 9S JD QH 2H").mask]
    state = tienlen.start(tienlen.presets["dem-la"], hands, 0)
    d = tienlen.decision(state)
    assert d is not None
    bot = tienlen.bots["search"](0, iterations=100)
    choice = bot.choose(tienlen.view(state, 0), d.actions, False)
    assert choice is not None
    assert choice.cards == hands[0]


def test_samloc_declares_sam_with_an_unbeatable_plan() -> None:
    # Sâm rules page: báo Sâm is offered before the first play; a hand of four 2s is
    # no plan (a 2 may not go out), but tứ quý A with 3 4 5 6 7 8 leads out unbeaten
    # in nearly every deal: the search bot declares it, without rollouts
    rules = samloc.presets["standard"]
    hand = CardSet.parse("AS AC AD AH 3S 4S 5S 6S 7S 8S").mask
    rest = [c for c in range(52) if not hand >> c & 1]
    rng = random.Random(3)
    rng.shuffle(rest)
    others = [sum(1 << c for c in rest[10 * k : 10 * k + 10]) for k in range(3)]
    state = samloc.start(rules, [hand, *others], 0)
    d = samloc.decision(state)
    if d is None or not d.optional:
        pytest.skip("this deal ended at once (an instant win)")
    assert d.seat == 0
    bot = samloc.bots["search"](0, iterations=50)
    assert isinstance(bot, SearchBot)
    assert bot.choose(samloc.view(state, 0), d.actions, True) == d.actions[0]
    assert bot.stats.rollouts == 0


def test_tusac_search_takes_an_offered_win() -> None:
    rules = tusac.presets[tusac.default_preset]
    for seed in range(200):
        state = tusac.new_game(rules, 4, seed)
        for _ in range(400):
            d = tusac.decision(state)
            if d is None:
                break
            if d.optional:
                bot = tusac_search(tusac, 0, iterations=20)
                assert bot.choose(tusac.view(state, d.seat), d.actions, True) == d.actions[0]
                return
            greedy = tusac.bots["greedy"](seed)
            choice = greedy.choose(tusac.view(state, d.seat), d.actions, d.optional)
            assert choice is not None
            tusac.apply(state, choice)
    pytest.fail("no win was offered in 200 greedy games")


def test_search_bots_take_a_thinking_time() -> None:
    for plugin in GAMES.values():
        bot = plugin.bots["search"](0, think=0.25)
        assert isinstance(bot, SearchBot)
        assert bot.think == 0.25
        assert bot.iterations is None


def _first_lead(players: int, seed: int) -> tuple[Any, Any]:
    state = tienlen.new_game(tienlen.presets["dem-la"], players, seed=seed)
    d = tienlen.decision(state)
    assert d is not None
    return state, tienlen.view(state, d.seat)


def test_tienlen_heads_up_search_tries_every_legal_play() -> None:
    """Heads-up the candidates are the usual ones followed by every other legal play (up
    to 50 more); at four seats they stay the usual ten at most."""
    bot = tienlen.bots["search"](0, iterations=10)
    _, view = _first_lead(2, 3)
    cands = bot.hooks.candidates(view, view.legal, False)
    plays = [a for a in view.legal if hasattr(a, "cards")]
    assert 10 < len(view.legal) <= 60  # this deal: more plays than the usual ten
    assert {id(a) for a in plays} <= {id(a) for a in cands}
    assert len(cands) == len(view.legal)
    _, view4 = _first_lead(4, 3)
    assert len(view4.legal) > 10
    assert len(bot.hooks.candidates(view4, view4.legal, False)) <= 10


def test_tienlen_heads_up_payoff_adds_the_win_bonus_only_heads_up() -> None:
    """A rollout the seat wins is worth its net lá plus ``heads_up_win`` with two
    players; at four seats the payoff is the net lá alone."""
    from vncards.core import RandomBot
    from vncards.tienlen._search import TienLenHooks

    bot = tienlen.bots["search"](0, iterations=10)
    hooks = bot.hooks
    assert isinstance(hooks, TienLenHooks)
    for players, bonus in ((2, hooks.heads_up_win), (4, 0.0)):
        state = tienlen.new_game(tienlen.presets["dem-la"], players, seed=8)
        final = play_game(tienlen, state, [RandomBot(i) for i in range(players)]).final
        result = tienlen.result(final)
        assert result.winner is not None
        won = hooks.reward(tienlen, final, result.winner)
        assert won == result.payments[result.winner] + bonus
        loser = (result.winner + 1) % players
        assert hooks.reward(tienlen, final, loser) == result.payments[loser]
