"""Settlement: instant hands, pairwise chi comparison with bonuses, sập hầm, binh lủng
and sập làng, as itemised transfers in chi.

Transfers come in a fixed order: for each pair of seats (0-1, 0-2, …, in seat order)
the instant-hand payment, or the three chi (``chi``) or the fouled hand's loss
(``binh-lung``), then that pair's ``sap-ham`` extra; the ``sap-lang`` extras last.

A ``chi`` transfer names the chi it pays for (:class:`ChiTransfer`): in its JSON form
an additional ``"chi"`` key (``chi1``, ``chi2`` or ``chi3``, the record's names), so a
screen can say who won each chi from the ``settle`` event alone; a chi with no
transfer was a tie. The referee report's transfers keep the four keys of the contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from vncards.core import Transfer
from vncards.maubinh._events import ChiTransfer
from vncards.maubinh._rules import CHI_NAMES, HAND_CODES, INSTANT_CODES, MauBinhRules

__all__ = [
    "REASONS",
    "ChiTransfer",
    "Scoring",
    "is_fouled",
    "scoring",
    "settle",
    "settle_net",
    "winner_of",
]

REASONS = ("chi", "sap-ham", "binh-lung", "sap-lang", "instant-win")
"""Transfer reasons, as listed on the rules page."""

Keys = tuple[int, int, int]
_CAT: Final = 22  # a key's category is key >> 22 (see _hands)


def is_fouled(keys: Keys) -> bool:
    """Binh lủng: the arrangement breaks ``chi1 ≥ chi2 ≥ chi3``.

    >>> is_fouled((5, 3, 3)), is_fouled((3, 5, 1))
    (False, True)
    """
    return not keys[0] >= keys[1] >= keys[2]


@dataclass(frozen=True, slots=True)
class Scoring:
    """The settlement settings of one rules object, as plain tables.

    ``values[chi][category]`` is what winning that chi with that category is worth.
    """

    values: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    sap_ham: int
    sap_lang: int
    instant: dict[str, int]

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled, a frozen class is rebuilt from its fields (as the pure one pickles)
        return (Scoring, (self.values, self.sap_ham, self.sap_lang, self.instant))

    def pair(self, a: Keys, b: Keys) -> tuple[int, list[tuple[int, str]], bool]:
        """Settle seat A's arrangement against seat B's (neither an instant hand).

        Returns A's net, the itemised amounts (positive when B pays A) and whether one
        side took all three chi (sập hầm, a fouled hand alone included). The ``chi``
        amounts are those of the chi the two hands do not tie, in chi order.

        >>> scoring(MauBinhRules()).pair((30, 20, 10), (25, 15, 5))
        (6, [(1, 'chi'), (1, 'chi'), (1, 'chi'), (3, 'sap-ham')], True)
        """
        a1, a2, a3 = a
        b1, b2, b3 = b
        v1, v2, v3 = self.values
        fa = not a1 >= a2 >= a3
        fb = not b1 >= b2 >= b3
        if fa or fb:
            if fa and fb:
                return 0, [], False
            if fb:
                total = v1[a1 >> _CAT] + v2[a2 >> _CAT] + v3[a3 >> _CAT]
            else:
                total = -(v1[b1 >> _CAT] + v2[b2 >> _CAT] + v3[b3 >> _CAT])
            items = [(total, "binh-lung")]
            if self.sap_ham > 1:
                items.append((total * (self.sap_ham - 1), "sap-ham"))
            return total * self.sap_ham, items, True
        items = []
        net = wins = 0
        for ka, kb, v in ((a1, b1, v1), (a2, b2, v2), (a3, b3, v3)):
            if ka > kb:
                won = v[ka >> _CAT]
                wins += 1
            elif kb > ka:
                won = -v[kb >> _CAT]
                wins -= 1
            else:
                continue
            net += won
            items.append((won, "chi"))
        swept = wins in (3, -3)
        if swept and self.sap_ham > 1:
            extra = net * (self.sap_ham - 1)
            items.append((extra, "sap-ham"))
            net += extra
        return net, items, swept


_CACHE: Final[dict[int, tuple[MauBinhRules, Scoring]]] = {}
_TRANSFERS: Final[dict[int, Transfer]] = {}
_CHI: Final = 0  # reasons by their place in REASONS
_SAP_HAM: Final = 1
_BINH_LUNG: Final = 2


class _Ledger:
    """The transfers of one game as they are made, and each seat's net."""

    __slots__ = ("net", "out")

    def __init__(self, n: int) -> None:
        self.out: list[Transfer] = []
        self.net = [0] * n

    def add(self, t: Transfer) -> None:
        """Book a transfer."""
        self.out.append(t)
        self.net[t.payer] -= t.amount
        self.net[t.payee] += t.amount

    def give(self, i: int, j: int, amount: int, reason: int, chi: int) -> None:
        """Book what ``j`` pays ``i`` (``i`` pays ``j`` when ``amount`` is not positive)
        for ``REASONS[reason]``, chi ``chi`` (or -1): a transfer value shared between
        games (they are immutable; making one is the costly part of settling a bot
        game). Seats are below 256."""
        if amount > 0:
            payer, payee = j, i
        else:
            payer, payee, amount = i, j, -amount
        key = ((amount * 8 + reason) * 4 + chi + 1) << 16 | payer << 8 | payee
        t = _TRANSFERS.get(key)
        if t is None:
            if len(_TRANSFERS) > 100_000:
                _TRANSFERS.clear()
            if chi >= 0:
                t = ChiTransfer(payer, payee, amount, REASONS[reason], CHI_NAMES[chi])
            else:
                t = Transfer(payer, payee, amount, REASONS[reason])
            _TRANSFERS[key] = t
        self.out.append(t)
        self.net[payer] -= amount
        self.net[payee] += amount


def scoring(rules: MauBinhRules) -> Scoring:
    """The plain tables of ``rules`` (made once per rules object).

    >>> s = scoring(MauBinhRules())
    >>> s.values[1][HAND_CODES.index("quads")], s.sap_ham
    (8, 2)
    """
    hit = _CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_CACHE) > 256:
        _CACHE.clear()
    made = _scoring(rules)
    _CACHE[id(rules)] = (rules, made)
    return made


def _scoring(rules: MauBinhRules) -> Scoring:
    tables = []
    for chi in CHI_NAMES:
        bonus = rules.chi_bonuses.get(chi, {})
        tables.append(tuple(bonus.get(code, 1) for code in HAND_CODES))
    return Scoring(
        values=(tables[0], tables[1], tables[2]),
        sap_ham=rules.sap_ham_multiplier,
        sap_lang=rules.sap_lang_multiplier,
        instant={str(k): v for k, v in rules.instant_wins.items()},
    )


def settle(
    score: Scoring, instant: Sequence[str | None], keys: Sequence[Keys | None]
) -> list[Transfer]:
    """Every transfer of a finished game, in chi.

    ``instant[s]`` is seat ``s``'s instant hand or None; ``keys[s]`` the keys of its
    three chi (None for an instant hand).

    >>> s = scoring(MauBinhRules())
    >>> for t in settle(s, [None, None], [(30, 20, 10), (25, 25, 5)]):
    ...     print(t)
    ChiTransfer(payer=1, payee=0, amount=1, reason='chi', chi='chi1')
    ChiTransfer(payer=0, payee=1, amount=1, reason='chi', chi='chi2')
    ChiTransfer(payer=1, payee=0, amount=1, reason='chi', chi='chi3')
    """
    return settle_net(score, instant, keys)[0]


def settle_net(
    score: Scoring, instant: Sequence[str | None], keys: Sequence[Keys | None]
) -> tuple[list[Transfer], list[int]]:
    """:func:`settle`'s transfers and the net they make for each seat.

    >>> settle_net(scoring(MauBinhRules()), [None, None], [(30, 20, 10), (25, 25, 5)])[1]
    [1, -1]
    """
    n = len(keys)
    book = _Ledger(n)
    swept = [0] * (n * n)  # swept[w * n + l]: what w collected from l by sập hầm
    any_instant = False
    for i in range(n):
        for j in range(i + 1, n):
            ci, cj = instant[i], instant[j]
            if ci is not None or cj is not None:
                any_instant = True
                _instant_pair(score, book, i, j, ci, cj)
                continue
            a, b = keys[i], keys[j]
            assert a is not None
            assert b is not None
            net = _pair(score, book, i, j, a, b)
            if net > 0:
                swept[i * n + j] = net
            elif net < 0:
                swept[j * n + i] = -net
    if n >= 3 and not any_instant and score.sap_lang > 1:
        for w in range(n):
            row = swept[w * n : w * n + n]
            if row.count(0) == 1:  # w swept every other seat (row[w] is 0)
                for o in range(n):
                    if o != w:
                        book.add(Transfer(o, w, row[o] * (score.sap_lang - 1), "sap-lang"))
    return book.out, book.net


def _instant_pair(
    score: Scoring, book: _Ledger, i: int, j: int, ci: str | None, cj: str | None
) -> None:
    """Seats ``i`` and ``j``, one of them or both with an instant hand: the higher one
    is paid."""
    if ci is not None and cj is not None:
        ri, rj = INSTANT_CODES.index(ci), INSTANT_CODES.index(cj)
        if ri < rj:
            book.add(Transfer(j, i, score.instant[ci], "instant-win"))
        elif rj < ri:
            book.add(Transfer(i, j, score.instant[cj], "instant-win"))
    elif ci is not None:
        book.add(Transfer(j, i, score.instant[ci], "instant-win"))
    elif cj is not None:
        book.add(Transfer(i, j, score.instant[cj], "instant-win"))


def _pair(score: Scoring, book: _Ledger, i: int, j: int, a: Keys, b: Keys) -> int:
    """Book what seats ``i`` and ``j`` (arrangements ``a`` and ``b``) pay each other, as
    :meth:`Scoring.pair` itemises it; returns ``i``'s net when one side took all three
    chi (sập hầm), else 0."""
    a1, a2, a3 = a
    b1, b2, b3 = b
    v1, v2, v3 = score.values
    sap_ham = score.sap_ham
    fa = not a1 >= a2 >= a3
    fb = not b1 >= b2 >= b3
    if fa or fb:
        if fa and fb:
            return 0
        if fb:
            total = v1[a1 >> _CAT] + v2[a2 >> _CAT] + v3[a3 >> _CAT]
        else:
            total = -(v1[b1 >> _CAT] + v2[b2 >> _CAT] + v3[b3 >> _CAT])
        book.give(i, j, total, _BINH_LUNG, -1)
        if sap_ham > 1:
            book.give(i, j, total * (sap_ham - 1), _SAP_HAM, -1)
        return total * sap_ham
    w1, w2, w3 = _won(a1, b1, v1), _won(a2, b2, v2), _won(a3, b3, v3)
    if w1:
        book.give(i, j, w1, _CHI, 0)
    if w2:
        book.give(i, j, w2, _CHI, 1)
    if w3:
        book.give(i, j, w3, _CHI, 2)
    net = w1 + w2 + w3
    if not (w1 > 0 and w2 > 0 and w3 > 0) and not (w1 < 0 and w2 < 0 and w3 < 0):  # no sập hầm
        return 0
    if sap_ham > 1:
        extra = net * (sap_ham - 1)
        book.give(i, j, extra, _SAP_HAM, -1)
        net += extra
    return net


def _won(ka: int, kb: int, values: tuple[int, ...]) -> int:
    """What one chi is worth to A (keys ``ka`` against ``kb``): its value when A's key is
    higher, minus B's when lower, 0 for a tie (values are at least 1: the rules check)."""
    if ka > kb:
        return values[ka >> _CAT]
    if kb > ka:
        return -values[kb >> _CAT]
    return 0


def winner_of(net: Sequence[int]) -> int | None:
    """The seat with the largest net (the first such in seat order), or None when every
    net is 0.

    >>> winner_of([3, 3, -6]), winner_of([0, 0])
    (0, None)
    """
    best = 0  # the seat of the largest net so far
    paid = False
    for seat in range(len(net)):
        if net[seat]:
            paid = True
        if net[seat] > net[best]:
            best = seat
    return best if paid else None
