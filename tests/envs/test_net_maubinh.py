"""The Mậu Binh network: its feature rows, a bot that reads only its view, its
candidates (the front of its strongest backs, the strongest-first one advised), exact
settled targets for every candidate, a tiny network that learns to beat ``random`` and
trains the same twice, ``vncards train maubinh``, and the shipped weights as the ``net``
bot."""

from __future__ import annotations

import random
from operator import ge
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import play_game
from vncards.envs import net
from vncards.envs.learn import MLP, PlaySettings, TrainConfig, Trainer, WeightsError, measure
from vncards.envs.learn._arrange import (
    BACKS,
    KEPT,
    ArrangeFeatures,
    ArrangeNetBot,
    arrange_samples,
)
from vncards.maubinh import (
    MauBinhState,
    MauBinhView,
    SolverBot,
    evaluator,
    front,
    greedy_split,
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
    rows = f.actions([s.keys for s in splits], 1)
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
    # one advised row a deal: the strongest-first candidate, always kept
    assert sum(int(r[52 + 45]) for r in rows) == 3
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
        bot = ArrangeNetBot(weights, ArrangeFeatures(RULES))
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


def test_the_shipped_net_plays_an_undominated_candidate_of_its_strongest_backs() -> None:
    bot = net.maubinh(5)
    assert bot.backs == BACKS
    assert bot.advisor is None
    ev = evaluator(RULES)
    for seed in range(21, 27):
        view = _view(plugin.new_game(RULES, 2, seed), 0)
        made = bot.choose(view, view.legal, False)
        keys = (ev.key(made.chi1), ev.key(made.chi2), ev.key(made.chi3))
        candidates = [s.keys for s in front(ev, view.cards, BACKS)]
        assert keys in candidates
        assert keys[0] >= keys[1] >= keys[2]
        assert sorted(made.chi1 + made.chi2 + made.chi3) == sorted(view.cards)
        beaten = [o for o in candidates if o != keys and all(map(ge, o, keys))]
        assert not beaten


def test_the_advised_candidate_is_the_strongest_first_at_least_as_strong_as_greedy() -> None:
    ev = evaluator(RULES)
    bot = net.maubinh(0)
    for seed in range(30):
        view = _view(plugin.new_game(RULES, 2, seed), 1)
        keys, masks, advice = bot.candidates(view)
        assert advice == 0
        assert keys[0] == max(keys)
        assert keys[0] >= greedy_split(ev, view.cards).keys
        assert len(keys) == len(masks) == len(set(keys))


def test_the_solvers_advice_on_the_bots_front_is_the_solvers_own_choice() -> None:
    # with the solver as advisor, the bot hands it the candidates it made
    # (SolverBot.choose_among): the same arrangement as the solver choosing alone on the
    # whole front, its draws the same
    weights = MLP.init([52 + 46, 8, 1], np.random.default_rng(2))
    checked = 0
    for seed in range(40):
        state = plugin.new_game(RULES, 3, seed)
        d = plugin.decision(state)
        if d is None:  # an instant hand ends the deal
            continue
        view = _view(state, d.seat)
        bot = ArrangeNetBot(weights, ArrangeFeatures(RULES), advisor=SolverBot(seed), backs=1287)
        keys, _, advice = bot.candidates(view)
        alone = SolverBot(seed).choose(view, view.legal, False)
        ev = evaluator(RULES)
        assert keys[advice] == (ev.key(alone.chi1), ev.key(alone.chi2), ev.key(alone.chi3))
        checked += 1
    assert checked >= 30


def test_a_tiny_run_trains_the_same_network_twice() -> None:
    config = TrainConfig(
        play=PlaySettings(game="maubinh", players=(2, 3), explore=0.0), hidden=(8,),
        buffer=2_000, round_games=6, eval_every=1_000, eval_deals=1, seed=4,
    )  # fmt: skip
    nets = []
    for _ in range(2):
        t = Trainer(config)
        t.train(18)
        assert len(t.losses) == 3  # three rounds, each fitted
        nets.append(t.net)
    for a, b in zip(nets[0].params, nets[1].params, strict=True):
        assert a.tobytes() == b.tobytes()
    start = Trainer(config).net  # the same seed's untrained network: training moved it
    moved = zip(start.params, nets[0].params, strict=True)
    assert any(a.tobytes() != b.tobytes() for a, b in moved)
