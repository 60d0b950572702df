"""Feed ``vncards`` the hostile inputs and faults of ``docs/reliability.md`` and print
the table there: each case's outcome (exit code and first line) and the peak memory of
the process (its VmHWM on Linux).

    uv run python tests/hardening/measure_hostile.py

Not a test: a script that measures, run by hand when the table is refreshed.
"""

# ruff: noqa: E501 - the table of cases reads best one case a line

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import IO

# run as a script from anywhere: the repository root holds the ``tests`` package
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.hardening._support import MEASURE_PEAK

_BASE = {"game": "tienlen", "players": ["A", "B"], "hands": {"A": [], "B": []}}
_ESC = "\x1b"


def _feed(pipe: IO[bytes], data: bytes, endless: bool) -> None:
    try:
        pipe.write(data)
        block = b"[" * (1 << 20)
        for _ in range(400 if endless else 0):
            pipe.write(block)
        pipe.close()
    except (BrokenPipeError, OSError, ValueError):
        pass


def run(args: list[str], stdin: bytes = b"", endless: bool = False) -> tuple[int, str, float]:
    """Exit code, first line of output (stderr first), peak MB."""
    proc = subprocess.Popen(
        [sys.executable, "-c", MEASURE_PEAK, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "COLUMNS": "100", "VNCARDS_DASK_TIMEOUT": "2"},
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    assert proc.stderr is not None
    writer = threading.Thread(target=_feed, args=(proc.stdin, stdin, endless), daemon=True)
    writer.start()
    with proc:
        out = proc.stdout.read().decode("utf-8", "replace")
        err = proc.stderr.read().decode("utf-8", "replace")
    writer.join()
    peak = 0.0
    lines = []
    for line in err.splitlines():
        if line.startswith("peak-kb "):
            peak = int(line.split()[1]) / 1024
        elif line.strip():
            lines.append(line)
    lines += [line for line in out.splitlines() if line.strip()]
    first = (lines[0] if lines else "").replace("|", "\\|")
    if len(first) > 90:
        first = first[:90] + "…"
    return proc.returncode or 0, first, peak


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    huge = tmp / "huge.json"
    with huge.open("wb") as f:
        f.write(b'{"game": "tienlen", "players": ["')
        f.truncate(400 * 1024 * 1024)
    lines = tmp / "lines.jsonl"
    small = json.dumps(_BASE)
    lines.write_text(small + "\n" + '{"game": "' + "x" * 5_000_000 + '"}\n' + small + "\n")
    golden = sorted((Path(__file__).parents[2] / "shared/records/tienlen").glob("*.json"))
    record = json.loads(next(p for p in golden if "expected" not in p.name).read_text())
    names = [
        "[bold]An[/bold]",
        f"[/]{_ESC}]0;pwned\x07",
        f"[link=x]C{_ESC}[2J\nEvery action is legal.",
        "D[/]",
    ]
    mapping = dict(zip(record["players"], names, strict=False))
    record["players"] = [mapping[p] for p in record["players"]]
    record["hands"] = {mapping[k]: v for k, v in record["hands"].items()}
    record.pop("first", None) if record.get("first") not in mapping else record.update(
        first=mapping[record["first"]]
    )
    for a in record["actions"]:
        a["player"] = mapping[a["player"]]
    hostile = tmp / "names.json"
    hostile.write_text(json.dumps(record))
    million = "Q" * 1_000_000
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    deck39 = " ".join(f"{r}{s}" for s in "SCD" for r in ranks)
    cases: list[tuple[str, list[str], bytes, bool]] = [
        ("400 MB record file", ["referee", str(huge)], b"", False),
        ("400 MB on standard input", ["referee", "-"], b"", True),
        ("JSON Lines, second line 400 MB", ["referee", "-"], small.encode() + b"\n", True),
        ("JSON Lines, one 5 MB line among good ones", ["referee", str(lines)], b"", False),
        ("bet of 5,000 digits", ["referee", "-"], b'{"game":"tienlen","bet":' + b"9" * 5000 + b"}", False),
        ("card of 1,000,000 characters", ["referee", "-"], json.dumps({**_BASE, "hands": {"A": [million], "B": []}}).encode(), False),
        ("player name of 1,000,000 characters", ["referee", "-"], json.dumps({**_BASE, "first": million}).encode(), False),
        ("action key of 1,000,000 characters", ["referee", "-"], json.dumps({**_BASE, "actions": [{"player": "A", million: True}]}).encode(), False),
        ("nesting 200,000 levels", ["referee", "-"], b"[" * 200_000 + b"]" * 200_000, False),
        ("invalid UTF-8", ["referee", "-"], b'{"game": "\xc3\x28"}', False),
        ("duplicate key (bet 1, bet 1000)", ["referee", "-"], b'{"game":"tienlen","players":["A","B"],"hands":{"A":[],"B":[]},"bet":1,"bet":1000}', False),
        ("bet 10^9", ["referee", "-"], json.dumps({**_BASE, "bet": 10**9}).encode(), False),
        ("rule setting 10^12", ["referee", "-"], json.dumps({**_BASE, "rules": {"thoi_quad": 10**12}}).encode(), False),
        ("markup and escapes in player names", ["referee", str(hostile)], b"", False),
        ("markup and escapes in a card", ["classify", "tienlen", f"[/]{_ESC}]0;x\x07"], b"", False),
        ("card of 100,000 characters (argv)", ["classify", "tienlen", "7" * 100_000], b"", False),
        ("moves from 39 cards", ["moves", "tienlen", "--hand", deck39], b"", False),
        ("--variant \"\"", ["rules", "tienlen", "--variant", ""], b"", False),
        ("Dask address http://", ["simulate", "tienlen", "--games", "4", "--scheduler", "http://"], b"", False),
        ("Dask address of a closed port", ["simulate", "tienlen", "--games", "4", "--scheduler", "tcp://127.0.0.1:9"], b"", False),
        ("--workers 10000", ["simulate", "tienlen", "--games", "20", "--workers", "10000", "--json"], b"", False),
        ("records into a missing folder", ["simulate", "tienlen", "--games", "5", "--records", str(tmp / "none" / "x.jsonl")], b"", False),
    ]  # fmt: skip
    print("| hostile input or fault | outcome | peak memory |")
    print("|---|---|---|")
    for label, args, stdin, endless in cases:
        code, first, peak = run(args, stdin, endless)
        print(f"| {label} | exit {code}: `{first}` | {peak:.0f} MB |", flush=True)
    huge.unlink()


if __name__ == "__main__":
    main()
