"""The API reference renders docstring cross-references as links: every role written in
a docstring (``:class:`~vncards.core.Cards```) is one the reference's Griffe extension
turns into a link, so no raw role reaches a page; every package's sources are on the
reference's path; and each game's ``env`` and ``raw_env`` are on its module's page."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import re
from pathlib import Path
from typing import Any

import griffe
import pytest

ROOT = Path(__file__).resolve().parents[2]
RAW_ROLE = re.compile(r":[a-z]+:`[^`]+`")


def _extension(name: str = "sphinx_roles") -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / f"docs/_ext/{name}.py")
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


@pytest.mark.parametrize("game", ["tienlen", "samloc", "tusac", "maubinh", "phom"])
def test_a_game_modules_env_and_raw_env_are_in_the_reference(game: str) -> None:
    """``env, raw_env = game_envs(...)`` binds them in one call that reading the source
    does not see through (and Mậu Binh's ``parallel_env`` another); the extension adds
    them, signature and docstring as they run."""
    extension = _extension("game_envs")
    tried = doctest.testmod(extension)
    assert tried.attempted > 0
    assert tried.failed == 0
    loaded = griffe.load(
        f"vncards.envs.{game}_v0",
        search_paths=[ROOT / "packages/envs/src"],
        extensions=griffe.load_extensions(extension.GameEnvs()),
    )
    running = importlib.import_module(f"vncards.envs.{game}_v0")
    names = ("env", "raw_env", "parallel_env") if game == "maubinh" else ("env", "raw_env")
    for name in names:
        function = loaded[name]
        assert isinstance(function, griffe.Function)
        assert function.docstring is not None
        assert function.docstring.value == getattr(running, name).__doc__
        assert [p.name for p in function.parameters] == [
            "variant",
            "players",
            "render_mode",
            "rules",
            "kwargs",
        ]
