"""One turn of the human seat at ``vncards play``: the table and the hand on screen,
what is typed read into an action, a refused action explained in the game's own words,
the hint and the list of legal moves.

Everything goes through the plugin protocol: typed cards are read by
``action_from_record`` (or the game's own ``parse_move``), a refusal is the
``IllegalMove`` the game's ``why_illegal`` names, and the words about the table come from the game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.table import Table
from rich.text import Text
from vncards.cli._common import card_tokens, console
from vncards.cli._display import cards_for, event_text, table_lines, words_text
from vncards.cli._frame import help_text, say
from vncards.cli._referee import describe_action
from vncards.core import (
    Event,
    GamePlugin,
    HintsInWords,
    ReadsMoves,
    RecordAction,
    SaysMisreads,
    SpeaksAtTable,
    SuggestsMoves,
    View,
    VncardsError,
    WarnsOfPenalties,
    why_illegal,
)

HUMAN = "You"
HUMAN_VI = "Bạn"


class PlayerQuitError(Exception):
    """The player asked to stop."""


@dataclass
class Sitting:
    """One sitting: the game, who sits where, the bots and the running totals."""

    plugin: GamePlugin[Any, Any, Any]
    names: list[str]
    human: int
    bots: dict[int, Any]
    vietnamese: bool
    totals: list[int] = field(default_factory=list)
    start: Any = None  # the game being played: its first state and actions, for its record
    actions: list[Any] = field(default_factory=list)
    rules: Any = None  # the rules in play (the game's help states their amounts)
    hinter: Any = None  # the game's strongest bot, playing the human seat for hints
    hinted: bool = False  # whether this decision's hint was shown (h again lists moves)

    def cards(self, tokens: Sequence[str]) -> Text:
        return cards_for(
            self.plugin, tokens, vietnamese=self.vietnamese, sep=", " if self.vietnamese else " "
        )

    def between(self, before: View, after: View) -> None:
        """What changed between two views of the human seat that no event says (the
        end of a round), when the game says it."""
        if isinstance(self.plugin, SpeaksAtTable):
            talk = self.plugin.table_talk(self.vietnamese)
            for words in talk.between(before, after, self.names):
                line = words_text(self.plugin, words, vietnamese=self.vietnamese)
                console.print(line, style="cyan")

    def announce(self, events: Sequence[Event]) -> None:
        """Each event as the human seat sees it."""
        for event in events:
            line = event_text(
                self.plugin,
                event.seen_by(self.human),
                self.names,
                you=self.human,
                vietnamese=self.vietnamese,
            )
            if line is not None:
                console.print(line)


def _status(t: Sitting, view: View) -> None:
    for line in table_lines(t.plugin, view, t.names, vietnamese=t.vietnamese):
        console.print(line)


def _show_hand(t: Sitting, tokens: Sequence[str]) -> None:
    labels = [cards_for(t.plugin, [tok], vietnamese=t.vietnamese) for tok in tokens]
    cell = max([len(lab.plain) for lab in labels] + [2]) + 1
    per_row = max(4, (console.width - 2) // (cell + 1))
    console.print(say("hand", t.vietnamese))
    for start in range(0, len(labels), per_row):
        grid = Table(show_header=True, box=None, padding=(0, 1), header_style="dim")
        chunk = labels[start : start + per_row]
        for k in range(len(chunk)):
            grid.add_column(str(start + k + 1), justify="center", min_width=cell - 1)
        grid.add_row(*chunk)
        console.print(grid)


def _offers(t: Sitting, state: Any, actions: Sequence[Any]) -> list[tuple[dict[str, Any], Any]]:
    return [(t.plugin.action_to_record(state, a), a) for a in actions]


def _warning(t: Sitting, state: Any, action: Any) -> str | None:
    """The penalty a legal action incurs, when the game says
    (:class:`~vncards.core.WarnsOfPenalties`)."""
    if action is None or not isinstance(t.plugin, WarnsOfPenalties):
        return None
    warning = t.plugin.action_warning(state, action)
    if warning is None or not isinstance(t.plugin, SpeaksAtTable):
        return warning
    return t.plugin.table_talk(t.vietnamese).warning(warning)


def _show_moves(
    t: Sitting, state: Any, offers: list[tuple[dict[str, Any], Any]], optional: bool
) -> None:
    vi = t.vietnamese
    if not offers:
        console.print(say("no-move", vi) + (" " + say("no-move-p", vi) if optional else ""))
    for i, (rec, action) in enumerate(offers, 1):
        line = Text.assemble(
            (f"  #{i:<3}", "bold"), describe_action(t.plugin, rec, vietnamese=vi, you=True)
        )
        warning = _warning(t, state, action)
        if warning is not None:
            line.append(f"  ⚠ {warning}", style="bold magenta")
        console.print(line)
    if optional:
        console.print("  p    " + say("decline-listed", vi))


_INDEXES = re.compile(r"[\d\s,]+")
_WORDS = {
    "p": "pass", "pass": "pass", "bỏ": "pass", "bo": "pass",
    "d": "draw", "draw": "draw", "bốc": "draw", "boc": "draw",
    "s": "declare", "declare": "declare", "báo": "declare", "bao": "declare",
}  # fmt: skip


def _reason(t: Sitting, state: Any, action: Any) -> str:
    """Why ``action`` is refused (the game's ``why_illegal``), in its own words."""
    refusal = why_illegal(t.plugin, state, action)
    if refusal is None:
        return say("not-a-choice", t.vietnamese)
    if isinstance(t.plugin, SpeaksAtTable):
        return t.plugin.table_talk(t.vietnamese).refusal(refusal.code, refusal.message)
    return refusal.message


def _misread(t: Sitting, error: Exception) -> str:
    """Why what was typed could not be read, in the game's words when it says them
    (:class:`~vncards.core.SaysMisreads`), else the error's message."""
    if isinstance(t.plugin, SpeaksAtTable):
        talk = t.plugin.table_talk(t.vietnamese)
        if isinstance(talk, SaysMisreads):
            return say("cannot-read", t.vietnamese).format(error=talk.misread(error))
    return say("cannot-read", t.vietnamese).format(error=error)


def _from_record(t: Sitting, state: Any, seat: int, data: dict[str, Any]) -> Any:
    raw = RecordAction.model_validate({"player": t.names[seat], **data})
    return t.plugin.action_from_record(state, raw, seat)


def _interpret(
    t: Sitting,
    state: Any,
    seat: int,
    text: str,
    offers: list[tuple[dict[str, Any], Any]],
    optional: bool,
    hand: Sequence[str] = (),
) -> tuple[bool, Any]:
    """``(True, action or None to decline)`` or ``(False, sentence to show)``."""
    entry = text.strip()
    low = entry.lower()
    kinds = {k for rec, _ in offers for k in rec}
    if low in ("q", "quit", "exit"):
        raise PlayerQuitError
    if low in ("?", "help"):
        return False, help_text(t.plugin, vietnamese=t.vietnamese, rules=t.rules)
    if low in ("h", "hint") and not t.hinted:
        t.hinted = True
        return False, _hint(t, state, offers, optional)
    if low in ("h", "hint", "moves", "m"):
        _show_moves(t, state, offers, optional)
        return False, ""
    vi = t.vietnamese
    if not entry:
        return False, say("type-move", vi)
    if low.startswith("#"):
        try:
            k = int(low[1:])
        except ValueError:
            return False, say("not-a-number", vi).format(entry=repr(entry))
        if not 1 <= k <= len(offers):
            return False, say("no-such-number", vi).format(k=k, n=len(offers))
        return True, offers[k - 1][1]
    word = _WORDS.get(low)
    if word == "pass" and "pass" not in kinds and optional:
        return True, None
    if word is not None:
        # a declaration says what the game offers to declare (Sâm: "sam")
        declared = next((rec["declare"] for rec, _ in offers if "declare" in rec), None)
        if word == "declare" and declared is None:
            return False, say("nothing-to-declare", vi)
        if word not in kinds:  # no such move in this game, or not now
            return False, say("not-now", vi).format(then=_then(kinds, optional, vi))
        data: dict[str, Any] = (
            {"pass": True}
            if word == "pass"
            else {"draw": True}
            if word == "draw"
            else {"declare": declared}
        )
        return _check(t, state, seat, data, offers)
    take = re.match(r"^(t|take|ăn|an)(\s+|$)", low) if "take" in kinds else None
    if take:
        tokens = _tokens(t, hand, entry[take.end() :])
        if isinstance(tokens, str):
            return False, tokens
        return _check(t, state, seat, {"take": tokens}, offers)
    if not kinds & {"play", "discard", "take"}:
        return False, _no_cards_now(t, state, seat, entry, hand, kinds, optional)
    tokens = _tokens(t, hand, entry)
    if isinstance(tokens, str):
        return False, tokens
    order = [k for k in ("play", "discard", "take") if k in kinds] or ["play"]
    first_answer: tuple[bool, Any] | None = None
    for kind in order:
        if kind == "discard" and len(tokens) != 1:
            continue
        data = {kind: tokens[0] if kind == "discard" else tokens}
        answer = _check(t, state, seat, data, offers)
        if answer[0]:
            return answer
        first_answer = first_answer or answer
    return first_answer or (False, say("one-discard", vi))


def _no_cards_now(
    t: Sitting,
    state: Any,
    seat: int,
    entry: str,
    hand: Sequence[str],
    kinds: set[str],
    optional: bool,
) -> str:
    """Why cards typed when the seat has none to play are refused: the game's own reason
    for that play (a single does not beat a triple), then what the seat may do."""
    vi = t.vietnamese
    then = _then(kinds, optional, vi)
    tokens = _tokens(t, hand, entry)
    if isinstance(tokens, str):
        return tokens
    why = _refusal(t, state, seat, {"play": tokens})
    if why:
        return say("you-may", vi).format(why=why, then=then)
    return say("no-cards-now", vi).format(then=then)


def _then(kinds: set[str], optional: bool, vietnamese: bool) -> str:
    """What the seat may type now, from the kinds of its actions."""
    vi = vietnamese
    choices = [say(f"now-{k}", vi) for k in ("pass", "draw", "declare") if k in kinds]
    if optional:
        choices.append(say("now-let-go", vi))
    if kinds & {"play", "discard", "take"}:
        choices.insert(0, say("now-cards", vi))
    return say("now-type", vi).format(choices=say("now-or", vi).join(choices))


def _refusal(t: Sitting, state: Any, seat: int, data: dict[str, Any]) -> str | None:
    """The game's reason for refusing the action ``data`` names, or ``None`` when the
    game does not read it as an action at all."""
    try:
        action = _from_record(t, state, seat, data)
    except (VncardsError, ValueError):
        return None
    return _reason(t, state, action)


def _hint(
    t: Sitting, state: Any, offers: list[tuple[dict[str, Any], Any]], optional: bool
) -> str | Text:
    """The strongest bot's choice for the human seat, with a one-line reason."""
    if t.hinter is None or not offers:
        _show_moves(t, state, offers, optional)
        return ""
    vi = t.vietnamese
    view = t.plugin.view(state, t.human)
    choice = t.hinter.choose(view, [a for _, a in offers], optional)
    why = _why(t.hinter, vi)
    if choice is None:
        return Text(say("hint-let-go", vi).format(bot=t.hinter.name, why=why))
    number = next(i for i, (_, a) in enumerate(offers, 1) if a == choice)
    rec = t.plugin.action_to_record(state, choice)
    said = describe_action(t.plugin, rec, vietnamese=vi, you=True)
    return Text.assemble(
        (say("hint-move", vi).format(number=number), "bold"),
        said,
        f" — {why} {say('hint-again', vi)}",
    )


def _why(bot: Any, vietnamese: bool = False) -> str:
    """One line on why a bot chose what it did, from what its search measured."""
    stats = getattr(bot, "stats", None)
    means = sorted(getattr(stats, "means", ()), reverse=True)
    if stats is None:
        return say("why-bot", vietnamese).format(bot=bot.name)
    if not getattr(stats, "rollouts", 0) or len(means) < 2:
        return say("why-sure", vietnamese)
    return say("why-search", vietnamese).format(
        n=stats.rollouts, best=f"{means[0]:+.1f}", next=f"{means[1]:+.1f}"
    )


def _tokens(t: Sitting, hand: Sequence[str], text: str) -> list[str] | str:
    """Card tokens from typed cards or positions in ``hand``, or a sentence saying what
    is wrong."""
    text = text.strip()
    if not text:
        return []
    if _INDEXES.fullmatch(text):
        picks = [int(p) for p in re.split(r"[\s,]+", text) if p]
        bad = [p for p in picks if not 1 <= p <= len(hand)]
        if bad:
            return say("positions", t.vietnamese).format(n=len(hand), bad=bad[0])
        if len(set(picks)) != len(picks):
            return say("position-twice", t.vietnamese)
        return [hand[p - 1] for p in picks]
    return card_tokens(t.plugin, [text])


def _check(
    t: Sitting,
    state: Any,
    seat: int,
    data: dict[str, Any],
    offers: list[tuple[dict[str, Any], Any]],
) -> tuple[bool, Any]:
    try:
        action = _from_record(t, state, seat, data)
    except (VncardsError, ValueError) as e:
        return False, _misread(t, e)
    for _, offered in offers:
        if offered == action:
            return True, action
    return False, _reason(t, state, action)


def _say_what_now(kinds: set[str], optional: bool) -> None:
    """What the seat may do, from the kinds of its actions (for a game that does not
    describe its own table)."""
    if optional and "take" in kinds:
        console.print("[bold yellow]You can take the active card now (p lets it go).[/]")
    elif optional and "declare" in kinds:
        console.print("[bold yellow]You may declare now (s), or not (p).[/]")
    elif optional:
        console.print("[bold]You may act now, or decline (p).[/]")
    elif kinds == {"discard"}:
        console.print("Discard a card.")
    elif "draw" in kinds and "take" in kinds:
        console.print("Take the active card with cards of yours (t …), or draw (d).")
    elif "draw" in kinds:
        console.print("Draw a card (d).")
    elif "pass" in kinds and "take" in kinds:
        console.print("Take the card with cards of yours (t …), or let it go (p).")
    elif kinds == {"take"}:
        console.print("[bold]You must take the active card.[/]")


def human_turn(t: Sitting, state: Any, view: View, actions: Sequence[Any], optional: bool) -> Any:
    console.rule(style="dim")
    _status(t, view)
    seat = view.seat
    hand = view.hand
    if hand:
        _show_hand(t, hand)
    t.hinted = False
    if isinstance(t.plugin, ReadsMoves):  # the game reads what is typed: no list of offers
        return _typed_turn(t, t.plugin, state, view, actions, optional)
    offers = _offers(t, state, actions)
    kinds = {k for rec, _ in offers for k in rec}
    vi = t.vietnamese
    hints = [say("cards", vi) if kinds & {"play", "take", "discard"} else ""]
    hints += [say("pass", vi) if "pass" in kinds else say("decline", vi) if optional else ""]
    hints += [say("draw", vi) if "draw" in kinds else ""]
    hints += [say("declare", vi) if "declare" in kinds else "", say("hint", vi), say("help", vi)]
    if not isinstance(t.plugin, SpeaksAtTable):  # a game that speaks says it on its table
        _say_what_now(kinds, optional)
    prompt = f"{say('move', vi)} ({', '.join(h for h in hints if h)})> "
    while True:
        try:
            text = console.input(prompt)
        except EOFError:
            raise PlayerQuitError from None
        ok, value = _interpret(t, state, seat, text, offers, optional, hand)
        if ok and _confirmed(t, state, value):
            return value
        if ok:
            continue
        if value:
            console.print(value)


def _suggestions(
    t: Sitting, state: Any, view: View, actions: Sequence[Any]
) -> list[tuple[Text, Any]]:
    """The game's few suggested moves (:class:`~vncards.core.SuggestsMoves`), in its
    words for the screen's language when it has them
    (:class:`~vncards.core.HintsInWords`), else every legal move when there are few."""
    vi = t.vietnamese
    if isinstance(t.plugin, SuggestsMoves):
        talk = t.plugin.table_talk(vi) if isinstance(t.plugin, SpeaksAtTable) else None
        suggested = talk.hint(view) if isinstance(talk, HintsInWords) else t.plugin.hint(view)
        if isinstance(talk, HintsInWords) or talk is None or not vi:
            return [(words_text(t.plugin, words, vietnamese=vi), a) for words, a in suggested]
        # the game's own words for its suggestions are English: in Vietnamese, the moves
        actions = [a for _, a in suggested]
    elif len(actions) > _MOST_LISTED:
        return []
    return [
        (describe_action(t.plugin, t.plugin.action_to_record(state, a), vietnamese=vi, you=True), a)
        for a in actions
    ]


_MOST_LISTED = 60


def _typed_turn(
    t: Sitting, game: ReadsMoves, state: Any, view: View, actions: Sequence[Any], optional: bool
) -> Any:
    """A turn of a game that reads typed moves itself: its help's first line (unless its
    table says what to do), then what is typed goes to ``parse_move`` (``h`` is the
    hint, ``h`` again the game's suggestions, ``#N`` picks one); a refused move is
    explained in one line and the prompt comes again."""
    vi = t.vietnamese
    if game.move_help and not isinstance(t.plugin, SpeaksAtTable):
        console.print(game.move_help[0], markup=False)
    keys = [say("hint", vi), *([say("decline", vi)] if optional else []), say("help", vi)]
    prompt = f"{say('move', vi)} ({', '.join(keys)})> "
    suggested: list[tuple[Text, Any]] | None = None
    while True:
        try:
            entry = console.input(prompt).strip()
        except EOFError:
            raise PlayerQuitError from None
        low = entry.lower()
        if low in ("q", "quit", "exit"):
            raise PlayerQuitError
        if optional and _WORDS.get(low) == "pass":
            return None
        if low in ("h", "hint", "moves") or low.startswith("#"):
            if suggested is None:
                suggested = _suggestions(t, state, view, actions)
            action = _pick(t, view, actions, suggested, low)
        else:
            action = _typed(t, game, state, view, actions, entry)
        if action is not None and _confirmed(t, state, action):
            return action


def _typed(
    t: Sitting, game: ReadsMoves, state: Any, view: View, actions: Sequence[Any], entry: str
) -> Any:
    """The legal action ``entry`` types, or ``None`` once what is wrong with it (or the
    help) is shown."""
    vi = t.vietnamese
    if entry.lower() in ("?", "help"):
        console.print(help_text(t.plugin, vietnamese=vi, rules=t.rules))
        return None
    if not entry:
        console.print(say("type-move", vi))
        return None
    try:
        action = game.parse_move(view, entry)
    except VncardsError as e:
        console.print(Text(_misread(t, e)))
        return None
    if action not in actions:
        console.print(Text(_reason(t, state, action)))
        return None
    return action


def _pick(
    t: Sitting,
    view: View,
    actions: Sequence[Any],
    suggested: list[tuple[Text, Any]],
    low: str,
) -> Any:
    """``#N``: suggestion N; ``h``: the hint (the strongest bot's choice, first among
    the suggestions); ``h`` again or ``moves``: every suggestion. ``None`` but for #N."""
    vi = t.vietnamese
    if not suggested:
        console.print(say("no-suggestion", vi))
        return None
    if low.startswith("#"):
        k = int(low[1:]) if low[1:].isdigit() else 0
        if 1 <= k <= len(suggested):
            return suggested[k - 1][1]
        console.print(say("choose", vi).format(n=len(suggested)))
        return None
    if low in ("h", "hint") and not t.hinted:
        t.hinted = True
        number, why = _typed_hint(t, view, actions, suggested)
        hint = Text.assemble((say("hint-typed", vi).format(number=number), "bold"))
        hint.append_text(suggested[number - 1][0])
        console.print(
            hint.append(f" — {why}" if why else "").append(f"  {say('hint-typed-again', vi)}")
        )
        return None
    for i, (label, _) in enumerate(suggested, 1):
        console.print(Text.assemble((f"  #{i:<3}", "bold"), label))
    return None


def _typed_hint(
    t: Sitting,
    view: View,
    actions: Sequence[Any],
    suggested: list[tuple[Text, Any]],
) -> tuple[int, str]:
    """The number of the strongest bot's choice among the suggestions and why it chose
    it (what its search measured; a bot that does not search gives no reason beyond
    the suggestion's own words); the game's first suggestion, whose words are its own
    reason, when the bot chose none of them (or there is no such bot)."""
    if t.hinter is None:
        return 1, ""
    choice = t.hinter.choose(view, list(actions), False)
    searched = getattr(t.hinter, "stats", None) is not None
    for i, (_, action) in enumerate(suggested, 1):
        if action == choice:
            return i, _why(t.hinter, t.vietnamese) if searched else ""
    return 1, ""


def _confirmed(t: Sitting, state: Any, action: Any) -> bool:
    """True unless the action costs a penalty and the player does not confirm it."""
    warning = _warning(t, state, action)
    if warning is None:
        return True
    vi = t.vietnamese
    console.print(Text(say("warn", vi).format(warning=warning), style="bold magenta"))
    try:
        answer = console.input(say("anyway", vi))
    except EOFError:
        raise PlayerQuitError from None
    return answer.strip().lower() in ("y", "yes", "có", "co")
