"""The words a game gives a play screen, in English or in Vietnamese.

A screen (``vncards play``, a web table, a referee's report) knows no game: what it
writes about the table, the events, the moves, the end of a round, the payments, the
refusals and the help comes from the game through :class:`SpeaksAtTable`. A game
without it still plays; the screen then writes public values, events and moves from
their JSON form, and reason codes as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from vncards.core._events import Event, View
from vncards.core._game import GameResult, Words

__all__ = ["SpeaksAtTable", "TableTalk"]


class TableTalk(Protocol):
    """A game's words for one language. ``players`` are the names of the seats in turn
    order; ``you`` is the seat the screen addresses (``None`` for a spectator)."""

    def table(self, view: View, players: Sequence[str]) -> list[Words]:
        """Lines about the table as ``view.seat`` sees it (beyond its own hand)."""
        ...

    def event(self, event: Event, players: Sequence[str], you: int | None) -> Words | None:
        """A whole line for ``event``, or ``None`` for an event the screen shows
        otherwise (the final payments) or leaves to its own words."""
        ...

    def between(self, before: View, after: View, players: Sequence[str]) -> list[Words]:
        """Lines about what changed from ``before`` to ``after`` (two views of one seat)
        that no single event says: the end of a round and who leads the next."""
        ...

    def action(self, data: Mapping[str, Any], you: bool = False) -> Words:
        """A record action of the game (without ``player``) as a phrase without its
        subject: ``plays 3♠ 4♠`` (``play 3♠ 4♠`` with ``you``, for a seat addressed as
        "You"). A move list, a hint and a referee's report say moves with it."""
        ...

    def reason(self, code: str) -> str:
        """A transfer reason (a code of the game's vocabulary) in words."""
        ...

    def warning(self, message: str) -> str:
        """The penalty a legal move incurs, as the game's ``action_warning`` found it
        (``message``, :class:`~vncards.core.WarnsOfPenalties`), in this language."""
        ...

    def refusal(self, code: str, message: str) -> str:
        """Why an action is refused, said to its player: the words for the refusal's
        ``code``, else the engine's own ``message``."""
        ...

    def outcome(self, result: GameResult, players: Sequence[str], you: int | None) -> str:
        """One sentence: how the game ended and who won."""
        ...

    def help(self) -> Sequence[str]:
        """The game's own help for the play prompt's ``?``: how its moves are typed
        and what its choices (a declaration, a claim) pay and cost, a line each."""
        ...


@runtime_checkable
class SpeaksAtTable(Protocol):
    """A game that writes its play screen's words itself (:class:`TableTalk`).

    >>> class Game:
    ...     def table_talk(self, vietnamese=False, rules=None): ...
    >>> isinstance(Game(), SpeaksAtTable), isinstance(object(), SpeaksAtTable)
    (True, False)
    """

    def table_talk(self, vietnamese: bool = False, rules: Any = None) -> TableTalk:
        """The words in Vietnamese with ``vietnamese``, else in English; amounts in the
        help are those of ``rules`` (``None``: the default preset's)."""
        ...
