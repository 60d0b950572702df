"""The random bots' draws (``vncards.core._twister``): in either build, the floats of
``random.Random(seed).random`` for every seed, so a seeded game is the same compiled or
not. The compiled build runs the Cython kernel; these tests run against whichever build
is installed (CI runs both)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import _twister
from vncards.core._native import SELECTED, compiled_dir

# past 312 draws the 624 words are twisted again: the streams are compared beyond it
_LONG = 1_400


@pytest.mark.parametrize(
    "seed",
    [0, 1, 7, -1, -5, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**64 + 7, -(2**70), 3**200, True],
)
def test_draws_are_random_randoms_floats_at_the_edges_of_a_seeds_words(seed: int) -> None:
    """Seeds of one, two and many 32-bit words, negative ones (their absolute value, as
    CPython seeds), zero and a bool."""
    draw, reference = _twister.draws(seed), random.Random(seed)
    assert [draw() for _ in range(_LONG)] == [reference.random() for _ in range(_LONG)]


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-(2**80), max_value=2**80))
def test_draws_are_random_randoms_floats_for_any_int_seed(seed: int) -> None:
    draw, reference = _twister.draws(seed), random.Random(seed)
    assert [draw() for _ in range(40)] == [reference.random() for _ in range(40)]


def test_the_generator_gives_the_same_floats_and_other_seeds_go_to_random() -> None:
    """``generator(seed).random()`` is the same stream; a seed that is not an int (which
    CPython hashes or digests) is handed to ``random.Random``."""
    made, reference = _twister.generator(2024), random.Random(2024)
    assert [made.random() for _ in range(700)] == [reference.random() for _ in range(700)]
    for seed in ("table-7", 2.5, b"x"):
        draw, other = _twister.draws(seed), random.Random(seed)  # type: ignore[arg-type]
        assert [draw() for _ in range(5)] == [other.random() for _ in range(5)]


def test_a_pickled_stream_goes_on_where_it_stood() -> None:
    """A bot holding its draws pickles (for worker processes); the copy continues the
    stream from the same place, before and after a twist."""
    for used in (0, 5, 311, 312, 900):
        draw = _twister.draws(99)
        for _ in range(used):
            draw()
        copy = pickle.loads(pickle.dumps(draw))
        assert [copy() for _ in range(700)] == [draw() for _ in range(700)]


def test_a_state_of_another_shape_is_not_unpickled() -> None:
    """A pickled stream's state is checked before it is used: a word list of another
    length or a place outside it is refused (the compiled kernel reads without bounds
    checks)."""
    made = _twister.generator(5)
    if isinstance(made, random.Random):
        pytest.skip("the pure build pickles random.Random itself")
    reduced: Any = made.__reduce__()
    rebuild, (words, index) = reduced
    for bad in ((words[:-1], index), (words, -1), (words, 625)):
        with pytest.raises(ValueError, match="not the state of a Twister"):
            rebuild(*bad)
    assert rebuild(words, index).random() == random.Random(5).random()


def test_the_compiled_build_runs_the_kernel() -> None:
    """With the compiled core chosen, the module is the Cython extension and offers every
    function the pure module does."""
    if compiled_dir("vncards.core") is None or not SELECTED["vncards.core"]:
        pytest.skip("the pure build runs random.Random itself")
    assert not str(_twister.__file__).endswith(".py")
    assert {"draws", "generator"} <= set(dir(_twister))
    assert type(_twister.generator(3)).__name__ == "Twister"


def test_a_games_random_bot_draws_from_the_public_generator() -> None:
    """``vncards.core.random_generator`` is the core's generator, for a game's own
    random bot (Mậu Binh's): the floats of ``random.Random(seed)``, from the kernel in the
    compiled build."""
    from vncards.core import random_generator

    made, reference = random_generator(11), random.Random(11)
    assert [made.random() for _ in range(700)] == [reference.random() for _ in range(700)]
    assert type(made) is type(_twister.generator(11))
