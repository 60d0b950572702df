"""The Tứ Sắc plugin: core's :class:`~vncards.core.Plugin` over the game (``_game``), its
record codec and probes (``_codec``), its bots, and the tools' queries and statistics
counters (``_queries``) and play-screen words (``_words``).

>>> from vncards.core import play_game
>>> st = plugin.new_game(TuSacRules(), 4, seed=7)
>>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(4)])
>>> plugin.result(game.final).finished, sum(plugin.result(game.final).payments)
(True, 0)
>>> plugin.split_card_list("RK GR"), plugin.card_look("RK", vietnamese=True)
(['RK', 'GR'], CardLook(label='tướng đỏ', colour='red'))
>>> plugin.referee({"game": "tusac", "players": ["A"], "hands": {"A": []}})
Traceback (most recent call last):
...
vncards.core._errors.RecordError: tusac is played by 2 to 4 players, not 1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from vncards.core import Bot, CardLook, Plugin, Statistic
from vncards.tusac._bots import BOTS
from vncards.tusac._codec import TuSacCodec, TuSacProbes
from vncards.tusac._engine import TuSacAction, TuSacState
from vncards.tusac._game import TuSacGame
from vncards.tusac._queries import TuSacQueries, TuSacStatistics
from vncards.tusac._rules import TuSacRules
from vncards.tusac._view import TuSacView
from vncards.tusac._words import TuSacScreen

__all__ = ["TuSacGame", "plugin"]


if TYPE_CHECKING:

    class TuSacPlugin(
        Plugin[TuSacState, TuSacAction, TuSacRules], TuSacQueries, TuSacStatistics, TuSacScreen
    ):
        """The plugin as the type checker sees it: the members its parts lend it."""

        name: str
        default_opponent: str
        notation_examples: tuple[str, ...]
        statistics: tuple[Statistic, ...]

        def view(self, state: TuSacState, seat: int) -> TuSacView:
            """A seat's view, Tứ Sắc's own."""
            ...

        def playout(
            self,
            state: TuSacState,
            bots: Sequence[Bot],
            record: Callable[[TuSacAction], None],
            max_steps: int,
        ) -> bool:
            """The game's fast seam (:meth:`TuSacGame.playout`)."""
            ...

        def card_look(self, token: str, vietnamese: bool = False) -> CardLook:
            """How a card looks to people (the notation's)."""
            ...

        def split_card_list(self, text: str) -> list[str]:
            """One typed value as card tokens (the notation's)."""
            ...

else:
    TuSacPlugin = Plugin


plugin = cast(
    "TuSacPlugin",
    Plugin(
        TuSacGame(),
        TuSacCodec(),
        BOTS,
        probes=TuSacProbes(),
        tools=(TuSacQueries(), TuSacStatistics(), TuSacScreen()),
    ),
)
"""The ``tusac`` plugin (entry point ``vncards.games``)."""
