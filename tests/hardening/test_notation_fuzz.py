"""Card notation under attack: any text either reads as cards or raises NotationError
naming the offending token — never another exception, never a silent misreading."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from vncards.core import (
    DECK,
    Card,
    NotationError,
    VncardsError,
    card_from_id,
    format_card,
    parse_card,
    parse_cards,
    split_card_list,
)

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# pieces that real notation is made of, so the fuzzer reaches the parser's deep branches
_NEAR = [
    "3", "4", "5", "6", "7", "8", "9", "10", "1", "0", "11", "T", "t", "J", "Q", "K", "A", "2",
    "S", "C", "D", "H", "s", "h", "♠", "♣", "♦", "♥", "♤", "♡", "♢", "♧",
    "bích", "bich", "chuồn", "chuon", "tép", "tep", "rô", "ro", "cơ", "co", "cờ", "Cơ",
    "o\u031b", "\u0301", " ", "  ", "\t", ",", ", ", "\n", "\u00a0", "\u200b", "-", "x", "İ", "ß",
]  # fmt: skip
near_text = st.lists(st.sampled_from(_NEAR), max_size=6).map("".join)
any_text = st.one_of(st.text(max_size=20), near_text)


def _assert_names_token(err: NotationError, token: str) -> None:
    assert isinstance(err, VncardsError)
    assert isinstance(err, ValueError)
    assert err.token == token
    message = str(err)
    # the token is quoted whole, or (past a few dozen characters) its beginning and "…"
    quoted = repr(token) in message or (repr(token)[:20] in message and "…" in message)
    assert quoted, f"message {message!r} does not quote {token!r}"
    assert "\n" not in message, "the message is one line"


@FUZZ
@given(any_text)
@example("")
@example("\ud800")
@example("10 cơ cơ")
@example("1 0 s")
def test_parse_card_reads_or_names_the_token(token: str) -> None:
    """parse_card: a Card, or NotationError whose token and message are the input."""
    try:
        card = parse_card(token)
    except NotationError as e:
        _assert_names_token(e, token)
    else:
        assert isinstance(card, Card)
        assert DECK[card.id] == card


@FUZZ
@given(any_text)
def test_split_card_list_never_raises(text: str) -> None:
    """split_card_list returns non-empty, stripped pieces whatever the text."""
    pieces = split_card_list(text)
    for p in pieces:
        assert p, "no empty piece"
        assert p == p.strip()


@FUZZ
@given(any_text)
def test_parse_cards_string_names_one_of_its_pieces(text: str) -> None:
    """parse_cards(str): cards for every piece, or NotationError naming one piece."""
    pieces = split_card_list(text)
    try:
        cards = parse_cards(text)
    except NotationError as e:
        error = e
    else:
        assert len(cards) == len(pieces)
        return
    assert error.token in pieces
    _assert_names_token(error, error.token)


@FUZZ
@given(st.lists(any_text, max_size=6))
def test_parse_cards_list_names_the_first_bad_token(tokens: list[str]) -> None:
    """parse_cards(list): the first unreadable token is the one named."""
    bad = []
    for t in tokens:
        try:
            parse_card(t)
        except NotationError:
            bad.append(t)
    try:
        cards = parse_cards(tokens)
    except NotationError as e:
        named = e.token
    else:
        assert not bad
        assert [c.id for c in cards] == [parse_card(t).id for t in tokens]
        return
    assert bad, "raised although every token reads alone"
    assert named == bad[0]


def _spellings(card: Card) -> list[str]:
    rank = card.rank.label
    suits = {
        0: ["S", "s", "♠", "bích", "bich", "BÍCH"],
        1: ["C", "c", "♣", "chuồn", "chuon", "tép", "tep"],
        2: ["D", "d", "♦", "rô", "ro", "RÔ"],
        3: ["H", "h", "♥", "cơ", "co", "CƠ"],
    }[card.suit.value]
    ranks = [rank, rank.lower()] + (["T", "t"] if rank == "10" else [])
    out = [r + s for r in ranks for s in suits if len(s) == 1]
    out += [f"{r} {s}" for r in ranks for s in suits]
    return out


@pytest.mark.parametrize("card_id", range(52))
def test_every_spelling_of_every_card_reads_back(card_id: int) -> None:
    """Each card in ascii, symbol and Vietnamese notation (any case, T for 10, with or
    without diacritics) reads as that card and no other."""
    card = card_from_id(card_id)
    for style in ("ascii", "symbol", "vietnamese"):
        assert parse_card(format_card(card, style)) == card
    for spelling in _spellings(card):
        assert parse_card(spelling) == card, spelling
        assert parse_card(f"  {spelling}\t") == card, "surrounding blanks are ignored"
        decomposed = unicodedata.normalize("NFD", spelling)
        assert parse_card(decomposed) == card, "decomposed diacritics read the same"


@FUZZ
@given(st.lists(st.integers(0, 51), min_size=1, max_size=13), st.sampled_from(["ascii", "symbol"]))
def test_short_lists_round_trip_through_one_argument(ids: list[int], style: str) -> None:
    """Cards written in short notation and joined by spaces or commas read back in order."""
    words = [format_card(i, style) for i in ids]
    assert [c.id for c in parse_cards(" ".join(words))] == ids
    assert [c.id for c in parse_cards(",".join(words))] == ids


@FUZZ
@given(st.lists(st.integers(0, 51), min_size=1, max_size=8))
def test_vietnamese_lists_need_commas_and_round_trip(ids: list[int]) -> None:
    """Vietnamese names hold a space, so a list of them is comma-separated."""
    words = [format_card(i, "vietnamese") for i in ids]
    assert [c.id for c in parse_cards(", ".join(words))] == ids


@given(st.integers().filter(lambda i: not 0 <= i < 52))
def test_card_ids_out_of_range_raise_notation_error(card_id: int) -> None:
    """card_from_id refuses ids outside 0..51 with NotationError, never an IndexError."""
    with pytest.raises(NotationError):
        card_from_id(card_id)


@pytest.mark.parametrize(
    "suit", ["bích", "bich", "chuồn", "chuon", "tép", "tep", "rô", "ro", "cơ", "co"]
)
def test_word_suit_written_without_a_space_reads(suit: str) -> None:
    """The parser accepts a Vietnamese suit glued to the rank ("10cơ"); it must do so for
    every suit word, including those ending in a letter that is itself a suit ("bích")."""
    expected = parse_card(f"3 {suit}")
    assert parse_card(f"3{suit}") == expected
    assert parse_card(f"10{suit}").suit == expected.suit
