"""Every package is ready to publish on its own: one version for the workspace, the MIT
licence in its metadata and beside it, the metadata a package index shows, and a
dependency declared for every distribution its code imports."""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.parent for p in (ROOT / "packages").glob("*/pyproject.toml"))
WORKSPACE = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def project(package: Path) -> dict[str, Any]:
    data: dict[str, Any] = tomllib.loads((package / "pyproject.toml").read_text("utf-8"))
    return dict(data["project"])


def _requirement_name(req: str) -> str:
    name = req.split(";")[0].split("[")[0]
    for sep in "<>=!~ ":
        name = name.split(sep)[0]
    return name.strip().lower().replace("_", "-")


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_one_version_for_the_workspace(package: Path) -> None:
    """Every package carries the workspace's version number."""
    assert project(package)["version"] == WORKSPACE["version"]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_licence_and_metadata(package: Path) -> None:
    """MIT in the metadata, the licence file beside the package (identical to the root's),
    a readme, authors, project URLs and classifiers."""
    meta = project(package)
    assert meta["license"] == "MIT"
    assert meta["license-files"] == ["LICENSE"]
    assert (package / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    assert (package / meta["readme"]).is_file()
    assert meta["authors"]
    assert {"Homepage", "Source", "Issues"} <= set(meta["urls"])
    assert "Typing :: Typed" in meta["classifiers"]
    assert meta["description"]


def _imported_distributions(package: Path) -> set[str]:
    """Distributions (by name) whose modules the package's own code imports at module
    level or inside functions, standard library left out."""
    mapping = metadata.packages_distributions()
    found: set[str] = set()
    for path in (package / "src").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top in sys.stdlib_module_names or top == "__future__":
                    continue
                if top == "vncards":
                    parts = name.split(".")
                    if len(parts) > 1:
                        found.add(f"vncards-{parts[1]}")
                    continue
                for dist in mapping.get(top, [top]):
                    found.add(dist.lower().replace("_", "-"))
    return found


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_import_is_a_declared_dependency(package: Path) -> None:
    """What a package imports, it declares (as a dependency or a named extra), so that
    it installs and runs alone; the CLI's optional imports are its extras."""
    meta = project(package)
    declared = {_requirement_name(r) for r in meta.get("dependencies", [])}
    for extra in meta.get("optional-dependencies", {}).values():
        declared |= {_requirement_name(r) for r in extra}
    declared.add(meta["name"])
    missing = sorted(_imported_distributions(package) - declared)
    assert not missing, f"{meta['name']} imports {missing} without declaring them"


def test_workspace_installs_every_package() -> None:
    """The workspace root depends on every package, so ``uv sync`` installs them all."""
    names = {project(p)["name"] for p in PACKAGES}
    assert names <= {_requirement_name(r) for r in WORKSPACE["dependencies"]}
