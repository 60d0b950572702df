"""What a Mậu Binh play screen says, in English or in Vietnamese: the payments in words,
how a game ends and the help of the play prompt (how an arrangement is typed and what
each chi pays). In English the table and the reveal of each hand are the plugin's own
(``table_words`` and ``event_words``); in Vietnamese they are written here, hands and
instant hands by their Vietnamese names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vncards.core import Cards, Event, GameResult, View, Words
from vncards.maubinh._engine import Arranged, InstantDeclared, Revealed

__all__ = ["MauBinhTalk", "table_talk"]

_REASONS = {
    False: {
        "chi": "a chi won",
        "sap-ham": "sập hầm: all three chi won",
        "binh-lung": "binh lủng: a fouled hand",
        "sap-lang": "sập làng: the whole table swept",
        "instant-win": "mậu binh trắng: an instant hand",
    },
    True: {
        "chi": "thắng chi",
        "sap-ham": "sập hầm",
        "binh-lung": "binh lủng",
        "sap-lang": "sập làng",
        "instant-win": "mậu binh trắng",
    },
}
HAND_NAMES = {
    "straight-flush": "thùng phá sảnh",
    "quads": "tứ quý",
    "full-house": "cù lũ",
    "flush": "thùng",
    "straight": "sảnh",
    "trips": "sám cô",
    "two-pair": "thú",
    "pair": "đôi",
    "high-card": "mậu thầu",
}
"""Each hand code's Vietnamese name, as on the rules page."""

INSTANT_NAMES = {
    "rong-cuon": "rồng cuốn",
    "sanh-rong": "sảnh rồng",
    "dong-mau-13": "13 lá đồng màu",
    "dong-mau-12": "12 lá đồng màu",
    "nam-doi-mot-sam": "5 đôi 1 sám",
    "luc-phe-bon": "lục phé bôn",
    "ba-thung": "3 thùng",
    "ba-sanh": "3 sảnh",
}
"""Each instant hand's (mậu binh trắng) Vietnamese name, as on the rules page."""

_OUTCOMES = {
    False: {
        "showdown": "The hands are compared chi by chi.",
        "instant-win": "{who} {wins} at once with an instant hand (mậu binh trắng).",
        "draw": "Nobody wins anything: the game is even.",
    },
    True: {
        "showdown": "So bài từng chi.",
        "instant-win": "{who} thắng trắng (mậu binh trắng).",
        "draw": "Hòa: không ai được gì.",
    },
}
_PAYS = {
    False: (
        "Each chi meets each opponent's: one lá per chi won (more for strong hands);",
        "winning all three doubles it (sập hầm); a fouled hand (binh lủng) loses all.",
    ),
    True: (
        "Mỗi chi so với từng đối thủ: thắng chi được 1 lá (bài mạnh được thưởng);",
        "thắng cả ba chi thì gấp đôi (sập hầm); binh lủng thua cả ba chi.",
    ),
}


@dataclass(frozen=True)
class MauBinhTalk:
    """Mậu Binh's screen words in one language; ``plugin`` describes its table and its
    reveals, ``move_help`` says how an arrangement is typed.

    >>> from vncards.maubinh import plugin
    >>> plugin.table_talk().reason("sap-ham")
    'sập hầm: all three chi won'
    """

    plugin: Any
    vietnamese: bool

    def table(self, view: View, players: Sequence[str]) -> list[Words]:
        """The instant hands laid face up and who is still to arrange (in English the
        plugin's own lines).

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> plugin.table_talk(vietnamese=True).table(plugin.view(st, 0), ["An", "Bình"])
        [('Còn chờ xếp bài: An, Bình.',)]
        """
        if not self.vietnamese:
            return list(self.plugin.table_words(view, players))
        lines: list[Words] = []
        instant = view.public.get("instant", [])
        shown = view.public.get("shown", [])
        arranged = view.public.get("arranged", [])
        for seat, code in enumerate(instant):
            if code is not None:
                name = INSTANT_NAMES.get(code, code)
                lines.append((f"{players[seat]} có mậu binh trắng ({name}): ", Cards(shown[seat])))
        waiting = [
            players[s] for s in range(len(players)) if instant[s] is None and not arranged[s]
        ]
        if waiting and view.to_act is not None:
            lines.append((f"Còn chờ xếp bài: {', '.join(waiting)}.",))
        return lines

    def event(self, event: Event, players: Sequence[str], you: int | None) -> Words | None:
        """A whole line for an instant hand shown, an arrangement made and a reveal, in
        Vietnamese; ``None`` in English (the plugin's ``event_words`` say them).

        >>> from vncards.maubinh import plugin
        >>> talk = plugin.table_talk(vietnamese=True)
        >>> talk.event(Arranged(1), ["An", "Bình"], 0)
        ('Bình đã xếp bài.',)
        >>> talk.event(Revealed(0, ("2S",), ("3S",), ("4S",), ("pair", "pair", "high-card")),
        ...            ["An", "Bình"], 0)[-1]
        ' (mậu thầu).'
        """
        if not self.vietnamese or event.seat is None:
            return None
        who = "Bạn" if event.seat == you else players[event.seat]
        if isinstance(event, InstantDeclared):
            name = INSTANT_NAMES.get(event.what, event.what)
            return (f"{who} báo mậu binh trắng ({name}): ", Cards(event.cards))
        if isinstance(event, Arranged):
            if not event.chi1:
                return (f"{who} đã xếp bài.",)
            return (
                f"{who} xếp ", Cards(event.chi1), " / ", Cards(event.chi2), " / ",
                Cards(event.chi3), ".",
            )  # fmt: skip
        if isinstance(event, Revealed):
            h1, h2, h3 = (HAND_NAMES.get(h, h) for h in event.hands)
            foul = " — binh lủng" if event.fouled else ""
            return (
                f"{who} lật bài: ", Cards(event.chi1), f" ({h1}) / ", Cards(event.chi2),
                f" ({h2}) / ", Cards(event.chi3), f" ({h3}){foul}.",
            )  # fmt: skip
        return None

    def between(self, before: View, after: View, players: Sequence[str]) -> list[Words]:
        """Nothing: Mậu Binh has no rounds."""
        return []

    def reason(self, code: str) -> str:
        """A transfer reason in words."""
        return _REASONS[self.vietnamese].get(code, code)

    def outcome(self, result: GameResult, players: Sequence[str], you: int | None) -> str:
        """How the game ended."""
        texts = _OUTCOMES[self.vietnamese]
        text = texts.get(result.outcome or "showdown", texts["showdown"])
        who = "—" if result.winner is None else players[result.winner]
        return text.format(who=who, wins="win" if result.winner == you else "wins")

    def help(self) -> Sequence[str]:
        """How an arrangement is typed, then what it pays."""
        return (*self.plugin.move_help, *_PAYS[self.vietnamese])


def table_talk(plugin: Any, vietnamese: bool = False) -> MauBinhTalk:
    """The screen words of ``plugin`` (Mậu Binh).

    >>> from vncards.maubinh import plugin
    >>> table_talk(plugin, vietnamese=True).reason("binh-lung")
    'binh lủng'
    """
    return MauBinhTalk(plugin, vietnamese)
