"""Settlement: zero-sum payments counted in lá (cards), multiplied by the bet at the end."""

from __future__ import annotations

__all__ = ["Ledger"]


class Ledger:
    """Net lá per seat; every payment moves lá from one seat to another, so the sum is 0.

    >>> led = Ledger(3)
    >>> led.pay(1, 0, 15)
    >>> led.net, led.total(bet=2)
    ([15, -15, 0], [30, -30, 0])
    """

    __slots__ = ("net",)

    def __init__(self, n_players: int, net: list[int] | None = None) -> None:
        self.net = list(net) if net is not None else [0] * n_players

    def pay(self, payer: int, payee: int, amount: int) -> None:
        """``payer`` pays ``payee`` ``amount`` lá (negative amounts are refused)."""
        if amount < 0:
            raise ValueError("a payment is never negative")
        if payer == payee:
            return
        self.net[payer] -= amount
        self.net[payee] += amount

    def add(self, other: list[int]) -> None:
        """Add per-seat nets that already sum to zero (e.g. settled chop chains)."""
        if sum(other) != 0:
            raise ValueError("nets to add must sum to zero")
        for i, v in enumerate(other):
            self.net[i] += v

    def total(self, bet: int = 1) -> list[int]:
        """Net per seat times the bet."""
        return [v * bet for v in self.net]
