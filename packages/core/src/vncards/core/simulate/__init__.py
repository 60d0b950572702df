"""Simulating many bot games, as a library: on one core, on every core, or on a Dask
cluster, under any preset with house rules on top, for any number of players.

Game ``i`` of a run seeded ``seed`` is dealt from ``derive_seed(seed, i)`` and the bot in
seat ``s`` is made from ``derive_seed(derive_seed(seed, i), 1000 + s)``. Each game thus
depends on its own index alone, so a run can be cut into contiguous chunks of indices,
played anywhere and put back in order: the summaries, and the statistics made from them
in game order, are the same whatever the number of worker processes.

The game is a plugin object, an installed game's name (``"tienlen"``) or an importable
``"module:attribute"`` reference to a plugin object (``"mypkg.game:plugin"``). Worker
processes look an installed game up again by its entry point, or import it by its
reference; a plugin object that is neither is played in this process alone. A seat's
bot is one of the game's bots by name, a ``"module:attribute"`` reference to a bot
factory (imported again by each worker, see :func:`bot_factory`), a bot object or a
factory; the rules and bot objects or factories travel to workers pickled. Dask is
optional: only ``scheduler=`` needs it.

>>> stats = simulate("tienlen", games=20, rules={"thoi_red_two": 8}, players=3, seed=1)
>>> stats.games, stats.players, stats.overrides
(20, 3, {'thoi_red_two': 8})
>>> stats == simulate(
...     "tienlen", games=20, rules={"thoi_red_two": 8}, players=3, seed=1, workers=2
... )
True

The package's rooms: :mod:`~vncards.core.simulate._games` (the game, its bots, how
workers find it), :mod:`~vncards.core.simulate._play` (playing runs, the public calls),
:mod:`~vncards.core.simulate._pool` (the worker processes),
:mod:`~vncards.core.simulate._dask` (the Dask cluster, the one place Dask is imported),
:mod:`~vncards.core.simulate._stats` (the statistics). Everything public is imported
from here.
"""

from __future__ import annotations

from vncards.core.simulate._dask import DASK_TIMEOUT
from vncards.core.simulate._errors import SimulationError, SimulationWarning
from vncards.core.simulate._games import (
    BotSpec,
    GameSummary,
    bot_factory,
    default_bot,
    game_reference,
    load_game,
    load_game_once,
)
from vncards.core.simulate._play import (
    Run,
    play_games,
    play_runs,
    simulate,
    simulate_runs,
)
from vncards.core.simulate._play import (
    _run_chunk as _run_chunk,
)
from vncards.core.simulate._pool import run_chunks
from vncards.core.simulate._split import _chunks as _chunks
from vncards.core.simulate._stats import (
    Mean,
    SeatStats,
    Share,
    SimulationStats,
    StatFigure,
    Tally,
    summarize,
    wilson,
)

__all__ = [
    "DASK_TIMEOUT",
    "BotSpec",
    "GameSummary",
    "Mean",
    "Run",
    "SeatStats",
    "Share",
    "SimulationError",
    "SimulationStats",
    "SimulationWarning",
    "StatFigure",
    "Tally",
    "bot_factory",
    "default_bot",
    "game_reference",
    "load_game",
    "load_game_once",
    "play_games",
    "play_runs",
    "run_chunks",
    "simulate",
    "simulate_runs",
    "summarize",
    "wilson",
]

# Kept under their old names for code that reached into the single module this package
# was (``vncards.cli.sim`` re-exports them): what a worker task runs, the chunking, and
# how workers find a game.
_reference = game_reference
