"""What every game's encoding provides: a fixed ``Discrete`` action space, the action
behind each id, and a fixed-shape observation built from one seat's view.

An encoding never sees a game's state: it reads only the :class:`~vncards.core.View`
of the seat concerned, so an observation holds nothing that seat may not know, and an
agent can turn its own action ids into game actions (and back) from its view alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from vncards.core import IllegalMove, View

__all__ = ["DECLINED", "Encoding", "ObservationLayout"]

DECLINED: Any = None
"""What :meth:`Encoding.action` returns for the decline id: no game action (the seat lets
an optional choice go, which :meth:`~vncards.core.GamePlugin.decline` carries out)."""


class ObservationLayout:
    """The named parts of a flat observation vector, in order: each part a block of
    ``size`` entries whose values lie in ``0..high``.

    >>> lay = ObservationLayout([("hand", 52, 1), ("cards_left", 4, 13)])
    >>> lay.size, lay.slices["cards_left"], int(lay.high[-1])
    (56, slice(52, 56, None), 13)
    """

    def __init__(self, parts: Sequence[tuple[str, int, int]]) -> None:
        self.parts = tuple(parts)
        self.slices: dict[str, slice] = {}
        start = 0
        highs: list[int] = []
        for name, size, high in self.parts:
            self.slices[name] = slice(start, start + size)
            start += size
            highs.extend([high] * size)
        self.size = start
        self.high = np.array(highs, dtype=np.int8)

    def space(self) -> spaces.Box:
        """The gymnasium ``Box`` of these vectors (``int8``)."""
        return spaces.Box(low=0, high=self.high, shape=(self.size,), dtype=np.int8)

    def describe(self) -> list[tuple[str, int, int, int]]:
        """``(name, first index, size, highest value)`` of each part, for docs and people.

        >>> ObservationLayout([("a", 2, 1), ("b", 3, 9)]).describe()
        [('a', 0, 2, 1), ('b', 2, 3, 9)]
        """
        return [(name, self.slices[name].start, size, high) for name, size, high in self.parts]


class Encoding(ABC):
    """One game's exact action encoding and observation layout, for a given rule set
    and number of players.

    Ids ``0 … size - 1`` make one fixed ``Discrete(size)`` space. Every legal action of
    every position has exactly one id; :attr:`decline_id` (when the game has optional
    choices) stands for letting an optional choice go. ``action(view, id)`` and
    ``action_id(view, action)`` turn ids into the game's own action values and back,
    reading only the acting seat's view.
    """

    game: str
    size: int
    decline_id: int | None = None
    layout: ObservationLayout

    # ------------------------------------------------------------ actions

    @abstractmethod
    def action_id(self, view: View, action: Any) -> int:
        """The id of ``action`` (a game action of ``view.seat``, or :data:`DECLINED`)."""

    @abstractmethod
    def action(self, view: View, action_id: int) -> Any:
        """The game action id ``action_id`` stands for in ``view`` (:data:`DECLINED`
        for the decline id); :class:`~vncards.core.IllegalMove` when the id names no
        action there (a card the seat does not hold, say)."""

    @abstractmethod
    def describe(self, view: View, action_id: int) -> str:
        """A short phrase for people: ``play 3♠ 4♠ 5♥``, ``pass``, ``decline`` …; never
        raises."""

    def legal_ids(self, view: View, actions: Sequence[Any], optional: bool) -> Sequence[int]:
        """The ids of the offered ``actions``, in their order, then the decline id when
        ``optional``."""
        ids = [self.action_id(view, a) for a in actions]
        if optional:
            ids.append(self._decline_id())
        return ids

    def legal_places(
        self, view: View, actions: Sequence[Any], optional: bool
    ) -> tuple[Sequence[int], Sequence[int] | None]:
        """The legal ids and, for each, its place among the offered ``actions``
        (``len(actions)`` for the decline id); ``None`` for the places when the ids are
        the offered actions one for one, in order (the default).

        An encoding in which several offered actions share an id (card ids of a run
        whose lower cards may differ in suit) keeps one of them per id here.
        """
        return self.legal_ids(view, actions, optional), None

    # ------------------------------------------------------------ staged choices

    staged: bool = False
    """Whether one game action is made of several ids in a row (Mậu Binh's arrangement,
    card by card): then :meth:`stage_ids` and :meth:`stage` replace the offered list."""

    simultaneous: bool = False
    """Whether the seats make their staged choices at once, unseen by each other (Mậu
    Binh's arrangements), so that the game has PettingZoo's parallel API too."""

    def stage_ids(self, view: View, draft: Sequence[int]) -> list[int]:
        """The ids legal after the ids ``draft`` of the current choice (staged
        encodings only)."""
        raise NotImplementedError(f"{self.game}'s actions take one id each")

    def stage(self, view: View, draft: Sequence[int], action_id: int) -> Any:
        """The game action that ``draft`` followed by ``action_id`` completes, or
        ``None`` while more ids are needed (staged encodings only)."""
        raise NotImplementedError(f"{self.game}'s actions take one id each")

    def stage_path(self, view: View, action: Any) -> list[int]:
        """The ids, in order, that make the game action ``action`` (staged encodings
        only)."""
        raise NotImplementedError(f"{self.game}'s actions take one id each")

    def stage_features(self, view: View, draft: Sequence[int], ids: Sequence[int]) -> np.ndarray:
        """One feature row per id of ``ids`` after ``draft`` (staged encodings only)."""
        raise NotImplementedError(f"{self.game}'s actions take one id each")

    # ------------------------------------------------------------ action features

    feature_parts: tuple[tuple[str, int], ...] = ()
    """The named blocks of an action's feature vector, in order: ``(name, size)``."""

    @property
    def feature_size(self) -> int:
        """The length of an action's feature vector."""
        return sum(size for _, size in self.feature_parts)

    def action_features(self, view: View, actions: Sequence[Any]) -> np.ndarray:
        """One feature row per game action of ``view.seat`` (:data:`DECLINED` for a
        decline): a ``float32`` array of shape ``(len(actions), feature_size)``."""
        raise NotImplementedError(f"{self.game} has no action features")

    def _decline_id(self) -> int:
        if self.decline_id is None:
            raise IllegalMove("nothing-to-decline", f"{self.game} has no optional choices.")
        return self.decline_id

    def check_id(self, action_id: int) -> None:
        """:class:`~vncards.core.IllegalMove` unless ``0 <= action_id < size``."""
        if not 0 <= action_id < self.size:
            raise IllegalMove(
                "no-such-action",
                f"Action {action_id} is outside this game's action space (0 to {self.size - 1}).",
            )

    # ------------------------------------------------------------ observations

    @abstractmethod
    def observe(self, view: View, draft: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of ``view`` (shape ``(layout.size,)``, ``int8``);
        ``draft`` is the ids chosen so far of a staged choice."""

    @abstractmethod
    def render(self, view: View, players: Sequence[str]) -> str:
        """The table as ``view.seat`` sees it, as text."""
