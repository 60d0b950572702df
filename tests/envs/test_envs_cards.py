"""Card-based action ids (one id, the same cards, in every deal), per-action features,
Mậu Binh arranged card by card, and deals an instant win ends redealt rather than ending
the episode inside ``reset`` (DESIGN.md, "Environments"; docs/envs.md, "Observations
and actions")."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    ComboRules,
    Kind,
    SheddingGame,
    classify,
    get_game,
    legal_plays,
    mask_ids,
    referee,
)
from vncards.envs import CardIdEncoding, VncardsEnv, play_id, raw_env
from vncards.envs._card_ids import RUN0, RUNS_END

from ._configs import ENV_GAMES

TIENLEN = cast(SheddingGame[Any], get_game("tienlen"))
SAM = cast(SheddingGame[Any], get_game("samloc"))
RULES = {
    "tienlen": TIENLEN.combo_rules(TIENLEN.presets["dem-la"]),
    "samloc": SAM.combo_rules(SAM.presets["standard"]),
}

hands = st.sets(st.integers(0, 51), min_size=1, max_size=13).map(lambda c: sum(1 << i for i in c))


def _top_card(cards: int, rules: ComboRules) -> int:
    combo = classify(cards, rules)
    assert combo is not None
    return 4 * combo.top_rank + ((cards >> (4 * combo.top_rank)) & 15).bit_length() - 1


@settings(max_examples=150, deadline=None)
@given(hands, hands, st.sampled_from(sorted(RULES)))
def test_an_id_means_the_same_cards_in_any_two_hands(a: int, b: int, game: str) -> None:
    """For every combination two hands can lead: a set of one rank has the same id in
    both exactly when it is the same cards; a straight or pair-run has the same id
    exactly when it has the same kind, span and highest card (the cards it is compared
    by); and the id decodes, from either hand, to a play of that very id."""
    rules = RULES[game]
    enc = CardIdEncoding(TIENLEN if game == "tienlen" else SAM, _rules(game), 4)
    plays_a = legal_plays(a, rules, None, ())
    plays_b = legal_plays(b, rules, None, ())
    for pa in plays_a:
        ia = play_id(pa, rules)
        assert ia is not None
        assert 0 < ia < RUNS_END
        assert enc._cards_of(a, ia) >= 0
        assert play_id(enc._cards_of(a, ia), rules) == ia
        for pb in plays_b:
            ib = play_id(pb, rules)
            assert ib is not None
            if ia < RUN0 or ib < RUN0:
                assert (ia == ib) == (pa == pb)
            else:
                ca, cb = classify(pa, rules), classify(pb, rules)
                assert ca is not None
                assert cb is not None
                same = (ca.kind, ca.length, _top_card(pa, rules)) == (
                    cb.kind,
                    cb.length,
                    _top_card(pb, rules),
                )
                assert (ia == ib) == same


def _rules(game: str) -> Any:
    plugin = TIENLEN if game == "tienlen" else SAM
    return plugin.presets[plugin.default_preset]


def test_documented_ids_are_the_cards_they_name() -> None:
    """docs/envs.md, "Tiến lên and Sâm Lốc": 0 is the pass, 1 is 3♠ alone, 195 the four
    2s, 196 + 52 + 11 the straight 3-4-5 up to 5♥; with 4 players 1444 ids."""
    enc = CardIdEncoding(TIENLEN, _rules("tienlen"), 4)
    rules = RULES["tienlen"]
    assert enc.size == 1444
    assert enc.pass_id == 0
    assert play_id(1 << 0, rules) == 1
    assert play_id(0xF << 48, rules) == 195
    run = sum(1 << c for c in (0, 5, 11))  # 3♠ 4♣ 5♥
    assert play_id(run, rules) == RUN0 + 52 * (3 - 2) + 11
    combo = classify(run, rules)
    assert combo is not None
    assert combo.kind is Kind.STRAIGHT


@pytest.mark.parametrize("game", ENV_GAMES)
def test_action_features_are_one_row_per_legal_id_in_order(game: str) -> None:
    """``infos[agent]["legal_ids"]`` are the mask's ids, increasing, and row k of
    ``action_features`` describes id k: its cards and its type (docs/envs.md, "Action
    features")."""
    env = raw_env(game, players=2, action_features=True, view_info=False)
    rng = np.random.default_rng(3)
    for seed in range(3):
        env.reset(seed=seed)
        while not all(env.terminations.values()):
            agent = env.agent_selection
            info = env.infos[agent]
            mask = env.observe(agent)["action_mask"]
            assert np.array_equal(info["legal_ids"], np.flatnonzero(mask))
            rows = info["action_features"]
            assert rows.shape == (len(info["legal_ids"]), env.encoding.feature_size)
            assert rows.dtype == np.float32
            if not env.encoding.staged:
                legal = env.legal_actions()
                view = env.view(env.possible_agents.index(agent))
                acts = [legal[int(i)] for i in info["legal_ids"]]
                assert np.array_equal(rows, env.encoding.action_features(view, acts))
            elif env.plugin.name == "maubinh":  # the card placed, and into which chi
                assert np.array_equal(np.flatnonzero(rows[:, :52].any(axis=0)), info["legal_ids"])
            env.step(int(rng.choice(info["legal_ids"])))


def test_climbing_features_mark_the_played_cards_and_the_combination() -> None:
    """A Tiến lên play's row holds its cards as 52 bits and its kind one-hot."""
    env = raw_env("tienlen", action_features=True, view_info=False)
    env.reset(seed=11)
    info = env.infos[env.agent_selection]
    legal = env.legal_actions()
    for i, row in zip(info["legal_ids"], info["action_features"], strict=True):
        act = legal[int(i)]
        assert set(np.flatnonzero(row[:52])) == set(mask_ids(act.cards))
        combo = classify(act.cards, RULES["tienlen"])
        assert combo is not None
        from vncards.envs._shedding import ACTION_TYPES

        assert row[52 + ACTION_TYPES.index(combo.kind.code)] == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 72_071))
def test_maubinh_every_arrangement_is_one_sequence_of_ten_legal_cards(seed: int, k: int) -> None:
    """Mậu Binh by card: an arrangement's path (chi1's cards increasing, then chi2's)
    is legal at every step and completes to that very arrangement at the tenth card;
    the action space is Discrete(52), not one id per arrangement (docs/envs.md,
    "Mậu Binh")."""
    env = raw_env("maubinh", players=2, view_info=False)
    env.reset(seed=seed)
    step = env.plugin.decision(env.state)
    assert step is not None
    arrangement = step.actions[k]
    enc = env.encoding
    view = env.view(step.seat)
    path = enc.stage_path(view, arrangement)
    assert len(path) == 10
    assert env.action_spaces[env.agent_selection].n == 52
    for n, card in enumerate(path):
        assert card in enc.stage_ids(view, path[:n])
        done = enc.stage(view, path[:n], card)
        assert (done is None) == (n < 9)
    assert enc.stage(view, path[:9], path[9]) == arrangement


def test_maubinh_card_by_card_episodes_pay_what_the_referee_rules() -> None:
    """Random card-by-card arrangements: the record the env writes is legal and its
    payments are the rewards."""
    env = raw_env("maubinh", players=4, view_info=False)
    rng = np.random.default_rng(2)
    for seed in range(20):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, _, _ = env.last()
            totals[agent] += reward
            if terminated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        report = referee(env.plugin, env.record())
        assert report.legal
        assert totals == {a: float(v) for a, v in report.payments.items()}


def _redealt_seed(env: VncardsEnv) -> int:
    for seed in range(5000):
        env.reset(seed=seed)
        if env.redealt:
            return seed
    raise AssertionError("no instant win in 5,000 deals")


@pytest.mark.parametrize("game", ["tienlen", "samloc"])
def test_an_instant_win_deal_is_redealt_and_reported_by_default(game: str) -> None:
    """Tới trắng by default: the episode never ends inside ``reset`` (no agent starts
    terminated, so a learner's first step is a real choice); the deal passed over is in
    every agent's ``infos["redealt"]`` with its outcome and zero-sum payments, and the
    same seed redeals the same way."""
    env = raw_env(game, players=4, view_info=False)
    seed = _redealt_seed(env)
    assert not any(env.terminations.values())
    report = env.infos[env.agent_selection]["redealt"][0]
    assert report["outcome"] == "instant-win"
    assert sum(report["payments"].values()) == 0
    assert all(info["redealt"] == env.redealt for info in env.infos.values())
    start = env.state.copy()
    env.reset(seed=seed)
    assert env.state == start
    ended = raw_env(game, players=4, view_info=False, instant_wins="end")
    ended.reset(seed=seed)
    assert all(ended.terminations.values())
    assert ended.rewards == {a: float(v) for a, v in report["payments"].items()}


def test_no_episode_of_300_ends_inside_reset() -> None:
    """The loop PettingZoo's masked-PPO recipe runs: 300 four-player Tiến lên deals,
    each starting with an agent that must act (some of these deals hold tới trắng)."""
    env = raw_env("tienlen", players=4, view_info=False)
    redeals = 0
    for seed in range(300):
        env.reset(seed=seed)
        assert not env.terminations[env.agent_selection]
        assert env.observe(env.agent_selection)["action_mask"].any()
        redeals += len(env.redealt)
    assert redeals > 0
