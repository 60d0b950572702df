"""The shuffle and the deal draw exactly SplitMix64's numbers in either build.

The compiled build shuffles on native 64-bit ints (``_splitmix``); the pure build makes
its draws in big-int lanes. Both are checked here against a plain one-draw-at-a-time
SplitMix64 written from its definition, for many seeds and deck sizes, rejections included.
"""

from __future__ import annotations

import random

import pytest
from vncards.core import _rng, _splitmix
from vncards.core._native import SELECTED
from vncards.core._rng import Rng, deal, deal_masks

MASK = (1 << 64) - 1


def _reference_shuffle(seed: int, n: int) -> tuple[list[int], int]:
    """``list(range(n))`` shuffled the textbook way, and the generator's state after it."""
    state = seed & MASK
    cards = list(range(n))
    for i in range(n - 1, 0, -1):
        span = i + 1
        limit = (1 << 64) - (1 << 64) % span
        while True:
            state = (state + 0x9E3779B97F4A7C15) & MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % span
        cards[i], cards[j] = cards[j], cards[i]
    return cards, state


SEEDS = [*range(64), 2**63 - 1, 2**63, 2**64 - 1, 2**64 + 3, -1, -(2**70)] + [
    random.Random(31).getrandbits(64) for _ in range(400)
]


def test_the_native_shuffle_runs_exactly_in_the_compiled_build() -> None:
    assert _rng._NATIVE == _splitmix.native() == SELECTED["vncards.core"]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 13, 36, 52, 112, 129, 200])
def test_shuffle_matches_the_reference(n: int) -> None:
    for seed in SEEDS:
        want, state = _reference_shuffle(seed, n)
        rng = Rng(seed)
        cards = list(range(n))
        rng.shuffle(cards)
        assert cards == want, seed
        assert rng._state == state, seed


@pytest.mark.skipif(not _splitmix.native(), reason="the kernel is right only compiled")
def test_the_kernel_rejects_and_reduces_as_below_does() -> None:
    # rejections are too rare to meet in a shuffle (odds n / 2**64), so the kernel's
    # rule is checked on outputs picked at the edges: the top values below() rejects
    picks = random.Random(5)
    for n in [*range(1, 130), 3**30, 2**40 + 1, 2**62 + 7]:
        limit = (1 << 64) - (1 << 64) % n
        edge = [limit - 2, limit - 1, limit, limit + 1, MASK, 0, 1, 2**63 - 1, 2**63]
        for u in [v for v in edge if 0 <= v <= MASK] + [picks.getrandbits(64) for _ in range(50)]:
            want = -1 if u >= limit else u % n
            assert _splitmix._below(_rng._signed(u), n) == want, (u, n)


@pytest.mark.parametrize(
    ("deck", "sizes"), [(52, [13] * 4), (52, [10] * 5), (52, [9, 9]), (112, [20] * 4), (4, [])]
)
def test_deal_masks_match_the_reference(deck: int, sizes: list[int]) -> None:
    for seed in SEEDS:
        cards, _ = _reference_shuffle(seed, deck)
        want, pos = [], 0
        for size in sizes:
            want.append(sum(1 << c for c in cards[pos : pos + size]))
            pos += size
        assert deal_masks(seed, deck, sizes) == want, seed


@pytest.mark.parametrize(
    ("deck", "sizes"), [(52, [13] * 4), (52, [13, 13]), (52, [9, 9]), (112, [20] * 4), (4, [])]
)
def test_deal_matches_the_reference(deck: int, sizes: list[int]) -> None:
    # sorted hands dealt in blocks, the rest the stock in draw order (the compiled build
    # deals through _splitmix.deal)
    for seed in SEEDS:
        cards, _ = _reference_shuffle(seed, deck)
        want, pos = [], 0
        for size in sizes:
            want.append(sorted(cards[pos : pos + size]))
            pos += size
        assert deal(seed, deck, sizes) == (want, cards[pos:]), seed


def test_the_kernel_takes_the_state_as_a_signed_number() -> None:
    assert _rng._signed(2**63) == -(2**63)
    assert _rng._signed(2**63 - 1) == 2**63 - 1
    assert _rng._signed(MASK) == -1
