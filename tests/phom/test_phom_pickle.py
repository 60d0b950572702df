"""States and actions pickle in either build (worker processes receive them so): the
compiled state and actions are native classes, rebuilt from their fields."""

from __future__ import annotations

import pickle

from vncards.phom import Discard, Draw, LayOff, Meld, Take, plugin
from vncards.phom._melds import solve


def test_a_state_pickles_and_plays_on_alike() -> None:
    st = plugin.new_game(plugin.presets["standard"], 3, seed=5)
    again = pickle.loads(pickle.dumps(st))
    assert again == st
    action = plugin.legal_actions(st)[0]
    assert plugin.apply(again, action) == plugin.apply(st, action)
    assert again == st


def test_every_action_and_a_partition_pickle() -> None:
    actions = [Discard(0, 8), Draw(1), Take(2), Meld(1, ((4, 17, 30),)), LayOff(2, ((19, (22,)),))]
    assert [pickle.loads(pickle.dumps(a)) for a in actions] == actions
    part = solve(0b111)
    assert pickle.loads(pickle.dumps(part)) == part
