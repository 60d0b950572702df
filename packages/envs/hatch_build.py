"""The environments' wheel build hook is core's: read from ``../core`` in a checkout of the
repository, from the copy the sdist carries (``core_build_hook.py``) elsewhere."""

import runpy
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_FILES = (_HERE.parent / "core" / "hatch_build.py", _HERE / "core_build_hook.py")
CompiledBuildHook = runpy.run_path(str(next(p for p in _FILES if p.is_file())))["CompiledBuildHook"]
