"""The Phỏm turn: why an action is refused, and what it does.

:func:`why_illegal` is the one source of truth for legality (the refusal ``apply``
would raise, checked in the order of the rules page's table); :func:`apply_action`
calls it, then changes the state and returns the events. An ù is found by the engine
right after a draw or a take (and on the first player's dealt hand); ù khan at the deal.
"""

from __future__ import annotations

from vncards.core import Discarded, Event, IllegalMove, Settled, Transfer
from vncards.phom._actions import LaidOff, Melded, PhomDrew, PhomWon, TookCard
from vncards.phom._cards import card_name, card_names, mask_of
from vncards.phom._melds import COUNT, can_arrange, has_ca, is_phom, meldable, solve
from vncards.phom._plays import Discard, Draw, LayOff, Meld, PhomAction, Take
from vncards.phom._rules import PhomRules
from vncards.phom._settle import den_payer, hand_points, settle_ranking, settle_u
from vncards.phom._state import ACT, DRAW, OPEN, PhomState, aggregate

__all__ = ["apply_action", "meld_holding", "start_game", "why_illegal"]


def start_game(
    rules: PhomRules, hands: list[int], stock: list[int] | tuple[int, ...], first: int
) -> PhomState:
    """A game from its deal (hands as masks, the first player's of 10 cards): ù khan
    (when on) and the first player's ù are found at once.

    >>> from vncards.phom._cards import parse_phom_card as c
    >>> st = start_game(PhomRules(), [mask_of(range(10)), mask_of(range(13, 22))],
    ...                 list(range(26, 52)) + [10, 11, 12, 22, 23, 24, 25], 0)
    >>> st.finished, st.instant_win, st.winner
    (True, 'u-tron', 0)
    """
    state = PhomState(
        rules=rules,
        n_players=len(hands),
        first=first,
        dealt=tuple(hands),
        stock=tuple(stock),
        hands=list(hands),
        turn=first,
    )
    if rules.u_khan:
        n = state.n_players
        for step in range(n):
            seat = (first + step) % n
            if not has_ca(hands[seat]):
                _instant(state, seat, "u-khan", rules.u_payment, None)
                return state
    _check_u(state, first, None)
    return state


# ----------------------------------------------------------------- legality


def _refuse(code: str, message: str) -> IllegalMove:
    return IllegalMove(code, message)


def why_illegal(state: PhomState, action: PhomAction) -> IllegalMove | None:
    """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 4, seed=3)
    >>> why_illegal(st, Draw(st.first)).code
    'must-discard'
    >>> why_illegal(st, Draw((st.first + 1) % 4)).code
    'not-your-turn'
    """
    if state.finished:
        return _refuse("game-over", "The game is over.")
    seat = action.seat
    if seat != state.turn:
        return _refuse("not-your-turn", f"It is seat {state.turn}'s turn, not seat {seat}'s.")
    if isinstance(action, Draw | Take):
        return _draw_problem(state, action)
    if state.phase == DRAW:
        return _refuse("must-draw", "Draw from the stock or take the discard first.")
    if isinstance(action, Meld):
        return _meld_problem(state, action)
    if isinstance(action, LayOff):
        return _lay_off_problem(state, action)
    return _discard_problem(state, action)


def _draw_problem(state: PhomState, action: Draw | Take) -> IllegalMove | None:
    seat = action.seat
    if state.phase == OPEN:
        return _refuse("must-discard", "The first player opens by discarding; it does not draw.")
    if state.phase == ACT:
        return _refuse("already-drew", "This turn has already drawn or taken a card.")
    if isinstance(action, Draw):
        if not state.stock_left():
            return _refuse("no-stock", "The stock is empty.")
        return None
    code = take_refusal(state, seat)
    if code is None:
        return None
    card = state.pile[state.last][1]
    return _refuse(code, _TAKE_REFUSALS[code].format(card=card_name(card)))


_TAKE_REFUSALS = {
    "already-melded": "A player who has melded only draws.",
    "own-card": "A player cannot take its own discard.",
    "no-phom": "The {card} makes no phỏm with this hand.",
    "two-taken": "The {card} makes a phỏm only together with another taken card.",
}


def take_refusal(state: PhomState, seat: int) -> str | None:
    """Why ``seat``, in turn to draw, may not take the last discard: the refusal's code,
    or None when it may (the legal moves ask this at every draw, without the message).

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 2, seed=3)
    >>> _ = plugin.apply(st, plugin.legal_actions(st)[0])  # the first discard
    >>> refused = why_illegal(st, Take(st.turn))
    >>> take_refusal(st, st.turn) == (refused and refused.code)
    True
    """
    if state.melded(seat):
        return "already-melded"
    owner, card, _ = state.pile[state.last]
    if owner == seat:
        return "own-card"
    bit = 1 << card
    hand = state.hands[seat] | bit
    if not meldable(hand) & bit:
        return "no-phom"
    if not can_arrange(hand, state.taken[seat] | bit):
        return "two-taken"
    return None


def _meld_problem(state: PhomState, action: Meld) -> IllegalMove | None:
    seat = action.seat
    if state.melded(seat):
        return _refuse("already-melded", "This player has already melded.")
    if state.phase == OPEN or not state.last_turn(seat):
        return _refuse("not-meld-turn", "A player melds on its last turn only.")
    cards = [c for g in action.groups for c in g]
    problem = _not_held(state.hands[seat], cards)
    if problem:
        return problem
    for group in action.groups:
        if not is_phom(mask_of(group)):
            return _refuse("not-a-phom", f"{' '.join(card_names(group))} is not a phỏm.")
    taken = state.taken[seat]
    if taken & ~mask_of(cards) or any((mask_of(g) & taken).bit_count() > 1 for g in action.groups):
        return _refuse("taken-cards", "Every taken card must be shown, each in a phỏm of its own.")
    return None


def _not_held(hand: int, cards: list[int] | tuple[int, ...]) -> IllegalMove | None:
    seen = 0
    for c in cards:
        bit = 1 << c
        if not hand & bit or seen & bit:
            return _refuse("card-not-in-hand", f"The {card_name(c)} is not in this hand.")
        seen |= bit
    return None


def _lay_off_problem(state: PhomState, action: LayOff) -> IllegalMove | None:
    seat = action.seat
    if not state.rules.lay_off or not state.melded(seat) or state.is_mom(seat):
        return _refuse("no-lay-off", "Only a player who has shown a phỏm may lay off.")
    if not action.entries:
        return _refuse("not-a-phom", "A lay-off must lay at least one card.")
    melds = [list(m) for m in state.melds]
    hand = state.hands[seat]
    for onto, cards in action.entries:
        where = meld_holding(melds, onto, seat)
        if where is None:
            return _refuse("no-such-phom", f"No other player's phỏm holds the {card_name(onto)}.")
        problem = _not_held(hand, cards)
        if problem:
            return problem
        owner, i = where
        grown = melds[owner][i] | mask_of(cards)
        if not cards or not is_phom(grown):
            return _refuse("not-a-phom", "Those cards would not leave that phỏm a phỏm.")
        hand &= ~mask_of(cards)
        if not hand:
            return _refuse("no-discard-left", "A card must stay in hand for the discard.")
        melds[owner][i] = grown
    return None


def meld_holding(melds: list[list[int]], card: int, seat: int) -> tuple[int, int] | None:
    """``(owner, index)`` of the phỏm among ``melds`` (by seat) holding ``card`` that a
    player other than ``seat`` melded, or ``None``.

    >>> meld_holding([[0b111], [0b111000]], 4, 0), meld_holding([[0b111], []], 1, 0)
    ((1, 0), None)
    """
    bit = 1 << card
    for owner, groups in enumerate(melds):
        if owner != seat:
            for i, m in enumerate(groups):
                if m & bit:
                    return owner, i
    return None


def _discard_problem(state: PhomState, action: Discard) -> IllegalMove | None:
    seat = action.seat
    if state.phase == ACT and state.last_turn(seat) and not state.melded(seat):
        return _refuse("must-meld", "On its last turn a player melds before discarding.")
    card = action.card
    bit = 1 << card
    if not state.hands[seat] & bit:
        return _refuse("card-not-in-hand", f"The {card_name(card)} is not in this hand.")
    taken = state.taken[seat]
    if taken & bit:
        return _refuse("taken-card", f"The {card_name(card)} was taken: it stays in hand.")
    if taken and not can_arrange(state.hands[seat] & ~bit, taken):
        return _refuse(
            "breaks-phom", f"Without the {card_name(card)} a taken card would lie in no phỏm."
        )
    return None


# ----------------------------------------------------------------- doing


def apply_action(state: PhomState, action: PhomAction) -> list[Event]:
    """Carry out ``action`` and return its events, or raise
    :class:`~vncards.core.IllegalMove` and change nothing.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(PhomRules(), 2, seed=5)
    >>> card = min(st.hands[st.first].bit_length() - 1, 51)
    >>> [e.type for e in apply_action(st, Discard(st.first, card))]
    ['discard']
    """
    problem = why_illegal(state, action)
    if problem is not None:
        raise problem
    before = len(state.events)
    if isinstance(action, Draw):
        _draw(state, action.seat)
    elif isinstance(action, Take):
        _take(state, action.seat)
    elif isinstance(action, Meld):
        _meld(state, action)
    elif isinstance(action, LayOff):
        _lay_off(state, action)
    else:
        _discard(state, action.seat, action.card)
    return state.events[before:]


def _draw(state: PhomState, seat: int) -> None:
    card = state.stock[state.pos]
    state.pos += 1
    state.hands[seat] |= 1 << card
    state.phase = ACT
    state.last = -1
    state.events.append(PhomDrew(seat, card_name(card)))
    if not state.melded(seat):
        _check_u(state, seat, None)


def _take(state: PhomState, seat: int) -> None:
    victim, card, _ = state.pile[state.last]
    state.pile[state.last] = (victim, card, seat)
    state.last = -1
    state.table[victim] -= 1
    state.hands[seat] |= 1 << card
    state.taken[seat] |= 1 << card
    state.took[seat][victim] += 1
    state.phase = ACT
    chot = state.melded(victim)
    rules = state.rules
    pay = Transfer(
        victim,
        seat,
        rules.chot_payment if chot else rules.take_payment,
        "an-chot" if chot else "an-ga",
    )
    state.events.append(TookCard(seat, card_name(card), (), victim=victim, chot=chot))
    if pay.amount > 0:
        state.ledger.append(pay)
        state.events.append(Settled(seat, (pay,)))
    _check_u(state, seat, victim)


def _meld(state: PhomState, action: Meld) -> None:
    seat = action.seat
    for group in action.groups:
        m = mask_of(group)
        state.hands[seat] &= ~m
        state.melds[seat].append(m)
    state.taken[seat] = 0
    state.meld_order.append(seat)
    state.events.append(Melded(seat, tuple(tuple(card_names(g)) for g in action.groups)))


def _lay_off(state: PhomState, action: LayOff) -> None:
    seat = action.seat
    for onto, cards in action.entries:
        where = meld_holding(state.melds, onto, seat)
        assert where is not None  # why_illegal found it
        owner, i = where
        m = mask_of(cards)
        state.melds[owner][i] |= m
        state.hands[seat] &= ~m
    state.events.append(
        LaidOff(seat, tuple((card_name(o), tuple(card_names(c))) for o, c in action.entries))
    )


def _discard(state: PhomState, seat: int, card: int) -> None:
    state.hands[seat] &= ~(1 << card)
    state.pile.append((seat, card, -1))
    state.table[seat] += 1
    state.events.append(Discarded(seat, card_name(card)))
    nxt = state.next_seat(seat)
    if nxt is None:
        _end(state)
        return
    state.turn = nxt
    state.phase = DRAW
    state.last = len(state.pile) - 1


def _check_u(state: PhomState, seat: int, victim: int | None) -> None:
    """An ù: the hand splits into phỏm leaving at most one card (taken cards placed)."""
    hand = state.hands[seat]
    if meldable(hand).bit_count() < hand.bit_count() - 1:
        return
    part = solve(hand, state.taken[seat], COUNT)
    if part is None or part.deadwood > 1:
        return
    rules = state.rules
    tron = part.deadwood == 0
    amount = rules.u_payment * (rules.u_tron_multiplier if tron else 1)
    _instant(state, seat, "u-tron" if tron else "u", amount, den_payer(state, seat, victim))


def _instant(state: PhomState, seat: int, code: str, amount: int, payer: int | None) -> None:
    pays = settle_u(state, seat, amount, payer)
    state.finished = True
    state.outcome = "instant-win"
    state.winner = seat
    state.instant_win = code
    state.last = -1
    state.ledger.extend(pays)
    state.events.append(PhomWon(seat, "instant-win", code, ranking=(seat,)))
    state.events.append(Settled(None, aggregate(pays)))


def _end(state: PhomState) -> None:
    """Every seat has its four discards: the ranking and its payments."""
    rules = state.rules
    state.points = tuple(hand_points(h, rules) for h in state.hands)
    order, pays = settle_ranking(state)
    state.finished = True
    state.outcome = "win"
    state.winner = order[0]
    state.last = -1
    state.ledger.extend(pays)
    state.events.append(PhomWon(order[0], "win", None, ranking=tuple(order), points=state.points))
    state.events.append(Settled(None, aggregate(pays)))
