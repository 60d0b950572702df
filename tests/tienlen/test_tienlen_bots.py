"""Tiến lên bots: the random bot and the greedy beginner."""

from __future__ import annotations

import pytest
from vncards.core import Bot, CardSet, Pass, Play, RandomBot, derive_seed, play_game
from vncards.tienlen import PRESETS, GreedyBot, plugin, split_hand

DEM_LA = PRESETS["dem-la"]


def test_plugin_offers_random_and_greedy_bots() -> None:
    """``plugin.bots`` names a random and a greedy bot, each made from a seed."""
    assert set(plugin.bots) >= {"random", "greedy"}
    assert plugin.bots["greedy"](1).name == "greedy"
    assert plugin.bots["random"](1).name == "random"


def test_split_hand_keeps_hang_straights_and_pairs_whole() -> None:
    """The greedy bot's units: hàng, straights without breaking pairs at their ends,
    then triples, pairs, single cards and 2s."""
    units = split_hand(CardSet.parse("3S 3C 4S 4C 5S 5C 7D 8H 9S 9C 10D JC 2H").mask)
    assert [str(CardSet(u.mask)) for u in units] == [
        "3S 3C 4S 4C 5S 5C",
        "7D 8H 9S 10D JC",
        "9C",
        "2H",
    ]
    assert [u.costly for u in units] == [True, False, False, True]


def _greedy_vs_random(games: int, seed: int) -> tuple[int, int]:
    """Greedy in one seat (rotating) against three random bots: (greedy wins, net lá)."""
    wins = net = 0
    for g in range(games):
        s = derive_seed(seed, g)
        seat = g % 4
        bots: list[Bot] = [
            GreedyBot(s) if i == seat else RandomBot(derive_seed(s, i)) for i in range(4)
        ]
        final = play_game(plugin, plugin.new_game(DEM_LA, 4, s), bots).final
        res = plugin.result(final)
        wins += res.winner == seat
        net += res.payments[seat]
    return wins, net


def test_greedy_beats_random_bots() -> None:
    """Over 200 seeded games against three random bots greedy wins far more than its
    25% share (it wins about three games in four; 50% is more than seven standard
    deviations below that) and takes lá from them."""
    wins, net = _greedy_vs_random(200, seed=1)
    assert wins > 100
    assert net > 0


@pytest.mark.slow
def test_greedy_beats_random_bots_over_a_thousand_games() -> None:
    """The 1,000-game check: well above the 25% share of a random player."""
    wins, net = _greedy_vs_random(1000, seed=2)
    assert wins > 600
    assert net > 0


def test_greedy_takes_a_chop_and_keeps_bombs_for_twos() -> None:
    """A beginner chops a 2 when it can, and does not waste a tứ quý on a small single."""
    hands = [CardSet.parse(h).mask for h in ["2S 4D 9H", "7S 7C 7D 7H 5C 6H", "3S 8H", "QD KD"]]
    state = plugin.start(DEM_LA, hands, 0)
    plugin.apply(state, Play(0, CardSet.parse("2S").mask))
    bot = GreedyBot(0)
    d = plugin.decision(state)
    assert d is not None
    assert bot.choose(plugin.view(state, d.seat), d.actions, d.optional) == Play(
        1, CardSet.parse("7S 7C 7D 7H").mask
    )
    state = plugin.start(DEM_LA, hands, 0)
    plugin.apply(state, Play(0, CardSet.parse("4D").mask))
    d = plugin.decision(state)
    assert d is not None
    choice = bot.choose(plugin.view(state, d.seat), d.actions, d.optional)
    assert choice == Play(1, CardSet.parse("5C").mask)


def test_greedy_leads_low_and_goes_out_when_it_can() -> None:
    """A beginner leads its lowest unit, and plays its whole hand when that is legal."""
    hands = [CardSet.parse(h).mask for h in ["3S 4D 5C 9H 9S KD", "6S 7S", "8S 8C"]]
    state = plugin.start(DEM_LA, hands, 0)
    d = plugin.decision(state)
    assert d is not None
    assert GreedyBot(0).choose(plugin.view(state, d.seat), d.actions, d.optional) == Play(
        0, CardSet.parse("3S 4D 5C").mask
    )
    state = plugin.start(DEM_LA, [CardSet.parse("9S 9H").mask, hands[1], hands[2]], 0)
    d = plugin.decision(state)
    assert d is not None
    assert GreedyBot(0).choose(plugin.view(state, d.seat), d.actions, d.optional) == Play(
        0, CardSet.parse("9S 9H").mask
    )


def test_greedy_passes_rather_than_break_a_pair_for_nothing() -> None:
    """A beginner does not split a pair to beat a small single early in the game."""
    hands = [
        CardSet.parse(h).mask
        for h in ["3S 8H 10D QD KC AH", "9S 9C 5C 6H 7D JD QS KH", "4S 4C 6D 10H JH"]
    ]
    state = plugin.start(DEM_LA, hands, 0)
    plugin.apply(state, Play(0, CardSet.parse("8H").mask))
    # Bình's units: 5-6-7 straight, 9 9 pair, J Q K straight: no single beats 8♥ whole
    d = plugin.decision(state)
    assert d is not None
    assert GreedyBot(0).choose(plugin.view(state, d.seat), d.actions, d.optional) == Pass(1)
