"""What a Tứ Sắc play screen says, in English or in Vietnamese: the table as one seat
sees it (the melds of every seat as cards, the discard pile, the active card and who put
it there, who may claim it), the game's events, the payments in words and the help of
the play prompt (see :class:`~vncards.core.TableTalk`).

Everything here is read from a seat's view and from events: nothing about the game's
state that the seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vncards.core import (
    REFUSALS_VI,
    Cards,
    Discarded,
    Drew,
    Event,
    GameResult,
    Passed,
    Settled,
    Took,
    View,
    Won,
    Words,
    error_words,
)
from vncards.tusac._engine import OwedDen, Revealed, TookGroup

__all__ = ["ENGLISH", "VIETNAMESE", "TuSacScreen", "TuSacTalk", "table_talk"]

_RECENT_DISCARDS = 6  # discards shown per seat: the latest, the older ones counted


@dataclass(frozen=True)
class _Phrases:
    """The words of one language."""

    you: str
    dealer: str
    stock: str
    melds: str
    no_melds: str
    discards: str
    older: str
    active_discarded: str
    active_drawn: str
    your_claim: str
    your_turn: Mapping[str, str]
    waits_for: str
    khap: str
    den: str
    groups: Mapping[str, str]
    events: Mapping[str, str]
    reasons: Mapping[str, str]
    outcomes: Mapping[str, str]
    help: tuple[str, ...]
    refusals: Mapping[str, str]  # refusal code → a sentence (none: the engine's own)
    misreads: Mapping[str, str] = field(default_factory=dict)  # typed input not read
    violations: Mapping[str, str] = field(default_factory=dict)  # the referee's penalties


ENGLISH = _Phrases(
    you="you",
    dealer="Dealer (cái): {who}",
    stock="stock: {n} cards",
    melds="Melds on the table:",
    no_melds="none yet",
    discards="Discard pile:",
    older="{n} earlier",
    active_discarded="Active card: {card}, discarded by {who}",
    active_drawn="Active card: {card}, drawn by {who}",
    your_claim="You may claim it now: t CARDS takes it, p lets it go.",
    your_turn={
        "discard": "Your turn: discard a rác.",
        "take-draw": "Your turn: take it with cards of yours (t CARDS), or draw (d).",
        "take-pass": "Your turn: take it with cards of yours (t CARDS), or let it go (p).",
        "take": "You must take it (t CARDS).",
        "draw": "Your turn: draw (d).",
        "pass": "Your turn: let it go (p).",
    },
    waits_for="Waiting for {who}.",
    khap="Khạp announced: {list}",
    den="Đền pending: {who} pays for everyone if the active card wins a take.",
    groups={
        "single-general": "lone Tướng",
        "pair": "pair",
        "triple": "triple",
        "quad": "four of a kind",
        "general-set": "Tướng Sĩ Tượng",
        "chariot-set": "Xe Pháo Mã",
        "soldiers": "Chốt of different colours",
        "quan": "Quàn",
        "khui": "Khui",
    },
    events={
        "discard": "{who} {discards} ",
        "draw": "{who} {draws} ",
        "pass": "{who} {lets} the drawn card go",
        "take": "{who} {takes} ",
        "with": " with ",
        "jump": " (out of turn)",
        "khui": " — a Khui!",
        "reveal": "{who} {lays} down a Quàn: ",
        "den": "  ⚠ {who} did not discard the worst rác: đền is owed if someone wins with ",
        "active": "the active card",
        "lone": " (a lone Tướng)",
    },
    reasons={
        "win": "the winner's due (3 + lệnh, + 10)",
        "den": "đền: paid for another loser",
        "quan": "for a Quàn",
        "khui": "for a Khui",
        "khap": "for a Khạp in hand",
    },
    outcomes={
        "win": "{who} {wins}.",
        "instant-win": "{who} {wins} at once: the dealer's 21 cards hold no rác.",
        "draw": "The stock ran low: the game is drawn and nobody pays.",
    },
    help=(
        "Your move is one of:",
        "  CARDS     discard a card (RK, tướng đỏ) or its position in your hand (3)",
        "  t CARDS   take the active card with these cards of yours",
        "            (t alone takes a lone Tướng)",
        "  d         draw the top of the stock",
        "  p         let a drawn card, or a claim, go",
        "A discard must be a rác. Whoever can win with the active card may take it",
        "out of turn; a player holding its pair out of turn, or its Khạp, must.",
        "After a take discard your worst rác: if the next player wins by taking",
        "another one, you pay for every loser (đền).",
        "The winner gets (3 + lệnh) + 10 from each loser, doubled before the 10",
        "with a Quàn or a Khui; Quàn, Khui and Khạp are paid for on their own.",
    ),
    refusals={},
)

VIETNAMESE = _Phrases(
    you="bạn",
    dealer="Cái: {who}",
    stock="nọc còn {n} lá",
    melds="Bài đã hạ:",
    no_melds="chưa có",
    discards="Bài đã đánh:",
    older="{n} lá trước",
    active_discarded="Lá trên bàn: {card}, {who} đánh ra",
    active_drawn="Lá trên bàn: {card}, {who} bốc lên",
    your_claim="Bạn có thể ăn lá này: t BÀI để ăn, p để bỏ qua.",
    your_turn={
        "discard": "Tới lượt bạn: đánh một lá rác.",
        "take-draw": "Tới lượt bạn: ăn bằng bài của mình (t BÀI), hoặc bốc (d).",
        "take-pass": "Tới lượt bạn: ăn bằng bài của mình (t BÀI), hoặc bỏ (p).",
        "take": "Bạn phải ăn lá này (t BÀI).",
        "draw": "Tới lượt bạn: bốc (d).",
        "pass": "Tới lượt bạn: bỏ lá này (p).",
    },
    waits_for="Đang chờ {who}.",
    khap="Khạp đã báo: {list}",
    den="Đang chịu đền: {who} đền cả làng nếu có người tới bằng lá này.",
    groups={
        "single-general": "tướng lẻ",
        "pair": "đôi",
        "triple": "bộ ba",
        "quad": "bộ bốn",
        "general-set": "tướng sĩ tượng",
        "chariot-set": "xe pháo mã",
        "soldiers": "chốt khác màu",
        "quan": "quàn",
        "khui": "khui",
    },
    events={
        "discard": "{who} đánh ",
        "draw": "{who} bốc ",
        "pass": "{who} bỏ lá vừa bốc",
        "take": "{who} ăn ",
        "with": " bằng ",
        "jump": " (ăn ngang)",
        "khui": " — khui!",
        "reveal": "{who} hạ quàn: ",
        "den": "  ⚠ {who} không đánh lá rác tệ nhất: phải đền nếu có người tới bằng ",
        "active": "lá trên bàn",
        "lone": " (tướng lẻ)",
    },
    reasons={
        "win": "tiền tới (3 + lệnh, + 10)",
        "den": "đền thay người thua khác",
        "quan": "tiền quàn",
        "khui": "tiền khui",
        "khap": "tiền khạp trong tay",
    },
    outcomes={
        "win": "{who} tới.",
        "instant-win": "{who} tới trắng: 21 lá của cái không có lá rác nào.",
        "draw": "Nọc gần hết: ván hòa, không ai trả tiền.",
    },
    help=(
        "Nước đi của bạn:",
        "  BÀI       đánh một lá (RK, tướng đỏ) hoặc vị trí của nó trong tay (3)",
        "  t BÀI     ăn lá trên bàn bằng các lá này (t một mình: ăn tướng lẻ)",
        "  d         bốc nọc",
        "  p         bỏ lá vừa bốc, hoặc bỏ quyền ăn",
        "Lá đánh ra phải là rác. Ai tới được bằng lá trên bàn thì ăn ngang được;",
        "có đôi của lá đó (ngoài lượt) hoặc khạp của nó thì phải ăn.",
        "Sau khi ăn, đánh lá rác tệ nhất: đánh lá khác mà người sau tới bằng lá đó",
        "thì bạn đền cả làng.",
        "Người tới được (3 + lệnh) + 10 của mỗi người thua, gấp đôi trước khi cộng 10",
        "nếu có quàn hay khui; quàn, khui, khạp được trả riêng.",
    ),
    refusals={
        **REFUSALS_VI,
        "not-your-turn": "Chưa tới lượt bạn (ngoài lượt chỉ được ăn để tới, ăn khạp hay đôi).",
        "must-discard": "Người tới lượt phải đánh một lá rác trước.",
        "own-card": "Không được ăn lá chính mình đưa ra.",
        "not-a-group": "Các lá đó cùng lá trên bàn không thành bộ.",
        "card-not-in-hand": "Bạn không có đủ các lá đó.",
        "khap-locked": "Khạp đã khóa: không được tách ra.",
        "must-take": "Lá này phải được ăn trước (bởi người có đôi hay khạp của nó).",
        "more-junk": "Ăn như vậy thì rác trong tay tăng lên.",
        "no-discard": "Không ai phải đánh: lá trên bàn đang chờ được ăn hoặc bỏ.",
        "not-junk": "Lá đó không làm bớt rác: hãy đánh một lá rác.",
        "already-drew": "Bạn đã bốc rồi: ăn lá đó hoặc bỏ.",
        "no-pass": "Chỉ được bỏ lá vừa bốc: hãy ăn hoặc bốc.",
    },
    misreads={
        "unknown-card": (
            "không có lá {token}: gõ chữ màu (R đỏ, Y vàng, G xanh, W trắng) rồi chữ quân"
            " (K tướng, A sĩ, E tượng, R xe, C pháo, H mã, P chốt), như RK, GR, WP;"
            " hoặc tên lá như 'tướng đỏ'"
        ),
    },
    violations={
        "den": (
            "Sau khi ăn không đánh lá rác tệ nhất: có người tới bằng lá đó thì phải đền cả làng."
        ),
    },
)

# the verb a player's name takes, and the one "You" takes (English only)
_VERBS = {"discards": "discard", "draws": "draw", "lets": "let", "takes": "take",
          "lays": "lay", "wins": "win"}  # fmt: skip


def _choice(kinds: set[str]) -> str:
    """Which of the turn's sentences fits the kinds of the seat's legal actions.

    >>> _choice({"Take", "Pass"}), _choice({"Draw"}), _choice({"Discard"})
    ('take-pass', 'draw', 'discard')
    """
    if "Discard" in kinds:
        return "discard"
    if "Take" in kinds:
        return "take-draw" if "Draw" in kinds else "take-pass" if "Pass" in kinds else "take"
    return "draw" if "Draw" in kinds else "pass"


@dataclass(frozen=True)
class TuSacTalk:
    """Tứ Sắc's words in one language (``ENGLISH`` or ``VIETNAMESE``).

    >>> from vncards.tusac import plugin, TuSacRules
    >>> st = plugin.new_game(TuSacRules(), 3, seed=2)
    >>> talk = table_talk()
    >>> [_plain(w) for w in talk.table(plugin.view(st, 0), ["You", "An", "Bình"])][:2]
    ['Dealer (cái): you · stock: 51 cards', 'Your turn: discard a rác.']
    >>> talk.reason("khap")
    'for a Khạp in hand'
    """

    words: _Phrases

    def _name(self, seat: int, players: Sequence[str], you: int | None) -> str:
        return self.words.you if seat == you else players[seat]

    def _verbs(self, seat: int | None, you: int | None) -> dict[str, str]:
        mine = seat is not None and seat == you and self.words is ENGLISH
        return {k: (v if mine else k) for k, v in _VERBS.items()}

    def table(self, view: View, players: Sequence[str]) -> list[Words]:
        """The dealer and stock, whose turn, the active card, the melds, the pile."""
        pub: Mapping[str, Any] = view.public
        w, me = self.words, view.seat
        lines: list[Words] = [
            (
                w.dealer.format(who=self._name(pub["dealer"], players, me))
                + " · "
                + w.stock.format(n=pub["stock"]),
            )
        ]
        lines += self._active(view, players)
        lines += self._melds(pub, players, me)
        lines += self._pile(pub, players, me)
        khap = [f"{self._name(s, players, me)} {n}" for s, n in pub["khap"].items() if n]
        if khap:
            lines.append((w.khap.format(list=", ".join(khap)),))
        if pub.get("den") is not None and pub.get("active") is not None:
            lines.append((w.den.format(who=self._name(pub["den"], players, me)),))
        return lines

    def _active(self, view: View, players: Sequence[str]) -> list[Words]:
        pub, w, me = view.public, self.words, view.seat
        lines: list[Words] = []
        card = pub.get("active")
        if card is not None:
            text = w.active_drawn if pub.get("active_drawn") else w.active_discarded
            before, after = text.split("{card}")
            who = self._name(pub["active_from"], players, me)
            lines.append((before, Cards((card,)), after.format(who=who)))
        if pub.get("phase") == "over":
            return lines
        if view.to_act == me and view.legal:
            kinds = {type(a).__name__ for a in view.legal}
            optional = bool(getattr(view, "optional", False))
            if optional:
                lines.append((w.your_claim,))
            else:
                lines.append((w.your_turn[_choice(kinds)],))
        elif view.to_act is not None:
            lines.append((w.waits_for.format(who=players[view.to_act]),))
        return lines

    def _melds(self, pub: Mapping[str, Any], players: Sequence[str], me: int) -> list[Words]:
        w = self.words
        lines: list[Words] = [(w.melds,)]
        width = max(len(name) for name in players)
        for seat, groups in pub["groups"].items():
            line: list[str | Cards] = [f"  {players[seat]:<{width}}  "]
            if not groups:
                line.append(w.no_melds)
            for i, group in enumerate(groups):
                if i:
                    line.append(" · ")
                line.append(Cards(group["cards"]))
                label = w.groups.get(group["name"] or group["group"], group["group"])
                line.append(f" ({label})")
            lines.append(tuple(line))
        return lines

    def _pile(self, pub: Mapping[str, Any], players: Sequence[str], me: int) -> list[Words]:
        w = self.words
        by_seat: dict[int, list[str]] = {}
        for event in pub["discards"]:
            by_seat.setdefault(event.seat, []).append(event.card)
        if not by_seat:
            return []
        lines: list[Words] = [(w.discards,)]
        width = max(len(players[s]) for s in by_seat)
        for seat in sorted(by_seat):
            cards = by_seat[seat]
            line: list[str | Cards] = [f"  {players[seat]:<{width}}  "]
            if len(cards) > _RECENT_DISCARDS:
                line.append(w.older.format(n=len(cards) - _RECENT_DISCARDS) + " · ")
            line.append(Cards(cards[-_RECENT_DISCARDS:]))
            lines.append(tuple(line))
        return lines

    def event(self, event: Event, players: Sequence[str], you: int | None) -> Words | None:
        """A line for each Tứ Sắc event (``None`` for the end and the payments).

        >>> talk = table_talk()
        >>> _plain(talk.event(Discarded(1, "RK"), ["You", "An"], 0))
        'An discards RK'
        >>> _plain(table_talk(True).event(Passed(0), ["Bạn", "An"], 0))
        'Bạn bỏ lá vừa bốc'
        """
        if isinstance(event, Won | Settled) or event.seat is None:
            return None
        ev, seat = self.words.events, event.seat
        name = self._name(seat, players, you)
        fields = {"who": name[:1].upper() + name[1:], **self._verbs(seat, you)}
        if isinstance(event, Discarded):
            return (ev["discard"].format(**fields), Cards((event.card,)))
        if isinstance(event, Drew):
            return (ev["draw"].format(**fields), Cards((event.card or "?",)))
        if isinstance(event, Passed):
            return (ev["pass"].format(**fields),)
        if isinstance(event, Took):
            return self._took(event, fields)
        if isinstance(event, Revealed):
            return (ev["reveal"].format(**fields), Cards(event.cards))
        if isinstance(event, OwedDen):
            return (ev["den"].format(**fields), Cards((event.card,)))
        return None

    def _took(self, event: Took, fields: Mapping[str, str]) -> Words:
        ev = self.words.events
        out: list[str | Cards] = [ev["take"].format(**fields), Cards((event.card,))]
        if event.cards:
            out += [ev["with"], Cards(event.cards)]
        if isinstance(event, TookGroup):
            label = self.words.groups.get("khui" if event.khui else event.group, event.group)
            out.append(f" ({label})")
            if event.out_of_turn:
                out.append(ev["jump"])
            if event.khui:
                out.append(ev["khui"])
        return tuple(out)

    def action(self, data: Mapping[str, Any], you: bool = False) -> Words:
        """A discard, a take, a draw or a pass (a record action) as a phrase.

        >>> _plain(table_talk().action({"take": ["YE", "YE"]}))
        'takes the active card with YE YE'
        >>> _plain(table_talk(True).action({"discard": "RK"}, you=True))
        'đánh RK'
        """
        ev, verbs = self.words.events, self._verbs(0 if you else None, 0)
        phrase = {k: ev[k].format(who="", **verbs).lstrip() for k in ("discard", "draw", "take")}
        if "discard" in data:
            return (phrase["discard"], Cards((data["discard"],)))
        if "take" in data:
            if not data["take"]:
                return (phrase["take"] + ev["active"] + ev["lone"],)
            return (phrase["take"] + ev["active"] + ev["with"], Cards(data["take"]))
        if "draw" in data:
            return (phrase["draw"].rstrip(),)
        return (ev["pass"].format(who="", **verbs).lstrip(),)

    def between(self, before: View, after: View, players: Sequence[str]) -> list[Words]:
        """Nothing: Tứ Sắc has no rounds (every change is an event)."""
        return []

    def reason(self, code: str) -> str:
        """A transfer reason in words (the code itself for one this game lacks)."""
        return self.words.reasons.get(code, code)

    def warning(self, message: str) -> str:
        """No legal Tứ Sắc move is warned of (đền is said when it is owed)."""
        return message

    def refusal(self, code: str, message: str) -> str:
        """In English the engine's own sentence (it names the rule and the cards); in
        Vietnamese the rule's.

        >>> table_talk(True).refusal("not-junk", "…")
        'Lá đó không làm bớt rác: hãy đánh một lá rác.'
        """
        return self.words.refusals.get(code, message)

    def misread(self, error: Exception) -> str:
        """Why a typed card was not read (:class:`~vncards.core.SaysMisreads`).

        >>> from vncards.tusac import parse_card
        >>> try:
        ...     parse_card("RX")
        ... except ValueError as e:
        ...     print(table_talk(True).misread(e))
        không có lá 'RX': gõ chữ màu (R đỏ, Y vàng, G xanh, W trắng) rồi chữ quân ...
        """
        return error_words(error, self.words.misreads)

    def violation(self, rule: str, message: str) -> str:
        """A penalised legal act in the referee's account
        (:class:`~vncards.core.SaysViolations`): đền in this language."""
        return self.words.violations.get(rule, message)

    def outcome(self, result: GameResult, players: Sequence[str], you: int | None) -> str:
        """How the game ended.

        >>> table_talk().outcome(GameResult(True, "win", 0, None, (3, -3)), ["You", "An"], 0)
        'You win.'
        """
        code = result.outcome or "win"
        text = self.words.outcomes.get(code, self.words.outcomes["win"])
        who = "—" if result.winner is None else players[result.winner]
        return text.format(who=who, **self._verbs(result.winner, you))

    def help(self) -> Sequence[str]:
        """The help of the play prompt: the moves, what is forced, đền, the payments."""
        return self.words.help


def table_talk(vietnamese: bool = False) -> TuSacTalk:
    """Tứ Sắc's screen words, in Vietnamese with ``vietnamese``.

    >>> table_talk(True).reason("quan")
    'tiền quàn'
    """
    return TuSacTalk(VIETNAMESE if vietnamese else ENGLISH)


class TuSacScreen:
    """What a play screen asks of Tứ Sắc: its words, as one of the plugin's tools."""

    def table_talk(self, vietnamese: bool = False, rules: Any = None) -> TuSacTalk:
        """What a play screen says about this game (:class:`~vncards.core.SpeaksAtTable`);
        its payments do not depend on the preset.

        >>> TuSacScreen().table_talk(vietnamese=True).reason("khui")
        'tiền khui'
        """
        return table_talk(vietnamese)


def _plain(words: Words | None) -> str:
    """Words as plain text, cards as their codes (for the examples)."""
    return "".join(" ".join(p) if isinstance(p, Cards) else p for p in words or ())
