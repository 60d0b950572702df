"""The fast path never offers what the referee refuses, under any rules object.

For every installed game, :func:`vncards.core.testing.check_fast_path` draws rules
objects from the game's rules model (every field over its allowed values, not only the
presets), plays seeded random and greedy games through the game's fast loop, and checks
each offered action, the refereed record and, every few steps, that the offered actions
are exactly the legal ones.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import Field
from vncards.core import ClimbState, Combo, IllegalMove, Kind, RulesBase, discover_games
from vncards.core.testing import check_fast_path, random_rules
from vncards.tienlen import TienLenEngine, TienLenGame, TienLenRules
from vncards.tienlen._plugin import build_plugin

GAMES = discover_games()
# draws per game: enough to switch every setting both ways several times, few enough
# for a shared machine (Mậu Binh and Tứ Sắc games cost more per step)
DRAWS = {"tienlen": 24, "samloc": 16, "tusac": 6, "maubinh": 6, "phom": 6}


def test_every_installed_game_is_drawn() -> None:
    """Every installed game has its draws here: none escapes the check."""
    assert set(GAMES) <= set(DRAWS)


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_fast_path_offers_only_what_the_referee_accepts(name: str) -> None:
    """Issue contract: the fast path may never offer an action ``apply`` refuses, under
    random settings drawn from the rules model, over seeded random and greedy games."""
    plugin = GAMES[name]
    report = check_fast_path(plugin, draws=DRAWS[name], seed=11)
    assert report.games == 2 * DRAWS[name]
    assert report.offered > report.games
    assert report.exact_steps > 0


def test_tienlen_draws_switch_each_northern_setting_both_ways() -> None:
    """The Tiến lên draws cover the Northern settings one by one, not only the preset:
    each of the five takes both of its values among the drawn rules objects."""
    report = check_fast_path(GAMES["tienlen"], draws=24, seed=11, bots=(), exact_every=0)
    for setting in ("follow", "straight_suits", "pair_colours", "pair_runs", "finish_on_two"):
        assert len({getattr(r, setting) for r in report.rules}) == 2, setting


_TABLE: dict[Literal["x", "y"], int] = {"x": 2}


class _House(RulesBase):
    lead: Literal["random", "lowest", "three"] = "random"
    players: int = Field(default=4, ge=2, le=5)
    bonus: int = Field(default=3, ge=1)
    chop: bool = False
    wins: tuple[Literal["a", "b", "c"], ...] = ("a", "b")
    table: dict[Literal["x", "y"], int] = Field(default_factory=lambda: _TABLE.copy())


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_random_rules_stay_in_each_fields_allowed_values(seed: int) -> None:
    """random_rules draws every field within its type and bounds (the model validates
    what it returns)."""
    rules = random_rules(_House, random.Random(seed))
    assert rules.lead in ("random", "lowest", "three")
    assert 2 <= rules.players <= 5
    assert 1 <= rules.bonus <= 2 * 3 + 3
    assert set(rules.wins) <= {"a", "b", "c"}
    assert set(rules.table) <= {"x", "y"}
    assert all(v >= 0 for v in rules.table.values())


def test_random_rules_reach_every_choice() -> None:
    """Over 200 draws each choice of each field comes up."""
    rng = random.Random(0)
    drawn: list[Any] = [random_rules(_House, rng) for _ in range(200)]
    assert {r.lead for r in drawn} == {"random", "lowest", "three"}
    assert {r.players for r in drawn} == {2, 3, 4, 5}
    assert {r.chop for r in drawn} == {True, False}
    assert {r.wins for r in drawn} >= {(), ("a", "b", "c")}


def test_a_model_that_never_validates_is_named() -> None:
    """Settings that contradict each other in every draw end in one clear error."""

    class Never(RulesBase):
        low: int = Field(default=5, ge=5, le=6)
        high: int = Field(default=1, ge=1, le=2)

        def model_post_init(self, context: Any) -> None:
            raise ValueError("low above high")

    with pytest.raises(ValueError, match="no valid Never"):
        random_rules(Never, random.Random(0))


class _FollowByHook(TienLenEngine):
    """The trap: a following rule added through ``_check_hook`` alone, with the
    generator left as it is."""

    def _check_hook(self, state: ClimbState, seat: int, mask: int, combo: Combo) -> None:
        super()._check_hook(state, seat, mask, combo)
        table = state.table
        if (
            table is not None
            and combo.kind == Kind.SINGLE
            and table.kind == Kind.SINGLE
            and (mask.bit_length() - 1) & 3 != (table.mask.bit_length() - 1) & 3
        ):
            raise IllegalMove("must-follow", "A single must follow the suit it beats.")


class _Lying(_FollowByHook):
    offers_legal_plays = True  # claimed, and not so


class _Trap(TienLenGame):
    def __init__(self, engine: type[TienLenEngine]) -> None:
        super().__init__()
        self._engine_type = engine

    def engine(self, rules: TienLenRules) -> TienLenEngine:
        return self._engine_type(rules)


def test_a_rule_added_through_the_check_hook_alone_turns_the_fast_flag_off() -> None:
    """A subclass that refuses plays its own way no longer tells the fast loop that its
    offered plays need no check, unless it says so itself."""
    assert TienLenEngine.offers_legal_plays
    assert not _FollowByHook.offers_legal_plays
    assert _Lying.offers_legal_plays


@pytest.mark.parametrize("engine", [_FollowByHook, _Lying])
def test_the_check_catches_a_generator_that_offers_a_refused_play(
    engine: type[TienLenEngine],
) -> None:
    """The check can fail: a following rule the generator does not know is caught,
    whether the fast loop checks its plays (the flag off) or trusts them."""
    with pytest.raises(AssertionError, match="refuse"):
        check_fast_path(build_plugin(_Trap(engine)), draws=3, seed=1)
