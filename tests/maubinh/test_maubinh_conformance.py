"""The core conformance suite on Mậu Binh (DESIGN, "core": ``vncards.core.testing``): cards
conserved, legal actions exactly what ``apply`` accepts (sampled: a seat has 72,072
splits), refused actions change nothing, games end and pay zero-sum with transfers that
net to the payments, records replay, views hide other hands and come back from
determinize, hidden cards spread fairly, events replay."""

from __future__ import annotations

from vncards.core.testing import check_actions_exact, check_plugin
from vncards.maubinh import SPLITS, plugin


def test_conformance_suite_passes() -> None:
    """Seeded random-bot games of both presets pass every check, without probing every
    split: 60 legal splits and 60 actions of the universe a step."""
    report = check_plugin(plugin, games=6, probe_limit=60, spread_draws=200)
    assert report.games == 12
    assert report.steps > 0
    assert report.probes > 0
    assert report.spread_cards > 0


def test_exactness_samples_the_splits() -> None:
    """A step's probe draws from the 72,072 splits of each seat instead of listing them."""
    state = plugin.new_game(plugin.presets["standard"], 4, 11)
    assert len(plugin.legal_actions(state)) == SPLITS * len(state.pending())
    assert check_actions_exact(plugin, state, limit=50, seed=3) == 100
