"""The hot loop of a climbing game, in plain typed functions the compiled build compiles:
the plays offered to the seat to act, the ``play`` event of a play, and a whole playout
with random bots drawn for in the loop.

The game object stays what it is (an interpreted :class:`~vncards.core.ClimbingGame`
subclass such as Tiến lên's and Sâm's, or a third-party game's, a
:class:`~vncards.core.SheddingGame` included): the loop asks it only through the
:class:`LoopGame` methods, and drives the engine and state natively.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> seat, offered, optional = turn_parts(state)
>>> seat == state.turn, list(offered) == plugin.legal_actions(state), optional
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from vncards.core._errors import IllegalMove
from vncards.core._events import Declared, Event, Played, View, WentOut
from vncards.core._game import Bot
from vncards.core.climbing._actions import (
    _PASSED,
    _PASSES,
    _PLAYS,
    _PLAYS_LIMIT,
    Declare,
    Pass,
    Play,
    PlayList,
    SheddingAction,
    _pass,
    _passed,
    _play,
)
from vncards.core.climbing._classify import classify
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._fastview import ViewGame, offered_tuple, seat_view
from vncards.core.climbing._shapes import Combo
from vncards.core.climbing._tokens import _cards

__all__ = [
    "ActingGame",
    "LoopGame",
    "LoopPlan",
    "apply_action",
    "played_event",
    "run_playout",
    "turn_parts",
]

Step = tuple[int, Sequence[SheddingAction], bool]
"""A decision as ``(seat, actions, optional)``."""


class ActingGame(Protocol):
    """What :func:`apply_action` asks of the game: actions of its own, and closing a
    finished game."""

    def apply_other(self, state: ClimbState, action: SheddingAction) -> list[Event] | None: ...

    def _close(self, state: ClimbState) -> None: ...


class LoopGame(ActingGame, ViewGame, Protocol):
    """What :func:`run_playout` asks of the game (a :class:`~vncards.core.ClimbingGame`
    has all of it)."""

    def _turn_parts(self, state: ClimbState) -> Step: ...

    def _view(
        self,
        state: ClimbState,
        seat: int,
        to_act: int | None,
        legal: tuple[SheddingAction, ...],
        optional: bool,
    ) -> View: ...

    def apply(self, state: ClimbState, action: SheddingAction) -> list[Event]: ...

    def decline(self, state: ClimbState, seat: int) -> None: ...


class LoopPlan:
    """How :func:`run_playout` drives one engine, from its documented flags
    (:attr:`~vncards.core.ClimbEngine.offers_legal_plays`, ``offers_legal_passes``,
    ``anyone_may_pass``), read once by the interpreted caller, and for one game class
    (``game``) which of its steps are the climbing base's own: ``_turn_parts``
    (``base_turns``), ``apply`` (``base_apply``) and ``_view`` (``base_view``), which the
    loop then calls straight (compiled, with no Python frame of the game's class).

    >>> plan = LoopPlan(True, True, False)
    >>> plan.unchecked_plays, plan.free_passes, plan.base_view
    (True, False, False)
    """

    __slots__ = (
        "base_apply",
        "base_turns",
        "base_view",
        "free_passes",
        "game",
        "unchecked_passes",
        "unchecked_plays",
    )

    def __init__(
        self,
        offers_plays: bool,
        offers_passes: bool,
        anyone_may_pass: bool,
        game: type | None = None,
        base_steps: tuple[bool, bool, bool] = (False, False, False),
    ) -> None:
        # a play offered is one play() accepts: it need not be checked again
        self.unchecked_plays = offers_plays
        # a pass offered is one pass_turn accepts; and anyone but the leader may pass
        self.unchecked_passes = offers_passes
        self.free_passes = offers_passes and anyone_may_pass
        self.game = game
        self.base_turns, self.base_apply, self.base_view = base_steps


_new_play_list = object.__new__


def turn_parts(state: ClimbState) -> Step:
    """The plays (and pass) of the seat to act, as ``(seat, actions, False)``."""
    eng = state.engine
    assert eng is not None, "a state of this game carries its engine"
    seat = state.turn
    # PlayList(seat, masks, can_pass) without the frame of its __init__: this runs once
    # per decision of every simulated game
    acts: PlayList = _new_play_list(PlayList)
    acts.seat = seat
    acts.masks = ClimbEngine.plays(eng, state) if eng._base_plays else eng.plays(state)
    acts.can_pass = ClimbEngine.can_pass(eng, state) if eng._base_can_pass else eng.can_pass(state)
    return seat, acts, False


def played_event(eng: ClimbEngine, seat: int, mask: int, combo: Combo | None) -> Played:
    """The ``play`` event of ``mask`` (shared values, like the plays themselves).

    >>> from vncards.tienlen import plugin
    >>> eng = plugin.engine(plugin.presets["dem-la"])
    >>> played_event(eng, 1, 0b11, None)
    Played(seat=1, cards=('3S', '3C'), combo='pair')
    """
    cache: dict[tuple[int, int], Any] | None = eng._played_events
    if cache is None:
        cache = {}
        eng._played_events = cache
    done: Played | None = cache.get((seat, mask))
    if done is None:
        if combo is None:
            combo = classify(mask, eng.combo_rules)
            assert combo is not None
        done = Played(seat, tuple(_cards(mask)), combo.kind.code)
        if len(cache) < _PLAYS_LIMIT:
            cache[(seat, mask)] = done
    return done


def apply_action(game: ActingGame, state: ClimbState, action: SheddingAction) -> list[Event]:
    """:meth:`~vncards.core.ClimbingGame.apply`: carry out ``action`` and return the
    events it caused (a play or pass here, anything else by ``game.apply_other``), the
    game closed when it ends. :class:`~vncards.core.IllegalMove` and no change if it is
    illegal."""
    eng = state.engine
    assert eng is not None, "a state of this game carries its engine"
    events = state.events
    k = len(events)
    if isinstance(action, Play):
        seat = action.seat
        mask = action.cards
        if eng._base_play:
            combo = ClimbEngine.play(eng, state, seat, mask)
        else:
            combo = eng.play(state, seat, mask)
        events.insert(k, played_event(eng, seat, mask, combo))
        if not state.hands[seat]:
            events.append(WentOut(seat))
    elif isinstance(action, Pass):
        seat = action.seat
        if eng._base_pass_turn:
            ClimbEngine.pass_turn(eng, state, seat)
        else:
            eng.pass_turn(state, seat)
        said = _PASSED.get(seat)
        events.insert(k, _passed(seat) if said is None else said)
    else:
        told = game.apply_other(state, action)
        if told is None:
            told = [Declared(action.seat, action.what)] if isinstance(action, Declare) else []
        events[k:k] = told
    if state.finished:
        game._close(state)
    return events[k:]


def run_playout(
    game: LoopGame,
    state: ClimbState,
    plan: LoopPlan,
    side: Callable[[ClimbState], Step | None] | None,
    bots: Sequence[Bot],
    draws: list[Callable[[], float] | None],
    record: Callable[[SheddingAction], None],
    max_steps: int,
    keep_events: bool,
) -> bool:
    """Play ``state`` to the end: a seat with a draw in ``draws`` chooses as a random bot
    does (one draw per choice, the same draws as :class:`~vncards.core.RandomBot`), the
    others through their view. ``side`` is the game's side decisions (or ``None``);
    ``keep_events`` off when no one reads the state's events.

    Raises :class:`RuntimeError` when the game does not end within ``max_steps``.
    """
    for _ in range(max_steps):
        if state.finished:
            if keep_events:
                game._close(state)
            return True
        seat = state.turn
        draw = draws[seat]
        step = None if side is None or state.pile else side(state)
        if (
            step is None
            and draw is not None
            and _drawn_turn(state, plan, seat, draw, record, keep_events)
        ):
            continue
        if step is None:
            step = turn_parts(state) if plan.base_turns else game._turn_parts(state)
        _decide(game, state, plan, step, bots, draws, record)
    raise RuntimeError(f"game did not end within {max_steps} steps")


def _drawn_turn(
    state: ClimbState,
    plan: LoopPlan,
    seat: int,
    draw: Callable[[], float],
    record: Callable[[SheddingAction], None],
    keep_events: bool,
) -> bool:
    """The turn of a seat drawn for, played straight on the engine; ``False`` (having
    done nothing) when the seat has nothing it may do."""
    eng = state.engine
    assert eng is not None, "a state of this game carries its engine"
    # the engine's own steps called straight where its class keeps the base's (see
    # ClimbEngine._base_plays)
    masks = ClimbEngine.plays(eng, state) if eng._base_plays else eng.plays(state)
    k = len(masks)
    if plan.free_passes:
        n = k if state.table is None else k + 1
    elif eng._base_can_pass:
        n = k + 1 if ClimbEngine.can_pass(eng, state) else k
    else:
        n = k + 1 if eng.can_pass(state) else k
    if not n:
        return False
    i = int(draw() * n)
    # an offered action is carried out, so its event may come first: any chop or
    # chain paid that the engine tells of follows it
    if i < k:
        mask = masks[i]
        if keep_events:
            state.events.append(played_event(eng, seat, mask, None))
        if not plan.unchecked_plays:
            eng.play(state, seat, mask)
        elif eng._base_play_offered:
            ClimbEngine._play_offered(eng, state, seat, mask)
        else:
            eng._play_offered(state, seat, mask)
        if keep_events and not state.hands[seat]:
            state.events.append(WentOut(seat))
        done = _PLAYS.get((seat, mask))
        record(_play(seat, mask) if done is None else done)
    else:
        if keep_events:
            said = _PASSED.get(seat)
            state.events.append(_passed(seat) if said is None else said)
        if not plan.unchecked_passes:
            eng.pass_turn(state, seat)
        elif eng._base_pass:
            ClimbEngine._pass(eng, state, seat)
        else:
            eng._pass(state, seat)
        made = _PASSES.get(seat)
        record(_pass(seat) if made is None else made)
    return True


def _decide(
    game: LoopGame,
    state: ClimbState,
    plan: LoopPlan,
    step: Step,
    bots: Sequence[Bot],
    draws: list[Callable[[], float] | None],
    record: Callable[[SheddingAction], None],
) -> None:
    """One decision asked of its seat (drawn for, or through the bot's view) and carried
    out."""
    seat, offered, optional = step
    draw = draws[seat]  # a side decision may ask another seat than the turn's
    bot = bots[seat]
    choice: SheddingAction | None
    if draw is not None:
        # RandomBot.choose, drawn here
        decline: float = bot.decline  # type: ignore[attr-defined]
        if optional and (not offered or draw() < decline):
            choice = None
        else:
            choice = offered[int(draw() * len(offered))]
    else:
        legal = offered_tuple(offered)
        if plan.base_view:
            view: View = seat_view(game, state, seat, seat, legal, optional)
        else:
            view = game._view(state, seat, seat, legal, optional)
        choice = bot.choose(view, offered, optional)
    if choice is None:
        if not optional:
            raise IllegalMove("must-act", f"bot {bot.name} declined a forced choice")
        game.decline(state, seat)
    else:
        if plan.base_apply:
            apply_action(game, state, choice)
        else:
            game.apply(state, choice)
        record(choice)
