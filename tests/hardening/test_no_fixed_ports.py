"""Tests that cannot flake (reliability item 9): no test binds a fixed port, so the suite
passes while another Dask cluster (or anything else) listens on the usual ports.

A scan of every test file: a Dask ``LocalCluster`` must leave its ports to the system
(``scheduler_port`` absent or 0, and a ``dashboard_address`` of ``":0"`` — with ``None``
this Dask version binds 8787); a socket's ``bind`` and any ``port=`` argument must not
name a port other than 0."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
FILES = sorted(TESTS.rglob("*.py"))


def _fixed_ports(tree: ast.AST) -> list[str]:
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = (
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        )
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        if name == "LocalCluster":
            dash = keywords.get("dashboard_address")
            if not (isinstance(dash, ast.Constant) and dash.value == ":0"):
                found.append(f"line {node.lineno}: LocalCluster without dashboard_address=':0'")
        for key in ("port", "scheduler_port"):
            value = keywords.get(key)
            if isinstance(value, ast.Constant) and value.value not in (0, None):
                found.append(f"line {node.lineno}: {key}={value.value!r}")
        if name == "bind" and node.args and isinstance(node.args[0], ast.Tuple):
            elts = node.args[0].elts
            if len(elts) == 2 and isinstance(elts[1], ast.Constant) and elts[1].value != 0:
                found.append(f"line {node.lineno}: bind to port {elts[1].value!r}")
    return found


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(TESTS)) for p in FILES])
def test_no_test_binds_a_fixed_port(path: Path) -> None:
    """Every port a test listens on is the system's choice."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert _fixed_ports(tree) == []


def test_the_scan_finds_fixed_ports() -> None:
    """The scan itself sees each form it forbids."""
    source = (
        "LocalCluster(n_workers=1, dashboard_address=None)\n"
        "s.bind(('127.0.0.1', 8786))\n"
        "serve(app, port=8000)\n"
        "LocalCluster(scheduler_port=8786, dashboard_address=':0')\n"
    )
    assert len(_fixed_ports(ast.parse(source))) == 4
    assert _fixed_ports(ast.parse("LocalCluster(dashboard_address=':0')\ns.bind(('', 0))")) == []
