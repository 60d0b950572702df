"""How a run's indices are cut into chunks: contiguous, near-equal ranges, and the
chunks of several runs laid end to end, each worked out when asked for (no list of
them, however many games). The worker pool and the Dask runner share these.

>>> _chunks(10, 3)
[(0, 3), (3, 6), (6, 10)]
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence

# Chunks per worker process or Dask thread: enough that the workers finish within a
# small chunk of each other and progress moves smoothly, few enough that the cost of a
# chunk (a task round trip, one pickled list of summaries) stays negligible.
_CHUNKS_PER_WORKER = 32
# Games between two progress calls when everything runs in this process.
_LOCAL_CHUNK = 100

# Games per chunk at most when summaries are streamed: what waits to be handed on in
# game order stays bounded however long the run.
_STREAM_CHUNK = 500
# Chunks per worker that may be played ahead of the first unfinished one while
# summaries are streamed (what is finished but waits for an earlier chunk is held).
_AHEAD_PER_WORKER = 4


class _Tasks:
    """The chunks of several jobs in order, as ``(job, start, stop)``, each worked out
    when asked for: no list of them is made, however many games a run has.

    >>> tasks = _Tasks([10, 0, 2], [3, 4, 5])
    >>> len(tasks), [tasks[k] for k in range(len(tasks))]
    (5, [(0, 0, 3), (0, 3, 6), (0, 6, 10), (2, 0, 1), (2, 1, 2)])
    """

    def __init__(self, games: Sequence[int], shares: Sequence[int]) -> None:
        self._games = list(games)
        self._counts = [min(max(1, s), g) for g, s in zip(games, shares, strict=True)]
        self._starts = [0]
        for count in self._counts:
            self._starts.append(self._starts[-1] + count)

    def __len__(self) -> int:
        return self._starts[-1]

    def __getitem__(self, k: int) -> tuple[int, int, int]:
        if not 0 <= k < len(self):
            raise IndexError(k)
        j = bisect.bisect_right(self._starts, k) - 1
        games, count, c = self._games[j], self._counts[j], k - self._starts[j]
        return j, games * c // count, games * (c + 1) // count


def _chunks(games: int, n_chunks: int) -> list[tuple[int, int]]:
    """``games`` indices cut into at most ``n_chunks`` contiguous, near-equal ranges.

    >>> _chunks(10, 3)
    [(0, 3), (3, 6), (6, 10)]
    >>> _chunks(2, 5)
    [(0, 1), (1, 2)]
    """
    n = max(1, min(n_chunks, games))
    bounds = [games * k // n for k in range(n + 1)]
    return [(bounds[k], bounds[k + 1]) for k in range(n) if bounds[k] < bounds[k + 1]]


def _iter_chunks(games: int, n_chunks: int) -> Iterator[tuple[int, int]]:
    """The ranges of :func:`_chunks`, one at a time (no list, however many games).

    >>> list(_iter_chunks(10, 3)) == _chunks(10, 3)
    True
    """
    n = max(1, min(n_chunks, games))
    for k in range(n):
        lo, hi = games * k // n, games * (k + 1) // n
        if lo < hi:
            yield lo, hi
