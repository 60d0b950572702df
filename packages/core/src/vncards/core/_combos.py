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

from mypy_extensions import mypyc_attr
from vncards.core._errors import RulesError
from vncards.core._follow import allowed, follows_masks, one_colour_pairs, per_rank

__all__ = [
    "ChopRule",
    "Combo",
    "ComboRules",
    "Kind",
    "beats",
    "brute_force_plays",
    "classify",
    "follows",
    "is_chop",
    "legal_plays",
    "ranks_with",
]


class Kind(IntEnum):
    """Combination shapes. ``code`` is the name used in JSON and on the rules pages:
    rác (single), đôi (pair), sám cô (triple), tứ quý (quad), sảnh (straight), đôi thông
    (pair-run).

    >>> Kind.PAIR_RUN.code, Kind.from_code("quad")
    ('pair-run', <Kind.QUAD: 3>)
    """

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

    >>> from vncards.core import CardSet
    >>> c = classify(CardSet.parse("9S 10H JD").mask, ComboRules())
    >>> c.kind.code, c.length, c.top_rank        # top card J: rank index 8
    ('straight', 3, 8)
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

    >>> from vncards.core import CardSet
    >>> sam_a23 = ComboRules(suits_break_ties=False, pair_runs=False,
    ...                      straight_order=(11, 12, *range(12)))
    >>> classify(CardSet.parse("AS 2H 3D").mask, sam_a23).kind.code
    'straight'
    >>> classify(CardSet.parse("AS 2H 3D").mask, ComboRules()) is None
    True
    >>> ComboRules(min_straight=1)
    Traceback (most recent call last):
    ...
    vncards.core._errors.RulesError: straights and pair-runs need at least two ranks

    Three settings narrow what a combination is and what may answer it (the Northern
    game's): ``one_colour_pairs`` (a pair, and each pair of a pair-run, is two cards of
    one colour, ♠♣ or ♦♥), ``one_suit_straights`` (a straight is of one suit) and
    ``follow_suit`` (an answer of the table's shape must follow its suits, see
    :func:`follows`).

    >>> north = ComboRules(one_colour_pairs=True, one_suit_straights=True, pair_runs=False)
    >>> classify(CardSet.parse("5S 5H").mask, north) is None
    True
    >>> classify(CardSet.parse("5S 5C").mask, north).kind.code
    'pair'
    >>> classify(CardSet.parse("3S 4S 5H").mask, north) is None
    True
    """

    suits_break_ties: bool = True
    straight_order: tuple[int, ...] = tuple(range(12))
    min_straight: int = 3
    pair_runs: bool = True
    pair_run_order: tuple[int, ...] = tuple(range(12))
    min_pair_run: int = 3
    max_straight: int = 13
    one_colour_pairs: bool = False
    one_suit_straights: bool = False
    follow_suit: bool = False
    _tables: _Tables | None = field(default=None, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for name in ("straight_order", "pair_run_order"):
            order = getattr(self, name)
            if any(not 0 <= r <= 12 for r in order):
                raise RulesError(f"{name} holds rank indices 0 (the 3) to 12 (the 2), got {order}")
        # a one-rank "straight" or "pair-run" would be a single or a pair under another name
        if self.min_straight < 2 or self.min_pair_run < 2:
            raise RulesError("straights and pair-runs need at least two ranks")
        if self.max_straight < self.min_straight:
            raise RulesError("max_straight must not be below min_straight")

    def tables(self) -> _Tables:
        """Lookup tables derived from these rules (built once, cached)."""
        t = self._tables
        if t is None:
            t = _build_tables(self)
            object.__setattr__(self, "_tables", t)
        return t


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class ChopRule:
    """One row of a chop table ("chặt"): ``attacker`` may beat ``target`` out of type.

    A shape is ``(kind, length)``; ``target_rank`` restricts the target to one rank (the
    2, "heo"). When ``need_higher`` is set the attacker must be the same shape as the
    target and higher (a tứ quý on a smaller tứ quý).

    >>> from vncards.core import CardSet
    >>> quad_on_two = ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12)
    >>> quad = classify(CardSet.parse("5S 5C 5D 5H").mask, ComboRules())
    >>> two = classify(CardSet.parse("2H").mask, ComboRules())
    >>> ace = classify(CardSet.parse("AH").mask, ComboRules())
    >>> quad_on_two.applies(quad, two), quad_on_two.applies(quad, ace)
    (True, False)
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
    one_colour_pairs: bool
    one_suit_straights: bool
    follow: bool
    # any of the three: one test on the generator's way out
    narrowed: bool
    # move generation: sequences by start position, and windows by number of ranks
    straight_chains: tuple[_Chain, ...]
    pair_run_chains: tuple[_Chain, ...]
    straight_windows: dict[int, tuple[_Window, ...]]
    pair_run_windows: dict[int, tuple[_Window, ...]]
    # combinations already classified, by mask (see _classify_known)
    known: dict[int, Combo]
    # the chains whose shortest run a rank set (nibble mask) holds, by rank set: at most
    # 2**13 entries each (see _lead_sequences)
    straight_starts: dict[int, tuple[_Chain, ...]]
    pair_run_starts: dict[int, tuple[_Chain, ...]]


# One start position of a sequence order: the ranks that may follow it, each with
# whether the run up to there is a combination counted at exactly that position (a rank
# set that occurs twice in the order, as in Sâm's A-2-3…A, counts once, at its highest).
# ``need`` is the nibble mask (bit 4r for rank r) of the ranks a shortest counted run
# from that start needs, to skip starts at once.
_Chain = tuple[int, tuple[tuple[int, int, bool], ...]]
# A sequence of one length: (top position << 2, top rank, nibble mask of its ranks,
# its ranks in order).
_Window = tuple[int, int, int, tuple[int, ...]]


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


def _chains(
    order: Sequence[int], table: dict[int, tuple[int, int]], max_len: int
) -> tuple[tuple[_Chain, ...], dict[int, tuple[_Window, ...]]]:
    chains: list[_Chain] = []
    windows: dict[int, list[_Window]] = {}
    for start in range(len(order)):
        chain: list[tuple[int, int, bool]] = []
        bits = 0
        for end in range(start, min(len(order), start + max_len)):
            r = order[end]
            if bits >> r & 1:
                break
            bits |= 1 << r
            hit = table.get(bits)
            counted = hit is not None and hit[0] == end
            chain.append((r, r << 2, counted))
            if counted:
                ranks = tuple(order[start : end + 1])
                windows.setdefault(len(ranks), []).append((end << 2, r, _nibbles(ranks), ranks))
        while chain and not chain[-1][2]:
            chain.pop()
        if chain:
            first = next(i for i, link in enumerate(chain) if link[2])
            need = _nibbles([link[0] for link in chain[: first + 1]])
            chains.append((need, tuple(chain)))
    return tuple(chains), {n: tuple(w) for n, w in windows.items()}


def _nibbles(ranks: Iterable[int]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << (r << 2)
    return m


def _build_tables(rules: ComboRules) -> _Tables:
    straights = _windows(rules.straight_order, rules.min_straight, rules.max_straight)
    pair_runs = _windows(rules.pair_run_order, rules.min_pair_run, 13) if rules.pair_runs else {}
    s_chains, s_windows = _chains(rules.straight_order, straights, rules.max_straight)
    p_chains, p_windows = _chains(rules.pair_run_order, pair_runs, 13)
    return _Tables(
        straights=straights,
        pair_runs=pair_runs,
        straight_order=rules.straight_order,
        pair_run_order=rules.pair_run_order,
        min_straight=rules.min_straight,
        max_straight=rules.max_straight,
        min_pair_run=rules.min_pair_run,
        suits=rules.suits_break_ties,
        pair_runs_on=rules.pair_runs,
        one_colour_pairs=rules.one_colour_pairs,
        one_suit_straights=rules.one_suit_straights,
        follow=rules.follow_suit,
        narrowed=rules.one_colour_pairs or rules.one_suit_straights or rules.follow_suit,
        straight_chains=s_chains,
        pair_run_chains=p_chains,
        straight_windows=s_windows,
        pair_run_windows=p_windows,
        known={},
        straight_starts={},
        pair_run_starts={},
    )


_POP = tuple(bin(i).count("1") for i in range(16))
_HIGH_SUIT = tuple(i.bit_length() - 1 for i in range(16))
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(1, 16) if s & n == s) for n in range(16)
)
# Precomputed, already shifted to their rank: _SUBSETS_AT[r][nibble] is every
# non-empty subset of the rank-r cards; _SIZED_AT[k][r][nibble] those of size k.
_SUBSETS_AT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s << (r << 2) for s in _SUBSETS[n]) for n in range(16)) for r in range(13)
)
_SIZED_AT: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(s << (r << 2) for s in _SUBSETS[n] if _POP[s] == k) for n in range(16))
        for r in range(13)
    )
    for k in range(5)
)
# The same two ranks at a time (one byte of the hand): leading, the sets of a hand come
# out in 7 table lookups instead of 13. Bits past the 2 (rank 13) are ignored, as before.
_SUBSETS_BYTE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        _SUBSETS_AT[2 * p][b & 15] + (_SUBSETS_AT[2 * p + 1][b >> 4] if 2 * p + 1 < 13 else ())
        for b in range(256)
    )
    for p in range(7)
)


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
    t = rules._tables
    if t is None:
        t = rules.tables()
    return _classify(mask, t)


# Kind by value without the enum call (Kind(n) costs as much as the rest of a single's
# classification), and Combo built without the Python frame of the NamedTuple __new__
_KINDS = tuple(Kind)
_new_combo = tuple.__new__


def _classify(mask: int, t: _Tables) -> Combo | None:
    """:func:`classify` for a positive mask."""
    low = (mask & -mask).bit_length() - 1
    r = low >> 2
    rest = mask >> (r << 2)
    if rest < 16:
        n = _POP[rest]
        if n == 2 and t.one_colour_pairs and rest != 3 and rest != 12:
            return None  # ♠♣ (0b0011) and ♦♥ (0b1100) are the pairs of one colour
        key = r << 2
        if t.suits and n <= 2:
            key |= _HIGH_SUIT[rest]
        return _new_combo(Combo, (_KINDS[n - 1], n, key, mask, r))
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
        if t.one_suit_straights and mask & ~(_LOW_BITS << (low & 3)):
            return None  # a card of another suit than the lowest card's
        pos, top = hit
        n = bits.bit_count()
        suit = ((mask >> (top << 2)) & 15).bit_length() - 1 if t.suits else 0
        return _new_combo(Combo, (Kind.STRAIGHT, n, (pos << 2) | suit, mask, top))
    if per == 2 and t.pair_runs_on:
        hit = t.pair_runs.get(bits)
        if hit is None:
            return None
        if t.one_colour_pairs and not one_colour_pairs(mask):
            return None
        pos, top = hit
        n = bits.bit_count() * 2
        suit = ((mask >> (top << 2)) & 15).bit_length() - 1 if t.suits else 0
        return _new_combo(Combo, (Kind.PAIR_RUN, n, (pos << 2) | suit, mask, top))
    return None


_KNOWN_LIMIT = 1 << 13  # about a MB at most; singles, pairs and short runs fit many times


def _classify_known(mask: int, t: _Tables) -> Combo | None:
    """:func:`_classify`, remembered per rules: a game classifies the same singles,
    pairs and short straights again and again. Only plain ints are remembered (a bool or
    another int type must come back in its own Combo, as before)."""
    if type(mask) is not int:
        return _classify(mask, t)
    known = t.known
    combo = known.get(mask)
    if combo is None:
        combo = _classify(mask, t)
        if combo is not None and len(known) < _KNOWN_LIMIT:
            known[mask] = combo
    return combo


def _allowed(mask: int, t: _Tables) -> bool:
    """Whether a play the generator found by its ranks alone also meets the colour and
    suit settings of ``t``."""
    return allowed(mask, t.one_colour_pairs, t.one_suit_straights)


def _follows(play: int, over: Combo) -> bool:
    """:func:`follows` for a play (a mask) of the shape of ``over``, which is no tứ quý."""
    return follows_masks(play, over.mask, over.kind == Kind.PAIR or over.kind == Kind.PAIR_RUN)


def follows(play: Combo, over: Combo, rules: ComboRules) -> bool:
    """Whether ``play`` follows the suits of ``over`` as ``rules.follow_suit`` asks
    (always ``True`` when it does not ask). Only an answer of the table's shape must
    follow: a single by a single of its suit; a pair by a pair of the same colours (two
    black, two red, or one of each); a triple by one of the same three suits; a straight
    rank by rank by the beaten straight's suits (ranks taken from the 3 up, which for a
    straight order that wraps, as Sâm's A-2-3, is not the straight's own order); a
    pair-run pair by pair, as pairs. A
    tứ quý, a play of another shape (a chop) and a play of 2s alone need not follow.

    >>> from vncards.core import CardSet
    >>> north = ComboRules(follow_suit=True)
    >>> def combo(cards): return classify(CardSet.parse(cards).mask, north)
    >>> follows(combo("9S"), combo("5S"), north), follows(combo("9H"), combo("5S"), north)
    (True, False)
    >>> follows(combo("2H"), combo("KS"), north)           # a 2 (heo) follows nothing
    True
    >>> red = combo("5D 5H")
    >>> follows(combo("9D 9H"), red, north), follows(combo("9S 9H"), red, north)
    (True, False)
    >>> follows(combo("6S 7H 8S"), combo("3S 4H 5S"), north)
    True
    """
    if not rules.follow_suit or not play.same_shape(over) or over.kind == Kind.QUAD:
        return True
    return _follows(play.mask, over)


def is_chop(play: Combo, over: Combo, chops: Iterable[ChopRule]) -> bool:
    """Whether ``play`` beats ``over`` through a row of the chop table.

    >>> from vncards.core import CardSet
    >>> rows = [ChopRule((Kind.PAIR_RUN, 6), (Kind.SINGLE, 1), target_rank=12)]
    >>> runs = classify(CardSet.parse("3S 3C 4S 4C 5S 5C").mask, ComboRules())
    >>> is_chop(runs, classify(CardSet.parse("2S").mask, ComboRules()), rows)
    True
    """
    return any(rule.applies(play, over) for rule in chops)


def beats(
    play: Combo, over: Combo, chops: Iterable[ChopRule] = (), rules: ComboRules | None = None
) -> bool:
    """Whether ``play`` may be played on ``over``: same shape and higher (following its
    suits when ``rules`` asks it, see :func:`follows`), or a chop.

    >>> from vncards.core import CardSet
    >>> tl = ComboRules()
    >>> a = classify(CardSet.parse("3C 3H").mask, tl)
    >>> b = classify(CardSet.parse("3S 3D").mask, tl)
    >>> beats(a, b), beats(b, a), beats(a, b, rules=ComboRules(follow_suit=True))
    (True, False, True)
    """
    if is_chop(play, over, chops):
        return True
    if play.kind == over.kind and play.length == over.length and play.key > over.key:
        return rules is None or follows(play, over, rules)
    return False


# ---------------------------------------------------------------- move generation
#
# Plays come out in a fixed order (bots pick by index, so seeded games depend on it):
# leading, rank by rank every single/pair/triple/quad, then straights, then pair-runs,
# each by start position then length; responding, the same shape first, then each chop
# shape in the order the chop table first names it.


_LOW_BITS = sum(1 << (r << 2) for r in range(13))  # bit 4r for each rank r
_DECK_BITS = (1 << 52) - 1


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


_AT_LEAST = (_present, _present, _present_pairs, _at_least_three, _quads)


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
            if present.bit_count() >= t.min_straight:
                _lead_sequences(hand, present, 1, t.straight_chains, t.straight_starts, out)
        if t.pair_runs_on and cards >= 2 * t.min_pair_run:
            present = _present_pairs(hand)
            if present.bit_count() >= t.min_pair_run:
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
        if kind <= _QUAD:
            if length != kind + 1:
                continue
            if length > 1:
                _sets(hand, length, need, t.suits, out)
                continue
            # the answer to most tables: a single's key is its card id (suits) or its
            # rank's first id, so the singles that beat a key are the cards above a cut
            if need >= 0:
                cut = need + 1 if t.suits else ((need >> 2) + 1) << 2
                rest = hand >> cut << cut
            else:
                rest = hand
            while rest:
                low = rest & -rest
                out.append(low)
                rest ^= low
        elif kind == _STRAIGHT:
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
_QUAD = Kind.QUAD
_STRAIGHT = Kind.STRAIGHT

# The shapes to generate, in order, to answer a combination: (kind, length, higher), where
# ``higher`` asks for combinations above the table's key and otherwise any of that shape
# will do. The table's own shape comes first (unless only chops are wanted), then each
# chop shape in the order the table first names it; a shape named by several rows that
# apply takes the least demanding one. The plan depends only on the table's kind, length
# and top rank, so it is built once per table shape and rank. (Classified keys are never
# negative; a made-up negative key asks for every combination of the shape, just as no
# key does, so the plan holds for it too.)
_Plan = tuple[tuple[Kind, int, bool], ...]
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
    plan = plans.get((over.kind, over.length, top, chops_only))
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
        plans[(over.kind, over.length, top, chops_only)] = plan
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
