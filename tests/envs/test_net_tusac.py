"""Tứ Sắc's ``net`` bot: the rows its network reads (their shapes, what each action's row
holds, nothing hidden from the seat), the shipped network as a bot that plays whole
games at every table size from its view alone, its weights refused for another game or
shape, a seeded training run repeated bit for bit, and the bot offered by name."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import play_game
from vncards.envs import net
from vncards.envs.learn import (
    MLP,
    PlaySettings,
    TrainConfig,
    Trainer,
    WeightsError,
    load_weights,
    measure,
    play_batch,
    save_weights,
)
from vncards.envs.learn._actors import game_features, make_player
from vncards.envs.learn._meld import ACTION_TYPES, MeldFeatures
from vncards.tusac import ACTIVE, Discard, Draw, Pass, Take, TuSacView
from vncards.tusac import plugin as tusac
from vncards.tusac._solver import hand_remove, min_junk

RULES = tusac.presets["standard"]
FEATURES = MeldFeatures(4)


def _positions(games: int, players: int = 4) -> list[tuple[TuSacView, Any]]:
    """(view, decision) of every choice of ``games`` seeded greedy games."""
    out: list[tuple[TuSacView, Any]] = []
    for seed in range(1, games + 1):
        state = tusac.new_game(RULES, players, seed)
        bots = [tusac.bots["greedy"](seed * 8 + s) for s in range(players)]
        while (d := tusac.decision(state)) is not None:
            view = tusac.view(state, d.seat)
            assert isinstance(view, TuSacView)
            out.append((view, d))
            choice = bots[d.seat].choose(view, d.actions, d.optional)
            if choice is None:
                tusac.decline(state, d.seat)
            else:
                tusac.apply(state, choice)
    return out


POSITIONS = _positions(6)


def test_the_rows_have_the_sizes_the_network_reads() -> None:
    f = game_features(tusac, RULES)
    assert isinstance(f, MeldFeatures)
    assert (f.state_size, f.action_size, f.advised) == (252, 66, 65)
    assert f.scale.shape == (252 + 66,)
    for view, d in POSITIONS:
        state = f.state(view)
        assert state.shape == (252,)
        assert state.dtype == np.uint8
        rows = f.actions(view, d.actions, d.optional)
        assert rows.shape == (len(d.actions), 66)  # no decline: an offered win is taken
        assert (rows[:, : len(ACTION_TYPES)].sum(axis=1) == 1).all()  # one type each
        assert not rows[:, f.advised].any()  # only the bot flags its advisor's choice


def test_the_state_row_counts_the_hand_and_what_everyone_sees() -> None:
    for view, _ in POSITIONS[:60]:
        state = FEATURES.state(view).astype(int)
        assert state[:28].sum() == view.counts[view.seat]
        assert list(state[28:56]) == list(view.seen)
        exposed = state[56 : 56 + 4 * 28].reshape(4, 28)
        own_groups = [k for g in view.exposed[view.seat] for k in g.cards]
        assert exposed[0].sum() == len(own_groups)  # the seat's own come first
        assert (exposed.sum(axis=0) + state[168:196]).tolist() == [
            s - (k == view.active) for k, s in enumerate(view.seen)
        ]
        assert state[196:224].sum() == (view.active >= 0)
        assert state[251] == min_junk(view.own)


def test_each_action_row_holds_its_cards_and_the_hand_it_leaves() -> None:
    kinds: set[str] = set()
    for view, d in POSITIONS:
        rows = FEATURES.actions(view, d.actions, d.optional).astype(int)
        for a, row in zip(d.actions, rows, strict=False):
            if isinstance(a, Discard):
                kinds.add("discard")
                assert row[0] == row[4 + a.card] == row[4:32].sum() == 1
                assert row[61] == min_junk(hand_remove(view.own, a.card))
            elif isinstance(a, Take):
                kinds.add("take")
                assert row[1] == 1
                assert row[32 + view.active] >= 1
                assert row[32:60].sum() == len(a.cards) + 1
                assert row[60] == d.optional  # a winning claim is optional
            else:
                kinds.add(type(a).__name__.lower())
                assert row[2 if isinstance(a, Draw) else 3] == 1
                assert isinstance(a, Draw | Pass)
    assert kinds == {"discard", "take", "draw", "pass"}


def test_the_rows_hold_nothing_hidden_from_the_seat() -> None:
    # a state dealt again from the seat's view (other hands and the stock redrawn)
    # gives the same rows and the same choice of the shipped bot
    rng = random.Random(3)
    checked = 0
    for seed in range(1, 20):
        state = tusac.new_game(RULES, 4, seed)
        bots = [tusac.bots["greedy"](s) for s in range(4)]
        for _ in range(seed % 9 + 3):
            d = tusac.decision(state)
            if d is None:
                break
            choice: Any = bots[d.seat].choose(tusac.view(state, d.seat), d.actions, d.optional)
            tusac.apply(state, choice)
        d = tusac.decision(state)
        if d is None or len(d.actions) + d.optional < 2:
            continue
        view = tusac.view(state, d.seat)
        other = tusac.determinize(view, rng)
        assert other.hands != state.hands or other.stock != state.stock
        again = tusac.view(other, d.seat)
        assert again == view
        assert np.array_equal(FEATURES.state(view), FEATURES.state(again))
        assert np.array_equal(
            FEATURES.actions(view, d.actions, d.optional),
            FEATURES.actions(again, d.actions, d.optional),
        )
        one = net.tusac(seed).choose(view, d.actions, d.optional)
        two = net.tusac(seed).choose(again, d.actions, d.optional)
        assert one == two
        checked += 1
    assert checked >= 8


def test_the_shipped_bot_plays_whole_games_in_every_seat_at_every_table_size() -> None:
    low, high = tusac.player_range(RULES)
    assert (low, high) == (2, 4)
    for n in range(low, high + 1):
        for seed in (3, 4):
            bots = [net.tusac(seed * 8 + s) for s in range(n)]
            result = tusac.result(play_game(tusac, tusac.new_game(RULES, n, seed), bots).final)
            assert result.finished
            assert sum(result.payments) == 0


def test_an_offered_win_is_taken() -> None:
    # a winning claim is optional, but the bot has no row for letting it go
    found = 0
    for view, d in POSITIONS:
        if d.optional:
            assert net.tusac(1).choose(view, d.actions, d.optional) in d.actions
            found += 1
    assert found >= 3


def test_the_bot_reads_a_tusac_view_and_refuses_anything_else() -> None:
    state = tusac.new_game(RULES, 4, 1)
    d = tusac.decision(state)
    assert d is not None
    with pytest.raises(TypeError, match="TuSacView"):
        net.tusac(0).choose(state, d.actions, False)  # type: ignore[arg-type]


def test_with_a_wide_margin_the_bot_plays_as_its_advisor_does() -> None:
    # each seat's advisor is the greedy bot of its seed, which breaks ties at random:
    # a greedy bot of the same seed beside it makes the same draws
    for seed in range(1, 5):
        state = tusac.new_game(RULES, 4, seed)
        bots = [net.net_bot("tusac", s, margin=1e9) for s in range(4)]
        greedy = [tusac.bots["greedy"](s) for s in range(4)]
        while (d := tusac.decision(state)) is not None:
            view = tusac.view(state, d.seat)
            choice: Any = bots[d.seat].choose(view, d.actions, d.optional)
            assert choice == greedy[d.seat].choose(view, d.actions, d.optional)
            tusac.apply(state, choice)


def test_the_shipped_weights_are_small_package_data_for_tusac() -> None:
    path = net.shipped_weights("tusac")
    assert path.stat().st_size <= 2 * 1024 * 1024
    network, meta = load_weights(path)
    assert (meta["game"], meta["features"]) == ("tusac", "meld-1")
    assert meta["games"] > 0
    assert network.sizes[0] == FEATURES.state_size + FEATURES.action_size


def test_weights_of_another_game_or_shape_are_refused(tmp_path: Path) -> None:
    with pytest.raises(WeightsError, match="plays 'tienlen', not 'tusac'"):
        net.net_bot("tusac", weights=net.shipped_weights("tienlen"))
    with pytest.raises(WeightsError, match="plays 'tusac', not 'samloc'"):
        net.net_bot("samloc", weights=net.shipped_weights("tusac"))
    small = MLP.init([10, 4, 1], np.random.default_rng(0))
    save_weights(tmp_path / "small.npz", small, {"game": "tusac"})
    with pytest.raises(WeightsError, match="reads 10 inputs; tusac's features are 318"):
        net.net_bot("tusac", weights=tmp_path / "small.npz")


def _tiny(seed: int) -> TrainConfig:
    play = PlaySettings(game="tusac", players=(4, 2), greedy_share=0.5, margin=0.1)
    return TrainConfig(
        play=play, hidden=(16,), round_games=8, eval_every=10**9, eval_deals=2, seed=seed
    )


def test_a_seeded_training_run_on_tusac_is_repeated_bit_for_bit() -> None:
    a, b, c = Trainer(_tiny(2)), Trainer(_tiny(2)), Trainer(_tiny(3))
    for t in (a, b, c):
        t.train(32)
    assert a.games == 32
    assert a.updates > 0
    same = [np.array_equal(p, q) for p, q in zip(a.net.params, b.net.params, strict=True)]
    assert all(same)
    assert a.curve == b.curve
    assert not np.array_equal(a.net.params[0], c.net.params[0])
    assert a.meta()["features"] == "meld-1"


def test_the_samples_are_the_network_seats_decisions_with_their_payoffs() -> None:
    f = FEATURES
    network = MLP.init([f.state_size + f.action_size, 8, 1], np.random.default_rng(0))
    settings = PlaySettings(game="tusac", players=(4,), greedy_share=1.0)
    batch = play_batch(settings, network, 5, 0, 6)
    again = play_batch(settings, network, 5, 0, 6)
    assert batch.games == 6
    assert len(batch.rows) == len(batch.payoffs) > 0
    assert np.array_equal(batch.rows, again.rows)
    assert np.array_equal(batch.payoffs, again.payoffs)
    # every row is one state and one action: exactly one action type is set
    assert (batch.rows[:, f.state_size : f.state_size + 4].sum(axis=1) == 1).all()
    bot = make_player("tusac", network, f, margin=0.1, seed=1)
    assert bot.name == "net"


def test_vncards_games_lists_net_and_search_net_for_tusac() -> None:
    res = CliRunner().invoke(app, ["games", "--json"])
    assert res.exit_code == 0, res.output
    games = json.loads(res.stdout)
    rows = games if isinstance(games, list) else games.get("games", games)
    tusac_row = next(g for g in rows if g.get("name", g.get("game")) == "tusac")
    assert "net" in tusac_row["bots"]
    assert "search+net" in tusac_row["bots"]
    assert tusac.bots["net"](3).name == "net"
    assert tusac.bots["search+net"](3).name == "search+net"


def test_phase_and_turn_are_one_hot_from_the_observer() -> None:
    for view, _ in POSITIONS[:80]:
        state = FEATURES.state(view)
        assert state[228:232].sum() == 1  # whose turn
        phase = state[244:246]
        assert phase.sum() == 1
        assert phase[1] == (view.phase == ACTIVE)


@pytest.mark.slow
def test_the_shipped_network_measures_as_the_docs_say() -> None:
    # docs/bots.md: 1,000 games of seed 17 against three greedy bots, 25.4 %, +0.70 lá
    # (the greedy bot in its seat: 24.6 %, 0 lá)
    four = measure(net.tusac, game="tusac", deals=250, seed=17)
    assert four.games == 1000
    assert abs(four.share - 0.254) < 0.005
    assert four.share_low > 0.24
