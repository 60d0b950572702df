"""A climbing game written in plain Python against the core — its own state, engine and
game subclasses — plays the same through the core's compiled loop as through the plain
loop, and its records, views and determinized states stay its own. It is a
:class:`~vncards.core.ClimbingGame` made a plugin by core's :class:`~vncards.core.Plugin`,
as a third party would write it.

The rule under test: the hot loop of ``vncards.core.climbing`` (compiled in a compiled
build) drives the engine and state natively but asks the game only through its methods,
so a third-party plugin's interpreted overrides are honoured. On a compiled install the
last test checks that these tests did run against the compiled loop.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

import pytest
from vncards.core import (
    CARDS,
    FRENCH,
    TRUE,
    ActionKey,
    ClimbEngine,
    ClimbingCodec,
    ClimbingGame,
    ClimbState,
    Combo,
    GameInfo,
    GameResult,
    IllegalMove,
    Kind,
    Pass,
    Play,
    Plugin,
    RandomBot,
    RecordVocabulary,
    SheddingAction,
    play_game,
    record_game,
)
from vncards.core._native import SELECTED
from vncards.core.climbing import ShedView

from tests.fakegames import CardsLeftHooks, HandRules, cards_left_result, quad_chops_two, random_bot

_TWOS = 15 << 48


class PassRules(HandRules):
    """Cards per hand."""

    hand_size: int = 7


class CountedState(ClimbState):
    """A state with a value of its own: how many passes were made."""

    __slots__ = ("passes",)

    def __init__(
        self, hands: Sequence[int], first: int, engine: Any = None, rules: Any = None
    ) -> None:
        super().__init__(hands, first, engine, rules)
        self.passes = 0


class NoLoneTwoLead(ClimbEngine):
    """A round may not be led by a single 2, and every pass is counted on the state:
    both hooks interpreted, so the loop must check plays (``offers_legal_plays`` off)
    and pass through the game's own ``_pass``."""

    def _plays_hook(self, state: ClimbState, seat: int, masks: list[int]) -> list[int]:
        if state.table is not None:
            return masks
        return [m for m in masks if not (m & _TWOS and m.bit_count() == 1)] or masks

    def _check_hook(self, state: ClimbState, seat: int, mask: int, combo: Combo) -> None:
        leads_two = state.table is None and combo.kind == Kind.SINGLE and mask & _TWOS
        if leads_two and mask not in self.plays(state):
            raise IllegalMove("lone-two-lead", "A round is not led by a single 2.")

    def _pass(self, state: ClimbState, seat: int) -> None:
        assert isinstance(state, CountedState)
        state.passes += 1
        super()._pass(state, seat)


def _value(target: Combo) -> int:
    return 2 * target.length


INFO = GameInfo(
    "passcount",
    "Pass count",
    FRENCH,
    PassRules,
    MappingProxyType({"std": PassRules()}),
    "std",
    RecordVocabulary(
        actions=(ActionKey("play", CARDS), ActionKey("pass", TRUE)),
        outcomes=("win",),
        transfer_reasons=("cards-left", "chop", "passes"),
    ),
)


class PassCount(CardsLeftHooks[PassRules], ClimbingGame[PassRules]):
    """Tiến lên combinations, tứ quý chops a 2; the winner collects a lá per card left
    and a lá per pass made in the game. Played by the compiled loop."""

    info = INFO
    state_type = CountedState
    plays_fast = True

    def engine(self, rules: PassRules) -> ClimbEngine:
        return quad_chops_two(_value, engine_type=NoLoneTwoLead)

    def choose_first(self, rules: PassRules, hands: Sequence[int], seed: int | None) -> int:
        return 0

    def result(self, state: ClimbState) -> GameResult:
        assert isinstance(state, CountedState)
        if not state.finished:
            return cards_left_result(state)
        loser = (state.winner + 1) % state.n_players
        return cards_left_result(state, (loser, state.winner, state.passes, "passes"))


class PlainLoop(PassCount):
    """The same game, its decisions asked one by one (no fast loop)."""

    plays_fast = False


def _plugin(game: PassCount) -> Plugin[Any, Any, PassRules]:
    """The game as core's plugin: core's climbing record codec, a random bot."""
    return Plugin(game, ClimbingCodec(game), {"random": random_bot})


class FirstBot(RandomBot):
    """Chooses its first offered action: a bot the loop asks through its view."""

    drawn_in_loop = False

    def choose(
        self, view: Any, actions: Sequence[SheddingAction], optional: bool
    ) -> SheddingAction | None:
        assert isinstance(view, ShedView)
        assert tuple(actions) == view.legal
        return actions[0]


COUNTING = PassCount()
GAME, PLAIN = _plugin(COUNTING), _plugin(PlainLoop())
RULES = PassRules()


def _play(
    game: Plugin[Any, Any, PassRules], seed: int, mixed: bool
) -> tuple[list[SheddingAction], Any]:
    bots = [FirstBot(seed) if mixed and i == 1 else RandomBot(3 * seed + i) for i in range(3)]
    played = play_game(game, game.new_game(RULES, 3, seed), bots)
    return played.actions, played


@pytest.mark.parametrize("mixed", [False, True])
def test_the_core_loop_plays_an_interpreted_game_as_the_plain_loop_does(mixed: bool) -> None:
    """Same seeds, same games: the fast loop (random bots drawn for; with one bot asked
    through its view when ``mixed``) makes the plain loop's actions, and the game's own
    pass count and payments come out equal."""
    for seed in range(25):
        fast, fast_game = _play(GAME, seed, mixed)
        plain, plain_game = _play(PLAIN, seed, mixed)
        assert fast == plain, seed
        assert fast_game.final.passes == plain_game.final.passes
        assert GAME.result(fast_game.final) == PLAIN.result(plain_game.final)


def test_the_referee_accepts_what_the_core_loop_played() -> None:
    """The interpreted check hook is the referee's: every game the fast loop played is
    legal and pays what the game's own result says."""
    for seed in range(10):
        _, played = _play(GAME, seed, True)
        report = GAME.referee(record_game(GAME, played, ["An", "Bình", "Chi"], bet=1))
        assert report.legal, seed
        assert report.finished, seed
        assert list(report.payments.values()) == list(GAME.result(played.final).payments)


def test_an_interpreted_check_hook_refuses_through_apply() -> None:
    """A single 2 led while the hand holds another play is refused by the game's hook,
    with the state unchanged."""
    state = COUNTING.start(RULES, [0b1 | 1 << 48, 0b10, 0b100], 0)
    before = state.copy()
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, Play(0, 1 << 48))
    assert refused.value.code == "lone-two-lead"
    assert state == before
    assert Play(0, 1 << 48) not in GAME.legal_actions(state)


def test_views_and_determinized_states_keep_the_games_own_class_and_values() -> None:
    """A determinized state is the game's state class, its own value restored, and shows
    the viewer the same view; a pass made on it goes through the game's engine hook."""
    _, played = _play(GAME, 4, False)
    state = GAME.new_game(RULES, 3, 4)
    assert isinstance(state, CountedState)
    for action in played.actions[:9]:
        GAME.apply(state, action)
    view = GAME.view(state, state.turn)
    guess = GAME.determinize(view, random.Random(2))
    assert isinstance(guess, CountedState)
    assert type(guess) is CountedState
    assert guess.passes == state.passes
    assert GAME.view(guess, state.turn) == view
    if Pass(state.turn) in view.legal:
        GAME.apply(guess, Pass(state.turn))
        assert guess.passes == state.passes + 1


def test_these_tests_ran_against_the_compiled_loop_when_core_is_compiled() -> None:
    """On a compiled install, the loop, views and engine these tests drove are the
    extension modules, not the sources."""
    if not SELECTED["vncards.core"]:
        pytest.skip("core runs its pure build")
    import vncards.core.climbing._engine as engine
    import vncards.core.climbing._fastview as fastview
    import vncards.core.climbing._loop as loop

    for module in (loop, fastview, engine):
        assert not str(module.__file__).endswith(".py"), module.__name__
