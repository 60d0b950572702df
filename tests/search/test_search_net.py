"""A search guided by a network (``search+net``): core's :func:`~vncards.core._search.guided`
narrows the candidates to the ones a :class:`~vncards.core.Guide` scores best, and the
Tiến lên bot built on it searches only those. (It sees views only and replays a game for
a seed as every search bot does: ``tests/envs/test_net_bot.py`` and
``tests/search/test_search_games.py`` check it with the others.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from vncards.core import SearchBot
from vncards.core._search import guided
from vncards.envs.net import NetGuide, search_net_bot
from vncards.tienlen import plugin as tienlen

from .conftest import Card, Duel

RULES = tienlen.presets["dem-la"]


class Highest:
    """A guide that scores a card by its value and declining by ``decline``."""

    def __init__(self, decline: float = -1.0) -> None:
        self.decline = decline
        self.asked = 0

    def scores(self, view: Any, actions: Sequence[Any], optional: bool) -> list[float]:
        self.asked += 1
        return [float(getattr(a, "card", 0)) for a in actions] + [self.decline] * optional


def test_the_guided_candidates_are_the_hooks_first_the_best_scored_and_the_best_of_all() -> None:
    actions = [Card(0, c) for c in (1, 5, 3, 9)]
    cands = [actions[0], actions[2], actions[1]]  # the hooks' list, first guess first
    assert guided(Highest(), 1, None, actions, False, cands) == [actions[0], actions[1], actions[3]]
    assert guided(Highest(), 2, None, actions, False, cands) == [
        actions[0], actions[1], actions[2], actions[3],
    ]  # fmt: skip
    # declining is a choice too when it is optional, and it may score best
    assert guided(Highest(10.0), 1, None, actions, True, [*cands, None]) == [
        actions[0], None,
    ]  # fmt: skip


def test_a_guide_that_scores_the_wrong_number_of_choices_is_refused() -> None:
    class Forgetful:  # never scores declining
        def scores(self, view: Any, actions: Sequence[Any], optional: bool) -> list[float]:
            return [0.0] * len(actions)

    actions = [Card(0, c) for c in range(4)]
    assert guided(Forgetful(), 1, None, actions, False, actions[:2]) == actions[:1]  # ties
    with pytest.raises(ValueError, match="scored 4 choices of 5"):
        guided(Forgetful(), 1, None, actions, True, actions[:2])


def test_a_guided_search_searches_only_the_guided_candidates() -> None:
    duel = Duel()
    state = duel.new_game(3)
    d = duel.decision(state)
    while d is not None and d.optional:
        duel.decline(state, d.seat)
        d = duel.decision(state)
    assert d is not None
    assert len(d.actions) == 3
    view = duel.view(state, d.seat)
    guide = Highest()
    bot = SearchBot(duel, seed=1, iterations=60, guide=guide, top=1)
    choice = bot.choose(view, d.actions, d.optional)
    assert guide.asked == 1
    kept = guided(guide, 1, view, d.actions, d.optional, list(d.actions))
    assert len(kept) < len(d.actions)
    assert choice in kept
    assert len(bot.stats.counts) == len(kept)
    # without a guide every candidate is searched, as before
    plain = SearchBot(duel, seed=1, iterations=60)
    plain.choose(view, d.actions, d.optional)
    assert len(plain.stats.counts) == 3


def _position(players: int, seed: int, steps: int) -> Any:
    state = tienlen.new_game(RULES, players, seed)
    greedy = [tienlen.bots["greedy"](s) for s in range(players)]
    for _ in range(steps):
        d = tienlen.decision(state)
        if d is None:
            return state
        choice = greedy[d.seat].choose(tienlen.view(state, d.seat), d.actions, False)
        assert choice is not None
        tienlen.apply(state, choice)
    return state


def test_heads_up_search_net_searches_a_few_plays_where_search_tries_them_all() -> None:
    # Tiến lên's heads-up search tries every legal play; guided, only the network's best
    state = _position(2, 3, 0)
    d = tienlen.decision(state)
    assert d is not None
    assert len(d.actions) > 10
    view = tienlen.view(state, d.seat)
    plain = tienlen.bots["search"](0, iterations=200)
    plain.choose(view, d.actions, False)
    net = search_net_bot("tienlen", 0, iterations=200, top=3)
    net.choose(view, d.actions, False)
    assert isinstance(net.guide, NetGuide)
    assert len(plain.stats.counts) > 10
    assert 2 <= len(net.stats.counts) <= 3 + 2
    assert net.name == "search+net"
    assert plain.name == "search"


def test_the_network_guide_needs_its_games_view() -> None:
    guide = search_net_bot("tienlen", 0, iterations=10).guide
    assert isinstance(guide, NetGuide)
    with pytest.raises(TypeError, match="ShedView"):
        guide.scores(object(), [], False)  # type: ignore[arg-type]
