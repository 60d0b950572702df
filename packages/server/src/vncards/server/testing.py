"""The service running for real, for tests and benchmarks (a game server's own tests
too): the app on 127.0.0.1, on a port the system picks, in a thread
(:class:`LiveServer`) or in a child process (:class:`ServerProcess`, so that a client
and the server each have a core, or so that it can be killed), and a throwaway
PostgreSQL server (:class:`PostgresCluster`).

>>> import json, urllib.request
>>> from vncards.server import create_app
>>> with LiveServer(create_app()) as live:
...     with urllib.request.urlopen(live.url + "/v1/games") as answer:
...         games = json.load(answer)["games"]
>>> "tienlen" in [g["name"] for g in games]
True
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import uvicorn
from vncards.server._connections import server_config
from vncards.server._settings import ServerSettings

__all__ = [
    "LiveServer",
    "PostgresCluster",
    "ServerProcess",
    "peak_memory",
    "postgres_bin",
    "reset_peak_memory",
]


class LiveServer:
    """The app served by uvicorn in a thread on 127.0.0.1, on a port the system picks."""

    def __init__(self, app: Any, log_level: str = "warning") -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        deadlines = getattr(getattr(app, "state", None), "settings", ServerSettings()).deadlines
        config = server_config(
            app, replace(deadlines, keep_alive_seconds=120), log_level=log_level, lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.sock.close()


class ServerProcess:
    """The service in a child process on 127.0.0.1, on a socket bound here to a port the
    system picks (so the client and the server each have a core); ``settings`` is
    Python source of more :class:`ServerSettings` arguments (``"max_batch_records=10"``),
    ``max_files`` the most file descriptors the child may hold."""

    def __init__(
        self,
        max_tables: int = 1000,
        db: str | None = None,
        settings: str = "",
        max_files: int | None = None,
    ) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(512)
        self.port = self.sock.getsockname()[1]
        fd = self.sock.fileno()
        # the socket is rebuilt from its descriptor as what it is (uvicorn's own fd option
        # takes it for a Unix socket, which turns off TCP_NODELAY: 40 ms per answer)
        code = (
            "import resource, socket, uvicorn\n"
            f"limit = {max_files!r}\n"
            "if limit is not None:\n"
            "    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]\n"
            "    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))\n"
            "from dataclasses import replace\n"
            "from vncards.server import Deadlines, ServerSettings, create_app, server_config\n"
            f"sock = socket.socket(fileno={fd})\n"
            f"settings = ServerSettings(max_tables={max_tables}, db={db!r}, {settings})\n"
            "app = create_app(settings)\n"
            "deadlines = replace(settings.deadlines, keep_alive_seconds=120)\n"
            "config = server_config(app, deadlines, log_level='warning')\n"
            "uvicorn.Server(config).run(sockets=[sock])\n"
        )
        self.proc = subprocess.Popen([sys.executable, "-c", code], pass_fds=[fd])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerProcess:
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("the test server exited")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as c:
                    c.sendall(
                        b"GET /v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    )
                    if c.recv(12).startswith(b"HTTP/1.1 200"):
                        return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)

    def kill(self) -> None:
        """End the process at once (SIGKILL), as a crash would, and wait for it."""
        self.proc.kill()
        self.proc.wait()

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.sock.close()


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (``initdb``, ``pg_ctl``), newest
    version first; ``None`` when PostgreSQL is not installed.

    >>> found = postgres_bin()
    >>> found is None or (found / "initdb").exists()
    True
    """
    on_path = shutil.which("initdb")
    if on_path is not None:
        return Path(on_path).parent
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts)
    return found[-1].parent if found else None


class PostgresCluster:
    """A throwaway PostgreSQL server for tests: ``initdb`` into a temporary folder, then
    ``pg_ctl start`` on a free loopback port (as the ``postgres`` user when run as root,
    since PostgreSQL refuses to run as root); stopped and removed on exit.
    ``url`` is its ``postgresql://`` URL (trusted local user ``vncards``)."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="vncards-pg-"))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"postgresql://vncards@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def __enter__(self) -> PostgresCluster:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        data = str(self.folder / "data")
        self._run("initdb", "-D", data, "-U", "vncards", "-A", "trust", "--no-sync")
        options = f"-p {self.port} -h 127.0.0.1 -k {self.folder} -c fsync=off"
        log = str(self.folder / "log")
        self._run("pg_ctl", "-D", data, "-o", options, "-l", log, "-w", "-t", "60", "start")
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def reset_peak_memory(pid: int) -> None:
    """Start measuring process ``pid``'s peak resident memory afresh (Linux: the
    high-water mark is cleared through ``/proc``)."""
    with open(f"/proc/{pid}/clear_refs", "w") as refs:
        refs.write("5")


def peak_memory(pid: int) -> int:
    """Process ``pid``'s peak resident memory in bytes since it started or since
    :func:`reset_peak_memory` (Linux ``VmHWM``).

    >>> import os
    >>> peak_memory(os.getpid()) > 0
    True
    """
    with open(f"/proc/{pid}/status") as status:
        kb = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    return int(kb) * 1024
