"""The shipped ``net`` bot of Tiến lên: its weights are package data that load with a
clear error when missing or corrupt, it chooses from its seat's view alone, and any
tool that seats a bot by ``module:attribute`` seats it."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from vncards.core import Bot, play_game
from vncards.core.simulate import play_games
from vncards.envs import net
from vncards.envs.learn import MLP, WeightsError, load_weights, measure, save_weights
from vncards.tienlen import plugin as tienlen

RULES = tienlen.presets["dem-la"]


def test_the_shipped_weights_are_package_data_of_at_most_two_megabytes() -> None:
    path = net.shipped_weights("tienlen")
    assert path.is_file()
    assert path.stat().st_size <= 2 * 1024 * 1024
    network, meta = load_weights(path)
    assert meta["game"] == "tienlen"
    assert meta["games"] > 0
    assert network.sizes[-1] == 1


def test_the_factory_is_named_module_colon_attribute_and_seats_anywhere() -> None:
    module, _, attribute = "vncards.envs.net:tienlen".partition(":")
    factory = getattr(importlib.import_module(module), attribute)
    assert factory(3).name == "net"
    summaries = play_games("tienlen", games=4, players=4, bots=[factory, *["greedy"] * 3])
    assert len(summaries) == 4
    assert all(sum(s.payments) == 0 for s in summaries)


def test_the_http_service_seats_it_by_its_reference() -> None:
    tables = pytest.importorskip("vncards.server._tables")
    assert tables.make_bot(tienlen, "vncards.envs.net:tienlen", 3).name == "net"


@pytest.mark.parametrize(
    "make",
    [net.tienlen, lambda seed: net.tienlen_search(seed, iterations=40)],
    ids=["net", "search+net"],
)
def test_the_bot_chooses_from_its_view_alone(make: Callable[[int], Bot]) -> None:
    # two states that differ only in cards hidden from the seat give the same view, so
    # the bot (and the search it guides) makes the same choice in both
    rng = random.Random(5)
    greedy = [tienlen.bots["greedy"](s) for s in range(4)]
    checked = 0
    for seed in range(1, 16):
        state = tienlen.new_game(RULES, 4, seed)
        for _ in range(seed % 7 + 2):
            d = tienlen.decision(state)
            if d is None:  # an instant win (tới trắng) ends the game at the deal
                break
            choice: Any = greedy[d.seat].choose(tienlen.view(state, d.seat), d.actions, False)
            tienlen.apply(state, choice)
        d = tienlen.decision(state)
        if d is None or len(d.actions) < 2:
            continue
        view = tienlen.view(state, d.seat)
        other = tienlen.determinize(view, rng)
        assert other != state
        assert tienlen.view(other, d.seat) == view
        one = make(seed).choose(view, d.actions, d.optional)
        two = make(seed).choose(tienlen.view(other, d.seat), d.actions, d.optional)
        assert one == two
        checked += 1
    assert checked >= 5


def test_the_bot_is_handed_views_never_states() -> None:
    state = tienlen.new_game(RULES, 4, 1)
    d = tienlen.decision(state)
    assert d is not None
    with pytest.raises(TypeError, match="ShedView"):
        net.tienlen(0).choose(state, d.actions, False)  # type: ignore[arg-type]


def test_the_bot_plays_whole_games_at_every_table_size() -> None:
    for n in (2, 3, 4):
        bots = [net.tienlen(s) for s in range(n)]
        final = play_game(tienlen, tienlen.new_game(RULES, n, 11), bots).final
        assert tienlen.result(final).finished


def test_a_missing_weights_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "gone.npz"
    with pytest.raises(
        WeightsError, match=r"No network weights at .*gone\.npz: the file is missing"
    ):
        net.net_bot("tienlen", weights=missing)


@pytest.mark.parametrize(
    "content", [b"", b"PK\x03\x04 truncated", bytes(range(256)) * 8], ids=["empty", "zip", "noise"]
)
def test_a_corrupt_weights_file_is_a_clear_error(tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(content)
    with pytest.raises(WeightsError, match=r"bad\.npz are corrupt or not a weights file"):
        net.net_bot("tienlen", weights=bad)


def test_weights_of_another_game_or_shape_are_refused(tmp_path: Path) -> None:
    small = MLP.init([10, 4, 1], np.random.default_rng(0))
    save_weights(tmp_path / "sam.npz", small, {"game": "samloc"})
    with pytest.raises(WeightsError, match="plays 'samloc', not 'tienlen'"):
        net.net_bot("tienlen", weights=tmp_path / "sam.npz")
    save_weights(tmp_path / "small.npz", small, {"game": "tienlen"})
    with pytest.raises(WeightsError, match="reads 10 inputs"):
        net.net_bot("tienlen", weights=tmp_path / "small.npz")
    np.savez(tmp_path / "other.npz", meta=np.array("{}"))
    with pytest.raises(WeightsError, match="not a vncards network weights file"):
        net.net_bot("tienlen", weights=tmp_path / "other.npz")


def test_with_a_wide_margin_the_bot_keeps_to_its_advisors_play() -> None:
    # the greedy bot's choice is flagged in the rows; a margin no score difference
    # reaches makes the net bot play exactly as greedy does
    greedy = tienlen.bots["greedy"](0)
    for seed in range(1, 6):
        state = tienlen.new_game(RULES, 4, seed)
        bots = [net.net_bot("tienlen", s, margin=1e9) for s in range(4)]
        while (d := tienlen.decision(state)) is not None:
            view = tienlen.view(state, d.seat)
            choice: Any = bots[d.seat].choose(view, d.actions, d.optional)
            assert choice == greedy.choose(view, d.actions, d.optional)
            tienlen.apply(state, choice)


@pytest.mark.slow
def test_the_shipped_network_measures_as_the_docs_say() -> None:
    # docs/bots.md: 1,000 games of seed 17 against three greedy bots, 27.4 %, +1.80 lá;
    # heads-up 52.9 %, +1.23 lá (the greedy bot itself: 25 % and 50 %, 0 lá)
    four = measure(net.tienlen, deals=250, seed=17)
    assert four.games == 1000
    assert four.share_low > 0.25 - 0.01
    assert four.la - four.la_half > 0
    assert abs(four.share - 0.274) < 0.02
    two = measure(net.tienlen, players=2, deals=500, seed=17)
    assert two.share_low > 0.5 - 0.01
    assert two.la - two.la_half > 0
