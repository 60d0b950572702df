"""Arranging 13 cards: the greedy split, the Pareto front of valid splits, and the
solver that picks from that front the split with the best expected chi against
sampled opponent hands.

Pruning: every chi is scored by its key and a chi's value never falls as its key rises,
so a valid split that another valid split matches or beats in all three chi can never
score more against any opponent. Only the front of undominated splits (usually a few
dozen of the 72,072) is scored against the samples.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any, Final, SupportsIndex

from vncards.core import Draws
from vncards.maubinh._hands import _PRIME, _SUITBIT, Evaluator
from vncards.maubinh._settle import Scoring

__all__ = [
    "BACKS",
    "Split",
    "expected_chi",
    "front",
    "front_keys",
    "greedy_split",
    "random_split",
    "solve",
    "split_at",
    "split_of",
]

_ALL: Final = (1 << 13) - 1
_MASKS5: Final[tuple[int, ...]] = tuple(sum(1 << i for i in c) for c in combinations(range(13), 5))
_POS5: Final[tuple[tuple[int, ...], ...]] = tuple(combinations(range(13), 5))
_MASKS3: Final[tuple[int, ...]] = tuple(sum(1 << i for i in c) for c in combinations(range(13), 3))
_POS3: Final[tuple[tuple[int, ...], ...]] = tuple(combinations(range(13), 3))
# a split by index: back = _BACKS[i // 56] (positions among 13); its middle and front
# are positions among the 8 left (_REST8), _MIDDLES8[i % 56] and _FRONTS8[i % 56]
_BACKS: Final[tuple[tuple[int, ...], ...]] = _POS5
_REST8: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(13) if i not in back) for back in _BACKS
)
_MIDDLES8: Final[tuple[tuple[int, ...], ...]] = tuple(combinations(range(8), 5))
_FRONTS8: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(8) if i not in mid) for mid in _MIDDLES8
)
# the 56 middles of the 8 positions left by each back, as masks over the 13 positions
_MIDDLES: dict[int, tuple[int, ...]] = {}
for _back in _MASKS5:
    _rest = [i for i in range(13) if not _back >> i & 1]
    _MIDDLES[_back] = tuple(sum(1 << _rest[i] for i in c) for c in combinations(range(8), 5))


@dataclass(frozen=True, slots=True)
class Split:
    """Three chi as card ids (chi1, chi2 of 5, chi3 of 3) and their keys."""

    chi1: tuple[int, ...]
    chi2: tuple[int, ...]
    chi3: tuple[int, ...]
    keys: tuple[int, int, int]

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Split, (self.chi1, self.chi2, self.chi3, self.keys))


# every split of a back as indices into the 5- and 3-card key lists of :func:`_key_lists`
_INDEX5: Final[dict[int, int]] = {m: i for i, m in enumerate(_MASKS5)}
_INDEX3: Final[dict[int, int]] = {m: i for i, m in enumerate(_MASKS3)}
# the 56 splits of back b at 56 * b …: its middle's index << 15 | its front's index << 6
# | the rank of the middle's mask among the 56 (0: the lowest mask)
_AT_BACK: Final[list[int]] = [
    _INDEX5[m2] << 15 | _INDEX3[_ALL ^ m1 ^ m2] << 6 | sorted(_MIDDLES[m1]).index(m2)
    for m1 in _MASKS5
    for m2 in _MIDDLES[m1]
]
_MIDDLE_BY_RANK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(_MIDDLES[m1])) for m1 in _MASKS5
)
_TIE: Final = 2047  # low bits of a back's sort code: 2047 - index (equal keys in index order)
_KEY_BITS: Final = 26  # every key is below 1 << 26
Keys = tuple[int, int, int]
BACKS: Final = 1287
"""How many 5-card subsets 13 cards have: :func:`front` of every one is the whole front."""


# a sorted multiset of core ranks r0 <= r1 <= ... as the index sum(_PLACE[k][r_k]) (each
# r_k + k taken k + 1 at a time): 6,188 multisets of five ranks, 455 of three
_PLACE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(comb(r + k, k + 1) for r in range(13)) for k in range(5)
)
_RANK_TABLES: dict[str, tuple[list[int], list[int], list[int]]] = {}


def _rank_tables(ev: Evaluator) -> tuple[list[int], list[int], list[int]]:
    """The evaluator's plain 5-card, flush 5-card and 3-card keys (suit bits 0) by the
    index of the multiset of core ranks (-1 where there is none)."""
    got = _RANK_TABLES.get(ev.wheel)
    if got is None:
        plain, flush, three = [-1] * comb(17, 5), [-1] * comb(17, 5), [-1] * comb(15, 3)
        for size, table in ((5, plain), (3, three)):
            for ranks in combinations_with_replacement(range(13), size):
                at = sum(_PLACE[k][r] for k, r in enumerate(ranks))
                product = 1
                for r in ranks:
                    product *= _PRIME[4 * r]
                if size == 3:
                    table[at] = ev.three[product]
                    continue
                table[at] = ev.plain.get(product, -1)
                if len(set(ranks)) == 5:
                    flush[at] = ev.flush[product]
        got = _RANK_TABLES[ev.wheel] = (plain, flush, three)
    return got


def _key_lists(ev: Evaluator, cards: Sequence[int]) -> tuple[list[int], list[int]]:
    """Keys of every 5- and 3-card subset of the 13 sorted cards, in the order of
    ``_MASKS5`` and ``_MASKS3`` (read from tables by rank multiset when suits do not
    break ties)."""
    if ev.suits:
        return (
            [ev.key5(cards[a], cards[b], cards[c], cards[d], cards[e]) for a, b, c, d, e in _POS5],
            [ev.key3(cards[a], cards[b], cards[c]) for a, b, c in _POS3],
        )
    plain, flush, three = _rank_tables(ev)
    at0, at1, at2, at3, at4 = ([place[c >> 2] for c in cards] for place in _PLACE)
    bit = [_SUITBIT[c] for c in cards]
    k5: list[int] = []
    k3: list[int] = []
    for a in range(13):
        for b in range(a + 1, 13):
            ib = at0[a] + at1[b]
            sb = bit[a] & bit[b]
            for c in range(b + 1, 13):
                ic = ib + at2[c]
                k3.append(three[ic])
                sc = sb & bit[c]
                for d in range(c + 1, 12):
                    id_ = ic + at3[d]
                    sd = sc & bit[d]
                    for e in range(d + 1, 13):
                        i = id_ + at4[e]
                        k5.append(flush[i] if sd & bit[e] else plain[i])
    return k5, k3


class _Stair:
    """The (chi2, chi3) key pairs of splits seen so far, as the staircase of the
    undominated ones: chi2 keys falling (kept negated, rising), chi3 keys rising."""

    def __init__(self) -> None:
        self.minus2: list[int] = []
        self.key3: list[int] = []

    def floor(self, key2: int) -> int:
        """The highest chi3 key of the pairs seen with a chi2 key of at least ``key2``
        (-1: none): a pair ``(key2, key3)`` is matched or beaten in both when ``key3``
        is at most that."""
        lo, hi = 0, len(self.minus2)
        while lo < hi:  # the pairs with a chi2 key of at least key2 come first
            mid = (lo + hi) // 2
            if self.minus2[mid] <= -key2:
                lo = mid + 1
            else:
                hi = mid
        return self.key3[lo - 1] if lo else -1

    def covers(self, key2: int, key3: int) -> bool:
        """Whether a pair seen matches or beats ``(key2, key3)`` in both."""
        return key3 <= self.floor(key2)

    def add(self, key2: int, key3: int) -> None:
        """Take in a pair that :meth:`covers` does not."""
        minus2, keys3 = self.minus2, self.key3
        lo, hi = 0, len(minus2)
        while lo < hi:  # the first pair with a chi2 key of at most key2
            mid = (lo + hi) // 2
            if minus2[mid] < -key2:
                lo = mid + 1
            else:
                hi = mid
        end = lo
        while end < len(minus2) and keys3[end] <= key3:
            end += 1
        minus2[lo:end] = [-key2]
        keys3[lo:end] = [key3]


def _split(cards: Sequence[int], m1: int, m2: int, keys: tuple[int, int, int]) -> Split:
    a, b, c, d, e = _POS5[_INDEX5[m1]]
    f, g, h, i, j = _POS5[_INDEX5[m2]]
    x, y, z = _POS3[_INDEX3[_ALL ^ m1 ^ m2]]
    return Split(
        (cards[a], cards[b], cards[c], cards[d], cards[e]),
        (cards[f], cards[g], cards[h], cards[i], cards[j]),
        (cards[x], cards[y], cards[z]),
        keys,
    )


def greedy_split(ev: Evaluator, cards: Sequence[int]) -> Split:
    """The strongest chi1, then the strongest chi2 of the rest; chi3 is what is left.
    Never binh lủng.

    >>> from vncards.core import parse_cards
    >>> from vncards.maubinh._hands import evaluator, hand_code
    >>> from vncards.maubinh._rules import MauBinhRules
    >>> ev = evaluator(MauBinhRules())
    >>> hand = sorted(c.id for c in parse_cards("AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C".split()))
    >>> [hand_code(k) for k in greedy_split(ev, hand).keys]
    ['full-house', 'pair', 'high-card']
    """
    cards = sorted(cards)
    best1 = -1
    m1 = 0
    for m, (a, b, c, d, e) in zip(_MASKS5, _POS5, strict=True):
        k = ev.key5(cards[a], cards[b], cards[c], cards[d], cards[e])
        if k > best1:
            best1, m1 = k, m
    best2 = -1
    m2 = 0
    for m in _MIDDLES[m1]:
        a, b, c, d, e = (cards[i] for i in range(13) if m >> i & 1)
        k = ev.key5(a, b, c, d, e)
        if k > best2:
            best2, m2 = k, m
    a, b, c = (cards[i] for i in range(13) if (_ALL ^ m1 ^ m2) >> i & 1)
    return _split(cards, m1, m2, (best1, best2, ev.key3(a, b, c)))


def split_at(cards: Sequence[int], index: SupportsIndex) -> tuple[tuple[int, ...], ...]:
    """Split number ``index`` (0 … 72,071) of 13 sorted cards, as (chi1, chi2, chi3).

    >>> split_at(range(13), 0)
    ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11, 12))
    >>> split_at(range(13), 72_071)
    ((8, 9, 10, 11, 12), (3, 4, 5, 6, 7), (0, 1, 2))
    """
    i = operator.index(index)  # numpy integers too
    b, m = i // 56, i % 56
    back, rest = _BACKS[b], _REST8[b]
    mid, low = _MIDDLES8[m], _FRONTS8[m]
    return (
        (cards[back[0]], cards[back[1]], cards[back[2]], cards[back[3]], cards[back[4]]),
        (
            cards[rest[mid[0]]],
            cards[rest[mid[1]]],
            cards[rest[mid[2]]],
            cards[rest[mid[3]]],
            cards[rest[mid[4]]],
        ),
        (cards[rest[low[0]]], cards[rest[low[1]]], cards[rest[low[2]]]),
    )


def random_split(ev: Evaluator, cards: Sequence[int], rng: Draws) -> Split:
    """A random valid split: one of the 72,072 splits drawn at random, the stronger five
    made chi1, drawn again while chi3 beats chi2. ``cards`` are sorted; ``rng`` is a
    :class:`random.Random` or anything else with its ``random()``.

    >>> from vncards.maubinh._hands import evaluator
    >>> from vncards.maubinh._rules import MauBinhRules
    >>> s = random_split(evaluator(MauBinhRules()), list(range(13)), random.Random(1))
    >>> s.keys[0] >= s.keys[1] >= s.keys[2]
    True
    """
    hand = tuple(cards)
    for _ in range(100):
        i = int(rng.random() * 72_072)
        b, m = i // 56, i % 56  # as split_at numbers the splits
        back, rest = _BACKS[b], _REST8[b]
        mid, low = _MIDDLES8[m], _FRONTS8[m]
        a0, a1, a2, a3, a4 = (
            hand[back[0]],
            hand[back[1]],
            hand[back[2]],
            hand[back[3]],
            hand[back[4]],
        )
        b0, b1, b2 = hand[rest[mid[0]]], hand[rest[mid[1]]], hand[rest[mid[2]]]
        b3, b4 = hand[rest[mid[3]]], hand[rest[mid[4]]]
        c0, c1, c2 = hand[rest[low[0]]], hand[rest[low[1]]], hand[rest[low[2]]]
        ka = ev.key5(a0, a1, a2, a3, a4)
        kb = ev.key5(b0, b1, b2, b3, b4)
        kc = ev.key3(c0, c1, c2)
        if ka >= kc and kb >= kc:  # valid once the stronger five is chi1
            five_a, five_b = (a0, a1, a2, a3, a4), (b0, b1, b2, b3, b4)
            if kb > ka:
                return Split(five_b, five_a, (c0, c1, c2), (kb, ka, kc))
            return Split(five_a, five_b, (c0, c1, c2), (ka, kb, kc))
    return greedy_split(ev, cards)  # pragma: no cover - a valid shuffle comes at once


def front(ev: Evaluator, cards: Sequence[int], backs: int = BACKS) -> list[Split]:
    """Every valid split that no other valid split matches or beats in all three chi
    (one split per distinct key triple), strongest chi1 first; with ``backs`` below
    :data:`BACKS`, the front of the splits whose chi1 is among the ``backs`` strongest
    five cards of the hand (ties in the order of :func:`front_keys`).

    >>> from vncards.maubinh._hands import evaluator
    >>> from vncards.maubinh._rules import MauBinhRules
    >>> splits = front(evaluator(MauBinhRules()), list(range(0, 52, 4)))  # 13 ranks, all ♠
    >>> len(splits) >= 1 and all(s.keys[0] >= s.keys[1] >= s.keys[2] for s in splits)
    True
    """
    hand = sorted(cards)
    keys, masks = front_keys(ev, hand, backs)
    return [_split(hand, m1, m2, k) for k, (m1, m2) in zip(keys, masks, strict=True)]


def front_keys(
    ev: Evaluator, cards: Sequence[int], backs: int = BACKS
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """The key triples of :func:`front`'s splits, in its order, and the position masks
    (among the sorted cards) of each one's chi1 and chi2 — the front without making its
    splits (:func:`split_of` makes one).

    >>> from vncards.maubinh._hands import evaluator
    >>> from vncards.maubinh._rules import MauBinhRules
    >>> ev, hand = evaluator(MauBinhRules()), list(range(13))
    >>> keys, masks = front_keys(ev, hand)
    >>> [split_of(hand, *m, k) for k, m in zip(keys, masks)] == front(ev, hand)
    True
    """
    k5, k3 = _key_lists(ev, sorted(cards))
    found = _front_triples(k5, k3, backs)
    found.sort(reverse=True)
    seen = _Stair()
    keys: list[tuple[int, int, int]] = []
    masks: list[tuple[int, int]] = []
    for trip, m1, m2 in found:
        if not seen.covers(trip[1], trip[2]):
            keys.append(trip)
            masks.append((m1, m2))
            seen.add(trip[1], trip[2])
    return keys, masks


def split_of(cards: Sequence[int], chi1: int, chi2: int, keys: tuple[int, int, int]) -> Split:
    """The split of 13 sorted cards whose chi1 and chi2 are the cards at the positions
    of masks ``chi1`` and ``chi2``, chi3 the rest (``keys`` are its keys).

    >>> split_of(range(13), 0b11111, 0b1111100000, (3, 2, 1)).chi3
    (10, 11, 12)
    """
    return _split(cards, chi1, chi2, keys)


def _strongest(k5: list[int], backs: int) -> list[int]:
    """Sort codes (key, then mask order) of at least the ``backs`` strongest of the 5-card
    subsets, strongest first: every subset whose category and first rank reach those of
    the ``backs``-th."""
    counts = [0] * (1 << (_KEY_BITS - 18))
    for k in k5:
        counts[k >> 18] += 1
    floor = len(counts)
    taken = 0
    while taken < backs and floor > 0:
        floor -= 1
        taken += counts[floor]
    codes = [k << 11 | (_TIE - i) for i, k in enumerate(k5) if k >> 18 >= floor]
    codes.sort(reverse=True)
    return codes


def _front_triples(k5: list[int], k3: list[int], backs: int) -> list[tuple[Keys, int, int]]:
    """Key triples of valid splits, a superset of the front with one split per triple,
    each with the (chi1, chi2) masks of its first split (backs in mask order, then the
    highest middle mask).

    Backs go strongest first, the ``backs`` strongest at most; a split whose (chi2, chi3)
    keys a split of a stronger or equal back matches or beats (``seen``) cannot be on the
    front (nor be a second split of a triple found), and a back is skipped whole when that
    covers its own key with the best three cards it leaves. Once even the strongest pair
    a weaker back could make is covered, no weaker back can add a split."""
    codes3 = sorted([k << 9 | i for i, k in enumerate(k3)], reverse=True)
    masks3 = [_MASKS3[c & 511] for c in codes3]
    top3 = codes3[0] >> 9
    seen = _Stair()
    found: list[tuple[Keys, int, int]] = []
    for code in _strongest(k5, backs)[:backs]:
        key1 = code >> 11
        floor = seen.floor(key1)  # splits of this back with a chi3 key up to it: covered
        if floor >= min(key1, top3):
            break
        back = _TIE - (code & _TIE)
        m1 = _MASKS5[back]
        j = 0
        while masks3[j] & m1:
            j += 1
        if floor < min(codes3[j] >> 9, key1):
            _back_splits(k5, k3, back, key1, floor, seen, found)
    return found


def _back_splits(
    k5: list[int],
    k3: list[int],
    back: int,
    key1: int,
    floor: int,
    seen: _Stair,
    found: list[tuple[Keys, int, int]],
) -> None:
    """The undominated valid splits of one back that ``seen`` does not cover, into
    ``found`` and ``seen`` (``floor``: ``seen``'s floor at ``key1``)."""
    table = _AT_BACK
    local: list[int] = []
    for j in range(56 * back, 56 * back + 56):
        at = table[j]
        key2 = k5[at >> 15]
        if key2 <= key1:
            key3 = k3[at >> 6 & 511]
            if floor < key3 <= key2:
                local.append((key2 << _KEY_BITS | key3) << 6 | (at & 63))
    local.sort(reverse=True)
    top = -1
    for code in local:
        key3 = code >> 6 & ((1 << _KEY_BITS) - 1)
        if key3 > top:
            top = key3
            key2 = code >> (_KEY_BITS + 6)
            if not seen.covers(key2, key3):
                found.append(((key1, key2, key3), _MASKS5[back], _MIDDLE_BY_RANK[back][code & 63]))
                seen.add(key2, key3)


def expected_chi(
    score: Scoring, keys: tuple[int, int, int], opponents: Sequence[tuple[int, int, int]]
) -> float:
    """Mean chi won by ``keys`` against each of ``opponents`` (one opponent at a time).

    >>> from vncards.maubinh._settle import scoring
    >>> from vncards.maubinh._rules import MauBinhRules
    >>> expected_chi(scoring(MauBinhRules()), (30, 20, 10), [(25, 15, 5), (35, 25, 15)])
    0.0
    """
    if not opponents:
        return 0.0
    pair = score.pair
    return sum(pair(keys, o)[0] for o in opponents) / len(opponents)


def solve(
    ev: Evaluator,
    score: Scoring,
    cards: Sequence[int],
    rng: random.Random,
    *,
    samples: int = 40,
    unseen: Sequence[int] | None = None,
    splits: Sequence[Split] | None = None,
) -> tuple[Split, float]:
    """The split of the front with the best expected chi against ``samples`` opponent
    hands dealt from ``unseen`` (by default every card not in ``cards``) and arranged
    the greedy way; returns it with that expectation (per opponent). ``splits`` is the
    front of ``cards`` when the caller has it already (:func:`front`), else it is made.

    >>> from vncards.maubinh._hands import evaluator, hand_code
    >>> from vncards.maubinh._rules import MauBinhRules
    >>> from vncards.maubinh._settle import scoring
    >>> from vncards.core import parse_cards
    >>> rules = MauBinhRules()
    >>> hand = [c.id for c in parse_cards("AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C".split())]
    >>> split, ev_chi = solve(evaluator(rules), scoring(rules), hand, random.Random(0))
    >>> split.keys[0] >= split.keys[1] >= split.keys[2]
    True
    """
    cards = sorted(cards)
    if splits is None:
        splits = front(ev, cards)
    if unseen is None:
        held = set(cards)
        unseen = [c for c in range(52) if c not in held]
    pool = list(unseen)
    opponents = []
    for _ in range(samples):
        hand = rng.sample(pool, 13)
        opponents.append(greedy_split(ev, hand).keys)
    best = splits[0]
    best_value = expected_chi(score, best.keys, opponents)
    for s in splits[1:]:
        v = expected_chi(score, s.keys, opponents)
        if v > best_value:
            best, best_value = s, v
    return best, best_value
