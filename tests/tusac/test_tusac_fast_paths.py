"""Tứ Sắc's fast paths change nothing: the fast playout (core's FastPlayout seam) makes
exactly the choices of the plain decide-and-apply loop, and a view made at once is the
view its constructor makes."""

from __future__ import annotations

from typing import Any

import pytest
from vncards.core import RandomBot, play_game
from vncards.tusac import TuSacState, plugin


class _Plain:
    """The plugin without its playout: :func:`~vncards.core.play_game` then runs its
    plain loop (decision, the bot's choice from its view, apply or decline)."""

    def __getattr__(self, name: str) -> Any:
        if name == "playout":
            raise AttributeError(name)
        return getattr(plugin, name)


def _plain_loop(state: TuSacState, bots: list[Any]) -> list[Any]:
    return list(play_game(_Plain(), state, bots, keep_start=False).actions)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_playout_of_random_bots_makes_the_plain_loops_choices(seats: int) -> None:
    """Random bots that sometimes decline a win: the same actions and payments, and the
    same final state but for the events, which a playout of random bots does not keep."""
    rules = plugin.presets["standard"]
    for seed in range(15):
        fast = play_game(
            plugin,
            plugin.new_game(rules, seats, seed),
            [RandomBot(seed * 7 + s) for s in range(seats)],
        )
        plain = plugin.new_game(rules, seats, seed)
        actions = _plain_loop(plain, [RandomBot(seed * 7 + s) for s in range(seats)])
        assert fast.actions == actions
        assert plugin.result(fast.final) == plugin.result(plain)
        assert fast.final.events == fast.start.events
        fast.final.events = plain.events
        assert fast.final == plain


def test_playout_of_greedy_bots_keeps_every_event() -> None:
    """Bots that read their view are asked through it, and the state keeps its events."""
    rules = plugin.presets["standard"]
    for seed in range(10):
        fast = play_game(
            plugin, plugin.new_game(rules, 4, seed), [plugin.bots["greedy"](s) for s in range(4)]
        )
        plain = plugin.new_game(rules, 4, seed)
        actions = _plain_loop(plain, [plugin.bots["greedy"](s) for s in range(4)])
        assert fast.actions == actions
        assert fast.final == plain
        assert fast.final.events == plain.events


def _mixed(seed: int, seats: int) -> list[Any]:
    """Random bots (sometimes declining a win) in the even seats, greedy ones between."""
    return [
        RandomBot(seed + s) if s % 2 == 0 else plugin.bots["greedy"](seed + s) for s in range(seats)
    ]


def test_playout_of_random_and_greedy_seats_together_keeps_the_plain_games() -> None:
    """Random bots at a table with greedy ones: the playout asks each as the plain loop
    does (the random ones without a view) and keeps every event."""
    rules = plugin.presets["standard"]
    for seed in range(12):
        seats = 2 + seed % 3
        fast = play_game(plugin, plugin.new_game(rules, seats, seed), _mixed(seed, seats))
        plain = plugin.new_game(rules, seats, seed)
        assert fast.actions == _plain_loop(plain, _mixed(seed, seats))
        assert fast.final == plain
        assert fast.final.events == plain.events


def test_a_bot_declining_a_forced_choice_is_refused_as_in_the_plain_loop() -> None:
    """A bot that answers nothing to a forced choice raises ``must-act``."""

    class Silent:
        name = "silent"

        def choose(self, view: Any, actions: Any, optional: bool) -> None:
            return None

    state = plugin.new_game(plugin.presets["standard"], 2, 1)
    with pytest.raises(Exception, match="declined a forced choice") as caught:
        play_game(plugin, state, [Silent(), Silent()])
    assert getattr(caught.value, "code", None) == "must-act"


def test_a_view_holds_exactly_the_fields_its_constructor_sets() -> None:
    """A view is made without its constructor (one update of its fields): it has every
    field and no other, and equals the view the constructor makes of the same values;
    its lists and dicts are its own, not shared with the next view."""
    import dataclasses

    from vncards.tusac import TuSacView

    rules = plugin.presets["standard"]
    game = play_game(
        plugin, plugin.new_game(rules, 4, 3), [plugin.bots["greedy"](s) for s in range(4)]
    )
    state = game.start.copy()
    names = {f.name for f in dataclasses.fields(TuSacView)}
    for action in game.actions[:40]:
        view = plugin.view(state, 0)
        assert set(vars(view)) == names
        assert TuSacView(**vars(view)) == view
        again = plugin.view(state, 0)
        assert again == view
        assert again.public["dead"] is not view.public["dead"]
        for seat, groups in view.public["groups"].items():
            for mine, theirs in zip(groups, again.public["groups"][seat], strict=True):
                assert mine is not theirs
                assert mine["cards"] is not theirs["cards"]
        plugin.apply(state, action)
