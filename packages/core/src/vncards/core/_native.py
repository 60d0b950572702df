"""The compiled or the pure build of a package's hot modules, chosen as the package loads.

A compiled wheel carries its mypyc group in ``<package>/_compiled/`` (in an editable
install, in the environment's ``site-packages``) with ``manifest.json``: the SHA-256 of
every source the group was built from. :func:`select_build` puts that directory first on
the package's ``__path__``, so that ``import vncards.core._cardset`` loads the extension
module, only when

- ``VNCARDS_PURE`` is not ``1`` in the environment, and
- every source named in the manifest still has its recorded hash.

Otherwise the whole group stays pure: the modules of one group call each other natively, so
a group is never mixed with edited sources. Editing a hot module therefore runs the edit,
in pure Python, until the package is built again.

>>> build_of("vncards.core") in ("compiled", "pure Python")
True
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import sys
from pathlib import Path

__all__ = ["SELECTED", "build_of", "compiled_dir", "select_build", "stale_sources"]

SELECTED: dict[str, bool] = {}
"""Package name → whether :func:`select_build` chose its compiled group."""


def compiled_dir(package: str) -> Path | None:
    """Where the compiled group of ``package`` lies, if any was installed.

    >>> compiled_dir("no.such.package") is None
    True
    """
    tail = Path(*package.split("."), "_compiled")
    module = sys.modules.get(package)
    places = [Path(p) / "_compiled" for p in getattr(module, "__path__", ())]
    places += [Path(entry) / tail for entry in sys.path if entry]
    for place in places:
        if (place / "manifest.json").is_file():
            return place
    return None


def stale_sources(package_dir: Path, manifest: dict[str, object]) -> list[str]:
    """The sources in ``package_dir`` whose hash differs from the manifest's (or are gone).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = (Path(d) / "_a.py").write_text("x = 1\\n")
    ...     digest = hashlib.sha256(b"x = 1\\n").hexdigest()
    ...     fresh = stale_sources(Path(d), {"sources": {"_a.py": digest}})
    ...     _ = (Path(d) / "_a.py").write_text("x = 2\\n")
    ...     edited = stale_sources(Path(d), {"sources": {"_a.py": digest}})
    >>> fresh, edited
    ([], ['_a.py'])
    """
    sources = manifest.get("sources")
    if not isinstance(sources, dict):
        return ["manifest.json"]
    stale = []
    for name, digest in sorted(sources.items()):
        path = package_dir / str(name)
        try:
            now = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            now = ""
        if now != digest:
            stale.append(str(name))
    return stale


def select_build(package: str) -> bool:
    """Load ``package``'s compiled group from now on, if it is installed and current.

    Called by the package's ``__init__`` before any hot module is imported. Returns
    whether the compiled group was chosen.
    """
    module = sys.modules[package]
    chosen = False
    place = None if os.environ.get("VNCARDS_PURE") == "1" else compiled_dir(package)
    if place is not None and module.__file__ is not None:
        try:
            manifest = json.loads((place / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = {}
        if not stale_sources(Path(module.__file__).parent, manifest):
            module.__path__.insert(0, str(place))
            chosen = True
    SELECTED[package] = chosen
    return chosen


def build_of(package: str) -> str:
    """``compiled`` when ``package`` (imported here) runs its compiled group, else ``pure Python``.

    >>> build_of("vncards.core") == ("compiled" if SELECTED["vncards.core"] else "pure Python")
    True
    """
    importlib.import_module(package)
    return "compiled" if SELECTED.get(package) else "pure Python"


select_build(__name__.rpartition(".")[0])
