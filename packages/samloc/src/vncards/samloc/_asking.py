"""Sâm's hooks before the first play, compiled: who is asked to declare Sâm next, the
question itself, a decline, and the tới trắng hands ranked. ``side_step`` and
``decline_seat`` are :class:`~vncards.samloc.SamLoc`'s ``side_decision`` and
``decline`` (so the compiled playout loop calls them with no method between);
``instant_wins`` calls the ranking.

>>> from vncards.samloc import plugin
>>> st = plugin.new_game(plugin.presets["standard"], 4, seed=7)
>>> plugin.side_decision(st)       # seat 2 would lead: asked first
(2, [Declare(seat=2, what='sam')], True)
>>> plugin.decline(st, 2)
>>> next_to_ask(st), side_step(st)[0]
(3, 3)
>>> decline_seat(st, 2)
Traceback (most recent call last):
...
vncards.core._errors.IllegalMove: There is no optional choice to decline.
"""

from __future__ import annotations

from collections.abc import Sequence

from vncards.core import Declare, IllegalMove, SheddingAction
from vncards.core.climbing._engine import ClimbState
from vncards.samloc._engine import SamState
from vncards.samloc._hands import PRIORITY, instant_win_code
from vncards.samloc._rules import SamRules

# the declaration offered to each seat: immutable, so one value serves every game
DECLARE = tuple(Declare(seat) for seat in range(8))


def next_to_ask(state: ClimbState) -> int:
    """The seat asked next whether it declares Sâm, or -1 when no one is (asked up to
    twice per seat before every game: the question, then the decline's check)."""
    st: SamState = state  # type: ignore[assignment]
    n = len(st.hands)
    first = st.first
    declarer = st.declarer
    if declarer == -1:
        # no declaration yet: the seats asked are the first ones in turn order, each of
        # which declined (decline accepts only the seat asked)
        k = len(st.declined)
        return -1 if k >= n else (first + k) % n
    declared = st.declared
    declined = st.declined
    for k in range(n):
        s = first + k
        if s >= n:
            s -= n
        if s == declarer:
            return -1
        if s not in declared and s not in declined:
            return s
    return -1


def side_step(state: ClimbState) -> tuple[int, list[SheddingAction], bool] | None:
    """Before the first play, the seat asked, its declaration, optional; else ``None``."""
    if not state.pile:
        seat = next_to_ask(state)
        if seat >= 0:
            offer: SheddingAction = DECLARE[seat] if seat < len(DECLARE) else Declare(seat)
            return seat, [offer], True
    return None


def decline_seat(state: ClimbState, seat: int) -> None:
    """``seat`` does not declare Sâm; the next seat is asked."""
    if state.finished or state.pile or next_to_ask(state) != seat:
        raise IllegalMove("nothing-to-decline", "There is no optional choice to decline.")
    st: SamState = state  # type: ignore[assignment]
    st.declined = (*st.declined, seat)


def ranked_instant_wins(rules: SamRules, hands: Sequence[int], first: int) -> list[tuple[int, str]]:
    """Seats holding a tới trắng hand, best first (ties: turn order from ``first``)."""
    n = len(hands)
    found: list[tuple[int, int, int, str]] = []
    for seat in range(n):
        code = instant_win_code(hands[seat], rules)
        if code is not None:
            found.append((PRIORITY[code], (seat - first) % n, seat, code))
    if not found:
        return []
    found.sort()
    return [(seat, code) for _, _, seat, code in found]


def lowest_holder(hands: Sequence[int]) -> int:
    """The seat holding the lowest card dealt."""
    dealt = 0
    for h in hands:
        dealt |= h
    lowest = dealt & -dealt
    for i in range(len(hands)):
        if hands[i] & lowest:
            return i
    raise ValueError("no card dealt")
