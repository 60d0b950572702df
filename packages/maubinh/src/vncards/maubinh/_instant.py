"""Mậu binh trắng: the eight instant hands, checked on the 13 dealt cards.

Checks read two summaries of a hand: the count of each Mậu Binh rank (packed four bits
a rank) and the count of each suit. The split-shaped hands (3 sảnh) are looked up in a
set of every rank-count vector that three straights can make.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement

from vncards.maubinh._hands import RANK, SUIT
from vncards.maubinh._rules import INSTANT_CODES, InstantCode, MauBinhRules

__all__ = ["instant_hand", "instant_hands", "instant_rank"]

_NIBBLE: tuple[int, ...] = tuple(1 << (4 * r) for r in RANK)
_SUIT_BYTE: tuple[int, ...] = tuple(1 << (8 * s) for s in SUIT)
_EVERY_RANK_ONCE = sum(1 << (4 * r) for r in range(13))
_LOW3 = 0x7777777777777  # three low bits of each of the 13 rank nibbles
# sorted non-zero suit counts that split into 5 + 5 + 3 cards, each part of one suit
_THREE_FLUSHES = {(5, 5, 3), (10, 3), (8, 5), (13,)}


def _runs(length: int) -> list[tuple[int, ...]]:
    """Rank sets of every straight of ``length`` cards (A-2-3… and …Q-K-A included)."""
    runs = [tuple(range(low, low + length)) for low in range(13 - length + 1)]
    runs.append((12, *range(length - 1)))  # the A below the 2
    return runs


@cache
def _three_straights() -> frozenset[int]:
    """Packed rank counts of every 5 + 5 + 3 split into straights."""
    out = set()
    threes = _runs(3)
    for a, b in combinations_with_replacement(_runs(5), 2):
        for c in threes:
            counts = [0] * 13
            for r in (*a, *b, *c):
                counts[r] += 1
            if max(counts) <= 4:
                out.add(sum(n << (4 * r) for r, n in enumerate(counts)))
    return frozenset(out)


def _kinds(cards: Sequence[int]) -> Iterable[InstantCode]:
    """Every instant kind the 13 cards qualify for, highest first."""
    packed = sum(map(_NIBBLE.__getitem__, cards))
    by_suit = sum(map(_SUIT_BYTE.__getitem__, cards))
    suits = [by_suit & 255, by_suit >> 8 & 255, by_suit >> 16 & 255, by_suit >> 24]
    if max(suits) == 13:
        yield "rong-cuon"
    if packed == _EVERY_RANK_ONCE:
        yield "sanh-rong"
    black = suits[0] + suits[1]
    if black in (0, 13):
        yield "dong-mau-13"
    if black in (1, 12):
        yield "dong-mau-12"
    # pairs: the sum over ranks of count // 2, added up nibble-wise by one product
    pairs = ((packed >> 1 & _LOW3) * _EVERY_RANK_ONCE) >> 48 & 15
    if pairs == 6:
        # 13 cards in six pairs leave one rank with an odd count: a triple, or a single
        odd = packed & _EVERY_RANK_ONCE
        if packed >> 1 & odd:
            yield "nam-doi-mot-sam"
        yield "luc-phe-bon"
    if tuple(sorted((n for n in suits if n), reverse=True)) in _THREE_FLUSHES:
        yield "ba-thung"
    if packed in _three_straights():
        yield "ba-sanh"


def instant_hand(cards: Sequence[int], rules: MauBinhRules) -> InstantCode | None:
    """The highest instant hand of 13 dealt cards among those the rules play, or None.

    >>> from vncards.core import parse_cards
    >>> def ids(text): return [c.id for c in parse_cards(text.split())]
    >>> rules = MauBinhRules()
    >>> instant_hand(ids("2S 3H 4D 5C 6S 7H 8D 9C 10S JH QD KC AS"), rules)
    'sanh-rong'
    >>> instant_hand(ids("2S 2H 4D 4C 6S 6H 8D 8C 10S 10H QD QC AS"), rules)
    'luc-phe-bon'
    >>> instant_hand(ids("2S 2H 4D 4C 6S 6H 8D 8C 10S 10H QD QC AS"), MauBinhRules(instant_wins={}))
    """
    played = rules.instant_wins
    if not played:
        return None
    for code in _kinds(cards):
        if code in played:
            return code
    return None


def instant_hands(
    hands: Sequence[Sequence[int]], rules: MauBinhRules
) -> tuple[InstantCode | None, ...]:
    """:func:`instant_hand` of every seat."""
    return tuple(instant_hand(h, rules) for h in hands)


def instant_rank(code: str) -> int:
    """Strength of an instant kind: 0 for the highest (rồng cuốn).

    >>> instant_rank("rong-cuon") < instant_rank("ba-sanh")
    True
    """
    return INSTANT_CODES.index(code)
