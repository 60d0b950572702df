"""Tiến lên rules pinned where mutation testing of ``tienlen/_plugin.py`` found them
unchecked: the counts of ``game_stats`` (rules page, "Statistics"), the fields of a
seeded deal and the plugin's engine per rules value.

Expected figures are worked out by hand from the rules page (docs/rules/tienlen.md):
one lá per card left, a black 2 held counts 3 instead of 1, a cóng loser pays twice.
"""

from __future__ import annotations

from vncards.core import CardSet, Pass, Play
from vncards.tienlen import PRESETS, plugin
from vncards.tienlen._plugin import TienLenGame, build_plugin


def test_game_stats_count_cong_and_thoi_of_the_losers() -> None:
    """Rules page (settlement, statistics): seat 0 goes out; seat 1 is caught with 2♣
    (a black 2: 3 lá, 2 beyond its one card); seats 2 and 3 never played: cóng, each 3
    cards × 2 = 6 lá. Five actions were taken."""
    rules = PRESETS["dem-la"]
    hands = [CardSet.parse(h).mask for h in ("3S 9S", "5D 2C", "4C 6C 7C", "4D 6D 8D")]
    st = plugin.start(rules, hands, 0)
    plugin.apply(st, Play(0, CardSet.parse("3S").mask))
    plugin.apply(st, Play(1, CardSet.parse("5D").mask))
    plugin.apply(st, Pass(2))
    plugin.apply(st, Pass(3))
    plugin.apply(st, Play(0, CardSet.parse("9S").mask))
    assert plugin.result(st).payments == (15, -3, -6, -6)
    assert plugin.game_stats(st) == {
        "chops": 0,
        "cong": 2,
        "instant_win": 0,
        "actions": 5,
        "thoi": 2,
    }


def test_deal_json_names_the_game_and_its_players() -> None:
    """A seeded deal as record fields: the game, players P1…Pn, each hand of 13 cards,
    and who leads among them."""
    deal = plugin.deal_json(PRESETS["dem-la"], 4, 11)
    assert deal["game"] == "tienlen"
    assert deal["players"] == ["P1", "P2", "P3", "P4"]
    assert sorted(deal["hands"]) == deal["players"]
    assert deal["first"] in deal["players"]
    assert all(len(CardSet.parse(c)) == 13 for c in deal["hands"].values())


def test_plugin_builds_one_engine_per_rules() -> None:
    """The plugin's engine for a rules value is built once and follows those rules."""
    fresh = build_plugin(TienLenGame())
    rules = PRESETS["ba-bich"]
    eng = fresh.engine(rules)
    assert fresh.engine(rules) is eng
    assert eng.config.passed_may_chop is True
    assert set(fresh.bots) == {"random", "greedy", "search"}
