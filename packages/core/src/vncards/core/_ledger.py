"""Settlement: zero-sum payments counted in lá (cards), multiplied by the bet at the end."""

from __future__ import annotations

from collections.abc import Sequence

from vncards.core._events import Transfer

__all__ = ["Ledger"]


class Ledger:
    """Net lá per seat; every payment moves lá from one seat to another, so the sum is 0.

    Each payment is also kept, itemised with its reason, in ``transfers``.

    >>> led = Ledger(3)
    >>> led.pay(1, 0, 15, "cards-left")
    >>> led.net, led.total(bet=2)
    ([15, -15, 0], [30, -30, 0])
    >>> led.transfers
    [Transfer(payer=1, payee=0, amount=15, reason='cards-left')]
    """

    __slots__ = ("net", "transfers")

    def __init__(self, n_players: int, net: list[int] | None = None) -> None:
        self.net = list(net) if net is not None else [0] * n_players
        self.transfers: list[Transfer] = []

    def pay(self, payer: int, payee: int, amount: int, reason: str = "") -> None:
        """``payer`` pays ``payee`` ``amount`` lá for ``reason`` (negative amounts are
        refused; a zero amount or a payment to oneself is not kept)."""
        if amount < 0:
            raise ValueError("a payment is never negative")
        if payer == payee or amount == 0:
            return
        self.net[payer] -= amount
        self.net[payee] += amount
        self.transfers.append(Transfer(payer, payee, amount, reason))

    def extend(self, transfers: Sequence[Transfer]) -> None:
        """Make payments already itemised (e.g. settled chop chains)."""
        for t in transfers:
            self.pay(t.payer, t.payee, t.amount, t.reason)

    def add(self, other: list[int]) -> None:
        """Add per-seat nets that already sum to zero (e.g. settled chop chains)."""
        if sum(other) != 0:
            raise ValueError("nets to add must sum to zero")
        for i, v in enumerate(other):
            self.net[i] += v

    def total(self, bet: int = 1) -> list[int]:
        """Net per seat times the bet."""
        return [v * bet for v in self.net]
