"""Tới trắng (ăn trắng): dealt hands that win at once, in the order the rules rank them.

>>> from vncards.core import CardSet
>>> from vncards.samloc import PRESETS
>>> instant_win_code(CardSet.parse("3S 4H 5D 6C 7S 8S 9H 10D JC QS").mask, PRESETS["standard"])
'dragon'
>>> instant_win_code(CardSet.parse("3S 3H 3D 5C 5S 5H 9H 9D 9C QS").mask, PRESETS["standard"])
'three-triples'
"""

from __future__ import annotations

from vncards.core import Kind, classify, ranks_with
from vncards.samloc._engine import TWOS, sam_combo_rules
from vncards.samloc._rules import SamRules

__all__ = ["INSTANT_WINS", "instant_win_code", "quads_in"]

INSTANT_WINS: tuple[tuple[str, str], ...] = (
    ("dragon", "sảnh rồng: a 10-card straight"),
    ("four-twos", "tứ quý 2: all four 2s"),
    ("one-colour", "đồng hoa: all 10 cards red, or all black"),
    ("three-triples", "3 sám cô: three triples (a tứ quý counts as one)"),
    ("five-pairs", "5 đôi: five pairs (a tứ quý counts as two)"),
)
"""Instant-win codes, highest priority first, with what they mean."""

PRIORITY = {code: i for i, (code, _) in enumerate(INSTANT_WINS)}

_BLACK = sum(0b0011 << (4 * r) for r in range(13))
_RED = sum(0b1100 << (4 * r) for r in range(13))


def instant_win_code(hand: int, rules: SamRules) -> str | None:
    """The best tới trắng a 10-card hand holds, or ``None``."""
    ranks = ranks_with(hand, 1).bit_count()
    if ranks == 10:  # ten ranks: the only way to a dragon
        combo = classify(hand, sam_combo_rules(rules))
        if combo is not None and combo.kind == Kind.STRAIGHT and combo.length == 10:
            return "dragon"
    if hand & TWOS == TWOS:
        return "four-twos"
    if not hand & _RED or not hand & _BLACK:
        return "one-colour"
    if ranks > 5:
        # three triples leave at most one card for a fourth rank, and five pairs use
        # all ten cards on at most five ranks: most hands stop here
        return None
    if ranks_with(hand, 3).bit_count() >= 3:
        return "three-triples"
    # a rank's pairs: one for two or three cards, two for four
    if ranks_with(hand, 2).bit_count() + ranks_with(hand, 4).bit_count() >= 5:
        return "five-pairs"
    return None


def quads_in(hand: int) -> int:
    """How many tứ quý a hand holds.

    >>> from vncards.core import CardSet
    >>> quads_in(CardSet.parse("7S 7C 7D 7H 8S").mask)
    1
    """
    return ranks_with(hand, 4).bit_count()
