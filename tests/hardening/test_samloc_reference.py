"""Sâm Lốc tới trắng against a naive reading of the rules page: a 10-card straight
(within 3…A, or from A-2-3 under ``a23``), all four 2s, one colour, three triples (a tứ
quý counts as one), five pairs (a tứ quý counts as two) — the first that holds, in that
order. These tests are what kills mutants of ``vncards.samloc._hands``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vncards.core import CardSet

samloc = pytest.importorskip("vncards.samloc")

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_ORDERS = {"standard": list(range(12)), "a23": [11, 12, *range(12)]}


def model_instant_win(ids: list[int], straight_order: str) -> str | None:
    ranks = [i // 4 for i in ids]
    counts = [ranks.count(r) for r in range(13)]
    order = _ORDERS[straight_order]
    windows = [set(order[s : s + 10]) for s in range(len(order) - 9)]
    if len(ids) == 10 and len(set(ranks)) == 10 and any(set(ranks) == w for w in windows):
        return "dragon"
    if counts[12] == 4:
        return "four-twos"
    if all(i % 4 < 2 for i in ids) or all(i % 4 >= 2 for i in ids):
        return "one-colour"
    if sum(c >= 3 for c in counts) >= 3:
        return "three-triples"
    if sum(c // 2 for c in counts) >= 5:
        return "five-pairs"
    return None


@st.composite
def ten_cards(draw: st.DrawFn) -> list[int]:
    """Ten cards, often close to an instant win: runs, triples, pairs, one colour, 2s."""
    how = draw(st.sampled_from(["any", "run", "sets", "colour", "twos"]))
    ids: set[int] = set()
    if how == "run":
        order = _ORDERS[draw(st.sampled_from(sorted(_ORDERS)))]
        start = draw(st.integers(0, len(order) - 10))
        ids = {r * 4 + draw(st.integers(0, 3)) for r in order[start : start + 10]}
    elif how == "sets":
        for r in draw(st.lists(st.integers(0, 12), min_size=2, max_size=5, unique=True)):
            k = draw(st.integers(2, 4))
            ids |= {
                r * 4 + s
                for s in draw(st.lists(st.integers(0, 3), min_size=k, max_size=k, unique=True))
            }
    elif how == "colour":
        suits = draw(st.sampled_from([(0, 1), (2, 3)]))
        ids = set(
            draw(
                st.lists(
                    st.sampled_from([r * 4 + s for r in range(13) for s in suits]),
                    min_size=9,
                    max_size=10,
                    unique=True,
                )
            )
        )
    elif how == "twos":
        ids = {48, 49, 50, 51}
    pool = [c for c in range(52) if c not in ids]
    ids |= set(draw(st.lists(st.sampled_from(pool), min_size=10, max_size=10, unique=True)))
    out = sorted(ids)
    return out[:10] if draw(st.booleans()) else sorted(draw(st.permutations(out))[:10])


@FUZZ
@given(ten_cards(), st.sampled_from(["standard", "a23", "five-players"]))
def test_instant_win_agrees_with_the_model(ids: list[int], preset: str) -> None:
    """The instant win of any 10 cards is the first in the rules page's order that holds."""
    rules = samloc.PRESETS[preset]
    mask = sum(1 << i for i in ids)
    assert samloc.instant_win_code(mask, rules) == model_instant_win(ids, rules.straight_order)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("3S 4H 5D 6C 7S 8S 9H 10D JC QS", "dragon"),
        ("5S 6H 7D 8C 9S 10S JH QD KC AS", "dragon"),
        ("2S 2C 2D 2H 3S 3C 3D 5S 5C 5D", "four-twos"),
        ("3D 4H 6D 7H 9D 10H JD QH KD AH", "one-colour"),
        ("3S 3C 3D 3H 5S 5C 5D 9S 9C 9D", "three-triples"),
        ("3S 3C 3D 3H 5S 5C 7D 7S 9C 9D", "five-pairs"),
        ("3S 3C 5D 5H 7S 7C 9D 9H JS JC", "five-pairs"),
        ("3S 3C 5D 5H 7S 7C 9D 10H JS 2C", None),
    ],
)
def test_instant_win_examples(text: str, code: str | None) -> None:
    """Worked hands: a 10-card straight, four 2s (beats the triples it also holds), ten
    red cards, three sám cô (a tứ quý counts as one), five đôi (a tứ quý counts as two),
    and three pairs that are nothing."""
    rules = samloc.PRESETS["standard"]
    assert samloc.instant_win_code(CardSet.parse(text).mask, rules) == code


def test_a23_dragon_only_under_a23() -> None:
    """A-2-3-…-Q is a dragon under ``a23`` only; 3…Q is a dragon under both."""
    a2q = CardSet.parse("AS 2H 3D 4C 5S 6S 7H 8D 9C 10S").mask
    assert samloc.instant_win_code(a2q, samloc.PRESETS["a23"]) == "dragon"
    assert samloc.instant_win_code(a2q, samloc.PRESETS["standard"]) is None


def test_quads_in_counts_each_tu_quy() -> None:
    """quads_in counts the ranks held four times (2s included)."""
    assert samloc.quads_in(CardSet.parse("7S 7C 7D 7H 2S 2C 2D 2H 8S 9S").mask) == 2
    assert samloc.quads_in(CardSet.parse("7S 7C 7D 8H").mask) == 0
