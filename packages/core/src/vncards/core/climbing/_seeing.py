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

from vncards.core._cardset import FULL_DECK_MASK, mask_ids
from vncards.core._climb_words import table_lines
from vncards.core._events import View
from vncards.core._game import Words
from vncards.core.climbing._actions import _PASSES, _PLAYS, SheddingAction, _pass, _play
from vncards.core.climbing._engine import ClimbState
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._turns import ClimbingTurns
from vncards.core.climbing._view import (
    ShedView,
    _cards,
    _hand_strings,
    _new_view,
    _Public,
    _set_dict,
)

__all__ = ["ClimbingViews"]


class ClimbingViews(ClimbingTurns[RulesT]):
    """Views and determinization of a climbing game (part of
    :class:`~vncards.core.SheddingGame`)."""

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
            d = self.decision(state)
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
                legal = tuple(offered)
            else:
                optional = False
        else:
            to_act = state.turn
            if to_act == seat:
                # the seat's plays and pass, as _turn_parts offers them
                eng = state.engine
                assert eng is not None, "a state of this game carries its engine"
                plays_made = _PLAYS
                legal = tuple(
                    [plays_made.get((seat, m)) or _play(seat, m) for m in eng.plays(state)]
                )
                if eng.can_pass(state):
                    legal += (_PASSES.get(seat) or _pass(seat),)
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
        hands = state.hands
        hand = hands[seat]
        known, out_of_play = self.known_cards(state)
        view = _new_view(ShedView)
        _set_dict(
            view,
            {
                "game": self.name,
                "seat": seat,
                "to_act": to_act,
                "hand": _hand_strings(hand),
                "legal": legal,
                "counts": tuple([h.bit_count() for h in hands]),
                "public": None,
                "history": tuple(state.events),
                "hand_mask": hand,
                "table": state.table,
                "table_seat": state.table_seat,
                "passed": state.passed,
                "out": state.out,
                "pile": state.pile,
                "played_by": tuple([d & ~h for d, h in zip(state.dealt, hands, strict=True)]),
                "chain_value": state.chain_value,
                "chain_victim": state.chain_victim,
                "chain_chopper": state.chain_chopper,
                "chop_net": tuple(state.chop_net),
                "chop_transfers": tuple(state.chop_transfers),
                "first": state.first,
                "finished": state.finished,
                "winner": state.winner,
                "n_actions": state.n_actions,
                "optional": optional,
                "rules": state.rules,
                "declarations": self.declarations(state),
                "known": known,
                "out_of_play": out_of_play,
                "extras": self.public_extras(state),
            },
        )
        view.__dict__["public"] = _Public(view)
        return view

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
        seat = view.seat
        counts = view.counts
        n = len(counts)
        known = view.known or (0,) * n
        fixed = view.hand_mask | view.pile | view.out_of_play
        for m in known:
            fixed |= m
        pool = mask_ids(FULL_DECK_MASK & ~fixed)
        rand = rng.random
        hands: list[int] = []
        top = len(pool)
        for s in range(n):
            if s == seat:
                hands.append(view.hand_mask)
                continue
            mask = known[s]
            for _ in range(counts[s] - mask.bit_count()):
                # a partial Fisher–Yates: the pick moves to the end of the pool
                j = int(rand() * top)
                top -= 1
                card = pool[j]
                pool[j] = pool[top]
                pool[top] = card
                mask |= 1 << card
            hands.append(mask)
        # the class's own __new__: a compiled ClimbState refuses object's
        state_type = self.state_type
        state = state_type.__new__(state_type)
        state.hands = hands
        state.dealt = tuple([h | p for h, p in zip(hands, view.played_by, strict=True)])
        state.turn = view.to_act if view.to_act is not None else view.table_seat
        state.table = view.table
        state.table_seat = view.table_seat
        state.passed = view.passed
        state.chain_value = view.chain_value
        state.chain_victim = view.chain_victim
        state.chain_chopper = view.chain_chopper
        state.chop_net = list(view.chop_net)
        state.chop_transfers = list(view.chop_transfers)
        state.events = list(view.history)
        state.played = sum(1 << s for s, p in enumerate(view.played_by) if p)
        state.out = view.out
        state.pile = view.pile
        state.winner = view.winner
        state.finished = view.finished
        state.n_actions = view.n_actions
        state.engine = self.engine(view.rules)
        state.rules = view.rules
        state.first = view.first
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
