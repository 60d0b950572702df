"""Reading a JSON request body as strictly as the referee reads a record: UTF-8 without
a byte order mark, every key once, no lone surrogate, a bounded depth; each refusal is
one line under 422 (``bad-json``).

A body that Python's ``json`` would take (UTF-16, a BOM, a key given twice keeping the
last value, ``"\\ud800"``) used to reach the tables and fail later, in a view or in
the game's record; it is now refused before anything is made of it.
"""

from __future__ import annotations

import json
from typing import Any

from vncards.core import MAX_RECORD_DEPTH
from vncards.server._errors import ApiError

__all__ = ["MAX_NAME_LENGTH", "read_json"]

MAX_NAME_LENGTH = 64
"""Longest player name a table takes (a view names every player in every event)."""


class _TwiceError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _TwiceError(key)
        out[key] = value
    return out


def _bad(message: str) -> ApiError:
    return ApiError(422, "bad-json", message)


def _problem(value: object) -> str:
    """Why a decoded body cannot be taken (too deep, not Unicode text), or ``""``."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_RECORD_DEPTH:
            return f"The body nests deeper than {MAX_RECORD_DEPTH} levels."
        if isinstance(item, dict):
            stack.extend((k, depth) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return "The body holds a string that is not Unicode text (a lone surrogate)."
    return ""


def read_json(raw: bytes) -> Any:
    """The JSON value of a request body, or 422 with one line saying what is wrong.

    >>> read_json(b'{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> for bad in [b'{"a": 1, "a": 2}', b'\\xef\\xbb\\xbf{}', '{}'.encode("utf-16"),
    ...             b'{"a": "\\\\ud800"}']:
    ...     try:
    ...         read_json(bad)
    ...     except ApiError as e:
    ...         print(e.message)
    The body names the key 'a' twice; a key appears once.
    The body starts with a byte order mark; send UTF-8 without one.
    The body starts with a byte order mark; send UTF-8 without one.
    The body holds a string that is not Unicode text (a lone surrogate).
    """
    if raw.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        raise _bad("The body starts with a byte order mark; send UTF-8 without one.")
    if b"\x00" in raw:
        # JSON never holds a raw NUL; UTF-16 text holds one in every ASCII character
        raise _bad("The body is not UTF-8 text (it holds NUL bytes, as UTF-16 does).")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise _bad(f"The body is not UTF-8 text (byte {e.start}).") from None
    try:
        value = json.loads(text, object_pairs_hook=_once)
    except _TwiceError as e:
        shown = repr(e.key[:40]).encode("ascii", "backslashreplace").decode()
        raise _bad(f"The body names the key {shown} twice; a key appears once.") from None
    except RecursionError:
        raise _bad(f"The body nests deeper than {MAX_RECORD_DEPTH} levels.") from None
    except ValueError as e:
        reason = " ".join(str(e).split())[:200]
        raise _bad(f"The body is not valid JSON: {reason}") from None
    problem = _problem(value)
    if problem:
        raise _bad(problem)
    return value
