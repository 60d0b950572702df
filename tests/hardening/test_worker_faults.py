"""Workers fail cleanly (reliability item 4).

A worker process killed in the middle of a run, even while it sends its answer back, has
its chunk of games played again by a new worker process, with one warning line, and the
run gives exactly the games of an undisturbed run; if the new worker dies too, the run
ends with one ``SimulationError`` naming the signal (never a hang or a
``BrokenProcessPool`` traceback) and ``simulate --records`` keeps the games finished in
order before the lost chunk. Killing the main process leaves no worker alive; the number
of worker processes is capped; the result is the same with 1, 2 or more workers. Nothing
here waits for a time: workers kill themselves (a signal from the worker itself, at a
point fixed by the games they are given), and the orphan check polls ``/proc`` with a
generous bound.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from multiprocessing import connection
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from vncards.core import RandomBot, derive_seed
from vncards.core.simulate import (
    GameSummary,
    SimulationError,
    SimulationWarning,
    play_games,
)

from tests.hardening._support import ToyGame
from tests.hardening._support import process_alive as _alive

ROOT = Path(__file__).resolve().parents[2]
TOY = "tests.hardening._support:TOY"
FAULTY_REF = "tests.hardening.test_worker_faults:FAULTY"
_PARENT = "VNCARDS_TEST_PARENT_PID"
_ONCE = "VNCARDS_TEST_KILL_ONCE"
_SEND = "VNCARDS_TEST_DIE_SENDING"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals and /proc")


def _in_worker() -> bool:
    """Whether this process is a worker of the test's run (not the test's own process)."""
    return os.environ.get(_PARENT) not in (None, str(os.getpid()))


def _first_to_claim(variable: str) -> bool:
    """Whether this process is the first to create the marker file named by
    ``variable`` (so only one worker process of a run misbehaves, never its replacement)."""
    path = os.environ.get(variable)
    if not path:
        return False
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def suicidal_bot(seed: int) -> RandomBot:
    """A bot factory that kills its own process when it runs in a worker (not in the
    process that started the run): every worker's first game is its last."""
    if _in_worker():
        os.kill(os.getpid(), signal.SIGKILL)
    return RandomBot(seed)


def kill_once_bot(seed: int) -> RandomBot:
    """A bot factory that kills the first worker process to use it, once: the worker
    that plays the chunk again survives."""
    if _in_worker() and _first_to_claim(_ONCE):
        os.kill(os.getpid(), signal.SIGKILL)
    return RandomBot(seed)


_SAFE_SEED = derive_seed(derive_seed(0, 0), 1000)
"""The seed of the bot in seat 0 of game 0 of a run seeded 0."""
_safe = False


def doomed_bot(seed: int) -> RandomBot:
    """A bot factory that kills every worker process but the one that plays game 0 (of a
    run seeded 0): the first chunk is played, the second kills each worker given it."""
    global _safe
    if seed == _SAFE_SEED:
        _safe = True
    if _in_worker() and not _safe:
        os.kill(os.getpid(), signal.SIGKILL)
    return RandomBot(seed)


class FaultyToy(ToyGame):
    """The toy game with bots that kill worker processes, for the command line."""

    name = "faultytoy"
    bots = {"random": RandomBot, "doomed": doomed_bot, "once": kill_once_bot}  # noqa: RUF012


FAULTY = FaultyToy()


def _die_while_sending() -> None:
    """In the first worker process of a run that asks for it: the next answer sent back
    is cut in half and the worker kills itself, as if killed in the middle of sending."""
    if not (_in_worker() and _first_to_claim(_SEND)):
        return
    send = connection.Connection._send  # type: ignore[attr-defined]

    def half_then_die(self: connection.Connection, buf: Any) -> None:
        if len(buf) <= 16:  # a message's length, sent on its own before a long one
            send(self, buf)
            return
        view = memoryview(buf)[: len(buf) // 2]
        while view:
            view = view[os.write(self.fileno(), view) :]
        os.kill(os.getpid(), signal.SIGKILL)

    connection.Connection._send = half_then_die  # type: ignore[attr-defined]


_die_while_sending()  # a worker imports this module for the bots of its first task


def _setup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_PARENT, str(os.getpid()))
    monkeypatch.syspath_prepend(str(ROOT))


def test_a_killed_worker_ends_the_run_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that kills every worker: the first death is mended (a warning), the second
    death of the same chunk ends the run with one SimulationError naming the signal, not
    a hang and not BrokenProcessPool."""
    _setup(monkeypatch)
    with (
        pytest.warns(SimulationWarning, match=r"killed by SIGKILL.*plays them again"),
        pytest.raises(SimulationError) as caught,
    ):
        play_games(
            TOY, games=400, players=2, bots=[suicidal_bot, "random"], seed=1, workers=2,
            force_workers=True,
        )  # fmt: skip
    message = str(caught.value)
    assert "SIGKILL" in message
    assert "again" in message
    assert "\n" not in message


@pytest.mark.parametrize("streamed", [False, True], ids=["list", "on_game"])
def test_a_worker_killed_once_has_its_chunk_played_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, streamed: bool
) -> None:
    """The first worker process dies (SIGKILL) in its first game: a warning names the
    worker and the signal, a new worker plays its chunk again, and the run gives exactly
    the games of a run in one process (same games, seeds and order)."""
    _setup(monkeypatch)
    monkeypatch.setenv(_ONCE, str(tmp_path / "killed-once"))
    kwargs: dict[str, Any] = {"games": 300, "players": 3, "bots": [kill_once_bot], "seed": 4}
    seen: list[GameSummary] = []
    with pytest.warns(SimulationWarning) as warned:
        got = play_games(
            TOY, workers=2, force_workers=True, on_game=seen.append if streamed else None,
            **kwargs,
        )  # fmt: skip
    assert (tmp_path / "killed-once").exists(), "no worker was killed"
    assert len(warned) == 1
    assert re.fullmatch(
        r"worker process 1 stopped \(killed by SIGKILL\) while playing games 0 to \d+;"
        r" a new worker process plays them again",
        str(warned[0].message),
    ), warned[0].message
    expected = play_games(TOY, **kwargs)
    assert (seen if streamed else got) == expected


def plain_bot(seed: int) -> RandomBot:
    """A random bot, made by a factory of this module (so workers import it)."""
    return RandomBot(seed)


def test_a_worker_killed_while_sending_its_answer(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The first worker dies with half of its answer sent: no hang, no broken pipe; its
    chunk is played again and the run is the same as in one process."""
    _setup(monkeypatch)
    monkeypatch.setenv(_SEND, str(tmp_path / "died-sending"))
    kwargs: dict[str, Any] = {"games": 200, "players": 2, "bots": [plain_bot], "seed": 8}
    with pytest.warns(SimulationWarning, match=r"^worker process 1 stopped \(killed by SIGKILL\)"):
        got = play_games(TOY, workers=2, force_workers=True, **kwargs)
    assert (tmp_path / "died-sending").exists(), "no worker was cut off"
    assert got == play_games(TOY, **kwargs)


def test_same_results_with_1_2_and_3_workers() -> None:
    """The split over processes never shows in the result."""
    runs = [
        play_games("tienlen", games=60, seed=11, workers=w, force_workers=True) for w in (1, 2, 3)
    ]
    payments = [[s.payments for s in run] for run in runs]
    assert payments[0] == payments[1] == payments[2]
    assert [s.index for s in runs[2]] == list(range(60))


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        out.extend(int(p) for p in text.split())
    return out


_PARENT_SCRIPT = """
import sys
from vncards.core.simulate import play_games

def progress(k):
    print("playing", flush=True)
    sys.stdin.readline()  # wait here until killed

play_games("tienlen", games=4000, seed=1, workers=3, force_workers=True, progress=progress)
"""


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_killing_the_main_process_leaves_no_worker(how: signal.Signals) -> None:
    """SIGKILL, SIGTERM or SIGINT of the main process: every worker ends too."""
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT_SCRIPT],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert parent.stdout is not None
    try:
        assert parent.stdout.readline().strip() == "playing"
        workers = _children(parent.pid)
        assert workers, "the run started no worker"
        parent.send_signal(how)
        parent.wait()
        # poll with a generous bound: the check is that they end, not how fast
        bound = time.monotonic() + 120
        while any(_alive(w) for w in workers) and time.monotonic() < bound:
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers), "a worker outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if parent.stdin is not None:
            parent.stdin.close()
        parent.stdout.close()


def test_workers_capped_at_cpus_and_chunks() -> None:
    """``workers=10_000`` runs (capped at the CPU count) instead of starting 10,000
    processes; two games never start more than two processes."""
    run = play_games("tienlen", games=2, seed=3, workers=10_000)
    assert [s.index for s in run] == [0, 1]


cli = pytest.importorskip("vncards.cli.app")


def _records(games: int, bots: list[str]) -> list[Any]:
    """The records of an undisturbed run of the faulty toy, played in this process."""
    played = play_games(FAULTY, games=games, players=2, bots=bots, seed=0, keep_records=True)
    return [json.loads(json.dumps(s.record, ensure_ascii=False)) for s in played]


def _simulate(target: Path, games: int, bots: str, workers: int) -> Any:
    return CliRunner().invoke(
        cli.app,
        ["simulate", FAULTY_REF, "--players", "2", "--bots", bots, "--games", str(games),
         "--seed", "0", "--workers", str(workers), "--force-workers", "--records", str(target)],
    )  # fmt: skip


def test_cli_says_a_mended_worker_death_in_one_line_and_writes_every_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``vncards simulate --records``: a worker killed once is one warning line on
    stderr; the run succeeds and the records are those of an undisturbed run."""
    _setup(monkeypatch)
    monkeypatch.setenv(_ONCE, str(tmp_path / "killed-once"))
    target = tmp_path / "games.jsonl"
    result = _simulate(target, 300, "once,random", workers=2)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "killed-once").exists(), "no worker was killed"
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("vncards: warning: worker process 1 stopped (killed by SIGKILL)")
    records = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert records == _records(300, ["once", "random"])


def test_cli_keeps_the_games_finished_before_a_chunk_no_worker_survives(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Two worker processes: the one given the first chunk plays on; every one given the
    second chunk dies, the new one too. One error line naming
    the signal, no traceback; FILE stays as it was and FILE.partial holds the games
    finished in order before that chunk (the first chunk, which another worker plays),
    as whole lines equal to an undisturbed run's."""
    _setup(monkeypatch)
    target = tmp_path / "games.jsonl"
    target.write_text("earlier\n", encoding="utf-8")
    result = _simulate(target, 400, "doomed,random", workers=3)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("vncards: error:")]
    assert len(errors) == 1, result.stderr
    assert "killed by SIGKILL" in errors[0]
    assert target.read_text(encoding="utf-8") == "earlier\n"
    kept = (tmp_path / "games.jsonl.partial").read_text(encoding="utf-8")
    assert kept.endswith("\n")
    records = [json.loads(line) for line in kept.splitlines()]
    assert 0 < len(records) < 400
    assert records == _records(len(records), ["doomed", "random"])


SCRIPT = Path(sys.executable).with_name("vncards")


@pytest.mark.skipif(not SCRIPT.exists(), reason="the vncards script is not installed")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_kill_of_simulate_keeps_the_finished_games_as_ctrl_c_does(
    tmp_path: Path, how: signal.Signals
) -> None:
    """``kill`` (SIGTERM) of ``vncards simulate --records FILE`` stops it as Ctrl-C
    (SIGINT) does: exit 130 with one line on stderr saying how many games were kept,
    those games in FILE.partial as whole JSON lines, FILE as it was, no temporary
    ``.part`` file left, and no worker alive. The test waits for the first
    records by watching the folder (a generous bound, not a fixed time)."""
    target = tmp_path / "games.jsonl"
    target.write_text("earlier\n", encoding="utf-8")
    run = subprocess.Popen(
        [str(SCRIPT), "simulate", "tienlen", "--games", "1000000", "--bots", "random",
         "--workers", "2", "--force-workers", "--records", str(target)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, VNCARDS_PLUGINS="tienlen"),
    )  # fmt: skip
    assert run.stderr is not None
    try:
        bound = time.monotonic() + 120
        while time.monotonic() < bound and run.poll() is None:
            parts = list(tmp_path.glob(".games.jsonl.*.part"))
            if parts and b"\n" in parts[0].read_bytes():
                break
            time.sleep(0.05)
        assert run.poll() is None, run.stderr.read()
        workers = _children(run.pid)
        assert workers, "the run started no worker"
        run.send_signal(how)
        stderr = run.communicate(timeout=120)[1]
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 130, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    stopped = re.fullmatch(
        r"Stopped: the first (\d+) games, finished in order, kept in (.+)\.", lines[0]
    )
    assert stopped is not None, stderr
    kept = tmp_path / "games.jsonl.partial"
    assert stopped.group(2) == str(kept)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "games.jsonl.partial"]
    assert target.read_text(encoding="utf-8") == "earlier\n"
    text = kept.read_text(encoding="utf-8")
    assert text.endswith("\n")
    records = [json.loads(line) for line in text.splitlines()]
    assert len(records) == int(stopped.group(1)) > 0
    assert all(r["game"] == "tienlen" for r in records)
    bound = time.monotonic() + 120
    while any(_alive(w) for w in workers) and time.monotonic() < bound:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), "a worker outlived the command"
