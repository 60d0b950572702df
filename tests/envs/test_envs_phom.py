"""Phỏm's environment (``vncards.envs.phom_v0``): ids that name cards, a meld chosen
phỏm by phỏm and a lay-off card by card, each offered action exactly one sequence of
legal ids, observations of the seat's view only (docs/envs.md, "Phỏm")."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import Decision, IllegalMove, referee
from vncards.core._native import SELECTED
from vncards.envs import EnvOptionError, VncardsEnv, parallel_env, phom_v0, raw_env
from vncards.envs import _phom_ids as ids
from vncards.phom import (
    Discard,
    Draw,
    LayOff,
    Meld,
    PhomView,
    Take,
    candidate_melds,
    is_phom,
    mask_of,
    parse_phom_card,
)

from .test_envs_digest import _digest


def _cards(*tokens: str) -> int:
    return mask_of(parse_phom_card(t) for t in tokens)


def _greedy_mix(
    env: VncardsEnv, seed: int, totals: dict[str, float] | None = None
) -> Iterator[None]:
    """Play one seeded episode, the greedy bot in every seat but the first (which picks
    random legal ids), yielding before each step of a seat with a choice (mid-meld and
    mid-lay-off steps included); each agent's rewards are added into ``totals``."""
    env.reset(seed=seed)
    bots = [env.plugin.bots["greedy"](seed + s) for s in range(env.n_players)]
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, reward, terminated, _, _ = env.last()
        if totals is not None:
            totals[agent] += reward
        if terminated:
            env.step(None)
            continue
        yield
        seat = env.possible_agents.index(agent)
        if seat:
            env.step(env.bot_action(bots[seat]))
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def _offered(env: VncardsEnv) -> Decision[Any]:
    step = env.plugin.decision(env.state)
    assert step is not None
    return step


def _view(env: VncardsEnv, seat: int) -> PhomView:
    view = env.view(seat)
    assert isinstance(view, PhomView)
    return view


def _complete(env: VncardsEnv, view: Any, draft: list[int]) -> Iterator[tuple[list[int], Any]]:
    """Every id sequence the masks allow from ``draft`` on, with the action it ends in."""
    enc = env.encoding
    for i in enc.stage_ids(view, draft):
        done = enc.stage(view, draft, i)
        if done is None:
            yield from _complete(env, view, [*draft, i])
        else:
            yield [*draft, i], done


def test_the_id_table_is_every_phom_once_in_the_documented_order() -> None:
    """``GROUPS`` holds each phỏm of the deck once (65 sets, 264 runs); 540 ids, and the
    documented ids name the documented cards (docs/envs.md, "Phỏm")."""
    deck = (1 << 52) - 1
    assert sorted(ids.GROUPS) == sorted(candidate_melds(deck))
    assert len(set(ids.GROUPS)) == 329
    assert all(is_phom(m) for m in ids.GROUPS)
    assert ids.GROUPS[5 * 4 + 3] == _cards("5C", "5D", "5H")  # rank 5: the 3-card set without ♠
    assert ids.GROUPS[5 * 4 + 4] == _cards("5S", "5C", "5D", "5H")
    assert ids.GROUPS[65] == _cards("AS", "2S", "3S")
    assert ids.GROUPS[65 + 11] == _cards("2S", "3S", "4S")  # A♠ starts 11 runs (3 … 13 long)
    assert ids.GROUPS[-1] == _cards("JH", "QH", "KH")
    assert ids.path_of(Discard(0, parse_phom_card("9S")), None) == [8]
    assert ids.path_of(Draw(1), None) == [ids.DRAW]
    seven_clubs = parse_phom_card("7C")
    lay = LayOff(0, ((seven_clubs, (parse_phom_card("10C"), parse_phom_card("9C"))),))
    assert ids.path_of(lay, None) == [ids.ONTO0 + 19, ids.LAY0 + 21, ids.LAY0 + 22, ids.LAY_END]
    assert ids.path_of(Meld(0, ()), None) == [ids.MELD]
    env = raw_env("phom", players=2)
    env.reset(seed=1)
    assert all(
        isinstance(env.encoding.describe(env.view(0), i), str) for i in range(-1, ids.SIZE + 1)
    )


# the ids' layout as docs/envs.md ("Phỏm") gives it, written out by hand so that a wrong
# table in vncards.envs._phom_ids fails here rather than being read back from it
DOCUMENTED_IDS = {
    "discard": range(52),
    "take": range(52, 104),
    "draw": range(104, 105),
    "phom": range(105, 434),
    "meld": range(434, 435),
    "onto": range(435, 487),
    "lay": range(487, 539),
    "lay-off": range(539, 540),
}


def test_each_id_is_of_the_type_its_documented_range_gives() -> None:
    """The 540 ids fall in the documented ranges, in order, each range's first id the
    module's constant for it, and every id's type is its range's."""
    assert list(DOCUMENTED_IDS) == list(ids.STEP_TYPES)
    assert sum(len(r) for r in DOCUMENTED_IDS.values()) == ids.SIZE == 540
    starts = (ids.DISCARD0, ids.TAKE0, ids.DRAW, ids.GROUP0, ids.MELD, ids.ONTO0, ids.LAY0)
    assert (*starts, ids.LAY_END) == tuple(r.start for r in DOCUMENTED_IDS.values())
    assert len(ids.GROUPS) == len(DOCUMENTED_IDS["phom"])
    for kind, documented in DOCUMENTED_IDS.items():
        typed = [i for i in range(ids.SIZE) if ids.STEP_TYPES[ids.step_type(i)] == kind]
        assert typed == list(documented), kind


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31), st.integers(2, 4))
def test_every_offered_action_is_exactly_one_sequence_of_legal_ids(seed: int, players: int) -> None:
    """Property over seeded positions: each offered action's path is legal id by id and
    completes to that action at its last id only; following the masks from the start
    reaches every offered action once and nothing else; a one-id action reads back from
    its id (``action(view, action_id(view, a)) == a``), a longer one's first id is
    refused as incomplete; the environment's mask is the first ids."""
    env = raw_env("phom", players=players, view_info=False)
    enc = env.encoding
    for _ in _greedy_mix(env, seed):
        step = env.plugin.decision(env.state)
        assert step is not None
        assert not step.optional
        view = env.view(step.seat)
        mask = env.observe(env.agent_selection)["action_mask"]
        if env.draft:  # a meld or lay-off under way: the mask goes on along its paths
            assert list(np.flatnonzero(mask)) == enc.stage_ids(view, env.draft)
            continue
        offered = list(step.actions)
        reached = list(_complete(env, view, []))
        assert sorted(map(repr, (a for _, a in reached))) == sorted(map(repr, offered))
        for path, act in reached:
            assert path == enc.stage_path(view, act)
        for act in offered:
            path = enc.stage_path(view, act)
            for k, i in enumerate(path):
                assert i in enc.stage_ids(view, path[:k])
                assert (enc.stage(view, path[:k], i) is None) == (k < len(path) - 1)
            assert enc.stage(view, path[:-1], path[-1]) == act
            if len(path) == 1:
                assert enc.action(view, enc.action_id(view, act)) == act
            else:
                with pytest.raises(IllegalMove, match="only begins"):
                    enc.action(view, enc.action_id(view, act))
        assert list(np.flatnonzero(mask)) == sorted({enc.stage_path(view, a)[0] for a in offered})


def test_the_seeded_positions_reach_rich_melds_and_lay_offs() -> None:
    """The positions the property plays hold the composite choices it is about: melds
    of two phỏm among several offered, lay-offs among several, takes by card."""
    env = raw_env("phom", players=4, view_info=False)
    most_melds = most_lay_offs = takes = 0
    for seed in range(40):
        for _ in _greedy_mix(env, seed):
            offered = _offered(env).actions
            most_melds = max(most_melds, sum(isinstance(a, Meld) for a in offered))
            most_lay_offs = max(most_lay_offs, sum(isinstance(a, LayOff) for a in offered))
            for a in offered:
                if isinstance(a, Take):
                    view = _view(env, a.seat)
                    assert env.encoding.action_id(view, a) == ids.TAKE0 + view.pile[view.last][1]
                    takes += 1
    assert most_melds >= 5
    assert most_lay_offs >= 2
    assert takes > 20


def test_a_meld_is_made_phom_by_phom_and_the_draft_is_observed() -> None:
    """Stepping a two-phỏm meld: the agent stays selected, ``draft`` and the observation's
    ``meld_draft`` show the phỏm chosen so far, and the last id applies the meld."""
    env = raw_env("phom", players=4, view_info=False)
    sl = env.encoding.layout.slices
    for seed in range(200):
        for _ in _greedy_mix(env, seed):
            step = _offered(env)
            melds = [a for a in step.actions if isinstance(a, Meld) and len(a.groups) == 2]
            if not melds or env.draft:
                continue
            agent = env.agent_selection
            path = env.encoding.stage_path(env.view(step.seat), melds[0])
            for k, i in enumerate(path[:-1]):
                env.step(i)
                assert env.agent_selection == agent
                assert env.draft == tuple(path[: k + 1])
                marked = env.observe(agent)["observation"][sl["meld_draft"]]
                group = ids.GROUPS[i - ids.GROUP0]
                assert set(np.flatnonzero(marked == k + 1)) == {
                    c for c in range(52) if group >> c & 1
                }
            env.step(path[-1])
            assert env.draft == ()
            assert env.state.melds[step.seat]
            return
    raise AssertionError("no two-phỏm meld offered in 200 games")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_greedy_episodes_pay_what_the_referee_rules(players: int) -> None:
    """Random masked ids in every seat, then the greedy bot through ``bot_action`` in
    all seats but one: legal records, rewards the referee's payments, summing to 0."""
    env = raw_env("phom", players=players, view_info=False)
    rng = np.random.default_rng(players)
    for seed in range(30):
        totals = dict.fromkeys(env.possible_agents, 0.0)
        if seed % 2:
            for _ in _greedy_mix(env, seed, totals):
                pass
        else:
            env.reset(seed=seed)
            for agent in env.agent_iter():
                obs, reward, terminated, _, _ = env.last()
                totals[agent] += reward
                env.step(
                    None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
                )
        report = referee(env.plugin, env.record())
        assert report.legal
        assert report.finished
        assert totals == {a: float(v) for a, v in report.payments.items()}
        assert sum(totals.values()) == 0


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31), st.integers(2, 4))
def test_states_differing_only_in_hidden_cards_give_the_same_observation(
    seed: int, players: int
) -> None:
    """Other hands and the stock dealt anew from the seat's view (``determinize``): the
    observation of every seat at every position is the same; the hand block is the own
    hand, and no card another seat holds hidden is marked anywhere."""
    env = raw_env("phom", players=players, view_info=False)
    enc = env.encoding
    sl = enc.layout.slices
    changed = 0
    for _ in _greedy_mix(env, seed):
        for seat in range(players):
            view = _view(env, seat)
            draft = env.draft if seat == env.possible_agents.index(env.agent_selection) else ()
            vec = enc.observe(view, draft)
            assert set(np.flatnonzero(vec[sl["hand"]])) == {
                c for c in range(52) if view.own >> c & 1
            }
            world = env.plugin.determinize(view, random.Random(seed + seat))
            changed += world.hands != env.state.hands
            assert np.array_equal(enc.observe(env.plugin.view(world, seat), draft), vec)
            hidden = 0
            for s, hand in enumerate(env.state.hands):
                if s != seat:
                    hidden |= hand & ~env.state.taken[s]
            public = vec[sl["hand"].stop : sl["table_card"].stop].reshape(-1, 52)
            assert not any(hidden >> int(c) & 1 for c in np.flatnonzero(public.any(axis=0)))
    assert changed


def test_action_features_name_the_cards_and_the_type_of_each_id() -> None:
    """With ``action_features=True``: a row per legal id; a discard's row marks its card,
    a phỏm's its cards, the meld's id every card of the meld; a whole action's row (the
    encoding's ``action_features``) is the row of its last id."""
    env = raw_env("phom", players=3, view_info=False, action_features=True)
    enc = env.encoding
    seen = set()
    for seed in range(10):
        for _ in _greedy_mix(env, seed):
            info = env.infos[env.agent_selection]
            view = env.view(env.possible_agents.index(env.agent_selection))
            for i, row in zip(info["legal_ids"], info["action_features"], strict=True):
                kind = ids.STEP_TYPES[ids.step_type(int(i))]
                seen.add(kind)
                assert row[52:].tolist() == [float(k == kind) for k in ids.STEP_TYPES]
                cards = set(np.flatnonzero(row[:52]))
                if kind == "discard":
                    assert cards == {int(i) - ids.DISCARD0}
                elif kind == "phom":
                    assert cards == {
                        c for c in range(52) if ids.GROUPS[int(i) - ids.GROUP0] >> c & 1
                    }
            for act in _offered(env).actions:
                path = enc.stage_path(view, act)
                whole = enc.action_features(view, [act])
                assert np.array_equal(whole, enc.stage_features(view, path[:-1], path[-1:]))
                if isinstance(act, Meld):
                    assert set(np.flatnonzero(whole[0, :52])) == {c for g in act.groups for c in g}
    assert seen >= {"discard", "take", "draw", "phom", "meld"}


def test_same_seed_same_episode_and_the_pure_build_agrees() -> None:
    """Two runs of the seeded episodes digest alike, and a child process on the pure
    build (``VNCARDS_PURE=1``) gives the same digest as the compiled one."""
    here = _digest("phom", episodes=2)
    assert _digest("phom", episodes=2) == here
    if not SELECTED["vncards.phom"]:
        pytest.skip("the pure build is in use: there is no compiled build to compare")
    code = "from tests.envs.test_envs_digest import _digest; print(_digest('phom', episodes=2))"
    pure = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "VNCARDS_PURE": "1"},
    )
    assert pure.stdout.strip() == here


def test_the_module_and_its_options() -> None:
    """``phom_v0.env`` is the wrapped environment; ``actions`` other than ``"cards"``,
    and the parallel API (Phỏm is played in turns), are refused; ``render`` shows the
    table from the acting seat."""
    made = phom_v0.env(players=2, render_mode="ansi")
    made.reset(seed=1)
    text = made.render()
    assert "seen from player_" in text
    assert "stock: " in text
    assert "hand: " in text
    with pytest.raises(EnvOptionError, match="no action encoding 'splits'; choose one of cards"):
        phom_v0.raw_env(actions="splits")
    with pytest.raises(EnvOptionError, match="phom is played in turns"):
        parallel_env("phom", players=2)
    sizes = " / ".join(str(phom_v0.raw_env(players=n).encoding.layout.size) for n in (2, 3, 4))
    row = f"| Phỏm | `phom_v0` | 2–4 | `Discrete({ids.SIZE})`"
    page = (Path(__file__).resolve().parents[2] / "docs" / "envs.md").read_text(encoding="utf-8")
    assert any(line.startswith(row) and f"| {sizes} | 60 |" in line for line in page.splitlines())
    layout = phom_v0.raw_env(players=4).encoding.layout
    assert json.dumps(layout.describe()[:2]) == '[["hand", 0, 52, 1], ["discards", 52, 208, 1]]'


def test_an_instant_win_at_the_deal_is_dealt_again_unless_asked_to_end() -> None:
    """Ù khan (``u_khan``) at the deal: by default the episode does not end inside
    ``reset`` — the deal is reported in ``redealt`` and a new one is played; with
    ``instant_wins="end"`` every agent starts terminated with its payment."""
    rules = {"u_khan": True}
    env = raw_env("phom", players=4, view_info=False, rules=rules)
    env.reset(seed=75)  # its first deal holds an ù khan
    assert [r["outcome"] for r in env.redealt] == ["instant-win"]
    assert not any(env.terminations.values())
    assert env.observe(env.agent_selection)["action_mask"].any()
    ended = raw_env("phom", players=4, view_info=False, rules=rules, instant_wins="end")
    ended.reset(seed=75)
    assert all(ended.terminations.values())
    assert ended.rewards == {a: float(v) for a, v in env.redealt[0]["payments"].items()}


def test_a_lay_off_is_made_card_by_card_and_the_draft_is_observed() -> None:
    """Stepping a lay-off: ``lay_onto`` marks the lowest card of the phỏm named,
    ``lay_draft`` the cards laid onto it, with that phỏm's place; 539 lays them all."""
    env = raw_env("phom", players=4, view_info=False)
    sl = env.encoding.layout.slices
    for seed in range(200):
        for _ in _greedy_mix(env, seed):
            lay_offs = [a for a in _offered(env).actions if isinstance(a, LayOff)]
            if not lay_offs or env.draft:
                continue
            act = max(lay_offs, key=lambda a: sum(len(cards) for _, cards in a.entries))
            agent = env.agent_selection
            path = env.encoding.stage_path(env.view(act.seat), act)
            for i in path[:-1]:
                env.step(i)
            obs = env.observe(agent)["observation"]
            for place, (onto, cards) in enumerate(act.entries, start=1):
                assert obs[sl["lay_onto"]][onto] == place
                assert {int(c) for c in np.flatnonzero(obs[sl["lay_draft"]] == place)} == set(cards)
            before = sum(m.bit_count() for groups in env.state.melds for m in groups)
            env.step(path[-1])
            after = sum(m.bit_count() for groups in env.state.melds for m in groups)
            assert after == before + sum(len(cards) for _, cards in act.entries)
            assert env.agent_selection == agent  # the discard is still to come
            return
    raise AssertionError("no lay-off offered in 200 games")
