"""A beginner's strategy for Tiến lên: the ``greedy`` bot.

It splits its hand into units — hàng (tứ quý, đôi thông), straights (sảnh), triples,
pairs, single cards and 2s (heo) — and plays whole units only: it leads its lowest
unit, answers with the lowest unit that beats the table, keeps its hàng to chặt 2s and
hàng (always taking a chop it is offered), spends a 2 only on a high card or when the
game is nearly over, and, when someone is close to going out, gets rid of the 2s and
hàng that would cost it thối.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from vncards.core import Combo, Kind, Pass, Play, ShedView, View, classify, is_chop
from vncards.tienlen._engine import CHOP_TABLE, COMBO_RULES
from vncards.tienlen._rules import TienLenRules

__all__ = ["GreedyBot", "split_hand"]

_TWO = 12
_TWOS = 15 << (_TWO * 4)
_POP = tuple(bin(i).count("1") for i in range(16))


class Unit(NamedTuple):
    """A group of cards the bot means to play together."""

    mask: int
    low: int  # lowest card id
    high: int  # highest card id
    costly: bool  # a 2 or a hàng: keep it for later, never lead it early


def split_hand(hand: int, rules: TienLenRules | None = None) -> list[Unit]:
    """Split a hand (card mask) into the units a beginner sees, lowest first; under
    ``rules`` of the Northern game, only units those rules make combinations (no đôi
    thông without ``pair_runs``, straights of one suit, pairs of one colour).

    >>> from vncards.core import CardSet
    >>> units = split_hand(CardSet.parse("3S 4D 5C 7S 7H 9C 9D 9H KS KC KD KH 2H").mask)
    >>> [str(CardSet(u.mask)) for u in units]
    ['3S 4D 5C', '7S 7H', '9C 9D 9H', 'KS KC KD KH', '2H']
    >>> north = TienLenRules(straight_suits="one", pair_colours="one")
    >>> hand = CardSet.parse("3S 4S 5S 7S 7H 9C 9D 9H").mask
    >>> [str(CardSet(u.mask)) for u in split_hand(hand, north)]
    ['3S 4S 5S', '7S', '7H', '9C', '9D 9H']
    """
    if rules is not None and narrows_units(rules):
        return _split_northern(hand, rules)
    counts = [_POP[(hand >> (r << 2)) & 15] for r in range(13)]
    units: list[Unit] = []
    rest = hand & ~_TWOS
    # hàng first: tứ quý, then runs of three or more pairs
    for r in range(_TWO):
        if counts[r] == 4:
            m = 15 << (r << 2)
            units.append(Unit(m, r << 2, (r << 2) + 3, True))
            rest &= ~m
            counts[r] = 0
    r = 0
    while r < _TWO:
        if counts[r] >= 2:
            end = r
            while end + 1 < _TWO and counts[end + 1] >= 2:
                end += 1
            if end - r >= 2:
                m = 0
                for k in range(r, end + 1):
                    nib = (rest >> (k << 2)) & 15
                    low2 = nib & -nib
                    nib ^= low2
                    m |= (low2 | (nib & -nib)) << (k << 2)
                    counts[k] -= 2
                units.append(Unit(m, _low(m), m.bit_length() - 1, True))
                rest &= ~m
            r = end + 1
        else:
            r += 1
    # straights over runs of present ranks, trimmed of end ranks that are pairs
    r = 0
    while r < _TWO:
        if counts[r]:
            end = r
            while end + 1 < _TWO and counts[end + 1]:
                end += 1
            lo, hi = r, end
            while hi - lo >= 3 and counts[lo] == 2:
                lo += 1
            while hi - lo >= 3 and counts[hi] == 2:
                hi -= 1
            if hi - lo >= 2:
                m = 0
                for k in range(lo, hi + 1):
                    nib = (rest >> (k << 2)) & 15
                    # the highest card on top, the lowest elsewhere (keeps good pairs)
                    bit = (1 << (nib.bit_length() - 1)) if k == hi else nib & -nib
                    m |= bit << (k << 2)
                    counts[k] -= 1
                units.append(Unit(m, _low(m), m.bit_length() - 1, False))
                rest &= ~m
            r = end + 1
        else:
            r += 1
    for r in range(_TWO):
        nib = (rest >> (r << 2)) & 15
        if nib:
            m = nib << (r << 2)
            units.append(Unit(m, _low(m), m.bit_length() - 1, False))
    return _with_twos(units, hand)


def narrows_units(rules: TienLenRules) -> bool:
    """Whether ``rules`` make some of the South's units no combination (no đôi thông,
    straights of one suit or pairs of one colour), so that hands split otherwise.

    >>> narrows_units(TienLenRules()), narrows_units(TienLenRules(pair_runs=False))
    (False, True)
    """
    return not rules.pair_runs or rules.straight_suits == "one" or rules.pair_colours == "one"


def _split_northern(hand: int, rules: TienLenRules) -> list[Unit]:
    """:func:`split_hand` under narrowed rules: tứ quý, then (where đôi thông exist and
    pairs may mix) the same runs of pairs as in the South, straights within one suit
    where straights must be of one suit, then what is left rank by rank, a rank's
    mixed-colour cards split where pairs must be of one colour."""
    units: list[Unit] = []
    rest = hand & ~_TWOS
    for r in range(_TWO):
        m = 15 << (r << 2)
        if rest & m == m:
            units.append(Unit(m, r << 2, (r << 2) + 3, True))
            rest &= ~m
    if rules.pair_runs and rules.pair_colours == "any":
        for u in split_hand(rest):
            if u.costly and u.mask.bit_count() >= 6:  # a run of pairs (tứ quý are out)
                units.append(u)
                rest &= ~u.mask
    if rules.straight_suits == "one":
        for suit in range(4):
            r = 0
            while r < _TWO:
                end = r
                while end < _TWO and rest >> ((end << 2) + suit) & 1:
                    end += 1
                if end - r >= 3:
                    m = sum(1 << ((k << 2) + suit) for k in range(r, end))
                    units.append(Unit(m, _low(m), m.bit_length() - 1, False))
                    rest &= ~m
                r = end + 1
    else:
        units.extend(u for u in split_hand(rest) if u.mask.bit_count() >= 3 and _is_run(u.mask))
        for u in units:
            rest &= ~u.mask
    for r in range(_TWO):
        nib = (rest >> (r << 2)) & 15
        if not nib:
            continue
        groups = [nib]
        if rules.pair_colours == "one":
            # each colour's cards apart: a pair of one colour, or a single
            groups = [g for g in (nib & 3, nib & 12) if g]
        for g in groups:
            m = g << (r << 2)
            units.append(Unit(m, _low(m), m.bit_length() - 1, False))
    return _with_twos(units, hand)


def _with_twos(units: list[Unit], hand: int) -> list[Unit]:
    """``units`` and each 2 of ``hand`` as a unit of its own, lowest first."""
    twos = hand & _TWOS
    while twos:
        bit = twos & -twos
        twos ^= bit
        units.append(Unit(bit, _low(bit), _low(bit), True))
    units.sort(key=lambda u: (u.low, -u.mask.bit_count()))
    return units


def _is_run(mask: int) -> bool:
    """Whether ``mask`` holds one card of each of several ranks (a straight's shape)."""
    return all(_POP[(mask >> (r << 2)) & 15] <= 1 for r in range(13))


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class GreedyBot:
    """A sensible beginner (see the module docstring). It plays deterministically;
    ``seed`` is accepted so that the class is a bot factory like any other.

    >>> from vncards.core import play_game, RandomBot
    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=1)
    >>> bots = [GreedyBot(0), RandomBot(1), RandomBot(2), RandomBot(3)]
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the strategy is deterministic; kept for a factory's signature

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """The beginner's play among ``actions`` (plays and perhaps a pass), from what
        ``view`` shows: its own hand, the table and how many cards the others hold."""
        if not isinstance(view, ShedView):
            raise TypeError("the greedy bot plays climbing games: it needs a ShedView")
        seat = view.seat
        masks: list[int] | None = getattr(actions, "masks", None)
        if masks is None:
            masks = [a.cards for a in actions if isinstance(a, Play)]
        can_pass = len(actions) > len(masks)
        pick = self._pick(view, masks, can_pass) if masks else None
        if pick is None:
            if can_pass:
                return Pass(seat)
            pick = min(masks)
        return Play(seat, pick)

    # ------------------------------------------------------------ strategy

    def _pick(self, view: ShedView, masks: list[int], can_pass: bool) -> int | None:
        hand = view.hand_mask
        legal = set(masks)
        if hand in legal:
            return hand  # the whole hand goes out in one play
        seat = view.seat
        danger = min(
            (n for s, n in enumerate(view.counts) if s != seat and n),
            default=13,
        )
        units = split_hand(hand, view.rules)
        table = view.table
        if table is None:
            return greedy_lead(units, legal, masks, danger)
        return greedy_answer(table, units, legal, masks, danger, can_pass)


def greedy_lead(units: list[Unit], legal: set[int], masks: list[int], danger: int) -> int:
    """The greedy lead (also the search bot's rollout policy): see :class:`GreedyBot`."""
    playable = [u for u in units if u.mask in legal]
    if not playable:
        # the opening play must hold a given card: the smallest play that does
        return min(masks, key=lambda m: (m.bit_count() == 1, -m.bit_count(), m))
    costly = [u for u in playable if u.costly]
    cheap = [u for u in playable if not u.costly]
    if len(units) <= 2 and costly:
        # one strong unit and one more: take control, then go out
        return max(costly, key=lambda u: u.high).mask
    if danger <= 2 and costly:
        return max(costly, key=lambda u: u.mask.bit_count() * 4 + (u.high >> 2)).mask
    if not cheap:
        return min(costly, key=lambda u: u.high).mask
    if danger == 1:
        # the next single would let a player go out: lead a group, or the top single
        groups = [u for u in cheap if u.mask.bit_count() > 1]
        if groups:
            return groups[0].mask
        return max(cheap, key=lambda u: u.high).mask
    return cheap[0].mask


def greedy_answer(
    table: Combo,
    units: list[Unit],
    legal: set[int],
    masks: list[int],
    danger: int,
    can_pass: bool,
) -> int | None:
    """The greedy answer to ``table``, or ``None`` to pass: see :class:`GreedyBot`."""
    chops = [m for m in masks if _bomb(m) and _chops(m, table)]
    if chops:
        return min(chops)  # a chop earns lá: always take it, with the smallest hàng
    whole = [u for u in units if u.mask in legal and not u.costly]
    if whole:
        return min(whole, key=lambda u: u.high).mask
    twos = [m for m in masks if m & _TWOS == m]
    if twos and (table.top_rank >= 9 or len(units) <= 3 or danger <= 3):
        return min(twos)
    if danger <= 2 or not can_pass:
        # someone is about to go out: beat the table at any cost but a hàng
        loose = [m for m in masks if not _bomb(m)]
        if loose:
            return min(loose, key=lambda m: (m.bit_length(), m))
    return None


def _bomb(mask: int) -> bool:
    if mask.bit_count() < 4:
        return False
    combo = classify(mask, COMBO_RULES)
    return combo is not None and combo.kind in (Kind.QUAD, Kind.PAIR_RUN)


def _chops(mask: int, table: Combo) -> bool:
    combo = classify(mask, COMBO_RULES)
    return combo is not None and is_chop(combo, table, CHOP_TABLE)
