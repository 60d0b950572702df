"""Sâm bots: random declines almost always, greedy plays a sensible game and never
declares, sam declares a hand that plays out (the f8 example) and not a weak one."""

from __future__ import annotations

import random

import pytest
from vncards.core import CardSet, ClimbState, Declare, Pass, Play, derive_seed, play_game
from vncards.samloc import BOTS, GreedyBot, SamBot, plugin, sam_plan

F8_SAM = "3H 6S 7C 8D 9H 10S JC QD KH AS"
HANDS = (
    "3S 4S 5C 5D 7S 9S JS QS KC 2D",
    F8_SAM,
    "4C 4D 6H 7H 8C 10C JD QH AC 2S",
    "3C 4H 6C 6D 7D 9C 10D KS AD 2H",
)


def table() -> ClimbState:
    rules = plugin.presets["standard"]
    return plugin.start(rules, [CardSet.parse(h).mask for h in HANDS], 0)


def test_bots_are_registered() -> None:
    """plugin.bots offers random, greedy and sam (among others), each made from a seed."""
    assert set(plugin.bots) >= {"random", "greedy", "sam"}
    assert [plugin.bots[name](1).name for name in ("random", "greedy", "sam")] == [
        "random",
        "greedy",
        "sam",
    ]


def test_random_bot_rarely_declares() -> None:
    """The random bot declines an offered Sâm at least 97 times in 100."""
    VIEW = plugin.view(table(), 0)  # noqa: N806 - read only by the random bot, which ignores it
    declared = sum(
        BOTS["random"](seed).choose(VIEW, [Declare(0)], True) is not None for seed in range(1000)
    )
    assert declared <= 30


def test_greedy_never_declares_and_leads_lowest() -> None:
    """The greedy bot declines Sâm and leads the longest combination holding its lowest
    card: 3♠4♠5♣ rather than 3♠ alone."""
    st = table()
    bot = GreedyBot(0)
    assert bot.choose(plugin.view(st, 0), [Declare(0)], True) is None
    for seat in range(4):
        plugin.decline(st, seat)
    d = plugin.decision(st)
    assert d is not None
    assert bot.choose(plugin.view(st, 0), d.actions, False) == Play(
        0, CardSet.parse("3S 4S 5C").mask
    )


def test_greedy_blocks_a_sam() -> None:
    """Greedy always beats a declarer's play when it can (the blocker is paid)."""
    st = table()
    plugin.apply(st, Declare(0))
    plugin.apply(st, Play(0, CardSet.parse("5C 5D").mask))
    plugin.apply(st, Pass(1))
    plugin.apply(st, Pass(2))
    d = plugin.decision(st)
    assert d is not None
    assert d.seat == 3
    view = plugin.view(st, 3)
    assert GreedyBot(1).choose(view, d.actions, False) == Play(3, CardSet.parse("6C 6D").mask)


def test_sam_bot_declares_the_f8_hand_and_plays_it_out() -> None:
    """The sam bot declares 3 + 6…A (f8) and plays it out: the straight, then the 3."""
    share, plan = sam_plan(plugin.view(table(), 1), random.Random(0))
    assert share == 1.0
    assert len(plan) == 2
    st = table()
    bots = [GreedyBot(0), SamBot(1), GreedyBot(2), GreedyBot(3)]
    game = play_game(plugin, st, bots)
    res = plugin.result(game.final)
    assert (res.outcome, res.winner) == ("sam-success", 1)
    assert game.actions[0] == Declare(1)


def test_sam_bot_declines_a_weak_hand() -> None:
    """The sam bot does not declare a hand full of small unconnected cards."""
    st = table()
    share, _ = sam_plan(plugin.view(st, 0), random.Random(0))
    assert share < 0.6
    assert SamBot(0).choose(plugin.view(st, 0), [Declare(0)], True) is None


def test_bot_games_finish() -> None:
    """Each bot plays whole games to the end on every preset."""
    for name in plugin.presets:
        rules = plugin.presets[name]
        for bot in BOTS:
            state = plugin.new_game(rules, 4, 5)
            game = play_game(plugin, state, [BOTS[bot](i) for i in range(4)])
            assert plugin.result(game.final).finished


def _win_rate(hero: str, field: str, games: int = 1000) -> tuple[float, float, float]:
    """``hero`` in one seat (turning round the table) against three ``field`` bots over
    seeded four-player games: its win rate and the Wilson 95 % interval."""
    rules = plugin.presets["standard"]
    wins = 0
    for g in range(games):
        seat = g % 4
        bots = [BOTS[hero if i == seat else field](derive_seed(g, i)) for i in range(4)]
        res = plugin.result(play_game(plugin, plugin.new_game(rules, 4, g), bots).final)
        wins += res.winner == seat
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * (p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5 / (1 + z * z / games)
    return p, centre - half, centre + half


@pytest.mark.slow
def test_bot_strength_over_a_thousand_games() -> None:
    """Bots choose from views and keep their strength (1,000 seeded games each): a random
    bot among random bots wins about a quarter of the games (measured 0.253, 95 %
    interval 0.227–0.281), greedy among random bots about two thirds (0.679,
    0.649–0.707), sam among greedy bots at least its share (0.280, 0.253–0.309)."""
    _, lo, hi = _win_rate("random", "random")
    assert lo < 0.25 < hi
    _, lo, _ = _win_rate("greedy", "random")
    assert lo > 0.6
    _, lo, _ = _win_rate("sam", "greedy")
    assert lo > 0.22
