"""A random bot draws what ``random.Random(seed)`` draws, whatever seeds it."""

from __future__ import annotations

import random

import pytest
from vncards.core import RandomBot


@pytest.mark.parametrize("seed", [0, 1, 7, -3, 2**31, 2**64 + 9, -(2**80), True])
def test_a_random_bot_draws_as_random_random_does(seed: int) -> None:
    bot = RandomBot(seed)
    reference = random.Random(seed).random
    assert [bot._random() for _ in range(40)] == [reference() for _ in range(40)]


def test_its_picks_follow_those_draws() -> None:
    actions = list(range(11))
    reference = random.Random(12).random
    bot = RandomBot(12, decline=0.3)
    for _ in range(30):
        decline = reference() < 0.3
        want = None if decline else actions[int(reference() * len(actions))]
        assert bot.pick(actions, True) == want
