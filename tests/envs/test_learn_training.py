"""The Deep Monte-Carlo learner: a few hundred games of self-play beat random players
by a seeded margin, the same seed gives the same network bit for bit (whether the run
stops and resumes or plays on several processes), and the features it reads agree with
the environment's and hold nothing hidden from the seat."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from vncards.core import play_game
from vncards.envs import SheddingEncoding
from vncards.envs.learn import (
    ActorPool,
    ClimbFeatures,
    PlaySettings,
    TrainConfig,
    Trainer,
    WeightsError,
    measure,
    play_batch,
)
from vncards.tienlen import plugin as tienlen

RULES = tienlen.presets["dem-la"]


def _tiny(seed: int = 3, **play: object) -> TrainConfig:
    settings = PlaySettings(**play)  # type: ignore[arg-type]
    return TrainConfig(
        play=settings, hidden=(32,), round_games=20, replay=3.0, lr=1e-3,
        eval_every=10**9, eval_deals=2, seed=seed,
    )  # fmt: skip


def _same(a: Trainer, b: Trainer) -> bool:
    return all(np.array_equal(p, q) for p, q in zip(a.net.params, b.net.params, strict=True))


def test_three_hundred_games_of_self_play_beat_random_players() -> None:
    # untrained, the network wins about a fifth of 4-player games against random
    # players; after 300 games of self-play, well over half (seeded: 71.5 %)
    fresh = Trainer(_tiny())
    before = measure(fresh.bot, deals=100, opponent="random", seed=11)
    trained = Trainer(_tiny())
    trained.train(300)
    after = measure(trained.bot, deals=100, opponent="random", seed=11)
    assert after.games == 400
    assert after.share_low > 0.45, after
    assert after.la > 0
    assert after.share_low > before.share_high


def test_the_same_seed_trains_the_same_network_bit_for_bit() -> None:
    a, b, c = Trainer(_tiny()), Trainer(_tiny()), Trainer(_tiny(seed=4))
    for t in (a, b, c):
        t.train(60)
    assert _same(a, b)
    assert a.curve == b.curve
    assert not _same(a, c)


def test_a_run_stopped_and_resumed_ends_as_one_that_never_stopped(tmp_path: Path) -> None:
    straight = Trainer(_tiny())
    straight.train(80)
    first = Trainer(_tiny())
    first.train(40)
    first.save(tmp_path / "run.npz")
    resumed = Trainer.load(tmp_path / "run.npz")
    assert resumed.games == 40
    resumed.train(80)
    assert _same(straight, resumed)
    assert straight.adam.t == resumed.adam.t
    assert straight.rng.random() == resumed.rng.random()


def test_a_checkpoint_that_is_not_one_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a checkpoint")
    with pytest.raises(WeightsError, match="not a training checkpoint"):
        Trainer.load(bad)


def test_two_actor_processes_make_the_samples_of_one() -> None:
    trainer = Trainer(_tiny())
    one = play_batch(trainer.config.play, trainer.net, 5, 0, 6)
    pool = ActorPool(trainer.config.play, workers=2)
    try:
        two = pool.play(trainer.net, 5, 0, 6)
    finally:
        pool.close()
    assert two.games == one.games == 6
    assert np.array_equal(one.rows, two.rows)
    assert np.array_equal(one.payoffs, two.payoffs)


def test_greedy_seats_are_not_recorded_and_targets_are_payoffs() -> None:
    trainer = Trainer(_tiny())
    batch = play_batch(PlaySettings(greedy_share=1.0), trainer.net, 2, 0, 4)
    alone = play_batch(PlaySettings(greedy_share=0.0), trainer.net, 2, 0, 4)
    assert 0 < len(batch.rows) < len(alone.rows)
    # in every game the seats' payoffs sum to zero, so self-play targets do too
    assert abs(float(alone.payoffs.sum())) < len(alone.payoffs) * 13 * 4


def test_a_win_bonus_moves_lá_from_the_losers_to_the_winner_and_nothing_else() -> None:
    trainer = Trainer(_tiny())
    plain = play_batch(PlaySettings(players=(3,)), trainer.net, 4, 0, 6)
    bonus = play_batch(PlaySettings(players=(3,), win_bonus=12.0), trainer.net, 4, 0, 6)
    assert np.array_equal(plain.rows, bonus.rows)  # the same games are played
    moved = sorted(set((bonus.payoffs - plain.payoffs).tolist()))
    assert moved == [-6.0, 12.0]  # the winner's rows gain 12, each loser's give 6


def _positions(seeds: range) -> list[tuple[Any, Any]]:
    """Positions of greedy 4-player games, a few choices in, with their decisions."""
    out: list[tuple[Any, Any]] = []
    for seed in seeds:
        state = tienlen.new_game(RULES, 4, seed)
        bots = [tienlen.bots["greedy"](s) for s in range(4)]
        for _ in range(seed % 9 + 1):
            d = tienlen.decision(state)
            if d is None:
                break
            choice: Any = bots[d.seat].choose(tienlen.view(state, d.seat), d.actions, False)
            tienlen.apply(state, choice)
        if tienlen.decision(state) is not None:
            out.append((state, tienlen.decision(state)))
    return out


def test_action_rows_agree_with_the_environments_action_features() -> None:
    enc = SheddingEncoding(tienlen, RULES, 4)
    f = ClimbFeatures(4)
    for state, d in _positions(range(30)):
        view = tienlen.view(state, d.seat)
        actions = list(d.actions)
        ours = f.actions(view, d.actions, False)
        theirs = enc.action_features(view, actions)
        assert np.array_equal(ours[:, :62], theirs)


def test_state_rows_hold_nothing_hidden_from_the_seat() -> None:
    # a state dealt again from the seat's view (every hidden card moved) reads the same
    f = ClimbFeatures(4)
    rng = random.Random(3)
    for state, d in _positions(range(20)):
        view = tienlen.view(state, d.seat)
        other = tienlen.determinize(view, rng)
        assert tienlen.view(other, d.seat) == view
        assert np.array_equal(f.state(view), f.state(tienlen.view(other, view.seat)))


def test_smaller_tables_fit_the_rows_of_the_largest() -> None:
    f = ClimbFeatures(4)
    state = tienlen.new_game(RULES, 2, 1)
    view = tienlen.view(state, 0)
    row = f.state(view)
    assert row.shape == (f.state_size,)
    assert row[:52].sum() == 13
    with pytest.raises(ValueError, match="room for 3 seats, not 4"):
        ClimbFeatures(3).state(tienlen.view(tienlen.new_game(RULES, 4, 1), 0))


def test_a_trained_bot_plays_whole_games_at_every_table_size() -> None:
    trainer = Trainer(_tiny())
    for n in (2, 3, 4):
        state = tienlen.new_game(RULES, n, 7)
        played = play_game(tienlen, state, [trainer.bot(s) for s in range(n)])
        assert tienlen.result(played.final).finished


def test_actors_on_a_dask_cluster_make_the_samples_of_one_process() -> None:
    distributed = pytest.importorskip("distributed")
    trainer = Trainer(_tiny())
    one = play_batch(trainer.config.play, trainer.net, 5, 0, 6)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", dashboard_address=":0"
    ) as cluster:
        pool = ActorPool(trainer.config.play, scheduler=cluster.scheduler_address)
        try:
            two = pool.play(trainer.net, 5, 0, 6)
        finally:
            pool.close()
    assert two.games == 6
    assert np.array_equal(one.rows, two.rows)
    assert np.array_equal(one.payoffs, two.payoffs)
