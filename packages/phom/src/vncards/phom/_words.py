"""What a Phỏm play screen says, in English or in Vietnamese (see
:class:`~vncards.core.TableTalk`): the table as one seat sees it (the stock, every seat's
discards on the table, the taken cards, the phỏm shown, the card that may be taken and
what the seat may do now), the game's events (ăn, bốc, hạ, gửi, ù), the payments and
refusals in words, and the help of the play prompt with the amounts of the rules in play.

Everything here is read from a seat's view and from events: nothing the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vncards.core import (
    MISREADS_VI,
    REFUSALS_VI,
    Cards,
    Discarded,
    Event,
    GameResult,
    Settled,
    View,
    Words,
    error_words,
)
from vncards.phom._actions import LaidOff, Melded, PhomDrew, PhomWon, TookCard
from vncards.phom._rules import PRESETS, PhomRules

__all__ = ["PhomTalk", "SpeaksPhom", "table_talk"]

_EN: Mapping[str, str] = {
    "stock": "Stock (nọc): {n} cards",
    "discards": "Discards on the table (four each):",
    "count": "  ({n} of 4)",
    "no discard": "none yet",
    "taken": "Taken (ăn), shown until the meld: ",
    "from": " from {who}",
    "melds": "Phỏm shown (hạ):",
    "mom": "móm: nothing shown",
    "last": "Last discard: {card}, {who}'s",
    "open": "You open: discard a card (type it: 9S, 9 bích).",
    "take-draw": "Your turn: take {card} (t), or draw (d).",
    "draw": "Your turn: draw (d).",
    "meld": "Your last turn: meld (m CARDS | CARDS …; m alone: móm), then discard.",
    "lay-off": "Lay off onto others' phỏm (l CARDS on CARD), or discard a card.",
    "discard": "Your turn: discard a card.",
    "waits": "Waiting for {who}.",
}
_VI: Mapping[str, str] = {
    "stock": "Nọc còn {n} lá",
    "discards": "Bài đã đánh (mỗi người 4 lá):",
    "count": "  ({n}/4)",
    "no discard": "chưa có",
    "taken": "Bài đã ăn (lật ngửa tới khi hạ): ",
    "from": " của {who}",
    "melds": "Phỏm đã hạ:",
    "mom": "móm: không có phỏm",
    "last": "Lá vừa đánh: {card}, của {who}",
    "open": "Bạn đi đầu: đánh một lá (gõ lá đó: 9S, 9 bích).",
    "take-draw": "Tới lượt bạn: ăn {card} (t), hoặc bốc (d).",
    "draw": "Tới lượt bạn: bốc (d).",
    "meld": "Lượt cuối của bạn: hạ phỏm (m BÀI | BÀI …; m một mình: móm), rồi đánh.",
    "lay-off": "Gửi bài vào phỏm người khác (l BÀI vào LÁ), hoặc đánh một lá.",
    "discard": "Tới lượt bạn: đánh một lá.",
    "waits": "Đang chờ {who}.",
}

# what each seat does, in each language: the third person, then the form "You" takes
_DOES: Mapping[bool, Mapping[str, tuple[str, str]]] = {
    False: {
        "discard": ("discards ", "discard "),
        "draw": ("draws", "draw"),
        "take": ("takes the last discard", "take the last discard"),
        "took": ("takes ", "take "),
        "meld": ("melds ", "meld "),
        "mom": ("melds nothing (móm)", "meld nothing (móm)"),
        "lay": ("lays off ", "lay off "),
        "on": (" on ", " on "),
        "pay": ("pays", "pay"),
    },
    True: {
        "discard": ("đánh ", "đánh "),
        "draw": ("bốc", "bốc"),
        "take": ("ăn lá vừa đánh", "ăn lá vừa đánh"),
        "took": ("ăn ", "ăn "),
        "meld": ("hạ ", "hạ "),
        "mom": ("móm (không hạ phỏm nào)", "móm (không hạ phỏm nào)"),
        "lay": ("gửi ", "gửi "),
        "on": (" vào phỏm có ", " vào phỏm có "),
        "pay": ("trả", "trả"),
    },
}

_EVENTS: Mapping[bool, Mapping[str, str]] = {
    False: {
        "drew a card": "{who} {draws} a card",
        "chot": " (a chốt)",
        "points": "Points left in hand, best first: {list}.",
        "paid": "  {payer} {pays} {payee} {n} lá ({why})",
    },
    True: {
        "drew a card": "{who} bốc một lá",
        "chot": " (ăn chốt)",
        "points": "Điểm còn trên tay, từ nhất: {list}.",
        "paid": "  {payer} trả {payee} {n} lá ({why})",
    },
}

_REASONS: Mapping[bool, Mapping[str, str]] = {
    False: {
        "an-ga": "ăn gà: a discard taken",
        "an-chot": "ăn chốt: a chốt taken",
        "rank": "for the place (nhì, ba, bét)",
        "mom": "móm: no phỏm shown",
        "u": "ù",
        "den": "đền: paid for every loser at the ù",
    },
    True: {
        "an-ga": "ăn gà",
        "an-chot": "ăn chốt",
        "rank": "tiền nhì, ba, bét",
        "mom": "móm",
        "u": "ù",
        "den": "đền cả làng",
    },
}

_HANDS: Mapping[bool, Mapping[str, str]] = {
    False: {
        "u": "ù: ten cards in phỏm but at most one",
        "u-tron": "ù tròn: all ten cards in phỏm",
        "u-khan": "ù khan: a dealt hand with no cạ",
    },
    True: {"u": "ù", "u-tron": "ù tròn", "u-khan": "ù khan"},
}

_OUTCOMES: Mapping[bool, Mapping[str, str]] = {
    False: {
        "win": "{who} {wins}: first place (nhất), with the fewest points.",
        "instant-win": "{who} {wins} at once with {hand}.",
    },
    True: {"win": "{who} về nhất (ít điểm nhất).", "instant-win": "{who} thắng ngay: {hand}."},
}

_REFUSALS: Mapping[bool, Mapping[str, str]] = {
    False: {
        "game-over": "The game is over.",
        "not-your-turn": "It is not your turn.",
        "must-discard": "You open the game: discard a card, without drawing.",
        "already-drew": "You have drawn or taken a card this turn already.",
        "must-draw": "Draw (d) or take the last discard (t) first.",
        "already-melded": "You have melded already: from now on you only draw.",
        "own-card": "You cannot take your own discard.",
        "no-phom": "That card makes no phỏm with your cards: you cannot take it.",
        "two-taken": "Taking it would put two taken cards in one phỏm.",
        "not-meld-turn": "You meld on your last turn only (three of your discards down).",
        "must-meld": "This is your last turn: meld first (m …, or m alone: móm).",
        "no-lay-off": "Only a player who has shown a phỏm lays off, after its meld.",
        "no-such-phom": "No other player's phỏm holds that card.",
        "card-not-in-hand": "That card is not in your hand.",
        "not-a-phom": "Those cards do not make a phỏm (a set of one rank, a run of one suit).",
        "taken-cards": "Every card you took must be shown, each in a phỏm of its own.",
        "no-discard-left": "Keep a card in hand for your discard.",
        "taken-card": "A taken card stays in your hand until your meld.",
        "breaks-phom": "After that discard a taken card could lie in no phỏm.",
        "no-stock": "The stock is empty.",
    },
    True: {
        **REFUSALS_VI,
        "must-discard": "Bạn đi đầu: đánh một lá, không bốc.",
        "already-drew": "Lượt này bạn đã bốc hoặc ăn rồi.",
        "must-draw": "Bốc (d) hoặc ăn lá vừa đánh (t) trước đã.",
        "already-melded": "Bạn đã hạ rồi: từ giờ chỉ được bốc.",
        "own-card": "Không được ăn lá của chính mình.",
        "no-phom": "Lá đó không thành phỏm với bài của bạn: không ăn được.",
        "two-taken": "Ăn lá đó thì một phỏm có hai lá ăn.",
        "not-meld-turn": "Chỉ hạ ở lượt cuối (khi đã có ba lá đánh trên bàn).",
        "must-meld": "Đây là lượt cuối: hạ phỏm trước (m …, hoặc m một mình: móm).",
        "no-lay-off": "Chỉ người đã hạ được phỏm mới được gửi, sau khi hạ.",
        "no-such-phom": "Không có phỏm nào của người khác chứa lá đó.",
        "card-not-in-hand": "Bạn không có lá đó.",
        "not-a-phom": "Các lá đó không thành phỏm (cùng số, hoặc cùng chất liền nhau).",
        "taken-cards": "Mọi lá đã ăn phải được hạ, mỗi lá trong một phỏm riêng.",
        "no-discard-left": "Phải giữ lại một lá để đánh.",
        "taken-card": "Lá đã ăn phải giữ trên tay tới khi hạ.",
        "breaks-phom": "Đánh lá đó thì một lá đã ăn không còn nằm trong phỏm nào.",
        "no-stock": "Nọc đã hết.",
    },
}


# why a typed move was not read, in Vietnamese (in English the reader's message)
_MISREADS_VI: Mapping[str, str] = {
    **MISREADS_VI,
    "no-cards": "chưa gõ lá nào",
    "lay-onto": "hãy nói gửi vào phỏm nào: '{part} vào LÁ'",
    "lay-what": "hãy nói gửi những lá nào: 'l 10C vào 7C'",
    "not-a-move": (
        "{token} không phải nước đi: gõ d (bốc), t (ăn), một lá để đánh, m … (hạ) hoặc l … (gửi)"
    ),
}


def _den(rules: PhomRules, vietnamese: bool) -> tuple[str, ...]:
    """Who pays for all at an ù, under ``rules``."""
    if rules.den == "off":
        return ()
    if vietnamese:
        if rules.den == "u-take":
            return ("Ù bằng lá ăn: người đánh lá đó đền cho cả làng.",)
        return ("Người bị người ù ăn ba lá thì đền cho cả làng.",)
    if rules.den == "u-take":
        return ("An ù made with a taken card: its discarder pays for every loser (đền).",)
    return ("A player the ù player took three cards from pays for every loser (đền).",)


def _help(rules: PhomRules, vietnamese: bool) -> tuple[str, ...]:
    """The moves, then what the game pays, with the amounts of ``rules``."""
    ranks = ", ".join(str(p) for p in rules.rank_payments)
    tron = f" (ù tròn × {rules.u_tron_multiplier})" if rules.u_tron_multiplier > 1 else ""
    if vietnamese:
        points = "A 1 … 10, J 11, Q 12, K 13" if rules.card_points == "face" else "10 J Q K: 10"
        lines = [
            "Mỗi lượt: ăn lá vừa đánh (t) nếu nó thành phỏm với bài, hoặc bốc (d);",
            "rồi đánh một lá: gõ lá đó (9S, 9 bích, hoặc x 9S).",
            "Lượt cuối (đã có ba lá đánh trên bàn): hạ phỏm trước khi đánh:",
            "  m 5S 5H 5D | 7C 8C 9C     (m một mình: móm)",
        ]
        if rules.lay_off:
            lines.append("rồi có thể gửi vào phỏm người khác: l 10C vào 7C; 5C vào 5S")
        return (
            *lines,
            f"Ăn gà: người bị ăn trả {rules.take_payment} lá; ăn chốt: {rules.chot_payment} lá.",
            f"Ù (mười lá thành phỏm, lẻ nhiều nhất một lá): mỗi người trả {rules.u_payment}{tron}.",
            *_den(rules, vietnamese),
            f"Hết ván, ít điểm nhất thì nhất ({points});",
            f"nhì, ba, bét trả {ranks}; người móm trả {rules.mom_payment}.",
        )
    points = "A 1 … 10, J 11, Q 12, K 13" if rules.card_points == "face" else "10 J Q K 10 each"
    lines = [
        "Each turn: take the last discard (t) if it makes a phỏm with your cards, or",
        "draw (d); then discard a card: type it (9S, 9 bích, or x 9S).",
        "On your last turn (three of your discards down) meld before discarding:",
        "  m 5S 5H 5D | 7C 8C 9C     (m alone: móm, nothing shown)",
    ]
    if rules.lay_off:
        lines.append("then you may lay off (gửi) onto others' phỏm: l 10C on 7C; 5C on 5S")
    return (
        *lines,
        f"A take is paid at once by the discarder: {rules.take_payment} (ăn gà),"
        f" {rules.chot_payment} for a chốt.",
        "Ù (ten cards in phỏm but at most one) wins at once:",
        f"each loser pays {rules.u_payment}{tron}.",
        *_den(rules, vietnamese),
        f"At the end the fewest points win ({points});",
        f"second, third and fourth pay {ranks}, and a móm player pays {rules.mom_payment}.",
    )


def _cards(tokens: Sequence[str]) -> Cards:
    return Cards(tuple(tokens))


@dataclass(frozen=True)
class PhomTalk:
    """Phỏm's words in one language, the help with the amounts of ``rules``.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 2, seed=1)
    >>> talk = table_talk()
    >>> [_plain(w) for w in talk.table(plugin.view(st, st.first), ["You", "An"])]
    ['Stock (nọc): 33 cards', 'You open: discard a card (type it: 9S, 9 bích).']
    >>> _plain(talk.action({"meld": [["5S", "5H", "5D"]]}, you=True))
    'meld 5S 5H 5D'
    >>> table_talk(True).reason("mom"), table_talk(True).refusal("own-card", "")
    ('móm', 'Không được ăn lá của chính mình.')
    """

    vietnamese: bool = False
    rules: PhomRules = PRESETS["standard"]

    @property
    def _say(self) -> Mapping[str, str]:
        return _VI if self.vietnamese else _EN

    def _does(self, key: str, you: bool) -> str:
        return _DOES[self.vietnamese][key][1 if you else 0]

    def table(self, view: View, players: Sequence[str]) -> list[Words]:
        """The stock, the discards on the table, the taken cards, the phỏm shown, the
        card that may be taken and what the seat may do."""
        pub: Mapping[str, Any] = view.public
        lines: list[Words] = [(self._say["stock"].format(n=pub["stock"]),)]
        lines += self._discards(pub, players)
        lines += self._taken(pub, players)
        lines += self._melds(pub, players)
        last = next((d for d in reversed(pub["discards"]) if d["card"] == pub["takeable"]), None)
        if last is not None and last["taken_by"] is None and pub.get("phase") != "over":
            before, after = self._say["last"].split("{card}")
            who = players[last["player"]]
            lines.append((before, _cards((last["card"],)), after.format(who=who)))
        lines += self._now(view, players)
        return lines

    def _discards(self, pub: Mapping[str, Any], players: Sequence[str]) -> list[Words]:
        down: dict[int, list[str]] = {}
        for d in pub["discards"]:
            if d["taken_by"] is None:
                down.setdefault(d["player"], []).append(d["card"])
        if not down:
            return []
        width = max(len(name) for name in players)
        lines: list[Words] = [(self._say["discards"],)]
        for seat in range(len(players)):
            cards = down.get(seat, [])
            head = f"  {players[seat]:<{width}}  "
            if not cards:
                lines.append((head + self._say["no discard"],))
                continue
            count = self._say["count"].format(n=pub["table_discards"][seat])
            lines.append((head, _cards(cards), count))
        return lines

    def _taken(self, pub: Mapping[str, Any], players: Sequence[str]) -> list[Words]:
        line: list[str | Cards] = []
        for d in pub["discards"]:
            taker = d["taken_by"]
            if taker is None or d["card"] not in pub["taken"].get(taker, ()):
                continue  # not taken, or melded already (it is shown in its phỏm)
            line += [", " if line else "", f"{players[taker]} ", _cards((d["card"],))]
            line.append(self._say["from"].format(who=players[d["player"]]))
        return [(self._say["taken"], *line)] if line else []

    def _melds(self, pub: Mapping[str, Any], players: Sequence[str]) -> list[Words]:
        order = list(pub["meld_order"])
        if not order:
            return []
        width = max(len(players[s]) for s in order)
        lines: list[Words] = [(self._say["melds"],)]
        for seat in order:
            line: list[str | Cards] = [f"  {players[seat]:<{width}}  "]
            melds = pub["melds"].get(seat, [])
            if not melds:
                line.append(self._say["mom"])
            for i, meld in enumerate(melds):
                line += [" · " if i else "", _cards(meld)]
            lines.append(tuple(line))
        return lines

    def _now(self, view: View, players: Sequence[str]) -> list[Words]:
        """What the seat may do now, or whom the table waits for."""
        say = self._say
        if view.to_act is None:
            return []
        if view.to_act != view.seat or not view.legal:
            return [(say["waits"].format(who=players[view.to_act]),)]
        kinds = {type(a).__name__ for a in view.legal}
        if "Take" in kinds:
            before, after = say["take-draw"].split("{card}")
            return [(before, _cards((view.public["takeable"],)), after)]
        if "Draw" in kinds:
            return [(say["draw"],)]
        if "Meld" in kinds:
            return [(say["meld"],)]
        if "LayOff" in kinds:
            return [(say["lay-off"],)]
        return [(say["open" if view.public.get("phase") == "open" else "discard"],)]

    def event(self, event: Event, players: Sequence[str], you: int | None) -> Words | None:
        """A line for each Phỏm event (``None`` for the final payments, shown whole).

        >>> _plain(table_talk().event(TookCard(0, "9S", (), victim=1), ["You", "An"], 0))
        'You take 9S from An'
        >>> _plain(table_talk(True).event(Melded(1, ()), ["Bạn", "An"], 0))
        'An móm (không hạ phỏm nào)'
        """
        if isinstance(event, Settled):
            return self._paid(event, players, you)
        if event.seat is None:
            return None
        mine, who = event.seat == you, players[event.seat]
        if isinstance(event, PhomDrew) and event.card is None:
            draws = self._does("draw", mine)
            return (_EVENTS[self.vietnamese]["drew a card"].format(who=who, draws=draws),)
        if isinstance(event, PhomDrew):
            return (f"{who} {self._does('draw', mine)} ", _cards((event.card or "?",)))
        if isinstance(event, Discarded):
            return (f"{who} {self._does('discard', mine)}", _cards((event.card,)))
        if isinstance(event, TookCard):
            out: tuple[str | Cards, ...] = (f"{who} {self._does('took', mine)}",)
            out += (_cards((event.card,)), self._say["from"].format(who=players[event.victim]))
            return out + ((_EVENTS[self.vietnamese]["chot"],) if event.chot else ())
        if isinstance(event, Melded | LaidOff):
            return (f"{who} ", *self._shown(event, mine))
        if isinstance(event, PhomWon) and event.points is not None:
            shown = ", ".join(f"{players[s]} {event.points[s]}" for s in event.ranking)
            return (_EVENTS[self.vietnamese]["points"].format(list=shown),)
        return None

    def _shown(self, event: Melded | LaidOff, mine: bool) -> Words:
        if isinstance(event, Melded):
            return self.action({"meld": [list(g) for g in event.groups]}, you=mine)
        entries = [{"onto": onto, "cards": list(cards)} for onto, cards in event.entries]
        return self.action({"lay_off": entries}, you=mine)

    def _paid(self, event: Settled, players: Sequence[str], you: int | None) -> Words | None:
        """An ăn gà (paid at the take), in words; the final payments are shown whole."""
        if event.seat is None or not event.transfers:
            return None
        t = event.transfers[0]
        return (
            _EVENTS[self.vietnamese]["paid"].format(
                payer=players[t.payer],
                pays=self._does("pay", t.payer == you),
                payee=players[t.payee],
                n=t.amount,
                why=self.reason(t.reason),
            ),
        )

    def action(self, data: Mapping[str, Any], you: bool = False) -> Words:
        """A record action (without ``player``) as a phrase without its subject.

        >>> _plain(table_talk().action({"lay_off": [{"onto": "7C", "cards": ["10C"]}]}))
        'lays off 10C on 7C'
        >>> _plain(table_talk(True).action({"discard": "9S"}))
        'đánh 9S'
        """
        if "discard" in data:
            return (self._does("discard", you), _cards((data["discard"],)))
        if "draw" in data or "take" in data:
            return (self._does("draw" if "draw" in data else "take", you),)
        if "meld" in data:
            if not data["meld"]:
                return (self._does("mom", you),)
            out: list[str | Cards] = [self._does("meld", you)]
            for i, group in enumerate(data["meld"]):
                out += [" | " if i else "", _cards(group)]
            return tuple(out)
        out = [self._does("lay", you)]
        for i, entry in enumerate(data.get("lay_off", ())):
            out += ["; " if i else "", _cards(entry["cards"]), self._does("on", you)]
            out.append(_cards((entry["onto"],)))
        return tuple(out)

    def between(self, before: View, after: View, players: Sequence[str]) -> list[Words]:
        """Nothing: Phỏm has no rounds that end unsaid (every change is an event)."""
        return []

    def reason(self, code: str) -> str:
        """A transfer reason in words (the code itself for one this game lacks)."""
        return _REASONS[self.vietnamese].get(code, code)

    def warning(self, message: str) -> str:
        """Phỏm warns of no legal move: its penalties are said when they are paid."""
        return message

    def refusal(self, code: str, message: str) -> str:
        """Why an action is refused, said to the player (the engine's ``message`` for a
        code with no words here)."""
        return _REFUSALS[self.vietnamese].get(code, message)

    def misread(self, error: Exception) -> str:
        """Why a typed move was not read (:class:`~vncards.core.SaysMisreads`).

        >>> from vncards.phom import parse_move
        >>> try:
        ...     parse_move(0, "gửi 10C")
        ... except ValueError as e:
        ...     print(table_talk(True).misread(e))
        hãy nói gửi vào phỏm nào: '10C vào LÁ'
        """
        return error_words(error, _MISREADS_VI) if self.vietnamese else str(error)

    def outcome(self, result: GameResult, players: Sequence[str], you: int | None) -> str:
        """How the game ended.

        >>> res = GameResult(True, "instant-win", 1, "u-tron", (-5, 5))
        >>> table_talk().outcome(res, ["You", "An"], 0)
        'An wins at once with ù tròn: all ten cards in phỏm.'
        """
        texts = _OUTCOMES[self.vietnamese]
        text = texts.get(result.outcome or "win", texts["win"])
        who = "—" if result.winner is None else players[result.winner]
        hand = _HANDS[self.vietnamese].get(result.instant_win or "", result.instant_win or "")
        wins = "win" if result.winner == you and not self.vietnamese else "wins"
        return text.format(who=who, wins=wins, hand=hand)

    def help(self) -> Sequence[str]:
        """The moves, ù and đền, and what the end of the game pays."""
        return _help(self.rules, self.vietnamese)


def table_talk(vietnamese: bool = False, rules: PhomRules | None = None) -> PhomTalk:
    """Phỏm's screen words, in Vietnamese with ``vietnamese``, for ``rules`` (the
    default preset's when ``None``).

    >>> "each loser pays 6 (ù tròn × 2)" in " ".join(table_talk(rules=PRESETS["flat"]).help())
    True
    """
    return PhomTalk(vietnamese, rules or PRESETS["standard"])


class SpeaksPhom:
    """The part of the Phỏm plugin that gives a play screen its words
    (:class:`~vncards.core.SpeaksAtTable`)."""

    def table_talk(self, vietnamese: bool = False, rules: Any = None) -> PhomTalk:
        """What a play screen says about Phỏm.

        >>> SpeaksPhom().table_talk(vietnamese=True).reason("den")
        'đền cả làng'
        """
        return table_talk(vietnamese, rules)


def _plain(words: Words | None) -> str:
    """Words as plain text, cards as their codes (for the examples)."""
    return "".join(" ".join(p) if isinstance(p, Cards) else p for p in words or ())
