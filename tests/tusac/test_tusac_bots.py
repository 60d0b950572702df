"""The bots: random takes offered wins; greedy beats random clearly."""

from __future__ import annotations

import math

import pytest
from vncards.core import derive_seed, play_game
from vncards.tusac import Take, TuSacRules, plugin


def _win_counts(games: int, seed: int) -> tuple[int, int, int]:
    """Greedy and random alternate seats in 4-player games (seating swapped every game so
    both sit as dealer equally): wins of greedy, wins of random, draws."""
    greedy = random_ = draws = 0
    for g in range(games):
        names = ["greedy", "random"] * 2 if g % 2 == 0 else ["random", "greedy"] * 2
        bots = [plugin.bots[n](derive_seed(seed + g, i)) for i, n in enumerate(names)]
        state = plugin.new_game(TuSacRules(), 4, derive_seed(seed, g))
        res = plugin.result(play_game(plugin, state, bots).final)
        if res.winner is None:
            draws += 1
        elif names[res.winner] == "greedy":
            greedy += 1
        else:
            random_ += 1
    return greedy, random_, draws


def test_random_bot_takes_an_offered_win() -> None:
    """The ``random`` bot never declines an optional winning claim."""
    bot = plugin.bots["random"](1)
    offer = [Take(2, (3, 4))]
    view = plugin.view(plugin.new_game(TuSacRules(), 4, 1), 2)
    assert all(bot.choose(view, offer, True) == offer[0] for _ in range(20))


def test_greedy_wins_more_than_random_small() -> None:
    """Over 60 seeded games greedy (2 seats) wins more than twice as often as random."""
    greedy, random_, _ = _win_counts(60, seed=2024)
    assert greedy > 2 * random_


def _wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


@pytest.mark.slow
def test_greedy_wins_clearly_more_than_random_1000_games() -> None:
    """Over 1,000 seeded games greedy wins at least twice as often as random, and the
    two win rates' 95 % intervals do not overlap."""
    greedy, random_, draws = _win_counts(1000, seed=7)
    g_lo, g_hi = _wilson(greedy, 1000)
    r_lo, r_hi = _wilson(random_, 1000)
    print(
        f"greedy {greedy} [{g_lo:.3f}, {g_hi:.3f}], random {random_} [{r_lo:.3f}, {r_hi:.3f}],"
        f" draws {draws} of 1000"
    )
    assert greedy > 2 * random_
    assert g_lo > r_hi


def test_greedy_never_owes_den() -> None:
    """The greedy bot always discards a worst rác, so its games record no đền."""
    for g in range(8):
        state = plugin.new_game(TuSacRules(), 4, derive_seed(31, g))
        bots = [plugin.bots["greedy"](i) for i in range(4)]
        final = play_game(plugin, state, bots).final
        assert plugin.result(final).violations == ()
        assert plugin.game_stats(final)["den"] == 0
