"""Settlement: the winner's lệnh, what each loser pays, the losers' own Quàn, Khui and
Khạp, and đền. Everything is counted in lá through core's zero-sum ledger."""

from __future__ import annotations

from vncards.core import Ledger
from vncards.tusac._engine import TuSacState
from vncards.tusac._solver import best_lenh, hand_count

__all__ = ["base_payment", "bonus_of", "settle", "winner_lenh"]


def winner_lenh(state: TuSacState, seat: int) -> int:
    """Lệnh of ``seat``'s exposed groups plus its private hand's best grouping."""
    return sum(g.lenh for g in state.exposed[seat]) + best_lenh(state.hands[seat])


def base_payment(lenh: int, doubled: bool) -> int:
    """What each loser pays the winner: ``(3 + L) + 10``, or ``(3 + L) × 2 + 10`` when the
    winner has a Quàn or a Khui.

    >>> base_payment(5, False), base_payment(5, True)
    (18, 26)
    """
    return (3 + lenh) * 2 + 10 if doubled else (3 + lenh) + 10


def bonus_of(state: TuSacState, seat: int) -> tuple[int, int]:
    """A loser's own lệnh that others pay for: ``(Quàn and Khui, Khạp)`` — Quàn 8,
    Khui 6, Khạp 3 each."""
    named = sum(
        8 if g.name == "quan" else 6 if g.name == "khui" else 0 for g in state.exposed[seat]
    )
    khap = sum(3 for k in range(28) if hand_count(state.hands[seat], k) == 3)
    return named, khap


def settle(state: TuSacState) -> tuple[int, ...]:
    """Net lá per seat of a finished game (all zero for a draw or an unfinished game)."""
    n = state.n_players
    winner = state.winner
    if not state.finished or winner is None:
        return (0,) * n
    ledger = Ledger(n)
    doubled = any(g.name in ("quan", "khui") for g in state.exposed[winner])
    base = base_payment(winner_lenh(state, winner), doubled)
    losers = [s for s in range(n) if s != winner]
    if state.den_payer >= 0:
        ledger.pay(state.den_payer, winner, base * len(losers))
    else:
        for s in losers:
            ledger.pay(s, winner, base)
    for s in losers:
        named, khap = bonus_of(state, s)
        ledger.pay(winner, s, named)
        for other in losers:
            ledger.pay(other, s, named + khap)
    return tuple(ledger.net)
