"""The simulator the command line uses; it lives in core as :mod:`vncards.core.simulate`.

Kept so that code importing ``vncards.cli.sim`` keeps working: ``simulate`` here plays the
games and returns one :class:`GameSummary` per game (core's
:func:`~vncards.core.simulate.play_games`); core's ``simulate`` returns statistics.

>>> from vncards.cli.sim import simulate
>>> simulate("mypkg.game:plugin", games=10, players=2, bots=["random"])
Traceback (most recent call last):
...
vncards.core._errors.PluginError: cannot import module 'mypkg.game' for game ...: ...
"""

from __future__ import annotations

from vncards.core.simulate import (
    GameSummary,
    SimulationError,
    _chunks,
    _reference,
    _run_chunk,
    load_game,
)
from vncards.core.simulate import play_games as simulate

__all__ = ["GameSummary", "SimulationError", "load_game", "simulate"]
_ = (_chunks, _reference, _run_chunk)
