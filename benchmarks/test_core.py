"""Hot paths of vncards.core: card parsing, CardSet operations, classification, legal-move
generation under Tiến lên-like rules, and copying a climbing state.

Each benchmark works through a fixed batch of inputs per round; per-item rates are the
batch size divided by the median round (see benchmarks/README.md). Move generation
takes its 1000 hands in twenty slices of 50, one slice per round in turn, so that a
round lasts under a millisecond and a busy machine pre-empting a round spoils few of
them. ``test_baseline`` runs a trivial loop over 1000 items so that results from
different machines compare as ratios.

    uv run pytest benchmarks/test_core.py --benchmark-enable --benchmark-only
"""

from __future__ import annotations

import itertools
import random

from pytest_benchmark.fixture import BenchmarkFixture
from vncards.core import (
    CardSet,
    ChopRule,
    ClimbState,
    Combo,
    ComboRules,
    Kind,
    classify,
    legal_plays,
    parse_card,
)

BATCH = 1000
TWO = 12
TIENLEN = ComboRules()  # suits break ties, straights 3…A, pair-runs of 3+ pairs
TIENLEN_CHOPS = (
    ChopRule((Kind.PAIR_RUN, 6), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.PAIR_RUN, 6), (Kind.PAIR_RUN, 6), need_higher=True),
    ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR, 2), target_rank=TWO),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR_RUN, 6)),
    ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.PAIR, 2), target_rank=TWO),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.PAIR_RUN, 6)),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.QUAD, 4)),
    ChopRule((Kind.PAIR_RUN, 8), (Kind.PAIR_RUN, 8), need_higher=True),
)


def _deals(n: int, seed: int) -> list[tuple[int, Combo]]:
    """Random 13-card hands, each with a table to answer: a combination that another
    random 13-card hand (from the remaining cards) could lead, picked uniformly."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        ids = list(range(52))
        rng.shuffle(ids)
        hand = sum(1 << i for i in ids[:13])
        other = sum(1 << i for i in ids[13:26])
        over = classify(rng.choice(legal_plays(other, TIENLEN)), TIENLEN)
        assert over is not None
        out.append((hand, over))
    return out


DEALS = _deals(BATCH, seed=2024)
HANDS = [hand for hand, _ in DEALS]
# plays led from the first hands: a realistic mix of shapes and non-combinations
PLAYS = [m for hand in HANDS[:60] for m in legal_plays(hand, TIENLEN)][:BATCH]
NON_COMBOS = [hand & ~(hand & -hand) for hand in HANDS]
TOKENS = [
    ["3S", "10h", "Th", "2♥", "Q rô", "K tép", "10 cơ", "AS", "9d", "j♣"][i % 10]
    for i in range(BATCH)
]
CARDSETS = [CardSet(h) for h in HANDS]
SLICE = 50
DEAL_SLICES = [DEALS[i : i + SLICE] for i in range(0, BATCH, SLICE)]
HAND_SLICES = [HANDS[i : i + SLICE] for i in range(0, BATCH, SLICE)]


def test_baseline(benchmark: BenchmarkFixture) -> None:
    """One int operation per item of a batch: the loop overhead every rate pays."""

    def run() -> int:
        total = 0
        for h in HANDS:
            total += h.bit_count()
        return total

    assert benchmark(run) == 13 * BATCH


def test_parse_card(benchmark: BenchmarkFixture) -> None:
    """parse_card over a batch of tokens in every notation."""

    def run() -> int:
        return sum(parse_card(t).id for t in TOKENS)

    assert benchmark(run) > 0


def test_cardset_operations(benchmark: BenchmarkFixture) -> None:
    """Union, difference, intersection, subset test and len on pairs of hands."""

    def run() -> int:
        n = 0
        prev = CARDSETS[-1]
        for cs in CARDSETS:
            n += len((cs | prev) - (cs & prev))
            n += cs <= prev
            prev = cs
        return n

    assert benchmark(run) > 0


def test_classify(benchmark: BenchmarkFixture) -> None:
    """classify on plays led from random hands (every shape) and on non-combinations."""
    items = PLAYS[: BATCH // 2] + NON_COMBOS[: BATCH // 2]

    def run() -> int:
        return sum(classify(m, TIENLEN) is not None for m in items)

    assert benchmark(run) == BATCH // 2


def test_legal_plays_leading(benchmark: BenchmarkFixture) -> None:
    """Every play a random 13-card hand may lead (50 hands a round)."""
    slices = itertools.cycle(HAND_SLICES)

    def run() -> int:
        return sum(len(legal_plays(h, TIENLEN)) for h in next(slices))

    assert benchmark(run) > SLICE


def test_legal_plays_responding(benchmark: BenchmarkFixture) -> None:
    """Every play a random 13-card hand may make over a random led combination, with the
    Tiến lên chop table (50 hands a round)."""
    slices = itertools.cycle(DEAL_SLICES)

    def run() -> int:
        return sum(len(legal_plays(h, TIENLEN, over, TIENLEN_CHOPS)) for h, over in next(slices))

    assert benchmark(run) > 0


def test_climb_state_copy(benchmark: BenchmarkFixture) -> None:
    """Copying a four-seat mid-game state (search bots copy states many times)."""
    state = ClimbState(HANDS[:4], 0)
    state.table = classify(PLAYS[0], TIENLEN)

    def run() -> int:
        n = 0
        for _ in range(BATCH):
            n += state.copy().turn
        return n

    assert benchmark(run) == 0
