"""Small things (reliability item 8): a closed standard input, an empty variant, a bad
seed, per-engine caches, output that cannot be encoded, bare ``vncards``."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.core import RecordError, Rng, RulesError, VncardsError, resolve_rules

from tests.hardening._support import installed_games

cli = pytest.importorskip("vncards.cli.app")

_RUN = "import sys; from vncards.cli.app import main; sys.argv = ['vncards', *sys.argv[1:]]; main()"


def _closed_stdin(*args: str) -> subprocess.CompletedProcess[str]:
    """``vncards ARGS`` with file descriptor 0 closed, as ``<&-`` in a shell does."""
    return subprocess.run(
        [sys.executable, "-c", _RUN, *args],
        stdin=None,
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=lambda: os.close(0),
    )


@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor")
@pytest.mark.parametrize("args", [["referee", "-"], ["play", "tienlen"]])
def test_closed_stdin_gets_one_clear_line(args: list[str]) -> None:
    """``referee -`` and ``play`` with standard input closed: one line saying so."""
    if "tienlen" not in installed_games():
        pytest.skip("Tiến lên is not installed")
    done = _closed_stdin(*args)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, done.stderr
    assert "standard input is closed" in lines[0]
    assert "JSON" not in lines[0]


@pytest.mark.parametrize(
    "args", [["rules", "tienlen", "--variant", ""], ["deal", "tienlen", "--variant", ""]]
)
def test_empty_variant_is_an_error_not_the_default(args: list[str]) -> None:
    """``--variant ""`` names no preset: refused, where it used to mean the default."""
    if "tienlen" not in installed_games():
        pytest.skip("Tiến lên is not installed")
    result = CliRunner().invoke(cli.app, args, env={"VNCARDS_PLUGINS": "tienlen"})
    assert result.exit_code == 2
    assert "no variant ''" in result.stderr


def test_empty_variant_in_the_api_and_in_records() -> None:
    """``resolve_rules(plugin, "")`` raises RulesError; a record with ``"variant": ""``
    is unreadable."""
    games = installed_games()
    if "tienlen" not in games:
        pytest.skip("Tiến lên is not installed")
    plugin = games["tienlen"]
    with pytest.raises(RulesError):
        resolve_rules(plugin, "")
    from vncards.core import referee

    record = {"game": "tienlen", "variant": "", "players": ["A", "B"], "hands": {"A": [], "B": []}}
    with pytest.raises(RecordError, match="variant"):
        referee(plugin, record)


@pytest.mark.parametrize("seed", ["42", 4.2, None, True, b"1"])
def test_bad_seed_raises_the_librarys_own_error(seed: Any) -> None:
    """A seed that is not an integer raises a VncardsError (also a TypeError), from the
    generator and from every game's ``new_game``."""
    with pytest.raises(VncardsError):
        Rng(seed)
    for plugin in installed_games().values():
        rules = plugin.presets[plugin.default_preset]
        lo, _hi = plugin.player_range(rules)
        with pytest.raises(VncardsError):
            plugin.new_game(rules, max(lo, 2), seed)


def test_sam_engine_cache_is_bounded() -> None:
    """One engine per distinct rules override, but never more than ENGINE_CACHE_SIZE."""
    sam = pytest.importorskip("vncards.samloc._game")
    plugin = sam.plugin
    base = plugin.presets[plugin.default_preset]
    for value in range(sam.ENGINE_CACHE_SIZE + 50):
        plugin.engine(base.model_copy(update={"chop_two": value}))
    assert len(plugin.game._engines) <= sam.ENGINE_CACHE_SIZE


def test_tienlen_engine_cache_is_bounded() -> None:
    """The same for Tiến lên (its bound is 256)."""
    tl = pytest.importorskip("vncards.tienlen._plugin")
    plugin = tl.plugin
    base = plugin.presets[plugin.default_preset]
    for value in range(300):
        plugin.engine(base.model_copy(update={"thoi_quad": value}))
    assert len(plugin.game._engines) <= 256


def test_output_encoding_error_is_not_unreadable_input() -> None:
    """Output the terminal cannot encode: exit 3 and a line about the output, never
    exit 2 (unreadable input)."""
    if "tienlen" not in installed_games():
        pytest.skip("Tiến lên is not installed")
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "VNCARDS_PLUGINS": "tienlen"}
    done = subprocess.run(
        [sys.executable, "-c", _RUN, "classify", "tienlen", "3S 3H"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 3, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "cannot write the output" in lines[0]


def test_bare_vncards_prints_help_and_no_error_line() -> None:
    """``vncards`` alone: the help on stdout, nothing on stderr, exit 0."""
    result = CliRunner().invoke(cli.app, [])
    assert result.exit_code == 0
    assert "Usage" in result.stdout
    assert result.stderr.strip() == ""
