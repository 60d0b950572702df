"""The hand evaluator: a 5- or 3-card chi to its category and a comparable int key.

Cards are core's ids (``rank * 4 + suit``, rank 0 = the 3 … 12 = the 2). Mậu Binh ranks
the 2 lowest and the A highest, so the evaluator works on the card's position in core's
:data:`~vncards.core.POKER` order (0 = the 2 … 12 = the A), read into :data:`RANK` at
import; the straights are that order's runs of five.

A key is ``category << 22 | n1 << 18 | … | n5 << 2 | suit``: five rank nibbles (rank + 1,
0 where a 3-card chi has no card) in the order ties are broken, and, only when
``suits_break_ties`` is set, the suit of the card that decides. So keys of 5- and 3-card
chi compare exactly as the rules page says, the 3-card chi being "not higher" when it
runs out of cards. A straight's first nibble is its place in the straight order (the
``wheel`` setting), not a rank.

Lookups go through tables built once per straight order: the product of one prime per
rank names a rank multiset, and a flush (all five suit bits shared) reads a second table.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any, Final

from vncards.core import POKER
from vncards.maubinh._rules import HAND_CODES, HandCode, MauBinhRules, Wheel

__all__ = [
    "RANK",
    "SUIT",
    "Evaluator",
    "category",
    "evaluator",
    "hand_code",
    "mb_rank",
]

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)

RANK: Final[tuple[int, ...]] = POKER.positions
"""Mậu Binh rank of each card id, its position in the poker order: 0 = the 2 … 12 = the A."""
SUIT: Final[tuple[int, ...]] = tuple(c % 4 for c in range(52))
"""Suit of each card id: 0 ♠ < 1 ♣ < 2 ♦ < 3 ♥."""
_PRIME: Final[tuple[int, ...]] = tuple(_PRIMES[r] for r in RANK)
_SUITBIT: Final[tuple[int, ...]] = tuple(1 << s for s in SUIT)

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
_CAT_SHIFT: Final = 22
_RANKS = range(len(POKER.labels))


def mb_rank(card: int) -> int:
    """Mậu Binh rank of a card id (0 = the 2 … 12 = the A).

    >>> from vncards.core import parse_card
    >>> mb_rank(parse_card("2S").id), mb_rank(parse_card("AH").id), mb_rank(parse_card("3C").id)
    (0, 12, 1)
    """
    return RANK[card]


def category(key: int) -> int:
    """The category index of a key (0 = high-card … 8 = straight-flush).

    >>> ev = evaluator(MauBinhRules())
    >>> category(ev.key3(0, 1, 2))
    3
    """
    return key >> _CAT_SHIFT


def hand_code(key: int) -> HandCode:
    """The rules page's code of a key's category.

    >>> ev = evaluator(MauBinhRules())
    >>> hand_code(ev.key5(0, 1, 4, 5, 8))
    'two-pair'
    """
    return HAND_CODES[key >> _CAT_SHIFT]


def _pack(cat: int, nibbles: Sequence[int]) -> int:
    key = cat
    for i in range(5):
        key = key << 4 | (nibbles[i] if i < len(nibbles) else 0)
    return key << 2


def _straight_place(ranks: Sequence[int], wheel: Wheel) -> int | None:
    """Place of five distinct ranks in the straight order (1 = lowest), or None."""
    place = POKER.run_place(ranks)  # 0 (the wheel A-2-3-4-5), 1 (2-3-4-5-6) … 9 (10-J-Q-K-A)
    if place is None:
        return None
    if wheel == "second":  # the wheel between 9-10-J-Q-K and 10-J-Q-K-A
        return {0: 9, 9: 10}.get(place, place)
    return place + 1


def _rank_key(ranks: Sequence[int], flush: bool, wheel: Wheel) -> int:
    """The key (suit bits 0) of a chi given its ranks, 3 or 5 of them."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = tuple(c for _, c in groups)
    nib = [r + 1 for r, _ in groups]
    if len(ranks) == 3:
        cat = {(3,): TRIPS, (2, 1): PAIR}.get(shape, HIGH_CARD)
        return _pack(cat, nib)
    if shape == (1, 1, 1, 1, 1):
        place = _straight_place(ranks, wheel)
        if place is not None:
            return _pack(STRAIGHT_FLUSH if flush else STRAIGHT, [place])
        return _pack(FLUSH if flush else HIGH_CARD, nib)
    cat = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }[shape]
    return _pack(cat, nib)


def _product(ranks: Sequence[int]) -> int:
    p = 1
    for r in ranks:
        p *= _PRIMES[r]
    return p


@cache
def _tables(wheel: Wheel) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """(plain 5-card, flush 5-card, 3-card) keys by the prime product of the ranks."""
    plain: dict[int, int] = {}
    for ranks in combinations_with_replacement(_RANKS, 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            plain[_product(ranks)] = _rank_key(ranks, False, wheel)
    flush = {_product(rs): _rank_key(rs, True, wheel) for rs in combinations(_RANKS, 5)}
    three = {
        _product(rs): _rank_key(rs, False, wheel) for rs in combinations_with_replacement(_RANKS, 3)
    }
    return plain, flush, three


class Evaluator:
    """Keys of 5- and 3-card chi under one rules object (its ``wheel`` and
    ``suits_break_ties``). Get one with :func:`evaluator`.

    >>> from vncards.core import parse_cards
    >>> ev = evaluator(MauBinhRules())
    >>> def key(text): return ev.key([c.id for c in parse_cards(text.split())])
    >>> hand_code(key("AS KS QS JS 10S")), hand_code(key("AS 2D 3C 4H 5S"))
    ('straight-flush', 'straight')
    >>> key("AS 2D 3C 4H 5S") > key("KS QD JC 10H 9S")  # the wheel is second highest
    True
    >>> key("QH QD 5C") < key("QS QC 7H 6D 2S")  # the 3-card chi runs out: not higher
    True
    """

    __slots__ = ("flush", "plain", "suits", "three", "wheel")

    def __init__(self, wheel: Wheel, suits: bool) -> None:
        self.wheel = wheel
        self.suits = suits
        self.plain, self.flush, self.three = _tables(wheel)

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, an evaluator is rebuilt from its settings (as the pure one pickles)
        return (_evaluator, (self.wheel, self.suits))

    def key5(self, a: int, b: int, c: int, d: int, e: int) -> int:
        """The key of the 5-card chi ``a`` … ``e`` (card ids)."""
        prime = _PRIME
        product = prime[a] * prime[b] * prime[c] * prime[d] * prime[e]
        bit = _SUITBIT
        if bit[a] & bit[b] & bit[c] & bit[d] & bit[e]:
            k = self.flush[product]
        else:
            k = self.plain[product]
        if self.suits:
            k |= _decider_suit(k, (a, b, c, d, e))
        return k

    def key3(self, a: int, b: int, c: int) -> int:
        """The key of the 3-card chi ``a``, ``b``, ``c`` (card ids)."""
        prime = _PRIME
        k = self.three[prime[a] * prime[b] * prime[c]]
        if self.suits:
            k |= _decider_suit(k, (a, b, c))
        return k

    def key(self, cards: Sequence[int]) -> int:
        """The key of a 5- or 3-card chi given as card ids."""
        if len(cards) == 5:
            return self.key5(cards[0], cards[1], cards[2], cards[3], cards[4])
        if len(cards) == 3:
            return self.key3(cards[0], cards[1], cards[2])
        raise ValueError(f"a chi holds 5 or 3 cards, not {len(cards)}")


def _decider_suit(key: int, cards: tuple[int, ...]) -> int:
    """Suit of the highest card that decides: the highest card of the leading rank group
    (the top rank of a straight, the A of A-2-3-4-5)."""
    cat = key >> _CAT_SHIFT
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        rank = max(RANK[c] for c in cards)
    else:
        rank = (key >> 18 & 15) - 1
    return max(SUIT[c] for c in cards if RANK[c] == rank)


@cache
def _evaluator(wheel: Wheel, suits: bool) -> Evaluator:
    return Evaluator(wheel, suits)


def evaluator(rules: MauBinhRules) -> Evaluator:
    """The (shared) evaluator for these rules.

    >>> evaluator(MauBinhRules()) is evaluator(MauBinhRules())
    True
    """
    return _evaluator(rules.wheel, rules.suits_break_ties)
