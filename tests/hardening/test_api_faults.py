"""The Python API refuses what it cannot answer with the library's own one-line errors.

Before: ``moves_cards`` took a hand of any size (39 cards used 1.77 GB, 52 ran out of
memory at 4 GB); ``simulate(seed="abc" | 2.5 | None)`` raised a raw ``OverflowError``
or ``TypeError``; ``VNCARDS_PLUGINS=none vncards compare --plot`` ended with
"unexpected IndexError"; and an error wrapped in another (a record error quoting a
notation error) cut its quote twice: "(41 characters) (1000000 characters)".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner
from vncards.core import ListsMoves, NotationError, RecordError
from vncards.core._errors import MESSAGE_LIMIT, SeedError, short_message
from vncards.core.simulate import play_games, simulate

from tests.hardening._support import installed_games

FULL_DECK = [
    f"{r}{s}"
    for r in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    for s in "SCDH"
]


def _listing_games() -> list[Any]:
    return [p for p in installed_games().values() if isinstance(p, ListsMoves)]


@pytest.mark.parametrize("extra", [1, 26, 39])
def test_moves_refuses_a_hand_larger_than_a_deal(extra: int) -> None:
    """A hand of more cards than the rules deal a player is a NotationError saying the
    limit, before any play is looked for; a hand of exactly that many is answered."""
    games = _listing_games()
    if not games:
        pytest.skip("no installed game lists moves")
    for plugin in games:
        rules = plugin.presets[plugin.default_preset]
        size = plugin.hand_size(rules)
        hand = FULL_DECK[: min(size + extra, len(FULL_DECK))]
        with pytest.raises(NotationError, match=f"at most {size} cards, not {len(hand)}"):
            plugin.moves_cards(rules, hand, None)
        assert plugin.moves_cards(rules, FULL_DECK[:size], None)  # a deal's worth: answered


@pytest.mark.parametrize("seed", ["abc", 2.5, None, True, "7"])
def test_a_run_refuses_a_seed_that_is_not_a_whole_number(seed: Any) -> None:
    """``simulate`` and ``play_games``: SeedError (a TypeError too), naming the seed."""
    if "tienlen" not in installed_games():
        pytest.skip("Tiến lên is not installed")
    for run in (simulate, play_games):
        with pytest.raises(SeedError, match="whole number"):
            run("tienlen", games=2, seed=seed)


def test_compare_plot_without_games_is_a_clear_line(tmp_path: Path) -> None:
    """No game loads: one line saying there is nothing to draw, exit 2, no file."""
    app = pytest.importorskip("vncards.cli.app").app
    target = tmp_path / "chart.png"
    result = CliRunner().invoke(
        app, ["compare", "--games", "3", "--plot", str(target)], env={"VNCARDS_PLUGINS": "none"}
    )
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines == ["vncards: error: there is nothing to draw: no installed game was measured"]
    assert not target.exists()


def test_a_wrapped_long_error_is_cut_once() -> None:
    """A record error quoting a notation error about a token of a million characters
    says the length once."""
    inner = NotationError("Q" * 10**6)
    outer = RecordError(f"bad record at hands: {inner}")
    assert str(outer).count("characters)") == 1, str(outer)
    assert "(1000000 characters)" in str(outer)
    assert "(41 characters)" not in str(outer)


_PIECE = st.one_of(
    st.text(alphabet="abcQ3 ", max_size=300),
    st.integers(min_value=0, max_value=3000).map(lambda n: "'" + "Q" * n + "'"),
    st.integers(min_value=0, max_value=3000).map(lambda n: '"' + "7" * n + '"'),
    st.integers(min_value=100, max_value=3000).map(lambda n: "x" * n),
)


@given(st.lists(_PIECE, max_size=6).map(" ".join))
def test_short_message_cuts_once(text: str) -> None:
    """Shortening a shortened message changes nothing, and it stays within the limit."""
    once = short_message(text)
    assert short_message(once) == once
    assert len(once) <= MESSAGE_LIMIT
