"""What hands are worth: thối (held 2s and hàng) at the end, chop values during play,
and the tới trắng hands that win at the deal.

A loser pays one lá per card left, except that held 2s (heo) and held hàng count at
their thối value instead. Hàng may be grouped in several ways (3333 444 555 666 is a tứ
quý and a 3 đôi thông, or a 4 đôi thông and loose cards); the loser pays for the
grouping of disjoint hàng that costs the most, found exactly by :func:`count_la`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from vncards.core import Combo, Kind
from vncards.tienlen._rules import INSTANT_WIN_CODES, TienLenRules

__all__ = ["chop_value", "count_la", "instant_win_of", "instant_wins_in_order", "itemise_la"]

_TWO = 12  # rank index of the 2 (heo)
_BLACK_TWOS = (1 << (_TWO * 4)) | (1 << (_TWO * 4 + 1))
_RED_TWOS = (1 << (_TWO * 4 + 2)) | (1 << (_TWO * 4 + 3))
_ALL_TWOS = _BLACK_TWOS | _RED_TWOS
_NIBBLE_POP = tuple(bin(i).count("1") for i in range(16))


def _rank_counts(mask: int) -> tuple[int, ...]:
    return tuple(_NIBBLE_POP[(mask >> (r << 2)) & 15] for r in range(13))


@lru_cache(maxsize=1 << 16)
def _hang_gain(counts: tuple[int, ...], g_quad: int, g_three: int, g_four: int) -> int:
    """Most lá that disjoint hàng add over one lá per card, for the ranks in ``counts``
    (3 upwards, no 2). Hàng are taken from the lowest rank first, so each grouping is
    tried once; ``counts[0]`` may open several hàng before moving on."""
    if not counts:
        return 0
    c0 = counts[0]
    rest = counts[1:]
    best = _hang_gain(rest, g_quad, g_three, g_four)  # this rank's cards stay loose
    if c0 >= 2:
        if c0 == 4 and g_quad > 0:
            best = max(best, g_quad + _hang_gain((0, *rest), g_quad, g_three, g_four))
        if g_three > 0 and len(rest) >= 2 and rest[0] >= 2 and rest[1] >= 2:
            after = (c0 - 2, rest[0] - 2, rest[1] - 2, *rest[2:])
            best = max(best, g_three + _hang_gain(after, g_quad, g_three, g_four))
        if g_four > 0 and len(rest) >= 3 and rest[0] >= 2 and rest[1] >= 2 and rest[2] >= 2:
            after = (c0 - 2, rest[0] - 2, rest[1] - 2, rest[2] - 2, *rest[3:])
            best = max(best, g_four + _hang_gain(after, g_quad, g_three, g_four))
    return best


def count_la(hand: int, rules: TienLenRules) -> int:
    """Lá a loser holding ``hand`` (a card mask) owes, before any cóng doubling.

    Each card counts 1, except held 2s (black 3, red 6 by default) and held hàng (tứ
    quý 12, 3 đôi thông 12, 4 đôi thông 16), which count at their thối value instead;
    the disjoint hàng that give the largest total are chosen.

    >>> from vncards.core import CardSet
    >>> rules = TienLenRules()
    >>> count_la(CardSet.parse("5D 7D 9H").mask, rules)            # 3 cards, no 2
    3
    >>> count_la(CardSet.parse("5D 7D 9H 2C 2H").mask, rules)      # 3 + 3 + 6
    12
    >>> count_la(CardSet.parse("3S 3C 3D 3H 4S 4C 5S 5C 6S 6C").mask, rules)  # tứ quý + 3 đôi thông
    24
    """
    args = _hang_args(hand, rules)
    gain = 0 if args is None else _hang_gain(*args)
    plain = (hand & ~_ALL_TWOS).bit_count()
    twos = (hand & _BLACK_TWOS).bit_count() * rules.thoi_black_two + (
        hand & _RED_TWOS
    ).bit_count() * rules.thoi_red_two
    if hand >> (_TWO * 4) == 15:
        twos = max(twos, rules.thoi_quad)  # four 2s may also be taken as one tứ quý
    return plain + gain + twos


@lru_cache(maxsize=1 << 16)
def _hang_cards(counts: tuple[int, ...], g_quad: int, g_three: int, g_four: int) -> int:
    """How many cards the hàng of :func:`_hang_gain`'s best grouping hold (the grouping
    found by the same steps, in the same order, so the two agree)."""
    if not counts:
        return 0
    c0 = counts[0]
    rest = counts[1:]
    best = _hang_gain(rest, g_quad, g_three, g_four)
    cards = _hang_cards(rest, g_quad, g_three, g_four)
    if c0 >= 2:
        if c0 == 4 and g_quad > 0:
            gain = g_quad + _hang_gain((0, *rest), g_quad, g_three, g_four)
            if gain > best:
                best, cards = gain, 4 + _hang_cards((0, *rest), g_quad, g_three, g_four)
        if g_three > 0 and len(rest) >= 2 and rest[0] >= 2 and rest[1] >= 2:
            after = (c0 - 2, rest[0] - 2, rest[1] - 2, *rest[2:])
            gain = g_three + _hang_gain(after, g_quad, g_three, g_four)
            if gain > best:
                best, cards = gain, 6 + _hang_cards(after, g_quad, g_three, g_four)
        if g_four > 0 and len(rest) >= 3 and rest[0] >= 2 and rest[1] >= 2 and rest[2] >= 2:
            after = (c0 - 2, rest[0] - 2, rest[1] - 2, rest[2] - 2, *rest[3:])
            gain = g_four + _hang_gain(after, g_quad, g_three, g_four)
            if gain > best:
                best, cards = gain, 8 + _hang_cards(after, g_quad, g_three, g_four)
    return cards


def itemise_la(hand: int, rules: TienLenRules) -> list[tuple[str, int]]:
    """What :func:`count_la` counts, by reason: ``cards-left`` (one lá per card that is
    neither a 2 nor in a hàng counted), ``thoi-2`` (the 2s held, at their value) and
    ``thoi-hang`` (the hàng held, at their value); reasons worth nothing are left out.

    >>> from vncards.core import CardSet
    >>> rules = TienLenRules()
    >>> itemise_la(CardSet.parse("5D 7D 9H 2C 2H").mask, rules)
    [('cards-left', 3), ('thoi-2', 9)]
    >>> itemise_la(CardSet.parse("3S 3C 3D 3H 4S 4C 5S 5C 6S 6C 9D").mask, rules)
    [('cards-left', 1), ('thoi-hang', 24)]
    """
    rest = hand & ~_ALL_TWOS
    items: list[tuple[str, int]] = []
    gain = hang_cards = 0
    args = _hang_args(hand, rules)
    if args is not None:
        gain = _hang_gain(*args)
        hang_cards = _hang_cards(*args) if gain else 0
    plain = rest.bit_count() - hang_cards
    if plain:
        items.append(("cards-left", plain))
    hang = hang_cards + gain
    held = hand >> (_TWO * 4)
    if held:
        twos = (held & 3).bit_count() * rules.thoi_black_two + (
            held & 12
        ).bit_count() * rules.thoi_red_two
        if held == 15 and rules.thoi_quad > twos:
            twos, hang = 0, hang + rules.thoi_quad  # four 2s taken as one tứ quý
        if twos:
            items.append(("thoi-2", twos))
    if hang:
        items.append(("thoi-hang", hang))
    return items


def _hang_args(hand: int, rules: TienLenRules) -> tuple[tuple[int, ...], int, int, int] | None:
    """What :func:`_hang_gain` and :func:`_hang_cards` are asked for ``hand`` (its
    cards per rank, 3…A, and what each hàng adds over one lá a card), or ``None`` when
    it holds no hàng. Without đôi thông (``pair_runs`` off) only tứ quý count; with
    ``pair_colours`` ``one`` a rank whose two cards differ in colour holds no pair."""
    pairs, quads = _pairs_masks(hand & ~_ALL_TWOS)
    runs = rules.pair_runs and pairs & (pairs >> 4) & (pairs >> 8)
    if not quads and not runs:
        return None
    counts = _rank_counts(hand)[:_TWO]
    if runs and rules.pair_colours == "one":
        # three or four cards of a rank always hold a pair of one colour, and taking it
        # out of four leaves another; two cards hold one only if they match in colour
        counts = tuple(
            1 if c == 2 and (hand >> (r << 2)) & 15 not in (3, 12) else c
            for r, c in enumerate(counts)
        )
    three = rules.thoi_three_pair_run - 6 if runs else 0
    four = rules.thoi_four_pair_run - 8 if runs else 0
    return counts, rules.thoi_quad - 4, three, four


def chop_value(target: Combo, rules: TienLenRules) -> int:
    """What the owner of a chopped combination pays the chopper, in lá: a single 2 at
    its colour's value, a pair of 2s the sum of its two cards, a hàng its thối value.

    >>> from vncards.core import CardSet, ComboRules, classify
    >>> pair = classify(CardSet.parse("2S 2H").mask, ComboRules())
    >>> chop_value(pair, TienLenRules())
    9
    """
    kind = target.kind
    if kind == Kind.QUAD:
        return rules.thoi_quad
    if kind == Kind.PAIR_RUN:
        return rules.thoi_three_pair_run if target.length == 6 else rules.thoi_four_pair_run
    mask = target.mask
    return (mask & _BLACK_TWOS).bit_count() * rules.thoi_black_two + (
        mask & _RED_TWOS
    ).bit_count() * rules.thoi_red_two


def _nibble_counts(hand: int) -> int:
    """Per-rank card counts (0…4), one per nibble, by the classic bit-count steps."""
    x = hand - ((hand >> 1) & _FIVES)
    return (x & _THREES) + ((x >> 2) & _THREES)


def _pairs_masks(hand: int) -> tuple[int, int]:
    """Nibble-low bits of the ranks holding two or more cards, and of those holding four."""
    x = _nibble_counts(hand)
    return ((x >> 1) | (x >> 2)) & _ONES, (x >> 2) & _ONES


_FIVES = int("5" * 13, 16)
_THREES = int("3" * 13, 16)
_ONES = int("1" * 13, 16)
_NO_TWO_ONES = int("1" * 12, 16)  # ranks 3…A


def instant_win_of(hand: int, rules: TienLenRules) -> str | None:
    """The strongest tới trắng hand ``hand`` holds under ``rules``, or ``None``.

    >>> from vncards.core import CardSet
    >>> rules = TienLenRules()
    >>> instant_win_of(CardSet.parse("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS AH").mask, rules)
    'dragon'
    >>> instant_win_of(CardSet.parse("3S 3C 4S 4C 7S 7C 9D 9H QS QC QD QH 2S").mask, rules)
    'six-pairs'
    """
    pairs, quads = _pairs_masks(hand)
    for code in rules.instant_wins:
        if code == "dragon":
            present = (hand | hand >> 1 | hand >> 2 | hand >> 3) & _NO_TWO_ONES
            if present == _NO_TWO_ONES:
                return code
        elif code == "four-twos":
            if hand >> (_TWO * 4) == 15:
                return code
        elif code == "five-pair-run":
            g = pairs & _NO_TWO_ONES
            if g & (g >> 4) & (g >> 8) & (g >> 12) & (g >> 16):
                return code
        elif pairs.bit_count() + quads.bit_count() >= 6:  # six-pairs
            return code
    return None


_STRENGTH: dict[str, int] = {code: i for i, code in enumerate(INSTANT_WIN_CODES)}


def instant_wins_in_order(
    rules: TienLenRules, hands: Sequence[int], first: int = 0
) -> list[tuple[int, str]]:
    """Every seat holding a tới trắng hand, with its code, the one that counts first:
    stronger hands first, then the earliest in turn order from seat ``first``.

    >>> from vncards.core import CardSet
    >>> six = CardSet.parse("3S 3C 4S 4C 7S 7C 9D 9H JS JC QD QH KH").mask
    >>> quad2 = CardSet.parse("2S 2C 2D 2H 3D 5S 6S 7D 8S 9S 10S JD QS").mask
    >>> instant_wins_in_order(TienLenRules(), [six, quad2], first=0)
    [(1, 'four-twos'), (0, 'six-pairs')]
    """
    if not rules.instant_wins:
        return []
    n = len(hands)
    found = []
    for seat, hand in enumerate(hands):
        code = instant_win_of(hand, rules)
        if code is not None:
            found.append((_STRENGTH[code], (seat - first) % n, seat, code))
    found.sort()
    return [(seat, code) for _, _, seat, code in found]
