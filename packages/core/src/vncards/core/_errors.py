"""The one exception hierarchy every vncards package raises from."""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = [
    "MESSAGE_LIMIT",
    "QUOTE_LIMIT",
    "REFUSALS_VI",
    "IllegalMove",
    "NotationError",
    "PluginError",
    "RecordError",
    "RulesError",
    "SeedError",
    "VncardsError",
    "error_words",
    "short_message",
]


_RUN = re.compile(r"\S{121,}")
_QUOTED = re.compile(r"'([^'\s]{41,})'|\"([^\"\s]{41,})\"")
QUOTE_LIMIT = 40
"""Most characters of one piece of input an error message quotes."""
MESSAGE_LIMIT = 400
"""Most characters of an error message."""


def short_message(text: str) -> str:
    """``text`` with every quoted piece longer than :data:`QUOTE_LIMIT` characters cut
    to that many (its length said), any other unbroken run of over 120 characters cut
    too, and the whole at most :data:`MESSAGE_LIMIT` characters: an error about a token
    of a million characters stays a short line.

    >>> short_message("unknown card '" + "3" * 10**6 + "'")
    "unknown card '3333333333333333333333333333333333333333…' (1000000 characters)"
    >>> once = short_message("unknown card '" + "3" * 10**6 + "'")
    >>> short_message(f"bad record: {once}") == f"bad record: {once}"
    True
    """

    def quoted(m: re.Match[str]) -> str:
        q = "'" if m.group(1) is not None else '"'
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        if len(inner) == QUOTE_LIMIT + 1 and inner.endswith("…"):
            return m.group()  # cut already (a message wrapped in another): kept as it is
        return f"{q}{inner[:QUOTE_LIMIT]}…{q} ({len(inner)} characters)"

    text = _QUOTED.sub(quoted, text)
    text = _RUN.sub(lambda m: m.group()[:QUOTE_LIMIT] + f"… ({len(m.group())} characters)", text)
    if len(text) > MESSAGE_LIMIT:
        text = text[: MESSAGE_LIMIT - 1] + "…"
    return text


class VncardsError(Exception):
    """Root of every error raised on purpose by vncards. Its message is kept short
    (:func:`short_message`), whatever input it quotes.

    >>> issubclass(IllegalMove, VncardsError), issubclass(RecordError, ValueError)
    (True, True)
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*(short_message(a) if isinstance(a, str) else a for a in args))


class NotationError(VncardsError, ValueError):
    """Cards (or a move made of cards) that could not be read: a card token in no
    notation, cards that cannot be held together (the same card of a 52-card deck
    twice), a typed move of the wrong form; ``message`` replaces the usual "unknown
    card" one. ``code`` says which (stable, as an :class:`IllegalMove`'s) and
    ``fields`` hold what its sentence names beyond the token, so a screen can say it
    in another language (:func:`error_words`).

    >>> err = NotationError("3X", "suit must be S C D H", code="bad-suit")
    >>> err.token, err.code, str(err)
    ('3X', 'bad-suit', "unknown card '3X': suit must be S C D H")
    >>> str(NotationError("9S", message="card '9S' is listed twice"))
    "card '9S' is listed twice"
    """

    def __init__(
        self,
        token: str,
        hint: str = "",
        *,
        message: str | None = None,
        code: str = "unknown-card",
        fields: Mapping[str, object] | None = None,
    ) -> None:
        self.token = token
        self.code = code
        self.fields: Mapping[str, object] = dict(fields or {})
        if message is None:
            message = f"unknown card {token!r}"
            if hint:
                message += f": {hint}"
        super().__init__(message)


REFUSALS_VI: Mapping[str, str] = {
    "game-over": "Ván đã kết thúc.",
    "not-your-turn": "Chưa tới lượt bạn.",
    "no-such-seat": "Không có chỗ ngồi đó.",
    "must-act": "Lựa chọn này là bắt buộc: không được bỏ qua.",
    "nothing-to-decline": "Không có lựa chọn nào để bỏ qua.",
    "unknown-action": "Trò chơi này không có nước đi đó.",
}
"""The refusals any game may give (the codes core's loop and the climbing engine raise),
in Vietnamese: each game's words start from these and add their own rules'.

>>> REFUSALS_VI["not-your-turn"]
'Chưa tới lượt bạn.'
"""


def error_words(error: BaseException, words: Mapping[str, str]) -> str:
    """``error`` said in other words: the sentence ``words`` holds for its ``code``,
    with ``{token}`` (the piece of input, quoted) and its ``fields`` filled in; its own
    message when ``words`` has none for it. An error raised while handling another
    (a :class:`RecordError` made of a card's :class:`NotationError`) is said as the
    one it came from when only that one has words.

    >>> vi = {"bad-suit": "không có chất {token}"}
    >>> error_words(NotationError("3X", code="bad-suit"), vi)
    "không có chất '3X'"
    >>> error_words(RecordError("no such player"), vi)
    'no such player'
    >>> error_words(NotationError("3X", code="bad-suit"), {"bad-suit": "{chi}: {token}"})
    "unknown card '3X'"
    """
    cause: BaseException | None = error
    for _ in range(4):  # a short chain: a wrapped error, at most a few deep
        if cause is None:
            break
        text = words.get(getattr(cause, "code", ""))
        if text is not None:
            token = getattr(cause, "token", "")
            fields = dict(getattr(cause, "fields", {}))
            try:
                return short_message(text.format(**{**fields, "token": repr(token)}))
            except (KeyError, IndexError, ValueError):  # words naming what it lacks
                return str(error)
        cause = cause.__context__
    return str(error)


class IllegalMove(VncardsError, ValueError):  # noqa: N818 - the name is public API
    """An action that the rules do not allow in this state.

    ``code`` is a stable machine-readable reason (``does-not-beat``, ``not-your-turn``,
    ``passed-this-round``, ``card-not-in-hand`` …) and the message is a full sentence.

    >>> err = IllegalMove("not-your-turn", "It is not seat 2's turn.")
    >>> err.code, str(err)
    ('not-your-turn', "It is not seat 2's turn.")
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


class RecordError(VncardsError, ValueError):
    """A game record that cannot be read (bad JSON, unknown game, card or player, not a
    deal). A ``code`` (with the ``token`` its sentence names) lets a screen say in
    other words what typed cards made an unreadable action (:func:`error_words`).

    >>> err = RecordError("card 3S appears twice in one play", code="card-twice", token="3S")
    >>> err.code, err.token, str(err)
    ('card-twice', '3S', 'card 3S appears twice in one play')
    """

    def __init__(self, *args: object, code: str = "", token: str = "") -> None:
        self.code, self.token = code, token
        super().__init__(*args)


class RulesError(VncardsError, ValueError):
    """An unknown preset or an invalid rule setting."""


class SeedError(VncardsError, TypeError):
    """A seed that is not an integer.

    >>> from vncards.core import Rng
    >>> try:
    ...     Rng("42")
    ... except SeedError as e:
    ...     print(e)
    a seed is an integer, not str
    """


class PluginError(VncardsError):
    """A game plugin that is missing or unusable."""
