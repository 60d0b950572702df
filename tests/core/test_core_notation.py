"""Card notation: every form the notation contract lists, and clear errors for bad tokens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from vncards.core import (
    DECK,
    Colour,
    NotationError,
    Rank,
    Suit,
    card_from_id,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    split_card_list,
)


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("3S", "3S"),
        ("3s", "3S"),
        ("10h", "10H"),
        ("10H", "10H"),
        ("Th", "10H"),
        ("tH", "10H"),
        ("2♥", "2H"),
        ("A♠", "AS"),
        ("j♣", "JC"),
        ("K♦", "KD"),
        ("3 bích", "3S"),
        ("10 cơ", "10H"),
        ("Q rô", "QD"),
        ("K chuồn", "KC"),
        ("K tép", "KC"),
        ("3 bich", "3S"),
        ("10 co", "10H"),
        ("Q ro", "QD"),
        ("K chuon", "KC"),
        ("K tep", "KC"),
        ("10cơ", "10H"),
        ("3bích", "3S"),
        ("3bich", "3S"),
        ("Ktep", "KC"),
        ("  7d  ", "7D"),
        ("Q  RÔ", "QD"),
    ],
)
def test_notation_forms_from_design(token: str, expected: str) -> None:
    """Every notation form of the card contract reads to the same card (3S, 10h, Th, 2♥,
    3 bích, 10 cơ, Q rô, K chuồn / K tép, and the forms without diacritics)."""
    assert str(parse_card(token)) == expected


def test_notation_decomposed_unicode_reads() -> None:
    """A Vietnamese suit typed with combining accents (NFD) reads like the composed one."""
    import unicodedata

    assert parse_card(unicodedata.normalize("NFD", "10 cơ")) == parse_card("10H")


@pytest.mark.parametrize("token", ["3X", "11S", "1H", "", "   ", "10", "S", "Z cơ", "3 bíc", "♥2"])
def test_bad_token_raises_notation_error_naming_it(token: str) -> None:
    """A bad token raises NotationError whose message names the offending token."""
    with pytest.raises(NotationError) as info:
        parse_card(token)
    assert info.value.token == token
    assert repr(token) in str(info.value)


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    """In a list, the error names the one bad token, not the whole list."""
    with pytest.raises(NotationError, match="'9Q'"):
        parse_cards(["3S", "9Q", "4H"])


@pytest.mark.parametrize("text", ["3S 3X", "10 cơ J cơ", "3S 4S 5X"])
def test_several_cards_that_do_not_split_say_how_to_separate_them(text: str) -> None:
    """A value of several cards that spaces may not split (one is not short, or not a
    card) is refused naming the value, and the message says how cards are separated
    instead of blaming a rank."""
    with pytest.raises(NotationError, match=r"not one card; .* commas") as info:
        parse_cards(text)
    assert repr(text) in str(info.value)


def test_a_rank_without_suit_says_so() -> None:
    """``10`` alone is refused as a card with no suit (its rank is fine)."""
    with pytest.raises(NotationError, match="'10': no suit"):
        parse_card("10")


def test_emoji_suit_with_presentation_selector_reads() -> None:
    """Phones write the heart as ``♥`` followed by U+FE0F: it reads as the heart."""
    assert str(parse_card("2\u2665\ufe0f")) == "2H"
    assert [str(c) for c in parse_cards("Q\u2660\ufe0f, K\u2666\ufe0e")] == ["QS", "KD"]


def test_card_ids_follow_game_order() -> None:
    """Card id = rank * 4 + suit with 3♠ = 0 and 2♥ = 51 (♠ < ♣ < ♦ < ♥)."""
    assert parse_card("3S").id == 0
    assert parse_card("3C").id == 1
    assert parse_card("4S").id == 4
    assert parse_card("2H").id == 51
    assert [c.id for c in DECK] == list(range(52))
    assert card_from_id(31) == parse_card("10H")
    assert parse_card("10H").rank is Rank.TEN
    assert parse_card("10H").suit is Suit.HEARTS


def test_card_from_id_out_of_range() -> None:
    """Ids outside 0..51 are not cards."""
    with pytest.raises(NotationError):
        card_from_id(52)
    with pytest.raises(NotationError):
        card_from_id(-1)


def test_colours() -> None:
    """♠♣ are black (đen), ♦♥ red (đỏ)."""
    assert [s.colour for s in Suit] == [Colour.BLACK, Colour.BLACK, Colour.RED, Colour.RED]


def test_format_styles() -> None:
    """JSON writes 10H, people see 10♥, Vietnamese 10 cơ."""
    ten = parse_card("10h")
    assert format_card(ten) == "10H"
    assert format_card(ten, "symbol") == "10♥"
    assert format_card(ten, "vietnamese") == "10 cơ"
    assert format_cards([0, 5], "symbol") == ["3♠", "4♣"]
    with pytest.raises(ValueError, match="unknown card style"):
        format_card(ten, "emoji")


@given(st.integers(0, 51), st.sampled_from(["ascii", "symbol", "vietnamese"]), st.booleans())
def test_format_parse_round_trip(card_id: int, style: str, lower: bool) -> None:
    """Every card written in every style, in any case, reads back to itself."""
    text = format_card(card_id, style)
    assert parse_card(text.lower() if lower else text).id == card_id


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("8S 8H", ["8S", "8H"]),
        ("8S,8H", ["8S", "8H"]),
        ("10 cơ, J cơ", ["10 cơ", "J cơ"]),
        ("10 cơ", ["10 cơ"]),
        ("3S", ["3S"]),
        ("", []),
        ("10 cơ J cơ", ["10 cơ J cơ"]),
    ],
)
def test_split_card_list(text: str, tokens: list[str]) -> None:
    """Commas always separate; spaces only when every piece is a short card."""
    assert split_card_list(text) == tokens


def test_parse_cards_from_one_string() -> None:
    """One argument with several cards reads like separate tokens."""
    assert [str(c) for c in parse_cards("10 cơ, J cơ")] == ["10H", "JH"]
    assert [str(c) for c in parse_cards("8S 8H")] == ["8S", "8H"]
