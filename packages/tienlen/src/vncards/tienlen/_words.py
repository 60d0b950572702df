"""What a Tiến lên play screen says, in English or in Vietnamese: the payments in words,
the tới trắng hands, how a game ends and the help of the play prompt, with the amounts
of the preset in play. The table and the events are a climbing game's
(:class:`~vncards.core.ClimbTalk`).
"""

from __future__ import annotations

from vncards.core import ClimbTalk, ClimbWords
from vncards.tienlen._rules import TienLenRules

__all__ = ["table_talk", "words_for"]

_INSTANT = {
    False: {
        "dragon": "a dragon (sảnh rồng), every rank from 3 to A",
        "four-twos": "the four 2s (tứ quý heo)",
        "five-pair-run": "five pairs in a run (5 đôi thông)",
        "six-pairs": "six pairs (6 đôi)",
    },
    True: {
        "dragon": "sảnh rồng",
        "four-twos": "tứ quý heo",
        "five-pair-run": "5 đôi thông",
        "six-pairs": "6 đôi",
    },
}
_REASONS = {
    False: {
        "cards-left": "cards left in hand",
        "thoi-2": "thối 2: 2s left in hand",
        "thoi-hang": "thối hàng: a tứ quý or pair-run left in hand",
        "cong": "cóng: never played a card (the debt doubles)",
        "chop": "a chop chain (chặt)",
        "instant-win": "tới trắng: the whole hand",
    },
    True: {
        "cards-left": "lá còn trên tay",
        "thoi-2": "thối 2",
        "thoi-hang": "thối hàng",
        "cong": "cóng (chưa đánh lá nào: nợ nhân lên)",
        "chop": "tiền chặt",
        "instant-win": "tới trắng",
    },
}
_REFUSALS_VI = {
    "wrong-first-play": "Nước đầu tiên của ván phải có lá mở ván.",
    "finish-on-two": "Luật này không cho về bằng bộ có heo (2).",
}
_OUTCOMES = {
    False: {"win": "{who} {wins}.", "instant-win": "{who} {wins} at once with the deal: {hand}."},
    True: {"win": "{who} về nhất.", "instant-win": "{who} tới trắng: {hand}."},
}


def _help(rules: TienLenRules, vietnamese: bool) -> tuple[str, ...]:
    black, red, cong = rules.thoi_black_two, rules.thoi_red_two, rules.cong_multiplier
    if vietnamese:
        return (
            "Đánh: gõ các lá (3s 4s 5h, 10 cơ) hoặc vị trí trong tay (1 2 3); p bỏ lượt.",
            "Đánh cùng kiểu và cao hơn bài trên bàn; mọi người khác bỏ lượt thì người",
            "đánh cuối thắng vòng và đi tiếp.",
            "Chặt: tứ quý hoặc đôi thông chặt được heo; người bị chặt trả tiền chặt.",
            f"Người thua trả 1 lá mỗi lá còn lại; thối 2: {black} (2 đen), {red} (2 đỏ);",
            f"cóng (chưa đánh lá nào): nợ nhân {cong}.",
        )
    return (
        "Play cards by typing them (3s 4s 5h, 10 cơ) or their positions (1 2 3);",
        "p passes. Beat the table with the same kind of combination, higher; when",
        "everyone else passes, the last player takes the round and leads the next.",
        "Chops (chặt): a tứ quý or a run of pairs (đôi thông) may beat 2s; the",
        "chopped player pays for them.",
        f"Losers pay one lá per card left; a 2 left costs {black} (black) or {red} (red)",
        f"(thối 2); a loser who never played pays {cong} times over (cóng).",
    )


def words_for(rules: TienLenRules, vietnamese: bool = False) -> ClimbWords:
    """Tiến lên's phrases for ``rules``.

    >>> words_for(TienLenRules()).reasons["thoi-2"]
    'thối 2: 2s left in hand'
    """
    return ClimbWords(
        _REASONS[vietnamese],
        _INSTANT[vietnamese],
        _OUTCOMES[vietnamese],
        _help(rules, vietnamese),
        refusals=_REFUSALS_VI if vietnamese else {},
    )


def table_talk(plugin: object, rules: TienLenRules, vietnamese: bool = False) -> ClimbTalk:
    """The screen words of ``plugin`` (Tiến lên) for ``rules``.

    >>> from vncards.tienlen import plugin
    >>> table_talk(plugin, TienLenRules(), vietnamese=True).reason("cong")[:4]
    'cóng'
    """
    return ClimbTalk(plugin, words_for(rules, vietnamese), vietnamese=vietnamese)
