"""The lists the docs show — games, packages, bots, presets, reason codes — are made from
the code (the site's build hook, docs/_ext/lists.py) or checked against it here, so a
game, package or bot that is added appears in them, and one missing fails."""

from __future__ import annotations

import importlib.util
import tomllib
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import discover_games

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(ROOT.glob("packages/*/pyproject.toml"))


def _lists() -> Any:
    path = ROOT / "docs/_ext/lists.py"
    spec = importlib.util.spec_from_file_location("docs_lists", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _games() -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return discover_games()


def _page(name: str) -> str:
    """A page as the site shows it: its lists made from the code."""
    return str(_lists().render((ROOT / name).read_text(encoding="utf-8")))


def _package_names() -> list[str]:
    return [tomllib.loads(p.read_text(encoding="utf-8"))["project"]["name"] for p in PACKAGES]


@pytest.mark.parametrize(
    ("page", "wanted"),
    [
        ("docs/index.md", ("games", "packages")),
        ("docs/architecture.md", ("packages",)),
        ("docs/bots.md", ("bots",)),
        ("docs/cli.md", ("reasons",)),
    ],
)
def test_pages_ask_for_their_lists(page: str, wanted: tuple[str, ...]) -> None:
    """The pages whose lists are made from the code keep asking for them."""
    text = (ROOT / page).read_text(encoding="utf-8")
    for name in wanted:
        assert f"<!-- vncards: {name} -->" in text, (page, name)


def test_every_package_is_listed() -> None:
    """Every package of the workspace is in the home page's and the architecture page's
    tables (made from the pyproject files), and in the README's and Install's (written
    by hand, so checked here)."""
    names = _package_names()
    assert len(names) == len(PACKAGES) >= 8
    for page in ("docs/index.md", "docs/architecture.md", "README.md", "docs/install.md"):
        text = _page(page)
        for name in names:
            assert f"`{name}`" in text, (page, name)


def test_every_game_its_presets_and_bots_are_listed() -> None:
    """Every installed game, each of its presets and each of its bots, is on the home
    page and the bots page; each game's title is in the README."""
    index, bots, readme = _page("docs/index.md"), _page("docs/bots.md"), _page("README.md")
    for name, game in _games().items():
        assert f"`{name}`" in index, name
        for preset in game.presets:
            assert f"`{preset}`" in index, (name, preset)
        row = next(line for line in bots.splitlines() if line.startswith(f"| {game.title} |"))
        for bot in game.bots:
            assert f"`{bot}`" in row, (name, bot)
        assert game.title.split(" (")[0] in readme, name


def test_every_reason_code_is_listed_in_words() -> None:
    """Every game's transfer reason codes are in the CLI page's table, each with the
    words the play screen uses for it."""
    text = _page("docs/cli.md")
    for name, game in _games().items():
        for code in game.record_vocabulary.transfer_reasons:
            assert f"| `{name}` | `{code}` |" in text, (name, code)


def test_help_names_no_fixed_list_of_games() -> None:
    """`vncards --help` speaks of every installed game, not of a list written once."""
    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "100"})
    assert out.exit_code == 0
    assert "vncards games" in out.stdout
    assert "Tiến lên, Sâm Lốc, Tứ Sắc" not in out.stdout
