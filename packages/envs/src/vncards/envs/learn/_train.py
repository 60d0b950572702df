"""Deep Monte-Carlo training: actors play whole games with the current network, every
decision a network seat made goes into a replay buffer with the lá that seat won or
lost, and the network is fitted to those payoffs by Adam on batches drawn from it.

A run is seeded and resumable: a checkpoint (``.npz``) holds the weights, Adam's
moments, the random generator's state, the buffer, the games played and the training
curve, so a run stopped and resumed ends with the network, bit for bit, of a run that
never stopped.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from vncards.core import Bot, get_game
from vncards.envs.learn._actors import ActorPool, PlaySettings, game_features, make_player
from vncards.envs.learn._evaluate import measure
from vncards.envs.learn._mlp import MLP, Adam
from vncards.envs.learn._weights import WeightsError, features_of, replace_with, save_weights

__all__ = ["TrainConfig", "Trainer"]

Progress = Callable[[int, int], None]
"""Told ``(games played, games wanted)`` after every round."""


@dataclass(frozen=True)
class TrainConfig:
    """A training run: what the actors play (:class:`PlaySettings`), the network's hidden
    widths, Adam's step size, the batch and buffer sizes, how many batches a round fits
    per new sample (``replay``), games per round, how payoffs in lá are scaled for the
    network, how often (in games) and on how many duplicate deals it is measured against
    the greedy bot, and the seed."""

    play: PlaySettings = field(default_factory=PlaySettings)
    hidden: tuple[int, ...] = (256, 128)
    lr: float = 3e-4
    batch: int = 256
    buffer: int = 50_000
    replay: float = 1.0
    round_games: int = 32
    payoff_scale: float = 10.0
    eval_every: int = 2_000
    eval_deals: int = 50
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON-ready values."""
        out = asdict(self)
        out["hidden"] = list(self.hidden)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainConfig:
        """The settings :meth:`to_json` wrote."""
        data = dict(data)
        play = data.pop("play")
        play = PlaySettings(**{**play, "players": tuple(play["players"])})
        return cls(play=play, hidden=tuple(data.pop("hidden")), **data)


class Trainer:
    """One training run (see the module docstring).

    >>> t = Trainer(TrainConfig(play=PlaySettings(players=(2,)), hidden=(16,), round_games=4))
    >>> t.train(8)
    >>> t.games, t.updates > 0
    (8, True)
    """

    def __init__(self, config: TrainConfig) -> None:
        self.config = config
        plugin = get_game(config.play.game)
        self.features = game_features(
            plugin, plugin.presets[config.play.variant or plugin.default_preset]
        )
        self.rng = np.random.default_rng(config.seed)
        width = self.features.state_size + self.features.action_size
        self.net = MLP.init([width, *config.hidden, 1], self.rng)
        self.adam = Adam(self.net.params, lr=config.lr)
        self.rows = np.zeros((config.buffer, width), dtype=np.uint8)
        self.payoffs = np.zeros(config.buffer, dtype=np.float32)
        self.filled = 0
        self.cursor = 0
        self.games = 0
        self.updates = 0
        self.losses: list[float] = []
        self.curve: list[dict[str, Any]] = []

    # ------------------------------------------------------------ training

    def train(
        self,
        games: int,
        *,
        workers: int = 1,
        scheduler: str | None = None,
        progress: Progress | None = None,
    ) -> None:
        """Play and fit until :attr:`games` reaches ``games``, measuring the network
        against the greedy bot every ``eval_every`` games (and at the end); the actors
        run as :class:`~vncards.envs.learn.ActorPool` runs them (``workers`` local
        processes, or the Dask cluster at ``scheduler``) and make the same samples."""
        pool = ActorPool(self.config.play, workers, scheduler)
        try:
            every = self.config.eval_every
            while self.games < games:
                point = (self.games // every + 1) * every  # rounds stop at each point
                stop = min(self.games + self.config.round_games, games, point)
                self._round(pool, stop - self.games)
                if self.games % self.config.eval_every == 0 or self.games >= games:
                    self.measure_point()
                if progress is not None:
                    progress(self.games, games)
        finally:
            pool.close()

    def _round(self, pool: ActorPool, games: int) -> None:
        batch = pool.play(self.net, self.config.seed, self.games, self.games + games)
        self.games += batch.games
        self._store(batch.rows, batch.payoffs)
        fits = round(len(batch.rows) * self.config.replay / self.config.batch)
        losses = [self._fit() for _ in range(max(1, fits))] if self.filled else []
        if losses:
            self.losses.append(float(np.mean(losses)))

    def _store(self, rows: np.ndarray, payoffs: np.ndarray) -> None:
        size = len(self.payoffs)
        for start in range(0, len(rows), size):
            part, paid = rows[start : start + size], payoffs[start : start + size]
            at = (self.cursor + np.arange(len(part))) % size
            self.rows[at] = part
            self.payoffs[at] = paid
            self.cursor = int((self.cursor + len(part)) % size)
            self.filled = min(size, self.filled + len(part))

    def _fit(self) -> float:
        pick = self.rng.integers(0, self.filled, size=self.config.batch)
        x = self.rows[pick] * self.features.scale
        y = self.payoffs[pick] / self.config.payoff_scale
        loss, grads = self.net.gradients(x, y)
        self.adam.step(grads)
        self.updates += 1
        return loss

    # ------------------------------------------------------------ measuring

    def bot(self, seed: int = 0) -> Bot:
        """The network as it is now, as a bot (no exploration)."""
        play = self.config.play
        return make_player(play.game, self.net, self.features, margin=play.margin, seed=seed)

    def measure_point(self) -> dict[str, Any]:
        """Measure against the greedy bot now and add the point to :attr:`curve`."""
        c = self.config
        s = measure(
            self.bot, game=c.play.game, players=c.play.players[0], deals=c.eval_deals,
            seed=c.seed + 1, variant=c.play.variant,
        )  # fmt: skip
        point: dict[str, Any] = {"games": self.games, "updates": self.updates}
        point.update({("eval_games" if k == "games" else k): v for k, v in s.to_json().items()})
        if self.losses:
            point["loss"] = self.losses[-1]
        if self.curve and self.curve[-1]["games"] == self.games:
            self.curve[-1] = point
        else:
            self.curve.append(point)
        return point

    # ------------------------------------------------------------ files

    def meta(self) -> dict[str, Any]:
        """What a weights file says of this network."""
        play = self.config.play
        return {
            "game": self.config.play.game,
            "players": list(self.config.play.players),
            "features": features_of(play.game),
            "margin": self.config.play.margin,
            "games": self.games,
            "updates": self.updates,
            "config": self.config.to_json(),
            "last": self.curve[-1] if self.curve else None,
        }

    def export(self, path: str | Path) -> None:
        """Write the network as a weights file a ``net`` bot loads."""
        save_weights(path, self.net, self.meta())

    def save(self, path: str | Path) -> None:
        """Write a checkpoint to ``path`` (``.npz``)."""
        arrays: dict[str, np.ndarray] = {}
        for i, p in enumerate(self.net.params):
            arrays[f"p{i}"], arrays[f"m{i}"], arrays[f"v{i}"] = p, self.adam.m[i], self.adam.v[i]
        info = {
            "config": self.config.to_json(),
            "games": self.games,
            "updates": self.updates,
            "adam_t": self.adam.t,
            "filled": self.filled,
            "cursor": self.cursor,
            "rng": self.rng.bit_generator.state,
            "curve": self.curve,
            "losses": self.losses,
        }
        arrays["info"] = np.array(json.dumps(info))
        arrays["rows"], arrays["payoffs"] = self.rows[: self.filled], self.payoffs[: self.filled]
        replace_with(path, arrays)

    @classmethod
    def load(cls, path: str | Path) -> Trainer:
        """The run saved at ``path``, ready to go on training."""
        try:
            with open(path, "rb") as given, np.load(given, allow_pickle=False) as data:
                info = json.loads(str(data["info"]))
                t = cls(TrainConfig.from_json(info["config"]))
                for i, p in enumerate(t.net.params):
                    p[...] = data[f"p{i}"]
                    t.adam.m[i][...] = data[f"m{i}"]
                    t.adam.v[i][...] = data[f"v{i}"]
                t.filled, t.cursor = info["filled"], info["cursor"]
                t.rows[: t.filled] = data["rows"]
                t.payoffs[: t.filled] = data["payoffs"]
        except (OSError, ValueError, KeyError, TypeError, EOFError) as e:
            raise WeightsError(
                f"{path} is not a training checkpoint that can be resumed ({e})."
            ) from e
        t.games, t.updates, t.adam.t = info["games"], info["updates"], info["adam_t"]
        t.rng.bit_generator.state = info["rng"]
        t.curve, t.losses = info["curve"], info["losses"]
        return t
