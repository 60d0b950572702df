"""The Pareto front of a hand's splits (:func:`vncards.maubinh.front`) against its
definition worked out the slow way: every one of the 72,072 splits keyed, the valid ones
kept, and those that another valid split matches or beats in all three chi dropped."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from vncards.core import parse_cards
from vncards.maubinh import MauBinhRules, evaluator, front
from vncards.maubinh._solver import split_at


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


@pytest.mark.parametrize("suits", [False, True])
def test_the_front_is_every_undominated_valid_split(suits: bool) -> None:
    rules = MauBinhRules(suits_break_ties=suits)
    ev = evaluator(rules)
    for hand in _hands():
        splits = front(ev, hand)
        keys = [s.keys for s in splits]
        assert set(keys) == _by_definition(rules, hand)
        assert keys == sorted(keys, reverse=True)  # strongest chi1 first, one per triple
        for s in splits:
            assert sorted(s.chi1 + s.chi2 + s.chi3) == sorted(hand)
            assert (ev.key(s.chi1), ev.key(s.chi2), ev.key(s.chi3)) == s.keys
