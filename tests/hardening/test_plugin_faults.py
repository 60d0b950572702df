"""Plugins cannot take the tool down (reliability item 6): a plugin that calls
``sys.exit``, raises ``KeyboardInterrupt`` or any exception at import, or whose ``name``
or ``title`` property fails, is skipped with a warning naming it, and every other game
still works."""

from __future__ import annotations

import sys
import warnings
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner
from vncards.core import ENTRY_POINT_GROUP, PluginWarning, discover_games

cli = pytest.importorskip("vncards.cli.app")

_BROKEN = {
    "exits": "import sys\nsys.exit(3)\n",
    "interrupts": "raise KeyboardInterrupt\n",
    "raises": "raise RuntimeError('boom')\n",
    "bad_name": (
        "from vncards.tienlen import plugin as _p\n"
        "class _G(type(_p)):\n"
        "    @property\n"
        "    def name(self):\n"
        "        raise RuntimeError('no name')\n"
        "plugin = object.__new__(_G)\n"
        "plugin.__dict__.update(_p.__dict__)\n"
    ),
    "bad_title": (
        "from vncards.tienlen import plugin as _p\n"
        "class _G(type(_p)):\n"
        "    @property\n"
        "    def title(self):\n"
        "        raise SystemExit('no title')\n"
        "plugin = object.__new__(_G)\n"
        "plugin.__dict__.update(_p.__dict__)\n"
    ),
}


@pytest.fixture
def entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[EntryPoint]:
    """One entry point per broken plugin, plus the real Tiến lên."""
    pytest.importorskip("vncards.tienlen")
    for name, source in _BROKEN.items():
        (tmp_path / f"hostile_plugin_{name}.py").write_text(source, encoding="utf-8")
        monkeypatch.delitem(sys.modules, f"hostile_plugin_{name}", raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = [
        EntryPoint(name=f"broken-{n}", value=f"hostile_plugin_{n}:plugin", group=ENTRY_POINT_GROUP)
        for n in _BROKEN
    ]
    out.append(EntryPoint(name="tienlen", value="vncards.tienlen:plugin", group=ENTRY_POINT_GROUP))
    monkeypatch.delenv("VNCARDS_PLUGINS", raising=False)
    return out


def test_broken_plugins_are_skipped_with_a_warning_naming_them(
    entries: list[EntryPoint],
) -> None:
    """Discovery survives sys.exit, KeyboardInterrupt, exceptions at import and failing
    properties; each is named in a warning and Tiến lên still loads."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = discover_games(entries)
    assert list(games) == ["tienlen"]
    messages = [str(w.message) for w in caught if issubclass(w.category, PluginWarning)]
    for name in _BROKEN:
        assert any(f"broken-{name}" in m for m in messages), (name, messages)
    assert all("\n" not in m for m in messages)


def test_the_cli_still_works_beside_broken_plugins(
    entries: list[EntryPoint], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``vncards games`` and a query still answer, with one warning line per plugin."""

    def entry_points(*, group: str) -> list[EntryPoint]:
        return entries if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr("vncards.core._plugins.entry_points", entry_points)
    for args in (["games"], ["classify", "tienlen", "3S 3H"]):
        result = CliRunner().invoke(cli.app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        warned = [line for line in result.stderr.splitlines() if "warning" in line]
        assert len(warned) == len(_BROKEN), result.stderr
