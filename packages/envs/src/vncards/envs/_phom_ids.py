"""Phỏm's action ids: which cards each id names, the ids that make each offered action,
and the tree of those id sequences that the mask walks.

Cards are Phỏm's own numbers (``suit × 13 + rank``, the ace low: A♠ = 0 … K♠ = 12,
A♣ = 13 … K♥ = 51, as :mod:`vncards.phom` numbers them). A discard, a draw and a take
are one id each; a meld (hạ phỏm) is its phỏm one id each, from the fixed table
:data:`GROUPS`, in increasing id order, then :data:`MELD`; a lay-off (gửi) is, for each
phỏm it adds to (named by that phỏm's lowest card, in increasing order), an ``onto`` id
and the ids of the cards it puts there (increasing), then :data:`LAY_END`.

>>> GROUP0, MELD, ONTO0, LAY0, LAY_END, SIZE
(105, 434, 435, 487, 539, 540)
>>> from vncards.phom import Meld, card_names
>>> card_names(GROUPS[0]), card_names(GROUPS[4]), card_names(GROUPS[65])
(['AS', 'AC', 'AD'], ['AS', 'AC', 'AD', 'AH'], ['AS', '2S', '3S'])
>>> path_of(Meld(0, ((0, 1, 2), (17, 30, 43))), None)
[128, 170, 434]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from vncards.core import IllegalMove, format_card, parse_card
from vncards.phom import Discard, Draw, LayOff, Meld, PhomView, Take, card_name, mask_of

__all__ = [
    "DISCARD0",
    "DRAW",
    "GROUP0",
    "GROUPS",
    "LAY0",
    "LAY_END",
    "MELD",
    "ONTO0",
    "SIZE",
    "STEP_TYPES",
    "SYMBOLS",
    "TAKE0",
    "OfferedPaths",
    "describe_id",
    "path_of",
    "step_type",
]


def _groups() -> tuple[int, ...]:
    """Sets by rank (the four 3-card ones by their suits, then the 4-card one), then
    runs by suit, lowest rank and length."""
    sets = []
    for rank in range(13):
        for suits in (*combinations(range(4), 3), (0, 1, 2, 3)):
            sets.append(mask_of(13 * s + rank for s in suits))
    runs = [
        mask_of(range(13 * suit + low, 13 * suit + low + length))
        for suit in range(4)
        for low in range(11)
        for length in range(3, 14 - low)
    ]
    return (*sets, *runs)


GROUPS: tuple[int, ...] = _groups()
"""Every phỏm there is, as a card mask: 65 sets, then 264 runs."""
GROUP_ID = {m: i for i, m in enumerate(GROUPS)}

DISCARD0 = 0
"""Ids 0 … 51: discard that card."""
TAKE0 = 52
"""Ids 52 … 103: take (ăn) that card, the discard just before."""
DRAW = 104
"""Draw the top card of the stock (bốc)."""
GROUP0 = 105
"""Ids 105 … 433: the phỏm ``GROUPS[id - 105]`` is one of those the meld shows."""
MELD = GROUP0 + len(GROUPS)
"""Show the phỏm chosen so far (none: móm)."""
ONTO0 = MELD + 1
"""Ids 435 … 486: lay cards off onto the phỏm whose lowest card is ``id - 435``."""
LAY0 = ONTO0 + 52
"""Ids 487 … 538: lay that card off onto the phỏm named last."""
LAY_END = LAY0 + 52
"""End the lay-off: lay the cards chosen so far."""
SIZE = LAY_END + 1
"""540 ids."""

STEP_TYPES = ("discard", "take", "draw", "phom", "meld", "onto", "lay", "lay-off")
"""An id's type, by its range (the one-hot of the action features)."""
_STARTS = (DISCARD0, TAKE0, DRAW, GROUP0, MELD, ONTO0, LAY0, LAY_END)
SYMBOLS = tuple(format_card(parse_card(card_name(c)).id, "symbol") for c in range(52))
"""Each card written with its suit's symbol, by Phỏm number: ``A♠`` … ``K♥``."""


def step_type(action_id: int) -> int:
    """The place of an id's type in :data:`STEP_TYPES`.

    >>> [STEP_TYPES[step_type(i)] for i in (3, 60, DRAW, 200, MELD, 440, 500, LAY_END)]
    ['discard', 'take', 'draw', 'phom', 'meld', 'onto', 'lay', 'lay-off']
    """
    kind = 0
    while kind + 1 < len(_STARTS) and action_id >= _STARTS[kind + 1]:
        kind += 1
    return kind


def _takeable(view: PhomView | None) -> int:
    if view is None or view.last < 0:
        raise IllegalMove("nothing-to-take", "No discard may be taken now.")
    return view.pile[view.last][1]


def path_of(action: Any, view: PhomView | None) -> list[int]:
    """The ids, in order, that make ``action`` (a take reads its card from ``view``)."""
    if isinstance(action, Discard):
        return [DISCARD0 + action.card]
    if isinstance(action, Draw):
        return [DRAW]
    if isinstance(action, Take):
        return [TAKE0 + _takeable(view)]
    if isinstance(action, Meld):
        try:
            ids = sorted(GROUP0 + GROUP_ID[mask_of(g)] for g in action.groups)
        except KeyError:
            raise IllegalMove("not-a-phom", f"{action!r} shows a group that is no phỏm.") from None
        return [*ids, MELD]
    if isinstance(action, LayOff):
        out = []
        for onto, cards in sorted(action.entries):
            out.append(ONTO0 + onto)
            out.extend(LAY0 + c for c in sorted(cards))
        return [*out, LAY_END]
    raise IllegalMove("no-such-action", f"{action!r} is not a Phỏm action.")


class OfferedPaths:
    """The id sequences of a view's offered actions, as a tree: each node maps the next
    id to the node after it, and a complete sequence ends at its action.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=3)
    >>> tree = OfferedPaths(plugin.view(st, st.turn))
    >>> tree.next_ids(())[:3], tree.action((), 9)
    ([9, 13, 15], Discard(seat=0, card=9))
    """

    def __init__(self, view: PhomView) -> None:
        self.root: dict[int, Any] = {}
        for action in view.legal:
            node = self.root
            path = path_of(action, view)
            for i in path[:-1]:
                node = node.setdefault(i, {})
            node[path[-1]] = action

    def _node(self, draft: Sequence[int]) -> dict[int, Any]:
        node = self.root
        for i in draft:
            child = node.get(i)
            if not isinstance(child, dict):
                raise IllegalMove("not-this-draft", "Those ids lead to no offered action.")
            node = child
        return node

    def next_ids(self, draft: Sequence[int]) -> list[int]:
        """The ids that may follow ``draft``, increasing (none when it leads nowhere)."""
        try:
            return sorted(self._node(draft))
        except IllegalMove:
            return []

    def action(self, draft: Sequence[int], action_id: int) -> Any:
        """The offered action ``draft`` then ``action_id`` completes; ``None`` while more
        ids are needed; :class:`~vncards.core.IllegalMove` when no offered action goes so."""
        node = self._node(draft)
        if action_id not in node:
            raise IllegalMove(
                "no-such-action", f"Action {action_id} is not offered after {list(draft)}."
            )
        found = node[action_id]
        return None if isinstance(found, dict) else found


def describe_id(action_id: int) -> str:
    """A short phrase for an id.

    >>> describe_id(8), describe_id(TAKE0 + 13), describe_id(GROUP0 + 65), describe_id(MELD)
    ('discard 9♠', 'take A♣', 'phỏm A♠ 2♠ 3♠', 'meld the phỏm chosen')
    >>> describe_id(ONTO0 + 19), describe_id(LAY0 + 22), describe_id(LAY_END)
    ('lay off onto the phỏm of 7♣', 'lay 10♣', 'end the lay-off')
    """
    if not 0 <= action_id < SIZE:
        return "not an action of this game"
    kind = STEP_TYPES[step_type(action_id)]
    if kind == "draw":
        return "draw"
    if kind == "meld":
        return "meld the phỏm chosen"
    if kind == "lay-off":
        return "end the lay-off"
    if kind == "phom":
        mask = GROUPS[action_id - GROUP0]
        return "phỏm " + " ".join(SYMBOLS[c] for c in range(52) if mask >> c & 1)
    card = SYMBOLS[(action_id - _STARTS[step_type(action_id)]) % 52]
    if kind == "onto":
        return f"lay off onto the phỏm of {card}"
    return f"{kind} {card}"
