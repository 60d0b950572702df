"""Core's Plugin over a game's small parts: what it derives, what it lends, what it
checks once for every game (built here from Phỏm's parts, and from bits of them)."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest
from vncards.core import (
    FRENCH,
    CardLook,
    ExplainsNotation,
    GameInfo,
    GamePlugin,
    IllegalMove,
    Notation,
    Plugin,
    RandomBot,
    RecordError,
    ReportsStatistics,
    ShowsCards,
    SplitsCardLists,
    SummarizesRules,
    strongest_of,
    why_illegal,
)
from vncards.phom import INFO, Draw, PhomCodec, PhomGame, PhomProbes, PhomRules, plugin


def _plugin(game: Any = None, **parts: Any) -> Plugin[Any, Any, Any]:
    bots = {"random": lambda game, seed: RandomBot(seed)}
    return Plugin(game or PhomGame(), PhomCodec(), bots, **parts)


def test_the_plugin_is_a_whole_game_plugin() -> None:
    """From four parts, every member the tools read: name, deck, presets, referee…"""
    built = _plugin(probes=PhomProbes())
    assert isinstance(built, GamePlugin)
    assert (built.name, built.title, built.deck) == ("phom", "Phỏm (Tá lả)", "french")
    assert built.default_preset == "standard"
    assert set(built.presets) == {"standard", "flat"}
    assert built.record_vocabulary is INFO.vocabulary
    state = built.new_game(PhomRules(), 3, seed=4)
    assert built.card_multiset(state) == list(range(52))


def test_info_gives_statistics_and_the_strongest_bot() -> None:
    """GameInfo's statistics and strongest bot reach the plugin; the statistics make it
    a ReportsStatistics once a tool counts them."""
    assert plugin.default_opponent == "search"  # type: ignore[attr-defined]
    assert isinstance(plugin, ReportsStatistics)
    assert not isinstance(_plugin(), ReportsStatistics)  # statistics, but no counter


def test_a_strongest_bot_given_as_names_must_name_one() -> None:
    """Several names are strongest first; an empty tuple names nothing and is refused."""
    with pytest.raises(ValueError, match="names no bot"):
        dataclasses.replace(INFO, strongest_bot=())
    ranked = dataclasses.replace(INFO, strongest_bot=("ghost", "search"))
    assert strongest_of(ranked.strongest_bot or (), plugin.bots) == "search"


def test_tools_lend_their_members_and_may_replace_the_summary() -> None:
    """A tool's public members become the plugin's; its summary replaces core's."""

    class Summary:
        def summary(self, rules: PhomRules) -> dict[str, Any]:
            return {"deck": "french 52", "lay_off": rules.lay_off}

    bare = _plugin()
    assert bare.summary(PhomRules()) == {"deck": "french", "players": "2-4"}
    told = _plugin(tools=[Summary()])
    assert isinstance(told, SummarizesRules)
    assert told.summary(PhomRules()) == {"deck": "french 52", "lay_off": True}


def test_the_notation_lends_only_what_it_says() -> None:
    """A card look, a splitter of its own and examples come from the notation; the
    French notation lends none of them (the tools know French cards already)."""
    assert not isinstance(plugin, ShowsCards | SplitsCardLists | ExplainsNotation)
    notation = Notation(
        "dots",
        int,
        str,
        split=lambda text: text.split("."),
        look=lambda token, vietnamese: CardLook(f"•{token}", "red"),
        examples=("1.2",),
    )
    info = GameInfo(
        "dots", "Dots", notation, PhomRules, {"standard": PhomRules()}, "standard",
        INFO.vocabulary,
    )  # fmt: skip

    class Dots(PhomGame):
        pass

    Dots.info = info
    built = _plugin(Dots())
    assert isinstance(built, ShowsCards)
    assert isinstance(built, SplitsCardLists)
    assert built.card_look("3", False) == CardLook("•3", "red")
    assert built.split_card_list("1.2") == ["1", "2"]
    assert isinstance(built, ExplainsNotation)
    assert built.notation_examples == ("1.2",)


def test_without_probes_the_universe_is_the_legal_actions() -> None:
    """No probes: the suite tries the legal actions, and no card count is kept."""
    built = _plugin()
    state = built.new_game(PhomRules(), 2, seed=1)
    assert list(built.action_universe(state)) == built.legal_actions(state)
    assert built.card_multiset(state) == []


def test_bot_makers_receive_the_plugin() -> None:
    """A bot maker is handed the plugin it plays, then the seed."""
    seen: list[Any] = []

    def maker(game: Any, seed: int) -> RandomBot:
        seen.append((game, seed))
        return RandomBot(seed)

    built: Plugin[Any, Any, Any] = Plugin(PhomGame(), PhomCodec(), {"mine": maker})
    built.bots["mine"](7)
    assert seen == [(built, 7)]


def test_a_bad_card_anywhere_in_a_record_is_a_record_error() -> None:
    """The codec lets the notation's error go, in the deal or in an action; core makes
    it the RecordError of an unreadable record."""
    state = plugin.new_game(PhomRules(), 2, seed=1)
    record = plugin.referee  # core's referee
    deal = plugin.record_deal(state)
    payload = {
        "game": "phom",
        "players": ["A", "B"],
        "hands": {"A": deal["hands"][0], "B": deal["hands"][1]},
        "stock": deal["stock"],
        "actions": [{"player": "A", "discard": "1X"}],
    }
    with pytest.raises(RecordError, match="unknown card '1X'"):
        record(payload)
    payload["stock"] = ["1X", *deal["stock"][1:]]
    payload["actions"] = []
    with pytest.raises(RecordError, match="unknown card '1X'"):
        record(payload)


def test_a_default_preset_must_be_a_preset() -> None:
    """GameInfo refuses a default preset it does not hold."""
    with pytest.raises(ValueError, match="'fast' is not a preset"):
        GameInfo("g", "G", FRENCH, PhomRules, {"standard": PhomRules()}, "fast", INFO.vocabulary)


def test_why_illegal_without_one_of_its_own_tries_a_copy() -> None:
    """A hand-written plugin without why_illegal is explained by its apply on a copy,
    and the state it was asked about stays as it was."""

    class Legacy:
        def apply(self, state: list[int], action: int) -> None:
            if action < 0:
                raise IllegalMove("negative", "No negative moves.")
            state.append(action)

    class State(list[int]):
        def copy(self) -> State:
            return State(self)

    state = State([1])
    refusal = why_illegal(Legacy(), state, -1)
    assert refusal is not None
    assert refusal.code == "negative"
    assert why_illegal(Legacy(), state, 2) is None
    assert state == [1]


def test_why_illegal_asks_the_game() -> None:
    """A Plugin answers with its game's why_illegal: nothing is applied."""
    state = plugin.new_game(PhomRules(), 2, seed=3)
    before = state.copy()
    refusal = why_illegal(plugin, state, Draw(state.first))
    assert refusal is not None
    assert refusal.code == "must-discard"
    assert state == before


def test_a_plugin_travels_to_worker_processes() -> None:
    """A plugin pickles (a simulation sends one that is no installed game to its
    workers) and comes back whole, its tools lent again."""
    again: Plugin[Any, Any, Any] = pickle.loads(pickle.dumps(plugin))
    assert again.name == "phom"
    state = again.new_game(PhomRules(), 2, seed=1)
    assert again.legal_actions(state) == plugin.legal_actions(plugin.new_game(PhomRules(), 2, 1))
    assert isinstance(again, ReportsStatistics)
