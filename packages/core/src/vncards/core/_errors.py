"""The one exception hierarchy every vncards package raises from."""

from __future__ import annotations

__all__ = [
    "IllegalMove",
    "NotationError",
    "PluginError",
    "RecordError",
    "RulesError",
    "VncardsError",
]


class VncardsError(Exception):
    """Root of every error raised on purpose by vncards.

    >>> issubclass(IllegalMove, VncardsError), issubclass(RecordError, ValueError)
    (True, True)
    """


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


class PluginError(VncardsError):
    """A game plugin that is missing or unusable."""
