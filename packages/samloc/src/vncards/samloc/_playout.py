"""Sâm games between random bots in one compiled loop.

:meth:`~vncards.samloc.SamLoc.playout` plays a game whose every seat is
a random bot drawn for in the loop (:attr:`~vncards.core.RandomBot.drawn_in_loop`) here:
the same draws, actions and final state as the core's playout, which runs every other
table. Nobody reads a view of such a game, so, as there, the state keeps no events of
it.

>>> from vncards.core import RandomBot, play_game
>>> from vncards.samloc import plugin
>>> state = plugin.new_game(plugin.presets["standard"], 4, seed=3)
>>> game = play_game(plugin, state, [RandomBot(i, decline=1.0) for i in range(4)])
>>> plugin.result(game.final).finished
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vncards.core import Bot, ClimbState, RandomBot
from vncards.core._shedding import _loop_parts, _pass, _play

__all__ = ["all_drawn_for", "random_playout"]


def all_drawn_for(bots: Sequence[Bot]) -> bool:
    """Whether every bot is a random bot that a loop may draw for.

    >>> from vncards.core import RandomBot
    >>> all_drawn_for([RandomBot(0), RandomBot(1)]), all_drawn_for([RandomBot(0), object()])
    (True, False)
    """
    return all(isinstance(bot, RandomBot) and bot.drawn_in_loop for bot in bots)


def random_playout(
    game: Any,
    state: ClimbState,
    bots: Sequence[Any],
    record: Callable[[Any], None],
    max_steps: int,
) -> bool:
    """Play ``state`` out between random ``bots`` (see :func:`all_drawn_for`), each
    action made passed to ``record``; ``True`` once the game is over. The state's
    events are left as they were."""
    kept = state.events
    state.events = []  # what the engine tells goes here, and is dropped
    try:
        return _loop(game, state, bots, record, max_steps)
    finally:
        state.events = kept


def _loop(
    game: Any,
    state: ClimbState,
    bots: Sequence[Any],
    record: Callable[[Any], None],
    max_steps: int,
) -> bool:
    # RandomBot draws one random() a choice: the bot's own generator, drawn for here
    draws: list[Callable[[], float]] = [bot._random for bot in bots]
    eng = state.engine
    assert eng is not None, "a state of this game carries its engine"
    parts = eng._loop_parts
    if parts is None:
        parts = eng._loop_parts = _loop_parts(eng)
    plays, play, pass_turn, can_pass = parts
    for _ in range(max_steps):
        if state.finished:
            return True
        seat = state.turn
        draw = draws[seat]
        step = None if state.pile else game.side_decision(state)
        if step is None:
            masks = plays(state)
            k = len(masks)
            if can_pass is None:
                n = k if state.table is None else k + 1
            else:
                n = k + 1 if can_pass(state) else k
            if n:
                i = int(draw() * n)
                if i < k:
                    mask = masks[i]
                    play(state, seat, mask)
                    record(_play(seat, mask))
                else:
                    pass_turn(state, seat)
                    record(_pass(seat))
                continue
            step = game._turn_parts(state)
        seat, offered, optional = step
        draw = draws[seat]  # a side decision may ask another seat than the turn's
        if optional and (not offered or draw() < bots[seat].decline):
            game.decline(state, seat)
        else:
            choice = offered[int(draw() * len(offered))]
            game.apply(state, choice)
            record(choice)
    raise RuntimeError(f"game did not end within {max_steps} steps")
