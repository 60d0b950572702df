"""Bot games without views: every seat still to arrange asks its bot for a split, in
seat order, and the last one settles. The same choices, in the same order, as core's
plain loop (``play_game`` over ``decision`` and ``apply``).

>>> from vncards.maubinh._bots import GreedyBot
>>> from vncards.maubinh._engine import start_game
>>> from vncards.maubinh._rules import MauBinhRules
>>> from vncards.core import deal
>>> st = start_game(MauBinhRules(), deal(3, 52, [13, 13])[0])
>>> actions = []
>>> play_out(st, [GreedyBot(0), GreedyBot(1)], actions.append, 100), len(actions), st.finished
(True, 2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vncards.core import Bot, RandomBot
from vncards.maubinh._bots import ArrangingBot
from vncards.maubinh._engine import Arrange, MauBinhState, chi_keys, outcome_of
from vncards.maubinh._settle import settle_net
from vncards.maubinh._splits import Splits

__all__ = ["play_out"]


def play_out(
    state: MauBinhState, bots: Sequence[Bot], record: Callable[[Any], object], max_steps: int
) -> bool:
    """Play ``state`` to the end with Mậu Binh bots (or core random bots), passing each
    arrangement to ``record``; False, changing nothing, for any other bot or when more
    than ``max_steps`` seats are still to arrange."""
    for bot in bots:
        plain = isinstance(bot, ArrangingBot) and type(bot).choose is ArrangingBot.choose
        if not plain and type(bot) is not RandomBot:
            return False
    pending = state.pending()
    if len(pending) > max_steps:
        return False
    rules, hands = state.rules, state.hands
    shown = [c for s in range(state.n) if state.instant[s] is not None for c in hands[s]]
    for seat in pending:
        bot = bots[seat]
        if isinstance(bot, ArrangingBot):
            sp = bot.split(rules, hands[seat], shown)
            action = Arrange(seat, sp.chi1, sp.chi2, sp.chi3)
            keys = sp.keys
        else:
            assert isinstance(bot, RandomBot)
            picked = bot.pick(Splits(seat, hands[seat]), False)
            assert isinstance(picked, Arrange)
            action = picked
            keys = chi_keys(state.ev, action)
        state.arranged[seat] = action
        state.keys[seat] = keys
        record(action)
    if pending:
        transfers, net = settle_net(state.score, state.instant, state.keys)
        state.result_ = outcome_of(state.instant, transfers, net)
        state.finished = True
    return True
