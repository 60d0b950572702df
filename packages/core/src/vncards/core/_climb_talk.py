"""A climbing game's play-screen words (:class:`~vncards.core.TableTalk`), built from
the game's own phrases.

What every climbing game shares is said here: the combination to beat, who passed,
the open chop chain, the end of a round ("Bình takes the round and leads") and the
core's events in Vietnamese. What is a game's own — the reasons it pays for, its
instant wins, how it ends, its help — comes from the game as :class:`ClimbWords`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vncards.core._cards import MISREADS_VI
from vncards.core._climb_words import table_lines
from vncards.core._errors import REFUSALS_VI, error_words
from vncards.core._events import (
    Cards,
    Chopped,
    Declared,
    Event,
    Passed,
    Played,
    Revealed,
    Settled,
    View,
    WentOut,
)
from vncards.core._game import GameResult, Words
from vncards.core.climbing._actions import Declare
from vncards.core.climbing._tokens import _cards
from vncards.core.climbing._view import ShedView

__all__ = ["ClimbTalk", "ClimbWords"]


@dataclass(frozen=True)
class ClimbWords:
    """A climbing game's own phrases in one language.

    ``reasons``: transfer reason code → words; ``instant_wins``: instant-win code →
    the hand in words; ``outcomes``: outcome code → a sentence with ``{who}`` (the
    winner), ``{wins}`` (the verb, agreeing with "You") and ``{hand}`` (the instant
    win); ``help``: the lines of the play prompt's ``?``; ``declarations``: what a
    declaration's code names (``sam`` → Sâm); ``refusals``: refusal code → a sentence
    to the player (others keep the engine's message); ``warning``: the sentence for the
    penalty a legal move incurs (``None``: the game's own ``action_warning``);
    ``violations``: a violation's rule code → a sentence for the referee's account
    (others keep the engine's message); ``misreads``: the code of an error reading
    typed input → a sentence with ``{token}`` (beyond the French deck's, which
    Vietnamese words have already).
    """

    reasons: Mapping[str, str]
    instant_wins: Mapping[str, str]
    outcomes: Mapping[str, str]
    help: tuple[str, ...]
    declarations: Mapping[str, str] = field(default_factory=dict)
    refusals: Mapping[str, str] = field(default_factory=dict)
    warning: str | None = None
    violations: Mapping[str, str] = field(default_factory=dict)
    misreads: Mapping[str, str] = field(default_factory=dict)


_DECLARE = {
    False: "You may declare now (s), or not (p).",
    True: "Bạn có thể báo (s), hoặc không (p).",
}
# a record action's verb: the third person, the form "You" takes, in Vietnamese
_VERBS = {
    "play": ("plays ", "play ", "đánh "),
    "pass": ("passes", "pass", "bỏ lượt"),
    "declare": ("declares ", "declare ", "báo "),
}
# the core's refusals of a climbing game in Vietnamese (in English the engine's own)
_REFUSALS_VI = {
    **REFUSALS_VI,
    "empty-play": "Phải đánh ít nhất một lá.",
    "card-not-in-hand": "Bạn không có lá đó.",
    "not-a-combination": "Các lá này không thành bộ nào.",
    "passed-this-round": "Bạn đã bỏ lượt: phải chờ hết vòng này.",
    "must-follow": "Phải đánh theo chất của bộ trên bàn.",
    "does-not-beat": "Bộ này không chặn được bộ trên bàn.",
    "cannot-pass-lead": "Người đi đầu vòng phải đánh, không được bỏ lượt.",
    "cannot-pass": "Lúc này không được bỏ lượt.",
}
_ROUND = {
    False: ("{who} takes the round and leads.", "{who} takes the round; {next} leads."),
    True: ("{who} thắng vòng và đi tiếp.", "{who} thắng vòng; {next} đi tiếp."),
}


def _chops_paid(event: Settled, players: Sequence[str]) -> Words | None:
    """A chop chain paid when its round ends, in Vietnamese (``None`` for the final
    payments, which a screen shows whole).

    >>> from vncards.core._events import Transfer
    >>> _chops_paid(Settled(None, (Transfer(0, 1, 3, "chop"),)), ["An", "Bình"])
    ('  Trả tiền chặt: An trả Bình 3 lá.',)
    """
    if not event.transfers or any(t.reason != "chop" for t in event.transfers):
        return None
    paid = "; ".join(
        f"{players[t.payer]} trả {players[t.payee]} {t.amount} lá" for t in event.transfers
    )
    return (f"  Trả tiền chặt: {paid}.",)


class ClimbTalk:
    """The words of a climbing game ``plugin`` (one with ``table_words`` and
    ``event_words``, :class:`~vncards.core.DescribesPlay`) in one language.

    >>> from vncards.tienlen import plugin
    >>> talk = plugin.table_talk()
    >>> st = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
    >>> talk.table(plugin.view(st, st.turn), ["An", "Bình"])
    [('The table is empty: you lead.',)]
    """

    def __init__(self, plugin: Any, words: ClimbWords, *, vietnamese: bool = False) -> None:
        self.plugin = plugin
        self.words = words
        self.vietnamese = vietnamese

    def table(self, view: View, players: Sequence[str]) -> list[Words]:
        """The combination to beat and whose it is, who passed, the open chain."""
        if not isinstance(view, ShedView):
            return list(self.plugin.table_words(view, players))
        lines = table_lines(view, players, _cards, self.vietnamese, self.words.declarations)
        if view.to_act == view.seat and any(isinstance(a, Declare) for a in view.legal):
            lines.append((_DECLARE[self.vietnamese],))
        return lines

    def event(self, event: Event, players: Sequence[str], you: int | None) -> Words | None:
        """In Vietnamese, the core's events; in English a declaration, ``None`` for the
        others (the screen's words and the game's ``event_words`` say them)."""
        if isinstance(event, Settled) and self.vietnamese:
            return _chops_paid(event, players)
        if event.seat is None:
            return None
        who = players[event.seat]
        if isinstance(event, Declared):
            return (who + " ", *self.action({"declare": event.what}, event.seat == you))
        if not self.vietnamese:
            return None
        if isinstance(event, Played):
            return (f"{who} đánh ", Cards(event.cards))
        if isinstance(event, Passed):
            return (f"{who} bỏ lượt",)
        if isinstance(event, Chopped):
            victim = players[event.victim]
            return (f"  ⚔ Chặt! {who} chặt {victim}: cả chuỗi {event.value} lá.",)
        if isinstance(event, WentOut):
            return (f"  {who} hết bài.",)
        if isinstance(event, Revealed):
            return (f"Bài của {who}: ", Cards(event.cards))
        return None

    def between(self, before: View, after: View, players: Sequence[str]) -> list[Words]:
        """The end of a round: the table was taken and someone leads a new one.

        >>> from vncards.tienlen import plugin
        >>> st = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
        >>> lead = plugin.decision(st)
        >>> plugin.apply(st, lead.actions[0]) and None
        >>> before = plugin.view(st, 0)
        >>> passing = plugin.decision(st).actions[-1]
        >>> plugin.apply(st, passing) and None
        >>> plugin.table_talk().between(before, plugin.view(st, 0), ["An", "Bình"])
        [('Bình takes the round and leads.',)]
        """
        if not (isinstance(before, ShedView) and isinstance(after, ShedView)):
            return []
        if before.table is None or after.table is not None or after.to_act is None:
            return []
        if after.finished:
            return []
        same, other = _ROUND[self.vietnamese]
        who, nxt = players[before.table_seat], players[after.to_act]
        text = same if before.table_seat == after.to_act else other
        return [(text.format(who=who, next=nxt),)]

    def action(self, data: Mapping[str, Any], you: bool = False) -> Words:
        """A play, a pass or a declaration (a record action) as a phrase.

        >>> from vncards.tienlen import plugin
        >>> plugin.table_talk().action({"play": ["3S", "4S"]})
        ('plays ', ('3S', '4S'))
        >>> plugin.table_talk(vietnamese=True).action({"pass": True}, you=True)
        ('bỏ lượt',)
        """
        key = next((k for k in _VERBS if k in data), None)
        if key is None:  # an action of the game's own: its record form
            return (" ".join(f"{k} {v}" for k, v in data.items()),)
        verb = _VERBS[key][2 if self.vietnamese else 1 if you else 0]
        if key == "play":
            return (verb, Cards(tuple(data["play"])))
        if key == "declare":
            return (verb + self.words.declarations.get(data["declare"], data["declare"]),)
        return (verb,)

    def reason(self, code: str) -> str:
        """A transfer reason in the game's words."""
        return self.words.reasons.get(code, code)

    def warning(self, message: str) -> str:
        """The game's sentence for a move's penalty, else its ``action_warning``."""
        return self.words.warning or message

    def refusal(self, code: str, message: str) -> str:
        """The game's sentence for a refusal, else (in Vietnamese) the core's, else the
        engine's message.

        >>> from vncards.tienlen import plugin
        >>> plugin.table_talk(vietnamese=True).refusal("does-not-beat", "…")
        'Bộ này không chặn được bộ trên bàn.'
        """
        own = self.words.refusals.get(code)
        if own is not None:
            return own
        return _REFUSALS_VI.get(code, message) if self.vietnamese else message

    def misread(self, error: Exception) -> str:
        """Why typed input was not read (:class:`~vncards.core.SaysMisreads`): in
        Vietnamese the deck's and the game's words, in English the error's message.

        >>> from vncards.core import NotationError
        >>> from vncards.tienlen import plugin
        >>> plugin.table_talk(vietnamese=True).misread(NotationError("10", code="no-suit"))
        "lá '10' thiếu chất: một lá gồm số và chất, như 10H hay 10 cơ"
        """
        if not self.vietnamese:
            return error_words(error, self.words.misreads)
        return error_words(error, {**MISREADS_VI, **self.words.misreads})

    def violation(self, rule: str, message: str) -> str:
        """A penalised legal act (:class:`~vncards.core.SaysViolations`): the game's
        sentence for ``rule``, else the engine's ``message``."""
        return self.words.violations.get(rule, message)

    def outcome(self, result: GameResult, players: Sequence[str], you: int | None) -> str:
        """How the game ended, in one sentence."""
        code = result.outcome or "win"
        text = self.words.outcomes.get(code) or self.words.outcomes["win"]
        who = "—" if result.winner is None else players[result.winner]
        wins = "win" if result.winner == you and not self.vietnamese else "wins"
        hand = self.words.instant_wins.get(result.instant_win or "", result.instant_win or "")
        return text.format(who=who, wins=wins, hand=hand)

    def help(self) -> Sequence[str]:
        """The game's help lines."""
        return self.words.help
