"""Hidden information in a climbing game: the view of one seat, a full state dealt to
agree with a view (for search), and the words a screen shows of the table.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> plugin.view(state, state.turn).hand_mask == state.hands[state.turn]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from vncards.core._climb_words import table_lines
from vncards.core._events import View
from vncards.core._game import Words
from vncards.core.climbing._actions import SheddingAction
from vncards.core.climbing._engine import ClimbState
from vncards.core.climbing._fastview import determinized, offered_tuple, seat_view, turn_legal
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._tokens import _cards
from vncards.core.climbing._turns import ClimbingTurns
from vncards.core.climbing._view import ShedView

__all__ = ["ClimbingViews"]


class ClimbingViews(ClimbingTurns[RulesT]):
    """Views and determinization of a climbing game (part of
    :class:`~vncards.core.ClimbingGame`)."""

    def view(self, state: ClimbState, seat: int) -> ShedView:
        """What ``seat`` may know of ``state``: its own hand, everything played, the
        others' card counts, its legal actions when the choice is its own, the events.

        Events of a climbing game are all public; a game whose events hide something
        overrides this (and :meth:`determinize`).

        >>> from vncards.tienlen import plugin
        >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
        >>> other = (state.turn + 1) % 4
        >>> plugin.view(state, other).legal, plugin.view(state, other).to_act == state.turn
        ((), True)
        """
        legal: tuple[SheddingAction, ...] = ()
        optional = False
        if state.finished:
            to_act = None
        elif not self.plays_fast:
            # decisions made otherwise than this base makes them: ask for them
            d = self.to_act(state)
            to_act = None if d is None else d.seat
            if d is not None and d.seat == seat:
                legal, optional = tuple(d.actions), d.optional
        elif (
            self.has_side_decisions
            and not state.pile
            and ((side := self.side_decision(state)) is not None)
        ):
            to_act, offered, optional = side
            if to_act == seat:
                legal = offered_tuple(offered)
            else:
                optional = False
        else:
            to_act = state.turn
            if to_act == seat:
                # the seat's plays and pass, as _turn_parts offers them
                legal = turn_legal(state, seat)
        return self._view(state, seat, to_act, legal, optional)

    def _view(
        self,
        state: ClimbState,
        seat: int,
        to_act: int | None,
        legal: tuple[SheddingAction, ...],
        optional: bool,
    ) -> ShedView:
        """The view of ``seat``, whose choice (who acts, what ``seat`` may do) is known."""
        return seat_view(self, state, seat, to_act, legal, optional)

    def determinize(self, view: View, rng: random.Random) -> ClimbState:
        """A full state consistent with ``view``: its seat's hand and everything public
        as they are, the cards that seat cannot see dealt at random to the others, each
        seat getting as many as it holds (cards the rules place, ``known``, go where
        they are known to be; with fewer than four players the rest stay undealt).

        >>> import random
        >>> from vncards.tienlen import plugin
        >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
        >>> view = plugin.view(state, 0)
        >>> guess = plugin.determinize(view, random.Random(1))
        >>> guess.hands[0] == state.hands[0], plugin.view(guess, 0) == view
        (True, True)
        """
        if not isinstance(view, ShedView):
            raise TypeError(f"{self.name} determinizes its own views, not {type(view).__name__}")
        state = determinized(self.state_type, self.engine(view.rules), view, rng.random)
        self.restore_extras(state, view.extras)
        return state

    def table_words(self, view: View, players: Sequence[str]) -> list[Words]:
        """What the table shows (see :class:`~vncards.core.DescribesPlay`): the
        combination to beat and who played it, or who leads; the open chop chain; who
        has passed this round; the declarations.

        >>> from vncards.tienlen import plugin
        >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
        >>> plugin.table_words(plugin.view(state, state.turn), ["An", "Bình"])
        [('The table is empty: you lead.',)]
        """
        if not isinstance(view, ShedView):
            raise TypeError(f"{self.name} describes its own views, not {type(view).__name__}")
        return table_lines(view, players, _cards, vietnamese=False)
