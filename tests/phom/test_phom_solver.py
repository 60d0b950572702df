"""The meld-partition solver against a brute force over every subset of the hand
(rules page, "Phỏm" and "Taking")."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.phom import candidate_melds, classify_meld, is_phom, meld_options, solve
from vncards.phom._melds import COUNT, FACE

from tests.phom._helpers import mask


def _reference_phom(cards: list[int]) -> bool:
    """A phỏm by the page's words, from ranks and suits alone: 3–4 of one rank, or 3+
    of one suit in consecutive ranks with the ace low."""
    ranks = sorted(c % 13 for c in cards)
    suits = {c // 13 for c in cards}
    if len(cards) < 3:
        return False
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    return len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def _brute(hand: int, taken: int, weight: tuple[int, ...]) -> int | None:
    """Least rác over every split of ``hand`` into phỏm, by exhaustive search."""
    cards = [c for c in range(52) if hand >> c & 1]

    @cache
    def best(rest: int) -> int | None:
        if not rest:
            return 0
        low = (rest & -rest).bit_length() - 1
        others = [c for c in cards if rest >> c & 1 and c != low]
        out: int | None = None
        if not taken >> low & 1:
            sub = best(rest & ~(1 << low))
            if sub is not None:
                out = sub + weight[1 << (low % 13)]
        for pick in range(1, 1 << len(others)):
            group = [low] + [c for i, c in enumerate(others) if pick >> i & 1]
            if len(group) < 3 or not _reference_phom(group):
                continue
            gm = sum(1 << c for c in group)
            if (gm & taken).bit_count() > 1:
                continue
            sub = best(rest & ~gm)
            if sub is not None and (out is None or sub < out):
                out = sub
        return out

    return best(hand)


hands = st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True)


@settings(max_examples=150, deadline=None)
@given(hands, st.data())
def test_solver_finds_the_least_deadwood(cards: list[int], data: st.DataObject) -> None:
    """Property: the solver's rác (by face points and by count) equals the brute force's,
    with any taken cards honoured (rules page, "Taking": each taken card in a phỏm, no
    phỏm with two)."""
    hand = sum(1 << c for c in cards)
    taken_cards = data.draw(st.lists(st.sampled_from(cards), max_size=3, unique=True))
    taken = sum(1 << c for c in taken_cards)
    for weight in (FACE, COUNT):
        part = solve(hand, taken, weight)
        expected = _brute(hand, taken, weight)
        if expected is None:
            assert part is None
            continue
        assert part is not None
        assert part.deadwood == expected
        used = 0
        for m in part.melds:
            assert _reference_phom([c for c in range(52) if m >> c & 1])
            assert (m & taken).bit_count() <= 1
            assert not used & m
            used |= m
        assert used | part.rest == hand
        assert not part.rest & taken


@settings(max_examples=100, deadline=None)
@given(hands)
def test_candidates_are_every_phom_of_the_hand(cards: list[int]) -> None:
    """Property: the candidate phỏm are exactly the subsets of the hand that are phỏm
    (rules page, "Phỏm": three-card subsets of a four of a kind included)."""
    hand = sum(1 << c for c in cards)
    found = set(candidate_melds(hand))
    expected = set()
    for pick in range(1, 1 << len(cards)):
        group = [c for i, c in enumerate(cards) if pick >> i & 1]
        if _reference_phom(group):
            expected.add(sum(1 << c for c in group))
    assert found == expected
    assert all(is_phom(m) for m in found)


def test_three_of_a_four_of_a_kind_feed_a_run() -> None:
    """Rules page, "Phỏm": a set of four may give a card to a run — 7S goes to
    5S 6S 7S and 7C 7D 7H stays a set, leaving no rác."""
    part = solve(mask("5S 6S 7S 7C 7D 7H"))
    assert part is not None
    assert part.deadwood == 0
    assert sorted(part.melds) == sorted([mask("5S 6S 7S"), mask("7C 7D 7H")])


def test_the_ace_is_only_low() -> None:
    """Rules page, "Phỏm": A-2-3 is a run, Q-K-A and K-A-2 are not."""
    assert classify_meld(mask("AS 2S 3S")) == "run"
    assert classify_meld(mask("QS KS AS")) is None
    assert classify_meld(mask("KS AS 2S")) is None
    assert classify_meld(mask("9H 9S 9C 9D")) == "set"
    assert classify_meld(mask("9H 9S")) is None


def test_no_phom_may_hold_two_taken_cards() -> None:
    """Rules page, "Taking": with 5S and 6S both taken, 5S 6S 7S is no phỏm for them."""
    hand = mask("5S 6S 7S 9H")
    assert solve(hand, mask("5S 6S")) is None
    assert solve(hand, mask("5S")) is not None


def test_meld_options_honour_taken_cards() -> None:
    """Rules page, "Meld": every taken card shown, móm refused to a player who took."""
    hand = mask("5S 6S 7S 7H 7D 9C")
    options = meld_options(hand, mask("7H"))
    assert () not in options
    assert all(any(m & mask("7H") for m in o) for o in options)
    assert () in meld_options(hand, 0)
