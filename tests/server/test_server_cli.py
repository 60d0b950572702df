"""``vncards serve``: the CLI serves the app when vncards-server is installed, and says
in one line which extra to install when it is not."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.cli.app import app as cli


def test_serve_runs_the_service_on_the_given_host_and_port(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import vncards.server

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(vncards.server, "serve", lambda **kw: calls.append(kw))
    out = CliRunner().invoke(cli, ["serve", "--port", "0"])
    assert out.exit_code == 0, out.output
    assert calls == [{"host": "127.0.0.1", "port": 0, "db": None, "cors_origins": ()}]


def test_serve_passes_the_database_and_the_cors_origins(monkeypatch: pytest.MonkeyPatch) -> None:
    import vncards.server

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(vncards.server, "serve", lambda **kw: calls.append(kw))
    args = ["serve", "--db", "sqlite:///t.db", "--cors-origin", "https://a.example"]
    out = CliRunner().invoke(cli, [*args, "--cors-origin", "https://b.example"])
    assert out.exit_code == 0, out.output
    assert calls[0]["db"] == "sqlite:///t.db"
    assert calls[0]["cors_origins"] == ("https://a.example", "https://b.example")


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("mysql://x/y", "must start with sqlite:/// or postgresql://"),
        ("sqlite://", "needs a file"),
        ("not a url", "cannot be read"),
        ("postgresql://nobody@127.0.0.1:1/none", "cannot open the database"),
    ],
)
def test_serve_with_a_database_it_cannot_use_says_so_in_one_line(url: str, said: str) -> None:
    """Bad input: a --db URL of another kind, without a file, unreadable or unreachable
    is refused in one line (exit 2), never a traceback."""
    out = CliRunner().invoke(cli, ["serve", "--db", url])
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1, out.output
    assert said in lines[0]


def test_the_default_database_is_a_file_in_the_users_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """With no --db, tables go to an SQLite file in the data directory, said at start."""
    import uvicorn
    import vncards.server._serve as serving

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    ran: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(app))
    out = CliRunner().invoke(cli, ["serve", "--port", "0"])
    assert out.exit_code == 0, out.output
    assert ran
    assert serving.default_db() in out.output
    assert (tmp_path / "vncards" / "tables.sqlite3").exists()


def test_serve_without_the_server_package_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The CLI does not need the server: without it, one line names the extra."""
    monkeypatch.setitem(sys.modules, "vncards.server", None)
    out = CliRunner().invoke(cli, ["serve"])
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1
    assert "vncards-cli[server]" in lines[0]
