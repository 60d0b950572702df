"""Valid Tứ Sắc groups (the table of the rules page) as data, and their lệnh.

Every group is a sorted tuple of kinds. Codes: ``single-general`` (one Tướng),
``pair`` / ``triple`` / ``quad`` (identical cards), ``general-set`` (Tướng + Sĩ + Tượng
of one colour), ``chariot-set`` (Xe + Pháo + Mã of one colour), ``soldiers`` (3 or 4
Chốt of different colours).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import NamedTuple

from vncards.tusac._deck import KINDS, Piece, kind_of

__all__ = [
    "GROUPS",
    "GROUP_CODES",
    "Group",
    "classify_group",
    "group_lenh",
    "take_shapes",
]

GROUP_CODES = ("single-general", "pair", "triple", "quad", "general-set", "chariot-set", "soldiers")
"""Codes of the group shapes, as ``vncards classify tusac`` reports them."""


def _all_groups() -> dict[tuple[int, ...], str]:
    out: dict[tuple[int, ...], str] = {}
    for colour in range(4):
        general = kind_of(colour, Piece.GENERAL)
        out[(general,)] = "single-general"
        out[(general, general + 1, general + 2)] = "general-set"
        chariot = kind_of(colour, Piece.CHARIOT)
        out[(chariot, chariot + 1, chariot + 2)] = "chariot-set"
    for kind in range(KINDS):
        for n, code in ((2, "pair"), (3, "triple"), (4, "quad")):
            out[(kind,) * n] = code
    soldiers = [kind_of(c, Piece.SOLDIER) for c in range(4)]
    for n in (3, 4):
        for combo in combinations(soldiers, n):
            out[combo] = "soldiers"
    return out


GROUPS: dict[tuple[int, ...], str] = _all_groups()
"""Every valid group (sorted kinds) and its code: 101 of them."""


def classify_group(kinds: Iterable[int]) -> str | None:
    """The code of the group these cards form, or ``None``.

    >>> classify_group([0, 1, 2]), classify_group([6, 13, 20, 27]), classify_group([3, 4])
    ('general-set', 'soldiers', None)
    """
    return GROUPS.get(tuple(sorted(kinds)))


class Group(NamedTuple):
    """An exposed group: its code, its cards, its lệnh and its name if it has one
    (``quan`` for Quàn, ``khui`` for Khui; ``khap`` marks a Khạp listed in a grouping)."""

    code: str
    cards: tuple[int, ...]
    lenh: int
    name: str = ""


def group_lenh(code: str, size: int, *, taken: bool) -> int:
    """Lệnh of a group: Quàn 8, Khui 6, Khạp 3, four Chốt 2, a pair 0, any other 1.

    A triple or quad held privately is a Khạp or a Quàn; one made by taking the active
    card is a plain triple (1) or a Khui (6).

    >>> group_lenh("quad", 4, taken=False), group_lenh("quad", 4, taken=True)
    (8, 6)
    >>> group_lenh("triple", 3, taken=False), group_lenh("triple", 3, taken=True)
    (3, 1)
    >>> group_lenh("soldiers", 4, taken=True), group_lenh("pair", 2, taken=True)
    (2, 0)
    """
    if code == "quad":
        return 6 if taken else 8
    if code == "triple":
        return 1 if taken else 3
    if code == "pair":
        return 0
    if code == "soldiers" and size == 4:
        return 2
    return 1


def take_shapes(active: int) -> dict[tuple[int, ...], str]:
    """Every set of own cards (sorted kinds) that forms a group with the active card,
    with that group's code; ``()`` for a lone Tướng.

    >>> take_shapes(3)
    {(3,): 'pair', (3, 3): 'triple', (4, 5): 'chariot-set', (3, 3, 3): 'quad'}
    """
    out: dict[tuple[int, ...], str] = {}
    for cards, code in GROUPS.items():
        if active in cards:
            rest = list(cards)
            rest.remove(active)
            out[tuple(rest)] = code
    return dict(sorted(out.items(), key=lambda kv: (len(kv[0]), kv[0])))
