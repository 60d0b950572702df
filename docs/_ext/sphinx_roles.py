"""A Griffe extension for the API reference: the cross-references written in docstrings
as roles (``:class:`~vncards.core.Cards```, ``:func:`referee```) become links.

A role names an object by its full path, or by a name its module can see. The page
shows the last part of the path when the role starts with ``~`` (as the roles mean
it), the whole path otherwise; a name that cannot be resolved stays as code, so a
reference to the standard library reads well without a link.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|exc|obj):`(~?)([\w.]+)(?:\(\))?`")


def link_roles(text: str, resolve: Any = None) -> str:
    """``text`` with every role turned into a cross-reference, ``resolve`` giving a
    name's full path (``None`` for a name it does not know). The reference is optional:
    one to an object the reference pages do not show (a private helper) is shown as
    code, without a link and without failing the build.

    >>> link_roles("See :class:`~vncards.core.Cards`.")
    'See <autoref identifier="vncards.core.Cards" optional><code>Cards</code></autoref>.'
    >>> link_roles("A :class:`KeyboardInterrupt` stops it.", lambda name: None)
    'A `KeyboardInterrupt` stops it.'
    """

    def one(match: re.Match[str]) -> str:
        short, name = match.group(1) == "~", match.group(2)
        path = name if "." in name and resolve is None else None
        if resolve is not None:
            path = resolve(name)
        shown = name.rsplit(".", 1)[-1] if short else name
        if not path:
            return f"`{shown}`"
        return f'<autoref identifier="{path}" optional><code>{shown}</code></autoref>'

    return ROLE.sub(one, text)


def _resolver(obj: griffe.Object) -> Any:
    def resolve(name: str) -> str | None:
        if name.startswith("vncards."):
            return name
        try:
            return obj.resolve(name)
        except (griffe.NameResolutionError, AttributeError, KeyError):
            return None

    return resolve


class SphinxRoles(griffe.Extension):
    """Turns the roles of every docstring it loads into cross-references."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ":`" in obj.docstring.value:
            obj.docstring.value = link_roles(obj.docstring.value, _resolver(obj))
