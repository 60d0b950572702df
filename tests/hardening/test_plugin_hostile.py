"""Plugins that misbehave after they load: a player range that raises, and prints.

A plugin whose ``player_range`` raised was loaded, then broke ``vncards games`` and
answered 500 to ``GET /v1/games`` for every game; it is now skipped at discovery with a
warning naming it, as a plugin that fails to import is. A plugin that prints to standard
output (at import or in any call) used to corrupt every ``--json`` answer; what it
prints now goes to standard error. Plugins remain trusted code that runs in-process
(``docs/plugins.md`` says so): these cases are about clean failures, not a sandbox.
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Callable
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner
from vncards.core import ENTRY_POINT_GROUP, PluginWarning, discover_games

cli = pytest.importorskip("vncards.cli.app")

_SUBCLASS = (
    "from vncards.tienlen import plugin as _p\n"
    "class _G(type(_p)):\n"
    "{body}"
    "plugin = object.__new__(_G)\n"
    "plugin.__dict__.update(_p.__dict__)\n"
    "plugin.name = 'chatty'\n"
    "del plugin.summary, plugin.classify_cards  # the members _G says them through\n"
)

_HOSTILE = {
    "range_raises": _SUBCLASS.format(
        body="    def player_range(self, rules):\n        raise RuntimeError('no range')\n"
    ),
    "range_exits": _SUBCLASS.format(
        body="    def player_range(self, rules):\n        raise SystemExit(4)\n"
    ),
}

_CHATTY = (
    "print('hello from the chatty plugin')\n"
    "from vncards.tienlen import plugin as _p\n"
    "class _G(type(_p)):\n"
    "    name = 'chatty'\n"
    "    def player_range(self, rules):\n"
    "        print('player_range was asked')\n"
    "        return super().player_range(rules)\n"
    "    def summary(self, rules):\n"
    "        print('summary was asked')\n"
    "        return _p.summary(rules)\n"
    "    def classify_cards(self, rules, tokens):\n"
    "        print('classify was asked')\n"
    "        return _p.classify_cards(rules, tokens)\n"
    "    def referee(self, record, **kw):\n"
    "        print('referee was asked')\n"
    "        return super().referee(record, **kw)\n"
    "plugin = object.__new__(_G)\n"
    "plugin.__dict__.update(_p.__dict__)\n"
    "plugin.name = 'chatty'\n"
    "del plugin.summary, plugin.classify_cards  # the members _G says them through\n"
)


def _install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sources: dict[str, str]
) -> Callable[..., list[EntryPoint]]:
    pytest.importorskip("vncards.tienlen")
    for name, source in sources.items():
        (tmp_path / f"hostile_{name}.py").write_text(source, encoding="utf-8")
        monkeypatch.delitem(sys.modules, f"hostile_{name}", raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    entries = [
        EntryPoint(name=name, value=f"hostile_{name}:plugin", group=ENTRY_POINT_GROUP)
        for name in sources
    ]
    entries.append(
        EntryPoint(name="tienlen", value="vncards.tienlen:plugin", group=ENTRY_POINT_GROUP)
    )

    def entry_points(*, group: str) -> list[EntryPoint]:
        return entries if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr("vncards.core._plugins.entry_points", entry_points)
    monkeypatch.delenv("VNCARDS_PLUGINS", raising=False)
    return entry_points


def test_a_player_range_that_fails_skips_the_plugin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discovery asks each preset's player range once; one that raises or exits is a
    broken plugin: a warning naming it, the others load."""
    _install(tmp_path, monkeypatch, _HOSTILE)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = discover_games()
    assert list(games) == ["tienlen"]
    messages = [str(w.message) for w in caught if issubclass(w.category, PluginWarning)]
    for name in _HOSTILE:
        assert sum(f"'{name}'" in m and "broken" in m for m in messages) == 1, messages


def test_vncards_games_lists_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``vncards games --json`` answers (it raised an unexpected RuntimeError), with one
    warning line per skipped plugin on stderr."""
    _install(tmp_path, monkeypatch, _HOSTILE)
    result = CliRunner().invoke(cli.app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    assert [g["name"] for g in json.loads(result.stdout)["games"]] == ["tienlen"]
    warned = [line for line in result.stderr.splitlines() if line.startswith("vncards: warning:")]
    assert len(warned) == len(_HOSTILE)


def test_get_games_answers_200(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``GET /v1/games`` answers 200 with the games that work (it answered 500)."""
    server = pytest.importorskip("vncards.server")
    testclient = pytest.importorskip("fastapi.testclient")
    _install(tmp_path, monkeypatch, _HOSTILE)
    with testclient.TestClient(server.create_app()) as client:
        answer = client.get("/v1/games")
    assert answer.status_code == 200
    assert [g["name"] for g in answer.json()["games"]] == ["tienlen"]


@pytest.mark.parametrize(
    "args",
    [
        ["games", "--json"],
        ["rules", "chatty", "--json"],
        ["classify", "chatty", "3S", "3H", "--json"],
        ["schema", "chatty"],
        ["deal", "chatty", "--seed", "1", "--json"],
    ],
    ids=lambda a: a[0],
)
def test_a_plugin_that_prints_never_corrupts_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """What a plugin prints, at import or when asked, goes to stderr: stdout is exactly
    one JSON document."""
    _install(tmp_path, monkeypatch, {"chatty": _CHATTY})
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)
    assert "was asked" not in result.stdout
    assert "hello from the chatty plugin" not in result.stdout
    assert "hello from the chatty plugin" in result.stderr


def test_a_plugin_that_prints_never_corrupts_json_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The referee's JSON Lines answers stay one JSON object a line."""
    from vncards.core.simulate import play_games

    _install(tmp_path, monkeypatch, {"chatty": _CHATTY})
    games = play_games("tienlen", games=2, players=4, seed=2, keep_records=True)
    lines = [json.dumps({**g.record, "game": "chatty"}) for g in games if g.record is not None]
    result = CliRunner().invoke(cli.app, ["referee", "-", "--json"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["legal"] for a in answers] == [True, True]
