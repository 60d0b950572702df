"""Mậu Binh's capabilities for screens: an arrangement typed by a person (ReadsMoves),
the solver's arrangement as a hint (SuggestsMoves) and its analysis in words
(DescribesAnalysis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    Cards,
    DescribesAnalysis,
    IllegalMove,
    NotationError,
    ReadsMoves,
    SuggestsMoves,
    VncardsError,
    format_card,
    format_cards,
)
from vncards.maubinh import SPLITS, MauBinhRules, SolverBot, Splits, is_fouled, plugin
from vncards.maubinh._engine import chi_keys

RULES = MauBinhRules()
PLAIN_HAND = "AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C"
DRAGON = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH"  # sảnh rồng


def _text(words: tuple[object, ...]) -> str:
    return "".join(" ".join(w) if isinstance(w, Cards) else str(w) for w in words)


def test_plugin_offers_the_screen_capabilities() -> None:
    """The play screen and analyze find Mậu Binh's typed moves, hint and words through
    the generic capabilities."""
    assert isinstance(plugin, ReadsMoves)
    assert isinstance(plugin, SuggestsMoves)
    assert isinstance(plugin, DescribesAnalysis)
    assert any("chi1:" in line and "/" in line for line in plugin.move_help)


def test_labelled_chi_in_any_order_and_unlabelled_groups_agree() -> None:
    """`chi1: … / chi2: … / chi3: …` (in any order) and three bare groups (chi1 first)
    name the same arrangement; cards may be in any notation and order."""
    game = plugin.new_game(RULES, 2, seed=11)
    view = plugin.view(game, 0)
    a = Splits(0, game.hands[0])[1234]
    c1, c2, c3 = (format_cards(c) for c in (a.chi1, a.chi2, a.chi3))
    bare = f"{' '.join(c1)} / {' '.join(c2)} / {' '.join(c3)}"
    labelled = f"CHI3: {' '.join(reversed(c3))} / chi 2 {','.join(c2)} / chi1: {' '.join(c1)}"
    symbols = " / ".join(
        " ".join(format_card(c, "symbol") for c in chi) for chi in (a.chi1, a.chi2, a.chi3)
    )
    assert plugin.parse_move(view, bare) == a
    assert plugin.parse_move(view, labelled) == a
    assert plugin.parse_move(view, symbols) == a


def test_positions_name_cards_of_the_hand_as_shown() -> None:
    """Numbers are positions in the hand as the seat's view lists it."""
    game = plugin.new_game(RULES, 3, seed=2)
    view = plugin.view(game, 1)
    a = plugin.parse_move(view, "13 12 11 10 9 / 1 2 3 4 5 / 6 7 8")
    assert format_cards(a.chi3) == sorted(view.hand[5:8], key=format_cards(a.chi3).index)
    assert set(format_cards(a.chi1)) == set(view.hand[8:])
    assert a in plugin.legal_actions(game)


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("AS AH AD", "type three chi separated by /, not 1"),
        ("1 2 3 4 5 / 6 7 8 9 10 / 11 / 12 13", "not 4"),
        ("chi1: 1 2 3 4 5 / 6 7 8 9 10 / 11 12 13", "label every chi"),
        ("chi1: 1 2 3 4 5 / chi1: 6 7 8 9 10 / chi3: 11 12 13", "chi1 is typed twice"),
        ("1 2 3 4 5 / 6 7 8 9 10 / 11 12 14", "positions 1 to 13; 14"),
        ("1 2 3 4 5 / 6 7 8 9 10 / JD QH ZZ", "chi3: unknown card 'ZZ'"),
    ],
)
def test_badly_typed_arrangements_say_what_is_wrong_in_one_line(typed: str, words: str) -> None:
    """A typed arrangement that cannot be read raises the library's error, whose one
    line says what is wrong."""
    view = plugin.view(plugin.new_game(RULES, 2, seed=5), 0)
    with pytest.raises(VncardsError) as info:
        plugin.parse_move(view, typed)
    assert isinstance(info.value, IllegalMove | NotationError)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_a_typed_card_not_held_is_refused_by_apply_and_changes_nothing() -> None:
    """Reading is not judging: a card of another seat is read, then `apply` refuses
    the arrangement (not-your-cards) and the state is unchanged."""
    game = plugin.new_game(RULES, 2, seed=5)
    view = plugin.view(game, 0)
    other = format_cards(game.hands[1][:1])[0]
    mine = " ".join(view.hand[1:5])  # a chi is cards or positions, not both
    a = plugin.parse_move(view, f"{other} {mine} / 6 7 8 9 10 / 11 12 13")
    before = game.copy()
    assert a not in plugin.legal_actions(game)
    with pytest.raises(IllegalMove) as info:
        plugin.apply(game, a)
    assert info.value.code == "not-your-cards"
    assert game == before


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, SPLITS - 1))
def test_any_split_typed_back_reads_as_itself(seed: int, index: int) -> None:
    """Property: every one of the 72,072 splits of a hand, typed as three groups, reads
    back as that very action (one split, one typed form)."""
    game = plugin.new_game(RULES, 2, seed=seed)
    if game.instant[0] is not None:
        return
    a = Splits(0, game.hands[0])[index]
    typed = " / ".join(" ".join(format_cards(c)) for c in (a.chi1, a.chi2, a.chi3))
    assert plugin.parse_move(plugin.view(game, 0), typed) == a


def test_hint_is_the_solvers_legal_arrangement() -> None:
    """The hint is one suggestion: the solver's split (200 samples), legal for the
    seat, its words naming each chi's hand and the expected chi."""
    game = plugin.new_game(RULES, 3, seed=8)
    view = plugin.view(game, 0)
    [(words, action)] = plugin.hint(view)
    bot = SolverBot(seed=0, samples=200)
    split = bot.split(RULES, view.cards, ())
    assert (action.chi1, action.chi2, action.chi3) == (split.chi1, split.chi2, split.chi3)
    assert action in plugin.legal_actions(game)
    text = _text(words)
    assert text.startswith("solver: chi1: ")
    assert f"{bot.last_expected:+.2f} chi" in text


def test_no_hint_for_a_seat_not_asked() -> None:
    """A seat that is not asked to arrange gets no suggestion."""
    game = plugin.new_game(RULES, 3, seed=8)
    assert plugin.hint(plugin.view(game, 2)) == []


def test_analysis_words_without_and_with_an_instant_hand() -> None:
    """The analysis in words: the instant hand (or none), then the solver's three chi
    with their hands and the expected chi."""
    plain = plugin.analyze_cards(PLAIN_HAND.split())
    lines = [_text(w) for w in plugin.analysis_words(plain)]
    assert lines[0] == "Instant hand: none."
    assert f"{plain['expected_chi']:+.2f} chi" in lines[1]
    for line, key, hand in zip(lines[2:], ("chi1", "chi2", "chi3"), plain["hands"], strict=True):
        assert line.strip().startswith(f"{key}: ")
        assert line.endswith(hand)
    dragon = plugin.analyze_cards(DRAGON.split())
    assert _text(plugin.analysis_words(dragon)[0]).startswith("Instant hand: sanh-rong")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, SPLITS - 1))
def test_warning_names_binh_lung_and_nothing_else(seed: int, index: int) -> None:
    """Property (order rule): the screen's warning is given exactly for the splits that
    break chi1 ≥ chi2 ≥ chi3 (binh lủng), and asking changes nothing."""
    game = plugin.new_game(RULES, 2, seed=seed)
    a = Splits(0, game.hands[0])[index]
    before = game.copy()
    warning = plugin.action_warning(game, a)
    assert (warning is not None) == is_fouled(chi_keys(game.ev, a))
    assert warning is None or warning.startswith("is binh lủng")
    assert game == before
