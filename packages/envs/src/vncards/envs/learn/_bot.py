"""The network as a player: it scores every legal action of its seat's view and takes
the best, or, while learning, a random one now and then, writing down what it saw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
from vncards.core import Bot, Play, View
from vncards.envs.learn._mlp import MLP

__all__ = ["NetBot", "RowFeatures"]


@runtime_checkable
class RowFeatures(Protocol):
    """What a :class:`NetBot` reads a game through: a state row of its view and one row
    per legal action (``uint8``), the column of the advisor's flag in an action row, the
    ``scale`` of a joined row and the type of view the rows are made from
    (:class:`~vncards.envs.learn.ClimbFeatures` for the climbing games,
    :class:`~vncards.envs.learn._meld.MeldFeatures` for Tứ Sắc)."""

    @property
    def view_type(self) -> type: ...
    @property
    def state_size(self) -> int: ...
    @property
    def action_size(self) -> int: ...
    @property
    def advised(self) -> int: ...
    @property
    def scale(self) -> np.ndarray: ...
    def state(self, view: Any) -> np.ndarray: ...
    def actions(self, view: Any, actions: Sequence[Any], optional: bool) -> np.ndarray: ...


class NetBot:
    """A bot that plays the action its network scores highest (the lá it expects to win
    from here), reading only the view it is handed.

    ``advisor`` is a bot whose choice in the same view is flagged in the action rows (see
    :mod:`~vncards.envs.learn._features`); with ``margin`` above 0 the bot keeps to that
    choice unless another scores higher by more than ``margin`` (in the network's units:
    lá divided by the training's ``payoff_scale``), so that the network's noise alone
    does not make it leave a sound play. ``explore`` is the chance of a uniformly random
    action instead (drawn from ``seed``); with ``record`` on, every choice's state row and
    chosen action row are kept in :attr:`seen` for the learner.

    >>> from vncards.core import play_game
    >>> from vncards.envs.learn import ClimbFeatures
    >>> from vncards.tienlen import plugin
    >>> net = MLP.init([389 + 66, 16, 1], np.random.default_rng(0))
    >>> bots = [NetBot(net, ClimbFeatures(4), advisor=plugin.bots["greedy"](0))] * 4
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=2)
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """

    name = "net"

    def __init__(
        self,
        net: MLP,
        features: RowFeatures,
        *,
        advisor: Bot | None = None,
        margin: float = 0.0,
        explore: float = 0.0,
        seed: int = 0,
        record: bool = False,
    ) -> None:
        self.net = net
        self.features = features
        self.advisor = advisor
        self.margin = margin
        self._advice = -1
        self.explore = explore
        self._random = random.Random(seed).random
        self.record = record
        self.seen: list[tuple[np.ndarray, np.ndarray]] = []
        cut = features.state_size
        self._state_scale = features.scale[:cut]
        self._action_scale = features.scale[cut:]

    def scores(self, view: View, actions: Sequence[Any], optional: bool) -> np.ndarray:
        """The network's score of each offered action, in order (then of declining, when
        ``optional``)."""
        f = self.features
        rows = self._rows(view, actions, optional)
        return self.net.score(f.state(view) * self._state_scale, rows * self._action_scale)

    def _rows(self, view: View, actions: Sequence[Any], optional: bool) -> np.ndarray:
        rows = self.features.actions(view, actions, optional)
        self._advice = -1
        if self.advisor is not None and len(rows) > 1:
            self._advice = _place(actions, self.advisor.choose(view, actions, optional))
            rows[self._advice, self.features.advised] = 1
        return rows

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """The best-scored action (``None`` when declining scores best)."""
        f = self.features
        if not isinstance(view, f.view_type):
            raise TypeError(
                f"the net bot reads a {f.view_type.__name__}, not {type(view).__name__}"
            )
        if len(actions) + optional == 1 and not self.record:
            return actions[0] if actions else None
        rows = self._rows(view, actions, optional)
        k = len(rows)
        state = f.state(view)
        if self.explore and self._random() < self.explore:
            pick = int(self._random() * k)
        else:
            q = self.net.score(state * self._state_scale, rows * self._action_scale)
            pick = int(np.argmax(q))
            advice = self._advice
            if self.margin and advice >= 0 and q[pick] <= q[advice] + self.margin:
                pick = advice
        if self.record:
            self.seen.append((state, rows[pick]))
        return actions[pick] if pick < len(actions) else None


def _place(actions: Sequence[Any], choice: Any | None) -> int:
    """Where ``choice`` stands among the rows of ``actions`` (a decline after them)."""
    if choice is None:
        return len(actions)
    masks: Sequence[int] | None = getattr(actions, "masks", None)
    if masks is None:
        return list(actions).index(choice)
    return masks.index(choice.cards) if type(choice) is Play else len(masks)
