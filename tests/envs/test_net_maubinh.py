"""The Mậu Binh network: its feature rows, a bot that reads only its view, exact
settled targets for every candidate, a tiny network that learns to beat ``random``,
``vncards train maubinh``, and the shipped weights as the ``net`` bot."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import play_game
from vncards.envs import net
from vncards.envs.learn import MLP, PlaySettings, TrainConfig, Trainer, WeightsError, measure
from vncards.envs.learn._arrange import KEPT, ArrangeFeatures, ArrangeNetBot, arrange_samples
from vncards.maubinh import (
    MauBinhState,
    MauBinhView,
    SolverBot,
    evaluator,
    front,
    plugin,
    start_game,
)

RULES = plugin.presets["standard"]
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}


def _view(state: MauBinhState, seat: int) -> MauBinhView:
    view = plugin.view(state, seat)
    assert isinstance(view, MauBinhView)
    return view


def test_action_rows_hold_each_chis_category_ranks_and_worth() -> None:
    f = ArrangeFeatures(RULES)
    hand = list(range(13))
    splits = front(evaluator(RULES), hand)
    rows = f.actions(splits, 1)
    assert rows.shape == (len(splits), f.action_size)
    assert rows.dtype == np.uint8
    for chi in range(3):
        assert (rows[:, chi * 15 : chi * 15 + 9].sum(axis=1) == 1).all()  # one category
    assert rows[:, f.advised].tolist() == [int(i == 1) for i in range(len(splits))]
    assert (rows[:, 9:14] <= 12).all()
    assert f.state(hand).sum() == 13


def test_every_candidate_gets_the_chi_it_settles_against_the_solver() -> None:
    rows, paid = arrange_samples(RULES, (2,), 5, 0, 3)
    again = arrange_samples(RULES, (2,), 5, 0, 3)
    assert len(rows) == len(paid)
    assert 0 < len(rows) <= 3 * KEPT
    assert all((a == b).all() for a, b in zip(rows, again[0], strict=True))
    assert paid == again[1]
    # the advised row of each deal is the solver's own pick: its target is the real payment
    assert sum(int(r[52 + 45]) for r in rows) <= 3
    assert len(set(paid)) > 1


def test_the_bot_reads_only_its_view() -> None:
    state = plugin.new_game(RULES, 2, 11)
    view = _view(state, 0)
    rest = [c for c in range(52) if c not in view.cards]
    other = start_game(RULES, [view.cards, random.Random(3).sample(rest, 13)])
    assert _view(other, 0) == view
    weights = MLP.init([52 + 46, 8, 1], np.random.default_rng(2))
    picks = []
    for st in (state, other):
        advisor = plugin.bots["solver"](4)
        bot = ArrangeNetBot(weights, ArrangeFeatures(RULES), advisor=advisor)
        picks.append(bot.choose(_view(st, 0), view.legal, False))
    assert picks[0] == picks[1]


def test_a_tiny_network_trained_on_a_few_hundred_deals_beats_random() -> None:
    config = TrainConfig(
        play=PlaySettings(game="maubinh", players=(2,), explore=0.0), hidden=(32,), lr=2e-3,
        buffer=20_000, round_games=50, eval_every=10_000, eval_deals=2, seed=3,
    )  # fmt: skip
    t = Trainer(config)
    t.train(250)
    assert t.games == 250
    assert t.losses[-1] < t.losses[0]
    features = t.features
    assert isinstance(features, ArrangeFeatures)
    alone = measure(  # the network alone, no advisor to lean on
        lambda seed: ArrangeNetBot(t.net, features),
        game="maubinh", players=2, deals=25, seed=8, opponent="random",
    )  # fmt: skip
    assert alone.la - alone.la_half > 1.0, alone


def test_vncards_train_maubinh_writes_weights_a_bot_loads(tmp_path: Path) -> None:
    args = ["train", "maubinh", "--games", "20", "--players", "2", "--hidden", "8"]
    out = CliRunner().invoke(
        app, [*args, "--eval-every", "20", "--eval-deals", "1", "--out", str(tmp_path)], env=ENV
    )
    assert out.exit_code == 0, out.output
    bot = net.maubinh_net_bot(1, weights=tmp_path / "maubinh.npz")
    bots = [bot, plugin.bots["greedy"](2)]
    assert plugin.result(play_game(plugin, plugin.new_game(RULES, 2, 5), bots).final).finished


def test_the_shipped_network_is_small_and_offered_as_net() -> None:
    path = net.shipped_weights("maubinh")
    assert path.stat().st_size <= 2_000_000
    assert "maubinh" in net.SHIPPED
    assert plugin.bots["net"](3).name == "net"
    bots = [net.maubinh(1), plugin.bots["solver"](2)]
    assert plugin.result(play_game(plugin, plugin.new_game(RULES, 2, 7), bots).final).finished


def test_weights_of_another_game_are_refused() -> None:
    with pytest.raises(WeightsError, match="plays 'tienlen', not 'maubinh'"):
        net.maubinh_net_bot(weights=net.shipped_weights("tienlen"))


def test_the_shipped_net_plays_one_of_the_solvers_candidates() -> None:
    bot = net.maubinh(5)
    state = plugin.new_game(RULES, 2, 21)
    view = _view(state, 0)
    made = bot.choose(view, view.legal, False)
    ev = evaluator(RULES)
    keys = (ev.key(made.chi1), ev.key(made.chi2), ev.key(made.chi3))
    assert keys in {s.keys for s in front(ev, view.cards)}


def test_the_solvers_advice_on_the_bots_front_is_the_solvers_own_choice() -> None:
    # the bot hands the solver the front it made (SolverBot.choose_among): the same
    # arrangement as the solver choosing alone, its draws the same
    checked = 0
    for seed in range(40):
        state = plugin.new_game(RULES, 3, seed)
        d = plugin.decision(state)
        if d is None:  # an instant hand ends the deal
            continue
        view = _view(state, d.seat)
        splits, advice = net.maubinh(seed).candidates(view)  # its advisor: the solver, seeded
        alone = SolverBot(seed).choose(view, view.legal, False)
        among = SolverBot(seed).choose_among(view, splits)
        assert (among.chi1, among.chi2, among.chi3) == (alone.chi1, alone.chi2, alone.chi3)
        if len(splits) > 1:
            assert splits[advice].keys == among.keys
        checked += 1
    assert checked >= 30
