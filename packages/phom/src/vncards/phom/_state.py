"""The state of a Phỏm game: hands, the discards and who took them, the phỏm on the
table, whose turn it is and how far into it, and the payments so far.

The turn order is a count: every seat discards until four of its discards lie on the
table (a taken discard does not count), turns going round in seat order and skipping a
seat that has its four. A player whose discard was taken so plays one turn more (tái).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vncards.core import Event, Transfer
from vncards.phom._rules import PhomRules

__all__ = ["ACT", "DRAW", "OPEN", "PhomState", "aggregate"]

OPEN = 0
"""The first player's opening: it discards without drawing."""
DRAW = 1
"""A turn's start: the player draws or takes."""
ACT = 2
"""After the draw or take: meld (on the last turn), lay off, discard."""

DISCARDS = 4
"""Discards each seat leaves on the table."""


@dataclass
class PhomState:
    """A Phỏm game in progress (mutable; :meth:`copy` gives an independent copy).

    Cards are Phỏm card numbers and hands masks (see :mod:`vncards.phom._cards`).
    ``pile`` lists every discard as ``(seat, card, taker)``, ``taker`` -1 while the card
    lies on the table; ``last`` indexes the discard the player in turn may take (-1 for
    none). ``taken`` holds, per seat, the taken cards still in its hand; ``took[a][b]``
    how many cards seat ``a`` took from seat ``b``. ``melds`` holds each seat's phỏm on
    the table (laid-off cards included); ``meld_order`` the seats in the order they
    melded (a móm player too). ``ledger`` is every payment as it fell due.
    """

    rules: PhomRules
    n_players: int
    first: int
    dealt: tuple[int, ...]
    stock: tuple[int, ...]
    hands: list[int]
    pos: int = 0
    taken: list[int] = field(default_factory=list)
    took: list[list[int]] = field(default_factory=list)
    table: list[int] = field(default_factory=list)
    pile: list[tuple[int, int, int]] = field(default_factory=list)
    melds: list[list[int]] = field(default_factory=list)
    meld_order: list[int] = field(default_factory=list)
    turn: int = 0
    phase: int = OPEN
    last: int = -1
    finished: bool = False
    outcome: str | None = None
    winner: int | None = None
    instant_win: str | None = None
    points: tuple[int, ...] | None = None
    ledger: list[Transfer] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.n_players
        self.taken = self.taken or [0] * n
        self.took = self.took or [[0] * n for _ in range(n)]
        self.table = self.table or [0] * n
        self.melds = self.melds or [[] for _ in range(n)]

    def copy(self) -> PhomState:
        """An independent copy.

        >>> from vncards.phom import plugin
        >>> st = plugin.new_game(PhomRules(), 2, seed=1)
        >>> st.copy() == st and st.copy() is not st
        True
        """
        return PhomState(
            self.rules,
            self.n_players,
            self.first,
            self.dealt,
            self.stock,
            list(self.hands),
            self.pos,
            list(self.taken),
            [list(row) for row in self.took],
            list(self.table),
            list(self.pile),
            [list(m) for m in self.melds],
            list(self.meld_order),
            self.turn,
            self.phase,
            self.last,
            self.finished,
            self.outcome,
            self.winner,
            self.instant_win,
            self.points,
            list(self.ledger),
            list(self.events),
        )

    def melded(self, seat: int) -> bool:
        """Whether ``seat`` has melded (hạ), móm included."""
        return seat in self.meld_order

    def is_mom(self, seat: int) -> bool:
        """Whether ``seat`` melded no phỏm (móm)."""
        return seat in self.meld_order and not self.melds[seat]

    def last_turn(self, seat: int) -> bool:
        """Whether this turn's discard will be ``seat``'s last one on the table."""
        return self.table[seat] == DISCARDS - 1

    def stock_left(self) -> int:
        """Cards left in the stock."""
        return len(self.stock) - self.pos

    def next_seat(self, seat: int) -> int | None:
        """Who plays after ``seat``: the next in seat order still short of its four
        discards (``seat`` itself included, last); ``None`` when every seat has four."""
        n = self.n_players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if self.table[other] < DISCARDS:
                return other
        return None


def aggregate(ledger: list[Transfer]) -> tuple[Transfer, ...]:
    """Payments of one reason between the same two seats added up, in the order each
    first fell due.

    >>> for t in aggregate([Transfer(1, 0, 1, "an-ga"), Transfer(2, 0, 4, "an-chot"),
    ...                     Transfer(1, 0, 1, "an-ga")]):
    ...     print(t.payer, t.payee, t.amount, t.reason)
    1 0 2 an-ga
    2 0 4 an-chot
    """
    sums: dict[tuple[int, int, str], int] = {}
    for t in ledger:
        key = (t.payer, t.payee, t.reason)
        sums[key] = sums.get(key, 0) + t.amount
    return tuple(Transfer(p, q, a, r) for (p, q, r), a in sums.items() if a > 0)
