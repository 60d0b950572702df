"""The grouping solver: rác (junk), the win check and the best lệnh of a private hand.

A hand is a tuple of four ints, one per colour, each holding the counts of the seven
pieces as base-5 digits (digit ``p`` = copies of piece ``p``). In a private hand three
identical cards are a locked Khạp and four a Quàn: both are groups on their own, so
every other count is 0, 1 or 2.

Why it is fast: the only group that crosses colours is the soldiers' group, and Chốt
form no group with the other pieces of their colour except a pair. So a colour's
Tướng…Mã part is solved alone (3^6 states, tabled at import), and the Chốt of the four
colours are solved together from their free counts (3^4 states, tabled at import) by
trying every way of forming zero, one or two soldiers' groups. Every table is indexed
by the colour's base-5 value, so the minimum rác is eight lookups and one addition chain.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final, NamedTuple

__all__ = [
    "EMPTY_HAND",
    "Grouping",
    "Hand",
    "best_grouping",
    "best_lenh",
    "hand_add",
    "hand_count",
    "hand_kinds",
    "hand_of",
    "hand_remove",
    "hand_size",
    "is_complete",
    "min_junk",
]

Hand = tuple[int, int, int, int]
"""Counts of a private hand: per colour, the seven piece counts as base-5 digits."""

EMPTY_HAND: Hand = (0, 0, 0, 0)
_POW5: Final = (1, 5, 25, 125, 625, 3125, 15625)
_STATES: Final = 5**7
_COLOUR: Final = [k // 7 for k in range(28)]
_WEIGHT: Final = [_POW5[k % 7] for k in range(28)]
_SOLDIER: Final = 6


def hand_of(kinds: Iterable[int]) -> Hand:
    """The hand holding these kinds (with repeats).

    >>> hand_of([0, 0, 8])
    (2, 5, 0, 0)
    """
    cols = [0, 0, 0, 0]
    for k in kinds:
        c, p = divmod(k, 7)
        cols[c] += _POW5[p]
    return (cols[0], cols[1], cols[2], cols[3])


def hand_count(hand: Hand, kind: int) -> int:
    """Copies of ``kind`` in ``hand``.

    >>> hand_count(hand_of([3, 3, 5]), 3)
    2
    """
    # a constant index: compiled, a hand is four unboxed ints, and a variable index
    # would box it into a tuple first
    colour = _COLOUR[kind]
    if colour == 0:
        value = hand[0]
    elif colour == 1:
        value = hand[1]
    elif colour == 2:
        value = hand[2]
    else:
        value = hand[3]
    return value // _WEIGHT[kind] % 5


def hand_add(hand: Hand, kind: int, n: int = 1) -> Hand:
    """``hand`` with ``n`` more copies of ``kind`` (the caller keeps counts at most 4)."""
    a, b, c, d = hand
    colour = _COLOUR[kind]
    step = n * _WEIGHT[kind]
    if colour == 0:
        return (a + step, b, c, d)
    if colour == 1:
        return (a, b + step, c, d)
    if colour == 2:
        return (a, b, c + step, d)
    return (a, b, c, d + step)


def hand_remove(hand: Hand, kind: int, n: int = 1) -> Hand:
    """``hand`` with ``n`` copies of ``kind`` fewer (the caller checks they are there)."""
    return hand_add(hand, kind, -n)


def hand_kinds(hand: Hand) -> list[int]:
    """The kinds of a hand in kind order, with repeats.

    >>> hand_kinds((2, 5, 0, 0))
    [0, 0, 8]
    """
    out = []
    for c, v in enumerate(hand):
        p = 0
        while v:
            v, d = divmod(v, 5)
            out.extend([c * 7 + p] * d)
            p += 1
    return out


def hand_size(hand: Hand) -> int:
    """Number of cards in a hand."""
    return _SIZE[hand[0]] + _SIZE[hand[1]] + _SIZE[hand[2]] + _SIZE[hand[3]]


# ---------------------------------------------------------------- one colour, Tướng … Mã

# Groups inside one colour without Chốt, on free counts (each 0..2): a lone Tướng,
# a pair, Tướng+Sĩ+Tượng, Xe+Pháo+Mã. (piece tuple, lệnh)
_COLOUR_GROUPS: tuple[tuple[tuple[int, ...], int], ...] = (
    ((0,), 1),
    ((0, 1, 2), 1),
    ((3, 4, 5), 1),
    *(((p, p), 0) for p in range(6)),
)


class _Part(NamedTuple):
    junk: int
    lenh: int
    groups: tuple[tuple[int, ...], ...]  # piece tuples
    rest: tuple[int, ...]  # pieces left as rác


@cache
def _solve_part(counts: tuple[int, ...]) -> _Part:
    """Best grouping of one colour's Tướng … Mã (free counts): fewest rác, then most lệnh."""
    first = next((p for p, n in enumerate(counts) if n), None)
    if first is None:
        return _Part(0, 0, (), ())
    best: _Part | None = None
    less = list(counts)
    less[first] -= 1
    sub = _solve_part(tuple(less))
    best = _Part(sub.junk + 1, sub.lenh, sub.groups, (first, *sub.rest))
    for pieces, lenh in _COLOUR_GROUPS:
        if pieces[0] != first:
            continue
        left = list(counts)
        for p in pieces:
            left[p] -= 1
        if min(left) < 0:
            continue
        sub = _solve_part(tuple(left))
        cand = _Part(sub.junk, sub.lenh + lenh, (pieces, *sub.groups), sub.rest)
        if (cand.junk, -cand.lenh) < (best.junk, -best.lenh):
            best = cand
    return best


# ---------------------------------------------------------------- the Chốt of all colours

# Every way to form zero, one or two soldiers' groups: a tuple of colour sets.
_SOLDIER_SETS = [s for n in (3, 4) for s in combinations(range(4), n)]
_SOLDIER_PLANS: list[tuple[tuple[int, ...], ...]] = [
    plan for n in (0, 1, 2) for plan in combinations_with_replacement(_SOLDIER_SETS, n)
]


class _Soldiers(NamedTuple):
    junk: int
    lenh: int
    groups: tuple[tuple[int, ...], ...]  # colour sets of soldiers' groups
    pairs: tuple[int, ...]  # colours whose two free Chốt stay a pair
    rest: tuple[int, ...]  # colours whose one Chốt is rác


def _solve_soldiers(free: tuple[int, ...]) -> _Soldiers:
    best: _Soldiers | None = None
    for plan in _SOLDIER_PLANS:
        used = [0, 0, 0, 0]
        for group in plan:
            for c in group:
                used[c] += 1
        if any(u > f for u, f in zip(used, free, strict=True)):
            continue
        left = [f - u for f, u in zip(free, used, strict=True)]
        cand = _Soldiers(
            junk=left.count(1),
            lenh=sum(1 if len(g) == 3 else 2 for g in plan),
            groups=plan,
            pairs=tuple(c for c in range(4) if left[c] == 2),
            rest=tuple(c for c in range(4) if left[c] == 1),
        )
        if best is None or (cand.junk, -cand.lenh) < (best.junk, -best.lenh):
            best = cand
    assert best is not None
    return best


# soldier tables by code free[0] + 3 free[1] + 9 free[2] + 27 free[3]
_SOLDIERS: Final = [_solve_soldiers((i % 3, i // 3 % 3, i // 9 % 3, i // 27)) for i in range(81)]
_S_JUNK: Final = [s.junk for s in _SOLDIERS]

# ---------------------------------------------------------------- per colour value tables


def _digits(v: int) -> tuple[int, ...]:
    return tuple(v // _POW5[p] % 5 for p in range(7))


def _lock_lenh(n: int) -> int:
    return 3 if n == 3 else 8 if n == 4 else 0


def _build() -> tuple[list[int], list[int], list[int], list[int], list[int], list[int], list[int]]:
    # A colour value is low + 5^6 × chốt, where low holds Tướng … Mã in base 5. Counts 3
    # and 4 are locked groups, so each digit maps to a free count (0, 1, 2, 0, 0) and a
    # locked lệnh (0, 0, 0, 3, 8); the free counts index the 3^6 solved parts.
    free_of = (0, 1, 2, 0, 0)
    lock_of = (0, 0, 0, 3, 8)
    index, locks, size = [0], [0], [0]
    for p in range(6):
        index = [x + free_of[d] * 3**p for d in range(5) for x in index]
        locks = [x + lock_of[d] for d in range(5) for x in locks]
        size = [x + d for d in range(5) for x in size]
    parts = [
        _solve_part(free) for free in (tuple(i // 3**p % 3 for p in range(6)) for i in range(729))
    ]
    low_junk = [parts[i].junk for i in index]
    low_lenh = [parts[i].lenh + lk for i, lk in zip(index, locks, strict=True)]
    junk = low_junk * 5
    lenh = [x + lock_of[chot] for chot in range(5) for x in low_lenh]
    sizes = [x + chot for chot in range(5) for x in size]
    f1 = [free_of[chot] for chot in range(5) for _ in low_junk]
    return junk, lenh, sizes, f1, [3 * f for f in f1], [9 * f for f in f1], [27 * f for f in f1]


_TABLES = _build()
_JUNK: Final = _TABLES[0]
_LENH: Final = _TABLES[1]
_SIZE: Final = _TABLES[2]
_F1: Final = _TABLES[3]
_F3: Final = _TABLES[4]
_F9: Final = _TABLES[5]
_F27: Final = _TABLES[6]


def min_junk(hand: Hand) -> int:
    """The fewest rác any grouping of a private hand leaves (Khạp locked, Quàn apart).

    >>> from vncards.tusac._deck import parse_cards
    >>> min_junk(hand_of(parse_cards("RK RA RE GR GC YH")))  # GR, GC and YH left over
    3
    >>> min_junk(hand_of(parse_cards("RP YP GP WP WP")))
    0
    """
    a, b, c, d = hand
    return _JUNK[a] + _JUNK[b] + _JUNK[c] + _JUNK[d] + _S_JUNK[_F1[a] + _F3[b] + _F9[c] + _F27[d]]


def is_complete(hand: Hand) -> bool:
    """Whether a private hand groups with no rác at all (tròn bài).

    >>> from vncards.tusac._deck import parse_cards
    >>> is_complete(hand_of(parse_cards("RK GR GC GH WP WP"))), is_complete(hand_of([3]))
    (True, False)
    """
    a, b, c, d = hand
    return not (
        _JUNK[a] or _JUNK[b] or _JUNK[c] or _JUNK[d] or _S_JUNK[_F1[a] + _F3[b] + _F9[c] + _F27[d]]
    )


def best_lenh(hand: Hand) -> int:
    """Lệnh of the best grouping among those with the fewest rác (for a complete hand:
    the grouping that scores most). Khạp 3, Quàn 8, four Chốt 2, a pair 0, others 1.

    >>> from vncards.tusac._deck import parse_cards
    >>> best_lenh(hand_of(parse_cards("RK RK YR YR YR")))  # two lone Tướng and a Khạp
    5
    """
    a, b, c, d = hand
    return (
        _LENH[a]
        + _LENH[b]
        + _LENH[c]
        + _LENH[d]
        + _SOLDIERS[_F1[a] + _F3[b] + _F9[c] + _F27[d]].lenh
    )


class Grouping(NamedTuple):
    """One grouping with the fewest rác and, among those, the most lệnh."""

    junk: int
    lenh: int
    groups: tuple[tuple[int, ...], ...]
    """Groups as sorted kinds; a Khạp is a triple, a Quàn a quad."""
    rest: tuple[int, ...]
    """The rác, as kinds."""


def best_grouping(hand: Hand) -> Grouping:
    """A grouping of a private hand with the fewest rác and then the most lệnh.

    >>> from vncards.tusac._deck import format_cards, parse_cards
    >>> g = best_grouping(hand_of(parse_cards("RK RA RE RR YP GP WP")))
    >>> g.junk, g.lenh, [format_cards(x) for x in g.groups], format_cards(g.rest)
    (1, 2, [['RK', 'RA', 'RE'], ['YP', 'GP', 'WP']], ['RR'])
    """
    groups: list[tuple[int, ...]] = []
    rest: list[int] = []
    free_chot = []
    for colour, v in enumerate(hand):
        d = _digits(v)
        base = colour * 7
        free = []
        for p, n in enumerate(d):
            if n >= 3:
                groups.append((base + p,) * n)
                free.append(0)
            else:
                free.append(n)
        free_chot.append(free[6])
        part = _solve_part(tuple(free[:6]))
        groups.extend(tuple(base + p for p in g) for g in part.groups)
        rest.extend(base + p for p in part.rest)
    sold = _SOLDIERS[free_chot[0] + 3 * free_chot[1] + 9 * free_chot[2] + 27 * free_chot[3]]
    groups.extend(tuple(c * 7 + _SOLDIER for c in g) for g in sold.groups)
    groups.extend((c * 7 + _SOLDIER,) * 2 for c in sold.pairs)
    rest.extend(c * 7 + _SOLDIER for c in sold.rest)
    groups.sort()
    rest.sort()
    junk = min_junk(hand)
    assert junk == len(rest)
    return Grouping(junk, best_lenh(hand), tuple(groups), tuple(rest))
