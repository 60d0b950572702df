"""``vncards.envs.<game>_v0`` for every installed game: a module file for the games with
an encoding of their own, a module made on import for any other (a game another package
installs), and nothing for a name that is not an installed game."""

from __future__ import annotations

import importlib
import pickle
import pydoc
import sys
from pathlib import Path

import pytest
from vncards.core import discover_games
from vncards.envs import VncardsEnv
from vncards.envs._game_modules import game_module_name


@pytest.mark.parametrize("game", sorted(discover_games()))
def test_every_installed_game_has_its_v0_module(game: str) -> None:
    module = importlib.import_module(f"vncards.envs.{game}_v0")
    raw = module.raw_env(players=2)
    assert isinstance(raw, VncardsEnv)
    assert raw.plugin.name == game
    wrapped = module.env(players=2)
    wrapped.reset(seed=1)
    assert wrapped.possible_agents == ["player_0", "player_1"]


@pytest.mark.parametrize(
    ("game", "title"),
    [
        ("tienlen", "Tiến lên miền Nam (đếm lá)"),
        ("samloc", "Sâm Lốc"),
        ("tusac", "Tứ Sắc"),
        ("maubinh", "Mậu Binh"),
        ("phom", "Phỏm"),
    ],
)
def test_help_on_env_and_raw_env_names_the_game(game: str, title: str) -> None:
    """Each is a function of its module (so it pickles by name) whose help says which
    game it makes and whether it is wrapped."""
    module = importlib.import_module(f"vncards.envs.{game}_v0")
    env_help = pydoc.render_doc(module.env)
    raw_help = pydoc.render_doc(module.raw_env)
    assert f"function env in module vncards.envs.{game}_v0" in env_help
    assert f"{title}, wrapped as PettingZoo's own games are." in env_help
    assert f"{title} without PettingZoo's order-enforcing wrapper." in raw_help
    assert "-> 'VncardsEnv'" in raw_help
    assert pickle.loads(pickle.dumps(module.raw_env)) is module.raw_env


def test_maubinh_parallel_env_is_a_function_of_its_module() -> None:
    """Mậu Binh's ``parallel_env`` is made by the factory, as ``env`` is: its help names
    the game and what it returns, and it pickles by name."""
    from vncards.envs import maubinh_v0

    made = pydoc.render_doc(maubinh_v0.parallel_env)
    assert "function parallel_env in module vncards.envs.maubinh_v0" in made
    assert "Mậu Binh with PettingZoo's parallel API" in made
    assert "-> 'SimultaneousParallelEnv'" in made
    assert pickle.loads(pickle.dumps(maubinh_v0.parallel_env)) is maubinh_v0.parallel_env
    assert maubinh_v0.parallel_env(players=3).possible_agents == [
        "player_0",
        "player_1",
        "player_2",
    ]


def test_a_module_file_wins_over_a_made_module() -> None:
    from vncards.envs import tienlen_v0

    assert str(tienlen_v0.__file__).endswith("tienlen_v0.py")


@pytest.mark.parametrize("name", ["nosuch_v0", "phom_v1", "_env_v0"])
def test_a_name_that_is_no_installed_game_is_not_found(name: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"vncards.envs.{name}")


def test_only_names_of_the_form_game_v0_stand_for_a_game() -> None:
    assert game_module_name("vncards.envs.phom_v0") == "phom"
    assert game_module_name("vncards.envs.a.b_v0") is None
    assert game_module_name("vncards.core.phom_v0") is None


_TOY = """
from dataclasses import replace
from vncards.core import Plugin
from vncards.tusac import BOTS, TuSacCodec, TuSacGame, TuSacProbes


class ToyGame(TuSacGame):
    info = replace(TuSacGame.info, name="toysac")


plugin = Plugin(ToyGame(), TuSacCodec(), BOTS, probes=TuSacProbes())
"""


def test_a_game_another_package_installs_gets_its_module_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plugin installed from elsewhere (here a distribution on ``sys.path`` whose
    entry point names Tứ Sắc under a new name) has ``vncards.envs.toysac_v0``."""
    (tmp_path / "toysac_plugin.py").write_text(_TOY)
    info = tmp_path / "toysac-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toysac\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[vncards.games]\ntoysac = toysac_plugin:plugin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "vncards.envs.toysac_v0", raising=False)
    module = importlib.import_module("vncards.envs.toysac_v0")
    made = module.raw_env(players=2)
    assert made.plugin.name == "toysac"
    assert "'toysac'" in str(module.env.__doc__)
    made.reset(seed=3)
    assert made.agents == ["player_0", "player_1"]
    sys.modules.pop("vncards.envs.toysac_v0")
