"""Tiến lên miền Nam (đếm lá) as a PettingZoo AEC environment
(needs ``vncards-tienlen`` installed), 2 to 4 players.

Actions: ``Discrete(1444)``, card-based — 0 is the pass, ``1 … 195`` a set of one
rank (single, pair, triple, quad) by its exact cards, ``196 … 1443`` a straight or
pair-run by its kind, its span and its highest card; see
:mod:`vncards.envs._card_ids`. With ``actions="positions"``: ``Discrete(2**13 = 8192)``, a
play as the set of positions it uses in the hand sorted low to high. Observations and
the full layout: :mod:`vncards.envs._shedding` and the envs page of the docs.

>>> from vncards.envs import tienlen_v0
>>> env = tienlen_v0.env(players=3)
>>> env.reset(seed=3)
>>> int(env.action_space(env.agent_selection).n)
1444
"""

from __future__ import annotations

from vncards.envs._factory import game_envs

__all__ = ["env", "raw_env"]


env, raw_env = game_envs("tienlen", "Tiến lên miền Nam (đếm lá)", __name__)
