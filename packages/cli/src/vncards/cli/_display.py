"""Cards and tables for people: suits in colour (♦♥ red), optional Vietnamese names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich.table import Table
from rich.text import Text
from vncards.core import NotationError, parse_card

__all__ = ["card_text", "cards_text", "payments_table", "signed"]

_TUSAC_COLOURS = {
    "R": ("bold red", "đỏ"),
    "Y": ("bold yellow", "vàng"),
    "G": ("bold green", "xanh"),
    "W": ("bold bright_white", "trắng"),
}
_TUSAC_PIECES = {
    "K": "tướng",
    "A": "sĩ",
    "E": "tượng",
    "R": "xe",
    "C": "pháo",
    "H": "mã",
    "P": "chốt",
}


def card_text(token: str, deck: str = "french", *, vietnamese: bool = False) -> Text:
    """One card as people see it: ``10♥`` in red, or ``10 cơ`` with ``vietnamese``.

    >>> card_text("10H").plain, card_text("10H").style
    ('10♥', 'bold red')
    >>> card_text("QS", vietnamese=True).plain
    'Q bích'
    >>> card_text("RK", "tusac", vietnamese=True).plain
    'tướng đỏ'
    """
    if deck == "french":
        try:
            card = parse_card(token)
        except NotationError:
            return Text(token)
        label = card.vietnamese if vietnamese else card.symbol
        return Text(label, style="bold red" if card.suit.value >= 2 else "bold")
    key = token.strip().upper()
    if len(key) == 2 and key[0] in _TUSAC_COLOURS and key[1] in _TUSAC_PIECES:
        style, colour = _TUSAC_COLOURS[key[0]]
        label = f"{_TUSAC_PIECES[key[1]]} {colour}" if vietnamese else key
        return Text(label, style=style)
    return Text(token)


def cards_text(
    tokens: Iterable[str], deck: str = "french", *, vietnamese: bool = False, sep: str = " "
) -> Text:
    """Several cards, separated by ``sep`` (``, `` suits Vietnamese names best).

    >>> cards_text(["3S", "4S", "5H"]).plain
    '3♠ 4♠ 5♥'
    """
    out = Text()
    for i, token in enumerate(tokens):
        if i:
            out.append(sep)
        out.append_text(card_text(token, deck, vietnamese=vietnamese))
    return out


def signed(value: int) -> Text:
    """A payment with its sign, green when received and red when paid.

    >>> signed(5).plain, signed(-3).plain, signed(0).plain
    ('+5', '-3', '0')
    """
    if value > 0:
        return Text(f"+{value}", style="green")
    if value < 0:
        return Text(str(value), style="red")
    return Text("0")


def payments_table(
    title: str,
    players: Sequence[str],
    columns: Mapping[str, Sequence[int]],
) -> Table:
    """One row per player, one column per series of payments (e.g. game, match total)."""
    table = Table(title=title, title_justify="left")
    table.add_column("player")
    for name in columns:
        table.add_column(name, justify="right")
    for i, player in enumerate(players):
        table.add_row(player, *(signed(series[i]) for series in columns.values()))
    return table
