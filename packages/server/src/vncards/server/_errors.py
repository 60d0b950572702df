"""The one error shape of the service: ``{"error": {"code", "message"}}``."""

from __future__ import annotations

from typing import Any

__all__ = ["ApiError", "error_body", "quoted"]


def error_body(code: str, message: str, lang: str | None = None) -> dict[str, Any]:
    """The JSON body of every error answer; ``lang`` says which language ``message``
    is in, when a request asked for the game's words (``?lang=``) and the game gave them.

    >>> error_body("no-such-table", "There is no table 'x'.")
    {'error': {'code': 'no-such-table', 'message': "There is no table 'x'."}}
    >>> error_body("cannot-pass", "Lúc này không được bỏ lượt.", "vi")["error"]["lang"]
    'vi'
    """
    error = {"code": code, "message": " ".join(message.split())}
    if lang is not None:
        error["lang"] = lang
    return {"error": error}


def quoted(text: str, most: int = 40) -> str:
    """``text`` quoted for a message, cut to ``most`` characters (a path or a name from a
    request may be any length).

    >>> quoted("abc"), quoted("x" * 100)
    ("'abc'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)")
    """
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}"[:-1] + f"…' ({len(text)} characters)"


class ApiError(Exception):
    """A refusal the service answers with ``status`` and a stable ``code``.

    >>> e = ApiError(409, "game-over", "The game is over.")
    >>> e.status, e.body()["error"]["code"]
    (409, 'game-over')
    """

    def __init__(self, status: int, code: str, message: str, lang: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.lang = lang

    def body(self) -> dict[str, Any]:
        """The error as the JSON body of the answer."""
        return error_body(self.code, self.message, self.lang)
