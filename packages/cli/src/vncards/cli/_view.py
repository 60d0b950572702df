"""What the table can see, followed from the deal and the action records alone.

A game's state is its own business; what every player sees — each hand (for the
seat's own eyes), the groups laid down, the active card and how much of the stock is
drawn — can be rebuilt from ``record_deal`` and ``action_to_record``, which every
plugin offers. The play and referee commands use it to show more than the protocol's
actions say ("takes Y-tượng with Y-tượng", not "takes the active card").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["TableView"]

_TUSAC_ORDER = {c: i for i, c in enumerate("RYGW")}
_TUSAC_PIECES = {p: i for i, p in enumerate("KAERCHP")}


def _sort_key(deck: str, token: str) -> tuple[int, ...]:
    if deck == "tusac" and len(token) == 2:
        return (_TUSAC_ORDER.get(token[0], 9), _TUSAC_PIECES.get(token[1], 9))
    return (0,)


@dataclass
class TableView:
    """What the table has seen: each seat's cards, the groups laid down, the active card
    (Tứ Sắc) and the stock drawn.

    >>> view = TableView.from_deal("tusac", {"hands": [["RK", "YE"], ["GP"]], "stock": ["YE"]})
    >>> view.update(1, "Bình", {"draw": True})
    >>> view.active, view.active_note
    ('YE', 'drawn by Bình')
    >>> view.update(0, "An", {"take": ["YE"]})
    >>> view.hands[0], view.exposed[0], view.active
    (['RK'], [['YE', 'YE']], None)
    """

    deck: str
    dealt: list[list[str]]
    hands: list[list[str]]
    exposed: list[list[list[str]]]
    stock: list[str]
    drawn: int = 0
    active: str | None = None
    active_note: str = ""

    @classmethod
    def from_deal(cls, deck: str, deal: dict[str, Any]) -> TableView:
        """The view at the deal, from a plugin's ``record_deal``."""
        hands = [sorted(h, key=lambda c: _sort_key(deck, c)) for h in deal["hands"]]
        exposed: list[list[list[str]]] = [[] for _ in hands]
        if deck == "tusac":
            # Four identical cards (Quàn) are laid down as soon as they are dealt.
            for seat, hand in enumerate(hands):
                for token in sorted(set(hand)):
                    if hand.count(token) == 4:
                        exposed[seat].append([token] * 4)
                        hands[seat] = [c for c in hands[seat] if c != token]
        dealt = [sorted(h, key=lambda c: _sort_key(deck, c)) for h in deal["hands"]]
        return cls(deck, dealt, hands, exposed, list(deal.get("stock") or []))

    def update(self, seat: int, name: str, record: dict[str, Any]) -> None:
        """Follow one action of ``seat`` (called ``name``), in record form."""
        hand = self.hands[seat]
        if "play" in record:
            for c in record["play"]:
                if c in hand:
                    hand.remove(c)
        elif "discard" in record:
            if record["discard"] in hand:
                hand.remove(record["discard"])
            self.active, self.active_note = record["discard"], f"discarded by {name}"
        elif "draw" in record:
            if self.drawn < len(self.stock):
                self.active = self.stock[self.drawn]
            self.drawn += 1
            self.active_note = f"drawn by {name}"
        elif "take" in record:
            group = list(record["take"])
            for c in group:
                if c in hand:
                    hand.remove(c)
            if self.active is not None:
                group.append(self.active)
            self.exposed[seat].append(group)
            self.active, self.active_note = None, ""
        elif "pass" in record and self.active is not None:
            self.active_note = f"passed on by {name}"
