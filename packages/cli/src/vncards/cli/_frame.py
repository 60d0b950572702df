"""The play screen's own words — the frame around a game's words: the hand's heading,
the prompt, the settlement's headings, "again?" — in English or in Vietnamese (``--vi``).
A game's own words come from the game (:class:`~vncards.core.SpeaksAtTable`)."""

from __future__ import annotations

__all__ = ["say"]

_FRAME: dict[str, tuple[str, str]] = {
    "hand": ("Your hand:", "Bài của bạn:"),
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
    "opening": (
        "variant {variant}, seed {seed}. {bots} against you. Type ? for help.",
        "biến thể {variant}, seed {seed}. {bots} chơi với bạn. Gõ ? để xem trợ giúp.",
    ),
    "first": ("{who} acts first.", "{who} đi trước."),
    "hint-move": ("Hint (#{number}): ", "Gợi ý (#{number}): "),
    "hint-let-go": (
        "Hint ({bot}): let this chance go (p). {why}",
        "Gợi ý ({bot}): bỏ qua (p). {why}",
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
}


def say(key: str, vietnamese: bool = False) -> str:
    """The frame's words for ``key``.

    >>> say("hand"), say("hand", vietnamese=True)
    ('Your hand:', 'Bài của bạn:')
    """
    english, vietnamese_words = _FRAME[key]
    return vietnamese_words if vietnamese else english
