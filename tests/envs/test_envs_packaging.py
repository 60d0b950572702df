"""Installing: the environments' numerical stack is theirs alone, and importing
``vncards.envs`` loads no game (each game is found through the plugin entry points when
an environment asks for it), so ``vncards-envs`` plus one game is a working install."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ML = {"numpy", "gymnasium", "pettingzoo"}


def _dependencies(package: Path) -> set[str]:
    meta = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = set()
    for req in meta.get("dependencies", []):
        name = req.split(";")[0].split("[")[0]
        for sep in "<>=!~ ":
            name = name.split(sep)[0]
        names.add(name.strip().lower())
    return names


def test_only_vncards_envs_needs_numpy_gymnasium_and_pettingzoo() -> None:
    """No other package of the workspace requires them to install."""
    for package in sorted((ROOT / "packages").glob("*/")):
        if not (package / "pyproject.toml").is_file():
            continue
        needs = _dependencies(package) & ML
        if package.name == "envs":
            assert needs == ML
        else:
            assert not needs, f"{package.name} requires {sorted(needs)}"


def test_importing_the_environments_loads_no_game() -> None:
    """``import vncards.envs`` brings in core only: a game is loaded when an environment
    of that game is made."""
    code = (
        "import sys, vncards.envs\n"
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('vncards.')}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "['core', 'envs']"
