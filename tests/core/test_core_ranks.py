"""Rank orders as data: CLIMBING, POKER and RUMMY read as the games' rules pages say."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from vncards.core import (
    CLIMBING,
    DECK,
    POKER,
    RUMMY,
    Rank,
    RankOrder,
    format_cards,
    parse_card,
    parse_cards,
)

ORDERS = (CLIMBING, POKER, RUMMY)


def _labels_low_to_high(order: RankOrder) -> list[str]:
    """The ranks of the 13 spades sorted by the order (what the order means at a table)."""
    spades = [c for c in range(52) if c % 4 == 0]
    return [DECK[c].rank.label for c in sorted(spades, key=order.position)]


def test_tienlen_rank_order_is_the_card_id_order() -> None:
    """Tiến lên "Rank order": 3 … K A 2; the card id encodes it, position = id // 4."""
    assert " ".join(_labels_low_to_high(CLIMBING)) == "3 4 5 6 7 8 9 10 J Q K A 2"
    assert all(CLIMBING.position(c) == c // 4 for c in range(52))
    assert CLIMBING.positions == tuple(c // 4 for c in range(52))
    assert [CLIMBING.position(int(r) * 4) for r in Rank] == [int(r) for r in Rank]


def test_maubinh_rank_order_two_low_ace_high() -> None:
    """Mậu Binh "Rank order": 2 3 4 … K A."""
    assert " ".join(_labels_low_to_high(POKER)) == "2 3 4 5 6 7 8 9 10 J Q K A"
    assert POKER.position(parse_card("2S").id) == 0
    assert POKER.position(parse_card("AH").id) == 12


def test_maubinh_straights_wheel_lowest_and_broadway_highest() -> None:
    """Mậu Binh "Straights": 10-J-Q-K-A the highest, A-2-3-4-5 a straight (POKER's own
    reading puts it lowest, as in poker; the game's ``wheel`` setting may move it)."""
    runs = POKER.runs(5)
    assert len(runs) == 10

    def labels(run: tuple[int, ...]) -> list[str]:
        return [POKER.labels[p] for p in run]

    assert labels(runs[0]) == ["A", "2", "3", "4", "5"]
    assert labels(runs[1]) == ["2", "3", "4", "5", "6"]
    assert labels(runs[-1]) == ["10", "J", "Q", "K", "A"]
    assert POKER.run_place(POKER.position(c.id) for c in parse_cards("5S 4D 3C 2H AS")) == 0
    assert POKER.run_place(POKER.position(c.id) for c in parse_cards("AS KS QS JS 10S")) == 9


def test_maubinh_straights_no_wrap_around() -> None:
    """Mậu Binh "Straights": Q-K-A-2-3 is not a straight."""
    wrap = [POKER.position(c.id) for c in parse_cards("QS KD AC 2H 3S")]
    assert POKER.run_place(wrap) is None
    assert all(set(run) != set(wrap) for run in POKER.runs(5))


def test_maubinh_ba_sanh_three_card_straights_a23_and_qka() -> None:
    """Mậu Binh "ba-sanh": 3-card straights are 3 consecutive ranks; A-2-3 and Q-K-A count."""
    runs = {frozenset(POKER.labels[p] for p in run) for run in POKER.runs(3)}
    assert frozenset({"A", "2", "3"}) in runs
    assert frozenset({"Q", "K", "A"}) in runs
    assert frozenset({"K", "A", "2"}) not in runs
    assert len(runs) == 12


def test_phom_rank_order_ace_only_low() -> None:
    """Phỏm "Rank order": A 2 3 … Q K, the ace only low."""
    assert " ".join(_labels_low_to_high(RUMMY)) == "A 2 3 4 5 6 7 8 9 10 J Q K"
    assert RUMMY.ace == 0
    assert RUMMY.ace_in_runs == "low"


def test_phom_run_a23_is_a_run_qka_and_ka2_are_not() -> None:
    """Phỏm "run" (phỏm dọc): A-2-3 is a run, Q-K-A and K-A-2 are not."""

    def place(text: str) -> int | None:
        return RUMMY.run_place(RUMMY.position(c.id) for c in parse_cards(text))

    assert place("AS 2S 3S") == 0
    assert place("JS QS KS") == 10
    assert place("QS KS AS") is None
    assert place("KS AS 2S") is None
    assert [len(RUMMY.runs(n)) for n in range(3, 14)] == list(range(11, 0, -1))


@pytest.mark.parametrize("order", ORDERS, ids=lambda o: o.name)
def test_runs_are_consecutive_and_listed_lowest_first(order: RankOrder) -> None:
    """Every run is consecutive positions (or a wheel, with the A below the lowest rank),
    and the runs of one length are listed lowest first, each set of ranks once."""
    for length in range(2, 14):
        runs = order.runs(length)
        assert len({frozenset(r) for r in runs}) == len(runs)
        for place, run in enumerate(runs):
            assert len(run) == length
            assert order.run_place(reversed(run)) == place
            wheel = run[0] == order.ace and run[1:] == tuple(range(length - 1))
            plain = run == tuple(range(run[0], run[0] + length))
            assert plain or (wheel and order.ace_in_runs == "both" and place == 0)
    assert order.runs(1) == order.runs(14) == ()


@given(st.lists(st.integers(0, 51), min_size=1, max_size=13))
def test_sort_key_sorts_by_position_then_suit(cards: list[int]) -> None:
    """sort_key orders cards by the order's rank, then the suit ♠ ♣ ♦ ♥."""
    for order in ORDERS:
        ranked = sorted(cards, key=order.sort_key)
        keys = [(order.position(c), DECK[c].suit.value) for c in ranked]
        assert keys == sorted(keys)
    assert sorted(cards, key=CLIMBING.sort_key) == sorted(cards)


def test_sort_key_in_poker_order() -> None:
    """2 low, A high, suits breaking the ties."""
    ids = [c.id for c in parse_cards("AS 2H KD 2S 10C")]
    ranked: list[int] = sorted(ids, key=POKER.sort_key)
    assert format_cards(ranked) == ["2S", "2H", "10C", "KD", "AS"]


def test_a_rank_order_lists_every_rank_once() -> None:
    """An order that repeats or leaves out a rank is refused."""
    with pytest.raises(ValueError, match="each of the 13 ranks once"):
        RankOrder("twice", ("A", *POKER.labels[1:]), "high")
    kings_high = RankOrder("kings-high", (*POKER.labels[:11], "A", "K"), "high")
    assert kings_high.position(parse_card("KS").id) == 12
    assert kings_high.ace == 11
    assert kings_high.positions[:40] == POKER.positions[:40]  # 3 … Q
