"""The straights (sảnh) and pair-runs (đôi thông) a hand may lead, worked out on native
64-bit ints: the compiled build's generator of them.

A run of one sequence order is described by a :data:`Run` (the ranks it may pass
through, packed four bits a rank, and which lengths count as a combination). The plays
of a start come out length by length, each length in the order of its ranks (the first
rank's choice changing slowest) and each rank's cards by suit: the first counted length
by an odometer over the hand's cards, every longer one from the plays one rank shorter,
each followed by every choice of the new rank. The plays, and their order, are those of
``_enumerate``'s table-driven generator, which the pure build keeps (interpreted, these
bit loops are slower than its precomputed tables).

>>> from vncards.core import CardSet, ComboRules
>>> runs = ComboRules().tables().straight_runs
>>> out: list[int] = []
>>> hand = CardSet.parse("3S 4S 4H 5D").mask
>>> lead_runs(hand, 0x111, 1, runs, out)
>>> [str(CardSet(m)) for m in out]
['3S 4S 5D', '3S 4H 5D']
"""

from __future__ import annotations

from mypy_extensions import i64

__all__ = ["Run", "lead_runs", "native"]

Run = tuple[int, int, int, int]
"""One start of a sequence order: ``(need, ranks, counted, links)``. ``need`` is the
nibble mask (bit ``4r`` for rank ``r``) of the ranks its shortest counted run needs;
``ranks`` the ranks it may run through, the ``j``-th in bits ``4j`` to ``4j + 3``;
``counted`` has bit ``j - 1`` set when the run of its first ``j`` ranks is a
combination counted at this start; ``links`` how many ranks it may run through."""


def native() -> bool:
    """Whether this module runs compiled (its functions are then built-in ones).

    >>> native() == (type(native).__name__ != "function")
    True
    """
    return type(native).__name__ != "function"


# Left shifts below are of values computed at run time only: a constant shifted by a
# variable i64 amount is compiled as a 32-bit C shift.


def _first(cards: i64, per_rank: i64) -> i64:
    """The lowest choice of ``per_rank`` (1 or 2) of ``cards`` (one rank's cards)."""
    low = cards & -cards
    if per_rank == 1:
        return low
    rest = cards ^ low
    return low | (rest & -rest)


def _next(cur: i64, cards: i64, per_rank: i64) -> i64:
    """The choice of ``per_rank`` of ``cards`` after ``cur`` (by value), or 0."""
    if per_rank == 1:
        above = cards & ~((cur << 1) - 1)
        return above & -above
    s = cur
    while True:  # the subsets of ``cards`` above ``cur``, in turn, to one of two cards
        s = ((s | ~cards) + 1) & cards
        if s == 0:
            return 0
        rest = s & (s - 1)
        if rest != 0 and rest & (rest - 1) == 0:
            return s


def _rank_cards(hand: i64, ranks: i64, j: i64) -> i64:
    """The cards of ``hand`` of the ``j``-th rank of ``ranks`` (see :data:`Run`)."""
    shift = ((ranks >> (j << 2)) & 15) << 2
    return ((hand >> shift) & 15) << shift


def _every_choice(hand: i64, ranks: i64, length: i64, first: i64, k: i64, out: list[int]) -> None:
    """Append every choice of ``k`` cards in each of the first ``length`` ranks, ``first``
    (the lowest choice everywhere) first, the last rank's choice changing fastest."""
    sel = first
    out.append(sel)
    while True:
        j = length - 1
        while j >= 0:
            cards = _rank_cards(hand, ranks, j)
            cur = sel & cards
            nxt = _next(cur, cards, k)
            if nxt != 0:
                sel = sel ^ cur | nxt
                break
            sel = sel ^ cur | _first(cards, k)  # this rank starts over, the one before moves
            j -= 1
        if j < 0:
            return
        out.append(sel)


def lead_runs(
    hand: int, present: int, per_rank: int, runs: tuple[Run, ...], out: list[int]
) -> None:
    """Append every run of ``per_rank`` cards a rank (1: straights, 2: pair-runs) that
    ``hand`` holds, start by start of ``runs``, then by length; ``present`` is the nibble
    mask of the ranks the hand holds at least ``per_rank`` cards of.

    >>> from vncards.core import CardSet, ComboRules
    >>> runs = ComboRules().tables().pair_run_runs
    >>> out: list[int] = []
    >>> lead_runs(CardSet.parse("3S 3H 4S 4C 5D 5H").mask, 0x111, 2, runs, out)
    >>> [str(CardSet(m)) for m in out]
    ['3S 3H 4S 4C 5D 5H']
    """
    h: i64 = hand
    p: i64 = present
    k: i64 = per_rank
    for need, ranks, counted, links in runs:
        if need & p != need:
            continue
        rk: i64 = ranks
        cnt: i64 = counted
        n: i64 = links
        first: i64 = 0  # the lowest choice in each rank so far
        length: i64 = 0
        a: i64 = -1  # out[a:b], the plays one rank shorter when that length counted
        b: i64 = 0
        while length < n:
            cards = _rank_cards(h, rk, length)
            if cards == 0 or (k == 2 and cards & (cards - 1) == 0):
                break
            low = _first(cards, k)
            first |= low
            length += 1
            if (cnt >> (length - 1)) & 1 == 0:
                a = -1
                continue
            start: i64 = len(out)
            if a < 0:
                _every_choice(h, rk, length, first, k, out)
            else:
                for i in range(a, b):
                    m: i64 = out[i]
                    c = low
                    while c != 0:
                        out.append(m | c)
                        c = _next(c, cards, k)
            a = start
            b = len(out)
