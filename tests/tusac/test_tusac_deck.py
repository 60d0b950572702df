"""The deck as data and its notation (DESIGN, "Card notation")."""

from __future__ import annotations

import pytest
from vncards.core import NotationError
from vncards.tusac import (
    CARD_CODES,
    DECK_SIZE,
    KINDS,
    Colour,
    Piece,
    colour_of,
    format_card,
    kind_of,
    parse_card,
    parse_cards,
    piece_of,
    plugin,
)


def test_deck_is_seven_pieces_four_colours_four_copies() -> None:
    """112 cards: 7 pieces × 4 colours × 4 identical copies (rules page, "Cards")."""
    assert (len(Piece), len(Colour), KINDS, DECK_SIZE) == (7, 4, 28, 112)
    deal = plugin.deal_json(plugin.presets["standard"], 4, seed=5)
    cards = [c for h in deal["hands"].values() for c in h] + deal["stock"]
    assert len(cards) == 112
    assert all(cards.count(code) == 4 for code in CARD_CODES)


def test_kind_is_colour_times_seven_plus_piece() -> None:
    """Kind ids: colour × 7 + piece, colours đỏ vàng xanh trắng, pieces K A E R C H P."""
    for k in range(KINDS):
        assert kind_of(colour_of(k), piece_of(k)) == k
    assert CARD_CODES[:7] == ("RK", "RA", "RE", "RR", "RC", "RH", "RP")
    assert CARD_CODES[7::7] == ("YK", "GK", "WK")


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("RK", "RK"),
        ("gr", "GR"),
        ("Wp", "WP"),
        ("tướng đỏ", "RK"),
        ("xe vàng", "YR"),
        ("chốt trắng", "WP"),
        ("chuột trắng", "WP"),
        ("chuot trang", "WP"),
        ("TƯỚNG ĐỎ", "RK"),
        ("tuong do", "RK"),
        ("tượng xanh", "GE"),
        ("voi xanh", "GE"),
        ("sĩ vàng", "YA"),
        ("si vang", "YA"),
        ("pháo xanh", "GC"),
        ("phao xanh", "GC"),
        ("mã trắng", "WH"),
        ("ma trang", "WH"),
        ("  xe   đỏ ", "RR"),
    ],
)
def test_notation_reads_codes_and_vietnamese_names(token: str, code: str) -> None:
    """Colour letter + piece letter, or the Vietnamese name with or without diacritics,
    in any case; ``chuột`` is ``chốt`` (DESIGN, "Card notation")."""
    assert format_card(parse_card(token)) == code


@pytest.mark.parametrize("token", ["", "RX", "XK", "3S", "tướng tím", "xe", "RKK", "joker"])
def test_bad_token_names_itself(token: str) -> None:
    """A bad token raises NotationError with one sentence naming it."""
    with pytest.raises(NotationError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)


def test_card_lists_split_on_commas_or_short_codes() -> None:
    """One argument with several cards: commas, or spaces between short codes."""
    assert parse_cards("RK GR WP") == [0, 17, 27]
    assert parse_cards("tướng đỏ, xe xanh") == [0, 17]


def test_vietnamese_format() -> None:
    """People see ``tướng đỏ``, ``xe vàng``, ``chốt trắng``."""
    assert [format_card(parse_card(t), "vietnamese") for t in ("RK", "YR", "WP")] == [
        "tướng đỏ",
        "xe vàng",
        "chốt trắng",
    ]
