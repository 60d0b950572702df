"""Workers fail cleanly (reliability item 4).

A worker process killed in the middle of a run ends it with one ``SimulationError``
naming what happened, never a hang or a ``BrokenProcessPool`` traceback; killing the
main process leaves no worker alive; the number of worker processes is capped; the
result is the same with 1, 2 or more workers. Nothing here waits for a time: workers
kill themselves (a signal from the worker itself), and the orphan check polls ``/proc``
with a generous bound.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from vncards.core import RandomBot
from vncards.core.simulate import SimulationError, play_games

ROOT = Path(__file__).resolve().parents[2]
TOY = "tests.hardening._support:TOY"
_PARENT = "VNCARDS_TEST_PARENT_PID"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals and /proc")


def suicidal_bot(seed: int) -> RandomBot:
    """A bot factory that kills its own process when it runs in a worker (not in the
    process that started the run): the worker's first game is its last."""
    if os.environ.get(_PARENT) not in (None, str(os.getpid())):
        os.kill(os.getpid(), signal.SIGKILL)
    return RandomBot(seed)


def test_a_killed_worker_ends_the_run_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that is SIGKILLed mid-run: SimulationError naming the signal, not a hang
    and not BrokenProcessPool."""
    monkeypatch.setenv(_PARENT, str(os.getpid()))
    monkeypatch.syspath_prepend(str(ROOT))
    with pytest.raises(SimulationError) as caught:
        play_games(TOY, games=400, players=2, bots=[suicidal_bot, "random"], seed=1, workers=2)
    message = str(caught.value)
    assert "SIGKILL" in message
    assert "\n" not in message


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


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


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
