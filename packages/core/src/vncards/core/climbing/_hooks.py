"""What a climbing game supplies: the hook methods of
:class:`~vncards.core.ClimbingGame`, gathered in one base so that the rooms built on it
(turns, views) and the parts made from the game (its record codec, its queries and
probes) share them.

A game implements :meth:`ClimbingHooks.engine`, ``player_range``, ``hand_size``,
``choose_first`` and ``result``; the rest have plain defaults:

>>> ClimbingHooks().instant_wins(None, [0, 0])
[]
>>> ClimbingHooks().record_first_game(None, names_first=True)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from vncards.core._errors import IllegalMove
from vncards.core._events import Event
from vncards.core._game import GameResult, RulesBase, Words
from vncards.core.climbing._actions import SheddingAction
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._shapes import ComboRules

__all__ = ["ClimbingHooks", "RulesT"]

RulesT = TypeVar("RulesT", bound=RulesBase)


class Named(Protocol):
    """What the hooks read of a game's :class:`~vncards.core.GameInfo`: its name."""

    @property
    def name(self) -> str:
        """The game's short name."""
        ...


class ClimbingHooks(Generic[RulesT]):
    """The hooks of a climbing game (see :class:`~vncards.core.ClimbingGame`, which a
    game subclasses)."""

    info: Named
    """The game's data, a :class:`~vncards.core.GameInfo` (name, rules model, presets,
    record vocabulary, ...)."""

    state_type: ClassVar[type[ClimbState]] = ClimbState
    """The state class of the game: :class:`~vncards.core.ClimbState`, or a subclass
    with the game's own fields, made as ``state_type(hands, first, engine, rules)``."""

    @property
    def name(self) -> str:
        """The game's short name (its :attr:`info`'s)."""
        return self.info.name

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

    def instant_wins(
        self, rules: RulesT, hands: Sequence[int], first: int = 0
    ) -> list[tuple[int, str]]:
        """Every seat whose dealt hand wins at once, with the hand's code, in the order
        the rules rank them (the first one counts; ``first``, the seat that would lead,
        breaks ties where turn order does). None by default."""
        return []

    # ------------------------------------------------------------ first games

    def opened(self, state: ClimbState, rules: RulesT) -> None:
        """Called on the start of a first game of a match (not on a later one), after
        :meth:`at_deal`: Tiến lên's 3♠ opening marks the opening card here. Nothing by
        default."""

    def later_game(self, state: ClimbState) -> None:
        """Called on the start of a later game of a match, before :meth:`at_deal`: the
        state learns it is one (Sâm checks instant wins in the first game only).
        Nothing by default."""

    def record_first_game(self, rules: RulesT, names_first: bool) -> bool:
        """Whether a record's deal is the first game of a match: by default when the
        record names no ``first`` seat (the rules then find the leader)."""
        return not names_first

    def leader_by_rules(self, state: ClimbState) -> bool:
        """Whether the rules find this game's first seat again from the deal (a first
        game led by the lowest card, say): its record then leaves ``first`` out, so a
        referee sees a first game. ``False`` by default."""
        return False

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
