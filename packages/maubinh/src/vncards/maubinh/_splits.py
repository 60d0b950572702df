"""The legal actions of Mậu Binh, made on demand: every split of a seat's 13 cards
(:class:`Splits`), and those of every seat still to arrange (:class:`PendingSplits`).

>>> PendingSplits([Splits(0, tuple(range(13))), Splits(1, tuple(range(13, 26)))])[72_072].seat
1
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import Any, SupportsIndex, overload

from vncards.maubinh._engine import SPLITS, Arrange
from vncards.maubinh._solver import split_at

__all__ = ["PendingSplits", "Splits"]


class Splits(Sequence[Arrange]):
    """Every split of one seat's 13 cards (72,072 of them, binh lủng included), made
    on demand: the legal actions of a seat that has yet to arrange.

    >>> s = Splits(1, tuple(range(13)))
    >>> len(s), s[0]
    (72072, Arrange(seat=1, chi1=(0, 1, 2, 3, 4), chi2=(5, 6, 7, 8, 9), chi3=(10, 11, 12)))
    >>> s[-1] in s, Arrange(0, s[5].chi1, s[5].chi2, s[5].chi3) in s
    (True, False)
    """

    __slots__ = ("cards", "seat")

    def __init__(self, seat: int, cards: tuple[int, ...]) -> None:
        self.seat = seat
        self.cards = cards  # sorted ids

    def __len__(self) -> int:
        return SPLITS

    @overload
    def __getitem__(self, index: SupportsIndex) -> Arrange: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Arrange]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Arrange | Sequence[Arrange]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(SPLITS))]
        i = operator.index(index)  # numpy integers too
        if i < 0:
            i += SPLITS
        if not 0 <= i < SPLITS:
            raise IndexError("split index out of range")
        chi1, chi2, chi3 = split_at(self.cards, i)
        return Arrange(self.seat, chi1, chi2, chi3)

    def __iter__(self) -> Iterator[Arrange]:
        for i in range(SPLITS):
            yield self[i]

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Arrange) or item.seat != self.seat:
            return False
        if (len(item.chi1), len(item.chi2), len(item.chi3)) != (5, 5, 3):
            return False
        return sorted(item.chi1 + item.chi2 + item.chi3) == list(self.cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Splits) and (self.seat, self.cards) == (other.seat, other.cards)

    def __hash__(self) -> int:
        return hash((Splits, self.seat, self.cards))

    def __repr__(self) -> str:
        return f"Splits(seat={self.seat}, cards={self.cards})"


class PendingSplits(list[Arrange]):
    """Several seats' :class:`Splits` as one sequence, made on demand (the legal actions
    of every seat still to arrange).

    It is a ``list`` only so that it fits the protocol's ``legal_actions`` type: the
    list itself stays empty and every read goes through the methods below.
    """

    def __init__(self, parts: list[Splits]) -> None:
        super().__init__()
        self.parts = parts

    def __len__(self) -> int:
        return sum(len(p) for p in self.parts)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        for p in self.parts:
            if index < len(p):
                return p[index]
            index -= len(p)
        raise IndexError("action index out of range")

    def __contains__(self, item: object) -> bool:
        return any(item in p for p in self.parts)

    def __iter__(self) -> Iterator[Arrange]:
        for p in self.parts:
            yield from p

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __repr__(self) -> str:
        return f"<{len(self)} arrangements of seats {[p.seat for p in self.parts]}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PendingSplits) and self.parts == other.parts

    __hash__ = None
