"""Phỏm and the meld-partition solver.

A phỏm is a ``set`` (phỏm ngang: three or four cards of one rank) or a ``run`` (phỏm
dọc: three or more cards of one suit in consecutive ranks, the ace only low). Cards in
no phỏm are rác. The solver splits a hand into phỏm leaving the least rác, honouring
the cards the player took: each taken card must lie in a phỏm, and no phỏm may hold two
taken cards. It tries every phỏm the hand holds, the three-card subsets of a four of a
kind included, so a card a four-card set or a long run could spare is given to another
phỏm when that leaves less rác.

Hands are masks (see :mod:`vncards.phom._cards`); amounts of rác are weighed by a
per-suit table (card points, or 1 a card to count them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vncards.core import RUMMY
from vncards.phom._cards import SUIT_BITS, card_names, cards_of, mask_of, parse_phom_card  # noqa: F401 - the examples use them

__all__ = [
    "COUNT",
    "FACE",
    "TENS",
    "Partition",
    "can_arrange",
    "candidate_melds",
    "cards_meld_names",
    "classify_meld",
    "has_ca",
    "is_phom",
    "meld_options",
    "meldable",
    "solve",
    "weigh",
]


def _table(value: Sequence[int]) -> tuple[int, ...]:
    """Per 13-bit suit pattern, the summed value of its ranks."""
    out = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        out[pattern] = out[pattern ^ low] + value[low.bit_length() - 1]
    return tuple(out)


FACE = _table(range(1, 14))
"""Card points ``face``: A 1, 2–10 their value, J 11, Q 12, K 13 (by suit pattern)."""
TENS = _table([min(r, 10) for r in range(1, 14)])
"""Card points ``tens``: 10, J, Q and K count 10."""
COUNT = _table([1] * 13)
"""One per card: weighs rác by its number of cards."""


def weigh(mask: int, table: tuple[int, ...] = FACE) -> int:
    """The summed weight of a mask's cards.

    >>> weigh(mask_of(parse_phom_card(t) for t in ("KS", "AH", "10D")))
    24
    >>> weigh(mask_of(parse_phom_card(t) for t in ("KS", "AH", "10D")), TENS)
    21
    """
    return (
        table[mask & SUIT_BITS]
        + table[mask >> 13 & SUIT_BITS]
        + table[mask >> 26 & SUIT_BITS]
        + table[mask >> 39 & SUIT_BITS]
    )


def _rank_bits(positions: Sequence[int]) -> int:
    return sum(1 << p for p in positions)


# every run of one suit as a 13-bit pattern, 3 to 13 ranks of the A-low order, by lowest
# rank, then by length: the order in which the solver meets them
_SHAPES = tuple(
    sorted(
        (_rank_bits(run) for n in range(3, len(RUMMY.labels) + 1) for run in RUMMY.runs(n)),
        key=lambda shape: (shape & -shape, shape),
    )
)


def _runs_of(pattern: int) -> tuple[int, ...]:
    """Every run (3+ consecutive ranks) inside one suit's 13-bit pattern."""
    return tuple(shape for shape in _SHAPES if pattern & shape == shape)


_RUNS = tuple(_runs_of(p) for p in range(1 << 13))
_IS_RUN = tuple(p in runs for p, runs in enumerate(_RUNS))
_RANK = tuple((1 | 1 << 13 | 1 << 26 | 1 << 39) << r for r in range(13))


def _is_run(pattern: int) -> bool:
    """Whether a suit pattern is one block of three or more consecutive ranks."""
    return _IS_RUN[pattern]


def is_phom(mask: int) -> bool:
    """Whether a mask's cards form one phỏm.

    >>> is_phom(mask_of(parse_phom_card(t) for t in ("AS", "2S", "3S")))
    True
    >>> is_phom(mask_of(parse_phom_card(t) for t in ("QS", "KS", "AS")))
    False
    """
    return classify_meld(mask) is not None


def classify_meld(mask: int) -> str | None:
    """``set``, ``run`` or ``None`` for the cards of a mask.

    >>> classify_meld(mask_of(parse_phom_card(t) for t in ("5S", "5H", "5D", "5C")))
    'set'
    >>> classify_meld(mask_of(parse_phom_card(t) for t in ("7C", "8C", "9C", "10C")))
    'run'
    """
    if mask <= 0:
        return None
    low = mask & -mask
    rank = (low.bit_length() - 1) % 13
    if mask & ~_RANK[rank] == 0:
        return "set" if mask.bit_count() >= 3 else None
    suit = (low.bit_length() - 1) // 13
    pattern = mask >> 13 * suit
    if pattern > SUIT_BITS:
        return None
    return "run" if _is_run(pattern) else None


# bits where a run of three may start: ranks A to J of each suit
_RUN_STARTS = sum(_rank_bits([run[0] for run in RUMMY.runs(3)]) << 13 * suit for suit in range(4))


def meldable(hand: int) -> int:
    """The cards of a hand that lie in some phỏm of it (a cheap bound on the solver:
    cards outside it are rác whatever the split).

    >>> card_names(meldable(mask_of(parse_phom_card(t) for t in ("5S", "6S", "7S", "7H", "KD"))))
    ['5S', '6S', '7S']
    """
    starts = hand & hand >> 1 & hand >> 2 & _RUN_STARTS
    runs = starts | starts << 1 | starts << 2
    s0 = hand & SUIT_BITS
    s1 = hand >> 13 & SUIT_BITS
    s2 = hand >> 26 & SUIT_BITS
    s3 = hand >> 39 & SUIT_BITS
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    sets = hand & (triples | triples << 13 | triples << 26 | triples << 39)
    return runs | sets


def candidate_melds(hand: int) -> list[int]:
    """Every phỏm inside a hand: each run, each set of four and its three-card subsets.

    >>> [card_names(m) for m in candidate_melds(mask_of(parse_phom_card(t)
    ...     for t in ("4S", "5S", "6S", "7S", "6H", "6D")))]
    [['6S', '6D', '6H'], ['4S', '5S', '6S'], ['4S', '5S', '6S', '7S'], ['5S', '6S', '7S']]
    """
    out: list[int] = []
    s0 = hand & SUIT_BITS
    s1 = hand >> 13 & SUIT_BITS
    s2 = hand >> 26 & SUIT_BITS
    s3 = hand >> 39 & SUIT_BITS
    triples = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    while triples:
        low = triples & -triples
        triples ^= low
        whole = hand & _RANK[low.bit_length() - 1]
        out.append(whole)
        if whole.bit_count() == 4:
            rest = whole
            while rest:
                one = rest & -rest
                rest ^= one
                out.append(whole ^ one)
    for suit, pattern in ((0, s0), (1, s1), (2, s2), (3, s3)):
        if pattern:
            shift = 13 * suit
            out.extend(run << shift for run in _RUNS[pattern])
    return out


@dataclass(frozen=True, slots=True)
class Partition:
    """A split of a hand: its phỏm (masks) and what its rác weighs.

    >>> p = solve(mask_of(parse_phom_card(t) for t in ("5S", "5H", "5D", "KC")))
    >>> p.deadwood, [card_names(m) for m in p.melds]
    (13, [['5S', '5D', '5H']])
    """

    deadwood: int
    melds: tuple[int, ...]
    rest: int
    """The rác, as a mask."""

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Partition, (self.deadwood, self.melds, self.rest))


def solve(hand: int, taken: int = 0, table: tuple[int, ...] = FACE) -> Partition | None:
    """The split of ``hand`` whose rác weighs least by ``table``, every card of ``taken``
    in a phỏm and no phỏm with two of them; ``None`` when no split places them so.

    >>> hand = mask_of(parse_phom_card(t) for t in ("5S", "6S", "7S", "7H", "7D", "7C"))
    >>> [card_names(m) for m in solve(hand).melds]
    [['5S', '6S', '7S'], ['7C', '7D', '7H']]
    >>> solve(hand, taken=mask_of([parse_phom_card("5S"), parse_phom_card("6S")])) is None
    True
    """
    melds = candidate_melds(hand)
    if taken:
        melds = [m for m in melds if (m & taken).bit_count() <= 1]
    useful = 0
    for m in melds:
        useful |= m
    loose = hand & ~useful
    if loose & taken:
        return None
    if not melds:
        return Partition(weigh(hand, table), (), hand)
    by_low: dict[int, list[int]] = {}
    for m in melds:
        by_low.setdefault(m & -m, []).append(m)
    memo: dict[int, tuple[int, tuple[int, ...]] | None] = {}
    best = _search(useful, taken, table, by_low, memo)
    if best is None:
        return None
    cost, chosen = best
    used = 0
    for m in chosen:
        used |= m
    return Partition(cost + weigh(loose, table), chosen, hand & ~used)


def _search(
    rest: int,
    taken: int,
    table: tuple[int, ...],
    by_low: dict[int, list[int]],
    memo: dict[int, tuple[int, tuple[int, ...]] | None],
) -> tuple[int, tuple[int, ...]] | None:
    """Least rác of ``rest`` (cards some phỏm could use): its lowest card is rác (when
    not taken) or lies in a phỏm whose lowest card it is."""
    if not rest:
        return (0, ())
    if rest in memo:
        return memo[rest]
    low = rest & -rest
    best: tuple[int, tuple[int, ...]] | None = None
    if not low & taken:
        sub = _search(rest ^ low, taken, table, by_low, memo)
        if sub is not None:
            best = (sub[0] + weigh(low, table), sub[1])
    for m in by_low.get(low, ()):
        if m & rest == m:
            sub = _search(rest ^ m, taken, table, by_low, memo)
            if sub is not None and (best is None or sub[0] < best[0]):
                best = (sub[0], (m, *sub[1]))
    memo[rest] = best
    return best


def can_arrange(hand: int, taken: int) -> bool:
    """Whether every taken card can lie in a phỏm, no phỏm holding two of them.

    >>> hand = mask_of(parse_phom_card(t) for t in ("5S", "6S", "7S", "9H"))
    >>> can_arrange(hand, mask_of([parse_phom_card("6S")]))
    True
    >>> can_arrange(hand, mask_of([parse_phom_card("9H")]))
    False
    """
    return not taken or solve(hand, taken, COUNT) is not None


def meld_options(hand: int, taken: int) -> list[tuple[int, ...]]:
    """Every way to meld from ``hand``: each collection of disjoint phỏm that holds every
    taken card, no phỏm with two of them (the empty one, móm, only with none taken).

    >>> hand = mask_of(parse_phom_card(t) for t in ("5S", "6S", "7S", "9H"))
    >>> [[card_names(m) for m in option] for option in meld_options(hand, 0)]
    [[], [['5S', '6S', '7S']]]
    """
    melds = [m for m in candidate_melds(hand) if (m & taken).bit_count() <= 1]
    melds.sort()
    out: list[tuple[int, ...]] = []

    def walk(start: int, used: int, chosen: tuple[int, ...]) -> None:
        if used & taken == taken:
            out.append(chosen)
        for i in range(start, len(melds)):
            m = melds[i]
            if not m & used:
                walk(i + 1, used | m, (*chosen, m))

    walk(0, 0, ())
    return out


def has_ca(hand: int) -> bool:
    """Whether a hand holds a cạ: two cards of one rank, or two of one suit whose ranks
    differ by 1 or 2.

    >>> has_ca(mask_of(parse_phom_card(t) for t in ("AS", "4S", "7S", "10S", "KS")))
    False
    >>> has_ca(mask_of(parse_phom_card(t) for t in ("AS", "3S")))
    True
    """
    seen = 0
    for suit in range(4):
        pattern = hand >> 13 * suit & SUIT_BITS
        if pattern & (pattern >> 1 | pattern >> 2) or pattern & seen:
            return True
        seen |= pattern
    return False


def cards_meld_names(melds: Sequence[int]) -> list[list[str]]:
    """The phỏm of a partition in record notation.

    >>> cards_meld_names([mask_of([0, 1, 2])])
    [['AS', '2S', '3S']]
    """
    return [card_names(cards_of(m)) for m in melds]
