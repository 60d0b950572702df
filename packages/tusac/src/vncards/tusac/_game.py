"""The rules of Tứ Sắc as core's :class:`~vncards.core.Game`: the deal, whose choice is
next, the legal actions, why one is refused, what it does, the views, determinization
and the result, each a line or two over the engine; and its fast bot games
(``playout``, core's :class:`~vncards.core.FastPlayout` seam)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from vncards.core import Bot, Decision, Event, GameInfo, GameResult, IllegalMove, View, deal, net_of
from vncards.tusac._codec import DEALER_HAND_SIZE, HAND_SIZE
from vncards.tusac._deck import COPIES, DECK_SIZE
from vncards.tusac._engine import (
    Discard,
    Draw,
    Pass,
    Take,
    TuSacAction,
    TuSacState,
    action_error,
    apply_action,
    decision_parts,
    decline_claim,
    legal_actions,
    start_game,
)
from vncards.tusac._info import INFO
from vncards.tusac._playout import play_out
from vncards.tusac._rules import TuSacRules
from vncards.tusac._view import TuSacView, determinize, make_view

__all__ = ["TuSacGame"]


class TuSacGame:
    """Tứ Sắc's game: discard, take, draw or pass, with winning claims first.

    >>> game = TuSacGame()
    >>> st = game.deal(TuSacRules(), 4, 7, None)
    >>> d = game.to_act(st)
    >>> d.seat, len(st.hands[0]) > 0, game.why_illegal(st, d.actions[0]) is None
    (0, True, True)
    """

    info: GameInfo = INFO

    def players(self, rules: TuSacRules) -> tuple[int, int]:
        """Two to four players."""
        return (2, 4)

    def deal(self, rules: TuSacRules, n_players: int, seed: int, first: int | None) -> TuSacState:
        """Deal from ``seed``: 21 cards to the dealer (seat 0, or ``first`` — a match's
        previous winner deals), 20 to the others, the rest is the stock (core has
        checked the player count)."""
        dealer = 0 if first is None else first
        sizes = [DEALER_HAND_SIZE if s == dealer else HAND_SIZE for s in range(n_players)]
        hands, stock = deal(seed, DECK_SIZE, sizes)
        return start_game(
            rules, [[c // COPIES for c in h] for h in hands], [c // COPIES for c in stock], dealer
        )

    def to_act(self, state: TuSacState) -> Decision[TuSacAction] | None:
        """Winning claims first (optional, in claim order), then a forced take, then the
        player in turn."""
        parts = decision_parts(state)
        if parts is None:
            return None
        seat, actions, optional = parts
        return Decision(seat, list(actions), optional)

    def legal_actions(self, state: TuSacState) -> list[TuSacAction]:
        """Every action accepted now, by any seat (while someone must take, only that take
        and winning takes)."""
        return legal_actions(state)

    def why_illegal(self, state: TuSacState, action: TuSacAction) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

        >>> st = TuSacGame().deal(TuSacRules(), 2, 1, None)
        >>> TuSacGame().why_illegal(st, Draw(0)).code, TuSacGame().why_illegal(st, Discard(0, 2))
        ('must-discard', None)
        """
        if not isinstance(action, Take | Discard | Draw | Pass):
            return IllegalMove("unknown-action", f"Tứ Sắc has no {type(action).__name__} action.")
        return action_error(state, action)

    def apply(self, state: TuSacState, action: TuSacAction) -> list[Event]:
        """Carry out ``action`` and return its events, or raise
        :class:`~vncards.core.IllegalMove` and change nothing.

        >>> st = TuSacGame().deal(TuSacRules(), 2, 1, None)
        >>> [e.to_json(["An", "Bình"]) for e in TuSacGame().apply(st, Discard(0, 2))]
        [{'type': 'discard', 'player': 'An', 'card': 'RE'}]
        """
        return apply_action(state, action)

    def decline(self, state: TuSacState, seat: int) -> None:
        """``seat`` lets its winning claim on the active card go."""
        decline_claim(state, seat)

    def view(self, state: TuSacState, seat: int) -> TuSacView:
        """What ``seat`` may know: its private hand, every exposed group, the discards,
        the active and dead cards, the stock's size, everyone's card and Khạp counts,
        its legal actions when the choice is its own, and the events so far."""
        return make_view(state, seat)

    def determinize(self, view: View, rng: random.Random) -> TuSacState:
        """A full state consistent with a :class:`TuSacView` (see
        :func:`~vncards.tusac.determinize`)."""
        if not isinstance(view, TuSacView):
            raise TypeError(f"a Tứ Sắc view is needed, not {type(view).__name__}")
        return determinize(view, rng)

    def result(self, state: TuSacState) -> GameResult:
        """Outcome, net lá per seat and the itemised transfers; a draw or an unfinished
        game pays nothing."""
        return GameResult(
            finished=state.finished,
            outcome=state.outcome,
            winner=state.winner,
            instant_win=state.instant_win,
            payments=tuple(net_of(state.transfers, state.n_players)),
            violations=state.violations,
            transfers=state.transfers,
        )

    def playout(
        self,
        state: TuSacState,
        bots: Sequence[Bot],
        record: Callable[[TuSacAction], None],
        max_steps: int,
    ) -> bool:
        """The :class:`~vncards.core.FastPlayout` seam: :func:`~vncards.core.play_game`'s
        loop run on the engine's own decisions (the same choices; see
        :func:`vncards.tusac._playout.play_out`).

        >>> from vncards.core import RandomBot
        >>> st = TuSacGame().deal(TuSacRules(), 3, 5, None)
        >>> made = []
        >>> TuSacGame().playout(st, [RandomBot(s) for s in range(3)], made.append, 10_000)
        True
        >>> st.finished, len(made) == st.n_actions
        (True, True)
        """
        return play_out(state, bots, record, max_steps, make_view)
