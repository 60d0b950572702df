"""A Griffe extension for the API reference: the ``>>>`` examples of a docstring are
shown as Python console blocks (they are run as doctests by the test suite).

Without it, an example's output such as ``['3S', '4S']`` would be read as Markdown.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """Wrap every run of ``>>>`` lines (with their continuation and output lines) in a
    ``pycon`` fence.

    >>> print(fence_doctests("Intro.\\n\\n>>> 1 + 1\\n2\\n\\nMore."))
    Intro.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    More.
    """
    out: list[str] = []
    inside = False
    indent = ""
    for line in text.splitlines():
        stripped = line.lstrip()
        if not inside and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not stripped:
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fences doctest examples in every docstring it loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
