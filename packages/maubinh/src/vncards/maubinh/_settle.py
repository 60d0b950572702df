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
from typing import Any

from vncards.core import Transfer
from vncards.maubinh._rules import CHI_NAMES, HAND_CODES, INSTANT_CODES, MauBinhRules

__all__ = [
    "REASONS",
    "ChiTransfer",
    "Scoring",
    "is_fouled",
    "scoring",
    "settle",
    "winner_of",
]

REASONS = ("chi", "sap-ham", "binh-lung", "sap-lang", "instant-win")
"""Transfer reasons, as listed on the rules page."""

Keys = tuple[int, int, int]
_CAT = 22  # a key's category is key >> 22 (see _hands)


@dataclass(frozen=True, slots=True)
class ChiTransfer(Transfer):
    """A ``chi`` transfer: what winning chi ``chi`` (``chi1``, ``chi2``, ``chi3``) of
    one pair of hands paid.

    >>> t = ChiTransfer(1, 0, 4, "chi", "chi1")
    >>> t.to_json(["An", "Bình"], bet=2)
    {'from': 'Bình', 'to': 'An', 'amount': 8, 'reason': 'chi', 'chi': 'chi1'}
    """

    chi: str = ""

    def to_json(self, players: Sequence[str], bet: int = 1) -> dict[str, Any]:
        """The transfer's JSON form and the chi it pays for."""
        out = Transfer.to_json(self, players, bet)
        out["chi"] = self.chi
        return out


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


_CACHE: dict[int, tuple[MauBinhRules, Scoring]] = {}
_TRANSFERS: dict[tuple[int, int, int, str, int], Transfer] = {}


def _transfer(payer: int, payee: int, amount: int, reason: str, chi: int) -> Transfer:
    """A transfer value (a :class:`ChiTransfer` for chi ``chi`` ≥ 0), shared between
    games (they are immutable; making one is the costly part of settling a bot game)."""
    key = (payer, payee, amount, reason, chi)
    t = _TRANSFERS.get(key)
    if t is None:
        if len(_TRANSFERS) > 100_000:
            _TRANSFERS.clear()
        if chi >= 0:
            t = ChiTransfer(payer, payee, amount, reason, CHI_NAMES[chi])
        else:
            t = Transfer(payer, payee, amount, reason)
        _TRANSFERS[key] = t
    return t


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
    n = len(keys)
    out: list[Transfer] = []
    swept = [[0] * n for _ in range(n)]  # swept[w][l]: what w collected from l by sập hầm
    any_instant = False
    for i in range(n):
        for j in range(i + 1, n):
            ci, cj = instant[i], instant[j]
            if ci is not None or cj is not None:
                any_instant = True
                if ci is not None and cj is not None:
                    ri, rj = INSTANT_CODES.index(ci), INSTANT_CODES.index(cj)
                    if ri < rj:
                        out.append(Transfer(j, i, score.instant[ci], "instant-win"))
                    elif rj < ri:
                        out.append(Transfer(i, j, score.instant[cj], "instant-win"))
                elif ci is not None:
                    out.append(Transfer(j, i, score.instant[ci], "instant-win"))
                else:
                    assert cj is not None
                    out.append(Transfer(i, j, score.instant[cj], "instant-win"))
                continue
            a, b = keys[i], keys[j]
            assert a is not None
            assert b is not None
            net, items, sweep = score.pair(a, b)
            # the chi amounts are those of the chi not tied, in order (pair, a hot path
            # of the solver, does not carry the index)
            last = -1  # the last chi paid for
            for amount, reason in items:
                chi = -1
                if reason == "chi":
                    last += 1
                    while a[last] == b[last]:
                        last += 1
                    chi = last
                if amount > 0:
                    out.append(_transfer(j, i, amount, reason, chi))
                else:
                    out.append(_transfer(i, j, -amount, reason, chi))
            if sweep:
                if net > 0:
                    swept[i][j] = net
                elif net < 0:
                    swept[j][i] = -net
    if n >= 3 and not any_instant and score.sap_lang > 1:
        for w in range(n):
            if all(swept[w][o] for o in range(n) if o != w):
                for o in range(n):
                    if o != w:
                        out.append(Transfer(o, w, swept[w][o] * (score.sap_lang - 1), "sap-lang"))
    return out


def winner_of(net: Sequence[int]) -> int | None:
    """The seat with the largest net (the first such in seat order), or None when every
    net is 0.

    >>> winner_of([3, 3, -6]), winner_of([0, 0])
    (0, None)
    """
    if not any(net):
        return None
    best = max(net)
    return net.index(best)
