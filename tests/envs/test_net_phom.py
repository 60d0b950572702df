"""Phỏm's ``net`` bot: the rows its network reads (their shapes, what each action's row
holds, nothing hidden from the seat), the shipped network as a bot that plays whole
games at every table size from its view alone, its weights refused for another game or
shape, a seeded training run repeated bit for bit, and the bot offered by name."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from vncards.envs.learn._actors import game_features
from vncards.envs.learn._phom import ACTION_TYPES, PhomFeatures
from vncards.phom import Discard, Draw, LayOff, Meld, PhomView, Take, mask_of, solve
from vncards.phom import plugin as phom

from . import _net_checks as checks

RULES = phom.presets["standard"]
FEATURES = PhomFeatures(4)
STATE, ACTION = 764, 67
# where the state row's blocks start (4 seats)
DISCARDS, TAKEN, SHOWN, TAKEABLE = 52, 52 + 208, 52 + 416, 52 + 624
COUNTS = TAKEABLE + 52
PHASE, STOCK, LAST, RAC = COUNTS + 28, COUNTS + 31, COUNTS + 32, COUNTS + 33
POSITIONS = checks.greedy_positions(phom, RULES, PhomView, 12)


def test_the_rows_have_the_sizes_the_network_reads() -> None:
    f = game_features(phom, RULES)
    assert isinstance(f, PhomFeatures)
    checks.rows_have_sizes(f, POSITIONS, (STATE, ACTION), len(ACTION_TYPES), declines=True)


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
    seats, steps = (lambda seed: 2 + seed % 3), (lambda seed: seed % 17 + 3)
    seen = checks.sees_nothing_hidden("phom", FEATURES, PhomView, range(1, 24), seats, steps)
    assert seen >= 8


def test_the_shipped_bot_plays_whole_games_in_every_seat_at_every_table_size() -> None:
    assert phom.player_range(RULES) == (2, 4)
    assert checks.plays_whole_games("phom") == 6


def test_the_bot_reads_a_phom_view_and_refuses_anything_else() -> None:
    checks.refuses_other_states("phom", "PhomView")


def test_with_a_wide_margin_the_bot_plays_as_its_advisor_does() -> None:
    assert checks.follows_its_advisor("phom", range(1, 4)) > 100


def test_the_shipped_weights_are_small_package_data_for_phom() -> None:
    checks.shipped_weights_are_small("phom", "phom-1", STATE + ACTION)


def test_weights_of_another_game_or_shape_are_refused(tmp_path: Path) -> None:
    checks.refuses_weights_of_others("phom", "tusac", "tienlen", STATE + ACTION, tmp_path)


def test_a_seeded_training_run_on_phom_is_repeated_bit_for_bit() -> None:
    checks.trains_repeatably("phom", "phom-1")


def test_the_samples_are_the_network_seats_decisions_with_their_payoffs() -> None:
    checks.samples_are_decisions("phom", FEATURES, 3, len(ACTION_TYPES))


def test_vncards_games_lists_net_for_phom() -> None:
    checks.games_lists_net("phom")
