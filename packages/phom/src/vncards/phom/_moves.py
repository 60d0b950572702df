"""Every legal action of a Phỏm state, in one canonical form per effect.

A meld lists its groups with their cards in card order and the groups sorted; a lay-off
puts all its cards for one phỏm in one entry, ``onto`` the lowest card of that phỏm,
entries in the order of those cards. :func:`normalise` turns a legal action read from
a record into that form (an illegal one is kept as written, for its refusal).
"""

from __future__ import annotations

from vncards.phom._cards import cards_of, mask_of, rank_of, suit_of
from vncards.phom._engine import meld_holding, take_refusal, why_illegal
from vncards.phom._melds import can_arrange, classify_meld, is_phom, meld_options
from vncards.phom._plays import Discard, Draw, LayOff, Meld, PhomAction, Take
from vncards.phom._state import ACT, DRAW, OPEN, PhomState

__all__ = ["discard_options", "lay_off_options", "legal_actions", "normalise"]


def legal_actions(state: PhomState) -> list[PhomAction]:
    """Every action ``apply`` accepts now (only the player in turn acts).

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 3, seed=2)
    >>> len(legal_actions(st)), {type(a).__name__ for a in legal_actions(st)}
    (10, {'Discard'})
    """
    if state.finished:
        return []
    seat = state.turn
    if state.phase == OPEN:
        return [Discard(seat, c) for c in cards_of(state.hands[seat])]
    if state.phase == DRAW:
        out: list[PhomAction] = []
        if state.stock_left():
            out.append(Draw(seat))
        if take_refusal(state, seat) is None:
            out.append(Take(seat))
        return out
    assert state.phase == ACT
    if state.last_turn(seat) and not state.melded(seat):
        options = meld_options(state.hands[seat], state.taken[seat])
        return [Meld(seat, tuple(sorted(tuple(cards_of(m)) for m in o))) for o in options]
    acts: list[PhomAction] = [Discard(seat, c) for c in discard_options(state, seat)]
    if state.rules.lay_off and state.melded(seat) and not state.is_mom(seat):
        acts.extend(lay_off_options(state, seat))
    return acts


def discard_options(state: PhomState, seat: int) -> list[int]:
    """The cards ``seat`` may discard: any but a taken card, leaving the taken cards
    arrangeable in phỏm."""
    hand = state.hands[seat]
    taken = state.taken[seat]
    free = cards_of(hand & ~taken)
    if not taken:
        return free
    return [c for c in free if can_arrange(hand & ~(1 << c), taken)]


def lay_off_options(state: PhomState, seat: int) -> list[LayOff]:
    """Every lay-off ``seat`` may make now, one per way of sending cards to phỏm of
    others (a card always left for the discard)."""
    targets = [
        (owner, i, m)
        for owner, melds in enumerate(state.melds)
        if owner != seat
        for i, m in enumerate(melds)
    ]
    if not targets:
        return []
    hand = cards_of(state.hands[seat])
    fits: list[list[int]] = []
    for c in hand:
        fits.append([t for t, (_, _, m) in enumerate(targets) if _near(c, m)])
    out: list[LayOff] = []
    sent = [0] * len(targets)

    def walk(k: int, count: int) -> None:
        if k == len(hand):
            if (
                count
                and count < len(hand)
                and all(not s or is_phom(targets[t][2] | s) for t, s in enumerate(sent))
            ):
                entries = sorted(
                    (cards_of(targets[t][2])[0], tuple(cards_of(s)))
                    for t, s in enumerate(sent)
                    if s
                )
                out.append(LayOff(seat, tuple(entries)))
            return
        walk(k + 1, count)
        for t in fits[k]:
            sent[t] |= 1 << hand[k]
            walk(k + 1, count + 1)
            sent[t] &= ~(1 << hand[k])

    walk(0, 0)
    return out


def _near(card: int, meld: int) -> bool:
    """Whether ``card`` could join ``meld`` (alone or with other sent cards): a set of
    its rank, or a run of its suit."""
    low = (meld & -meld).bit_length() - 1
    kind = classify_meld(meld)
    if kind == "set":
        return rank_of(card) == rank_of(low)
    return kind == "run" and suit_of(card) == suit_of(low)


def normalise(state: PhomState, action: PhomAction) -> PhomAction:
    """A meld with its groups sorted; a legal lay-off in canonical form (see the module
    docstring); anything else as it is.

    >>> st_action = Meld(0, ((30, 4, 17),))
    >>> from vncards.phom import plugin
    >>> normalise(plugin.new_game(plugin.presets["standard"], 2, seed=1), st_action)
    Meld(seat=0, groups=((4, 17, 30),))
    """
    if isinstance(action, Meld):
        return Meld(action.seat, tuple(sorted(tuple(sorted(g)) for g in action.groups)))
    if not isinstance(action, LayOff) or why_illegal(state, action) is not None:
        return action
    sent: dict[tuple[int, int], int] = {}
    melds = [list(m) for m in state.melds]
    for onto, cards in action.entries:
        where = meld_holding(melds, onto, action.seat)
        assert where is not None  # the lay-off is legal
        owner, i = where
        melds[owner][i] |= mask_of(cards)
        sent[where] = sent.get(where, 0) | mask_of(cards)
    entries = sorted(
        (cards_of(state.melds[o][i])[0], tuple(cards_of(m))) for (o, i), m in sent.items()
    )
    return LayOff(action.seat, tuple(entries))
