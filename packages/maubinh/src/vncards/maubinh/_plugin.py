"""The Mậu Binh plugin: core's :class:`~vncards.core.Plugin` over the game (``_game``),
its record codec and probes (``_codec``), its bots, and the tools' queries (``_queries``)
and play-screen words (``_screen``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from vncards.core import Plugin
from vncards.maubinh._bots import BOTS
from vncards.maubinh._codec import MauBinhCodec, MauBinhProbes
from vncards.maubinh._engine import MauBinhState
from vncards.maubinh._game import MauBinhGame
from vncards.maubinh._info import INFO
from vncards.maubinh._queries import MauBinhQueries
from vncards.maubinh._rules import MauBinhRules
from vncards.maubinh._screen import MauBinhScreen
from vncards.maubinh._view import MauBinhView

__all__ = ["MauBinhGame", "MauBinhView", "plugin"]


class _Screen(MauBinhScreen):
    """The play-screen words as a tool (they name the game in their messages)."""

    name = INFO.name


if TYPE_CHECKING:

    class MauBinhPlugin(Plugin[MauBinhState, Any, MauBinhRules], MauBinhQueries, MauBinhScreen):
        """The plugin as the type checker sees it: the members its tools lend it."""

        name: str

        def view(self, state: MauBinhState, seat: int) -> MauBinhView:
            """A seat's view, Mậu Binh's own."""
            ...

else:
    MauBinhPlugin = Plugin


plugin = cast(
    "MauBinhPlugin",
    Plugin(
        MauBinhGame(),
        MauBinhCodec(),
        BOTS,
        probes=MauBinhProbes(),
        tools=(MauBinhQueries(), _Screen()),
    ),
)
"""The ``maubinh`` plugin (entry point ``vncards.games``).

>>> from vncards.core import play_game
>>> st = plugin.new_game(MauBinhRules(), 3, seed=7)
>>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(3)])
>>> res = plugin.result(game.final)
>>> res.finished, sum(res.payments), res.outcome in ("showdown", "instant-win", "draw")
(True, 0, True)
"""
