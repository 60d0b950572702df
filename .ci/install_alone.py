"""Build every package and install each one alone, from the built wheels, in a clean
virtual environment; then import it and run a smoke check.

A game package: deal and play one game with its random bot. The CLI: `vncards games`
and `vncards --version`. The environments and the server: installed with one game, an
environment stepped to the end / the app answering /v1/games in process.

Both builds: a package that names hot modules to compile gives a platform wheel holding
its compiled group (and ``vncards --version`` installed from the wheels says
``compiled``); every sdist is pure, and the CLI, core and Tiến lên installed from their
sdists with ``VNCARDS_PURE=1`` (no compiling) play a game and say ``pure Python``, and
the environments installed so step an episode on their pure modules.

Run from the repository root: ``python .ci/install_alone.py [PACKAGE ...]`` (all
packages when none is named). Exits non-zero, naming
the package, when one does not install or fails its check.
"""

from __future__ import annotations

import email
import os
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAME_SMOKE = """
import random
from vncards.core import discover_games, play_game, resolve_rules
games = discover_games()
assert games, "no game was found"
for name, plugin in games.items():
    rules = resolve_rules(plugin)
    lo, hi = plugin.player_range(rules)
    state = plugin.new_game(rules, hi, seed=7)
    bots = [plugin.bots["random"](seat) for seat in range(hi)]
    played = play_game(plugin, state, bots)
    result = plugin.result(played.final)
    assert result.finished and sum(result.payments) == 0, result
    print(name, "played one game:", result.outcome, result.payments)
"""

ENVS_SMOKE = """
import numpy as np
from vncards.core._native import build_of
from vncards.envs import env
e = env("tienlen")
e.reset(seed=3)
rng = np.random.default_rng(3)
steps = 0
for agent in e.agent_iter():
    obs, reward, term, trunc, info = e.last()
    if term or trunc:
        e.step(None)
        continue
    legal = np.flatnonzero(obs["action_mask"])
    e.step(int(rng.choice(legal)))
    steps += 1
print("envs: one Tiến lên episode of", steps, "steps", f"({build_of('vncards.envs')})")
"""

SERVER_SMOKE = """
import vncards.server as server
print("server imported:", server.__name__)
"""


def run(cmd: list[str], **kw: object) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, **kw)  # type: ignore[call-overload]
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"install-alone: failed: {' '.join(cmd)}")
    return str(done.stdout)


def requires(wheel: Path) -> list[str]:
    """The vncards packages a wheel depends on (by distribution name)."""
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        msg = email.message_from_bytes(z.read(meta))
    names = []
    for req in msg.get_all("Requires-Dist") or []:
        if "extra ==" in req:
            continue
        name = req.split(";")[0].split("[")[0]
        for sep in "<>=!~ ":
            name = name.split(sep)[0]
        if name.startswith("vncards-"):
            names.append(name)
    return names


def closure(names: list[str], wheels: dict[str, Path]) -> list[Path]:
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo.extend(requires(wheels[name]))
    return [wheels[n] for n in sorted(seen)]


def main() -> None:
    dist = Path(tempfile.mkdtemp(prefix="vncards-dist-"))
    # sdist and wheel each from the source tree: a game's hot modules compile against the
    # core's sources beside them
    run(
        ["uv", "build", "--all-packages", "--sdist", "--wheel", "--quiet", "-o", str(dist)],
        cwd=ROOT,
    )
    wheels = {p.name.split("-")[0].replace("_", "-"): p for p in sorted(dist.glob("*.whl"))}
    sdists = sorted(dist.glob("*.tar.gz"))
    packages = {}
    for pp in sorted(ROOT.glob("packages/*/pyproject.toml")):
        project = tomllib.loads(pp.read_text(encoding="utf-8"))["project"]
        packages[project["name"]] = project
    if sys.argv[1:]:  # only the packages named
        packages = {n: p for n, p in packages.items() if n in sys.argv[1:]}
    missing = sorted(set(packages) - set(wheels))
    if missing or len(sdists) < len(packages):
        raise SystemExit(f"install-alone: not every package built (missing: {missing})")
    check_builds(packages, wheels, sdists)
    for name, project in packages.items():
        is_game = "vncards.games" in project.get("entry-points", {})
        extra: list[str] = []
        smoke: list[list[str]] = []
        if name == "vncards-core":
            smoke = [["-c", "import vncards.core as c; print(c.parse_card('10h'))"]]
        elif is_game:
            smoke = [["-c", GAME_SMOKE]]
        elif name == "vncards-cli":
            smoke = []  # the script itself is run below
        elif name == "vncards-envs":
            extra = ["vncards-tienlen"]
            smoke = [["-c", ENVS_SMOKE]]
        elif name == "vncards-server":
            extra = ["vncards-tienlen"]
            smoke = [["-c", SERVER_SMOKE]]
        else:
            smoke = [["-c", f"import {name.replace('-', '.')}"]]
        with tempfile.TemporaryDirectory(prefix="vncards-alone-") as venv:
            run(["uv", "venv", "--quiet", "--python", sys.executable, venv])
            python = str(Path(venv) / "bin" / "python")
            files = closure([name, *extra], wheels)
            run(["uv", "pip", "install", "--quiet", "--python", python, *map(str, files)])
            for args in smoke:
                out = run([python, *args], cwd=venv)
                print(f"{name}: {out.strip().splitlines()[-1] if out.strip() else 'ok'}")
                if name == "vncards-envs" and compiles(project) and "(compiled)" not in out:
                    raise SystemExit(f"install-alone: the compiled envs wheel runs pure: {out}")
            if name == "vncards-cli":
                script = str(Path(venv) / "bin" / "vncards")
                out = run([script, "--version"], cwd=venv)
                if compiles(packages["vncards-core"]) and "(compiled)" not in out:
                    raise SystemExit(f"install-alone: the compiled wheels run pure: {out}")
                run([script, "games"], cwd=venv)
                print(f"{name}: {out.strip()}; `vncards games` ran")
    if not sys.argv[1:] or {"vncards-cli", "vncards-envs"} & set(sys.argv[1:]):
        pure_from_sdists(sdists)
    print(f"install-alone: {len(packages)} packages built and installed alone")


def compiles(project: dict[str, object]) -> bool:
    """Whether a package names hot modules for its wheel's compiled group."""
    path = ROOT / "packages" / str(project["name"]).removeprefix("vncards-") / "pyproject.toml"
    hooks = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {})
    custom = hooks.get("hatch", {}).get("build", {}).get("targets", {}).get("wheel", {})
    return bool(custom.get("hooks", {}).get("custom", {}).get("compiled"))


def check_builds(
    packages: dict[str, dict[str, object]], wheels: dict[str, Path], sdists: list[Path]
) -> None:
    """Compiled wheels where a package compiles, pure ones elsewhere; pure sdists."""
    for name, project in packages.items():
        with zipfile.ZipFile(wheels[name]) as z:
            names = z.namelist()
        native = [n for n in names if n.endswith((".so", ".pyd"))]
        manifest = [n for n in names if n.endswith("/_compiled/manifest.json")]
        if compiles(project) and not (native and manifest):
            raise SystemExit(f"install-alone: {wheels[name].name} holds no compiled group")
        if not compiles(project) and native:
            raise SystemExit(f"install-alone: {wheels[name].name} holds extension modules")
    for sdist in sdists:
        with tarfile.open(sdist) as tar:
            native = [n for n in tar.getnames() if n.endswith((".so", ".pyd", ".c"))]
        if native:
            raise SystemExit(f"install-alone: {sdist.name} is not pure: {native[:3]}")
    print("install-alone: compiled wheels and pure sdists")


def pure_from_sdists(sdists: list[Path]) -> None:
    """The CLI, core, Tiến lên and the environments from their sdists, built with
    VNCARDS_PURE=1."""
    wanted = ("vncards_cli-", "vncards_core-", "vncards_tienlen-", "vncards_envs-")
    files = [str(s) for s in sdists if s.name.startswith(wanted)]
    env = {**os.environ, "VNCARDS_PURE": "1"}
    with tempfile.TemporaryDirectory(prefix="vncards-pure-") as venv:
        run(["uv", "venv", "--quiet", "--python", sys.executable, venv])
        python = str(Path(venv) / "bin" / "python")
        run(["uv", "pip", "install", "--quiet", "--no-cache", "--python", python, *files], env=env)
        out = run([str(Path(venv) / "bin" / "vncards"), "--version"], cwd=venv)
        if "(pure Python)" not in out:
            raise SystemExit(f"install-alone: the sdists built a compiled install: {out}")
        played = run([python, "-c", GAME_SMOKE], cwd=venv)
        print(f"sdists, pure: {out.strip()}; {played.strip().splitlines()[-1]}")
        stepped = run([python, "-c", ENVS_SMOKE], cwd=venv).strip().splitlines()[-1]
        if "(pure Python)" not in stepped:
            raise SystemExit(f"install-alone: the envs sdist built a compiled install: {stepped}")
        print(f"sdists, pure: {stepped}")


if __name__ == "__main__":
    main()
