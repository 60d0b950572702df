"""Tứ Sắc's fast seam of :func:`~vncards.core.play_game`: the same loop run here, on the
engine's own decisions, so that a simulation builds no
:class:`~vncards.core.Decision` per choice and no view for a random bot.

Each choice is made as the plain loop makes it: a random bot drawn for in the loop is
asked through :meth:`~vncards.core.RandomBot.pick`, any other bot through its seat's
view, and a declined optional choice lets the claim go. When every seat is such a
random bot, no one reads a view: the actions are then applied without their events
(the state keeps none of this playout; a simulation reads only its result).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vncards.core import Bot, IllegalMove, RandomBot
from vncards.tusac._actions import TuSacAction
from vncards.tusac._engine import apply_action, apply_quietly, decision_parts, decline_claim
from vncards.tusac._state import TuSacState

__all__ = ["play_out"]


def play_out(
    state: TuSacState,
    bots: Sequence[Bot],
    record: Callable[[TuSacAction], None],
    max_steps: int,
    view: Callable[[TuSacState, int], Any],
) -> bool:
    """Play ``state`` to the end with ``bots`` (one per seat), passing each action made
    to ``record``; ``view`` makes a seat's view for a bot that reads one. Always plays
    (returns ``True``); raises as :func:`~vncards.core.play_game` does.

    >>> from vncards.tusac import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=4)
    >>> made = []
    >>> bots = [plugin.bots["random"](s) for s in range(2)]
    >>> play_out(st, bots, made.append, 1000, plugin.view), st.finished, len(made) > 0
    (True, True, True)
    """
    picks = [isinstance(bot, RandomBot) and bot.drawn_in_loop for bot in bots]
    # with no one reading a view, the events need not be told (nor kept)
    apply = apply_quietly if all(picks) else apply_action
    for _ in range(max_steps):
        parts = decision_parts(state)
        if parts is None:
            return True
        seat, actions, optional = parts
        bot = bots[seat]
        choice: Any
        if picks[seat]:
            assert isinstance(bot, RandomBot)
            choice = bot.pick(actions, optional)
        else:
            choice = bot.choose(view(state, seat), list(actions), optional)
        if choice is None:
            if not optional:
                raise IllegalMove("must-act", f"bot {bot.name} declined a forced choice")
            decline_claim(state, seat)
        else:
            apply(state, choice)
            record(choice)
    raise RuntimeError(f"game did not end within {max_steps} steps")
