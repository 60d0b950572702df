"""A whole climbing-game plugin in one class, for games written before
:class:`~vncards.core.ClimbingGame` and core's :class:`~vncards.core.Plugin` (kept so
that they keep working): the game's hooks, and every plugin member made from them by
core's climbing parts.

New games subclass :class:`~vncards.core.ClimbingGame` and name a
:class:`~vncards.core.Plugin` of it instead (as Tiến lên and Sâm do).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

from vncards.core._errors import RecordError
from vncards.core._game import BotFactory, Decision, referee
from vncards.core._records import GameRecord, RecordAction, RefereeReport
from vncards.core.climbing._actions import SheddingAction
from vncards.core.climbing._codec import ClimbingCodec
from vncards.core.climbing._engine import ClimbState
from vncards.core.climbing._game import ClimbingGame
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._queries import ClimbingProbes, ClimbingQueries

__all__ = ["SheddingGame"]


class SheddingGame(ClimbingGame[RulesT]):
    """A climbing game that is its own plugin (the older way; see the module
    docstring). A subclass sets the class attributes ``name``, ``title``,
    ``rules_model``, ``presets``, ``default_preset`` and ``bots`` (factories taking a
    seed) and implements the hooks of :class:`~vncards.core.ClimbingGame` and
    :meth:`summary`. It plays with the compiled loop (:attr:`plays_fast` is declared
    on here); a subclass that replaces ``decision`` or ``apply`` declares
    ``plays_fast = False``.

    >>> from vncards.core import RandomBot, play_game, record_game
    >>> from vncards.tienlen import TienLenGame, TienLenRules
    >>> class Old(TienLenGame, SheddingGame[TienLenRules]):
    ...     name, title, rules_model = "old", "Old", TienLenRules
    ...     presets, default_preset, bots = {"std": TienLenRules()}, "std", {"random": RandomBot}
    >>> old = Old()
    >>> state = old.new_game(TienLenRules(), 2, seed=1)
    >>> played = play_game(old, state, [RandomBot(0), RandomBot(1)])
    >>> old.referee(record_game(old, played, ["An", "Bình"])).legal
    True
    """

    name: str
    title: str
    deck = "french"
    rules_model: type[RulesT]
    presets: Mapping[str, RulesT]
    default_preset: str
    bots: Mapping[str, BotFactory]

    plays_fast: ClassVar[bool] = True

    @cached_property
    def _codec(self) -> ClimbingCodec[RulesT]:
        return ClimbingCodec(self)

    @cached_property
    def _queries(self) -> ClimbingQueries[RulesT]:
        return ClimbingQueries(self)

    def summary(self, rules: RulesT) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        raise NotImplementedError

    def new_game(
        self, rules: RulesT, n_players: int, seed: int, *, first: int | None = None
    ) -> ClimbState:
        """Shuffle and deal with ``seed``; ``first`` is a match's previous winner."""
        lo, hi = self.player_range(rules)
        if not lo <= n_players <= hi:
            raise ValueError(f"{self.name} is played by {lo} to {hi} players, not {n_players}")
        return self.deal(rules, n_players, seed, first)

    def decision(self, state: ClimbState) -> Decision[SheddingAction] | None:
        """The seat to act and its plays (:meth:`to_act`)."""
        return self.to_act(state)

    def state_from_record(self, record: GameRecord, rules: RulesT) -> ClimbState:
        """Check the deal of a record and start from it."""
        n = len(record.players)
        lo, hi = self.player_range(rules)
        if not lo <= n <= hi:
            raise RecordError(f"{self.name} is played by {lo} to {hi} players, not {n}")
        return self._codec.read_deal(record, rules)

    def action_from_record(
        self, state: ClimbState, action: RecordAction, seat: int
    ) -> SheddingAction:
        """Read ``play`` / ``pass`` / ``declare``."""
        return self._codec.read_action(state, action, seat)

    def action_to_record(self, state: ClimbState, action: SheddingAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        return self._codec.write_action(action)

    def record_deal(self, state: ClimbState) -> dict[str, Any]:
        """Hands as dealt and the first seat."""
        return self._codec.write_deal(state)

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's :func:`~vncards.core.referee` on this game)."""
        return referee(self, record)

    def deal_json(self, rules: RulesT, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields, with the instant wins it holds."""
        return self._queries.deal_json(rules, n_players, seed)

    def classify_cards(self, rules: RulesT, cards: Sequence[str]) -> dict[str, Any]:
        """``{"combo": code or None, "cards": [...]}`` (see :class:`ClimbingQueries`)."""
        return self._queries.classify_cards(rules, cards)

    def beats_cards(
        self, rules: RulesT, over: Sequence[str], play: Sequence[str]
    ) -> dict[str, bool]:
        """``{"beats": bool, "chop": bool}`` (see :class:`ClimbingQueries`)."""
        return self._queries.beats_cards(rules, over, play)

    def moves_cards(
        self, rules: RulesT, hand: Sequence[str], over: Sequence[str] | None = None
    ) -> list[dict[str, Any]]:
        """Every play from ``hand`` (see :class:`ClimbingQueries`)."""
        return self._queries.moves_cards(rules, hand, over)

    def action_universe(self, state: ClimbState) -> Iterable[SheddingAction]:
        """Legal actions plus many that are not (see :class:`ClimbingProbes`)."""
        return ClimbingProbes(self).action_universe(state)

    def card_multiset(self, state: ClimbState) -> list[int]:
        """Cards in hands, on the pile and undealt: always the 52 cards once each."""
        return ClimbingProbes(self).card_multiset(state)
