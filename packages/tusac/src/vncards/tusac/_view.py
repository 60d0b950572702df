"""What one Tứ Sắc seat may know (its view) and full states consistent with a view.

Public at a Tứ Sắc table: every exposed group (Quàn, and every group made by taking),
every discard, the active card, the dead cards, the number of cards left in the stock,
how many cards each player holds and how many Khạp each announced, and a pending đền.
Hidden: the other players' private hands and the order of the stock.

While the table waits for one seat's claim on the active card (a win, or a take forced
by a Khạp or a pair), that is shown to no one else: every other seat's view names the
player in turn as ``to_act``, with no legal actions. So two states that differ only in
cards hidden from a seat give it the same view whenever the game asks it the same
thing (or nothing).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vncards.core import Discarded, Event, Seat, Transfer, View, Violation
from vncards.tusac._deck import CARD_CODES, COPIES, KINDS, format_card, format_cards
from vncards.tusac._engine import (
    ACTIVE,
    DISCARD,
    Discard,
    Draw,
    OwedDen,
    Take,
    TuSacAction,
    TuSacState,
    decision_parts,
)
from vncards.tusac._groups import GROUPS, Group, take_shapes
from vncards.tusac._past import keep_pair_rule, outflow_events, pair_rule_marks
from vncards.tusac._rules import TuSacRules
from vncards.tusac._solver import Hand, hand_count, hand_kinds, hand_of, hand_size

__all__ = ["TuSacView", "action_record", "determinize", "make_view"]

_PHASES = {DISCARD: "discard", ACTIVE: "active"}
_SHAPES = tuple(tuple(take_shapes(k)) for k in range(KINDS))
_DETERMINIZE_TRIES = 400
_PLAIN_TRIES = 8
_SHUFFLES = 30


def action_record(action: TuSacAction) -> dict[str, Any]:
    """The record form of an action, without ``player``.

    >>> action_record(Take(1, (3, 3))), action_record(Discard(0, 27))
    ({'take': ['RR', 'RR']}, {'discard': 'WP'})
    """
    if isinstance(action, Discard):
        return {"discard": format_card(action.card)}
    if isinstance(action, Take):
        return {"take": format_cards(action.cards)}
    if isinstance(action, Draw):
        return {"draw": True}
    return {"pass": True}


@dataclass(frozen=True)
class TuSacView(View):
    """One seat's view of a Tứ Sắc game: core's :class:`~vncards.core.View` plus the
    typed values bots read (cards as kinds, the private hand as a solver
    :data:`~vncards.tusac.Hand`).

    ``counts`` are the private hands' sizes (exposed groups are in ``exposed``);
    ``seen`` counts, per kind, the cards every player sees (exposed groups, dead cards,
    the active card); ``khap`` the Khạp each seat announced; ``optional`` whether this
    seat may let its choice go (a winning claim); ``declined`` whether this seat has
    already let a winning claim on the active card go.

    >>> from vncards.tusac import plugin, TuSacRules
    >>> st = plugin.new_game(TuSacRules(), 3, seed=2)
    >>> v = plugin.view(st, 1)
    >>> v.to_act, v.legal, len(v.hand), v.counts, v.public["stock"]
    (0, (), 20, (21, 20, 20), 51)
    >>> plugin.view(st, 0).action_json(plugin.view(st, 0).legal[0])
    {'discard': 'RE'}
    """

    rules: TuSacRules
    dealer: int
    own: Hand
    seen: tuple[int, ...]
    exposed: tuple[tuple[Group, ...], ...]
    dead: tuple[int, ...]
    drawn_cards: tuple[int, ...]
    """The cards drawn from the stock so far, in order (each was shown when drawn)."""
    stock_left: int
    phase: int
    turn: int
    active: int
    source: int
    drawn: bool
    after_take: bool
    den_seat: int
    khap: tuple[int, ...]
    optional: bool
    declined: bool
    finished: bool
    winner: int | None
    outcome: str | None
    instant_win: str | None
    den_payer: int
    n_actions: int
    tallies: tuple[int, int, int, int]
    """Draws, takes, discards and passes so far."""
    transfers: tuple[Transfer, ...]

    def action_json(self, action: Any) -> dict[str, Any]:
        """One of ``legal`` as a record action without ``player``."""
        return action_record(action)


_MEMO_SIZE = 1 << 14
_GROUPS_WRITTEN: dict[tuple[Group, ...], tuple[tuple[str, str | None, tuple[str, ...]], ...]] = {}
"""A seat's exposed groups → each group's code, name and cards as written (remembered:
the groups change only when the seat takes)."""
_CARDS_WRITTEN: dict[tuple[int, ...], tuple[str, ...]] = {}
"""One colour of a private hand ``(colour, value)``, or the counts of the dead cards →
those cards as written."""


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = value


def _groups_json(groups: tuple[Group, ...]) -> list[dict[str, Any]]:
    """A seat's exposed groups as the view's ``public["groups"]`` lists them (new dicts
    and lists each time: a view's values are its own)."""
    written = _GROUPS_WRITTEN.get(groups)
    if written is None:
        written = tuple((g.code, g.name or None, tuple(format_cards(g.cards))) for g in groups)
        _remember(_GROUPS_WRITTEN, groups, written)
    return [{"group": code, "name": name, "cards": list(cards)} for code, name, cards in written]


def _hand_written(hand: Hand) -> tuple[str, ...]:
    """A private hand's cards as written, in kind order: each colour's part remembered
    (a hand changes one colour at a time)."""
    return (
        _colour_written(0, hand[0])
        + _colour_written(1, hand[1])
        + _colour_written(2, hand[2])
        + _colour_written(3, hand[3])
    )


def _colour_written(colour: int, value: int) -> tuple[str, ...]:
    key = (colour, value)
    written = _CARDS_WRITTEN.get(key)
    if written is None:
        hand = [0, 0, 0, 0]
        hand[colour] = value
        written = tuple(format_cards(hand_kinds((hand[0], hand[1], hand[2], hand[3]))))
        _remember(_CARDS_WRITTEN, key, written)
    return written


def _dead_written(dead: tuple[int, ...]) -> list[str]:
    written = _CARDS_WRITTEN.get(dead)
    if written is None:
        cards: list[str] = []
        for k, n in enumerate(dead):
            if n:
                cards.extend((CARD_CODES[k],) * n)
        written = tuple(cards)
        _remember(_CARDS_WRITTEN, dead, written)
    return list(written)


def _new_view(**values: Any) -> TuSacView:
    """The :class:`TuSacView` of these field values — every field, as its constructor
    would set them, set at once: the frozen dataclass's ``__init__`` sets its 35 fields
    one ``object.__setattr__`` at a time, thirty times slower, and a view is made for
    every decision of a bot that reads one."""
    view = object.__new__(TuSacView)
    view.__dict__.update(values)
    return view


def make_view(state: TuSacState, seat: int) -> TuSacView:
    """The view of ``seat`` (see the module docstring for what is public)."""
    parts = decision_parts(state)
    n = state.n_players
    legal: tuple[TuSacAction, ...] = ()
    optional = False
    if parts is None:
        to_act: int | None = None
    elif parts[0] == seat:
        to_act, legal, optional = seat, tuple(parts[1]), parts[2]
    else:
        to_act = state.turn
    hand = state.hands[seat]
    seen = tuple(state.seen())
    khap = state.khap_counts()
    events = tuple(state.events)
    active = state.active
    public: dict[str, Any] = {
        "dealer": Seat(state.dealer),
        "turn": Seat(state.turn),
        "phase": "over" if state.finished else _PHASES[state.phase],
        "active": format_card(active) if active >= 0 else None,
        "active_from": Seat(state.source) if active >= 0 else None,
        "active_drawn": state.drawn,
        "groups": {Seat(s): _groups_json(state.exposed[s]) for s in range(n)},
        "discards": tuple([e for e in events if type(e) is Discarded]),
        "dead": _dead_written(state.dead),
        "stock": state.stock_left(),
        "khap": {Seat(s): khap[s] for s in range(n)},
        "den": Seat(state.den_seat) if state.den_seat >= 0 else None,
        "outcome": state.outcome,
        "winner": None if state.winner is None else Seat(state.winner),
    }
    return _new_view(
        game="tusac",
        seat=seat,
        to_act=to_act,
        hand=_hand_written(hand),
        legal=legal,
        counts=tuple(hand_size(h) for h in state.hands),
        public=public,
        history=events,
        rules=state.rules,
        dealer=state.dealer,
        own=hand,
        seen=seen,
        exposed=tuple(state.exposed),
        dead=state.dead,
        drawn_cards=state.stock[: state.pos],
        stock_left=state.stock_left(),
        phase=state.phase,
        turn=state.turn,
        active=active,
        source=state.source,
        drawn=state.drawn,
        after_take=state.after_take,
        den_seat=state.den_seat,
        khap=khap,
        optional=optional,
        declined=bool(state.declined >> seat & 1),
        finished=state.finished,
        winner=state.winner,
        outcome=state.outcome,
        instant_win=state.instant_win,
        den_payer=state.den_payer,
        n_actions=state.n_actions,
        tallies=state.counts,
        transfers=state.transfers,
    )


# ---------------------------------------------------------------- determinization


def _outflow(history: Sequence[Event], n: int) -> list[list[int]]:
    """The cards each seat has put on the table from its own dealt cards
    (:func:`~vncards.tusac._past.outflow_events`, in one list a seat)."""
    return [[k for _, kinds in seat for k in kinds] for seat in outflow_events(history, n)]


def _deal_hidden(
    pool: list[int],
    sizes: Mapping[int, int],
    khap: Sequence[int],
    rng: random.Random,
    pair: tuple[int, int] | None = None,
) -> tuple[dict[int, list[int]], list[int]] | None:
    """Deal the hidden ``pool`` (counts per kind): ``sizes[s]`` cards to each other seat
    holding exactly ``khap[s]`` Khạp (three of a kind) and no other three or four of a
    kind; the rest is the stock, shuffled. ``None`` if this try cannot be completed.

    The Khạp kinds are drawn first among the kinds with three hidden copies; then the
    other cards are shuffled and dealt, the shuffle drawn again while a seat would get
    a third copy of a card (so every fitting deal is as likely as any other). After
    ``_SHUFFLES`` such draws, cards are dealt in order, one that would give a seat a
    third copy passing on to the next seat (or the stock). ``pair = (seat, kind)``
    deals that seat two copies of that kind first."""
    left = list(pool)
    hands: dict[int, list[int]] = {}
    locked: dict[int, set[int]] = {}
    for s in sizes:
        k = khap[s]
        hands[s] = []
        locked[s] = set()
        if pair is not None and pair[0] == s:
            kind = pair[1]
            if left[kind] < 2:
                return None
            hands[s].extend((kind, kind))
            left[kind] -= 2
            locked[s].add(kind)
        if k:
            options = [kind for kind in range(KINDS) if left[kind] >= 3]
            if len(options) < k or 3 * k > sizes[s]:
                return None
            for kind in rng.sample(options, k):
                hands[s].extend((kind, kind, kind))
                left[kind] -= 3
                locked[s].add(kind)
    needs = {s: size - len(hands[s]) for s, size in sizes.items()}
    if min(needs.values(), default=0) < 0:
        return None
    cards = [kind for kind in range(KINDS) for _ in range(left[kind])]
    for _ in range(_SHUFFLES):
        rng.shuffle(cards)
        if _fits(cards, needs, locked):
            start = 0
            for s, need in needs.items():
                hands[s].extend(cards[start : start + need])
                start += need
            return hands, cards[start:]
    for s, need in needs.items():
        hand = hands[s]
        if need == 0:
            continue
        held = [0] * KINDS
        for kind in locked[s]:
            held[kind] = 2  # a fourth copy would make a Quàn, a third a Khạp
        rest = []
        for i, kind in enumerate(cards):
            if held[kind] < 2:
                held[kind] += 1
                hand.append(kind)
                need -= 1
                if need == 0:
                    rest.extend(cards[i + 1 :])
                    break
            else:
                rest.append(kind)
        if need:
            return None
        cards = rest
    return hands, cards


def _fits(cards: list[int], needs: Mapping[int, int], locked: Mapping[int, set[int]]) -> bool:
    """Whether dealing ``cards`` in order, ``needs[s]`` to each seat, gives no seat a
    third copy of a card (nor any copy of a card it holds as a Khạp or placed pair)."""
    start = 0
    for s, need in needs.items():
        held = [0] * KINDS
        for kind in locked[s]:
            held[kind] = 2
        for kind in cards[start : start + need]:
            if held[kind] == 2:
                return False
            held[kind] += 1
        start += need
    return True


# Groups a private hand may hold besides a Khạp: no three or four of a kind.
_HAND_GROUPS = tuple(g for g in GROUPS if len(g) <= 2 or len(set(g)) > 1)


def _winning_hand(
    left: list[int], size: int, active: int, khap: int, rng: random.Random
) -> list[int] | None:
    """A random private hand of ``size`` cards from the counts ``left`` (taken out of
    them) that takes ``active`` and is left with no rác, holding ``khap`` Khạp; ``None``
    when this try finds none."""
    shapes = [c for c in _SHAPES[active] if len(set(c)) == len(c) or len(c) == 2]
    rng.shuffle(shapes)
    for shape in shapes:
        if any(left[k] < shape.count(k) for k in shape) or len(shape) > size:
            continue
        avail = list(left)
        hand = list(shape)
        held = [0] * KINDS
        for k in shape:
            avail[k] -= 1
            held[k] += 1
        triples = [k for k in range(KINDS) if avail[k] >= 3 and held[k] == 0]
        if len(triples) < khap:
            continue
        for k in rng.sample(triples, khap):
            hand.extend((k, k, k))
            avail[k] -= 3
            held[k] = 3
        need = size - len(hand)
        for _ in range(60):
            if need == 0:
                break
            g = _HAND_GROUPS[rng.randrange(len(_HAND_GROUPS))]
            if len(g) > need:
                continue
            if any(avail[k] < g.count(k) or held[k] + g.count(k) > 2 for k in set(g)):
                continue
            for k in g:
                avail[k] -= 1
                held[k] += 1
            hand.extend(g)
            need -= len(g)
        if need == 0:
            for k in range(KINDS):
                left[k] = avail[k]
            return hand
    return None


def _deal_with_claim(
    pool: list[int],
    sizes: Mapping[int, int],
    khap: Sequence[int],
    claimant: int,
    active: int,
    rng: random.Random,
) -> tuple[dict[int, list[int]], list[int]] | None:
    """:func:`_deal_hidden` with ``claimant`` dealt a hand that wins with ``active``."""
    left = list(pool)
    hand = _winning_hand(left, sizes[claimant], active, khap[claimant], rng)
    if hand is None:
        return None
    rest = _deal_hidden(left, {s: n for s, n in sizes.items() if s != claimant}, khap, rng)
    if rest is None:
        return None
    hands, stock = rest
    hands[claimant] = hand
    return hands, stock


def _build(view: TuSacView, hands: dict[int, list[int]], rest: list[int]) -> TuSacState:
    n = len(view.counts)
    seat = view.seat
    private = [view.own if s == seat else hand_of(hands[s]) for s in range(n)]
    outflow = _outflow(view.history, n)
    dealt = tuple(tuple(sorted(hand_kinds(private[s]) + outflow[s])) for s in range(n))
    declined = 1 << seat if view.declined else 0
    if view.legal and view.phase == ACTIVE:
        # this seat is asked: every seat the game asks before it has no winning claim
        # left (or let it go), and with a forced or in-turn choice nobody has one
        order = _claim_order_of(view)
        ahead = order[: order.index(seat)] if view.optional and seat in order else order
        for s in ahead:
            if s != seat:
                declined |= 1 << s
    violations = tuple(
        Violation(e.index, e.seat, "den", "Discarded a rác that was not among the worst.")
        for e in view.history
        if isinstance(e, OwedDen) and e.seat is not None
    )
    return TuSacState(
        rules=view.rules,
        dealer=view.dealer,
        dealt=dealt,
        stock=view.drawn_cards + tuple(rest),
        hands=private,
        exposed=list(view.exposed),
        dead=view.dead,
        pos=len(view.drawn_cards),
        phase=view.phase,
        turn=view.turn,
        active=view.active,
        source=view.source,
        drawn=view.drawn,
        after_take=view.after_take,
        den_seat=view.den_seat,
        declined=declined,
        finished=view.finished,
        winner=view.winner,
        outcome=view.outcome,
        instant_win=view.instant_win,
        den_payer=view.den_payer,
        violations=violations,
        n_actions=view.n_actions,
        counts=view.tallies,
        transfers=view.transfers,
        events=list(view.history),
    )


def _claim_order_of(view: TuSacView) -> list[int]:
    """:func:`~vncards.tusac.claim_order` from a view."""
    n = len(view.counts)
    if view.drawn:
        return [(view.source + i) % n for i in range(n)]
    return [(view.source + i) % n for i in range(1, n)]


def _agrees(state: TuSacState, view: TuSacView) -> bool:
    """Whether ``state`` puts to ``view.seat`` the choice the view shows."""
    parts = decision_parts(state)
    if parts is None:
        return view.to_act is None
    seat, actions, optional = parts
    if view.legal:
        return seat == view.seat and optional == view.optional and tuple(actions) == view.legal
    return seat != view.seat


def determinize(view: TuSacView, rng: random.Random) -> TuSacState:
    """A full state consistent with ``view``: the seat's hand and everything public as
    they are; the other hands (with the Khạp each announced) and the stock's order dealt
    at random from the cards the seat cannot see, so that the game puts the same choice
    to the seat. ``make_view(determinize(v, rng), v.seat) == v``.

    Deals are drawn until one puts that choice (up to 400; over tens of thousands of
    positions of bot games none needed more). A seat left waiting on another seat's
    claim gets worlds where someone holds such a claim. Should no deal fit, the last is
    returned: its view may then differ in whose turn it shows. The first deals also
    keep the pair rule of the past (:func:`~vncards.tusac._past.keep_pair_rule`): no
    hand holds a pair of a card that passed it untaken while it was out of turn (unless
    it was exempt). Other choices of the past are not read: a player's style is not.

    >>> from vncards.tusac import plugin, TuSacRules
    >>> st = plugin.new_game(TuSacRules(), 4, seed=5)
    >>> v = plugin.view(st, 2)
    >>> world = determinize(v, random.Random(1))
    >>> plugin.view(world, 2) == v, world.hands[2] == st.hands[2]
    (True, True)
    """
    seat = view.seat
    n = len(view.counts)
    pool = [COPIES - view.seen[k] - hand_count(view.own, k) for k in range(KINDS)]
    sizes = {s: view.counts[s] for s in range(n) if s != seat}
    if sum(pool) != sum(sizes.values()) + view.stock_left or min(pool) < 0:
        raise ValueError("the view does not add up to the 112 cards")
    state: TuSacState | None = None
    # A seat that is not asked may be waiting for another seat's claim: after a few
    # plain deals, deal some other seat a hand that wins with the active card.
    claimants = [s for s in sizes if view.drawn or s != view.source]
    marks = pair_rule_marks(view.history, n, seat)
    for attempt in range(_DETERMINIZE_TRIES):
        if attempt >= _PLAIN_TRIES and not view.legal and claimants and view.active >= 0:
            # someone else's claim: a pair to take out of turn, or a winning hand
            claimant = claimants[rng.randrange(len(claimants))]
            if attempt % 2 and claimant != view.turn:
                dealt = _deal_hidden(pool, sizes, view.khap, rng, (claimant, view.active))
            else:
                dealt = _deal_with_claim(pool, sizes, view.khap, claimant, view.active, rng)
        else:
            dealt = _deal_hidden(pool, sizes, view.khap, rng)
            if dealt is not None and attempt < _PLAIN_TRIES:
                # no hand holding a pair it would have had to take
                keep_pair_rule(dealt[0], dealt[1], marks, rng)
        if dealt is None:
            continue
        state = _build(view, *dealt)
        if view.finished or _agrees(state, view):
            return state
    if state is None:
        raise ValueError("no deal of the hidden cards fits this view")
    return state
