"""The one exception hierarchy every vncards package raises from."""

from __future__ import annotations

import re

__all__ = [
    "MESSAGE_LIMIT",
    "QUOTE_LIMIT",
    "IllegalMove",
    "NotationError",
    "PluginError",
    "RecordError",
    "RulesError",
    "SeedError",
    "VncardsError",
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
    """A card token could not be read, or cards that cannot be held together (the same
    card of a 52-card deck twice); ``message`` replaces the usual "unknown card" one.

    >>> err = NotationError("3X", "suit must be S C D H")
    >>> err.token, str(err)
    ('3X', "unknown card '3X': suit must be S C D H")
    >>> str(NotationError("9S", message="card '9S' is listed twice"))
    "card '9S' is listed twice"
    """

    def __init__(self, token: str, hint: str = "", *, message: str | None = None) -> None:
        self.token = token
        if message is None:
            message = f"unknown card {token!r}"
            if hint:
                message += f": {hint}"
        super().__init__(message)


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
    """A game record that cannot be read (bad JSON, unknown game, card or player, not a deal)."""


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
