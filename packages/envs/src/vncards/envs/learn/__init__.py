"""A Deep Monte-Carlo learner in plain numpy for the climbing games, Tứ Sắc, Phỏm and Mậu
Binh: a small network scores each (view, legal action) pair, self-play actors play
whole seeded games, and the network is fitted to the lá each seat was paid.

>>> from vncards.envs.learn import PlaySettings, TrainConfig, Trainer
>>> t = Trainer(TrainConfig(play=PlaySettings(players=(2,)), hidden=(8,), round_games=5))
>>> t.train(5)
>>> t.curve[-1]["games"]
5
"""

from __future__ import annotations

from vncards.envs.learn._actors import ActorPool, Batch, PlaySettings, play_batch
from vncards.envs.learn._bot import NetBot, RowFeatures
from vncards.envs.learn._evaluate import Strength, measure
from vncards.envs.learn._features import ClimbFeatures, mask_bits
from vncards.envs.learn._mlp import MLP, Adam
from vncards.envs.learn._train import TrainConfig, Trainer
from vncards.envs.learn._weights import FORMAT, WeightsError, load_weights, save_weights

__all__ = [
    "FORMAT",
    "MLP",
    "ActorPool",
    "Adam",
    "Batch",
    "ClimbFeatures",
    "NetBot",
    "PlaySettings",
    "RowFeatures",
    "Strength",
    "TrainConfig",
    "Trainer",
    "WeightsError",
    "load_weights",
    "mask_bits",
    "measure",
    "play_batch",
    "save_weights",
]
