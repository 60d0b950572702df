"""Tứ Sắc's ``net`` bot: the rows its network reads (their shapes, what each action's row
holds, nothing hidden from the seat), the shipped network as a bot that plays whole
games at every table size from its view alone, its weights refused for another game or
shape, a seeded training run repeated bit for bit, and the bot offered by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from vncards.envs import net
from vncards.envs.learn import measure
from vncards.envs.learn._actors import game_features
from vncards.envs.learn._meld import ACTION_TYPES, MeldFeatures
from vncards.tusac import ACTIVE, Discard, Draw, Pass, Take, TuSacView
from vncards.tusac import plugin as tusac
from vncards.tusac._solver import hand_remove, min_junk

from . import _net_checks as checks

RULES = tusac.presets["standard"]
FEATURES = MeldFeatures(4)
POSITIONS = checks.greedy_positions(tusac, RULES, TuSacView, 6)


def test_the_rows_have_the_sizes_the_network_reads() -> None:
    f = game_features(tusac, RULES)
    assert isinstance(f, MeldFeatures)
    # no decline row: an offered win is taken
    checks.rows_have_sizes(f, POSITIONS, (252, 66), len(ACTION_TYPES), declines=False)


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
    seen = checks.sees_nothing_hidden(
        "tusac", FEATURES, TuSacView, range(1, 20), lambda seed: 4, lambda seed: seed % 9 + 3
    )
    assert seen >= 8


def test_the_shipped_bot_plays_whole_games_in_every_seat_at_every_table_size() -> None:
    assert tusac.player_range(RULES) == (2, 4)
    assert checks.plays_whole_games("tusac") == 6


def test_an_offered_win_is_taken() -> None:
    # a winning claim is optional, but the bot has no row for letting it go
    found = 0
    for view, d in POSITIONS:
        if d.optional:
            assert net.tusac(1).choose(view, d.actions, d.optional) in d.actions
            found += 1
    assert found >= 3


def test_the_bot_reads_a_tusac_view_and_refuses_anything_else() -> None:
    checks.refuses_other_states("tusac", "TuSacView")


def test_with_a_wide_margin_the_bot_plays_as_its_advisor_does() -> None:
    # each seat's advisor is the greedy bot of its seed, which breaks ties at random:
    # a greedy bot of the same seed beside it makes the same draws
    assert checks.follows_its_advisor("tusac", range(1, 5)) > 100


def test_the_shipped_weights_are_small_package_data_for_tusac() -> None:
    checks.shipped_weights_are_small("tusac", "meld-1", FEATURES.state_size + FEATURES.action_size)


def test_weights_of_another_game_or_shape_are_refused(tmp_path: Path) -> None:
    checks.refuses_weights_of_others("tusac", "tienlen", "samloc", 318, tmp_path)


def test_a_seeded_training_run_on_tusac_is_repeated_bit_for_bit() -> None:
    checks.trains_repeatably("tusac", "meld-1")


def test_the_samples_are_the_network_seats_decisions_with_their_payoffs() -> None:
    checks.samples_are_decisions("tusac", FEATURES, 4, len(ACTION_TYPES))


def test_vncards_games_lists_net_and_search_net_for_tusac() -> None:
    checks.games_lists_net("tusac", search_net=True)


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
