"""The play screen's and the referee's own words — the frame around a game's words: the
hand's heading, the prompt, the settlement's headings, "again?", the ruling's sentences
— in English or in Vietnamese (``--vi``).
A game's own words come from the game (:class:`~vncards.core.SpeaksAtTable`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from vncards.core import FRENCH, ExplainsNotation, ReadsMoves, SpeaksAtTable

__all__ = ["help_text", "notation_examples", "say"]

_FRAME: dict[str, tuple[str, str]] = {
    "hand": ("Your hand:", "Bài của bạn:"),
    "in-hand": ("Cards in hand: ", "Số lá trên tay: "),
    "move": ("Your move", "Nước đi"),
    "cards": ("cards or positions", "lá hoặc vị trí"),
    "pass": ("p = pass", "p = bỏ lượt"),
    "decline": ("p = decline", "p = bỏ qua"),
    "draw": ("d = draw", "d = bốc"),
    "declare": ("s = declare", "s = báo"),
    "hint": ("h = hint", "h = gợi ý"),
    "help": ("? = help", "? = trợ giúp"),
    "payments": ("Payments (lá):", "Thanh toán (lá):"),
    "settlement": ("Settlement", "Tính tiền"),
    "game": ("game", "ván"),
    "of": ("of", "/"),
    "this game": ("this game (lá)", "ván này (lá)"),
    "match total": ("match total", "cộng dồn"),
    "player": ("player", "người chơi"),
    "again": ("Play again? (y/N)> ", "Chơi ván nữa? (y/N)> "),
    "bye": ("Bye.", "Tạm biệt."),
    "game-of": ("Game {number} of {games}", "Ván {number}/{games}"),
    "saved-one": ("Record saved to {where}.", "Đã lưu biên bản vào {where}."),
    "saved-lines": (
        "{n} records (one a line) saved to {where}.",
        "Đã lưu {n} biên bản (mỗi dòng một ván) vào {where}.",
    ),
    "saved-files": ("{n} records saved to {where}.", "Đã lưu {n} biên bản vào {where}."),
    "no-record": (
        "No game was finished: no record saved.",
        "Chưa xong ván nào: không lưu biên bản.",
    ),
    "opening": (
        "variant {variant}, seed {seed}. {bots} against you. Type ? for help.",
        "biến thể {variant}, seed {seed}. {bots} chơi với bạn. Gõ ? để xem trợ giúp.",
    ),
    "first": ("{who} acts first.", "{who} đi trước."),
    "hint-move": ("Hint (#{number}): ", "Gợi ý (#{number}): "),
    "hint-let-go": (
        "Hint ({bot}): let this chance go (p) — {why}",
        "Gợi ý ({bot}): bỏ qua (p) — {why}",
    ),
    "hint-again": ("h again lists every move.", "gõ h lần nữa để xem mọi nước đi."),
    "why-bot": ("the {bot} bot's choice.", "lựa chọn của bot {bot}."),
    "why-sure": (
        "the search needs no playouts here: nothing else is worth trying.",
        "không cần thử: không có nước nào khác đáng xét.",
    ),
    "why-search": (
        "over {n} sampled playouts it nets {best} lá on average, the next best {next}.",
        "qua {n} ván thử, nước này được trung bình {best} lá, nước kế tiếp {next}.",
    ),
    "first-you": ("{who} act first.", "{who} đi trước."),
    "typed-like": ("Cards are typed like {shown}.", "Các lá được gõ như {shown}."),
    "no-move": ("You have no move to make here.", "Bạn không có nước nào để đi."),
    "no-move-p": ("Type p to decline.", "Gõ p để bỏ qua."),
    "decline-listed": ("decline (this choice is optional)", "bỏ qua (không bắt buộc)"),
    "not-a-choice": (
        "That is not one of your choices right now.",
        "Lúc này bạn không đi được nước đó.",
    ),
    "type-move": ("Type your move, or ? for help.", "Gõ nước đi, hoặc ? để xem trợ giúp."),
    "cannot-read": ("I cannot read that: {error}.", "Không đọc được: {error}."),
    "not-a-number": (
        "{entry} is not a move number: type h to see them numbered.",
        "{entry} không phải số của nước đi: gõ h để xem các nước có đánh số.",
    ),
    "no-such-number": (
        "There is no move #{k}: choose #1 to #{n} (h lists them).",
        "Không có nước #{k}: chọn từ #1 tới #{n} (h để xem).",
    ),
    "nothing-to-declare": (
        "There is nothing to declare now (h lists your moves).",
        "Lúc này không có gì để báo (h để xem các nước đi).",
    ),
    "one-discard": ("You discard one card at a time.", "Mỗi lần chỉ đánh một lá."),
    "positions": (
        "Your hand has positions 1 to {n}; {bad} is not one of them.",
        "Bài của bạn có vị trí 1 tới {n}; không có vị trí {bad}.",
    ),
    "position-twice": ("Each position may be named once.", "Mỗi vị trí chỉ được gõ một lần."),
    "now-cards": ("cards", "các lá"),
    "now-pass": ("p to pass", "p để bỏ lượt"),
    "now-draw": ("d to draw", "d để bốc"),
    "now-declare": ("s to declare", "s để báo"),
    "now-let-go": ("p to let the chance go", "p để bỏ qua"),
    "now-or": (" or ", " hoặc "),
    "now-type": (
        "type {choices} (h: a hint, moves: the list).",
        "gõ {choices} (h: gợi ý, moves: danh sách).",
    ),
    "you-may": ("{why} You may {then}", "{why} Bạn có thể {then}"),
    "no-cards-now": ("Cards are not a move here: {then}", "Lúc này không đánh bài được: {then}"),
    "not-now": ("That is not a move here: {then}", "Lúc này không đi được nước đó: {then}"),
    "no-suggestion": (
        "There is no suggestion here: type your move (? for help).",
        "Không có gợi ý: hãy gõ nước đi (? để xem trợ giúp).",
    ),
    "choose": ("Choose #1 to #{n} (h shows them).", "Chọn từ #1 tới #{n} (h để xem)."),
    "hint-typed": ("Hint: #{number} ", "Gợi ý: #{number} "),
    "hint-typed-again": ("(h again lists every suggestion)", "(gõ h lần nữa để xem mọi gợi ý)"),
    "warn": ("⚠ This move {warning}", "⚠ Nước này {warning}"),
    "anyway": ("Make it anyway? (y/N)> ", "Vẫn đi nước này? (y/N)> "),
    "ref-heading": ("variant {variant}, {n} players:", "biến thể {variant}, {n} người chơi:"),
    "ref-illegal": (
        "Illegal: action {index} by {who} is not allowed:",
        "Sai luật: nước {index} của {who} không hợp lệ:",
    ),
    "ref-legal": ("Every action is legal.", "Mọi nước đi đều hợp lệ."),
    "ref-unfinished": (
        "The game is not finished: only the payments already settled are made.",
        "Ván chưa kết thúc: chỉ trả các khoản đã tính xong.",
    ),
    "ref-violations": ("Violations", "Phạm luật"),
    "ref-unfinished-short": ("unfinished", "ván chưa xong"),
    "batch-where": ("record {n} (line {line})", "biên bản {n} (dòng {line})"),
    "batch-unreadable": ("unreadable", "không đọc được"),
    "ref-transfers": ("Transfers", "Các khoản trả"),
    "ref-payments": ("Payments", "Thanh toán"),
    "ref-net": ("net", "tổng"),
    "ref-bet": (" (lá × bet {bet})", " (lá × tiền cược {bet})"),
    # the columns of a table, apart by |
    "ref-transfer-heads": ("from|to|amount|reason", "người trả|người nhận|số lá|lý do"),
    "ref-violation-heads": ("action|player|rule|what", "nước|người chơi|luật|nội dung"),
}


_HELP = {
    False: """\
Type the cards to play, in any notation: {examples} —
or their positions in your hand: [bold]1 2 3[/].
  [bold]p[/]        pass (or decline an optional choice)
  [bold]d[/]        draw from the stock (where the game has one)
  [bold]t CARDS[/]  take the active card with these cards of yours ([bold]t[/] alone: on its own)
  [bold]s[/]        declare (báo), where the game offers it
""",
    True: """\
Gõ các lá để đánh, viết kiểu nào cũng được: {examples} —
hoặc vị trí của chúng trong tay: [bold]1 2 3[/].
  [bold]p[/]        bỏ lượt (hoặc bỏ qua một lựa chọn không bắt buộc)
  [bold]d[/]        bốc nọc (nếu trò chơi có nọc)
  [bold]t BÀI[/]    ăn lá trên bàn bằng các lá này ([bold]t[/] một mình: ăn riêng lá đó)
  [bold]s[/]        báo, nếu trò chơi cho báo
""",
}
_TYPED_KEYS = {
    False: """\
  [bold]h[/]        a hint: the strongest bot's choice, and why;  [bold]h[/] again or
           [bold]moves[/]: every suggestion;  [bold]#N[/] picks suggestion N
  [bold]p[/]        decline an optional choice
  [bold]?[/]        this help;  [bold]q[/] quit""",
    True: """\
  [bold]h[/]        gợi ý: lựa chọn của bot mạnh nhất, và lý do;  [bold]h[/] lần nữa hoặc
           [bold]moves[/]: mọi gợi ý;  [bold]#N[/] chọn gợi ý N
  [bold]p[/]        bỏ qua một lựa chọn không bắt buộc
  [bold]?[/]        trợ giúp này;  [bold]q[/] thoát""",
}
_KEYS = {
    False: """\
  [bold]h[/]        a hint: the strongest bot's choice, and why;  [bold]h[/] again or
           [bold]moves[/]: every legal move, numbered;  [bold]#N[/] picks move N
  [bold]?[/]        this help;  [bold]q[/] quit""",
    True: """\
  [bold]h[/]        gợi ý: lựa chọn của bot mạnh nhất, và lý do;  [bold]h[/] lần nữa hoặc
           [bold]moves[/]: mọi nước đi hợp lệ, có đánh số;  [bold]#N[/] chọn nước N
  [bold]?[/]        trợ giúp này;  [bold]q[/] thoát""",
}


def notation_examples(plugin: object) -> Sequence[str]:
    """How cards are typed for this game: its own examples
    (:class:`~vncards.core.ExplainsNotation`), else the French deck's (core's
    :data:`~vncards.core.FRENCH` notation).

    >>> notation_examples(object())
    ('3s 4s 5h', '10 cơ', '3♠,4♠')
    """
    if isinstance(plugin, ExplainsNotation):
        return tuple(plugin.notation_examples)
    return FRENCH.examples


def help_text(plugin: object, *, vietnamese: bool = False, rules: Any = None) -> str:
    """The play screen's help (``?``), rich markup: the game's own help when it speaks
    at the table (:class:`~vncards.core.SpeaksAtTable`), else how cards are typed with
    the game's own examples; then the keys every game shares.

    A game that reads its moves itself (:class:`~vncards.core.ReadsMoves`) says how
    they are typed.

    >>> "3s 4s 5h" in help_text(object())
    True
    """
    vi = vietnamese
    keys = (_TYPED_KEYS if isinstance(plugin, ReadsMoves) else _KEYS)[vi]
    if isinstance(plugin, SpeaksAtTable):
        own = [escape(line) for line in plugin.table_talk(vi, rules).help()]
        if isinstance(plugin, ExplainsNotation):
            shown = " · ".join(f"[bold]{escape(e)}[/]" for e in notation_examples(plugin))
            own.append(say("typed-like", vi).format(shown=shown))
        return "\n".join(own) + "\n" + keys
    if isinstance(plugin, ReadsMoves):
        return "\n".join(escape(line) for line in plugin.move_help) + "\n" + keys
    shown = ", ".join(f"[bold]{escape(e)}[/]" for e in notation_examples(plugin))
    return _HELP[vi].format(examples=shown) + _KEYS[vi]


def say(key: str, vietnamese: bool = False) -> str:
    """The frame's words for ``key``.

    >>> say("hand"), say("hand", vietnamese=True)
    ('Your hand:', 'Bài của bạn:')
    """
    english, vietnamese_words = _FRAME[key]
    return vietnamese_words if vietnamese else english
