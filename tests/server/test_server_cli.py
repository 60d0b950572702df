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
    assert calls == [{"host": "127.0.0.1", "port": 0}]


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
