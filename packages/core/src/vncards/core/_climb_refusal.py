"""Why a climbing game refuses a play or a pass, without making it: the engine's own
checks (:meth:`~vncards.core.ClimbEngine.check_play`,
:meth:`~vncards.core.ClimbEngine.check_pass`), which its ``play`` and ``pass_turn``
run before they change anything, so the answer is the very refusal they would raise.
"""

from __future__ import annotations

from vncards.core._errors import IllegalMove
from vncards.core.climbing._actions import Pass, Play
from vncards.core.climbing._engine import ClimbState

__all__ = ["climb_refusal"]


def climb_refusal(state: ClimbState, action: Play | Pass) -> IllegalMove | None:
    """The refusal a play or pass meets in ``state``, or ``None`` when it is legal.

    >>> from vncards.core import get_game
    >>> game = get_game("tienlen")
    >>> state = game.new_game(game.presets["dem-la"], 4, seed=1)
    >>> climb_refusal(state, Pass(state.turn)).code
    'cannot-pass-lead'
    >>> climb_refusal(state, Play(state.turn, 0)).code
    'empty-play'
    """
    engine = state.engine
    assert engine is not None, "a state of a climbing game carries its engine"
    try:
        if isinstance(action, Play):
            engine.check_play(state, action.seat, action.cards)
        else:
            engine.check_pass(state, action.seat)
    except IllegalMove as e:
        return e
    return None
