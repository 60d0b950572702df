"""Values crossing the package's boundary behave alike in either build: numbers from
outside (the environments hand over numpy integers) read as card ids and split numbers,
though the compiled modules take only ``int``; and states, actions and bots pickle
(worker processes receive them so)."""

from __future__ import annotations

import pickle

import numpy as np
from vncards.core import deal
from vncards.maubinh import (
    Arrange,
    MauBinhRules,
    SolverBot,
    Splits,
    apply_arrange,
    plugin,
    start_game,
)
from vncards.maubinh._solver import split_at


def test_a_split_number_may_be_a_numpy_integer() -> None:
    cards = tuple(range(13))
    assert split_at(cards, np.int64(72_071)) == split_at(cards, 72_071)
    assert Splits(0, cards)[np.int64(5)] == Splits(0, cards)[5]


def test_an_arrangement_of_numpy_card_ids_is_the_same_arrangement() -> None:
    """Arrange sorts each chi and keeps plain ints, so the game accepts it and records
    the same value as for ``int`` ids."""
    hands = deal(4, 52, [13, 13])[0]
    st = start_game(MauBinhRules(), hands)
    mine = sorted(st.hands[0])
    typed = Arrange(0, tuple(np.array(mine[:5])), tuple(np.array(mine[5:10])), tuple(mine[10:]))
    assert typed == Arrange(0, tuple(mine[:5]), tuple(mine[5:10]), tuple(mine[10:]))
    assert all(type(c) is int for c in typed.chi1 + typed.chi2)
    apply_arrange(st, typed)
    assert st.arranged[0] == typed


def test_states_actions_and_bots_pickle() -> None:
    st = plugin.new_game(MauBinhRules(), 3, seed=2)
    action = Splits(1, st.hands[1])[123]
    again = pickle.loads(pickle.dumps(st))
    assert again == st
    assert pickle.loads(pickle.dumps(action)) == action
    apply_arrange(again, action)
    assert again.arranged[1] == action
    assert st.arranged[1] is None
    bot = pickle.loads(pickle.dumps(SolverBot(4, samples=4)))
    assert isinstance(bot, SolverBot)
    assert bot.samples == 4
