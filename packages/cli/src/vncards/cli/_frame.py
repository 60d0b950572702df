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
    "first-you": ("{who} act first.", "{who} đi trước."),
}


def say(key: str, vietnamese: bool = False) -> str:
    """The frame's words for ``key``.

    >>> say("hand"), say("hand", vietnamese=True)
    ('Your hand:', 'Bài của bạn:')
    """
    english, vietnamese_words = _FRAME[key]
    return vietnamese_words if vietnamese else english
