"""The Tứ Sắc game state: hands, exposed groups, the stock, the phase and the active
card, with a cheap copy and what every player sees."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from vncards.core import Event, Transfer, Violation
from vncards.tusac._actions import TuSacAction
from vncards.tusac._deck import KINDS
from vncards.tusac._groups import Group
from vncards.tusac._rules import TuSacRules
from vncards.tusac._solver import Hand

__all__ = ["ACTIVE", "DISCARD", "INSTANT_WIN", "TuSacState"]

DISCARD: Final = 0
"""Phase: the player in turn must discard a rác."""
ACTIVE: Final = 1
"""Phase: an active card lies on the table."""

INSTANT_WIN: Final = "dealer-complete"
"""Instant-win code: the dealer's 21 dealt cards hold no rác (cái tròn bài)."""


@dataclass(slots=True)
class TuSacState:
    """A Tứ Sắc game in progress. Mutable; :meth:`copy` is cheap."""

    rules: TuSacRules
    dealer: int
    dealt: tuple[tuple[int, ...], ...]
    """Each seat's dealt cards (kinds, sorted)."""
    stock: tuple[int, ...]
    """The stock (nọc) as dealt, in draw order; ``pos`` cards of it are drawn."""
    hands: list[Hand]
    """Private hands (Quàn already exposed)."""
    exposed: list[tuple[Group, ...]]
    """Each seat's exposed groups: Quàn, and every group made by taking."""
    dead: tuple[int, ...] = (0,) * KINDS
    """Counts of cards discarded or drawn that nobody took and are out of play."""
    pos: int = 0
    phase: int = DISCARD
    turn: int = 0
    active: int = -1
    source: int = -1
    """Who discarded, drew or passed the active card."""
    drawn: bool = False
    """The active card was drawn by ``source`` and not passed on yet."""
    after_take: bool = False
    """The discard owed follows a take (so đền applies to it)."""
    den_seat: int = -1
    """Seat whose đền discard is the active card, else -1."""
    declined: int = 0
    """Bitmask of seats that declined a winning claim on the active card."""
    finished: bool = False
    winner: int | None = None
    outcome: str | None = None
    instant_win: str | None = None
    den_payer: int = -1
    """Seat that pays for every loser (đền), else -1."""
    violations: tuple[Violation, ...] = ()
    n_actions: int = 0
    counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Draws, takes, discards and passes so far."""
    transfers: tuple[Transfer, ...] = ()
    """The payments of a finished game, itemised (empty until then and for a draw)."""
    events: list[Event] = field(default_factory=list)
    """Everything that happened, in order: the deal's Quàn, then each action's events."""
    _must: tuple[int, tuple[int, ...]] | None = field(default=None, compare=False, repr=False)
    """The :func:`obligation` worked out for the position (valid while ``_must_known``)."""
    _must_known: bool = field(default=False, compare=False, repr=False)
    _parts: tuple[int, tuple[TuSacAction, ...], bool] | None = field(
        default=None, compare=False, repr=False
    )
    """The :func:`decision_parts` worked out for the position (valid while
    ``_parts_known``); applying an action or declining a claim forgets both."""
    _parts_known: bool = field(default=False, compare=False, repr=False)

    @property
    def n_players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def stock_left(self) -> int:
        """Cards still in the stock."""
        return len(self.stock) - self.pos

    def copy(self) -> TuSacState:
        """An independent copy (the lists of hands and groups are new; their items, and
        every other field, are immutable values shared with the original).

        >>> from vncards.tusac import plugin
        >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=3)
        >>> cp = st.copy()
        >>> cp == st, cp.hands is st.hands
        (True, False)
        """
        # field by field: dataclasses.replace runs __init__ with keywords, twice as slow
        new = TuSacState.__new__(TuSacState)
        new.rules = self.rules
        new.dealer = self.dealer
        new.dealt = self.dealt
        new.stock = self.stock
        new.hands = list(self.hands)
        new.exposed = list(self.exposed)
        new.dead = self.dead
        new.pos = self.pos
        new.phase = self.phase
        new.turn = self.turn
        new.active = self.active
        new.source = self.source
        new.drawn = self.drawn
        new.after_take = self.after_take
        new.den_seat = self.den_seat
        new.declined = self.declined
        new.finished = self.finished
        new.winner = self.winner
        new.outcome = self.outcome
        new.instant_win = self.instant_win
        new.den_payer = self.den_payer
        new.violations = self.violations
        new.n_actions = self.n_actions
        new.counts = self.counts
        new.transfers = self.transfers
        new.events = list(self.events)
        new._must = None
        new._must_known = False
        new._parts = None
        new._parts_known = False
        return new

    def khap_counts(self) -> tuple[int, ...]:
        """How many Khạp each seat holds: the number every player announces (the kinds
        stay hidden)."""
        return tuple(
            _threes(h[0]) + _threes(h[1]) + _threes(h[2]) + _threes(h[3]) for h in self.hands
        )

    def seen(self) -> list[int]:
        """Counts of the cards every player can see: exposed groups, dead cards and the
        active card."""
        seen = list(self.dead)
        for groups in self.exposed:
            for g in groups:
                for k in g.cards:
                    seen[k] += 1
        if self.active >= 0:
            seen[self.active] += 1
        return seen


_THREES: Final[dict[int, int]] = {}


def _threes(colour: int) -> int:
    """How many of one colour's seven base-5 piece counts are 3 (remembered)."""
    n = _THREES.get(colour)
    if n is None:
        n = _THREES[colour] = sum(1 for p in range(7) if colour // 5**p % 5 == 3)
    return n
