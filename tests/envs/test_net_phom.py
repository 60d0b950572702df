"""Phỏm's ``net`` bot: the rows its network reads (their shapes, what each action's row
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
from vncards.envs import net
from vncards.envs.learn import (
    MLP,
    PlaySettings,
    WeightsError,
    load_weights,
    play_batch,
    save_weights,
)
from vncards.envs.learn._actors import game_features, make_player
from vncards.envs.learn._phom import ACTION_TYPES, PhomFeatures
from vncards.phom import Discard, Draw, LayOff, Meld, PhomView, Take, mask_of, solve
from vncards.phom import plugin as phom

from ._net_checks import follows_its_advisor, plays_whole_games, same_networks, tiny_trainer

RULES = phom.presets["standard"]
FEATURES = PhomFeatures(4)
STATE, ACTION = 764, 67
# where the state row's blocks start (4 seats)
DISCARDS, TAKEN, SHOWN, TAKEABLE = 52, 52 + 208, 52 + 416, 52 + 624
COUNTS = TAKEABLE + 52
PHASE, STOCK, LAST, RAC = COUNTS + 28, COUNTS + 31, COUNTS + 32, COUNTS + 33


def _positions(games: int, players: int = 4) -> list[tuple[PhomView, Any]]:
    """(view, decision) of every choice of ``games`` seeded greedy games."""
    out: list[tuple[PhomView, Any]] = []
    for seed in range(1, games + 1):
        state = phom.new_game(RULES, players, seed)
        bots = [phom.bots["greedy"](seed * 8 + s) for s in range(players)]
        while (d := phom.decision(state)) is not None:
            view = phom.view(state, d.seat)
            assert isinstance(view, PhomView)
            out.append((view, d))
            phom.apply(state, bots[d.seat].choose(view, d.actions, d.optional))
    return out


POSITIONS = _positions(12)


def test_the_rows_have_the_sizes_the_network_reads() -> None:
    f = game_features(phom, RULES)
    assert isinstance(f, PhomFeatures)
    assert (f.state_size, f.action_size, f.advised) == (STATE, ACTION, ACTION - 1)
    assert f.scale.shape == (STATE + ACTION,)
    for view, d in POSITIONS:
        state = f.state(view)
        assert state.shape == (STATE,)
        assert state.dtype == np.uint8
        rows = f.actions(view, d.actions, d.optional)
        assert rows.shape == (len(d.actions) + d.optional, ACTION)
        assert (rows[:, : len(ACTION_TYPES)].sum(axis=1) == 1).all()  # one type each
        assert not rows[:, f.advised].any()  # only the bot flags its advisor's choice


def _bits(row: np.ndarray, start: int) -> int:
    return mask_of(int(i) for i in np.flatnonzero(row[start : start + 52]))


def test_the_state_row_holds_the_hand_and_each_seats_public_cards() -> None:
    for view, _ in POSITIONS[::3]:
        state = FEATURES.state(view).astype(int)
        n, me = len(view.counts), view.seat
        assert _bits(state, 0) == view.own
        for r in range(n):
            s = (me + r) % n
            on_table = mask_of(c for seat, c, taker in view.pile if seat == s and taker < 0)
            assert _bits(state, DISCARDS + 52 * r) == on_table
            assert _bits(state, TAKEN + 52 * r) == view.taken[s]
            shown = 0
            for m in view.melds[s]:
                shown |= m
            assert _bits(state, SHOWN + 52 * r) == shown
            assert state[COUNTS + r] == view.counts[s]
        takeable = 1 << view.pile[view.last][1] if view.last >= 0 else 0
        assert _bits(state, TAKEABLE) == takeable
        assert state[PHASE : PHASE + 3].sum() == 1
        assert state[STOCK] == view.stock_left
        assert state[LAST] == (view.table[me] == 3)
        part = solve(view.own, view.taken[me])
        assert part is not None
        assert state[RAC] == part.deadwood


def _unseen_partners(view: PhomView, card: int) -> int:
    """Cards the seat has not seen of ``card``'s rank, or of its suit within two ranks."""
    seen = {c for c in range(52) if view.own >> c & 1}
    seen |= {c for _, c, _ in view.pile}
    for s in range(len(view.counts)):
        seen |= {c for c in range(52) if view.taken[s] >> c & 1}
        seen |= {c for m in view.melds[s] for c in range(52) if m >> c & 1}
    rank, suit = card % 13, card // 13
    near = {c for c in range(52) if c != card and c % 13 == rank}
    near |= {13 * suit + r for r in range(13) if 0 < abs(r - rank) <= 2}
    return len(near - seen)


def test_each_action_row_holds_its_cards_and_the_rac_it_leaves() -> None:
    kinds: set[str] = set()
    for view, d in POSITIONS:
        rows = FEATURES.actions(view, d.actions, d.optional).astype(int)
        taken = view.taken[view.seat]
        for a, row in zip(d.actions, rows, strict=True):
            moved = _bits(row, len(ACTION_TYPES))
            if isinstance(a, Discard):
                kinds.add("discard")
                assert row[0] == 1
                assert moved == 1 << a.card
                part = solve(view.own & ~(1 << a.card), taken)
                assert part is not None
                assert row[58] == min(part.deadwood, 254)
                assert row[60] == view.own.bit_count() - 1
                assert row[65] == _unseen_partners(view, a.card)
            elif isinstance(a, Take):
                kinds.add("take")
                assert row[2] == 1
                assert moved == 1 << view.pile[view.last][1]
            elif isinstance(a, Draw):
                kinds.add("draw")
                assert row[1] == 1
                assert moved == 0
            elif isinstance(a, Meld):
                kinds.add("meld")
                assert row[3] == 1
                assert moved == mask_of(c for g in a.groups for c in g)
                assert row[64] == len(a.groups)
            else:
                assert isinstance(a, LayOff)
                kinds.add("lay_off")
                assert row[4] == 1
                assert moved == mask_of(c for _, cards in a.entries for c in cards)
    assert kinds == {"discard", "draw", "take", "meld", "lay_off"}


def test_the_rows_hold_nothing_hidden_from_the_seat() -> None:
    # a state dealt again from the seat's view (other hands and the stock redrawn)
    # gives the same rows and the same choice of the shipped bot
    rng = random.Random(3)
    checked = 0
    for seed in range(1, 24):
        state = phom.new_game(RULES, 2 + seed % 3, seed)
        bots = [phom.bots["greedy"](s) for s in range(4)]
        for _ in range(seed % 17 + 3):
            d = phom.decision(state)
            if d is None:
                break
            phom.apply(state, bots[d.seat].choose(phom.view(state, d.seat), d.actions, False))
        d = phom.decision(state)
        if d is None or len(d.actions) < 2:
            continue
        view = phom.view(state, d.seat)
        other = phom.determinize(view, rng)
        assert other.hands != state.hands or other.stock != state.stock
        again = phom.view(other, d.seat)
        assert isinstance(view, PhomView)
        assert isinstance(again, PhomView)
        assert again == view
        assert np.array_equal(FEATURES.state(view), FEATURES.state(again))
        assert np.array_equal(
            FEATURES.actions(view, d.actions, d.optional),
            FEATURES.actions(again, d.actions, d.optional),
        )
        one = net.phom(seed).choose(view, d.actions, d.optional)
        two = net.phom(seed).choose(again, d.actions, d.optional)
        assert one == two
        checked += 1
    assert checked >= 8


def test_the_shipped_bot_plays_whole_games_in_every_seat_at_every_table_size() -> None:
    assert phom.player_range(RULES) == (2, 4)
    assert plays_whole_games("phom") == 6


def test_the_bot_reads_a_phom_view_and_refuses_anything_else() -> None:
    state = phom.new_game(RULES, 4, 1)
    d = phom.decision(state)
    assert d is not None
    with pytest.raises(TypeError, match="PhomView"):
        net.phom(0).choose(state, d.actions, False)  # type: ignore[arg-type]


def test_with_a_wide_margin_the_bot_plays_as_its_advisor_does() -> None:
    assert follows_its_advisor("phom", range(1, 4)) > 100


def test_the_shipped_weights_are_small_package_data_for_phom() -> None:
    path = net.shipped_weights("phom")
    assert path.stat().st_size <= 2 * 1024 * 1024
    network, meta = load_weights(path)
    assert (meta["game"], meta["features"]) == ("phom", "phom-1")
    assert meta["games"] > 0
    assert network.sizes[0] == STATE + ACTION


def test_weights_of_another_game_or_shape_are_refused(tmp_path: Path) -> None:
    with pytest.raises(WeightsError, match="plays 'tusac', not 'phom'"):
        net.net_bot("phom", weights=net.shipped_weights("tusac"))
    with pytest.raises(WeightsError, match="plays 'phom', not 'tienlen'"):
        net.net_bot("tienlen", weights=net.shipped_weights("phom"))
    small = MLP.init([10, 4, 1], np.random.default_rng(0))
    save_weights(tmp_path / "small.npz", small, {"game": "phom"})
    words = f"reads 10 inputs; phom's features are {STATE + ACTION}"
    with pytest.raises(WeightsError, match=words):
        net.net_bot("phom", weights=tmp_path / "small.npz")


def test_a_seeded_training_run_on_phom_is_repeated_bit_for_bit() -> None:
    a, b, c = (tiny_trainer("phom", seed) for seed in (2, 2, 3))
    assert a.games == 32
    assert a.updates > 0
    assert same_networks(a, b)
    assert not np.array_equal(a.net.params[0], c.net.params[0])
    assert a.meta()["features"] == "phom-1"


def test_the_samples_are_the_network_seats_decisions_with_their_payoffs() -> None:
    f = FEATURES
    network = MLP.init([f.state_size + f.action_size, 8, 1], np.random.default_rng(0))
    settings = PlaySettings(game="phom", players=(3,), greedy_share=1.0)
    batch = play_batch(settings, network, 5, 0, 6)
    again = play_batch(settings, network, 5, 0, 6)
    assert batch.games == 6
    assert len(batch.rows) == len(batch.payoffs) > 0
    assert np.array_equal(batch.rows, again.rows)
    assert np.array_equal(batch.payoffs, again.payoffs)
    # every row is one state and one action: exactly one action type is set
    assert (batch.rows[:, f.state_size : f.state_size + 6].sum(axis=1) == 1).all()
    assert make_player("phom", network, f, margin=0.1, seed=1).name == "net"


def test_vncards_games_lists_net_for_phom() -> None:
    res = CliRunner().invoke(app, ["games", "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)["games"]
    phom_row = next(g for g in rows if g["name"] == "phom")
    assert "net" in phom_row["bots"]
    assert "search+net" not in phom_row["bots"]
    assert phom.bots["net"](3).name == "net"
