"""Plugin discovery through the ``vncards.games`` entry-point group."""

from __future__ import annotations

import sys
import types
import warnings
from importlib.metadata import EntryPoint

import pytest
from vncards.core import (
    ENTRY_POINT_GROUP,
    PluginError,
    PluginWarning,
    discover_games,
    get_game,
)

MODULE = "vncards_fake_games_for_tests"


class FakeGame:
    """Just the attributes discovery requires of a game."""

    title = "A fake game"
    presets = {"std": None}  # noqa: RUF012 - a stand-in, never mutated
    default_preset = "std"

    def __init__(self, name: str) -> None:
        self.name = name

    def new_game(self) -> None:
        """Unused."""

    def legal_actions(self) -> None:
        """Unused."""

    def apply(self) -> None:
        """Unused."""


@pytest.fixture
def fake_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType(MODULE)
    module.alpha = FakeGame("alpha")  # type: ignore[attr-defined]
    module.beta = FakeGame("beta")  # type: ignore[attr-defined]
    module.alpha_again = FakeGame("alpha")  # type: ignore[attr-defined]
    module.not_a_game = object()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, module)
    monkeypatch.delenv("VNCARDS_PLUGINS", raising=False)
    return module


def entry(name: str, attr: str, module: str = MODULE) -> EntryPoint:
    return EntryPoint(name=name, value=f"{module}:{attr}", group=ENTRY_POINT_GROUP)


def test_discover_loads_games_by_name(fake_module: types.ModuleType) -> None:
    """Every good entry loads, keyed and ordered by the game's name."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        games = discover_games([entry("beta", "beta"), entry("alpha", "alpha")])
    assert list(games) == ["alpha", "beta"]
    assert games["alpha"] is fake_module.alpha


def test_broken_plugin_warns_naming_it_and_never_crashes(fake_module: types.ModuleType) -> None:
    """A plugin that fails to import is skipped with a PluginWarning naming it."""
    with pytest.warns(PluginWarning, match="'broken'.*failed to load"):
        games = discover_games(
            [entry("broken", "x", module="no_such_vncards_module"), entry("alpha", "alpha")]
        )
    assert list(games) == ["alpha"]


def test_plugin_without_game_members_warns(fake_module: types.ModuleType) -> None:
    """An entry naming something that is not a game is skipped with a warning naming it."""
    with pytest.warns(PluginWarning, match="'odd'.*is not a game: lacks name"):
        games = discover_games([entry("odd", "not_a_game"), entry("beta", "beta")])
    assert list(games) == ["beta"]


def test_duplicate_game_name_warns_and_keeps_first(fake_module: types.ModuleType) -> None:
    """Two plugins with one game name: the second (in entry name order) is skipped with a
    warning naming it."""
    with pytest.warns(PluginWarning, match="'alpha2'.*repeats the game name 'alpha'"):
        games = discover_games([entry("alpha2", "alpha_again"), entry("alpha", "alpha")])
    assert games["alpha"] is fake_module.alpha


def test_vncards_plugins_restricts_loading(
    fake_module: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """VNCARDS_PLUGINS=a,b loads only the named entries; others are not even imported."""
    monkeypatch.setenv("VNCARDS_PLUGINS", " beta , gamma")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        games = discover_games(
            [
                entry("alpha", "alpha"),
                entry("beta", "beta"),
                entry("broken", "x", module="no_such_vncards_module"),
            ]
        )
    assert list(games) == ["beta"]
    monkeypatch.setenv("VNCARDS_PLUGINS", "  ")
    assert list(discover_games([entry("alpha", "alpha")])) == ["alpha"]


def test_get_game_unknown_names_installed(
    fake_module: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """get_game for an unknown name raises PluginError listing what is installed."""
    monkeypatch.setenv("VNCARDS_PLUGINS", "no-such-game-here")
    with pytest.raises(PluginError, match="unknown game 'nope' \\(installed: none\\)"):
        get_game("nope")
