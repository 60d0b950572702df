"""Fixtures for the command-line tests: a stand-in third-party game found through
(monkeypatched) entry-point discovery, and the real games that are installed."""

from __future__ import annotations

import importlib.util
import os
import sys
import warnings
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.core import ENTRY_POINT_GROUP, discover_games

HERE = Path(__file__).parent
FAKE_MODULE = "cli_fakegame"
FAKE_PATH = os.pathsep.join([str(HERE), str(HERE.parents[1])])
"""What a process started by a test puts on ``PYTHONPATH`` to import ``cli_fakegame``
(this folder) and the ``tests.fakegames`` it is made of (the repository's root)."""
REAL_GAMES = ("tienlen", "samloc", "tusac")


def _load_fake() -> Any:
    if FAKE_MODULE in sys.modules:
        return sys.modules[FAKE_MODULE]
    spec = importlib.util.spec_from_file_location(FAKE_MODULE, HERE / f"{FAKE_MODULE}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[FAKE_MODULE] = module
    spec.loader.exec_module(module)
    return module


def loadable_real_games() -> list[str]:
    """The project's games that load (a package still being written is left out)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = discover_games()
    return [name for name in REAL_GAMES if name in found]


@pytest.fixture
def runner() -> CliRunner:
    """A Typer test runner."""
    return CliRunner()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The stand-in game ``miniclimb`` as the only installed game, found through the
    normal entry-point discovery (whose source of entry points is replaced)."""
    module = _load_fake()
    entry = EntryPoint(name="miniclimb", value=f"{FAKE_MODULE}:plugin", group=ENTRY_POINT_GROUP)

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [entry] if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr("vncards.core._plugins.entry_points", entry_points)
    monkeypatch.delenv("VNCARDS_PLUGINS", raising=False)
    return module.plugin


@pytest.fixture(params=REAL_GAMES)
def real_game(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each of the project's games once it loads; others are skipped."""
    name: str = request.param
    if name not in loadable_real_games():
        pytest.skip(f"{name} is not installed as a working plugin yet")
    monkeypatch.setenv("VNCARDS_PLUGINS", name)
    return name
