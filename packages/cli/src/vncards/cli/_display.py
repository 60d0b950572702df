"""Cards, events and tables for people: suits in colour (♦♥ red), optional Vietnamese
names, the words of events and of the table as a game describes them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from vncards.cli._common import plain
from vncards.cli._frame import say
from vncards.core import (
    Cards,
    Chopped,
    Declared,
    DescribesPlay,
    Discarded,
    Drew,
    Event,
    GameResult,
    NotationError,
    Passed,
    Played,
    Revealed,
    Settled,
    ShowsCards,
    SpeaksAtTable,
    Took,
    Transfer,
    View,
    WentOut,
    Won,
    Words,
    parse_card,
)

__all__ = [
    "card_text",
    "cards_for",
    "cards_text",
    "event_text",
    "outcome_text",
    "payments_table",
    "reason_text",
    "signed",
    "table_lines",
    "transfer_text",
    "transfers_table",
    "words_text",
]


def card_text(token: str, *, vietnamese: bool = False) -> Text:
    """One French card as people see it: ``10♥`` in red, or ``10 cơ`` with
    ``vietnamese``; a token that is no French card as it is (a game with cards of its
    own draws them, :class:`~vncards.core.ShowsCards`).

    >>> card_text("10H").plain, card_text("10H").style
    ('10♥', 'bold red')
    >>> card_text("QS", vietnamese=True).plain, card_text("RK").plain
    ('Q bích', 'RK')
    """
    try:
        card = parse_card(token)
    except NotationError:
        return Text(token)
    label = card.vietnamese if vietnamese else card.symbol
    return Text(label, style="bold red" if card.suit.value >= 2 else "bold")


def cards_text(tokens: Iterable[str], *, vietnamese: bool = False, sep: str = " ") -> Text:
    """Several French cards, separated by ``sep`` (``, `` suits Vietnamese names best).

    >>> cards_text(["3S", "4S", "5H"]).plain
    '3♠ 4♠ 5♥'
    """
    out = Text()
    for i, token in enumerate(tokens):
        if i:
            out.append(sep)
        out.append_text(card_text(token, vietnamese=vietnamese))
    return out


def signed(value: int) -> Text:
    """A payment with its sign, green when received and red when paid.

    >>> signed(5).plain, signed(-3).plain, signed(0).plain
    ('+5', '-3', '0')
    """
    if value > 0:
        return Text(f"+{value}", style="green")
    if value < 0:
        return Text(str(value), style="red")
    return Text("0")


def _literal(text: object) -> str:
    return plain(text)


def payments_table(
    title: str,
    players: Sequence[str],
    columns: Mapping[str, Sequence[int]],
    *,
    player: str = "player",
) -> Table:
    """One row per player, one column per series of payments (e.g. game, match total);
    ``player`` heads the players' column."""
    table = Table(title=title, title_justify="left")
    table.add_column(player)
    for name in columns:
        table.add_column(name, justify="right")
    for i, player in enumerate(players):
        table.add_row(Text(_literal(player)), *(signed(series[i]) for series in columns.values()))
    return table


def words_text(plugin: object, words: Words, *, vietnamese: bool = False) -> Text:
    """Words a game gave (see :class:`~vncards.core.DescribesPlay`), its cards drawn as
    cards (their Vietnamese names apart by commas).

    >>> words_text(object(), ("On the table: ", Cards(("3S", "4H")))).plain
    'On the table: 3♠ 4♥'
    >>> words_text(object(), ("Trên bàn: ", Cards(("3S", "4H"))), vietnamese=True).plain
    'Trên bàn: 3 bích, 4 cơ'
    """
    out = Text()
    sep = ", " if vietnamese else " "
    for part in words:
        if isinstance(part, Cards):
            out.append_text(cards_for(plugin, part, vietnamese=vietnamese, sep=sep))
        else:
            out.append(part)
    return out


def table_lines(
    plugin: object, view: View, names: Sequence[str], *, vietnamese: bool = False
) -> list[Text]:
    """What the table shows ``view.seat``: the game's own lines when it describes its
    table (:class:`~vncards.core.DescribesPlay`), else each public value as it is; then
    how many cards the others hold.

    >>> from vncards.tusac import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=3)
    >>> [line.plain for line in table_lines(plugin, plugin.view(st, 1), ["An", "You"])][-1]
    'Cards in hand: An 21'
    """
    lines: list[Text] = []
    if isinstance(plugin, SpeaksAtTable):
        for words in plugin.table_talk(vietnamese).table(view, names):
            lines.append(words_text(plugin, words, vietnamese=vietnamese))
    elif isinstance(plugin, DescribesPlay):
        for words in plugin.table_words(view, names):
            lines.append(words_text(plugin, words, vietnamese=vietnamese))
    else:
        for key, value in view.to_json(list(names))["public"].items():
            if value not in (None, [], {}):
                lines.append(Text(f"{key}: {_plain(value)}"))
    others = [f"{names[s]} {n}" for s, n in enumerate(view.counts) if s != view.seat]
    if others:
        lines.append(Text(say("in-hand", vietnamese) + ", ".join(others), style="dim"))
    return lines


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return str(value)


# the verb a player's name takes, and the one "You" takes
_YOU = {"plays": "play", "passes": "pass", "declares": "declare", "draws": "draw",
        "discards": "discard", "takes": "take", "has": "have", "chops": "chop"}  # fmt: skip


def event_text(
    plugin: object,
    event: Event,
    names: Sequence[str],
    *,
    you: int | None = None,
    vietnamese: bool = False,
) -> Text | None:
    """One event as a line for people (``None`` for the win and the final payments,
    which a screen shows as a whole). The game's own words come first (its
    :meth:`~vncards.core.DescribesPlay.event_words`); the core's events have words here;
    any other event is written from its JSON form. ``you`` is the seat addressed as
    "You".

    >>> event_text(object(), Played(1, ("3S", "4S")), ["You", "An"]).plain
    'An plays 3♠ 4♠'
    >>> event_text(object(), Passed(0), ["You", "An"], you=0).plain
    'You pass'
    >>> event_text(object(), Chopped(1, victim=0, value=6), ["You", "An"], you=0).plain
    '  ⚔ Chặt! An chops You: the chain is worth 6 lá.'
    """
    seat = event.seat
    who = "the table" if seat is None else names[seat]

    def verb(word: str) -> str:
        return _YOU.get(word, word) if seat is not None and seat == you else word

    def cards(tokens: Sequence[str]) -> Text:
        sep = ", " if vietnamese else " "
        return cards_for(plugin, tokens, vietnamese=vietnamese, sep=sep)

    if isinstance(plugin, SpeaksAtTable):
        said = plugin.table_talk(vietnamese).event(event, names, you)
        if said is not None:
            return words_text(plugin, said, vietnamese=vietnamese)
    if isinstance(plugin, DescribesPlay):
        words = plugin.event_words(event, names)
        if words is not None:
            return Text.assemble(
                (f"{who} ", "bold"), words_text(plugin, words, vietnamese=vietnamese)
            )
    name = Text(f"{who} ", style="bold")
    if isinstance(event, Played):
        return Text.assemble(name, verb("plays"), " ", cards(event.cards))
    if isinstance(event, Passed):
        return Text.assemble(name, verb("passes"))
    if isinstance(event, Chopped):
        return Text.assemble(
            ("  ⚔ Chặt! ", "bold magenta"),
            f"{who} {verb('chops')} {names[event.victim]}: the chain is worth {event.value} lá.",
        )
    if isinstance(event, Declared):
        return Text.assemble(name, (f"{verb('declares')} {event.what}", "bold yellow"))
    if isinstance(event, Drew):
        if event.card is None:
            return Text.assemble(name, verb("draws"), " a card")
        return Text.assemble(name, verb("draws"), " ", cards([event.card]))
    if isinstance(event, Discarded):
        return Text.assemble(name, verb("discards"), " ", cards([event.card]))
    if isinstance(event, Took):
        out = Text.assemble(name, verb("takes"), " ", cards([event.card]))
        if event.cards:
            out.append(" with ")
            out.append_text(cards(event.cards))
        return out
    if isinstance(event, WentOut):
        return Text(f"  {who} {verb('has')} no cards left.", style="cyan")
    if isinstance(event, Revealed):
        return Text.assemble(f"{who}'s hand: ", cards(event.cards))
    if isinstance(event, Won):
        return None
    if isinstance(event, Settled):
        if not event.transfers or any(t.reason != "chop" for t in event.transfers):
            return None  # the game's payments: shown as a table
        paid = "; ".join(_paid(t, names) for t in event.transfers)
        return Text(f"  Chop chain paid: {paid}.", style="magenta")
    data = event.to_json(list(names))
    data.pop("player", None)
    kind = data.pop("type")
    rest = " ".join(f"{k} {_plain(v)}" for k, v in data.items() if v not in (None, [], ""))
    return Text.assemble(name, f"{kind} {rest}".strip())


def _paid(t: Transfer, names: Sequence[str]) -> str:
    return f"{names[t.payer]} pays {names[t.payee]} {t.amount} lá"


def reason_text(plugin: object, code: str, *, vietnamese: bool = False) -> str:
    """A transfer reason in the game's words (:class:`~vncards.core.SpeaksAtTable`), else
    its code.

    >>> from vncards.tusac import plugin
    >>> reason_text(plugin, "quan"), reason_text(object(), "quan")
    ('for a Quàn', 'quan')
    """
    if isinstance(plugin, SpeaksAtTable):
        return plugin.table_talk(vietnamese).reason(code)
    return code


_OUTCOMES = {
    "win": "{w} {wins}.",
    "instant-win": "{w} {wins} at once with the deal ({code}).",
    "draw": "The game is a draw.",
}


def outcome_text(
    plugin: object,
    result: GameResult,
    names: Sequence[str],
    *,
    you: int | None = None,
    vietnamese: bool = False,
) -> str:
    """How a game ended, in the game's words (:class:`~vncards.core.SpeaksAtTable`), else
    from its outcome code.

    >>> res = GameResult(True, "win", 1, None, (-2, 2))
    >>> outcome_text(object(), res, ["You", "An"], you=0)
    'An wins.'
    """
    if isinstance(plugin, SpeaksAtTable):
        return plugin.table_talk(vietnamese).outcome(result, names, you)
    winner = names[result.winner] if result.winner is not None else "nobody"
    fallback = "The game is over ({o}): {w} {wins}."
    return _OUTCOMES.get(result.outcome or "", fallback).format(
        w=winner,
        code=result.instant_win,
        o=result.outcome,
        wins="win" if result.winner == you else "wins",
    )


def transfer_text(
    plugin: object,
    transfer: Transfer,
    names: Sequence[str],
    *,
    you: int | None = None,
    vietnamese: bool = False,
) -> Text:
    """One payment in words: who pays whom, how many lá, and why.

    >>> from vncards.tusac import plugin
    >>> transfer_text(plugin, Transfer(1, 0, 8, "quan"), ["You", "An"]).plain
    '  An pays You 8 lá — for a Quàn'
    >>> transfer_text(object(), Transfer(0, 1, 3, "cards-left"), ["You", "An"], you=0).plain
    '  You pay An 3 lá — cards-left'
    """
    payer, payee = _literal(names[transfer.payer]), _literal(names[transfer.payee])
    why = reason_text(plugin, transfer.reason, vietnamese=vietnamese)
    if vietnamese:
        return Text(f"  {payer} trả {payee} {transfer.amount} lá — {why}")
    verb = "pay" if transfer.payer == you else "pays"
    return Text(f"  {payer} {verb} {payee} {transfer.amount} lá — {why}")


def transfers_table(
    title: str,
    transfers: Sequence[Mapping[str, Any]],
    heads: Sequence[str] = ("from", "to", "amount", "reason"),
) -> Table:
    """One row per itemised payment: who pays whom, how much and why (``heads`` name
    the four columns)."""
    table = Table(title=title, title_justify="left")
    for col, justify in zip(heads, ("left", "left", "right", "left"), strict=True):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for t in transfers:
        cells = (t["from"], t["to"], t["amount"], t["reason"])
        table.add_row(*(Text(_literal(c)) for c in cells))
    return table


# readable on light and dark terminals alike: yellow darkened to gold (bright yellow
# vanishes on white), white drawn as a white card face with dark letters (never
# white-on-white), black in the terminal's own foreground
_STYLES = {
    "red": "bold red",
    "yellow": "bold dark_goldenrod",
    "green": "bold green",
    "white": "bold black on bright_white",
    "black": "bold",
}


def cards_for(
    plugin: object, tokens: Sequence[str], *, vietnamese: bool = False, sep: str = " "
) -> Text:
    """Cards as people see them: through the game's :class:`~vncards.core.ShowsCards`
    when it has it, else as French cards (suits in colour).

    >>> cards_for(object(), ["3S", "10H"]).plain
    '3♠ 10♥'
    """
    if not isinstance(plugin, ShowsCards):
        return cards_text(tokens, vietnamese=vietnamese, sep=sep)
    out = Text()
    for i, token in enumerate(tokens):
        if i:
            out.append(sep)
        look = plugin.card_look(token, vietnamese)
        out.append(look.label, style=_STYLES.get(look.colour or "", ""))
    return out
