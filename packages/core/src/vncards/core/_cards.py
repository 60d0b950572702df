"""The French 52-card deck as data: ranks, suits, card ids and their notation.

A card id is ``rank_index * 4 + suit_index`` so integer order is the climbing order:
rank 3 < 4 < … < K < A < 2, then suit ♠ < ♣ < ♦ < ♥.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from enum import Enum, StrEnum
from typing import NamedTuple

from vncards.core._errors import NotationError

__all__ = [
    "DECK",
    "MISREADS_VI",
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "card_from_id",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "split_card_list",
]


class Colour(StrEnum):
    """Card colour: ``đen`` (black, ♠♣) or ``đỏ`` (red, ♦♥).

    >>> Suit.HEARTS.colour, str(Colour.BLACK)
    (<Colour.RED: 'red'>, 'black')
    """

    BLACK = "black"
    RED = "red"


class Suit(int, Enum):
    """Suits in their Tiến lên order (nước bài): bích < chuồn/tép < rô < cơ.

    >>> [(s.letter, s.symbol, s.vietnamese) for s in (Suit.SPADES, Suit.HEARTS)]
    [('S', '♠', 'bích'), ('H', '♥', 'cơ')]
    """

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """ASCII letter used in JSON: ``S C D H``."""
        return "SCDH"[self.value]

    @property
    def symbol(self) -> str:
        """The symbol people see: ``♠ ♣ ♦ ♥``."""
        return "♠♣♦♥"[self.value]

    @property
    def vietnamese(self) -> str:
        """The Vietnamese name: ``bích chuồn rô cơ``."""
        return ("bích", "chuồn", "rô", "cơ")[self.value]

    @property
    def colour(self) -> Colour:
        """Black for ♠♣, red for ♦♥."""
        return Colour.BLACK if self.value < 2 else Colour.RED


class Rank(int, Enum):
    """Ranks in climbing order, 3 lowest and 2 (heo) highest.

    >>> Rank.TWO > Rank.ACE > Rank.THREE, Rank.TEN.label
    (True, '10')
    """

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12

    @property
    def label(self) -> str:
        """Short label: ``3`` … ``10`` ``J Q K A 2``."""
        return _RANK_LABELS[self.value]


_RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


class Card(NamedTuple):
    """One card of the French deck.

    >>> c = parse_card("10h")
    >>> c.rank, c.suit, c.colour
    (<Rank.TEN: 7>, <Suit.HEARTS: 3>, <Colour.RED: 'red'>)
    >>> c.id, str(c), c.symbol
    (31, '10H', '10♥')
    """

    rank: Rank
    suit: Suit

    @property
    def id(self) -> int:
        """Integer id ``rank * 4 + suit``; ids order cards as the game does."""
        return self.rank.value * 4 + self.suit.value

    @property
    def colour(self) -> Colour:
        """Black or red."""
        return self.suit.colour

    @property
    def symbol(self) -> str:
        """Notation for people, e.g. ``3♠``."""
        return self.rank.label + self.suit.symbol

    @property
    def vietnamese(self) -> str:
        """Vietnamese name, e.g. ``3 bích``."""
        return f"{self.rank.label} {self.suit.vietnamese}"

    def __str__(self) -> str:
        return self.rank.label + self.suit.letter


DECK: tuple[Card, ...] = tuple(Card(Rank(i // 4), Suit(i % 4)) for i in range(52))
"""The 52 cards in id order."""

_RANK_WORDS: dict[str, int] = {label.lower(): i for i, label in enumerate(_RANK_LABELS)}
_RANK_WORDS["t"] = Rank.TEN.value

_SUIT_WORDS: dict[str, int] = {
    "s": 0, "♠": 0, "♤": 0, "bích": 0, "bich": 0,
    "c": 1, "♣": 1, "♧": 1, "chuồn": 1, "chuon": 1, "tép": 1, "tep": 1,
    "d": 2, "♦": 2, "♢": 2, "rô": 2, "ro": 2,
    "h": 3, "♥": 3, "♡": 3, "cơ": 3, "co": 3,
}  # fmt: skip


MISREADS_VI: dict[str, str] = {
    "unknown-card": "không có lá {token}",
    "empty-card": "chưa gõ lá nào",
    "card-id": "không có lá số {token}: số lá từ 0 tới 51",
    "no-suit": "lá {token} thiếu chất: một lá gồm số và chất, như 10H hay 10 cơ",
    "not-one-card": (
        "{token} không phải một lá; các lá cách nhau bởi dấu phẩy, hoặc bởi dấu cách"
        " khi mọi lá đều viết gọn (8S 8H)"
    ),
    "bad-rank": "không có lá {token}: số phải là 3 4 5 6 7 8 9 10 J Q K A 2 (T = 10)",
    "bad-suit": "không có lá {token}: chất phải là S C D H, ♠ ♣ ♦ ♥ hay bích, chuồn/tép, rô, cơ",
    "card-twice": "lá {token} được gõ hai lần",
}
"""Why typed French cards could not be read, in Vietnamese, by the code of the
:class:`NotationError` (or of the record's ``RecordError``) that says it (see
:func:`~vncards.core.error_words`).

>>> from vncards.core import error_words
>>> try:
...     parse_card("10")
... except NotationError as e:
...     print(error_words(e, MISREADS_VI))
lá '10' thiếu chất: một lá gồm số và chất, như 10H hay 10 cơ
"""


def card_from_id(card_id: int) -> Card:
    """The card with this id (0 = 3♠ … 51 = 2♥).

    >>> card_from_id(51).symbol
    '2♥'
    """
    if not 0 <= card_id < 52:
        raise NotationError(str(card_id), "a card id is 0 to 51", code="card-id")
    return DECK[card_id]


# emoji presentation selectors that phones add after a suit symbol ("2♥️")
_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


def _parse_id(token: str) -> int:
    text = unicodedata.normalize("NFC", token.strip()).lower().translate(_SELECTORS)
    if not text:
        raise NotationError(token, "empty card", code="empty-card")
    if text in _RANK_WORDS:
        raise NotationError(
            token, "no suit: a card is a rank and a suit, e.g. 10H or 10 cơ", code="no-suit"
        )
    if " " in text:
        rank_part, _, suit_part = text.partition(" ")
        suit_part = suit_part.strip()
    else:
        rank_part, suit_part = text[:-1], text[-1:]
        # the first split into a rank and a suit word, so that a word suit written
        # without a space reads too ("10cơ", "3bích" — whose last letter alone is a suit)
        for i in range(1, min(len(text), 3)):
            if text[:i] in _RANK_WORDS and text[i:] in _SUIT_WORDS:
                rank_part, suit_part = text[:i], text[i:]
                break
    rank = _RANK_WORDS.get(rank_part.strip())
    suit = _SUIT_WORDS.get(suit_part)
    if len(text.split()) > 2 or (rank is None and " " in text and _is_short(rank_part)):
        raise NotationError(
            token,
            "not one card; cards in one value are separated by commas, or by spaces when"
            " every card is short (8S 8H)",
            code="not-one-card",
        )
    if rank is None:
        raise NotationError(
            token, "rank must be one of 3 4 5 6 7 8 9 10 J Q K A 2 (T = 10)", code="bad-rank"
        )
    if suit is None:
        raise NotationError(
            token, "suit must be S C D H, ♠ ♣ ♦ ♥ or bích chuồn/tép rô cơ", code="bad-suit"
        )
    return rank * 4 + suit


def parse_card(token: str) -> Card:
    """Read one card in ASCII, symbol or Vietnamese notation, in any case.

    >>> [str(parse_card(t)) for t in ["3S", "Th", "2♥", "2♥\ufe0f", "Q rô", "K tép", "10 co"]]
    ['3S', '10H', '2H', '2H', 'QD', 'KC', '10H']
    >>> try:
    ...     parse_card("11S")
    ... except NotationError as e:
    ...     print(e)
    unknown card '11S': rank must be one of 3 4 5 6 7 8 9 10 J Q K A 2 (T = 10)
    """
    return DECK[_parse_id(token)]


def split_card_list(text: str) -> list[str]:
    """Split one argument holding several cards into tokens.

    Commas always separate; spaces separate only when every piece is a short card
    (so ``"10 cơ, J cơ"`` is two cards and ``"8S 8H"`` is two cards).

    >>> split_card_list("8S 8H")
    ['8S', '8H']
    >>> split_card_list("10 cơ, J cơ")
    ['10 cơ', 'J cơ']
    """
    if "," in text:
        return [t.strip() for t in text.split(",") if t.strip()]
    pieces = text.split()
    if len(pieces) > 1:
        short = all(_is_short(p) for p in pieces)
        if not short:
            return [text.strip()]
    return pieces


def _is_short(piece: str) -> bool:
    try:
        _parse_id(piece)
    except NotationError:
        return False
    return True


def parse_cards(tokens: str | Iterable[str]) -> list[Card]:
    """Read several cards: a list of tokens, or one string as :func:`split_card_list` splits it.

    >>> [c.symbol for c in parse_cards("3s 4s 5h")]
    ['3♠', '4♠', '5♥']
    """
    items = split_card_list(tokens) if isinstance(tokens, str) else list(tokens)
    return [DECK[_parse_id(t)] for t in items]


def format_card(card: Card | int, style: str = "ascii") -> str:
    """Write a card: ``ascii`` (``10H``, for JSON), ``symbol`` (``10♥``) or ``vietnamese``.

    >>> format_card(0), format_card(0, "symbol"), format_card(0, "vietnamese")
    ('3S', '3♠', '3 bích')
    """
    c = DECK[card] if isinstance(card, int) else card
    if style == "ascii":
        return str(c)
    if style == "symbol":
        return c.symbol
    if style == "vietnamese":
        return c.vietnamese
    raise ValueError(f"unknown card style {style!r}: use ascii, symbol or vietnamese")


def format_cards(cards: Iterable[Card | int], style: str = "ascii") -> list[str]:
    """Write several cards with :func:`format_card`.

    >>> format_cards([0, 51], "symbol")
    ['3♠', '2♥']
    """
    return [format_card(c, style) for c in cards]
