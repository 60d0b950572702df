"""What a climbing game supplies: the class attributes and hook methods of
:class:`~vncards.core.SheddingGame`, gathered in one base so that the rooms built on it
(turns, views, records, queries) share them.

A game implements :meth:`ClimbingHooks.engine`, ``player_range``, ``hand_size``,
``choose_first``, ``result`` and ``summary``; the rest have plain defaults:

>>> ClimbingHooks().instant_wins(None, [0, 0])
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from vncards.core._errors import IllegalMove
from vncards.core._events import Event
from vncards.core._game import BotFactory, GameResult, RulesBase, Words
from vncards.core.climbing._actions import SheddingAction
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._shapes import ComboRules

__all__ = ["ClimbingHooks", "RulesT"]

RulesT = TypeVar("RulesT", bound=RulesBase)


class ClimbingHooks(Generic[RulesT]):
    """The attributes and hooks of a climbing game (see
    :class:`~vncards.core.SheddingGame`, which a game subclasses)."""

    name: str
    title: str
    deck = "french"
    rules_model: type[RulesT]
    presets: Mapping[str, RulesT]
    default_preset: str
    bots: Mapping[str, BotFactory]

    state_type: ClassVar[type[ClimbState]] = ClimbState
    """The state class of the game: :class:`~vncards.core.ClimbState`, or a subclass
    with the game's own fields, made as ``state_type(hands, first, engine, rules)``."""

    # ------------------------------------------------------------ to implement

    def engine(self, rules: RulesT) -> ClimbEngine:
        """The engine for these rules (cache it: it is stateless)."""
        raise NotImplementedError

    def player_range(self, rules: RulesT) -> tuple[int, int]:
        """Fewest and most players."""
        raise NotImplementedError

    def hand_size(self, rules: RulesT) -> int:
        """Cards dealt to each player."""
        raise NotImplementedError

    def choose_first(self, rules: RulesT, hands: Sequence[int], seed: int | None) -> int | None:
        """Seat that acts first in a first game; ``None`` when that needs a seed and
        there is none (a record must then name ``first``)."""
        raise NotImplementedError

    def result(self, state: ClimbState) -> GameResult:
        """Outcome and payments."""
        raise NotImplementedError

    def summary(self, rules: RulesT) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        raise NotImplementedError

    # ------------------------------------------------------------ optional hooks

    def at_deal(self, state: ClimbState, rules: RulesT) -> None:
        """Called once on a fresh deal (check instant wins here)."""

    def extra_actions(self, state: ClimbState) -> list[SheddingAction]:
        """Actions beyond play/pass that are legal now (e.g. declarations)."""
        return []

    def apply_other(self, state: ClimbState, action: SheddingAction) -> list[Event] | None:
        """Carry out an action that is neither play nor pass; return its events, or
        ``None`` to have a :class:`Declare` announced as a ``declare`` event."""
        raise IllegalMove("unknown-action", f"{self.name} has no {type(action).__name__} action.")

    def decline(self, state: ClimbState, seat: int) -> None:
        """Decline an optional decision; plain climbing games have none."""
        raise IllegalMove("nothing-to-decline", "There is no optional choice to decline.")

    def instant_wins(self, rules: RulesT, hands: Sequence[int]) -> list[tuple[int, str]]:
        """Every seat whose dealt hand wins at once, with the hand's code, in the order
        the rules rank them (the first one counts). None by default."""
        return []

    # ------------------------------------------------------------ queries (CLI)

    def combo_rules(self, rules: RulesT) -> ComboRules:
        """The combination rules of these rules."""
        return self.engine(rules).combo_rules

    def query_plays(self, rules: RulesT, hand: int, masks: list[int]) -> list[int]:
        """The plays of ``masks`` (from ``hand``) that :meth:`moves_cards` lists: all by
        default. A game whose engine refuses a play for what it leaves in the hand (Sâm's
        thối 2: no going out on a 2) drops it here, so queries agree with the referee."""
        return masks

    def known_cards(self, state: ClimbState) -> tuple[tuple[int, ...], int]:
        """Cards the rules make public though still unplayed: a mask per seat of cards
        everyone knows that seat holds, and a mask of cards known not to be dealt.
        None by default (``((), 0)``); Tiến lên's 3♠ opening places the opening card."""
        return (), 0

    def declarations(self, state: ClimbState) -> tuple[Event, ...]:
        """The declarations made so far, as ``declare`` events (none by default; Sâm
        shows its báo Sâm here)."""
        return ()

    def public_extras(self, state: ClimbState) -> tuple[Any, ...]:
        """The game's own values a view carries, so that :meth:`determinize` can put
        them back with :meth:`restore_extras`: by default the values of the state's
        :attr:`~vncards.core.ClimbState.extra_fields`, all public. A game whose state
        keeps something a seat may not see overrides both."""
        return tuple([getattr(state, name) for name in state.extra_fields])

    def restore_extras(self, state: ClimbState, extras: tuple[Any, ...]) -> None:
        """Put back on a determinized state what :meth:`public_extras` gave."""
        for name, value in zip(state.extra_fields, extras, strict=True):
            setattr(state, name, value)

    # ------------------------------------------------------------ words for screens

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for this game's own events (none here: the core's events have the
        screen's own words)."""
        return None
