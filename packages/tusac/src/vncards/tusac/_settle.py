"""Settlement: the winner's lệnh, what each loser pays, the losers' own Quàn, Khui and
Khạp, and đền. Everything is counted in lá through core's zero-sum ledger, each payment
itemised with its reason (codes on the rules page):

- ``win`` — a loser pays the winner ``(3 + L) + 10`` (doubled before the 10 with a Quàn
  or Khui);
- ``den`` — the đền discarder pays the winner what another loser would have paid;
- ``quan``, ``khui``, ``khap`` — a loser is paid for its own Quàn (8), Khui (6) and
  Khạp (3): by the winner for Quàn and Khui, by every other loser for all three.
"""

from __future__ import annotations

from typing import Final

from vncards.core import Ledger, Transfer
from vncards.tusac._solver import best_lenh, hand_count
from vncards.tusac._state import TuSacState

__all__ = ["REASONS", "base_payment", "bonus_of", "settle", "settle_transfers", "winner_lenh"]

REASONS: Final = ("win", "den", "quan", "khui", "khap")
"""Every reason a Tứ Sắc payment is made for."""


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


def settle_transfers(state: TuSacState) -> tuple[Transfer, ...]:
    """Every payment of a finished game, itemised (none for a draw or an unfinished game).

    >>> from vncards.tusac import plugin, TuSacRules
    >>> st = plugin.new_game(TuSacRules(), 2, seed=1)
    >>> settle_transfers(st)
    ()
    """
    n = state.n_players
    winner = state.winner
    if not state.finished or winner is None:
        return ()
    ledger = Ledger(n)
    doubled = any(g.name in ("quan", "khui") for g in state.exposed[winner])
    base = base_payment(winner_lenh(state, winner), doubled)
    losers = [s for s in range(n) if s != winner]
    den = state.den_payer
    for s in losers:
        if den < 0:
            ledger.pay(s, winner, base, "win")
        else:
            ledger.pay(den, winner, base, "win" if s == den else "den")
    for s in losers:
        quan = 8 * sum(1 for g in state.exposed[s] if g.name == "quan")
        khui = 6 * sum(1 for g in state.exposed[s] if g.name == "khui")
        khap = 3 * sum(1 for k in range(28) if hand_count(state.hands[s], k) == 3)
        ledger.pay(winner, s, quan, "quan")
        ledger.pay(winner, s, khui, "khui")
        for other in losers:
            ledger.pay(other, s, quan, "quan")
            ledger.pay(other, s, khui, "khui")
            ledger.pay(other, s, khap, "khap")
    return tuple(ledger.transfers)


def settle(state: TuSacState) -> tuple[int, ...]:
    """Net lá per seat of a finished game (all zero for a draw or an unfinished game):
    the net of :func:`settle_transfers`."""
    net = [0] * state.n_players
    for t in settle_transfers(state):
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return tuple(net)
