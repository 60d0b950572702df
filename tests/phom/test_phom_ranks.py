"""Phỏm's card numbering and run tables come from core's A-low RUMMY order and are the
ones the engine always had (rules page, "Cards": A 2 3 … K, the ace only low)."""

from __future__ import annotations

from vncards.core import DECK, RUMMY, format_card
from vncards.phom._bots import _NEAR_IN_SUIT, _SAME_RANK
from vncards.phom._cards import card_name, from_core, rank_of, suit_of
from vncards.phom._melds import _RUN_STARTS, _RUNS, _is_run

PATTERNS = range(1 << 13)


def _consecutive_runs(pattern: int) -> tuple[int, ...]:
    """Every block of 3+ consecutive set bits of a 13-bit pattern, by lowest bit, then by
    length (the order the solver meets them in, which decides its ties)."""
    out = []
    for lo in range(13):
        for hi in range(lo + 2, 13):
            block = (1 << (hi + 1)) - (1 << lo)
            if pattern & block != block:
                break
            out.append(block)
    return tuple(out)


def test_rank_order_card_numbers_follow_the_a_low_order() -> None:
    """Rules, "Rank order": A 2 3 … K; a card's Phỏm rank is its RUMMY position, its
    number ``13 * suit + rank``, and its name core's."""
    numbers = [from_core(c) for c in range(52)]
    assert sorted(numbers) == list(range(52))
    for c, n in enumerate(numbers):
        assert rank_of(n) == RUMMY.position(c)
        assert suit_of(n) == DECK[c].suit.value
        assert card_name(n) == format_card(c)
    assert [card_name(n) for n in range(13)] == [f"{label}S" for label in RUMMY.labels]


def test_run_the_ace_only_low_tables_are_consecutive_ranks() -> None:
    """Rules, "run" (phỏm dọc): 3+ consecutive ranks of one suit, A-2-3 but not Q-K-A;
    every suit pattern's runs are its blocks of consecutive ranks, in the solver's order."""
    assert all(_RUNS[p] == _consecutive_runs(p) for p in PATTERNS)
    assert all(_is_run(p) == (p in _consecutive_runs(p)) for p in PATTERNS)
    assert _is_run(0b111)  # A-2-3
    assert not _is_run(1 | 1 << 11 | 1 << 12)  # Q-K-A
    assert sum(0x7FF << 13 * suit for suit in range(4)) == _RUN_STARTS  # A to J


def test_ca_neighbours_same_rank_or_one_or_two_apart_in_suit() -> None:
    """Rules, "cạ": two cards of one rank, or of one suit whose ranks differ by 1 or 2,
    read as RUMMY positions (A-2 and A-3 are cạ, K-A is not)."""
    for a in range(52):
        same = {b for b in range(52) if _SAME_RANK[a] >> b & 1}
        near = {b for b in range(52) if _NEAR_IN_SUIT[a] >> b & 1}
        assert same == {b for b in range(52) if rank_of(b) == rank_of(a)}
        assert near == {b for b in range(52) if suit_of(b) == suit_of(a) and 0 < abs(b - a) <= 2}
    ace, two, three, king = 0, 1, 2, 12
    assert _NEAR_IN_SUIT[ace] >> two & 1
    assert _NEAR_IN_SUIT[ace] >> three & 1
    assert not _NEAR_IN_SUIT[ace] >> king & 1
