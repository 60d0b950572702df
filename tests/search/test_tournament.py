"""``vncards tournament``: every bot in every seat of every deal (duplicate deals), per
bot win share and mean lá with 95% intervals, an openskill rating, the same figures
whatever the number of workers, a table and ``--json``."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner
from vncards.cli._tournament import TournamentGame, entrant_stats, run_tournament
from vncards.cli.app import app


def test_every_bot_sits_in_every_seat_of_every_deal() -> None:
    bots = ["greedy", "random", "random"]
    played = run_tournament("tienlen", bots, games=7, seed=4)
    # 7 games round up to whole rotations: 3 deals of 3 games
    assert len(played) == 9
    for deal in range(3):
        games = [g for g in played if g.deal == deal]
        assert sorted(g.rotation for g in games) == [0, 1, 2]
        for seat in range(3):
            assert Counter(g.bots[seat] for g in games) == Counter(bots)
        assert all(sum(g.payments) == 0 for g in games)


def test_the_same_deal_is_played_in_every_rotation() -> None:
    # duplicate deals: the greedy bot, which never guesses, meets the same hands in the
    # same seats in rotation r of deal d whoever else plays, so two runs agree
    one = run_tournament("samloc", ["greedy", "random"], games=6, seed=9)
    two = run_tournament("samloc", ["greedy", "random"], games=6, seed=9)
    assert one == two


def test_figures_do_not_depend_on_the_number_of_workers() -> None:
    one = run_tournament("tienlen", ["greedy", "random"], games=4, seed=2, workers=1)
    two = run_tournament("tienlen", ["greedy", "random"], games=4, seed=2, workers=2)
    assert one == two


@settings(max_examples=25, deadline=None)
@given(results=st.lists(st.tuples(st.integers(0, 1), st.integers(1, 20)), min_size=2, max_size=12))
def test_two_bots_share_every_game_and_their_lá_sums_to_zero(
    results: list[tuple[int, int]],
) -> None:
    games = []
    for k, (winner, amount) in enumerate(results):
        pay = (amount, -amount) if winner == 0 else (-amount, amount)
        rotation = k % 2
        bots = ("a", "b") if rotation == 0 else ("b", "a")
        games.append(TournamentGame(k // 2, rotation, bots, winner, pay))
    stats = {s.bot: s for s in entrant_stats(games)}
    assert stats["a"].wins + stats["b"].wins == len(games)
    assert abs(stats["a"].mean_la + stats["b"].mean_la) < 1e-9
    for s in stats.values():
        assert s.win_low <= s.win_share <= s.win_high
        assert s.la_low <= s.mean_la <= s.la_high
    # the rating orders the bots as the lá do when one earned more in every game
    if all((g.payments[g.bots.index("a")] > 0) for g in games):
        assert stats["a"].mu > stats["b"].mu


def test_cli_tournament_json_and_table() -> None:
    runner = CliRunner()
    res = runner.invoke(
        app,
        ["tournament", "tienlen", "--bots", "search,greedy", "--games", "2",
         "--iterations", "5", "--json"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["games"] == 2
    assert data["iterations"] == 5
    assert {e["bot"] for e in data["entrants"]} == {"search", "greedy"}
    for e in data["entrants"]:
        assert set(e) >= {"win_share", "win_low", "win_high", "mean_la", "mu", "sigma"}
    res = runner.invoke(app, ["tournament", "samloc", "--bots", "greedy,random", "--games", "2"])
    assert res.exit_code == 0
    assert "win share" in res.stdout


def test_cli_tournament_refuses_unknown_bots_and_a_lone_bot() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["tournament", "tienlen", "--bots", "greedy,nobody"])
    assert res.exit_code == 2
    assert "nobody" in res.output
    res = runner.invoke(app, ["tournament", "tienlen", "--bots", "greedy"])
    assert res.exit_code == 2
