"""The shipped networks as bots. ``vncards-envs`` offers them to the games through the
``vncards.bots`` entry points (:func:`~vncards.core.offered_bots`): ``net`` for each
game in :data:`SHIPPED`, and ``search+net`` for the climbing games and Tứ Sắc, so every
tool seats them by name (``--bots net,greedy,greedy,greedy``). Their factories take a
seed, as every bot factory does: ``vncards.envs.net:tienlen`` and
``vncards.envs.net:tienlen_search`` for Tiến lên, ``vncards.envs.net:samloc`` and
``vncards.envs.net:samloc_search`` for Sâm Lốc, ``vncards.envs.net:tusac`` and
``vncards.envs.net:tusac_search`` for Tứ Sắc, ``vncards.envs.net:maubinh`` for Mậu
Binh and ``vncards.envs.net:phom`` for Phỏm (``net`` only: their search reads no
network).

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
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vncards.core import SearchBot, View, get_game, make_bot
from vncards.envs._net_rollouts import NetLeaf, NetPolicy
from vncards.envs.learn._actors import row_features
from vncards.envs.learn._bot import NetBot, RowFeatures
from vncards.envs.learn._mlp import MLP
from vncards.envs.learn._weights import WeightsError, features_of, load_weights

if TYPE_CHECKING:
    from vncards.envs.learn._arrange import ArrangeNetBot

__all__ = [
    "ROLLOUTS",
    "SHIPPED",
    "NetGuide",
    "maubinh",
    "maubinh_net_bot",
    "net_bot",
    "phom",
    "samloc",
    "samloc_search",
    "search_net_bot",
    "shipped_weights",
    "tienlen",
    "tienlen_search",
    "tusac",
    "tusac_search",
]

SHIPPED = ("tienlen", "samloc", "maubinh", "tusac", "phom")
"""The games whose package holds a trained network."""


def shipped_weights(game: str) -> Path:
    """Where the shipped network of ``game`` lies.

    >>> shipped_weights("tienlen").name
    'tienlen.npz'
    """
    return Path(str(files("vncards.envs").joinpath("weights", f"{game}.npz")))


@functools.lru_cache(maxsize=8)
def _loaded(path: str, game: str) -> tuple[MLP, dict[str, Any]]:
    """The network of a weights file and its metadata, loaded once; refused when it
    plays another game."""
    net, meta = load_weights(path)
    if meta.get("game") != game:
        raise WeightsError(f"The network at {path} plays {meta.get('game')!r}, not {game!r}.")
    rows = meta.get("features")
    if rows is not None and rows != features_of(game):
        raise WeightsError(
            f"The network at {path} reads {rows!r} rows; {game}'s are {features_of(game)!r}"
            " in this version: train it again."
        )
    return net, meta


def _check_inputs(net: MLP, width: int, path: str, game: str) -> None:
    """Refuse a network whose input is not ``width`` values wide (the game's rows)."""
    if net.sizes[0] != width:
        raise WeightsError(
            f"The network at {path} reads {net.sizes[0]} inputs; {game}'s features are {width}."
        )


@functools.lru_cache(maxsize=8)
def _network(path: str, game: str) -> tuple[MLP, RowFeatures, dict[str, Any]]:
    net, meta = _loaded(path, game)
    plugin = get_game(game)
    features = row_features(plugin, plugin.presets[plugin.default_preset])
    _check_inputs(net, features.state_size + features.action_size, path, game)
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


def samloc(seed: int = 0) -> NetBot:
    """The shipped Sâm Lốc network as a bot (``vncards.envs.net:samloc``).

    >>> from vncards.core import play_game
    >>> from vncards.samloc import plugin
    >>> bots = [samloc(1), *(plugin.bots["greedy"](s) for s in (2, 3, 4))]
    >>> state = plugin.new_game(plugin.presets[plugin.default_preset], 4, seed=9)
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return net_bot("samloc", seed)


def tusac(seed: int = 0) -> NetBot:
    """The shipped Tứ Sắc network as a bot (``vncards.envs.net:tusac``).

    >>> from vncards.core import play_game
    >>> from vncards.tusac import plugin
    >>> bots = [tusac(1), *(plugin.bots["greedy"](s) for s in (2, 3, 4))]
    >>> state = plugin.new_game(plugin.presets[plugin.default_preset], 4, seed=9)
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return net_bot("tusac", seed)


def phom(seed: int = 0) -> NetBot:
    """The shipped Phỏm network as a bot (``vncards.envs.net:phom``).

    >>> from vncards.core import play_game
    >>> from vncards.phom import plugin
    >>> bots = [phom(1), *(plugin.bots["greedy"](s) for s in (2, 3, 4))]
    >>> state = plugin.new_game(plugin.presets[plugin.default_preset], 4, seed=9)
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return net_bot("phom", seed)


class NetGuide:
    """A network bot's scores as the :class:`~vncards.core.Guide` of a search: the
    candidates it scores best are the ones searched."""

    def __init__(self, bot: NetBot) -> None:
        self.bot = bot

    def scores(self, view: View, actions: Sequence[Any], optional: bool) -> list[float]:
        """The network's score of each action (then of declining, when ``optional``)."""
        kind = self.bot.features.view_type
        if not isinstance(view, kind):
            raise TypeError(f"the network guides from a {kind.__name__}, not {type(view).__name__}")
        scored: list[float] = self.bot.scores(view, actions, optional).tolist()
        return scored


ROLLOUTS = ("hooks", "net", "leaf")
"""How :func:`search_net_bot`'s rollouts go: the game's own (its greedy policy to the end),
the network's at every seat to the end (:class:`~vncards.envs._net_rollouts.NetPolicy`),
or cut at the searching seat's next choice and scored by the network
(:class:`~vncards.envs._net_rollouts.NetLeaf`)."""

SEARCH_TOP = 4
"""How many of the search's candidates the network keeps (the search's first guess and
the network's best play of all are kept besides): see :func:`~vncards.core.guided`."""


TUSAC_TOP = 2
"""Tứ Sắc's ``top``: its search offers four candidates, the network keeps two of them
(with the search's first guess and the network's best of all); measured in
``docs/bots.md``."""


def search_net_bot(
    game: str = "tienlen",
    seed: int = 0,
    *,
    think: float = 0.1,
    iterations: int | None = None,
    weights: str | Path | None = None,
    top: int = SEARCH_TOP,
    rollout: str = "hooks",
) -> SearchBot:
    """The game's ``search`` bot guided by its network (``weights`` as in
    :func:`net_bot`): it searches only the ``top`` candidates the network scores best,
    with the game's own hooks and budget, and the rollouts ``rollout`` names (one of
    :data:`ROLLOUTS`; the game's own by default, which measured strongest)."""
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    search = make_bot(get_game(game).bots["search"], seed, think=think, iterations=iterations)
    if not isinstance(search, SearchBot):
        raise TypeError(f"{game}'s search bot is not a SearchBot")
    guide = net_bot(game, seed, weights)
    search.guide = NetGuide(guide)
    search.top = top
    search.name = "search+net"
    if rollout != "hooks":
        search.hooks = _net_hooks(search, game, seed, weights, rollout)
    return search


def _net_hooks(
    search: SearchBot, game: str, seed: int, weights: str | Path | None, rollout: str
) -> NetLeaf | NetPolicy:
    """The hooks of a ``search+net`` whose rollouts play or end with the network: each
    seat's bot seeded apart from the search's own draws."""
    plugin = get_game(game)
    seats = range(plugin.player_range(plugin.presets[plugin.default_preset])[1])
    if rollout == "net":
        bots = [net_bot(game, seed * 8 + s, weights, margin=0.0) for s in seats]
        return NetPolicy(search.hooks, bots)
    greedy = [plugin.bots["greedy"](seed * 8 + s) for s in seats]
    path = str(weights) if weights is not None else str(shipped_weights(game))
    scale = float(_network(path, game)[2].get("config", {}).get("payoff_scale", 1.0))
    return NetLeaf(search.hooks, net_bot(game, seed, weights, margin=0.0), greedy, scale)


def tienlen_search(
    seed: int = 0, *, think: float = 0.1, iterations: int | None = None
) -> SearchBot:
    """Tiến lên's ``search`` guided by the shipped network
    (``vncards.envs.net:tienlen_search``, the bot ``search+net``).

    >>> from vncards.core import play_game
    >>> from vncards.tienlen import plugin
    >>> bots = [tienlen_search(1, iterations=40), *(plugin.bots["greedy"](s) for s in (2, 3, 4))]
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=9)
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return search_net_bot("tienlen", seed, think=think, iterations=iterations)


def samloc_search(seed: int = 0, *, think: float = 0.1, iterations: int | None = None) -> SearchBot:
    """Sâm Lốc's ``search`` guided by the shipped network
    (``vncards.envs.net:samloc_search``, the bot ``search+net``)."""
    return search_net_bot("samloc", seed, think=think, iterations=iterations)


def tusac_search(seed: int = 0, *, think: float = 0.1, iterations: int | None = None) -> SearchBot:
    """Tứ Sắc's ``search`` guided by the shipped network
    (``vncards.envs.net:tusac_search``, the bot ``search+net``).

    >>> from vncards.core import play_game
    >>> from vncards.tusac import plugin
    >>> bots = [tusac_search(1, iterations=8), *(plugin.bots["greedy"](s) for s in (2, 3, 4))]
    >>> state = plugin.new_game(plugin.presets[plugin.default_preset], 4, seed=9)
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    return search_net_bot("tusac", seed, think=think, iterations=iterations, top=TUSAC_TOP)


def maubinh_net_bot(
    seed: int = 0, weights: str | Path | None = None, margin: float | None = None
) -> ArrangeNetBot:
    """A Mậu Binh bot with the network in ``weights`` (the shipped one by default) scoring
    the front of the arrangements of its strongest backs, the strongest-first one flagged
    as advised (:class:`~vncards.envs.learn._arrange.ArrangeNetBot`; no search, no
    sampled opponents); ``margin`` as in :func:`net_bot`. ``seed`` is taken as every
    bot factory takes one: the bot draws nothing.

    >>> from vncards.core import play_game
    >>> from vncards.maubinh import plugin
    >>> bots = [maubinh_net_bot(1), plugin.bots["solver"](2)]
    >>> state = plugin.new_game(plugin.presets["standard"], 2, seed=9)
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    from vncards.envs.learn._arrange import ArrangeFeatures, ArrangeNetBot

    path = str(weights) if weights is not None else str(shipped_weights("maubinh"))
    net, meta = _loaded(path, "maubinh")
    plugin = get_game("maubinh")
    features = ArrangeFeatures(plugin.presets[plugin.default_preset])
    _check_inputs(net, features.state_size + features.action_size, path, "maubinh")
    keep = float(meta.get("margin", 0.0)) if margin is None else margin
    return ArrangeNetBot(net, features, margin=keep)


def maubinh(seed: int = 0) -> ArrangeNetBot:
    """The shipped Mậu Binh network as a bot (``vncards.envs.net:maubinh``)."""
    return maubinh_net_bot(seed)
