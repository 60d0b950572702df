"""The shipped networks as bots, for any tool that seats a bot by ``module:attribute``:
``vncards.envs.net:tienlen`` is a factory taking a seed, as every bot factory is.

The weights are package data (``vncards/envs/weights/<game>.npz``), trained by
:mod:`vncards.envs.learn`; :func:`net_bot` loads those or any other weights file. A
missing or corrupt file is a :class:`~vncards.envs.learn.WeightsError` naming it.

>>> from vncards.core import play_game
>>> from vncards.tienlen import plugin
>>> bots = [tienlen(1), *(plugin.bots["greedy"](s) for s in (2, 3, 4))]
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=9)
>>> plugin.result(play_game(plugin, state, bots).final).finished
True
"""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path
from typing import Any

from vncards.core import get_game
from vncards.envs.learn._actors import features_for
from vncards.envs.learn._bot import NetBot
from vncards.envs.learn._features import ClimbFeatures
from vncards.envs.learn._mlp import MLP
from vncards.envs.learn._weights import WeightsError, load_weights

__all__ = ["SHIPPED", "net_bot", "shipped_weights", "tienlen"]

SHIPPED = ("tienlen",)
"""The games whose package holds a trained network."""


def shipped_weights(game: str) -> Path:
    """Where the shipped network of ``game`` lies.

    >>> shipped_weights("tienlen").name
    'tienlen.npz'
    """
    return Path(str(files("vncards.envs").joinpath("weights", f"{game}.npz")))


@functools.lru_cache(maxsize=8)
def _network(path: str, game: str) -> tuple[MLP, ClimbFeatures, dict[str, Any]]:
    net, meta = load_weights(path)
    if meta.get("game") != game:
        raise WeightsError(f"The network at {path} plays {meta.get('game')!r}, not {game!r}.")
    plugin = get_game(game)
    features = features_for(plugin, plugin.presets[plugin.default_preset])
    if net.sizes[0] != features.state_size + features.action_size:
        raise WeightsError(
            f"The network at {path} reads {net.sizes[0]} inputs; {game}'s features are"
            f" {features.state_size + features.action_size}."
        )
    return net, features, meta


def net_bot(
    game: str = "tienlen",
    seed: int = 0,
    weights: str | Path | None = None,
    margin: float | None = None,
) -> NetBot:
    """A bot playing ``game`` with the network in ``weights`` (the shipped one by
    default), loaded once per file and shared by every bot made from it; ``margin`` (see
    :class:`~vncards.envs.learn.NetBot`) defaults to the one the file names, else 0."""
    path = str(weights) if weights is not None else str(shipped_weights(game))
    net, features, meta = _network(path, game)
    keep = float(meta.get("margin", 0.0)) if margin is None else margin
    advisor = get_game(game).bots["greedy"](seed)
    return NetBot(net, features, advisor=advisor, margin=keep, seed=seed)


def tienlen(seed: int = 0) -> NetBot:
    """The shipped Tiến lên network as a bot (``vncards.envs.net:tienlen``)."""
    return net_bot("tienlen", seed)
