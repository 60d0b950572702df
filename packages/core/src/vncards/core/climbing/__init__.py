"""The climbing-game engine Tiến lên and Sâm share, one job to a module.

Combinations: :mod:`._shapes` (kinds, combos, combination and chop rules),
:mod:`._classify` (classify, follow, chop, beat), :mod:`._enumerate` (legal plays),
:mod:`._follow` (suit and colour tests). Play: :mod:`._engine` (rounds, passes, chops),
:mod:`._actions` (plays, passes, declarations), :mod:`._loop` (the hot loop). A game's
parts: :class:`ClimbingGame` (:mod:`._game`, the :class:`~vncards.core.Game`, built from
:mod:`._hooks`, :mod:`._turns`, :mod:`._seeing` with :mod:`._view`), its record
:class:`ClimbingCodec` (:mod:`._codec`), its tools and probes
(:class:`ClimbingQueries`, :class:`ClimbingProbes`, :mod:`._queries`); core's
:class:`~vncards.core.Plugin` puts them together. :class:`SheddingGame`
(:mod:`._shedding`) is the older whole-plugin class, kept for games written on it.
Every name here is also a name of :mod:`vncards.core`.

>>> from vncards.core import CardSet
>>> from vncards.core.climbing import ComboRules, classify
>>> classify(CardSet.parse("5S 6H 7D").mask, ComboRules()).kind.code
'straight'
"""

from vncards.core._native import SELECTED, compiled_dir

# The compiled build of core's hot modules holds this package's in a folder of its own:
# it is searched first when core chose its compiled build (its group loads whole).
if SELECTED.get("vncards.core"):
    _place = compiled_dir("vncards.core")
    if _place is not None and (_place / "climbing").is_dir():
        __path__.insert(0, str(_place / "climbing"))

# isort: split
from vncards.core.climbing._actions import (
    Declare,
    Pass,
    Play,
    PlayList,
    SheddingAction,
)
from vncards.core.climbing._classify import beats, classify, follows, is_chop
from vncards.core.climbing._codec import ClimbingCodec
from vncards.core.climbing._engine import ChopValue, ClimbConfig, ClimbEngine, ClimbState
from vncards.core.climbing._enumerate import brute_force_plays, legal_plays, ranks_with
from vncards.core.climbing._game import ClimbingGame, random_first
from vncards.core.climbing._queries import ClimbingProbes, ClimbingQueries
from vncards.core.climbing._shapes import ChopRule, Combo, ComboRules, Kind
from vncards.core.climbing._shedding import SheddingGame
from vncards.core.climbing._view import ShedView

__all__ = [
    "ChopRule",
    "ChopValue",
    "ClimbConfig",
    "ClimbEngine",
    "ClimbState",
    "ClimbingCodec",
    "ClimbingGame",
    "ClimbingProbes",
    "ClimbingQueries",
    "Combo",
    "ComboRules",
    "Declare",
    "Kind",
    "Pass",
    "Play",
    "PlayList",
    "ShedView",
    "SheddingAction",
    "SheddingGame",
    "beats",
    "brute_force_plays",
    "classify",
    "follows",
    "is_chop",
    "legal_plays",
    "random_first",
    "ranks_with",
]
