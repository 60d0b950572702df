"""The rules of Phỏm as core's :class:`~vncards.core.Game`: the deal, whose turn it is,
the legal actions, why one is refused, what it does, the views and the result. Each
method is a line or two over the engine, the move generator and the views."""

from __future__ import annotations

import random
from collections.abc import Sequence

from vncards.core import (
    Decision,
    Event,
    GameInfo,
    GameResult,
    IllegalMove,
    View,
    deal,
    derive_seed,
    net_of,
)
from vncards.phom._actions import PhomAction
from vncards.phom._cards import from_core, mask_of
from vncards.phom._engine import apply_action, start_game, why_illegal
from vncards.phom._info import INFO
from vncards.phom._moves import legal_actions
from vncards.phom._rules import PhomRules
from vncards.phom._state import PhomState, aggregate
from vncards.phom._view import PhomView, determinize, make_view

__all__ = ["FIRST_HAND", "HAND", "PhomGame"]

FIRST_HAND = 10
"""Cards dealt to the first player."""
HAND = 9
"""Cards dealt to each other player."""


class PhomGame:
    """Phỏm (Tá lả): core's ten-method game.

    >>> game = PhomGame()
    >>> st = game.deal(PhomRules(), 4, 7, None)
    >>> d = game.to_act(st)
    >>> d.seat == st.first, game.why_illegal(st, d.actions[0]) is None
    (True, True)
    """

    info: GameInfo = INFO

    def players(self, rules: PhomRules) -> tuple[int, int]:
        """``min_players`` to ``max_players`` (2 to 4)."""
        return (rules.min_players, rules.max_players)

    def deal(self, rules: PhomRules, n_players: int, seed: int, first: int | None) -> PhomState:
        """Deal from ``seed``: 10 cards to the first player (``first``, a match's previous
        winner, else a seat drawn from the seed), 9 to the others; the rest is the stock."""
        # the shuffle first: it checks the seed
        _, order = deal(seed, 52, [])
        if first is None:
            first = derive_seed(seed, n_players) % n_players
        masks = []
        at = 0
        for s in range(n_players):
            size = FIRST_HAND if s == first else HAND
            masks.append(mask_of(from_core(c) for c in order[at : at + size]))
            at += size
        stock = order[at:]
        return start_game(rules, masks, [from_core(c) for c in stock], first)

    def to_act(self, state: PhomState) -> Decision[PhomAction] | None:
        """The player in turn, with its legal actions; ``None`` once over."""
        if state.finished:
            return None
        return Decision(state.turn, legal_actions(state))

    def legal_actions(self, state: PhomState) -> Sequence[PhomAction]:
        """Every action accepted now (by the player in turn)."""
        return legal_actions(state)

    def why_illegal(self, state: PhomState, action: PhomAction) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal."""
        return why_illegal(state, action)

    def apply(self, state: PhomState, action: PhomAction) -> list[Event]:
        """Carry out ``action`` and return its events (the engine checks it first)."""
        return apply_action(state, action)

    def decline(self, state: PhomState, seat: int) -> None:
        """Phỏm offers no optional choice: declining is refused."""
        raise IllegalMove("must-act", "Phỏm has no choice a player may decline.")

    def view(self, state: PhomState, seat: int) -> PhomView:
        """What ``seat`` may know (see :mod:`vncards.phom._view`)."""
        return make_view(state, seat)

    def determinize(self, view: View, rng: random.Random) -> PhomState:
        """A full state consistent with a :class:`~vncards.phom.PhomView`."""
        if not isinstance(view, PhomView):
            raise TypeError(f"a Phỏm view is needed, not {type(view).__name__}")
        return determinize(view, rng)

    def result(self, state: PhomState) -> GameResult:
        """Outcome and the itemised transfers (only ăn gà while unfinished)."""
        transfers = aggregate(state.ledger)
        return GameResult(
            finished=state.finished,
            outcome=state.outcome,
            winner=state.winner,
            instant_win=state.instant_win,
            payments=tuple(net_of(transfers, state.n_players)),
            transfers=transfers,
        )
