"""Mậu binh trắng: the eight instant hands, checked on the 13 dealt cards.

Checks read two summaries of a hand: the count of each Mậu Binh rank (packed four bits
a rank) and the count of each suit. The split-shaped hands (3 sảnh) are looked up in a
set of every rank-count vector that three straights can make.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Final

from vncards.core import POKER
from vncards.maubinh._hands import RANK, SUIT
from vncards.maubinh._rules import INSTANT_CODES, InstantCode, MauBinhRules

__all__ = ["instant_hand", "instant_hands", "instant_rank"]

_NIBBLE: Final[tuple[int, ...]] = tuple(1 << (4 * r) for r in RANK)
_SUIT_BYTE: Final[tuple[int, ...]] = tuple(1 << (8 * s) for s in SUIT)
_EVERY_RANK_ONCE: Final = sum(1 << (4 * r) for r in range(len(POKER.labels)))
_LOW3: Final = 0x7777777777777  # three low bits of each of the 13 rank nibbles
# the four suit counts, sorted and packed a nibble each (see _suit_shape), that split
# into 5 + 5 + 3 cards, each part of one suit: 3-5-5, 3-10, 5-8 and 13
_THREE_FLUSHES: Final = frozenset({0x0355, 0x003A, 0x0058, 0x000D})


def _three_straights() -> frozenset[int]:
    """Packed rank counts of every 5 + 5 + 3 split into straights: the poker order's runs,
    A-2-3… and …Q-K-A included."""
    out = set()
    threes = POKER.runs(3)
    for a, b in combinations_with_replacement(POKER.runs(5), 2):
        for c in threes:
            counts = [0] * 13
            for r in (*a, *b, *c):
                counts[r] += 1
            if max(counts) <= 4:
                out.add(sum(n << (4 * r) for r, n in enumerate(counts)))
    return frozenset(out)


_THREE_STRAIGHTS: Final = _three_straights()


def _pairs(packed: int) -> int:
    """The sum over ranks of count // 2, of rank counts packed a nibble each: each
    nibble halved, then added up pairwise (no sum outgrows its byte or 64 bits).

    >>> _pairs(0x4321)  # four of one rank, three, two, one: 2 + 1 + 1 + 0 pairs
    4
    """
    x = packed >> 1 & _LOW3
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0xFF


def _suit_shape(a: int, b: int, c: int, d: int) -> int:
    """Four suit counts, sorted and packed a nibble each, the smallest first.

    >>> hex(_suit_shape(5, 0, 3, 5))
    '0x355'
    """
    s = sorted([a, b, c, d])
    return s[0] << 12 | s[1] << 8 | s[2] << 4 | s[3]


def _kinds(cards: Sequence[int]) -> list[InstantCode]:
    """Every instant kind the 13 cards qualify for, highest first."""
    packed = by_suit = 0
    for c in cards:
        packed += _NIBBLE[c]
        by_suit += _SUIT_BYTE[c]
    spades, clubs = by_suit & 255, by_suit >> 8 & 255
    diamonds, hearts = by_suit >> 16 & 255, by_suit >> 24
    found: list[InstantCode] = []
    if spades == 13 or clubs == 13 or diamonds == 13 or hearts == 13:
        found.append("rong-cuon")
    if packed == _EVERY_RANK_ONCE:
        found.append("sanh-rong")
    black = spades + clubs
    if black == 0 or black == 13:
        found.append("dong-mau-13")
    if black == 1 or black == 12:
        found.append("dong-mau-12")
    pairs = _pairs(packed)
    if pairs == 6:
        # 13 cards in six pairs leave one rank with an odd count: a triple, or a single
        if packed >> 1 & packed & _EVERY_RANK_ONCE:
            found.append("nam-doi-mot-sam")
        found.append("luc-phe-bon")
    if _suit_shape(spades, clubs, diamonds, hearts) in _THREE_FLUSHES:
        found.append("ba-thung")
    if packed in _THREE_STRAIGHTS:
        found.append("ba-sanh")
    return found


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
    return tuple([instant_hand(h, rules) for h in hands])


def instant_rank(code: str) -> int:
    """Strength of an instant kind: 0 for the highest (rồng cuốn).

    >>> instant_rank("rong-cuon") < instant_rank("ba-sanh")
    True
    """
    return INSTANT_CODES.index(code)
