"""How the commands' ``--help`` reads at any width: a docstring's paragraphs flow as
paragraphs (the line breaks of the source are not kept), and a flag shows no type (it
takes no value, so ``<bool>`` would only mislead).
"""

from __future__ import annotations

import inspect
from typing import Any

from typer import _click as click  # the click typer is built on (its own copy)
from typer.core import TyperCommand, TyperGroup

__all__ = ["HelpCommand", "HelpGroup", "reflow"]


def reflow(text: str | None) -> str | None:
    """``text`` with each paragraph on one line, so that the terminal wraps it; a line
    that starts with spaces (an example, a list item) keeps its own line.

    >>> reflow("Play a game\\nagainst bots.\\n\\nType ? for\\nhelp.")
    'Play a game against bots.\\n\\nType ? for help.'
    >>> reflow("For example:\\n    list them\\n      vncards games")
    'For example: list them\\n  vncards games'
    """
    if text is None:
        return None
    paragraphs = []
    for block in inspect.cleandoc(text).split("\n\n"):
        lines: list[str] = []
        for line in block.splitlines():
            if lines and not line.startswith(" ") and not lines[-1].startswith(" "):
                lines[-1] += " " + line.strip()
            else:
                lines.append(line.rstrip())
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def _plain_flags(params: list[click.Parameter]) -> list[click.Parameter]:
    for param in params:
        if getattr(param, "is_flag", False) and getattr(param, "metavar", None) is None:
            param.metavar = ""  # shown as no type at all
    return params


class HelpCommand(TyperCommand):
    """A command whose help flows as paragraphs and whose flags show no type."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = reflow(self.help)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        """The parameters, flags without a type to show."""
        return _plain_flags(super().get_params(ctx))


class HelpGroup(TyperGroup):
    """The app: its own options' flags show no type, and its commands are listed with
    the first paragraph of their help flowed on one line."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        """The parameters, flags without a type to show."""
        return _plain_flags(super().get_params(ctx))
