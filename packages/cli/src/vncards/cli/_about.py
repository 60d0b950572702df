"""``vncards --version``: the installed version and whether the compiled build runs.

A compiled build turns the hot paths of the core (card sets, combinations, the climbing
engine, the shedding game loop) into extension modules; ``vncards.core._native`` chooses
them as the core loads, unless ``VNCARDS_PURE=1`` is set or a source was edited since the
build. Whether it is in use is read from the modules Python actually imports, not from a
flag: a module loaded from a file with an extension-module suffix (``.so``, ``.pyd``) is
compiled, one loaded from ``.py`` is not.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from importlib import machinery, metadata

__all__ = ["HOT_MODULES", "build_kind", "is_compiled", "version_line"]

HOT_MODULES = (
    "vncards.core._cardset",
    "vncards.core.climbing._enumerate",
    "vncards.core.climbing._engine",
)
"""The modules a compiled build replaces: the inner loops of move generation."""


def is_compiled(module: str) -> bool:
    """Whether ``module`` is loaded from an extension module rather than Python source.

    >>> from vncards.core._native import SELECTED
    >>> is_compiled("vncards.core._cardset") == SELECTED["vncards.core"]
    True
    >>> is_compiled("sys")  # built into the interpreter
    False
    """
    origin = getattr(importlib.import_module(module), "__file__", None)
    if origin is None:  # built into the interpreter: not a module of ours
        return False
    return any(origin.endswith(suffix) for suffix in machinery.EXTENSION_SUFFIXES)


def build_kind(modules: Sequence[str] = HOT_MODULES) -> str:
    """``compiled`` when every hot module is an extension module, else ``pure Python``.

    >>> from vncards.core._native import build_of
    >>> build_kind() == build_of("vncards.core")
    True
    """
    return "compiled" if all(is_compiled(m) for m in modules) else "pure Python"


def _version() -> str:
    try:
        return metadata.version("vncards-cli")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a bare source tree
        return "unknown"


def version_line() -> str:
    """What ``vncards --version`` prints: the version and the build in use.

    >>> version_line().endswith((" (compiled)", " (pure Python)"))
    True
    """
    return f"vncards {_version()} ({build_kind()})"
