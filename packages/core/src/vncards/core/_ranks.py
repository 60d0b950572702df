"""Rank orders as data: where each French card stands in one game's order of ranks.

A card's id (see :mod:`vncards.core._cards`) is ``rank_index * 4 + suit`` with the rank
index counting in the climbing order 3 … K A 2, so card identity and the climbing order
coincide and the climbing games compare ids directly (:data:`CLIMBING` says so as data).
A game that ranks otherwise reads a :class:`RankOrder`: its ranks low to high, each card
id's position among them and how the A reads in a run; the tables it keeps for speed
are built from those at import.

- :data:`CLIMBING`: 3 … K A 2, the A only high in a run (Tiến lên, Sâm Lốc).
- :data:`POKER`: 2 3 … K A, the A high, and low too in the wheel A-2-3-4-5, the lowest
  straight (Mậu Binh).
- :data:`RUMMY`: A 2 … Q K, the A only low, no wrap (Phỏm).

>>> from vncards.core import parse_card
>>> [order.position(parse_card("AS").id) for order in (CLIMBING, POKER, RUMMY)]
[11, 12, 0]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from vncards.core._cards import DECK, Rank

__all__ = ["CLIMBING", "POKER", "RUMMY", "AceInRuns", "RankOrder"]

AceInRuns = Literal["high", "low", "both"]
"""How the A reads in a run: only at its place in the order (``high`` when that place is
near the top, as K-A; ``low`` when it is the bottom, as A-2-3), or ``both``: at its
place, the top, and also below the lowest rank, in the wheel (A-2-3-4-5)."""


@dataclass(frozen=True, slots=True)
class RankOrder:
    """One order of the 13 French ranks, with each card id's position in it.

    ``labels`` are the ranks low to high, written as core writes them; ``positions`` (built
    from them) is the table card id → position, 0 the lowest rank; ``ace_in_runs`` says
    how the A reads in a run (:data:`AceInRuns`).

    >>> order = RankOrder("sevens-high", ("2", "3", "4", "5", "6", "8", "9", "10", "J",
    ...     "Q", "K", "A", "7"), "high")
    >>> order.position(16), order.labels[order.position(16)]  # card 16 is 7♠
    (12, '7')
    >>> RankOrder("short", ("A", "K"), "low")
    Traceback (most recent call last):
    ...
    ValueError: a rank order lists each of the 13 ranks once, not ('A', 'K')
    """

    name: str
    labels: tuple[str, ...]
    ace_in_runs: AceInRuns
    positions: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if sorted(self.labels) != sorted(r.label for r in Rank):
            raise ValueError(f"a rank order lists each of the 13 ranks once, not {self.labels}")
        place = {label: i for i, label in enumerate(self.labels)}
        object.__setattr__(self, "positions", tuple(place[card.rank.label] for card in DECK))

    def position(self, card: int) -> int:
        """The position of a card id's rank in this order, 0 the lowest.

        >>> from vncards.core import parse_card
        >>> POKER.position(parse_card("2H").id), RUMMY.position(parse_card("KD").id)
        (0, 12)
        """
        return self.positions[card]

    def sort_key(self, card: int) -> tuple[int, int]:
        """A key that sorts card ids by this order's rank, then by suit (♠ ♣ ♦ ♥).

        >>> from vncards.core import format_cards, parse_cards
        >>> ids = [c.id for c in parse_cards("AS 2H 3D 2S")]
        >>> format_cards(sorted(ids, key=POKER.sort_key))
        ['2S', '2H', '3D', 'AS']
        """
        return self.positions[card], card & 3

    @property
    def ace(self) -> int:
        """The A's position in this order.

        >>> CLIMBING.ace, POKER.ace, RUMMY.ace
        (11, 12, 0)
        """
        return self.labels.index("A")

    def runs(self, length: int) -> tuple[tuple[int, ...], ...]:
        """Every run of ``length`` ranks as positions in the run's order, the lowest run
        first: consecutive positions, never wrapping past the top, and under
        ``ace_in_runs`` ``both`` the wheels (the A below the lowest rank) first of all.
        Empty unless ``length`` is 2 to 13. (Which ranks a game lets in a run is the
        game's: climbing straights leave out the 2.)

        >>> POKER.runs(5)[:2], POKER.runs(5)[-1]
        (((12, 0, 1, 2, 3), (0, 1, 2, 3, 4)), (8, 9, 10, 11, 12))
        >>> len(RUMMY.runs(3)), RUMMY.runs(13)
        (11, ((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),))
        """
        size = len(self.labels)
        if not 2 <= length <= size:
            return ()
        out = [tuple(range(low, low + length)) for low in range(size - length + 1)]
        if self.ace_in_runs == "both" and length < size:
            out.insert(0, (self.ace, *range(length - 1)))
        return tuple(out)

    def run_place(self, positions: Iterable[int]) -> int | None:
        """The place of distinct positions, in any order, among the runs of their number
        (0 the lowest, as :meth:`runs` lists them), or ``None`` when they are no run.

        >>> POKER.run_place([3, 1, 2, 0, 12]), POKER.run_place([12, 11, 10, 9, 8])
        (0, 9)
        >>> RUMMY.run_place([11, 12, 0]) is None  # Q-K-A does not wrap
        True
        """
        wanted = tuple(sorted(positions))
        return _places(self, len(wanted)).get(wanted)


@cache
def _places(order: RankOrder, length: int) -> dict[tuple[int, ...], int]:
    """The place of each run of ``length`` in ``order``, by its sorted positions."""
    return {tuple(sorted(run)): place for place, run in enumerate(order.runs(length))}


CLIMBING = RankOrder("climbing", tuple(r.label for r in Rank), "high")
"""Tiến lên's order, 3 … K A 2: a card id's position is its rank index, ``id // 4`` (the
card ids are laid out in it).

>>> all(CLIMBING.position(c) == c // 4 for c in range(52))
True
"""

POKER = RankOrder(
    "poker", ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), "both"
)
"""Mậu Binh's order, 2 … K A: the A high (10-J-Q-K-A the top straight) and low in the
wheel A-2-3-4-5, here the lowest straight (a game may place it otherwise).

>>> POKER.labels[0], POKER.labels[-1], POKER.runs(5)[0]
('2', 'A', (12, 0, 1, 2, 3))
"""

RUMMY = RankOrder(
    "rummy", ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"), "low"
)
"""Phỏm's order, A 2 … Q K: the A only low (A-2-3 is a run, Q-K-A is not).

>>> RUMMY.runs(3)[0], RUMMY.runs(3)[-1]
((0, 1, 2), (10, 11, 12))
"""
