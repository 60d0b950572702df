"""What a Sâm Lốc play screen says, in English or in Vietnamese: the payments in words,
the tới trắng hands, how a game ends, and the help of the play prompt — what a Sâm
declaration pays and what failing it costs, with the amounts of the preset in play. The
table and the events are a climbing game's (:class:`~vncards.core.ClimbTalk`).
"""

from __future__ import annotations

from collections.abc import Sequence

from vncards.core import ClimbTalk, ClimbWords, Event, Words
from vncards.samloc._events import BaoMotViolated, OneCard, Stuck
from vncards.samloc._hands import INSTANT_WINS
from vncards.samloc._rules import SamRules

__all__ = ["SamTalk", "table_talk", "words_for"]

_REASONS = {
    False: {
        "cards-left": "cards left in hand",
        "thoi-2": "thối 2: 2s left in hand",
        "thoi-hang": "thối hàng: a tứ quý left in hand",
        "cong": "cóng: never played a card",
        "chop": "a chop chain (chặt)",
        "instant-win": "tới trắng",
        "sam": "a Sâm made",
        "bao-mot": "đền: báo một not respected",
        "den": "a failed Sâm (đền)",
    },
    True: {
        "cards-left": "lá còn trên tay",
        "thoi-2": "thối 2",
        "thoi-hang": "thối tứ quý",
        "cong": "cóng",
        "chop": "tiền chặt",
        "instant-win": "tới trắng",
        "sam": "ăn Sâm",
        "bao-mot": "đền vì không chặn báo một",
        "den": "đền Sâm",
    },
}
_INSTANT_VI = {
    "dragon": "sảnh rồng",
    "four-twos": "tứ quý 2",
    "one-colour": "đồng hoa",
    "three-triples": "3 sám cô",
    "five-pairs": "5 đôi",
}
_REFUSALS_VI = {
    "finish-on-two": "Không được về bằng bộ có 2 (thối 2).",
    "already-declared": "Bạn đã báo Sâm rồi.",
    "declare-after-play": "Chỉ được báo Sâm trước khi đánh lá đầu tiên.",
    "unknown-declaration": "Sâm không có kiểu báo đó.",
}
_BAO_MOT_VI = (
    "phạm luật báo một: người sau còn một lá mà nước này không chặn bằng lá cao nhất;"
    " nếu người đó về nhất, bạn đền cho cả làng."
)
_BAO_MOT_VIOLATED_VI = (
    "Người sau báo một mà không chặn bằng lá cao nhất: người đó về nhất thì phải đền cả làng."
)
_OUTCOMES = {
    False: {
        "win": "{who} {wins}.",
        "instant-win": "{who} {wins} at once with the deal: {hand}.",
        "sam-success": "{who} made the Sâm and {wins}.",
        "sam-failed": "The Sâm failed: {who} {wins}.",
        "draw": "The game is a draw.",
    },
    True: {
        "win": "{who} về nhất.",
        "instant-win": "{who} tới trắng: {hand}.",
        "sam-success": "{who} ăn Sâm.",
        "sam-failed": "Sâm bị chặn: {who} thắng.",
        "draw": "Ván hòa.",
    },
}


def _sam_failure(rules: SamRules, vietnamese: bool) -> str:
    """What a failed declaration costs, under ``rules``."""
    if rules.sam_failure_payee == "everyone":
        if vietnamese:
            return f"đền {rules.sam} cho mỗi người khác"
        return f"you pay {rules.sam} to every other player"
    basis = {"opponents": ("opponent", "đối thủ"), "players": ("player", "người chơi")}
    en, vi = basis[rules.sam_failure_basis]
    if vietnamese:
        return f"đền người chặn {rules.sam} × số {vi}"
    return f"you pay whoever beats you {rules.sam} per {en}"


def _help(rules: SamRules, vietnamese: bool) -> tuple[str, ...]:
    fail = _sam_failure(rules, vietnamese)
    if vietnamese:
        return (
            "Đánh: gõ các lá (3s 4s 5h, 10 cơ) hoặc vị trí trong tay (1 2 3); p bỏ lượt.",
            "Báo Sâm (s) trước lá đầu tiên: đánh hết bài mà không bị ai chặn thì",
            f"mỗi đối thủ trả bạn {rules.sam}; bị chặn thì {fail}.",
            "Còn một lá thì báo một: người ngay trước phải chặn bằng lá cao nhất.",
            f"Người thua trả 1 lá mỗi lá còn lại; thối 2: {rules.held_two} mỗi con;",
            f"cóng (chưa đánh lá nào): {rules.cong}.",
        )
    return (
        "Play cards by typing them (3s 4s 5h, 10 cơ) or their positions (1 2 3);",
        "p passes.",
        "Sâm (s, before the first play): play out every card with no play of yours",
        f"ever beaten, and each opponent pays you {rules.sam}; if anyone beats you,",
        f"{fail}.",
        "With one card left a player is announced (báo một): the player just before",
        "must stop a single with their highest card.",
        f"Losers pay one lá per card left and {rules.held_two} more per 2 (thối 2);",
        f"one who never played pays {rules.cong} instead (cóng).",
    )


def words_for(rules: SamRules, vietnamese: bool = False) -> ClimbWords:
    """Sâm Lốc's phrases for ``rules``.

    >>> "pays you 20" in words_for(SamRules()).help[3]
    True
    """
    instant = _INSTANT_VI if vietnamese else dict(INSTANT_WINS)
    return ClimbWords(
        _REASONS[vietnamese],
        instant,
        _OUTCOMES[vietnamese],
        _help(rules, vietnamese),
        declarations={"sam": "Sâm"},
        refusals=_REFUSALS_VI if vietnamese else {},
        warning=_BAO_MOT_VI if vietnamese else None,
        violations={"bao-mot": _BAO_MOT_VIOLATED_VI} if vietnamese else {},
    )


class SamTalk(ClimbTalk):
    """Sâm Lốc's words: a climbing game's, and in Vietnamese its own events too (báo
    một, its violation, a player stuck on a 2); in English the plugin's
    ``event_words`` say those.

    >>> from vncards.samloc import plugin
    >>> talk = table_talk(plugin, SamRules(), vietnamese=True)
    >>> talk.event(OneCard(1), ["Bạn", "An"], 0)
    ('An còn một lá (báo một).',)
    """

    def event(self, event: Event, players: Sequence[str], you: int | None) -> Words | None:
        """The báo một lines in Vietnamese, then a climbing game's events."""
        if not self.vietnamese or event.seat is None:
            return super().event(event, players, you)
        who = players[event.seat]
        if isinstance(event, OneCard):
            return (f"{who} còn một lá (báo một).",)
        if isinstance(event, BaoMotViolated):
            held = players[event.announced]
            return (
                f"{who} không chặn {held}, người còn một lá: phạm luật báo một"
                f" (nếu {held} về nhất, {who} đền cho cả làng).",
            )
        if isinstance(event, Stuck):
            return (f"{who} chỉ còn một con 2, không được về bằng 2 (thối 2), nên dừng chơi.",)
        return super().event(event, players, you)


def table_talk(plugin: object, rules: SamRules, vietnamese: bool = False) -> SamTalk:
    """The screen words of ``plugin`` (Sâm Lốc) for ``rules``.

    >>> from vncards.samloc import plugin
    >>> table_talk(plugin, SamRules()).reason("den")
    'a failed Sâm (đền)'
    """
    return SamTalk(plugin, words_for(rules, vietnamese), vietnamese=vietnamese)
