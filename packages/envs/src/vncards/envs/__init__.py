"""vncards.envs — every installed vncards game as a PettingZoo AEC environment.

Agents ``player_0 …`` sit in turn order; each game has one fixed ``Discrete`` action
space whose ids name cards (one id, the same cards, in every deal; an id that is not
legal now is refused with :class:`~vncards.core.IllegalMove`); observations are
``{"observation": int8 vector of the seat's view, "action_mask": int8 legal ids}``;
rewards are the lá each seat won or lost, given when the game ends. An episode never
ends inside ``reset`` unless asked to (``instant_wins="end"``), and per-action feature
vectors come with ``action_features=True``. A game with no encoding of its own gets
the generic one, or registers its own under :data:`ENTRY_POINT_GROUP`. Every installed
game has its module ``vncards.envs.<game>_v0`` with ``env`` and ``raw_env``, made on
import for a game another package installs.

>>> from vncards.envs import env
>>> e = env("samloc", players=2)
>>> e.reset(seed=5)
>>> e.possible_agents
['player_0', 'player_1']
"""

from __future__ import annotations

# first: the compiled modules load only when built from these very sources
import vncards.envs._native  # noqa: F401

# isort: split
from vncards.envs._card_ids import CardIdEncoding, play_id
from vncards.envs._checks import EnvOptionError
from vncards.envs._encoding import DECLINED, Encoding, ObservationLayout
from vncards.envs._env import INSTANT_WINS, VncardsEnv
from vncards.envs._factory import env, parallel_env, raw_env
from vncards.envs._game_modules import install
from vncards.envs._generic import GenericEncoding
from vncards.envs._lookup import ENTRY_POINT_GROUP, encoding_for
from vncards.envs._parallel import SimultaneousParallelEnv
from vncards.envs._shedding import SheddingEncoding, hand_positions, play_from_positions

install()  # vncards.envs.<game>_v0 for every installed game

__all__ = [
    "DECLINED",
    "ENTRY_POINT_GROUP",
    "INSTANT_WINS",
    "CardIdEncoding",
    "Encoding",
    "EnvOptionError",
    "GenericEncoding",
    "ObservationLayout",
    "SheddingEncoding",
    "SimultaneousParallelEnv",
    "VncardsEnv",
    "encoding_for",
    "env",
    "hand_positions",
    "parallel_env",
    "play_from_positions",
    "play_id",
    "raw_env",
]
