"""Wheel build hook: the hot modules compiled with mypyc, or a pure wheel when that fails.

The package's ``pyproject.toml`` names the modules (``[tool.hatch.build.targets.wheel.
hooks.custom] compiled = [...]``, paths below the package root). They are compiled as one
mypyc group into ``<package>/_compiled/``; a kernel written for Cython (``cython =
[...]``, ``.pyx`` files, each beside the ``.py`` module the pure build runs) is compiled
with them. A ``manifest.json`` beside them holds the SHA-256 of each source (a kernel's
``.pyx`` and its ``.py``); ``vncards.core._native`` loads that group only while every
source still has its recorded hash. Nothing is compiled when ``VNCARDS_PURE=1`` is set,
and any failure (no C compiler, a mypyc error) leaves the pure wheel with a warning: a
build never fails for want of the compiled part. The sdist is always pure.

This one file serves every package that compiles: each one's own ``hatch_build.py`` reads
it (from ``../core`` in the repository, from the copy its sdist carries elsewhere).
Rebuild after editing a hot module: ``uv sync --reinstall-package vncards-core``.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # hatchling is there when a wheel is built, not in the dev environment

    class BuildHookInterface:
        """What the hook uses of hatchling's base class."""

        root: str
        config: dict[str, Any]
        app: Any

else:
    try:
        from hatchling.builders.hooks.plugin.interface import BuildHookInterface
    except ImportError:  # read outside a build (the test run imports every module)
        BuildHookInterface = object

# Run in a child interpreter so that a compiler crash or a mypyc error stays a warning.
_COMPILE = """
import json, sys
from mypyc.build import mypycify
from setuptools import setup
job = json.loads(sys.argv[1])
modules = mypycify(
    ["--config-file", job["config"], *job["paths"]],
    group_name=job["group"],
    target_dir=job["c_dir"],
    opt_level="3",
    debug_level="0",
)
if job["cython"]:  # kernels written for Cython, beside the mypyc group
    from Cython.Build import cythonize
    from setuptools import Extension
    kernels = [Extension(name, [path]) for name, path in job["cython"]]
    modules += cythonize(kernels, build_dir=job["c_dir"], quiet=True)
if sys.platform != "win32":  # native 64-bit ints wrap, as core's _splitmix relies on
    for module in modules:
        module.extra_compile_args = [*module.extra_compile_args, "-fwrapv"]
setup(
    name=job["name"],
    py_modules=[],
    ext_modules=modules,
    script_args=["build_ext", "--build-lib", job["out"], "--build-temp", job["temp"]],
)
"""

_MYPY_CONFIG = """[mypy]
ignore_missing_imports = True
follow_imports = silent
namespace_packages = True
explicit_package_bases = True
mypy_path = {path}
"""


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file, as the manifest records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


class CompiledBuildHook(BuildHookInterface):
    """Adds the compiled group and its manifest to a wheel (standard or editable)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        sources = [Path(self.root, p) for p in self.config.get("compiled", [])]
        if not sources or os.environ.get("VNCARDS_PURE") == "1":
            return
        package = sources[0].parent  # src/vncards/<name>
        try:
            built = self._compile(package, sources)
        except Exception as exc:  # any failure means the pure wheel
            self.app.display_warning(f"compiled build skipped, installing pure Python: {exc}")
            return
        target = f"{package.relative_to(package.parent.parent).as_posix()}/_compiled"
        for path, place in built:
            build_data["force_include"][str(path)] = f"{target}/{place}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def _compile(self, package: Path, sources: list[Path]) -> list[tuple[Path, str]]:
        src = package.parent.parent
        kernels = [Path(self.root, p) for p in self.config.get("cython", [])]
        name = f"{package.parent.name}.{package.name}"
        # sibling packages' sources (a workspace checkout) give mypyc their types
        roots = [src, *sorted(Path(self.root).parent.glob("*/src"))]
        work = Path(self.root, "build", "mypyc")
        out = work / "lib"
        work.mkdir(parents=True, exist_ok=True)
        config = work / "mypy.ini"
        path = ",".join(dict.fromkeys(str(r.resolve()) for r in roots))
        config.write_text(_MYPY_CONFIG.format(path=path), encoding="utf-8")
        job = {
            "name": name,
            "config": str(config),
            "paths": [str(s.relative_to(self.root)) for s in sources],
            "cython": [
                [".".join(k.relative_to(src).with_suffix("").parts), str(k.relative_to(self.root))]
                for k in kernels
            ],
            "group": f"{name}.{package.name}_compiled",
            "c_dir": str(work / "c"),
            "out": str(out),
            "temp": str(work / "temp"),
        }
        with tempfile.TemporaryFile("w+") as log:
            done = subprocess.run(
                [sys.executable, "-c", _COMPILE, json.dumps(job)],
                cwd=self.root,
                stdout=log,
                stderr=subprocess.STDOUT,
                check=False,
            )
            if done.returncode != 0:
                log.seek(0)
                tail = log.read()[-3000:]
                raise RuntimeError(f"mypyc failed (exit {done.returncode}):\n{tail}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built_dir = out / package.relative_to(src)
        # a module of a subpackage (core/climbing/_loop.py) keeps its folder in the group
        places = [
            s.relative_to(package).with_name(f"{s.stem}{suffix}") for s in [*sources, *kernels]
        ]
        places.append(Path(f"{package.name}_compiled__mypyc{suffix}"))
        missing = [p.as_posix() for p in places if not (built_dir / p).exists()]
        if missing:
            raise RuntimeError(f"mypyc built no {', '.join(missing)}")
        manifest = {
            "group": job["group"],
            "sources": {
                s.relative_to(package).as_posix(): source_hash(s)
                for s in [*sources, *kernels, *(k.with_suffix(".py") for k in kernels)]
            },
        }
        manifest_path = work / "manifest.json"
        manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True), "utf-8")
        built = [(built_dir / p, p.as_posix()) for p in places]
        return [*built, (manifest_path, "manifest.json")]
