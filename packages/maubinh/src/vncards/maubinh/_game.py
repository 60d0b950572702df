"""The rules of Mậu Binh as core's :class:`~vncards.core.Game`: the deal, who is asked to
arrange, the legal splits, why one is refused, what it does, the views and the result,
each a line or two over the engine; and its fast bot games (``playout``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vncards.core import Bot, Decision, Event, GameInfo, GameResult, IllegalMove, deal
from vncards.maubinh._engine import (
    HAND_SIZE,
    Arrange,
    MauBinhState,
    apply_arrange,
    arrange_error,
    start_game,
)
from vncards.maubinh._info import INFO
from vncards.maubinh._playout import play_out
from vncards.maubinh._rules import MauBinhRules
from vncards.maubinh._splits import PendingSplits, Splits
from vncards.maubinh._view import MauBinhViews

__all__ = ["MauBinhGame"]


class MauBinhGame(MauBinhViews):
    """Mậu Binh's game: every seat without an instant hand arranges once, in secret.

    >>> game = MauBinhGame()
    >>> st = game.deal(MauBinhRules(), 3, 7, None)
    >>> d = game.to_act(st)
    >>> d.seat, len(d.actions), game.why_illegal(st, d.actions[0]) is None
    (0, 72072, True)
    """

    info: GameInfo = INFO

    def players(self, rules: MauBinhRules) -> tuple[int, int]:
        """Two to four players."""
        return (2, 4)

    def deal(
        self, rules: MauBinhRules, n_players: int, seed: int, first: int | None
    ) -> MauBinhState:
        """Deal 13 cards to each player from ``seed`` (``first`` plays no part: everyone
        arranges at once)."""
        hands, _ = deal(seed, 52, [HAND_SIZE] * n_players)
        return start_game(rules, hands)

    def to_act(self, state: MauBinhState) -> Decision[Arrange] | None:
        """The first seat (in seat order) that has yet to arrange; any order is legal."""
        pending = state.pending()
        if not pending:
            return None
        seat = pending[0]
        return Decision(seat, Splits(seat, state.hands[seat]))

    def legal_actions(self, state: MauBinhState) -> Sequence[Arrange]:
        """Every split of every seat that has yet to arrange, made on demand (72,072 a
        seat): a list only in type, whose items are built when read.

        >>> st = MauBinhGame().deal(MauBinhRules(), 2, 1, None)
        >>> len(MauBinhGame().legal_actions(st)), MauBinhGame().legal_actions(st)[72_072].seat
        (144144, 1)
        """
        return PendingSplits([Splits(s, state.hands[s]) for s in state.pending()])

    def why_illegal(self, state: MauBinhState, action: Arrange) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

        >>> st = MauBinhGame().deal(MauBinhRules(), 2, 1, None)
        >>> MauBinhGame().why_illegal(st, "fold").code
        'bad-arrangement'
        """
        if not isinstance(action, Arrange):
            return IllegalMove("bad-arrangement", f"{action!r} is not an arrangement")
        return arrange_error(state, action)

    def apply(self, state: MauBinhState, action: Arrange) -> list[Event]:
        """Record an arrangement; the last one reveals every chi and settles."""
        if not isinstance(action, Arrange):
            raise IllegalMove("bad-arrangement", f"{action!r} is not an arrangement")
        return list(apply_arrange(state, action))

    def decline(self, state: MauBinhState, seat: int) -> None:
        """Nothing in Mậu Binh may be declined."""
        raise IllegalMove("must-act", "every player without an instant hand must arrange")

    def result(self, state: MauBinhState) -> GameResult:
        """Outcome and net chi per seat (all 0 until everyone has arranged)."""
        return state.result()

    def playout(
        self,
        state: MauBinhState,
        bots: Sequence[Bot],
        record: Callable[[Any], None],
        max_steps: int,
    ) -> bool:
        """Play a game of Mậu Binh bots (or core random bots) without building views;
        the same choices, in the same order, as the plain loop."""
        return play_out(state, bots, record, max_steps)
