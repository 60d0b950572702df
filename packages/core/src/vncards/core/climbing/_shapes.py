"""Combination shapes of French cards and the rules that make them: :class:`Kind`,
:class:`Combo`, :class:`ComboRules` and :class:`ChopRule`, with the lookup tables a set
of rules builds once.

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
from typing import Final, NamedTuple

from mypy_extensions import mypyc_attr
from vncards.core._errors import RulesError
from vncards.core.climbing._runs import Run

__all__ = ["ChopRule", "Combo", "ComboRules", "Kind"]


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


_KIND_CODES: Final = ("single", "pair", "triple", "quad", "straight", "pair-run")
_SET_KINDS: Final = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.QUAD)


class Combo(NamedTuple):
    """A classified play.

    ``length`` is the number of cards; ``key`` orders combinations of the same kind and
    length (higher beats lower); ``top_rank`` is the rank of the highest card in the
    game's order for that shape.

    >>> from vncards.core import CardSet, ComboRules, classify
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

    >>> from vncards.core import CardSet, ComboRules, classify
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

    >>> from vncards.core import CardSet, ChopRule, ComboRules, Kind, classify
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
    # the same starts as the chains, packed in ints for the compiled generator (_runs)
    straight_runs: tuple[Run, ...]
    pair_run_runs: tuple[Run, ...]
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


def _packed(chains: tuple[_Chain, ...]) -> tuple[Run, ...]:
    """``chains`` as :data:`~vncards.core.climbing._runs.Run` values."""
    out = []
    for need, links in chains:
        ranks = counted = 0
        for j, (r, _, is_counted) in enumerate(links):
            ranks |= r << (j << 2)
            if is_counted:
                counted |= 1 << j
        out.append((need, ranks, counted, len(links)))
    return tuple(out)


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
        straight_runs=_packed(s_chains),
        pair_run_runs=_packed(p_chains),
        known={},
        straight_starts={},
        pair_run_starts={},
    )


_LOW_BITS: Final = sum(1 << (r << 2) for r in range(13))  # bit 4r for each rank r
_POP: Final = tuple(bin(i).count("1") for i in range(16))
_HIGH_SUIT: Final = tuple(i.bit_length() - 1 for i in range(16))
