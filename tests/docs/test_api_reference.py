"""The API reference renders docstring cross-references as links: every role written in
a docstring (``:class:`~vncards.core.Cards```) is one the reference's Griffe extension
turns into a link, so no raw role reaches a page; and every package's sources are on
the reference's path."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RAW_ROLE = re.compile(r":[a-z]+:`[^`]+`")


def _extension() -> Any:
    spec = importlib.util.spec_from_file_location(
        "sphinx_roles", ROOT / "docs/_ext/sphinx_roles.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_roles_become_links() -> None:
    """A role with ``~`` shows the last part of the path, linked to the whole path; a
    name that cannot be resolved is shown as code."""
    roles = _extension()
    linked = roles.link_roles(
        "See :class:`~vncards.core.Cards` and :meth:`vncards.core.View.to_json`."
    )
    assert 'identifier="vncards.core.Cards"' in linked
    assert "<code>Cards</code>" in linked
    assert "<code>vncards.core.View.to_json</code>" in linked
    assert (
        roles.link_roles(":class:`KeyboardInterrupt`", lambda name: None) == "`KeyboardInterrupt`"
    )


def test_no_raw_role_is_left_in_any_docstring() -> None:
    """Every role in the packages' sources is one the extension converts."""
    roles = _extension()
    left = []
    for path in sorted(ROOT.glob("packages/*/src/vncards/**/*.py")):
        text = roles.link_roles(path.read_text(encoding="utf-8"), lambda name: name)
        left += [f"{path.relative_to(ROOT)}: {m}" for m in RAW_ROLE.findall(text)]
    assert not left, left[:10]


def test_every_package_is_on_the_reference_path() -> None:
    """mkdocstrings finds every package's sources (a package missing here renders no
    reference page)."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for package in sorted(ROOT.glob("packages/*/src")):
        assert f"- {package.relative_to(ROOT)}" in config, package
