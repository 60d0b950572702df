"""The two generators of the runs a hand leads agree, play for play and in order: the
native-int one of the compiled build (``_runs.lead_runs``) and the table-driven one the
pure build keeps (``_enumerate._lead_sequences``). Bots pick a play by its index, so a
seeded game is the same game only while both list the same plays in the same order.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import ComboRules, legal_plays
from vncards.core.climbing import _enumerate, _runs
from vncards.samloc import plugin as samloc
from vncards.samloc._engine import sam_combo_rules
from vncards.tienlen import plugin as tienlen
from vncards.tienlen._engine import combo_rules_of
from vncards.tienlen._rules import TienLenRules

from tests.core.test_core_combos import combo_rules as any_combo_rules

# every combination rule set the shipped games play (presets, and each switch of the
# Northern settings), the default a custom climbing game starts from, and odd ones
_GAMES: dict[str, ComboRules] = {
    "default": ComboRules(),
    **{f"tienlen {n}": combo_rules_of(r) for n, r in tienlen.presets.items()},
    **{f"samloc {n}": sam_combo_rules(r) for n, r in samloc.presets.items()},
    **{
        f"tienlen {f} {s} {c} {p}": combo_rules_of(
            TienLenRules(follow=f, straight_suits=s, pair_colours=c, pair_runs=p)
        )
        for f in ("none", "suit")
        for s in ("mixed", "one")
        for c in ("any", "one")
        for p in (True, False)
    },
    "samloc a23": ComboRules(
        suits_break_ties=False, straight_order=(11, 12, *range(12)), pair_runs=False
    ),
    "short runs through the 2": ComboRules(
        straight_order=tuple(range(13)),
        min_straight=2,
        pair_run_order=tuple(range(13)),
        min_pair_run=2,
    ),
    "pair-runs through A-2-3": ComboRules(pair_run_order=(11, 12, *range(12))),
}

combo_rules = st.one_of(st.sampled_from(list(_GAMES.values())), any_combo_rules)
hands = st.lists(st.integers(0, 51), min_size=1, max_size=13, unique=True).map(
    lambda ids: sum(1 << i for i in ids)
)


def _both(hand: int, rules: ComboRules, per_rank: int) -> tuple[list[int], list[int]]:
    """The runs of ``per_rank`` cards a rank that ``hand`` leads, by each generator."""
    t = rules.tables()
    if per_rank == 1:
        present = _enumerate._present(hand)
        chains, starts, runs = t.straight_chains, t.straight_starts, t.straight_runs
    else:
        present = _enumerate._present_pairs(hand)
        chains, starts, runs = t.pair_run_chains, t.pair_run_starts, t.pair_run_runs
    tables: list[int] = []
    native: list[int] = []
    _enumerate._lead_sequences(hand, present, per_rank, chains, starts, tables)
    _runs.lead_runs(hand, present, per_rank, runs, native)
    return tables, native


@settings(max_examples=400, deadline=None)
@given(hands, combo_rules, st.sampled_from([1, 2]))
def test_native_runs_equal_the_table_runs(hand: int, rules: ComboRules, per_rank: int) -> None:
    """Any hand of 1 to 13 cards, any rules: the same straights and pair-runs, in order."""
    tables, native = _both(hand, rules, per_rank)
    assert native == tables


@pytest.mark.parametrize("name", sorted(_GAMES))
def test_native_runs_equal_the_table_runs_for_every_game(name: str) -> None:
    """Many random hands of each shipped rule set, long runs (whole suits) included."""
    rules = _GAMES[name]
    rng = random.Random(name)
    deals = [sum(1 << i for i in rng.sample(range(52), rng.randint(1, 13))) for _ in range(300)]
    deals += [0x1111111111111 << s for s in range(4)]  # every rank of one suit
    deals += [0x3333333333333, 0xFFFF, 0xCCCCCCCCCCCCC & ((1 << 52) - 1)]
    found = 0
    for hand in deals:
        for per_rank in (1, 2):
            tables, native = _both(hand, rules, per_rank)
            assert native == tables, (name, hex(hand), per_rank)
            found += len(native)
    assert found > 0


def test_pair_runs_of_a_whole_rank_set() -> None:
    """Four cards a rank: each rank's six pairs, the first rank's changing slowest."""
    rules = ComboRules(min_pair_run=2)
    hand = 0xFF  # the four 3s and the four 4s
    _, native = _both(hand, rules, 2)
    assert len(native) == 36
    assert native == sorted(native, key=lambda m: (m & 15, m >> 4))


def test_legal_plays_take_the_build_s_generator() -> None:
    """The compiled build lists runs with the native generator, the pure one with the
    tables; which one runs changes nothing in what a hand leads."""
    assert _runs.native() == _enumerate._NATIVE_RUNS
    rules = ComboRules()
    hand = 0x1111111111111 | 0x20  # a whole suit of spades and the 4 of clubs
    plays = legal_plays(hand, rules)
    tables, native = _both(hand, rules, 1)
    assert plays[-len(native) :] == native == tables
