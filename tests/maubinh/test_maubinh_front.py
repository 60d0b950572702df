"""The Pareto front of a hand's splits (:func:`vncards.maubinh.front`) against its
definition worked out the slow way: every one of the 72,072 splits keyed, the valid ones
kept, and those that another valid split matches or beats in all three chi dropped; and
the front of the splits of a hand's strongest backs only (``backs``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from operator import ge

import pytest
from vncards.core import parse_cards
from vncards.maubinh import MauBinhRules, evaluator, front
from vncards.maubinh._rules import Wheel
from vncards.maubinh._solver import BACKS, front_keys, split_at, split_of


def _ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text.split(" "))]


SUITED = _ids("AS KS QS JS 10S 9S 8S AH KH QD JD 3C 2C")
PAIRS = _ids("AS AH KD KC QS QH JD JC 9S 9H 5C 5D 2S")


def _by_definition(rules: MauBinhRules, cards: Sequence[int]) -> set[tuple[int, int, int]]:
    ev = evaluator(rules)
    hand = sorted(cards)
    valid = set()
    for i in range(72_072):
        chi1, chi2, chi3 = split_at(hand, i)
        keys = (ev.key(chi1), ev.key(chi2), ev.key(chi3))
        if keys[0] >= keys[1] >= keys[2]:
            valid.add(keys)
    return {
        k
        for k in valid
        if not any(o != k and o[0] >= k[0] and o[1] >= k[1] and o[2] >= k[2] for o in valid)
    }


def _hands() -> list[list[int]]:
    draw = random.Random(41)
    return [SUITED, PAIRS, list(range(13)), *(draw.sample(range(52), 13) for _ in range(3))]


@pytest.mark.parametrize(
    ("suits", "wheel"), [(False, "second"), (True, "second"), (False, "lowest")]
)
def test_the_front_is_every_undominated_valid_split(suits: bool, wheel: Wheel) -> None:
    rules = MauBinhRules(suits_break_ties=suits, wheel=wheel)
    ev = evaluator(rules)
    for hand in _hands():
        splits = front(ev, hand)
        keys = [s.keys for s in splits]
        assert set(keys) == _by_definition(rules, hand)
        assert keys == sorted(keys, reverse=True)  # strongest chi1 first, one per triple
        for s in splits:
            assert sorted(s.chi1 + s.chi2 + s.chi3) == sorted(hand)
            assert (ev.key(s.chi1), ev.key(s.chi2), ev.key(s.chi3)) == s.keys


def test_the_front_of_the_strongest_backs_is_the_front_of_their_splits() -> None:
    rules = MauBinhRules()
    ev = evaluator(rules)
    for hand in _hands():
        cards = sorted(hand)
        backs = sorted(combinations(range(13), 5), key=lambda p: -ev.key([cards[i] for i in p]))
        for top in (1, 8, 32):
            valid = set()
            for back in backs[:top]:  # strongest first, equal keys in position order
                rest = [i for i in range(13) if i not in back]
                for middle in combinations(rest, 5):
                    chi3 = [cards[i] for i in rest if i not in middle]
                    trip = (
                        ev.key([cards[i] for i in back]),
                        ev.key([cards[i] for i in middle]),
                        ev.key(chi3),
                    )
                    if trip[0] >= trip[1] >= trip[2]:
                        valid.add(trip)
            undominated = {
                k for k in valid if not any(o != k and all(map(ge, o, k)) for o in valid)
            }
            keys, masks = front_keys(ev, hand, top)
            assert set(keys) == undominated
            splits = [split_of(cards, *m, k) for k, m in zip(keys, masks, strict=True)]
            assert splits == front(ev, hand, top)
    assert front(ev, SUITED, BACKS) == front(ev, SUITED)
