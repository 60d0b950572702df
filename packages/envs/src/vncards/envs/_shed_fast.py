"""The per-step work of the climbing-game encodings as plain functions (compiled with
mypyc in the compiled build): a play's card id, the card ids of the plays offered, and
the bytes of an observation and of an action mask (one numpy call each turns them
into arrays).

>>> bytes(mask_bytes([0, 2], 4))
b'\\x01\\x00\\x01\\x00'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vncards.core import ComboRules, Kind, Play, classify

__all__ = ["RUN0", "SETS0", "SPANS", "mask_bytes", "observation_bytes", "play_id", "play_places"]

SETS0 = 1
"""Id of the first one-rank set (3♠ alone)."""
RUN0 = SETS0 + 13 * 15
"""196: id of the first straight or pair-run."""
SPANS = 12
"""A run spans 2 … 13 ranks."""


def play_id(cards: int, rules: ComboRules) -> int | None:
    """The id of the play of the card mask ``cards``; ``None`` when they form no
    combination the ids name.

    >>> from vncards.core import CardSet, ComboRules
    >>> play_id(CardSet.parse("3S").mask, ComboRules())          # 1 + 15·0 + 0
    1
    >>> play_id(CardSet.parse("2S 2H").mask, ComboRules())       # 1 + 15·12 + (9 − 1)
    189
    >>> a = play_id(CardSet.parse("3S 4S 5H").mask, ComboRules())
    >>> a == play_id(CardSet.parse("3D 4C 5H").mask, ComboRules()) == 196 + 52 + 11
    True
    """
    if cards <= 0:
        return None
    rank = ((cards & -cards).bit_length() - 1) >> 2
    suits = cards >> (4 * rank)
    if suits < 16:
        return SETS0 + 15 * rank + suits - 1
    combo = classify(cards, rules)
    if combo is None:
        return None
    kind = combo.kind
    if kind is Kind.STRAIGHT:
        k = 0
    elif kind is Kind.PAIR_RUN:
        k = 1
    else:
        return None
    top_rank: int = combo.top_rank
    ranks = combo.length // (1 + k)
    top = 4 * top_rank + ((cards >> (4 * top_rank)) & 15).bit_length() - 1
    return RUN0 + 52 * (SPANS * k + ranks - 2) + top


def play_places(masks: Sequence[Any], rules: ComboRules) -> tuple[list[int], list[int], list[int]]:
    """For the offered plays ``masks`` (card masks or ``Play`` actions): each play id
    offered (in the order first offered) and the place of the play of that id with the
    smallest card mask; then the places of what has no play id, in order.

    >>> from vncards.core import CardSet, ComboRules
    >>> low, high = CardSet.parse("3S 4S 5H").mask, CardSet.parse("3D 4C 5H").mask
    >>> play_places([high, low, "other"], ComboRules())
    ([259], [1], [2])
    """
    chosen: dict[int, tuple[int, int]] = {}
    others: list[int] = []
    for place, a in enumerate(masks):
        if type(a) is int:
            cards: int = a
        elif type(a) is Play:
            cards = a.cards
        else:
            cards = -1
        found = play_id(cards, rules) if cards > 0 else None
        if found is None:
            others.append(place)
            continue
        old = chosen.get(found)
        if old is None or cards < old[0]:
            chosen[found] = (cards, place)
    ids = list(chosen)
    places = [place for _, place in chosen.values()]
    return ids, places, others


def _set_bits(out: bytearray, start: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1
        mask ^= low


def observation_bytes(
    view: Any, n: int, size: int, starts: Sequence[int], declares: bool
) -> bytearray:
    """The observation of a climbing-game view (``ShedView``) as bytes, its parts at
    ``starts`` (``table_seat``, ``cards_left``, ``passed``, ``to_act``, ``declared``;
    the card blocks lie first): see :mod:`vncards.envs._shedding`."""
    out = bytearray(size)
    me: int = view.seat
    _set_bits(out, 0, view.hand_mask)
    played: Sequence[int] = view.played_by
    known: Sequence[int] = view.known
    for s in range(n):
        r = (s - me) % n
        _set_bits(out, 52 * (1 + r), played[s])
        if known and known[s]:
            _set_bits(out, 52 * (1 + n + r), known[s])
    table = view.table
    if table is not None:
        _set_bits(out, 52 * (1 + 2 * n), table.mask)
        out[starts[0] + (view.table_seat - me) % n] = 1
    passed: int = view.passed
    counts: Sequence[int] = view.counts
    for s in range(len(counts)):
        r = (s - me) % n
        out[starts[1] + r] = counts[s]
        if passed >> s & 1:
            out[starts[2] + r] = 1
    to_act = view.to_act
    if to_act is not None:
        out[starts[3] + (to_act - me) % n] = 1
    if declares:
        for e in view.declarations:
            if e.seat is not None:
                out[starts[4] + (e.seat - me) % n] = 1
    return out


def mask_bytes(ids: Sequence[Any], size: int) -> bytearray:
    """``size`` bytes, 1 at each of ``ids`` (integers of any kind, as numpy indexes
    them), 0 elsewhere."""
    out = bytearray(size)
    for i in ids:
        out[i] = 1
    return out
