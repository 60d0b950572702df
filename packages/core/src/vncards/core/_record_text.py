"""Input quoted in record errors: on one line, cut to a few dozen characters, whatever
characters a record holds."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MAX_QUOTED", "location", "named", "one_line", "quoted", "short"]

MAX_QUOTED = 40
"""Most characters of the input that an error message quotes."""


def quoted(key: str) -> str:
    if key and key.isprintable() and key == key.strip():
        return key
    return named(key)


def named(key: str) -> str:
    """A key quoted on one line, whatever characters it holds."""
    return repr(key).encode("ascii", "backslashreplace").decode("ascii")


def one_line(text: str) -> str:
    return " ".join(text.split())


def short(text: str) -> str:
    """``text`` quoted on one line, cut to :data:`MAX_QUOTED` characters."""
    if len(text) > MAX_QUOTED:
        return named(text[:MAX_QUOTED]) + f"… ({len(text)} characters)"
    return named(text)


def location(loc: Sequence[int | str]) -> str:
    """A pydantic error location as ``a.b.0``; names that are not plain text are quoted,
    so that a message stays one line whatever keys a record holds."""
    parts = []
    for p in loc:
        text = str(p)
        if isinstance(p, str) and (not text or not text.isprintable() or text != text.strip()):
            text = repr(p).encode("ascii", "backslashreplace").decode("ascii")
        parts.append(text)
    return ".".join(parts)
