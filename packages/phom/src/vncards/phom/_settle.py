"""Settlement: the ranking and its payments, an ù (with its đền), the points of a hand.

Every payment is a :class:`~vncards.core.Transfer` with a reason code of the rules
page: ``an-ga`` and ``an-chot`` (paid at each take, by the engine), ``rank``, ``mom``,
``u`` and ``den``.
"""

from __future__ import annotations

from vncards.core import Transfer
from vncards.phom._melds import FACE, TENS, weigh
from vncards.phom._rules import PhomRules
from vncards.phom._state import PhomState

__all__ = ["REASONS", "den_payer", "hand_points", "ranking", "settle_ranking", "settle_u"]

REASONS = ("an-ga", "an-chot", "rank", "mom", "u", "den")
"""The transfer reasons of Phỏm."""


def hand_points(hand: int, rules: PhomRules) -> int:
    """What the cards of a hand cost at the end (setting ``card_points``).

    >>> from vncards.phom._cards import mask_of, parse_phom_card
    >>> hand = mask_of(parse_phom_card(t) for t in ("KS", "AH"))
    >>> hand_points(hand, PhomRules()), hand_points(hand, PhomRules(card_points="tens"))
    (14, 11)
    """
    return weigh(hand, FACE if rules.card_points == "face" else TENS)


def ranking(points: tuple[int, ...], meld_order: list[int], mom: list[bool]) -> list[int]:
    """Seats best first: those who showed a phỏm by fewest points, then the móm players;
    equal points go to whoever melded first.

    >>> ranking((7, 12, 12, 20), [0, 1, 2, 3], [False, False, False, True])
    [0, 1, 2, 3]
    >>> ranking((7, 12, 12, 20), [2, 1, 0, 3], [False, False, False, False])
    [0, 2, 1, 3]
    """
    order = {s: i for i, s in enumerate(meld_order)}
    return sorted(order, key=lambda s: (mom[s], points[s], order[s]))


def settle_ranking(state: PhomState) -> tuple[list[int], list[Transfer]]:
    """The ranking and its payments: second, third and fourth pay ``rank_payments`` by
    place, a móm player ``mom_payment`` instead (when somebody showed a phỏm).

    Worked example of the rules page: An 7, Bình and Chi 12 (Bình melded first), Dũng móm.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 4, seed=1)
    >>> st.hands = [0, 0, 0, 0]
    >>> st.points = (7, 12, 12, 30)
    >>> st.meld_order = [0, 1, 2, 3]
    >>> st.melds = [[1], [1], [1], []]
    >>> order, pay = settle_ranking(st)
    >>> order, [(t.payer, t.amount, t.reason) for t in pay]
    ([0, 1, 2, 3], [(1, 1, 'rank'), (2, 2, 'rank'), (3, 4, 'mom')])
    """
    rules = state.rules
    points = state.points or tuple(hand_points(h, rules) for h in state.hands)
    mom = [state.is_mom(s) for s in range(state.n_players)]
    order = ranking(points, state.meld_order, mom)
    winner = order[0]
    everyone_mom = all(mom)
    out: list[Transfer] = []
    for place, seat in enumerate(order[1:]):
        if mom[seat] and not everyone_mom:
            out.append(Transfer(seat, winner, rules.mom_payment, "mom"))
        else:
            out.append(Transfer(seat, winner, rules.rank_payments[place], "rank"))
    return order, [t for t in out if t.amount > 0]


def den_payer(state: PhomState, winner: int, victim: int | None) -> int | None:
    """Who pays for every loser at ``winner``'s ù (setting ``den``): the discarder of the
    card it was taken with (``victim``), a player it took three or more cards from, or
    nobody.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(den="three-taken"), 3, seed=1)
    >>> st.took[0][2] = 3
    >>> den_payer(st, 0, 1)
    2
    """
    rule = state.rules.den
    if rule == "u-take":
        return victim
    if rule == "three-taken":
        n = state.n_players
        for step in range(1, n):
            other = (winner + step) % n
            if state.took[winner][other] >= 3:
                return other
    return None


def settle_u(state: PhomState, winner: int, amount: int, payer: int | None) -> list[Transfer]:
    """Every loser pays ``amount`` to the ù player as ``u``; with a đền ``payer``, that
    player pays its own share as ``u`` and each other loser's as ``den``.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 4, seed=1)
    >>> [(t.payer, t.amount, t.reason) for t in settle_u(st, 0, 5, 2)]
    [(2, 5, 'u'), (2, 10, 'den')]
    """
    losers = [s for s in range(state.n_players) if s != winner]
    if amount <= 0:
        return []
    if payer is None:
        return [Transfer(s, winner, amount, "u") for s in losers]
    out = [Transfer(payer, winner, amount, "u")]
    others = len(losers) - 1
    if others:
        out.append(Transfer(payer, winner, amount * others, "den"))
    return out
