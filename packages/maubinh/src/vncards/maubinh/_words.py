"""What a Mậu Binh play screen says, in English or in Vietnamese: the payments in words,
how a game ends and the help of the play prompt (how an arrangement is typed and what
each chi pays). In English the table and the reveal of each hand are the plugin's own
(``table_words`` and ``event_words``); in Vietnamese they are written here, hands and
instant hands by their Vietnamese names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vncards.core import (
    MISREADS_VI,
    REFUSALS_VI,
    Cards,
    Event,
    GameResult,
    View,
    Words,
    error_words,
)
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
_REFUSALS_VI = {
    **REFUSALS_VI,
    "not-your-cards": "Chi đó có lá không phải của bạn.",
    "instant-win-hand": "Bạn có mậu binh trắng: không cần xếp bài.",
    "already-arranged": "Bạn đã xếp bài rồi.",
    "bad-arrangement": (
        "Cách xếp không hợp lệ: chi1 và chi2 mỗi chi 5 lá, chi3 3 lá, mỗi lá một lần."
    ),
}

# the chi the plugin's binh lủng warning names (MauBinhScreen.action_warning)
_FOULED = re.compile(r"chi(\d) \(([\w-]+)\) is weaker than chi(\d) \(([\w-]+)\)")

# why a typed arrangement was not read, in Vietnamese (in English the reader's message)
_MISREADS_VI = {
    **MISREADS_VI,
    "chi-count": "gõ ba chi cách nhau bởi /, không phải {n} (chi1 / chi2 / chi3)",
    "chi-labels": "ghi nhãn cho cả ba chi (chi1: … / chi2: … / chi3: …) hoặc không chi nào",
    "chi-twice": "{chi} được gõ hai lần",
    "chi-position": "{chi}: bài của bạn có vị trí 1 tới {n}; không có vị trí {bad}",
    "chi-card": "{chi}: không có lá {token}",
}

# how an arrangement is typed, in Vietnamese (the plugin's ``move_help`` in English)
_MOVE_HELP_VI = (
    "Gõ ba chi cách nhau bởi /, chi cuối (chi1, 5 lá) trước, rồi chi giữa (chi2, 5 lá)"
    " và chi đầu (chi3, 3 lá):",
    "  chi1: AS AH AD 5C 5D / chi2: 9S 9H 7S 8C 2C / chi3: JD QH KS",
    "Hoặc không ghi nhãn (AS AH AD 5C 5D / 9S 9H 7S 8C 2C / JD QH KS); chi có nhãn thì"
    " gõ theo thứ tự nào cũng được, và một chi có thể là vị trí trong tay (1 2 3 4 5).",
    "Mỗi chi phải mạnh ít nhất bằng chi sau nó (nếu không là binh lủng).",
)
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

    def _move_help(self) -> tuple[str, ...]:
        return _MOVE_HELP_VI if self.vietnamese else tuple(self.plugin.move_help)

    def table(self, view: View, players: Sequence[str]) -> list[Words]:
        """The instant hands shown and who is still to arrange (the plugin's lines in
        English), then, for a seat still to arrange, how an arrangement is typed."""
        if self.vietnamese:
            lines = self._table_vi(view, players)
        else:
            lines = list(self.plugin.table_words(view, players))
        if view.to_act == view.seat:
            lines.append((self._move_help()[0],))
        return lines

    def _table_vi(self, view: View, players: Sequence[str]) -> list[Words]:
        instant: Sequence[str | None] = getattr(view, "instant", ())
        arranged: Sequence[bool] = getattr(view, "arranged", ())
        shown = view.public.get("shown", [])
        lines: list[Words] = [
            (f"{players[s]} báo {INSTANT_NAMES.get(code, code)}: ", Cards(shown[s]))
            for s, code in enumerate(instant)
            if code is not None
        ]
        waiting = [
            players[s] for s in range(len(arranged)) if instant[s] is None and not arranged[s]
        ]
        if waiting and view.to_act is not None:
            lines.append((f"Còn chờ xếp bài: {', '.join(waiting)}.",))
        return lines

    def event(self, event: Event, players: Sequence[str], you: int | None) -> Words | None:
        """In Vietnamese an instant hand shown, an arrangement, a reveal; in English
        ``None`` (the plugin's ``event_words`` say them).

        >>> from vncards.maubinh import plugin
        >>> plugin.table_talk(vietnamese=True).event(Arranged(1), ["Bạn", "An"], 0)
        ('An đã xếp bài.',)
        """
        if not self.vietnamese or event.seat is None:
            return None
        who = players[event.seat]
        if isinstance(event, InstantDeclared):
            return (f"{who} báo {INSTANT_NAMES.get(event.what, event.what)}: ", Cards(event.cards))
        if isinstance(event, Arranged):
            if not event.chi1:
                return (f"{who} đã xếp bài.",)
            chis = (Cards(event.chi1), " / ", Cards(event.chi2), " / ", Cards(event.chi3))
            return (f"{who} xếp ", *chis, ".")
        if isinstance(event, Revealed):
            out: list[str | Cards] = [f"{who} lật bài: "]
            for i, cards in enumerate((event.chi1, event.chi2, event.chi3)):
                hand = event.hands[i] if i < len(event.hands) else ""
                out += [" / " if i else "", Cards(cards), f" ({HAND_NAMES.get(hand, hand)})"]
            return (*out, " — binh lủng." if event.fouled else ".")
        return None

    def between(self, before: View, after: View, players: Sequence[str]) -> list[Words]:
        """Nothing: Mậu Binh has no rounds."""
        return []

    def action(self, data: Mapping[str, Any], you: bool = False) -> Words:
        """An arrangement (a record action) as a phrase, back chi first.

        >>> from vncards.maubinh import plugin
        >>> talk = plugin.table_talk()
        >>> talk.action({"arrange": {"chi1": ["AS"], "chi2": ["KS"], "chi3": ["QS"]}})
        ('arranges ', ('AS',), ' / ', ('KS',), ' / ', ('QS',))
        """
        chis = data.get("arrange")
        if not isinstance(chis, Mapping):  # an action of the game's own: its record form
            return (" ".join(f"{k} {v}" for k, v in data.items()),)
        verb = "xếp " if self.vietnamese else "arrange " if you else "arranges "
        out: list[str | Cards] = [verb]
        for i, key in enumerate(("chi1", "chi2", "chi3")):
            out += [" / " if i else "", Cards(tuple(chis.get(key, ())))]
        return tuple(p for p in out if p != "")

    def reason(self, code: str) -> str:
        """A transfer reason in words."""
        return _REASONS[self.vietnamese].get(code, code)

    def warning(self, message: str) -> str:
        """Binh lủng: in English the plugin's sentence; in Vietnamese the same, the
        weaker chi and its hand named as the plugin names them.

        >>> from vncards.maubinh import plugin
        >>> english = "is binh lủng: chi1 (pair) is weaker than chi2 (two-pair), so …"
        >>> plugin.table_talk(vietnamese=True).warning(english)
        'là binh lủng: chi1 (đôi) yếu hơn chi2 (thú), nên thua cả ba chi.'
        """
        if not self.vietnamese:
            return message
        named = _FOULED.search(message)
        if named is None:
            return "là binh lủng: chi trước yếu hơn chi sau, nên thua cả ba chi."
        a, hand_a, b, hand_b = named.groups()
        weaker = f"chi{a} ({HAND_NAMES.get(hand_a, hand_a)})"
        stronger = f"chi{b} ({HAND_NAMES.get(hand_b, hand_b)})"
        return f"là binh lủng: {weaker} yếu hơn {stronger}, nên thua cả ba chi."

    def refusal(self, code: str, message: str) -> str:
        """In English the engine's own sentence; in Vietnamese the rule's."""
        return _REFUSALS_VI.get(code, message) if self.vietnamese else message

    def misread(self, error: Exception) -> str:
        """Why a typed arrangement was not read (:class:`~vncards.core.SaysMisreads`).

        >>> from vncards.maubinh import MauBinhRules, plugin
        >>> view = plugin.view(plugin.new_game(MauBinhRules(), 2, seed=1), 0)
        >>> try:
        ...     plugin.parse_move(view, "AS AH / 2C")
        ... except ValueError as e:
        ...     print(plugin.table_talk(vietnamese=True).misread(e))
        gõ ba chi cách nhau bởi /, không phải 2 (chi1 / chi2 / chi3)
        """
        return error_words(error, _MISREADS_VI) if self.vietnamese else str(error)

    def hint(self, view: View) -> list[tuple[Words, Any]]:
        """The solver's arrangement with its reason, in this language
        (:class:`~vncards.core.HintsInWords`)."""
        suggested: list[tuple[Words, Any]] = self.plugin.hint(view, vietnamese=self.vietnamese)
        return suggested

    def outcome(self, result: GameResult, players: Sequence[str], you: int | None) -> str:
        """How the game ended."""
        texts = _OUTCOMES[self.vietnamese]
        text = texts.get(result.outcome or "showdown", texts["showdown"])
        who = "—" if result.winner is None else players[result.winner]
        return text.format(who=who, wins="win" if result.winner == you else "wins")

    def help(self) -> Sequence[str]:
        """How an arrangement is typed, then what it pays."""
        return (*self._move_help(), *_PAYS[self.vietnamese])


def table_talk(plugin: Any, vietnamese: bool = False) -> MauBinhTalk:
    """The screen words of ``plugin`` (Mậu Binh).

    >>> from vncards.maubinh import plugin
    >>> table_talk(plugin, vietnamese=True).reason("binh-lung")
    'binh lủng'
    """
    return MauBinhTalk(plugin, vietnamese)
