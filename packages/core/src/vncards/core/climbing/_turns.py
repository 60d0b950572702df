"""The turns of a climbing game: dealing, who decides what, carrying out an action and
closing a finished game with its ``win`` and ``settle`` events.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> seat, offered, optional = plugin.game._decision_parts(state)
>>> seat == state.turn, len(offered) == len(plugin.legal_actions(state)), optional
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, ClassVar

from vncards.core._events import Event, Settled, Won
from vncards.core._game import Decision
from vncards.core._rng import deal_masks
from vncards.core.climbing._actions import (
    Pass,
    Play,
    SheddingAction,
)
from vncards.core.climbing._engine import ClimbState
from vncards.core.climbing._hooks import ClimbingHooks, RulesT
from vncards.core.climbing._loop import apply_action, turn_parts

__all__ = ["ClimbingTurns"]

_new_play_list = object.__new__


class ClimbingTurns(ClimbingHooks[RulesT]):
    """Dealing, decisions and actions of a climbing game (part of
    :class:`~vncards.core.ClimbingGame`)."""

    plays_fast: ClassVar[bool] = False
    """Whether :meth:`~vncards.core.ClimbingGame.playout` (the compiled loop) may play
    this game: a game declares it, in its class body, when it decides and applies as
    :meth:`to_act` and :meth:`apply` of this base do (then the loop makes the very
    choices the plain loop of :func:`~vncards.core.play_game` would). Off by default;
    a subclass that replaces ``to_act``, ``_decision_parts`` or ``apply`` leaves it
    off (it is never worked out from what a subclass overrides)."""

    has_side_decisions: ClassVar[bool] = False
    """Whether :meth:`side_decision` may offer a decision; on for a subclass whose body
    overrides it (unless that body sets this flag itself)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        body = vars(cls)
        if "has_side_decisions" not in body and "side_decision" in body:
            cls.has_side_decisions = True

    def deal(self, rules: RulesT, n_players: int, seed: int, first: int | None) -> ClimbState:
        """Shuffle and deal with ``seed``; ``first`` is a match's previous winner (none:
        a first game, whose leader :meth:`choose_first` finds). The player count is
        the caller's to check (core's :class:`~vncards.core.Plugin` does)."""
        hands = deal_masks(seed, 52, [self.hand_size(rules)] * n_players)
        first_game = first is None
        if first is None:
            first = self.choose_first(rules, hands, seed)
            assert first is not None
        return self.begin(rules, hands, first, first_game)

    def begin(
        self, rules: RulesT, hands: Sequence[int], first: int, first_game: bool
    ) -> ClimbState:
        """A game of a match from a given deal: :meth:`start`, told whether it is the
        first game (:meth:`opened`) or a later one (:meth:`later_game`)."""
        state = self.state_type(hands, first, self.engine(rules), rules)
        if not first_game:
            self.later_game(state)
        self._started(state, rules)
        if first_game:
            self.opened(state, rules)
        return state

    def start(self, rules: RulesT, hands: Sequence[int], first: int) -> ClimbState:
        """A game from a given deal (neither a first game's opening nor a later game's
        marks: tests and tools set hands up this way)."""
        state = self.state_type(hands, first, self.engine(rules), rules)
        self._started(state, rules)
        return state

    def _started(self, state: ClimbState, rules: RulesT) -> None:
        """The deal's instant wins (:meth:`at_deal`), and a game they end closed."""
        self.at_deal(state, rules)
        if state.finished:
            self._close(state)

    def to_act(self, state: ClimbState) -> Decision[SheddingAction] | None:
        """The seat to act and its plays (lazily built); ``None`` once finished."""
        step = self._decision_parts(state)
        return None if step is None else Decision(*step)

    def _decision_parts(
        self, state: ClimbState
    ) -> tuple[int, Sequence[SheddingAction], bool] | None:
        """:meth:`to_act` as ``(seat, actions, optional)``, which
        :func:`~vncards.core.play_game` may ask directly. Games add decisions through
        :meth:`side_decision`."""
        if state.finished:
            return None
        if not state.pile:
            side = self.side_decision(state)
            if side is not None:
                return side
        return self._turn_parts(state)

    def _turn_parts(self, state: ClimbState) -> tuple[int, Sequence[SheddingAction], bool]:
        """The plays (and pass) of the seat to act, as ``(seat, actions, False)``."""
        return turn_parts(state)

    def side_decision(self, state: ClimbState) -> tuple[int, Sequence[SheddingAction], bool] | None:
        """A decision that comes before the first play of the game, as ``(seat,
        actions, optional)`` (Sâm: whether to declare); ``None`` (the default) when the
        seat to act plays. Only asked while no card has been played (``state.pile`` is
        empty) and the game is not over; see ``vncards.samloc`` for a game that has such
        decisions."""
        return None

    def legal_actions(self, state: ClimbState) -> list[SheddingAction]:
        """Every action accepted now: the plays (and pass) of the seat to act, plus extras."""
        if state.finished:
            return []
        eng = state.engine
        assert eng is not None, "a state of this game carries its engine"
        acts: list[SheddingAction] = [Play(state.turn, m) for m in eng.plays(state)]
        if eng.can_pass(state):
            acts.append(Pass(state.turn))
        acts.extend(self.extra_actions(state))
        return acts

    def apply(self, state: ClimbState, action: SheddingAction) -> list[Event]:
        """Carry out ``action`` and return the events it caused: ``play`` (with the
        combination's code) or ``pass`` or ``declare``, then any ``chop`` and chop-chain
        ``settle``, ``out`` when the hand empties, and ``win`` and the final ``settle``
        when the game ends. :class:`IllegalMove` and no change if it is illegal."""
        return apply_action(self, state, action)

    def applier(self) -> Callable[[ClimbState, SheddingAction], list[Event]]:
        """:meth:`apply` as the plugin lends it: one compiled call (the climbing loop's
        ``apply_action`` with this game bound, no Python frame of this class on the way)
        while ``apply`` is this base's, else the bound method.

        >>> from vncards.tienlen import plugin
        >>> plugin.apply.args == (plugin.game,)   # a partial of the compiled function
        True
        """
        if type(self).apply is ClimbingTurns.apply:
            return partial(apply_action, self)
        return self.apply

    def _close(self, state: ClimbState) -> None:
        """Add the ``win`` event and the final ``settle`` (the result's transfers not
        already announced by a chop chain's ``settle``) once the game is over."""
        events = state.events
        if len(events) > 1 and type(events[-2]) is Won:
            return  # closed already
        res = self.result(state)
        paid = state.chop_transfers  # each announced by the engine's own settle event
        k = len(paid)
        if list(res.transfers[:k]) == paid:
            rest = list(res.transfers[k:])
        else:  # a result that lists them otherwise: leave out every transfer announced
            rest = list(res.transfers)
            for e in events:
                if type(e) is Settled:
                    for t in e.transfers:
                        if t in rest:
                            rest.remove(t)
        events.append(Won(res.winner, res.outcome or "win", res.instant_win))
        events.append(Settled(None, tuple(rest)))

    # ------------------------------------------------------------ hidden information
