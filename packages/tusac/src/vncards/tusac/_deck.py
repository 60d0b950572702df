"""The Tứ Sắc deck as data: four colours, seven pieces, 28 kinds of card, four copies each.

A card *kind* is the integer ``colour * 7 + piece``: colours đỏ 0, vàng 1, xanh 2,
trắng 3; pieces Tướng 0, Sĩ 1, Tượng 2, Xe 3, Pháo 4, Mã 5, Chốt 6. The four copies of a
kind are interchangeable, so hands and records only ever name kinds.

Notation: a colour letter (``R Y G W``) then a piece letter (``K A E R C H P``), e.g.
``RK`` (tướng đỏ), ``GR`` (xe xanh), ``WP`` (chốt trắng); or the Vietnamese name,
piece then colour, with or without diacritics (``chuột`` is ``chốt``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from vncards.core import NotationError

__all__ = [
    "CARD_CODES",
    "COPIES",
    "DECK_SIZE",
    "KINDS",
    "Colour",
    "Piece",
    "colour_of",
    "format_card",
    "format_cards",
    "kind_of",
    "parse_card",
    "parse_cards",
    "piece_of",
    "split_card_list",
]

KINDS: Final = 28
"""Distinct cards: 4 colours × 7 pieces."""
COPIES: Final = 4
"""Identical copies of each kind."""
DECK_SIZE: Final = KINDS * COPIES
"""112 cards."""


class Colour(IntEnum):
    """The four colours (sắc) of the deck."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    WHITE = 3

    @property
    def letter(self) -> str:
        """Notation letter: ``R Y G W``."""
        return "RYGW"[self.value]

    @property
    def vietnamese(self) -> str:
        """Vietnamese name: đỏ, vàng, xanh, trắng."""
        return ("đỏ", "vàng", "xanh", "trắng")[self.value]


class Piece(IntEnum):
    """The seven pieces, named as in cờ tướng (Chinese chess)."""

    GENERAL = 0
    ADVISOR = 1
    ELEPHANT = 2
    CHARIOT = 3
    CANNON = 4
    HORSE = 5
    SOLDIER = 6

    @property
    def letter(self) -> str:
        """Notation letter: ``K A E R C H P``."""
        return "KAERCHP"[self.value]

    @property
    def vietnamese(self) -> str:
        """Vietnamese name: tướng, sĩ, tượng, xe, pháo, mã, chốt."""
        return ("tướng", "sĩ", "tượng", "xe", "pháo", "mã", "chốt")[self.value]


def kind_of(colour: int, piece: int) -> int:
    """The kind id of a colour and a piece.

    >>> kind_of(Colour.GREEN, Piece.CHARIOT)
    17
    """
    return colour * 7 + piece


def colour_of(kind: int) -> Colour:
    """The colour of a kind.

    >>> colour_of(17).name
    'GREEN'
    """
    return Colour(kind // 7)


def piece_of(kind: int) -> Piece:
    """The piece of a kind.

    >>> piece_of(17).name
    'CHARIOT'
    """
    return Piece(kind % 7)


CARD_CODES: tuple[str, ...] = tuple(c.letter + p.letter for c in Colour for p in Piece)
"""JSON notation of every kind, in kind order: ``RK RA … WP``."""

_CODE_KIND = {code.lower(): k for k, code in enumerate(CARD_CODES)}


def _plain(text: str) -> str:
    """Lower case without diacritics (đ becomes d)."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    stripped = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return stripped.replace("đ", "d")


_PIECE_WORDS: dict[str, int] = {
    "tướng": 0, "sĩ": 1, "sỹ": 1, "sỉ": 1, "tượng": 2, "voi": 2, "xe": 3, "pháo": 4,
    "mã": 5, "ngựa": 5, "chốt": 6, "chuột": 6, "tốt": 6,
}  # fmt: skip
# Without diacritics "tuong" could be tướng or tượng; it is read as tướng, the card
# every hand counts on, and the elephant is written "tượng" or "voi".
_PLAIN_PIECE_WORDS: dict[str, int] = {
    "tuong": 0, "si": 1, "sy": 1, "voi": 2, "xe": 3, "phao": 4, "ma": 5, "ngua": 5,
    "chot": 6, "chuot": 6, "tot": 6,
}  # fmt: skip
_COLOUR_WORDS: dict[str, int] = {"đỏ": 0, "vàng": 1, "xanh": 2, "trắng": 3}
_PLAIN_COLOUR_WORDS: dict[str, int] = {"do": 0, "vang": 1, "xanh": 2, "trang": 3}


def _word(word: str, exact: dict[str, int], plain: dict[str, int]) -> int | None:
    found = exact.get(word)
    if found is None:
        found = plain.get(_plain(word))
    return found


def parse_card(token: str) -> int:
    """The kind named by a token: ``RK``, ``gr``, ``tướng đỏ``, ``chuot trang`` …

    >>> [parse_card(t) for t in ["RK", "gr", "tướng đỏ", "xe vàng", "chuot trang"]]
    [0, 17, 0, 10, 27]
    >>> parse_card("RX")
    Traceback (most recent call last):
    ...
    vncards.core._errors.NotationError: unknown card 'RX': write a colour letter R Y G W and ...
    """
    text = unicodedata.normalize("NFC", token.strip()).lower()
    kind = _CODE_KIND.get(text)
    if kind is not None:
        return kind
    words = text.split()
    if len(words) == 2:
        piece = _word(words[0], _PIECE_WORDS, _PLAIN_PIECE_WORDS)
        colour = _word(words[1], _COLOUR_WORDS, _PLAIN_COLOUR_WORDS)
        if piece is None or colour is None:  # also accept colour first: "đỏ tướng"
            piece = _word(words[1], _PIECE_WORDS, _PLAIN_PIECE_WORDS)
            colour = _word(words[0], _COLOUR_WORDS, _PLAIN_COLOUR_WORDS)
        if piece is not None and colour is not None:
            return colour * 7 + piece
    raise NotationError(
        token,
        "write a colour letter R Y G W and a piece letter K A E R C H P (e.g. RK, GR, WP),"
        " or a name such as 'tướng đỏ'",
    )


def split_card_list(text: str) -> list[str]:
    """Split one string holding several cards: commas always separate, spaces only when
    every piece is a two-letter code.

    >>> split_card_list("RK GR wp")
    ['RK', 'GR', 'wp']
    >>> split_card_list("tướng đỏ, xe vàng")
    ['tướng đỏ', 'xe vàng']
    """
    if "," in text:
        return [t.strip() for t in text.split(",") if t.strip()]
    pieces = text.split()
    if len(pieces) > 1 and not all(p.lower() in _CODE_KIND for p in pieces):
        return [text.strip()]
    return pieces


def parse_cards(tokens: str | Iterable[str]) -> list[int]:
    """Kinds of several cards: a list of tokens, or one string split by :func:`split_card_list`.

    >>> parse_cards("RK RA RE")
    [0, 1, 2]
    >>> parse_cards(["chốt đỏ", "chot vang", "chuột xanh"])
    [6, 13, 20]
    """
    items = split_card_list(tokens) if isinstance(tokens, str) else list(tokens)
    return [parse_card(t) for t in items]


def format_card(kind: int, style: str = "ascii") -> str:
    """Write a kind: ``ascii`` (``RK``, for JSON) or ``vietnamese`` (``tướng đỏ``).

    >>> format_card(0), format_card(27, "vietnamese")
    ('RK', 'chốt trắng')
    """
    if not 0 <= kind < KINDS:
        raise NotationError(str(kind), "a Tứ Sắc card kind is 0 to 27")
    if style == "ascii":
        return CARD_CODES[kind]
    if style == "vietnamese":
        return f"{piece_of(kind).vietnamese} {colour_of(kind).vietnamese}"
    raise ValueError(f"unknown card style {style!r}: use ascii or vietnamese")


def format_cards(kinds: Iterable[int], style: str = "ascii") -> list[str]:
    """Write several kinds with :func:`format_card`.

    >>> format_cards([6, 13, 20])
    ['RP', 'YP', 'GP']
    """
    return [format_card(k, style) for k in kinds]
