"""Mutation testing of one rules module with mutmut, from a staging copy of the tree.

mutmut 3 derives module names from paths under ``src/`` in the directory it runs in, so
it cannot run at the workspace root (``packages/<name>/src``). This script stages the
package that holds the module as ``src/`` in a scratch directory, beside a copy of
``tests/`` and the root ``pyproject.toml`` with a ``[tool.mutmut]`` table added, runs
``mutmut run`` there and prints the score. Other packages still import from the
workspace, and they see the mutated package first on ``sys.path``.

Usage (from the workspace root)::

    uv run python tests/hardening/run_mutation.py core/_combos.py \\
        tests/core/test_core_combos.py tests/hardening/test_rules_pins.py

``--children N`` sets mutmut's parallel workers (default 1);
``--keep DIR`` stages in DIR and leaves it there for ``mutmut results``/``mutmut show``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _toml_list(values: list[str]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def stage(module: str, tests: list[str], where: Path) -> Path:
    """Lay out ``where`` for mutmut: ``src/`` (the package of ``module``), ``tests/`` and a
    pyproject with the mutmut table. ``module`` is ``<package>/<file>``, e.g.
    ``core/_combos.py``."""
    package, _, filename = module.partition("/")
    src = ROOT / "packages" / package / "src"
    target = src / "vncards" / package / filename
    if not target.is_file():
        raise SystemExit(f"no module {target}")
    if where.exists():
        shutil.rmtree(where)
    where.mkdir(parents=True)
    shutil.copytree(src, where / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests", where / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    # golden records: tests find them beside tests/, and mutmut runs tests in mutants/
    shutil.copytree(ROOT / "shared", where / "shared", ignore=shutil.ignore_patterns("__pycache__"))
    base = (ROOT / "pyproject.toml").read_text("utf-8")
    tomllib.loads(base)  # the root config must stay readable once the table is appended
    table = (
        "\n[tool.mutmut]\n"
        f'source_paths = ["src"]\n'
        'also_copy = ["shared"]\n'
        f"only_mutate = {_toml_list([f'src/vncards/{package}/{filename}'])}\n"
        f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
        # a mutant that loops for ever is killed after 4× the clean run, not 15×
        "timeout_multiplier = 4.0\n"
        "pytest_add_cli_args = "
        '["-p", "no:cacheprovider", "--benchmark-disable", "-m", "not slow"]\n'
    )
    (where / "pyproject.toml").write_text(base + table, encoding="utf-8")
    return where


def score(where: Path) -> dict[str, int]:
    """Mutant counts by status, from ``mutmut results --all true``."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=where,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    counts: dict[str, int] = {}
    for line in out.splitlines():
        if ":" in line and "__mutmut_" in line:
            status = line.rsplit(":", 1)[1].strip()
            counts[status] = counts.get(status, 0) + 1
    return counts


def main() -> None:
    """Stage, run mutmut, print the score."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", help="<package>/<file>, e.g. core/_combos.py")
    parser.add_argument("tests", nargs="+", help="test files or node ids that pin the module")
    parser.add_argument("--children", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    where = args.keep or Path(tempfile.mkdtemp(prefix="vncards-mutation-"))
    stage(args.module, args.tests, where)
    subprocess.run(
        [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.children)],
        cwd=where,
        check=False,
    )
    counts = score(where)
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    total = sum(counts.values())
    print(f"{args.module}: {killed}/{total} killed ({100 * killed / max(total, 1):.1f}%) {counts}")
    if args.keep is None:
        shutil.rmtree(where)


if __name__ == "__main__":
    main()
