"""A slow, obviously-correct grouping search to check the solver against.

It knows the groups only from the rules page's table (not from the package's tables):
it tries every sub-multiset of up to four cards holding the lowest card left.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

GENERAL, ADVISOR, ELEPHANT, CHARIOT, CANNON, HORSE, SOLDIER = range(7)


def is_group(cards: tuple[int, ...]) -> bool:
    """Whether these kinds form a valid group, straight from the rules page's table."""
    colours = [k // 7 for k in cards]
    pieces = [k % 7 for k in cards]
    if len(cards) == 1:
        return pieces[0] == GENERAL
    if len(set(cards)) == 1:
        return 2 <= len(cards) <= 4
    sets = ([GENERAL, ADVISOR, ELEPHANT], [CHARIOT, CANNON, HORSE])
    if len(cards) == 3 and len(set(colours)) == 1 and sorted(pieces) in sets:
        return True
    return len(cards) in (3, 4) and set(pieces) == {SOLDIER} and len(set(colours)) == len(cards)


def private_lenh(cards: tuple[int, ...]) -> int:
    """Lệnh of a group held in the hand: Quàn 8, Khạp 3, four Chốt 2, pair 0, others 1."""
    if len(set(cards)) == 1 and len(cards) >= 2:
        return {2: 0, 3: 3, 4: 8}[len(cards)]
    if len(cards) == 4:
        return 2
    return 1


@cache
def _search(cards: tuple[int, ...]) -> tuple[int, int]:
    """(fewest rác, most lệnh among those) of free cards (sorted kinds)."""
    if not cards:
        return (0, 0)
    first, rest = cards[0], cards[1:]
    junk, lenh = _search(rest)
    best = (junk + 1, lenh)
    seen: set[tuple[int, ...]] = set()
    for size in range(4):
        for others in combinations(rest, size):
            if others in seen:
                continue
            seen.add(others)
            group = (first, *others)
            if not is_group(group) or (len(set(group)) == 1 and len(group) >= 3):
                continue  # free cards never make a Khạp or Quàn: those are counted apart
            left = list(rest)
            for k in others:
                left.remove(k)
            sub = _search(tuple(left))
            cand = (sub[0], sub[1] + private_lenh(group))
            if (cand[0], -cand[1]) < (best[0], -best[1]):
                best = cand
    return best


def reference(kinds: list[int]) -> tuple[int, int]:
    """(minimum rác, lệnh of the best grouping with that many rác) of a private hand:
    three identical cards are a locked Khạp, four a Quàn."""
    counts = Counter(kinds)
    lenh = 0
    free: list[int] = []
    for k, n in counts.items():
        if n >= 3:
            lenh += private_lenh((k,) * n)
        else:
            free.extend([k] * n)
    junk, more = _search(tuple(sorted(free)))
    return junk, lenh + more
