"""Legal-play generation: every combination a hand may lead, or every answer that beats
a combination on the table (the same shape higher, and the chops the table allows).

>>> from vncards.core import CardSet
>>> len(legal_plays(CardSet.parse("3S 3H 4D 5C 2S").mask, ComboRules()))
8
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from vncards.core.climbing._classify import _allowed, _follows, beats, classify
from vncards.core.climbing._follow import per_rank
from vncards.core.climbing._runs import lead_runs, native
from vncards.core.climbing._shapes import (
    _HIGH_SUIT,
    _LOW_BITS,
    _POP,
    ChopRule,
    Combo,
    ComboRules,
    Kind,
    _Chain,
    _Tables,
    _Window,
)

__all__ = ["brute_force_plays", "legal_plays", "ranks_with", "single_answers"]

_SUBSETS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(s for s in range(1, 16) if s & n == s) for n in range(16)
)
# Precomputed, already shifted to their rank: _SUBSETS_AT[r][nibble] is every
# non-empty subset of the rank-r cards; _SIZED_AT[k][r][nibble] those of size k.
_SUBSETS_AT: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(s << (r << 2) for s in _SUBSETS[n]) for n in range(16)) for r in range(13)
)
_SIZED_AT: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(tuple(s << (r << 2) for s in _SUBSETS[n] if _POP[s] == k) for n in range(16))
        for r in range(13)
    )
    for k in range(5)
)
# The same two ranks at a time (one byte of the hand): leading, the sets of a hand come
# out in 7 table lookups instead of 13. Bits past the 2 (rank 13) are ignored, as before.
_SUBSETS_BYTE: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        _SUBSETS_AT[2 * p][b & 15] + (_SUBSETS_AT[2 * p + 1][b >> 4] if 2 * p + 1 < 13 else ())
        for b in range(256)
    )
    for p in range(7)
)


_DECK_BITS: Final = (1 << 52) - 1

# The runs a hand leads: compiled, on native ints (_runs); interpreted, by the tables
# above (the same plays in the same order, quicker than bit loops run by the interpreter)
_NATIVE_RUNS: Final = native()


def _present(hand: int) -> int:
    """Nibble mask of the ranks the hand holds at least one card of."""
    return (hand | hand >> 1 | hand >> 2 | hand >> 3) & _LOW_BITS


def _present_pairs(hand: int) -> int:
    """Nibble mask of the ranks the hand holds at least two cards of."""
    a, b, c = hand >> 1, hand >> 2, hand >> 3
    return (hand & (a | b | c) | a & (b | c) | b & c) & _LOW_BITS


def _at_least_three(hand: int) -> int:
    """Nibble mask of the ranks the hand holds at least three cards of."""
    a, b, c, d = hand, hand >> 1, hand >> 2, hand >> 3
    return (a & b & (c | d) | c & d & (a | b)) & _LOW_BITS


def _quads(hand: int) -> int:
    """Nibble mask of the ranks the hand holds all four cards of."""
    return hand & hand >> 1 & hand >> 2 & hand >> 3 & _LOW_BITS


_AT_LEAST: Final = (_present, _present, _present_pairs, _at_least_three, _quads)


def ranks_with(mask: int, count: int) -> int:
    """The ranks of which ``mask`` holds at least ``count`` cards (1 to 4), as a mask with
    bit ``4 * rank`` set for each: ``.bit_count()`` says how many ranks.

    >>> from vncards.core import CardSet
    >>> hand = CardSet.parse("3S 3H 3D 5C 5S 9H").mask
    >>> [ranks_with(hand, n).bit_count() for n in (1, 2, 3, 4)]
    [3, 2, 1, 0]
    """
    if not 1 <= count <= 4:
        raise ValueError(f"a rank has 1 to 4 cards, not {count}")
    return _AT_LEAST[count](mask)


def _lead_sequences(
    hand: int,
    present: int,
    per_rank: int,
    chains: tuple[_Chain, ...],
    starts: dict[int, tuple[_Chain, ...]],
    out: list[int],
) -> None:
    """Append every sequence (any length) the hand holds, start by start."""
    sized = _SIZED_AT[per_rank]
    # the starts whose shortest run the ranks in hand hold, remembered by rank set:
    # late in a game most starts are out, and testing each costs more than the lookup
    viable = starts.get(present)
    if viable is None:
        viable = starts[present] = tuple(c for c in chains if c[0] & present == c[0])
    for _, chain in viable:
        # the cards of ranks with one way to choose are the same in every sequence, so
        # they are or-ed into ``base`` and only the other ranks multiply ``ways``
        base = 0
        ways: Sequence[int] = ()
        for r, shift, counted in chain:
            c = sized[r][(hand >> shift) & 15]
            if not c:
                break
            if len(c) == 1:
                base |= c[0]
            elif ways:
                ways = [w | s for w in ways for s in c]
            else:
                ways = c
            if counted:
                if ways:
                    out.extend([base | w for w in ways])
                else:
                    out.append(base)


def _fixed_sequences(
    hand: int,
    windows: tuple[_Window, ...],
    per_rank: int,
    beat_key: int,
    suits: bool,
    out: list[int],
) -> None:
    """Append every sequence of one length (``windows``) whose key beats ``beat_key``."""
    sized = _SIZED_AT[per_rank]
    present = _present(hand) if per_rank == 1 else _present_pairs(hand)
    if present.bit_count() < len(windows[0][3]):  # every window here has as many ranks
        return
    for key, top, need, ranks in windows:
        if key + 3 <= beat_key or need & present != need:
            continue
        fixed = 0  # cards of ranks with one way to choose (see _lead_sequences)
        ways: Sequence[int] = ()
        for r in ranks:
            c = sized[r][(hand >> (r << 2)) & 15]
            if len(c) == 1:
                fixed |= c[0]
            elif ways:
                ways = [w | s for w in ways for s in c]
            else:
                ways = c
        plays = [fixed | w for w in ways] if ways else [fixed]
        if key > beat_key:
            out.extend(plays)
        elif suits:
            shift = top << 2
            low = beat_key & 3
            out.extend(m for m in plays if _HIGH_SUIT[(m >> shift) & 15] > low)


def _sets(hand: int, size: int, beat_key: int, suits: bool, out: list[int]) -> None:
    """Append every single/pair/triple/quad of ``size`` cards whose key beats ``beat_key``."""
    if size == 1:
        # a single's key is its card id (suits) or its rank's first id: a threshold
        if beat_key < 0:
            rest = hand
        else:
            cut = beat_key + 1 if suits else ((beat_key >> 2) + 1) << 2
            rest = hand >> cut << cut
        while rest:
            low = rest & -rest
            out.append(low)
            rest ^= low
        return
    sized = _SIZED_AT[size]
    first = 0 if beat_key < 0 else beat_key >> 2
    # only the ranks from ``first`` up holding at least ``size`` cards give a set
    ranks = _AT_LEAST[size](hand) >> (first << 2) << (first << 2)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = (low.bit_length() - 1) >> 2
        subs = sized[r][(hand >> (r << 2)) & 15]
        if r == first and beat_key >= 0:
            # same rank as the key: only a pair's higher suit can beat it
            if suits and size == 2:
                low = beat_key & 3
                shift = r << 2
                out.extend(s for s in subs if _HIGH_SUIT[s >> shift] > low)
            continue
        out.extend(subs)


def legal_plays(
    hand: int,
    rules: ComboRules,
    over: Combo | None = None,
    chops: Sequence[ChopRule] = (),
    *,
    chops_only: bool = False,
) -> list[int]:
    """Every play (as a card mask) that ``hand`` may make.

    With ``over`` None: every combination the hand can lead. Otherwise every play that
    beats ``over``: the same shape higher, plus the chops the table allows
    (``chops_only`` keeps just those). Each play appears once.

    >>> from vncards.core import CardSet
    >>> tl = ComboRules()
    >>> hand = CardSet.parse("3S 3H 4D 5C 2S").mask
    >>> len(legal_plays(hand, tl))          # 5 singles, 1 pair, 2 straights
    8
    >>> over = classify(CardSet.parse("3D").mask, tl)
    >>> sorted(str(CardSet(m)) for m in legal_plays(hand, tl, over))
    ['2S', '3H', '4D', '5C']
    """
    t = rules._tables
    if t is None:
        t = rules.tables()
    out: list[int] = []
    if over is None:
        hand &= _DECK_BITS  # cards past the 2 were never looked at
        h = hand
        p = 0
        while h:
            b = h & 255
            if b:
                out.extend(_SUBSETS_BYTE[p][b])
            h >>= 8
            p += 1
        # a counted run holds at least the minimum number of ranks: fewer cards or
        # ranks in hand (common late in a game) skip the search at once
        cards = hand.bit_count()
        if cards >= t.min_straight:
            present = _present(hand)
            if present.bit_count() < t.min_straight:
                pass
            elif _NATIVE_RUNS:
                lead_runs(hand, present, 1, t.straight_runs, out)
            else:
                _lead_sequences(hand, present, 1, t.straight_chains, t.straight_starts, out)
        if t.pair_runs_on and cards >= 2 * t.min_pair_run:
            present = _present_pairs(hand)
            if present.bit_count() < t.min_pair_run:
                pass
            elif _NATIVE_RUNS:
                lead_runs(hand, present, 2, t.pair_run_runs, out)
            else:
                _lead_sequences(hand, present, 2, t.pair_run_chains, t.pair_run_starts, out)
        if t.narrowed:
            return [m for m in out if _allowed(m, t)]
        return out
    if chops:
        plan = _response_plan(chops, over, chops_only)
    elif chops_only:
        return out
    else:
        plan = ((over.kind, over.length, True),)
    key = over.key
    for kind, length, higher in plan:
        need = key if higher else -1
        if kind <= _QUAD_CODE:
            if length != kind + 1:
                continue
            if length > 1:
                _sets(hand, length, need, t.suits, out)
                continue
            single_answers(hand, need, t.suits, out)
        elif kind == _STRAIGHT_CODE:
            windows = t.straight_windows.get(length)
            if windows:
                _fixed_sequences(hand, windows, 1, need, t.suits, out)
        elif t.pair_runs_on and not length & 1:
            windows = t.pair_run_windows.get(length >> 1)
            if windows:
                _fixed_sequences(hand, windows, 2, need, t.suits, out)
    if t.narrowed:
        return _narrowed(out, t, over, chops, chops_only)
    return out


def single_answers(hand: int, key: int, suits: bool, out: list[int]) -> None:
    """Add to ``out`` the singles of ``hand`` above a single of ``key`` (every single for
    a negative key), lowest first: the answer to most tables. A single's key is its card
    id (``suits``: suits break ties) or its rank's first id, so they are the cards above
    a cut.

    >>> out = []
    >>> single_answers(0b1011_0110, 2, True, out); out
    [16, 32, 128]
    """
    if key >= 0:
        cut = key + 1 if suits else ((key >> 2) + 1) << 2
        hand = hand >> cut << cut
    while hand:
        low = hand & -hand
        out.append(low)
        hand ^= low


def _narrowed(
    out: list[int], t: _Tables, over: Combo, chops: Sequence[ChopRule], chops_only: bool
) -> list[int]:
    """The answers of ``out`` that meet the colour, suit and follow settings."""
    if t.one_colour_pairs or t.one_suit_straights:
        out = [m for m in out if _allowed(m, t)]
    if not t.follow or chops_only or over.kind == _QUAD:
        return out
    shape = (over.kind, over.length)
    for rule in chops:  # an answer of the table's shape that chops it follows nothing
        if (
            rule.attacker == shape
            and rule.target == shape
            and (rule.target_rank is None or rule.target_rank == over.top_rank)
        ):
            return out
    n, per = over.length, per_rank(over.mask)
    return [m for m in out if m.bit_count() != n or per_rank(m) != per or _follows(m, over)]


# enum members read once (a class attribute lookup on an enum is slow)
_QUAD: Final = Kind.QUAD
# a plan names kinds by their numbers (a Kind is an int): compiled, comparing them is
# a machine comparison, not a call
_QUAD_CODE: Final = int(Kind.QUAD)
_STRAIGHT_CODE: Final = int(Kind.STRAIGHT)

# The shapes to generate, in order, to answer a combination: (kind, length, higher), where
# ``higher`` asks for combinations above the table's key and otherwise any of that shape
# will do. The table's own shape comes first (unless only chops are wanted), then each
# chop shape in the order the table first names it; a shape named by several rows that
# apply takes the least demanding one. The plan depends only on the table's kind, length
# and top rank, so it is built once per table shape and rank. (Classified keys are never
# negative; a made-up negative key asks for every combination of the shape, just as no
# key does, so the plan holds for it too.)
_Plan = tuple[tuple[int, int, bool], ...]
_ChopRow = tuple[tuple[Kind, int], int | None, bool]
_CHOP_INDEX: dict[
    int,
    tuple[
        Sequence[ChopRule],
        dict[tuple[Kind, int], list[_ChopRow]],
        dict[tuple[int, int, int, bool], _Plan],
    ],
] = {}


def _chop_entry(
    chops: Sequence[ChopRule],
) -> tuple[
    Sequence[ChopRule],
    dict[tuple[Kind, int], list[_ChopRow]],
    dict[tuple[int, int, int, bool], _Plan],
]:
    """The rows of a chop table by target shape, in table order, and the plans built from
    them so far (cached per table object; engines pass the same tuple every time)."""
    hit = _CHOP_INDEX.get(id(chops))
    if hit is not None and hit[0] is chops:
        return hit
    index: dict[tuple[Kind, int], list[_ChopRow]] = {}
    for rule in chops:
        index.setdefault(rule.target, []).append(
            (rule.attacker, rule.target_rank, rule.need_higher)
        )
    plans: dict[tuple[int, int, int, bool], _Plan] = {}
    entry = (chops, index, plans)
    if isinstance(chops, tuple):  # a list could change under the cache
        if len(_CHOP_INDEX) >= 256:
            _CHOP_INDEX.clear()
        _CHOP_INDEX[id(chops)] = entry
    return entry


def _response_plan(chops: Sequence[ChopRule], over: Combo, chops_only: bool) -> _Plan:
    entry = _CHOP_INDEX.get(id(chops))
    if entry is None or entry[0] is not chops:
        entry = _chop_entry(chops)
    index, plans = entry[1], entry[2]
    top = over.top_rank
    key = (over.kind, over.length, top, chops_only)
    plan = plans.get(key)
    if plan is not None:
        return plan
    shape = (over.kind, over.length)
    wanted: dict[tuple[Kind, int], bool] = {}
    if not chops_only:
        wanted[shape] = True
    for attacker, target_rank, need_higher in index.get(shape, ()):
        if target_rank is not None and top != target_rank:
            continue
        prev = wanted.get(attacker)
        if prev is None or (prev and not need_higher):
            wanted[attacker] = need_higher
    # shapes differ, so the masks each shape yields are disjoint: no de-duplication
    plan = tuple((kind, length, higher) for (kind, length), higher in wanted.items())
    if len(plans) < 4096:  # bounded by shapes × ranks in any sane table
        plans[key] = plan
    return plan


def brute_force_plays(
    hand: int,
    rules: ComboRules,
    over: Combo | None = None,
    chops: Sequence[ChopRule] = (),
) -> set[int]:
    """Reference implementation of :func:`legal_plays`: try every subset of the hand.

    Exponential; for tests only.

    >>> from vncards.core import CardSet
    >>> hand = CardSet.parse("3S 3H 4D 5C 2S").mask
    >>> brute_force_plays(hand, ComboRules()) == set(legal_plays(hand, ComboRules()))
    True
    """
    ids = [i for i in range(52) if hand >> i & 1]
    found: set[int] = set()
    for k in range(1, len(ids) + 1):
        for combo_ids in combinations(ids, k):
            m = 0
            for i in combo_ids:
                m |= 1 << i
            c = classify(m, rules)
            if c is None:
                continue
            if over is None or beats(c, over, chops, rules):
                found.add(m)
    return found
