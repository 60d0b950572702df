"""Self-play actors: whole seeded games played by the network (and, if asked, greedy
bots), each decision of a network seat written down with the lá that seat was paid at
the end — the Deep Monte-Carlo targets.

Game ``i`` of a run seeded ``seed`` is dealt from ``derive_seed(seed, i)`` and every
random draw of its players comes from that seed too, so a batch of games gives the same
samples whether one process plays it or several share it.
"""

from __future__ import annotations

import importlib
import multiprocessing
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
from vncards.core import Bot, derive_seed, get_game, play_game
from vncards.envs.learn._bot import NetBot, RowFeatures
from vncards.envs.learn._features import ClimbFeatures
from vncards.envs.learn._mlp import MLP

__all__ = [
    "ActorPool",
    "Batch",
    "Features",
    "PlaySettings",
    "game_features",
    "play_batch",
    "row_features",
]

if TYPE_CHECKING:
    from vncards.envs.learn._arrange import ArrangeFeatures
    from vncards.envs.learn._meld import MeldFeatures
    from vncards.envs.learn._phom import PhomFeatures

Features: TypeAlias = "ClimbFeatures | MeldFeatures | PhomFeatures | ArrangeFeatures"
"""What a network reads: the rows of a climbing game, of Tứ Sắc, of Phỏm or of Mậu Binh."""


@dataclass(frozen=True)
class PlaySettings:
    """How the actors play: the game and its preset, the table sizes (game ``i`` seats
    ``players[i % len(players)]``), the chance of a random action, the chance that each
    seat but one is the game's greedy bot, the network seats' ``margin`` (see
    :class:`~vncards.envs.learn.NetBot`), and ``win_bonus``: lá added to the winner's
    payoff and taken evenly from the others' (so a sample's target still sums to zero over
    the table), for a network that should value winning above the lá it is paid."""

    game: str = "tienlen"
    variant: str | None = None
    players: tuple[int, ...] = (4,)
    explore: float = 0.05
    greedy_share: float = 0.0
    margin: float = 0.0
    win_bonus: float = 0.0


@dataclass
class Batch:
    """The samples of some games: joined ``[state, action]`` rows (``uint8``), the lá each
    row's seat was paid, and how many games gave them."""

    rows: np.ndarray
    payoffs: np.ndarray
    games: int


def play_batch(settings: PlaySettings, net: MLP, seed: int, start: int, stop: int) -> Batch:
    """Play games ``start`` to ``stop - 1`` of the run seeded ``seed``.

    >>> size = ClimbFeatures(4).state_size + ClimbFeatures(4).action_size
    >>> net = MLP.init([size, 8, 1], np.random.default_rng(0))
    >>> b = play_batch(PlaySettings(players=(2,)), net, 1, 0, 3)
    >>> b.games, b.rows.shape[1] == size, len(b.rows) == len(b.payoffs)
    (3, True, True)
    """
    plugin = get_game(settings.game)
    rules = plugin.presets[settings.variant or plugin.default_preset]
    if plugin.name == "maubinh":  # one decision: every candidate settled exactly
        from vncards.envs.learn._arrange import ArrangeFeatures, arrange_samples

        found, paid_chi = arrange_samples(rules, settings.players, seed, start, stop)
        size = ArrangeFeatures(rules)
        return _batch(found, paid_chi, size.state_size + size.action_size, stop - start)
    features = row_features(plugin, rules)
    rows: list[np.ndarray] = []
    payoffs: list[float] = []
    for index in range(start, stop):
        n = settings.players[index % len(settings.players)]
        game_seed = derive_seed(seed, index)
        draw = random.Random(game_seed)
        learner = draw.randrange(n)  # one seat always learns
        bots: list[Bot] = []
        nets: list[tuple[int, NetBot]] = []
        for seat in range(n):
            bot_seed = derive_seed(game_seed, 1000 + seat)
            if seat != learner and draw.random() < settings.greedy_share:
                bots.append(plugin.bots["greedy"](bot_seed))
                continue
            advisor = plugin.bots["greedy"](bot_seed)
            bot = NetBot(
                net, features, advisor=advisor, margin=settings.margin,
                explore=settings.explore, seed=bot_seed, record=True,
            )  # fmt: skip
            bots.append(bot)
            nets.append((seat, bot))
        played = play_game(plugin, plugin.new_game(rules, n, game_seed), bots, keep_start=False)
        paid = _targets(plugin.result(played.final), settings.win_bonus)
        for seat, bot in nets:
            for state, action in bot.seen:
                rows.append(np.concatenate([state, action]))
                payoffs.append(paid[seat])
    return _batch(rows, payoffs, features.state_size + features.action_size, stop - start)


def _targets(result: Any, win_bonus: float) -> list[float]:
    """Each seat's payoff: its lá, and ``win_bonus`` to the winner from the others."""
    paid = [float(p) for p in result.payments]
    if win_bonus and result.winner is not None and len(paid) > 1:
        share = win_bonus / (len(paid) - 1)
        paid = [p + win_bonus if s == result.winner else p - share for s, p in enumerate(paid)]
    return paid


def _batch(rows: list[np.ndarray], payoffs: list[float], width: int, games: int) -> Batch:
    out = np.stack(rows) if rows else np.zeros((0, width), dtype=np.uint8)
    return Batch(out, np.array(payoffs, dtype=np.float32), games)


def features_for(plugin: Any, rules: Any) -> ClimbFeatures:
    """The features of ``plugin``'s climbing game under ``rules``, with room for its
    largest table.

    >>> from vncards.tienlen import plugin
    >>> features_for(plugin, plugin.presets["dem-la"]).seats
    4
    """
    return ClimbFeatures(plugin.player_range(rules)[1], plugin.hand_size(rules))


def row_features(plugin: Any, rules: Any) -> ClimbFeatures | MeldFeatures | PhomFeatures:
    """The features a :class:`NetBot` of ``plugin`` reads under ``rules``:
    :class:`~vncards.envs.learn._meld.MeldFeatures` for Tứ Sắc,
    :class:`~vncards.envs.learn._phom.PhomFeatures` for Phỏm, else those of a climbing
    game (:func:`features_for`).

    >>> from vncards.tusac import plugin
    >>> f = row_features(plugin, plugin.presets["standard"])
    >>> type(f).__name__, f.seats
    ('MeldFeatures', 4)
    """
    if plugin.name == "tusac":
        from vncards.envs.learn._meld import MeldFeatures

        return MeldFeatures(plugin.player_range(rules)[1])
    if plugin.name == "phom":
        from vncards.envs.learn._phom import PhomFeatures

        return PhomFeatures(plugin.player_range(rules)[1])
    return features_for(plugin, rules)


def game_features(plugin: Any, rules: Any) -> Features:
    """The features of ``plugin`` under ``rules``: :class:`ArrangeFeatures` for Mậu
    Binh, else those a :class:`NetBot` reads (:func:`row_features`).

    >>> from vncards.maubinh import plugin
    >>> type(game_features(plugin, plugin.presets["standard"])).__name__
    'ArrangeFeatures'
    """
    if plugin.name == "maubinh":
        from vncards.envs.learn._arrange import ArrangeFeatures

        return ArrangeFeatures(rules)
    return row_features(plugin, rules)


def make_player(
    game: str, net: MLP, features: Features, *, margin: float = 0.0, seed: int = 0
) -> Bot:
    """The network as a bot of ``game`` with the game's advice (the greedy bot for the
    climbing games, Tứ Sắc and Phỏm; for Mậu Binh the strongest-first candidate), no
    exploration.

    >>> from vncards.maubinh import plugin
    >>> f = game_features(plugin, plugin.presets["standard"])
    >>> make_player("maubinh", MLP.init([98, 4, 1], np.random.default_rng(0)), f).name
    'net'
    """
    plugin = get_game(game)
    if isinstance(features, RowFeatures):
        advisor = plugin.bots["greedy"](seed)
        return NetBot(net, features, advisor=advisor, margin=margin, seed=seed)
    from vncards.envs.learn._arrange import ArrangeNetBot

    return ArrangeNetBot(net, features, margin=margin)


def _play_job(job: tuple[PlaySettings, list[np.ndarray], list[np.ndarray], int, int, int]) -> Batch:
    settings, weights, biases, seed, start, stop = job
    return play_batch(settings, MLP(weights, biases), seed, start, stop)


class ActorPool:
    """Plays batches of games on ``workers`` local processes (in this process when
    ``workers`` is 1), or as tasks of the Dask cluster at ``scheduler`` (a
    ``tcp://HOST:PORT`` address; Dask is then needed: the ``dask`` extra of vncards-cli).
    The samples come back in game order, the same as one process would make them."""

    def __init__(
        self, settings: PlaySettings, workers: int = 1, scheduler: str | None = None
    ) -> None:
        if workers < 1:
            raise ValueError(f"actors need at least one worker, not {workers}")
        self.settings = settings
        self.workers = workers
        self.scheduler = scheduler
        self._pool: ProcessPoolExecutor | None = None
        self._client: Any = None

    def play(self, net: MLP, seed: int, start: int, stop: int) -> Batch:
        """Games ``start`` to ``stop - 1`` with ``net``, cut among the workers."""
        if self.scheduler is not None:
            return self._on_dask(net, seed, start, stop)
        if self.workers == 1 or stop - start < 2:
            return play_batch(self.settings, net, seed, start, stop)
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return _joined(list(self._pool.map(_play_job, self._jobs(net, seed, start, stop))))

    def _jobs(self, net: MLP, seed: int, start: int, stop: int, parts: int = 0) -> list[Any]:
        cuts = np.linspace(start, stop, (parts or self.workers) + 1).astype(int)
        return [
            (self.settings, net.weights, net.biases, seed, int(a), int(b))
            for a, b in pairwise(cuts)
            if b > a
        ]

    def _on_dask(self, net: MLP, seed: int, start: int, stop: int) -> Batch:
        if self._client is None:
            try:
                # by name, so that Dask stays optional and its untyped API stays Any
                distributed: Any = importlib.import_module("distributed")
            except ImportError:
                raise RuntimeError(
                    'actors on a Dask cluster need Dask: pip install "vncards-cli[dask]"'
                ) from None
            self._client = distributed.Client(self.scheduler, set_as_default=False, timeout=30)
        threads = max(1, sum(self._client.nthreads().values()))
        jobs = self._jobs(net, seed, start, stop, threads)
        futures = self._client.map(_play_job, jobs, pure=False)
        return _joined(self._client.gather(futures))

    def close(self) -> None:
        """Stop the worker processes (if any were started) or leave the cluster."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None
        if self._client is not None:
            self._client.close()
            self._client = None


def _joined(parts: Sequence[Batch]) -> Batch:
    return Batch(
        np.concatenate([p.rows for p in parts]),
        np.concatenate([p.payoffs for p in parts]),
        sum(p.games for p in parts),
    )
