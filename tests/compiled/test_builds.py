"""The compiled and the pure build: which one loads, and that both play the same games.

A compiled group loads only while every source it was built from is unchanged and
``VNCARDS_PURE`` is not ``1``; otherwise the whole group is pure. Seeded games are the
same, action for action and payment for payment, in either build.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core._native import SELECTED, compiled_dir

HERE = Path(__file__).parent


def _python(code: str, *, path: Path | None = None, pure: bool = False) -> str:
    env = dict(os.environ)
    env.pop("VNCARDS_PURE", None)
    if pure:
        env["VNCARDS_PURE"] = "1"
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _fake_package(root: Path) -> Path:
    """A package ``fakehot`` of two hot modules and a "compiled" group of stand-ins (plain
    modules that say where they come from: the switch treats any module alike)."""
    package = root / "fakehot"
    built = package / "_compiled"
    built.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from vncards.core._native import select_build\n"
        "select_build(__name__)\n"
        "from fakehot import _a, _b\n"
    )
    sources = {}
    for name in ("_a", "_b"):
        text = f"WHERE = 'pure'\nNAME = {name!r}\n"
        (package / f"{name}.py").write_text(text)
        (built / f"{name}.py").write_text(text.replace("'pure'", "'compiled'"))
        sources[f"{name}.py"] = __import__("hashlib").sha256(text.encode()).hexdigest()
    (built / "manifest.json").write_text(json.dumps({"group": "fakehot", "sources": sources}))
    return package


WHERE = "import fakehot; print(fakehot._a.WHERE, fakehot._b.WHERE)"


def test_the_compiled_group_loads_while_its_sources_are_unchanged(tmp_path: Path) -> None:
    _fake_package(tmp_path)
    assert _python(WHERE, path=tmp_path) == "compiled compiled"


def test_vncards_pure_forces_the_pure_modules(tmp_path: Path) -> None:
    _fake_package(tmp_path)
    assert _python(WHERE, path=tmp_path, pure=True) == "pure pure"


def test_an_edited_source_makes_the_whole_group_pure(tmp_path: Path) -> None:
    """One module edited: neither loads compiled (the modules of a group call each other
    natively, so a group is never mixed)."""
    package = _fake_package(tmp_path)
    with (package / "_b.py").open("a") as f:
        f.write("# edited\n")
    assert _python(WHERE, path=tmp_path) == "pure pure"


def test_a_source_gone_or_a_broken_manifest_makes_the_group_pure(tmp_path: Path) -> None:
    package = _fake_package(tmp_path)
    (package / "_compiled" / "manifest.json").write_text("{not json")
    assert _python(WHERE, path=tmp_path) == "pure pure"
    package = _fake_package(tmp_path / "again")
    manifest = json.loads((package / "_compiled" / "manifest.json").read_text())
    manifest["sources"]["_gone.py"] = "0" * 64
    (package / "_compiled" / "manifest.json").write_text(json.dumps(manifest))
    assert _python(WHERE, path=tmp_path / "again") == "pure pure"


def _group(package: str) -> list[str]:
    place = compiled_dir(package)
    assert place is not None
    manifest = json.loads((place / "manifest.json").read_text(encoding="utf-8"))
    # a Cython kernel's .pyx is recorded beside the .py of the module it builds
    return [
        f"{package}.{name.removesuffix('.py').replace('/', '.')}"
        for name in manifest["sources"]
        if name.endswith(".py")
    ]


@pytest.mark.parametrize(
    "package",
    [
        "vncards.core",
        "vncards.tienlen",
        "vncards.samloc",
        "vncards.tusac",
        "vncards.maubinh",
        "vncards.phom",
        "vncards.envs",
    ],
)
def test_a_group_runs_whole_compiled_or_whole_pure(package: str) -> None:
    """Every module of an installed group comes from the build chosen for its package."""
    importlib.import_module(package)
    if compiled_dir(package) is None:
        pytest.skip(f"{package} was installed pure")
    for name in _group(package):
        origin = str(importlib.import_module(name).__file__)
        assert origin.endswith(".py") != SELECTED[package], (name, origin)


def test_editing_an_installed_core_source_runs_the_edit(tmp_path: Path) -> None:
    """The real compiled core, copied with its sources: unedited it loads compiled; one
    source edited (a comment appended), the whole core group loads pure."""
    import vncards.core

    place = compiled_dir("vncards.core")
    if place is None:
        pytest.skip("the core was installed pure")
    copy = tmp_path / "vncards" / "core"
    shutil.copytree(
        Path(vncards.core.__file__).parent, copy, ignore=shutil.ignore_patterns("_compiled")
    )
    shutil.copytree(place, copy / "_compiled")
    probe = textwrap.dedent(
        """
        import vncards.core.climbing._enumerate as c, vncards.core.climbing._loop as k
        import vncards.core._native as n
        print(n.SELECTED["vncards.core"], c.__file__.endswith(".py"), k.__file__.endswith(".py"))
        """
    )
    assert _python(probe, path=tmp_path) == "True False False"
    with (copy / "climbing" / "_shapes.py").open("a", encoding="utf-8") as f:
        f.write("# edited\n")
    assert _python(probe, path=tmp_path) == "False True True"


def test_version_says_the_build_in_use() -> None:
    out = CliRunner().invoke(app, ["--version"])
    kind = "compiled" if SELECTED["vncards.core"] else "pure Python"
    assert out.stdout.rstrip().endswith(f"({kind})"), out.stdout
    pure = _python("from vncards.cli._about import version_line; print(version_line())", pure=True)
    assert pure.endswith("(pure Python)")


def test_seeded_games_are_the_same_compiled_and_pure() -> None:
    """Every game, random and greedy bots, a few hundred seeded games each: the digest of
    their actions, outcomes and payments is the same in the compiled build as in the pure
    one (run in a child process with ``VNCARDS_PURE=1``)."""
    if not SELECTED["vncards.core"]:
        pytest.skip("the pure build is in use: there is no compiled build to compare")
    compiled: dict[str, str] = runpy.run_path(str(HERE / "_digest.py"))["digests"]()
    pure = json.loads(
        _python(
            f"import runpy; runpy.run_path({str(HERE / '_digest.py')!r}, run_name='__main__')",
            pure=True,
        )
    )
    assert set(compiled) >= {"tienlen", "samloc", "tusac", "maubinh", "phom"}
    assert compiled == pure
