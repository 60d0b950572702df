"""Views and determinized states of a climbing game, in plain typed functions the compiled
build compiles: the actions offered as a tuple, the view of one seat, and a full state
dealt to agree with a view.

The game is asked only through :class:`ViewGame` (its name and its public-information
hooks), so an interpreted plugin's overrides are honoured.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> turn_legal(state, state.turn) == tuple(plugin.legal_actions(state))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from vncards.core._cardset import FULL_DECK_MASK, mask_ids
from vncards.core._events import Event
from vncards.core.climbing._actions import (
    _PASSES,
    _PLAYS,
    PlayList,
    SheddingAction,
    _pass,
    _play,
)
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._hooks import ClimbingHooks
from vncards.core.climbing._tokens import _hand_strings
from vncards.core.climbing._view import ShedView, _new_view, _Public, _set_dict

__all__ = ["ViewGame", "determinized", "offered_tuple", "seat_view", "turn_legal"]


class ViewGame(Protocol):
    """What :func:`seat_view` asks of the game (a :class:`~vncards.core.ClimbingGame`
    has all of it)."""

    @property
    def name(self) -> str: ...

    def known_cards(self, state: ClimbState) -> tuple[tuple[int, ...], int]: ...

    def declarations(self, state: ClimbState) -> tuple[Event, ...]: ...

    def public_extras(self, state: ClimbState) -> tuple[Any, ...]: ...


def _plays_of(seat: int, masks: list[int], can_pass: bool) -> tuple[SheddingAction, ...]:
    """The plays of ``masks`` (and a pass) for ``seat``, as the shared values."""
    made = _PLAYS
    out: list[SheddingAction] = []
    for m in masks:
        done = made.get((seat, m))
        out.append(_play(seat, m) if done is None else done)
    if can_pass:
        said = _PASSES.get(seat)
        out.append(_pass(seat) if said is None else said)
    return tuple(out)


def offered_tuple(acts: Sequence[SheddingAction]) -> tuple[SheddingAction, ...]:
    """``tuple(acts)``, made at once when ``acts`` is a :class:`PlayList`.

    >>> from vncards.core import Pass, Play
    >>> offered_tuple(PlayList(2, [0b1], True))
    (Play(seat=2, cards=1), Pass(seat=2))
    """
    if type(acts) is PlayList:
        return _plays_of(acts.seat, acts.masks, acts.can_pass)
    return tuple(acts)


def turn_legal(state: ClimbState, seat: int) -> tuple[SheddingAction, ...]:
    """The plays and pass of ``seat``, the seat to act, as the turn offers them."""
    eng = state.engine
    assert eng is not None, "a state of this game carries its engine"
    return _plays_of(seat, eng.plays(state), eng.can_pass(state))


def seat_view(
    game: ViewGame,
    state: ClimbState,
    seat: int,
    to_act: int | None,
    legal: tuple[SheddingAction, ...],
    optional: bool,
) -> ShedView:
    """The view of ``seat``, whose choice (who acts, what ``seat`` may do) is known."""
    hands = state.hands
    hand = hands[seat]
    known, out_of_play = game.known_cards(state)
    kept_declarations, kept_extras = _kept_view_hooks(game)
    played_by = tuple([d & ~h for d, h in zip(state.dealt, hands, strict=True)])
    view: ShedView = _new_view(ShedView)
    fields: dict[str, Any] = {
        "game": game.name,
        "seat": seat,
        "to_act": to_act,
        "hand": _hand_strings(hand),
        "legal": legal,
        "counts": tuple([h.bit_count() for h in hands]),
        "public": None,
        "history": tuple(state.events),
        "hand_mask": hand,
        "table": state.table,
        "table_seat": state.table_seat,
        "passed": state.passed,
        "out": state.out,
        "pile": state.pile,
        "played_by": played_by,
        "chain_value": state.chain_value,
        "chain_victim": state.chain_victim,
        "chain_chopper": state.chain_chopper,
        "chop_net": tuple(state.chop_net),
        "chop_transfers": tuple(state.chop_transfers),
        "first": state.first,
        "finished": state.finished,
        "winner": state.winner,
        "n_actions": state.n_actions,
        "optional": optional,
        "rules": state.rules,
        "declarations": () if kept_declarations else game.declarations(state),
        "known": known,
        "out_of_play": out_of_play,
        "extras": (
            tuple([getattr(state, name) for name in state.extra_fields])
            if kept_extras
            else game.public_extras(state)
        ),
    }
    _set_dict(view, fields)
    fields["public"] = _Public(view)
    return view


_KEPT_VIEW_HOOKS: dict[type, tuple[bool, bool]] = {}


def _kept_view_hooks(game: ViewGame) -> tuple[bool, bool]:
    """Whether ``game``'s class keeps the climbing base's ``declarations`` (none) and
    ``public_extras`` (the state's extra fields): :func:`seat_view` then works them out
    itself, with no call into the game's class (worked out once per class)."""
    cls = type(game)
    kept = _KEPT_VIEW_HOOKS.get(cls)
    if kept is None:
        if len(_KEPT_VIEW_HOOKS) >= 256:  # classes made on the fly: stay bounded
            _KEPT_VIEW_HOOKS.clear()
        kept = _KEPT_VIEW_HOOKS[cls] = (
            getattr(cls, "declarations", None) is ClimbingHooks.declarations,
            getattr(cls, "public_extras", None) is ClimbingHooks.public_extras,
        )
    return kept


def _unseen_hands(view: ShedView, rand: Callable[[], float]) -> list[int]:
    """Hands for every seat: the viewer's own, and the cards it cannot see dealt at
    random to the others (a partial Fisher–Yates over the unseen cards)."""
    seat = view.seat
    counts = view.counts
    n = len(counts)
    known: tuple[int, ...] = view.known or (0,) * n
    fixed = view.hand_mask | view.pile | view.out_of_play
    for m in known:
        fixed |= m
    pool = mask_ids(FULL_DECK_MASK & ~fixed)
    hands: list[int] = []
    top = len(pool)
    for s in range(n):
        if s == seat:
            hands.append(view.hand_mask)
            continue
        mask = known[s]
        for _ in range(counts[s] - mask.bit_count()):
            # the pick moves to the end of the pool
            j = int(rand() * top)
            top -= 1
            card = pool[j]
            pool[j] = pool[top]
            pool[top] = card
            mask |= 1 << card
        hands.append(mask)
    return hands


def determinized(
    state_type: type[ClimbState],
    engine: ClimbEngine,
    view: ShedView,
    rand: Callable[[], float],
) -> ClimbState:
    """A ``state_type`` state consistent with ``view`` (everything public as it is, the
    unseen cards dealt with ``rand``), played with ``engine``; the game's own extras are
    left to the caller."""
    hands = _unseen_hands(view, rand)
    # the class's own __new__: a compiled ClimbState refuses object's
    state = state_type.__new__(state_type)
    played_by: tuple[int, ...] = view.played_by
    state.hands = hands
    state.dealt = tuple([h | p for h, p in zip(hands, played_by, strict=True)])
    to_act = view.to_act
    state.turn = to_act if to_act is not None else view.table_seat
    state.table = view.table
    state.table_seat = view.table_seat
    state.passed = view.passed
    state.chain_value = view.chain_value
    state.chain_victim = view.chain_victim
    state.chain_chopper = view.chain_chopper
    state.chop_net = list(view.chop_net)
    state.chop_transfers = list(view.chop_transfers)
    state.events = list(view.history)
    played = 0
    for s, p in enumerate(played_by):
        if p:
            played |= 1 << s
    state.played = played
    state.out = view.out
    state.pile = view.pile
    state.winner = view.winner
    state.finished = view.finished
    state.n_actions = view.n_actions
    state.engine = engine
    state.rules = view.rules
    state.first = view.first
    return state
