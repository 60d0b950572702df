"""Tứ Sắc card notation under attack: any text reads as one of the 28 card kinds or
raises NotationError naming the offending token — never another exception."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from vncards.core import NotationError

tusac = pytest.importorskip("vncards.tusac")

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_NEAR = [
    "R", "Y", "G", "W", "K", "A", "E", "C", "H", "P", "r", "k", "x",
    "tướng", "tuong", "tượng", "sĩ", "si", "xe", "pháo", "phao", "mã", "ma", "chốt", "chot",
    "chuột", "chuot", "voi", "ngựa", "tốt", "đỏ", "do", "vàng", "vang", "xanh", "trắng",
    "trang", "Đỏ", " ", "  ", ",", "\t", "\u0301", "đ", "İ",
]  # fmt: skip
near_text = st.lists(st.sampled_from(_NEAR), max_size=5).map("".join)
spaced_text = st.lists(st.sampled_from(_NEAR), max_size=4).map(" ".join)
any_text = st.one_of(st.text(max_size=16), near_text, spaced_text)


@FUZZ
@given(any_text)
@example("")
@example("\ud800")
@example("tướng tướng")
@example("đỏ đỏ")
def test_parse_card_reads_a_kind_or_names_the_token(token: str) -> None:
    """A kind 0..27, or NotationError whose token is the input and quoted in one line."""
    try:
        kind = tusac.parse_card(token)
    except NotationError as e:
        error = e
    else:
        assert isinstance(kind, int)
        assert 0 <= kind < 28
        return
    assert error.token == token
    # the token is quoted whole, or (past a few dozen characters) its beginning and "…"
    message = str(error)
    assert repr(token) in message or (repr(token)[:20] in message and "…" in message)
    assert "\n" not in message


@FUZZ
@given(any_text)
def test_parse_cards_names_one_of_its_pieces(text: str) -> None:
    """parse_cards on one string: a kind per piece, or NotationError naming one piece."""
    pieces = tusac.split_card_list(text)
    assert all(p and p == p.strip() for p in pieces)
    try:
        kinds = tusac.parse_cards(text)
    except NotationError as e:
        named = e.token
    else:
        assert len(kinds) == len(pieces)
        return
    assert named in pieces


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn").replace("đ", "d")


@pytest.mark.parametrize("kind", range(28))
def test_every_spelling_of_every_kind_reads_back(kind: int) -> None:
    """Code in any case, Vietnamese name, name in capitals, colour first, decomposed
    diacritics: each reads as the same kind."""
    code = tusac.format_card(kind)
    name = tusac.format_card(kind, "vietnamese")
    piece, colour = name.split(" ")
    spellings = [code, code.lower(), code.capitalize(), name, name.upper(), f"{colour} {piece}"]
    spellings += [unicodedata.normalize("NFD", name), f"  {name}\t"]
    for s in spellings:
        assert tusac.parse_card(s) == kind, s
    plain = tusac.parse_card(_plain(name))
    if piece == "tượng":
        assert plain == kind - 2, "without diacritics 'tuong' is read as the general"
    else:
        assert plain == kind, _plain(name)


@FUZZ
@given(st.lists(st.integers(0, 27), min_size=1, max_size=21))
def test_code_lists_and_name_lists_round_trip(kinds: list[int]) -> None:
    """Codes joined by spaces, and names joined by commas, read back in order."""
    assert tusac.parse_cards(" ".join(tusac.format_card(k) for k in kinds)) == kinds
    names = ", ".join(tusac.format_card(k, "vietnamese") for k in kinds)
    assert tusac.parse_cards(names) == kinds


@given(st.integers().filter(lambda k: not 0 <= k < 28))
def test_kinds_out_of_range_raise_notation_error(kind: int) -> None:
    """format_card refuses kinds outside 0..27 with NotationError."""
    with pytest.raises(NotationError):
        tusac.format_card(kind)
