"""What the docs show of packaging holds up: every `pyproject.toml` a page shows for a
package of one's own parses and names its build backend (without `[build-system]`, pip
falls back to a setuptools build that leaves an `.egg-info` in the sources), and an
install command on our pages never asks a package index for a package that is not on
one."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OURS = [p for p in sorted((ROOT / "docs").rglob("*.md")) if "rules" not in p.parts]
TOML = re.compile(r"^```toml\n(.*?)^```", re.M | re.S)


def _tomls() -> list[tuple[str, str]]:
    return [
        (f"{p.relative_to(ROOT)}:{i}", block)
        for p in OURS
        for i, block in enumerate(TOML.findall(p.read_text(encoding="utf-8")))
    ]


@pytest.mark.parametrize(("where", "block"), _tomls(), ids=[w for w, _ in _tomls()])
def test_shown_pyproject_builds_cleanly(where: str, block: str) -> None:
    """A shown `[project]` table comes with the `[build-system]` that builds it."""
    data = tomllib.loads(block)
    if "name" not in data.get("project", {}):
        return  # a fragment (an entry-point table, say), not a whole package
    system = data.get("build-system", {})
    assert system.get("build-backend"), where
    assert system.get("requires"), where


def test_recipe_shows_a_whole_package() -> None:
    """The write-a-game recipe's package is one of the blocks checked above."""
    assert any(
        w.startswith("docs/recipes/write-a-game.md") and "[project]" in b for w, b in _tomls()
    )


def test_install_commands_name_where_packages_come_from() -> None:
    """A `pip install` of one of our packages names a git URL or a built wheel (the
    packages are on no index); Install's own pages may quote an error message."""
    bare = re.compile(r"pip install\s+['\"]?(vncards-[a-z]+)(\[[a-z,]+\])?['\"]?(\s|$|`)")
    for page in OURS:
        if page.name in ("envs.md", "server.md", "compare.md", "reliability.md"):
            continue  # pages kept by others
        for line in page.read_text(encoding="utf-8").splitlines():
            if "vncards: error:" in line:
                continue  # a quoted error message
            assert not bare.search(line), f"{page.relative_to(ROOT)}: {line}"
