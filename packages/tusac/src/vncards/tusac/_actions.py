"""The four Tứ Sắc actions: discard, take, draw and pass.

>>> Take(1, (5, 3)), Discard(0, 27)
(Take(seat=1, cards=(3, 5)), Discard(seat=0, card=27))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Discard", "Draw", "Pass", "Take", "TuSacAction"]


@dataclass(frozen=True, slots=True)
class Discard:
    """``seat`` discards one rác of kind ``card`` (đánh / thải rác)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Take:
    """``seat`` takes the active card (ăn) with its own ``cards`` (kinds, sorted);
    ``()`` takes a lone Tướng."""

    seat: int
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True, slots=True)
class Draw:
    """``seat`` draws (bốc) the top of the stock."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` declines the card it drew; the turn moves on."""

    seat: int


TuSacAction = Discard | Take | Draw | Pass
