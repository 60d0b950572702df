"""The Tứ Sắc table in play: starting a game, listing the legal actions and the next
decision, and applying an action.

Phases: the player in turn either owes a discard (after taking, and the dealer's
opening), or an *active card* lies on the table — just discarded, just drawn, or drawn
and passed on. Every rule lives in one ``*_error`` function per action
(:mod:`vncards.tusac._legal`) that returns the :class:`~vncards.core.IllegalMove` an
action would raise (or ``None``); ``apply``, ``legal_actions`` and the bots all ask
those functions, so they can never disagree. This module also names the whole engine
(the state, actions, events and rules) in one place.
"""

from __future__ import annotations

from vncards.core import (
    Discarded,
    Drew,
    Event,
    IllegalMove,
    Passed,
    Settled,
    Violation,
    Won,
)
from vncards.tusac._actions import Discard, Draw, Pass, Take, TuSacAction
from vncards.tusac._deck import format_card, format_cards
from vncards.tusac._den import discard_outs, worst_discards, worst_of
from vncards.tusac._events import OwedDen, Revealed, TookGroup
from vncards.tusac._groups import GROUPS, Group, group_lenh
from vncards.tusac._legal import (
    TAKE_WINS,
    action_error,
    claim_order,
    discard_error,
    draw_error,
    held_shapes,
    junk_discards,
    obligation,
    pass_error,
    take_error,
    take_verdict,
    waiting_pair,
)
from vncards.tusac._rules import TuSacRules
from vncards.tusac._settle import settle_transfers
from vncards.tusac._solver import Hand, hand_count, hand_of, hand_remove, is_complete
from vncards.tusac._state import ACTIVE, DISCARD, INSTANT_WIN, TuSacState

__all__ = [
    "ACTIVE",
    "DISCARD",
    "INSTANT_WIN",
    "Discard",
    "Draw",
    "OwedDen",
    "Pass",
    "Revealed",
    "Take",
    "TookGroup",
    "TuSacAction",
    "TuSacState",
    "action_error",
    "apply_action",
    "apply_quietly",
    "claim_order",
    "decision_parts",
    "decline_claim",
    "decline_error",
    "discard_error",
    "discard_outs",
    "draw_error",
    "junk_discards",
    "legal_actions",
    "obligation",
    "pass_error",
    "start_game",
    "take_error",
    "waiting_pair",
    "winning_takes",
    "worst_discards",
    "worst_of",
]


def start_game(
    rules: TuSacRules, dealt: list[list[int]], stock: list[int], dealer: int
) -> TuSacState:
    """A game from a deal: Quàn are exposed (a ``reveal`` event each), then a complete
    dealer wins at once.

    >>> from vncards.tusac._deck import parse_cards
    >>> st = start_game(TuSacRules(), [parse_cards("RK") * 4 + [1] * 17, [2] * 20], [], 0)
    >>> [g.name for g in st.exposed[0]], st.turn, st.phase == DISCARD
    (['quan'], 0, True)
    >>> [e.type for e in st.events], st.outcome
    (['reveal', 'win', 'settle'], 'instant-win')
    """
    hands: list[Hand] = []
    exposed: list[tuple[Group, ...]] = []
    events: list[Event] = []
    for seat, cards in enumerate(dealt):
        hand = hand_of(cards)
        groups = []
        for k in sorted(set(cards)):
            if hand_count(hand, k) == 4:
                hand = hand_remove(hand, k, 4)
                groups.append(Group("quad", (k,) * 4, group_lenh("quad", 4, taken=False), "quan"))
                events.append(Revealed(seat, (format_card(k),) * 4))
        hands.append(hand)
        exposed.append(tuple(groups))
    state = TuSacState(
        rules=rules,
        dealer=dealer,
        dealt=tuple(tuple(sorted(h)) for h in dealt),
        stock=tuple(stock),
        hands=hands,
        exposed=exposed,
        turn=dealer,
        events=events,
    )
    # a dealer with no rác could not make the opening discard (rule 3): they win at once
    if is_complete(hands[dealer]):
        state.finished = True
        state.winner = dealer
        state.outcome = "instant-win"
        state.instant_win = INSTANT_WIN
        events.extend(_end_events(state))
    return state


def _end_events(state: TuSacState, tell: bool = True) -> list[Event]:
    """The game has just ended: settle it (kept in ``transfers``) and say so (when
    ``tell``)."""
    state.transfers = settle_transfers(state)
    if not tell:
        return []
    return [
        Won(state.winner, state.outcome or "draw", state.instant_win),
        Settled(None, state.transfers),
    ]


def legal_actions(state: TuSacState) -> list[TuSacAction]:
    """Every action :func:`apply_action` accepts now, by any seat."""
    if state.finished:
        return []
    if state.phase == DISCARD:
        seat = state.turn
        return [Discard(seat, k) for k in junk_discards(state.hands[seat])]
    acts: list[TuSacAction] = []
    for seat in range(state.n_players):
        acts.extend(_takes(state, seat))
    if obligation(state) is None:
        acts.append(Pass(state.turn) if state.drawn else Draw(state.turn))
    return acts


def _takes(state: TuSacState, seat: int) -> list[TuSacAction]:
    """The takes of the active card :func:`apply_action` accepts from ``seat``."""
    return [
        Take(seat, cards)
        for cards in held_shapes(state.hands[seat], state.active)
        if take_verdict(state, seat, cards) <= TAKE_WINS
    ]


def winning_takes(state: TuSacState, seat: int) -> list[Take]:
    """The takes of the active card that win for ``seat``."""
    if state.finished or state.phase != ACTIVE or not 0 <= seat < state.n_players:
        return []
    out = []
    for cards in held_shapes(state.hands[seat], state.active):
        if take_verdict(state, seat, cards) == TAKE_WINS:
            out.append(Take(seat, cards))
    return out


def decision_parts(state: TuSacState) -> tuple[int, tuple[TuSacAction, ...], bool] | None:
    """The next choice of a bot-driven game as ``(seat, actions, optional)``, ``None``
    once finished: winning claims first (optional, in claim order, skipping seats that
    declined), then a forced take, then the player in turn. Remembered until the state
    changes."""
    if state._parts_known:
        return state._parts
    found = _decision_parts(state)
    state._parts = found
    state._parts_known = True
    return found


def _decision_parts(state: TuSacState) -> tuple[int, tuple[TuSacAction, ...], bool] | None:
    if state.finished:
        return None
    if state.phase == DISCARD:
        return state.turn, tuple(legal_actions(state)), False
    declined = state.declined
    for seat in claim_order(state):
        if declined >> seat & 1:
            continue
        wins = winning_takes(state, seat)
        if wins:
            return seat, tuple(wins), True
    must = obligation(state)
    if must is not None:
        return must[0], (Take(*must),), False
    # the player in turn's part of legal_actions: its takes, then the draw or the pass
    turn = state.turn
    acts = _takes(state, turn)
    acts.append(Pass(turn) if state.drawn else Draw(turn))
    return turn, tuple(acts), False


def decline_error(state: TuSacState, seat: int) -> IllegalMove | None:
    """Why ``seat`` has no winning claim to decline now (``None`` if it has one)."""
    if state.finished or state.phase != ACTIVE or state.declined >> seat & 1:
        return IllegalMove("nothing-to-decline", "This player has no claim to decline.")
    for s in claim_order(state):
        if state.declined >> s & 1 or not winning_takes(state, s):
            continue
        if s == seat:
            return None
        break
    return IllegalMove("nothing-to-decline", "This player has no claim to decline.")


def decline_claim(state: TuSacState, seat: int) -> None:
    """``seat`` lets its winning claim on the active card go (a bot-driven game's choice,
    not an action of the record); raise :class:`~vncards.core.IllegalMove` if it has
    none to let go."""
    err = decline_error(state, seat)
    if err is not None:
        raise err
    state.declined |= 1 << seat
    state._parts_known = False


def apply_action(state: TuSacState, action: TuSacAction | object) -> list[Event]:
    """Carry out ``action`` and return the events it caused (also added to
    ``state.events``); raise :class:`~vncards.core.IllegalMove` and change nothing if it
    is illegal.

    >>> from vncards.tusac import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> apply_action(st, legal_actions(st)[0])
    [Discarded(seat=0, card='RE')]
    """
    events = _apply(state, action, True)
    state.events.extend(events)
    return events


def apply_quietly(state: TuSacState, action: TuSacAction | object) -> None:
    """:func:`apply_action` without the events: the state changes alike (payments,
    violations, counts) but nothing is added to ``state.events`` (a playout whose
    states are read only for their result).

    >>> from vncards.tusac import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> apply_quietly(st, legal_actions(st)[0])
    >>> st.n_actions, st.events
    (1, [])
    """
    _apply(state, action, False)


def _apply(state: TuSacState, action: TuSacAction | object, tell: bool) -> list[Event]:
    """Check ``action`` and carry it out; its events when ``tell`` (else none). Any
    object but the four actions is refused (``unknown-action``)."""
    events: list[Event]
    if isinstance(action, Take):
        err, wins = take_error(state, action.seat, action.cards)
        if err is not None:
            raise err
        events = _take(state, action.seat, action.cards, wins, tell)
    elif isinstance(action, Discard):
        err = discard_error(state, action.seat, action.card)
        if err is not None:
            raise err
        events = _discard(state, action.seat, action.card, tell)
    elif isinstance(action, Draw):
        err = draw_error(state, action.seat)
        if err is not None:
            raise err
        events = _draw(state, action.seat, tell)
    elif isinstance(action, Pass):
        err = pass_error(state, action.seat)
        if err is not None:
            raise err
        state.turn = (action.seat + 1) % state.n_players
        state.drawn = False
        _bump(state, 3)
        events = [Passed(action.seat)] if tell else []
    else:
        raise IllegalMove("unknown-action", f"Tứ Sắc has no {type(action).__name__} action.")
    state.n_actions += 1
    state.declined = 0
    state._must_known = False
    state._parts_known = False
    return events


def _bump(state: TuSacState, which: int) -> None:
    counts = list(state.counts)
    counts[which] += 1
    state.counts = (counts[0], counts[1], counts[2], counts[3])


def _take(
    state: TuSacState, seat: int, cards: tuple[int, ...], wins: bool, tell: bool
) -> list[Event]:
    card = state.active
    out_of_turn = seat != state.turn
    hand = state.hands[seat]
    for k in cards:
        hand = hand_remove(hand, k)
    state.hands[seat] = hand
    group = tuple(sorted((*cards, card)))
    code = GROUPS[group]
    khui = code == "quad"
    state.exposed[seat] = (
        *state.exposed[seat],
        Group(code, group, group_lenh(code, len(group), taken=True), "khui" if khui else ""),
    )
    state.active = -1
    state.drawn = False
    _bump(state, 1)
    events: list[Event] = []
    if tell:
        events.append(
            TookGroup(seat, format_card(card), tuple(format_cards(cards)), code, khui, out_of_turn)
        )
    if wins:
        state.finished = True
        state.winner = seat
        state.outcome = "win"
        state.den_payer = state.den_seat
        state.den_seat = -1
        events.extend(_end_events(state, tell))
        return events
    state.phase = DISCARD
    state.turn = seat
    state.after_take = True
    state.den_seat = -1
    return events


def _discard(state: TuSacState, seat: int, card: int, tell: bool) -> list[Event]:
    events: list[Event] = [Discarded(seat, format_card(card))] if tell else []
    if state.rules.den and state.after_take:
        worst, _ = worst_discards(state, seat)
        if card not in worst:
            state.violations = (
                *state.violations,
                Violation(
                    state.n_actions,
                    seat,
                    "den",
                    f"Discarded {format_card(card)}, not the worst rác"
                    f" ({', '.join(format_cards(worst))}); if another player wins by taking it,"
                    " the discarder pays for every loser.",
                ),
            )
            state.den_seat = seat
            if tell:
                events.append(OwedDen(seat, format_card(card), state.n_actions))
    state.hands[seat] = hand_remove(state.hands[seat], card)
    state.active = card
    state.source = seat
    state.drawn = False
    state.after_take = False
    state.phase = ACTIVE
    state.turn = (seat + 1) % state.n_players
    _bump(state, 2)
    return events


def _draw(state: TuSacState, seat: int, tell: bool) -> list[Event]:
    dead = list(state.dead)
    dead[state.active] += 1
    state.dead = tuple(dead)
    state.den_seat = -1
    if state.stock_left() <= state.rules.draw_limit:
        state.active = -1
        state.finished = True
        state.outcome = "draw"
        return _end_events(state, tell)
    card = state.active = state.stock[state.pos]
    state.pos += 1
    state.source = seat
    state.drawn = True
    _bump(state, 0)
    return [Drew(seat, format_card(card))] if tell else []
