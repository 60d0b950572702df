"""The referee on JSON Lines: records a second, line splitting, peak memory.

``test_referee_lines_new`` rules on a file of Tiến lên records the way
``vncards referee FILE --json`` does (games looked up once for the file);
``test_referee_lines_old`` the way it did before, looking the game up (an entry-point
scan) for every record. The second reports its rate and the ratio of the two, measured
in the same run, as ``extra_info``.

``test_split_*`` split short lines held in the head of the input (the first
``MAX_RECORD_BYTES``): the splitter now against the one before (which copied the rest
of its buffer at every line, quadratic in the input) on 128 KiB, and the splitter now on
1 MiB and 4 MiB, whose time ratio shows it linear (about 4 for 4 times the input).
``test_split_peak_memory`` reports the traced peak of splitting a 64 MiB stream::

    uv run pytest benchmarks/test_referee_lines.py --benchmark-enable --benchmark-only -s
"""

from __future__ import annotations

import contextlib
import io
import json
import tracemalloc
import warnings
from collections.abc import Iterator
from typing import Any, BinaryIO

import pytest
from vncards.cli._batch import referee_lines, split_lines
from vncards.cli._common import get_plugin
from vncards.core import MAX_RECORD_BYTES, PluginWarning, discover_games, load_record, referee
from vncards.core.simulate import play_games

pytestmark = pytest.mark.filterwarnings("ignore::vncards.core.PluginWarning")

_RECORDS = 100
_rates: dict[str, float] = {}
_split_seconds: dict[str, float] = {}


@pytest.fixture(scope="module")
def lines() -> list[bytes]:
    """``_RECORDS`` seeded Tiến lên records, one JSON line each."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        if "tienlen" not in discover_games():
            pytest.skip("Tiến lên is not installed")
    games = play_games("tienlen", games=_RECORDS, players=4, seed=11, keep_records=True)
    return [json.dumps(g.record, ensure_ascii=False).encode() for g in games]


def _old_referee_lines(lines: list[bytes]) -> int:
    """The path before: the game looked up (entry points scanned) for every record."""
    out = io.StringIO()
    for raw in lines:
        record = load_record(raw)
        report = referee(get_plugin(record.game, allow_reference=False), record)
        out.write(json.dumps(report.model_dump(mode="json", by_alias=True)) + "\n")
    return len(lines)


def _new_referee_lines(lines: list[bytes]) -> int:
    with contextlib.redirect_stdout(io.StringIO()):
        code = referee_lines(iter(lines), json_out=True)
    assert code == 0
    return len(lines)


def _rate(benchmark: Any, name: str, n: int) -> None:
    stats = benchmark.stats
    if stats is not None:  # None when benchmarks are disabled
        _rates[name] = n / stats.stats.median
        benchmark.extra_info["records_per_s"] = round(_rates[name])


def test_referee_lines_new(benchmark: Any, lines: list[bytes]) -> None:
    """Records a second, games looked up once per file."""
    n = benchmark(_new_referee_lines, lines)
    _rate(benchmark, "new", n)


def test_referee_lines_old(benchmark: Any, lines: list[bytes]) -> None:
    """Records a second the way before (a lookup a record); the ratio new / old."""
    n = benchmark(_old_referee_lines, lines)
    _rate(benchmark, "old", n)
    if "new" in _rates and "old" in _rates:
        benchmark.extra_info["new_over_old"] = round(_rates["new"] / _rates["old"], 2)


def _old_split(head: bytes, stream: BinaryIO) -> Iterator[bytes]:
    """The splitter before (kept here as the baseline): slices off each line, copying
    the rest of the buffer every time."""
    buffer = head
    skipping = False
    while True:
        cut = buffer.find(b"\n")
        if cut >= 0:
            if not skipping:
                yield buffer[:cut]
            skipping = False
            buffer = buffer[cut + 1 :]
            continue
        if len(buffer) > MAX_RECORD_BYTES:
            if not skipping:
                yield buffer[: MAX_RECORD_BYTES + 1]
            skipping = True
            buffer = b""
        block = stream.read(1 << 16)
        if not block:
            if buffer and not skipping:
                yield buffer
            return
        buffer += block


def _short_lines(size: int, width: int = 20) -> bytes:
    line = b'{"game": "tienlen"' + b" " * (width - 20) + b"}\n"
    return line * (size // len(line))


def _count(split: Any, data: bytes) -> int:
    return sum(1 for _ in split(data, io.BytesIO(b"")))


def _split_time(benchmark: Any, name: str) -> None:
    if benchmark.stats is not None:
        _split_seconds[name] = benchmark.stats.stats.median


@pytest.mark.parametrize("kib", [128, 1024, 4096])
def test_split_new(benchmark: Any, kib: int) -> None:
    """Lines split now, from a head of ``kib`` KiB of 20-byte lines."""
    data = _short_lines(kib * 1024)
    n = benchmark(_count, split_lines, data)
    assert n == len(data) // 20
    _split_time(benchmark, f"new-{kib}")
    if "new-1024" in _split_seconds and "new-4096" in _split_seconds:
        ratio = _split_seconds["new-4096"] / _split_seconds["new-1024"]
        benchmark.extra_info["time_4MiB_over_1MiB"] = round(ratio, 2)


def test_split_old(benchmark: Any) -> None:
    """Lines split as before, 128 KiB; the ratio of its time to the new splitter's."""
    data = _short_lines(128 * 1024)
    n = benchmark(_count, _old_split, data)
    assert n == len(data) // 20
    _split_time(benchmark, "old-128")
    if "new-128" in _split_seconds and "old-128" in _split_seconds:
        ratio = _split_seconds["old-128"] / _split_seconds["new-128"]
        benchmark.extra_info["old_over_new"] = round(ratio, 1)


def test_split_peak_memory(benchmark: Any) -> None:
    """The most memory traced while 64 MiB of 1 KiB lines stream through the splitter
    (the head first, as the referee reads it): a record's worth, not the input's."""
    data = _short_lines(64 * 1024 * 1024, width=1024)

    def run() -> int:
        stream = io.BytesIO(data)
        head = stream.read(MAX_RECORD_BYTES + 1)
        tracemalloc.start()
        try:
            n = sum(1 for _ in split_lines(head, stream))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        benchmark.extra_info["peak_mib"] = round(peak / 2**20, 1)
        return n

    assert benchmark.pedantic(run, rounds=1, iterations=1) == len(data) // 1024
