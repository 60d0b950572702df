"""The compiled core calls the steps an engine or game class keeps as the climbing base
defines them straight (``ClimbEngine._base_*``, ``LoopPlan.base_*``) and every step a
subclass overrides through the subclass: an override is never skipped, and a game
played through overrides that only watch is the base game, move for move.
"""

from __future__ import annotations

from typing import Any

import pytest
from vncards.core import Bot, ClimbConfig, ClimbEngine, ClimbState, ComboRules, play_game
from vncards.tienlen import TienLenGame, TienLenRules
from vncards.tienlen import plugin as tienlen
from vncards.tienlen._engine import TienLenEngine
from vncards.tienlen._plugin import build_plugin

ENGINE_STEPS = (
    "plays",
    "play",
    "_check",
    "_check_hook",
    "_play_offered",
    "_pass",
    "pass_turn",
    "can_pass",
    "_can_pass",
    "_advance",
    "_end_round",
    "_after_play",
    "_plays_hook",
)
"""The engine's steps the compiled core may call straight."""

GAME_STEPS = ("_turn_parts", "apply", "_view")
"""The game's steps the compiled loop may call straight."""


def _watching(base: type, name: str, calls: list[str]) -> type:
    """A subclass of ``base`` whose ``name`` notes each call, then does the base's."""

    def spy(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return getattr(super(watching, self), name)(*args, **kwargs)

    watching: type = type(f"Watching{name}", (base,), {name: spy})
    return watching


def _plugin_with_engine(engine_type: type) -> Any:
    class Game(TienLenGame):
        def engine(self, rules: TienLenRules) -> TienLenEngine:
            eng = self._engines.get(rules)
            if eng is None:
                eng = self._engines[rules] = engine_type(rules)
            return eng

    return build_plugin(Game())


def _games(plugin: Any, bot: str, seeds: range) -> list[Any]:
    rules = plugin.presets["dem-la"]
    out = []
    for seed in seeds:
        bots: list[Bot] = [plugin.bots[bot](4 * seed + i) for i in range(4)]
        played = play_game(plugin, plugin.new_game(rules, 4, seed), bots)
        out.append((played.actions, plugin.result(played.final).payments))
    return out


@pytest.mark.parametrize("name", ENGINE_STEPS)
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_an_engine_step_a_subclass_overrides_is_called_and_changes_no_game(
    name: str, bot: str
) -> None:
    """Each engine step overridden by a subclass is called by the compiled loop (random
    bots drawn for) and by ``apply`` (greedy bots, through their views); the games are
    Tiến lên's own."""
    calls: list[str] = []
    plugin = _plugin_with_engine(_watching(TienLenEngine, name, calls))
    assert _games(plugin, bot, range(6)) == _games(tienlen, bot, range(6))
    assert name in calls


def test_an_engine_keeps_the_base_steps_it_does_not_override() -> None:
    """Tiến lên's default engine keeps every step of the base but the hooks it has
    (``_after_play``, ``_check_hook``, ``_plays_hook``); its variants override
    ``_advance`` (a passed player's return) and ``_end_round`` (no going out on a 2)."""
    default = TienLenEngine(TienLenRules())
    kept = {name for name in ENGINE_STEPS if getattr(default, "_base" + _flag(name), False)}
    assert {"_after_play", "_check_hook", "_plays_hook"}.isdisjoint(kept)
    assert {"plays", "play", "_check", "_play_offered", "_pass", "_advance"} <= kept
    assert not TienLenEngine(TienLenRules(passed_may_chop=True))._base_advance
    assert not TienLenEngine(TienLenRules(finish_on_two="forbidden"))._base_end_round
    base = ClimbEngine(ClimbConfig(ComboRules(), (), lambda target: 0))
    assert base._base_after_play
    assert base._base_plays_hook
    assert base._base_advance


def _flag(name: str) -> str:
    return name if name.startswith("_") else "_" + name


def test_tienlen_filters_only_the_first_play_unless_a_rule_needs_more() -> None:
    """Tiến lên's ``_plays_hook`` (the 3♠ opening) runs on the first play only; under
    ``finish_on_two`` ``forbidden``, or in a subclass with a hook of its own, on every
    list of plays."""
    assert TienLenEngine(TienLenRules()).opening_hook_only
    assert not TienLenEngine(TienLenRules(finish_on_two="forbidden")).opening_hook_only
    calls: list[str] = []
    assert not _watching(TienLenEngine, "_plays_hook", calls)(TienLenRules()).opening_hook_only


class _Counting(ClimbEngine):
    """An engine whose hook drops every play holding the 3♠ and counts its calls."""

    def __init__(self) -> None:
        super().__init__(ClimbConfig(ComboRules(), (), lambda target: 0))
        self.asked = 0

    def _plays_hook(self, state: ClimbState, seat: int, masks: list[int]) -> list[int]:
        self.asked += 1
        return [m for m in masks if not m & 1]


def test_opening_hook_only_asks_the_hook_while_no_card_is_down() -> None:
    """With ``opening_hook_only`` set, ``plays`` passes its list through ``_plays_hook``
    while the pile is empty and not after; unset, always."""
    for opening_only, asked_later in ((True, 0), (False, 1)):
        eng = _Counting()
        eng.opening_hook_only = opening_only
        state = ClimbState([0b11 | 1 << 20, 0b1100 | 1 << 30], 0)
        assert 0b1 not in eng.plays(state)
        assert eng.asked == 1
        eng.play(state, 0, 1 << 1)
        eng.plays(state)
        assert eng.asked == 1 + asked_later


@pytest.mark.parametrize("name", GAME_STEPS)
def test_a_game_step_a_subclass_overrides_is_called_by_the_loop(name: str) -> None:
    """A game overriding ``_turn_parts``, ``apply`` or ``_view`` has the compiled loop
    call its own (greedy bots read views), and plays Tiến lên's games."""
    calls: list[str] = []
    game = _watching(TienLenGame, name, calls)()
    assert isinstance(game, TienLenGame)
    plugin = build_plugin(game)
    assert _games(plugin, "greedy", range(4)) == _games(tienlen, "greedy", range(4))
    assert name in calls
