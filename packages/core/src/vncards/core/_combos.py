"""Combinations of French cards: shapes, a rules-driven classifier and comparator, and
legal-play generation.

Nothing here knows a game. Tiến lên and Sâm are two :class:`ComboRules` values (rank
order, whether suits break ties, which ranks a straight may use, minimum lengths,
pair-runs on or off) plus a table of :class:`ChopRule` rows.

Everything works on card masks (see :mod:`vncards.core._cardset`); a combination is a
:class:`Combo` tuple whose ``key`` orders combinations of one shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import combinations
from typing import NamedTuple

__all__ = [
    "ChopRule",
    "Combo",
    "ComboRules",
    "Kind",
    "beats",
    "brute_force_plays",
    "classify",
    "is_chop",
    "legal_plays",
]


class Kind(IntEnum):
    """Combination shapes. ``code`` is the name used in JSON and on the rules pages."""

    SINGLE = 0  # rác / lẻ
    PAIR = 1  # đôi
    TRIPLE = 2  # sám cô
    QUAD = 3  # tứ quý
    STRAIGHT = 4  # sảnh
    PAIR_RUN = 5  # đôi thông

    @property
    def code(self) -> str:
        """``single``, ``pair``, ``triple``, ``quad``, ``straight`` or ``pair-run``."""
        return _KIND_CODES[self.value]

    @classmethod
    def from_code(cls, code: str) -> Kind:
        """The kind named by ``code``."""
        try:
            return cls(_KIND_CODES.index(code))
        except ValueError:
            raise ValueError(f"unknown combination {code!r}") from None


_KIND_CODES = ("single", "pair", "triple", "quad", "straight", "pair-run")
_SET_KINDS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.QUAD)


class Combo(NamedTuple):
    """A classified play.

    ``length`` is the number of cards; ``key`` orders combinations of the same kind and
    length (higher beats lower); ``top_rank`` is the rank of the highest card in the
    game's order for that shape.
    """

    kind: Kind
    length: int
    key: int
    mask: int
    top_rank: int

    def same_shape(self, other: Combo) -> bool:
        """Same kind and same number of cards."""
        return self.kind == other.kind and self.length == other.length


@dataclass(frozen=True)
class ComboRules:
    """What a game accepts as a combination and how combinations compare.

    ``straight_order`` lists rank indices (3 = 0 … A = 11, 2 = 12) from low to high as
    they may follow each other in a straight; a straight is any run of consecutive
    entries with distinct ranks. The default (``0..11``) is 3…A without the 2;
    Sâm's A-2-3 window is ``(11, 12, 0, 1, …, 11)``.

    >>> tl = ComboRules()
    >>> classify(0b111 << 0, tl) is None   # three 3s of different suits: a triple
    False
    """

    suits_break_ties: bool = True
    straight_order: tuple[int, ...] = tuple(range(12))
    min_straight: int = 3
    pair_runs: bool = True
    pair_run_order: tuple[int, ...] = tuple(range(12))
    min_pair_run: int = 3
    max_straight: int = 13
    _tables: _Tables | None = field(default=None, repr=False, compare=False, hash=False)

    def tables(self) -> _Tables:
        """Lookup tables derived from these rules (built once, cached)."""
        t = self._tables
        if t is None:
            t = _build_tables(self)
            object.__setattr__(self, "_tables", t)
        return t


@dataclass(frozen=True)
class ChopRule:
    """One row of a chop table ("chặt"): ``attacker`` may beat ``target`` out of type.

    A shape is ``(kind, length)``; ``target_rank`` restricts the target to one rank (the
    2, "heo"). When ``need_higher`` is set the attacker must be the same shape as the
    target and higher (a tứ quý on a smaller tứ quý).
    """

    attacker: tuple[Kind, int]
    target: tuple[Kind, int]
    target_rank: int | None = None
    need_higher: bool = False

    def applies(self, play: Combo, over: Combo) -> bool:
        """Whether this row lets ``play`` chop ``over``."""
        if (play.kind, play.length) != self.attacker or (over.kind, over.length) != self.target:
            return False
        if self.target_rank is not None and over.top_rank != self.target_rank:
            return False
        return not (self.need_higher and play.key <= over.key)


class _Tables(NamedTuple):
    # for each 13-bit rank set of a straight: (top position, rank of the top card)
    straights: dict[int, tuple[int, int]]
    pair_runs: dict[int, tuple[int, int]]
    straight_order: tuple[int, ...]
    pair_run_order: tuple[int, ...]
    min_straight: int
    max_straight: int
    min_pair_run: int
    suits: bool
    pair_runs_on: bool


def _windows(order: Sequence[int], min_len: int, max_len: int) -> dict[int, tuple[int, int]]:
    out: dict[int, tuple[int, int]] = {}
    for start in range(len(order)):
        bits = 0
        for end in range(start, len(order)):
            r = order[end]
            if bits >> r & 1:
                break
            bits |= 1 << r
            n = end - start + 1
            if min_len <= n <= max_len:
                prev = out.get(bits)
                if prev is None or prev[0] < end:
                    out[bits] = (end, r)
    return out


def _build_tables(rules: ComboRules) -> _Tables:
    return _Tables(
        straights=_windows(rules.straight_order, rules.min_straight, rules.max_straight),
        pair_runs=(
            _windows(rules.pair_run_order, rules.min_pair_run, 13) if rules.pair_runs else {}
        ),
        straight_order=rules.straight_order,
        pair_run_order=rules.pair_run_order,
        min_straight=rules.min_straight,
        max_straight=rules.max_straight,
        min_pair_run=rules.min_pair_run,
        suits=rules.suits_break_ties,
        pair_runs_on=rules.pair_runs,
    )


_POP = tuple(bin(i).count("1") for i in range(16))
_HIGH_SUIT = tuple(i.bit_length() - 1 for i in range(16))
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(1, 16) if s & n == s) for n in range(16)
)
_SUBSETS_OF_SIZE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in _SUBSETS[n] if _POP[s] == k) for k in range(5)) for n in range(16)
)
_SINGLE_BITS = tuple(tuple(1 << i for i in range(4) if n >> i & 1) for n in range(16))


def classify(mask: int, rules: ComboRules) -> Combo | None:
    """The combination a set of cards forms under ``rules``, or ``None``.

    >>> from vncards.core import CardSet
    >>> tl = ComboRules()
    >>> classify(CardSet.parse("3S 3H").mask, tl).kind.code
    'pair'
    >>> classify(CardSet.parse("3S 4S 5H").mask, tl).kind.code
    'straight'
    >>> classify(CardSet.parse("QS KS AS 2S").mask, tl) is None   # no 2 in a straight
    True
    """
    if mask <= 0:
        return None
    t = rules.tables()
    low = (mask & -mask).bit_length() - 1
    r = low >> 2
    rest = mask >> (r << 2)
    if rest < 16:
        n = _POP[rest]
        key = r << 2
        if t.suits and n <= 2:
            key |= _HIGH_SUIT[rest]
        return Combo(Kind(n - 1), n, key, mask, r)
    # several ranks: a straight (one card per rank) or a pair-run (two per rank)
    bits = 0
    per = 0  # cards per rank, must be the same everywhere
    while rest:
        nib = rest & 15
        if nib:
            c = _POP[nib]
            if per == 0:
                per = c
            elif c != per:
                return None
            bits |= 1 << r
        rest >>= 4
        r += 1
    if per == 1:
        hit = t.straights.get(bits)
        if hit is None:
            return None
        pos, top = hit
        n = bits.bit_count()
        suit = ((mask >> (top << 2)) & 15).bit_length() - 1 if t.suits else 0
        return Combo(Kind.STRAIGHT, n, (pos << 2) | suit, mask, top)
    if per == 2 and t.pair_runs_on:
        hit = t.pair_runs.get(bits)
        if hit is None:
            return None
        pos, top = hit
        n = bits.bit_count() * 2
        suit = ((mask >> (top << 2)) & 15).bit_length() - 1 if t.suits else 0
        return Combo(Kind.PAIR_RUN, n, (pos << 2) | suit, mask, top)
    return None


def is_chop(play: Combo, over: Combo, chops: Iterable[ChopRule]) -> bool:
    """Whether ``play`` beats ``over`` through a row of the chop table."""
    return any(rule.applies(play, over) for rule in chops)


def beats(play: Combo, over: Combo, chops: Iterable[ChopRule] = ()) -> bool:
    """Whether ``play`` may be played on ``over``: same shape and higher, or a chop.

    >>> from vncards.core import CardSet
    >>> tl = ComboRules()
    >>> a = classify(CardSet.parse("3C 3H").mask, tl)
    >>> b = classify(CardSet.parse("3S 3D").mask, tl)
    >>> beats(a, b), beats(b, a)
    (True, False)
    """
    if play.kind == over.kind and play.length == over.length and play.key > over.key:
        return True
    return is_chop(play, over, chops)


# ---------------------------------------------------------------- move generation


def _rank_nibbles(hand: int) -> list[int]:
    return [(hand >> (r << 2)) & 15 for r in range(13)]


def _runs(order: Sequence[int], present: int) -> list[list[int]]:
    """Maximal runs of consecutive ``order`` entries whose rank is present."""
    runs: list[list[int]] = []
    cur: list[int] = []
    for r in order:
        if present >> r & 1:
            cur.append(r)
        elif cur:
            runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    return runs


def _sequences(
    nibs: list[int],
    order: Sequence[int],
    table: dict[int, tuple[int, int]],
    per_rank: int,
    length: int | None,
    min_len: int,
    max_len: int,
    beat_key: int,
    suits: bool,
    out: list[int],
) -> None:
    """Append every straight (``per_rank`` 1) or pair-run (2) in the hand to ``out``.

    ``length`` fixes the number of ranks; ``beat_key`` keeps only keys above it.
    """
    present = 0
    for r in range(13):
        if _POP[nibs[r]] >= per_rank:
            present |= 1 << r
    if present == 0:
        return
    choices = [_SUBSETS_OF_SIZE[n][per_rank] for n in nibs]
    lo = max(min_len, 1) if length is None else length
    hi = max_len if length is None else length
    for run in _runs(order, present):
        n = len(run)
        if n < lo:
            continue
        for start in range(n - lo + 1):
            partial = [0]
            bits = 0
            for end in range(start, min(n, start + hi)):
                r = run[end]
                if bits >> r & 1:
                    break  # a rank may stand once in a straight (Sâm's A-2-3 order)
                shift = r << 2
                partial = [p | (s << shift) for p in partial for s in choices[r]]
                bits |= 1 << r
                size = end - start + 1
                if size < lo:
                    continue
                hit = table.get(bits)
                if hit is None:
                    continue
                pos, top = hit
                base = pos << 2
                if beat_key >= 0 and base + 3 <= beat_key:
                    continue
                if beat_key >= 0 and base <= beat_key:
                    for m in partial:
                        suit = ((m >> (top << 2)) & 15).bit_length() - 1 if suits else 0
                        if base | suit > beat_key:
                            out.append(m)
                else:
                    out.extend(partial)


def _sets(nibs: list[int], size: int, beat_key: int, suits: bool, out: list[int]) -> None:
    """Append every single/pair/triple/quad of ``size`` cards whose key beats ``beat_key``."""
    first = 0 if beat_key < 0 else beat_key >> 2
    for r in range(first, 13):
        nib = nibs[r]
        if _POP[nib] < size:
            continue
        shift = r << 2
        for s in _SUBSETS_OF_SIZE[nib][size]:
            if beat_key >= 0:
                key = shift | (_HIGH_SUIT[s] if suits and size <= 2 else 0)
                if key <= beat_key:
                    continue
            out.append(s << shift)


def _shape(
    nibs: list[int], t: _Tables, kind: Kind, length: int, beat_key: int, out: list[int]
) -> None:
    if kind <= Kind.QUAD:
        _sets(nibs, length, beat_key, t.suits, out)
    elif kind == Kind.STRAIGHT:
        _sequences(
            nibs, t.straight_order, t.straights, 1, length, t.min_straight, t.max_straight,
            beat_key, t.suits, out,
        )  # fmt: skip
    elif t.pair_runs_on:
        _sequences(
            nibs, t.pair_run_order, t.pair_runs, 2, length // 2, t.min_pair_run, 13,
            beat_key, t.suits, out,
        )  # fmt: skip


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
    t = rules.tables()
    nibs = _rank_nibbles(hand)
    out: list[int] = []
    if over is None:
        for r in range(13):
            nib = nibs[r]
            if nib:
                shift = r << 2
                for s in _SUBSETS[nib]:
                    out.append(s << shift)
        _sequences(
            nibs, t.straight_order, t.straights, 1, None, t.min_straight, t.max_straight,
            -1, t.suits, out,
        )  # fmt: skip
        if t.pair_runs_on:
            _sequences(
                nibs, t.pair_run_order, t.pair_runs, 2, None, t.min_pair_run, 13,
                -1, t.suits, out,
            )  # fmt: skip
        return out
    if not chops_only:
        _shape(nibs, t, over.kind, over.length, over.key, out)
    done = {(over.kind, over.length)} if not chops_only else set()
    for rule in chops:
        if rule.attacker in done or not _target_matches(rule, over):
            continue
        # shapes differ, so the masks each shape yields are disjoint: no de-duplication
        done.add(rule.attacker)
        kind, length = rule.attacker
        _shape(nibs, t, kind, length, over.key if rule.need_higher else -1, out)
    return out


def _target_matches(rule: ChopRule, over: Combo) -> bool:
    if (over.kind, over.length) != rule.target:
        return False
    return rule.target_rank is None or over.top_rank == rule.target_rank


def brute_force_plays(
    hand: int,
    rules: ComboRules,
    over: Combo | None = None,
    chops: Sequence[ChopRule] = (),
) -> set[int]:
    """Reference implementation of :func:`legal_plays`: try every subset of the hand.

    Exponential; for tests only.
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
            if over is None or beats(c, over, chops):
                found.add(m)
    return found
