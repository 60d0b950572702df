"""What Phỏm tells a screen: moves typed at the prompt (melds and lay-offs included),
lines about the table, and words for its events."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from vncards.core import Cards, Event, NotationError, View, Words, split_card_list
from vncards.phom._actions import (
    Discard,
    Draw,
    LaidOff,
    LayOff,
    Meld,
    Melded,
    PhomAction,
    PhomWon,
    Take,
    TookCard,
)
from vncards.phom._cards import card_names, parse_phom_card

__all__ = ["TypedMoves", "move_words", "parse_move"]


# "on" between the cards laid off and the phỏm's card ("vào" in Vietnamese)
_ONTO = re.compile(r"\s+(?:on|vào|vao)\s+", re.IGNORECASE)


def _onto(part: str) -> tuple[str, str, str]:
    """One lay-off split at its "on": the cards, the word, the phỏm's card.

    >>> _onto("10C vào 7C"), _onto("10C")
    (('10C', ' vào ', '7C'), ('10C', '', ''))
    """
    m = _ONTO.search(part)
    if m is None:
        return part, "", ""
    return part[: m.start()], m.group(), part[m.end() :]


def _cards(text: str) -> tuple[int, ...]:
    tokens = split_card_list(text)
    if not tokens:
        raise NotationError(text, message="no cards given", code="no-cards")
    return tuple(parse_phom_card(t) for t in tokens)


def parse_move(seat: int, text: str) -> PhomAction:
    """The action ``text`` names: ``draw``, ``take``, ``discard CARD`` (or just the
    card), ``meld CARDS | CARDS …`` (``meld`` alone: móm), ``lay CARDS on CARD; …``
    (or in Vietnamese: ``bốc``, ``ăn``, ``đánh``, ``hạ``, ``gửi 10C vào 7C``); a
    :class:`~vncards.core.NotationError` with its ``code`` for what cannot be read.

    >>> parse_move(0, "meld 5S 5H 5D | 7C 8C 9C")
    Meld(seat=0, groups=((4, 30, 43), (19, 20, 21)))
    >>> parse_move(1, "lay 10C on 7C")
    LayOff(seat=1, entries=((19, (22,)),))
    >>> parse_move(0, "9S")
    Discard(seat=0, card=8)
    """
    words = text.strip()
    head, _, rest = words.partition(" ")
    head = head.lower()
    if head in ("draw", "d", "bốc", "boc"):
        return Draw(seat)
    if head in ("take", "t", "ăn", "an"):
        return Take(seat)
    if head in ("meld", "m", "hạ", "ha"):
        groups = [g for g in rest.split("|") if g.strip()]
        return Meld(seat, tuple(tuple(sorted(_cards(g))) for g in groups))
    if head in ("lay", "l", "gửi", "gui"):
        entries = []
        for part in rest.split(";"):
            if not part.strip():
                continue
            cards, sep, onto = _onto(part)
            if not sep:
                raise NotationError(
                    part.strip(),
                    message=f"say which phỏm to lay onto: '{part.strip()} on CARD'",
                    code="lay-onto",
                    fields={"part": part.strip()},
                )
            entries.append((parse_phom_card(onto.strip()), _cards(cards)))
        if not entries:
            raise NotationError(
                text, message="say which cards to lay off: 'lay 10C on 7C'", code="lay-what"
            )
        return LayOff(seat, tuple(entries))
    if head in ("discard", "x", "đánh", "danh"):
        words = rest
    return Discard(seat, _cards(words)[0]) if len(split_card_list(words)) == 1 else _bad(text)


def _bad(text: str) -> PhomAction:
    raise NotationError(
        text.strip(),
        message=f"{text.strip()!r} is not a move: type draw, take, a card, meld … or lay …",
        code="not-a-move",
    )


class TypedMoves:
    """The screen-facing half of the Phỏm plugin (core's ``ReadsMoves`` and
    ``DescribesPlay`` capabilities)."""

    move_help = (
        "Draw (d) or take the last discard (t); then type the card to discard: 9S.",
        "On your last turn, meld first: m 5S 5H 5D | 7C 8C 9C (m alone: móm).",
        "After your meld, lay off onto others' phỏm: l 10C on 7C; 5C on 5S.",
    )

    def parse_move(self, view: View, text: str) -> PhomAction:
        """The action a player typed (see :func:`parse_move`)."""
        return parse_move(view.seat, text)

    def table_words(self, view: View, players: Sequence[str]) -> list[Words]:
        """The discard to take, the phỏm on the table and the stock's size."""
        public = view.public
        lines: list[Words] = []
        if public.get("takeable"):
            lines.append(("Last discard: ", Cards((public["takeable"],))))
        for seat, melds in public.get("melds", {}).items():
            for m in melds:
                lines.append((f"{players[seat]}'s phỏm: ", Cards(m)))
        lines.append((f"Stock: {public.get('stock')} cards",))
        return lines

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for Phỏm's own events.

        >>> TypedMoves().event_words(Melded(0, ()), ["An"])
        ('is móm (melded nothing).',)
        """
        if isinstance(event, TookCard):
            what = "chốt " if event.chot else ""
            return (f"took {what}", Cards((event.card,)), f" from {players[event.victim]}.")
        if isinstance(event, Melded):
            if not event.groups:
                return ("is móm (melded nothing).",)
            out: list[str | Cards] = ["melded"]
            for i, g in enumerate(event.groups):
                out += [" | " if i else " ", Cards(g)]
            return (*out, ".")
        if isinstance(event, LaidOff):
            out = ["laid off"]
            for i, (onto, cards) in enumerate(event.entries):
                out += ["; " if i else " ", Cards(cards), " on ", Cards((onto,))]
            return (*out, ".")
        if isinstance(event, PhomWon) and event.points is not None:
            shown = ", ".join(f"{players[s]} {event.points[s]}" for s in event.ranking)
            return (f"wins; points: {shown}.",)
        return None

    def hint(self, view: View) -> list[tuple[Words, Any]]:
        """The greedy bot's choice first, then the rest of the legal actions."""
        from vncards.phom._bots import greedy_order

        own = getattr(view, "own", 0)
        taken = getattr(view, "taken", (0,) * len(view.counts))[view.seat]
        ranked = greedy_order(own, taken, view.legal)
        return [(move_words(a), a) for a in ranked[:5]]


def move_words(action: PhomAction) -> Words:
    """An action in words, its cards as cards.

    >>> move_words(Meld(0, ((0, 1, 2),)))
    ('meld', ' ', ('AS', '2S', '3S'))
    >>> move_words(Draw(1)), move_words(Discard(0, 8))
    (('draw',), ('discard ', ('9S',)))
    """
    if isinstance(action, Draw):
        return ("draw",)
    if isinstance(action, Take):
        return ("take",)
    if isinstance(action, Discard):
        return ("discard ", Cards(card_names([action.card])))
    if isinstance(action, Meld):
        if not action.groups:
            return ("meld nothing (móm)",)
        out: list[str | Cards] = ["meld"]
        for g in action.groups:
            out += [" ", Cards(card_names(g))]
        return tuple(out)
    out = ["lay"]
    for onto, cards in action.entries:
        out += [" ", Cards(card_names(cards)), " on ", Cards(card_names([onto]))]
    return tuple(out)
