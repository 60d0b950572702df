"""The two things a simulation says when it goes wrong: an error that stops it, and a
warning for what it mended.

>>> issubclass(SimulationError, ValueError)
True
"""

from __future__ import annotations

from vncards.core._errors import VncardsError

__all__ = ["SimulationError", "SimulationWarning"]


class SimulationError(VncardsError, ValueError):
    """A simulation that cannot start or finish: a bad count of games, workers or bots,
    Dask not installed, or a Dask scheduler that cannot be reached."""


class SimulationWarning(UserWarning):
    """Something went wrong in a run and was mended: a worker process that stopped, its
    games played again by a new one (the run's games are the same as undisturbed)."""
