"""Tứ Sắc bots: ``random`` (core's random bot, always taking a win it is offered),
``greedy`` (takes whatever lowers its rác most, discards its worst rác) and ``search``
(core's determinized search with Tứ Sắc's hooks, :mod:`vncards.tusac._search`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from vncards.core import Bot, BotMaker, RandomBot, View
from vncards.tusac._engine import Discard, Take, worst_of
from vncards.tusac._search import search_bot
from vncards.tusac._solver import hand_remove, min_junk
from vncards.tusac._view import TuSacView

__all__ = ["BOTS", "GreedyBot", "greedy_bot", "random_bot", "search_bot"]


def random_bot(game: object, seed: int) -> Bot:
    """Core's random bot that never declines an offered win (it reads no view, so the
    game loop builds none for it); a bot maker: the plugin played and a seed.

    >>> random_bot(None, 1).pick(["win"], True)
    'win'
    """
    return RandomBot(seed, decline=0.0)


class GreedyBot:
    """Wins when it can; otherwise takes the active card whenever a take is allowed,
    choosing the take that leaves the fewest rác; discards a rác with the fewest outs
    (so it never owes đền); draws or passes when it cannot take. It reads only its
    seat's :class:`~vncards.tusac.TuSacView`: its private hand and the cards everyone
    has seen.

    >>> from vncards.tusac import plugin, TuSacRules
    >>> st = plugin.new_game(TuSacRules(), 2, seed=1)
    >>> v = plugin.view(st, 0)
    >>> GreedyBot(0).choose(v, v.legal, v.optional)
    Discard(seat=0, card=15)
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """Pick one of ``actions`` for ``view.seat`` (an offered win is always taken)."""
        if not actions:
            return None
        if optional or len(actions) == 1:
            return actions[0]
        if not isinstance(view, TuSacView):
            raise TypeError(f"the greedy bot reads a Tứ Sắc view, not {type(view).__name__}")
        hand = view.own
        if isinstance(actions[0], Discard):
            worst, _ = worst_of(hand, view.seen)
            best = [a for a in actions if a.card in worst] or list(actions)
            return best[self._rng.randrange(len(best))]
        seat = view.seat
        takes = [a for a in actions if isinstance(a, Take) and a.seat == seat]
        if not takes:
            return actions[-1]

        def junk_after(take: Take) -> int:
            after = hand
            for k in take.cards:
                after = hand_remove(after, k)
            return min_junk(after)

        scored = [(junk_after(t), t) for t in takes]
        fewest = min(s for s, _ in scored)
        best_takes = [t for s, t in scored if s == fewest]
        return best_takes[self._rng.randrange(len(best_takes))]


def greedy_bot(game: object, seed: int) -> GreedyBot:
    """The greedy bot (:class:`GreedyBot`); a bot maker.

    >>> greedy_bot(None, 1).name
    'greedy'
    """
    return GreedyBot(seed)


BOTS: Mapping[str, BotMaker] = MappingProxyType(
    {"random": random_bot, "greedy": greedy_bot, "search": search_bot}
)
"""Bot makers by name, each taking the plugin played and a seed (the plugin's
``bots[name]`` takes the seed alone)."""
