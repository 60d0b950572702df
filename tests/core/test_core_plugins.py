"""Plugin discovery through the ``vncards.games`` entry-point group."""

from __future__ import annotations

import sys
import types
import typing
import warnings
from importlib.metadata import EntryPoint

import pytest
from vncards.core import (
    ENTRY_POINT_GROUP,
    GamePlugin,
    PluginError,
    PluginWarning,
    discover_games,
    get_game,
)
from vncards.core._plugins import _REQUIRED

MODULE = "vncards_fake_games_for_tests"


def _unused(*args: object) -> None:
    """Never called: discovery only checks that the member is there."""


class FakeGame:
    """Just the members discovery requires of a game (every one of the protocol's)."""

    title = "A fake game"
    deck = "french"
    rules_model = object
    presets = {"std": None}  # noqa: RUF012 - a stand-in, never mutated
    default_preset = "std"
    bots: dict[str, object] = {}  # noqa: RUF012 - a stand-in, never mutated

    def __init__(self, name: str) -> None:
        self.name = name
        for member in _REQUIRED:
            if not hasattr(self, member):
                setattr(self, member, _unused)


@pytest.fixture
def fake_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType(MODULE)
    module.alpha = FakeGame("alpha")  # type: ignore[attr-defined]
    module.beta = FakeGame("beta")  # type: ignore[attr-defined]
    module.alpha_again = FakeGame("alpha")  # type: ignore[attr-defined]
    module.not_a_game = object()  # type: ignore[attr-defined]
    half = FakeGame("half")
    del half.referee  # type: ignore[attr-defined]
    module.half_a_game = half  # type: ignore[attr-defined]
    no_default = FakeGame("nodefault")
    no_default.default_preset = "fast"
    module.no_default = no_default  # type: ignore[attr-defined]
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


def test_discovery_requires_exactly_the_protocol() -> None:
    """Discovery asks a plugin for every member of the game protocol, and no more."""
    members = getattr(typing, "get_protocol_members", None)
    found = members(GamePlugin) if members else typing._get_protocol_attrs(GamePlugin)  # type: ignore[attr-defined]
    assert set(_REQUIRED) == set(found)


def test_plugin_lacking_one_protocol_member_is_skipped(fake_module: types.ModuleType) -> None:
    """A game missing one member of the protocol (here ``referee``) is skipped with a
    warning naming it and what it lacks, so no tool later fails on it."""
    with pytest.warns(PluginWarning, match="'half'.*is not a game: lacks referee"):
        games = discover_games([entry("half", "half_a_game"), entry("beta", "beta")])
    assert list(games) == ["beta"]


def test_plugin_whose_default_preset_is_missing_is_skipped(
    fake_module: types.ModuleType,
) -> None:
    """A default preset that is not among the presets makes the plugin broken: skipped
    with a warning naming it."""
    with pytest.warns(PluginWarning, match="'nodefault'.*broken.*default preset 'fast'"):
        games = discover_games([entry("nodefault", "no_default"), entry("beta", "beta")])
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


@pytest.mark.parametrize("name", ["tienlen", "samloc", "tusac", "maubinh"])
def test_every_game_referees_a_record_itself(name: str) -> None:
    """Every plugin has ``referee(record)`` (the plugin contract), ruling as core's
    referee does: a played game's record is legal and settled; its first action made
    twice in a row is refused the second time."""
    from vncards.core import RandomBot, play_game, record_game, referee

    plugin = get_game(name)
    rules = plugin.presets[plugin.default_preset]
    state = plugin.new_game(rules, 3, seed=11)
    played = play_game(plugin, state, [RandomBot(i) for i in range(3)])
    record = record_game(plugin, played, ["An", "Bình", "Chi"])
    report = plugin.referee(record)
    assert report == referee(plugin, record)
    assert report.legal
    assert report.finished
    assert sum(report.payments.values()) == 0
    data = record.to_json()
    again = {**data, "actions": [data["actions"][0], data["actions"][0]]}
    refused = plugin.referee(again)
    assert refused == referee(plugin, again)
    assert not refused.legal
    assert refused.error is not None
    assert refused.error.index == 1
