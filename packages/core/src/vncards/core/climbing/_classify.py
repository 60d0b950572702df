"""Classifying and comparing combinations: which shape a set of cards makes, whether a
play follows or chops what it answers, and whether it beats it.

>>> from vncards.core import CardSet
>>> classify(CardSet.parse("5S 6H 7D").mask, ComboRules()).kind.code
'straight'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from vncards.core.climbing._follow import allowed, follows_masks, one_colour_pairs
from vncards.core.climbing._shapes import (
    _HIGH_SUIT,
    _LOW_BITS,
    _POP,
    ChopRule,
    Combo,
    ComboRules,
    Kind,
    _Tables,
)

__all__ = ["beats", "classify", "follows", "is_chop"]


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
_KINDS: Final = tuple(Kind)
_new_combo: Final = tuple.__new__


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


_KNOWN_LIMIT: Final = 1 << 13  # about a MB at most; singles, pairs and short runs fit many times


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
