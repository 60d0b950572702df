"""The f8 payment table of the ``a23`` preset and queries that agree with the referee.

- ``sam_failure_payee``: a failed Sâm pays the blocker (``blocker``), or 20 lá to every
  other player (``everyone``, đền làng, the ``a23`` preset);
- ``chop_chain``: a chop on a chop adds the chopped tứ quý's value (``accumulate``) or a
  flat 15 lá (``flat``, "15 lá mỗi lượt chặt chồng", the ``a23`` preset);
- thối 2 in queries: ``moves`` lists no play that would go out on a 2, exactly as the
  referee refuses it.

Source: the project's Sâm rules page (docs/rules/samloc.md), sections Chặt, Báo Sâm and
Thối 2.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner
from vncards.cli.app import app
from vncards.core import CardSet, ClimbState, Declare, IllegalMove, Play, legal_plays
from vncards.samloc import SamState, plugin, sam_combo_rules

from tests.samloc._positions import deal_table, pass_, play


def table(*hands: str, first: int = 0, variant: str = "standard", **rules: Any) -> SamState:
    """A later game (tới trắng off, so hands may be small) from given hands."""
    return deal_table(*hands, first=first, variant=variant, no_instant=True, **rules)


# ---------------------------------------------------------------- chặt chồng


CHAIN_HANDS = ("2S 3H 8D", "5S 5C 5D 5H 8S", "9S 9C 9D 9H 4C", "KD KH 4S")


def _two_chopped_twice(variant: str, **rules: Any) -> tuple[int, ...]:
    """A leads a 2, B chops it with four 5s, C chops B with four 9s, the others pass."""
    st = table(*CHAIN_HANDS, variant=variant, **rules)
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    play(st, 2, "9S 9C 9D 9H")
    for seat in (3, 0, 1):
        pass_(st, seat)
    return plugin.result(st).payments


@pytest.mark.parametrize(
    ("variant", "rules", "chain"),
    [
        ("standard", {}, 25),  # accumulate: 15 + 10
        ("standard", {"chop_chain": "flat"}, 30),  # 15 + 15
        ("a23", {}, 30),  # a23 is flat
        ("a23", {"chop_chain": "accumulate"}, 25),
    ],
)
def test_chop_chain_setting_rules_page_example(
    variant: str, rules: dict[str, Any], chain: int
) -> None:
    """Rules page, Chặt chồng example: A plays a 2, B chops, C chops B → B pays C 30 under
    ``flat`` and 25 under ``accumulate``; the 2's owner pays nothing either way."""
    assert _two_chopped_twice(variant, **rules) == (0, -chain, chain, 0)


def test_flat_chain_of_three_chops_adds_fifteen_per_chop_on_a_chop() -> None:
    """Rules page, Chặt chồng under ``flat``: 2 chopped by 5s (15), those by 9s (+15),
    those by Ks (+15): the 9s' owner pays 45 (accumulate would be 15 + 10 + 10 = 35)."""
    st = table(*CHAIN_HANDS[:3], "KD KH KS KC 4S", variant="a23")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    play(st, 2, "9S 9C 9D 9H")
    play(st, 3, "KD KH KS KC")
    for seat in (0, 1, 2):
        pass_(st, seat)
    assert plugin.result(st).payments == (0, 0, -45, 45)


def test_flat_chain_first_chop_keeps_its_own_value() -> None:
    """Rules page, Chặt chồng under ``flat``: the first chop of a chain is valued as usual
    — a tứ quý led and chopped costs 10, a 2 chopped costs 15; a chop on that chop adds
    15 (a tứ quý chain: 10 + 15 = 25)."""
    st = table("6S 6C 6D 6H 3H", "JS JC JD JH 3S", "KD KH 4S", variant="a23")
    play(st, 0, "6S 6C 6D 6H")
    play(st, 1, "JS JC JD JH")
    pass_(st, 2)
    pass_(st, 0)
    assert plugin.result(st).payments == (-10, 10, 0)
    st = table("6S 6C 6D 6H 3H", "JS JC JD JH 3S", "KD KH KS KC 4S", variant="a23")
    play(st, 0, "6S 6C 6D 6H")
    play(st, 1, "JS JC JD JH")
    play(st, 2, "KD KH KS KC")
    pass_(st, 0)
    pass_(st, 1)
    assert plugin.result(st).payments == (0, -25, 25)


def test_flat_chain_owner_of_the_two_chops_back() -> None:
    """Rules page, Chặt chồng under ``flat``: the 2's owner chops the chopper back and
    collects 15 + 15 = 30 from them."""
    st = table("2S 9S 9C 9D 9H 3H 8D", "5S 5C 5D 5H 8S", "KD KH 4C", variant="a23")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    pass_(st, 2)
    play(st, 0, "9S 9C 9D 9H")
    pass_(st, 1)
    assert plugin.result(st).payments == (30, -30, 0)


def test_flat_chain_paid_when_the_chopper_goes_out() -> None:
    """Rules page, Chặt and Settlement under ``flat``: a chop on a chop that empties the
    chopper's hand ends the game; the chain 15 + 15 is paid with the settlement. Seat 2
    goes out; seat 1 (chopped last) pays 30 + 1 card left, seat 0 pays 2 cards left."""
    st = table("2S 3H 8D", "5S 5C 5D 5H 8S", "9S 9C 9D 9H", variant="a23")
    play(st, 0, "2S")
    play(st, 1, "5S 5C 5D 5H")
    play(st, 2, "9S 9C 9D 9H")
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("win", 2)
    assert res.payments == (-2, -31, 33)


# ---------------------------------------------------------------- failed Sâm


def _blocked_sam(n: int, variant: str, **rules: Any) -> tuple[int, ...]:
    """Seat 0 declares and leads 3♠; seat 1 beats it with 10♥: the Sâm fails."""
    hands = ["3S 9D", "4C 10H", "5C 6H", "7S 8H", "JC QH"][:n]
    st = table(*hands, variant=variant, **rules)
    plugin.apply(st, Declare(0))
    play(st, 0, "3S")
    play(st, 1, "10H")
    res = plugin.result(st)
    assert (res.outcome, res.winner) == ("sam-failed", 1)
    return res.payments


@pytest.mark.parametrize("n", [2, 3, 4])
def test_failed_sam_pays_everyone_under_a23(n: int) -> None:
    """Rules page, Báo Sâm, ``sam_failure_payee = everyone`` (a23, đền làng): the declarer
    pays 20 to every other player; the blocker is still the winner."""
    assert _blocked_sam(n, "a23") == (-20 * (n - 1), *([20] * (n - 1)))


@pytest.mark.parametrize(
    ("variant", "rules", "expected"),
    [
        ("standard", {"sam_failure_payee": "everyone"}, (-60, 20, 20, 20)),
        ("a23", {"sam_failure_payee": "blocker"}, (-60, 60, 0, 0)),
        # under everyone the multiplier of the blocker's payment plays no part
        ("five-players", {"sam_failure_payee": "everyone"}, (-60, 20, 20, 20)),
        ("five-players", {}, (-80, 80, 0, 0)),
    ],
)
def test_sam_failure_payee_setting_on_other_presets(
    variant: str, rules: dict[str, Any], expected: tuple[int, ...]
) -> None:
    """Rules page, Báo Sâm: the payee setting overrides any preset; with ``blocker`` the
    blocker collects 20 × opponents (× players under five-players)."""
    assert _blocked_sam(4, variant, **rules) == expected


def test_failed_sam_by_chop_under_a23_adds_no_chop() -> None:
    """Rules page, Báo Sâm: a Sâm stopped by a chop settles alone under a23 too: the
    declarer pays 20 to each of the 3 others, no chop price on top."""
    st = table("2D 3D", "8S 8C 8D 8H 4D", "KD KH 4C", "7S 8H 10C", variant="a23")
    plugin.apply(st, Declare(0))
    play(st, 0, "2D")
    play(st, 1, "8S 8C 8D 8H")
    res = plugin.result(st)
    assert (res.outcome, res.winner, res.payments) == ("sam-failed", 1, (-60, 20, 20, 20))


def test_sam_success_is_the_same_under_a23() -> None:
    """Rules page, Báo Sâm: success is 20 from each opponent whatever the failure payee."""
    st = table("KS KH AD", "3S 4C", "5C 6H", "7S 8H", variant="a23")
    plugin.apply(st, Declare(0))
    play(st, 0, "KS KH")
    for seat in (1, 2, 3):
        pass_(st, seat)
    play(st, 0, "AD")
    assert plugin.result(st).payments == (60, -20, -20, -20)


# ---------------------------------------------------------------- thối 2 in queries


def _moves(hand: str, over: str | None = None, variant: str = "standard", **rules: Any) -> Any:
    chosen = plugin.presets[variant].model_copy(update=rules)
    return [
        sorted(m["cards"])
        for m in plugin.moves_cards(chosen, hand.split(), None if over is None else over.split())
    ]


@pytest.mark.parametrize(
    ("hand", "over", "variant"),
    [
        ("2S", None, "standard"),
        ("2S", "AS", "standard"),
        ("2S 2H", None, "standard"),
        ("2S 2H", "AS AH", "standard"),
        ("AS 2H 3D", None, "a23"),
        ("2S 3H 4D", "AS 2H 3C", "a23"),
        ("2S 2H 2D 2C", None, "standard"),
    ],
)
def test_moves_never_list_going_out_on_a_two(hand: str, over: str | None, variant: str) -> None:
    """Rules page, Thối 2: a play that empties the hand and holds a 2 is never listed
    (lone 2, pair of 2s, A-2-3 or 2-3-4 of a three-card hand, four 2s), with or without
    ``over``; under ``finish_on_two = loses`` it is."""
    whole = sorted(hand.split())
    assert whole not in _moves(hand, over, variant)
    assert whole in _moves(hand, over, variant, finish_on_two="loses")


def test_moves_keep_twos_that_leave_cards() -> None:
    """Rules page, Thối 2: only the play that empties the hand is left out; a 2 played
    from a larger hand is fine."""
    assert _moves("2S 2H") == [["2S"], ["2H"]]
    assert ["2H", "2S"] in _moves("2S 2H 9C")
    assert ["2H", "9C", "AS"] not in _moves("AS 2H 9C", variant="a23")


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("VNCARDS_PLUGINS", "samloc")
    return CliRunner()


@pytest.mark.parametrize(
    ("args", "listed"),
    [
        (["--hand", "2S"], []),
        (["--hand", "2S", "--over", "KD"], []),
        (["--hand", "2S 2H", "--over", "AS AH"], []),
        (["--hand", "2S 2H"], [["2S"], ["2H"]]),
        (["--hand", "AS 2H 3D", "--variant", "a23"], [["3D"], ["AS"], ["2H"]]),
    ],
)
def test_cli_moves_list_nothing_that_goes_out_on_a_two(
    runner: CliRunner, args: list[str], listed: list[list[str]]
) -> None:
    """DESIGN moves and rules page Thối 2: ``vncards moves samloc --hand 2S`` lists
    nothing (the referee refuses it with finish-on-two); a pair of 2s or an A-2-3 that
    would empty the hand is left out, the cards played singly stay."""
    out = runner.invoke(app, ["moves", "samloc", *args, "--json"])
    assert out.exit_code == 0, out.output
    assert [m["cards"] for m in json.loads(out.stdout)["moves"]] == listed


VARIANTS = sorted(plugin.presets)
cards = st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True)


def _subsets(hand: int) -> list[int]:
    out, sub = [], hand
    while sub:
        out.append(sub)
        sub = (sub - 1) & hand
    return out


def _accepted(state: ClimbState, seat: int, hand: int) -> set[int]:
    """Every subset of the hand the referee's engine accepts from this position."""
    eng = plugin.engine(state.rules)
    ok = set()
    for m in _subsets(hand):
        try:
            eng.check_play(state, seat, m)
        except IllegalMove:
            continue
        ok.add(m)
    return ok


@settings(max_examples=80, deadline=None)
@given(
    ids=cards,
    data=st.data(),
    variant=st.sampled_from(VARIANTS),
    loses=st.booleans(),
)
def test_moves_are_exactly_the_plays_the_referee_accepts(
    ids: list[int], data: st.DataObject, variant: str, loses: bool
) -> None:
    """Rules page, Thối 2 (and DESIGN moves): for a random hand, leading or over a random
    combination of other cards, the plays ``moves`` lists are exactly the subsets of the
    hand the referee accepts from that position, and those the engine offers a bot."""
    # a later game where tới trắng does not count, so small hands are plain hands
    update: dict[str, Any] = {"instant_wins_first_game_only": True}
    if loses:
        update["finish_on_two"] = "loses"
    rules = plugin.presets[variant].model_copy(update=update)
    hand = sum(1 << i for i in ids)
    rest = [i for i in range(52) if not hand >> i & 1]
    spare = data.draw(st.sampled_from(rest))  # so the leader keeps a card
    pool = data.draw(st.lists(st.sampled_from([i for i in rest if i != spare]), max_size=6))
    options = sorted(legal_plays(sum(1 << i for i in set(pool)), sam_combo_rules(rules)))
    over = data.draw(st.sampled_from(options)) if options else 0
    state = plugin.start(rules, [hand, over | 1 << spare], 1 if over else 0, later=True)
    if over:
        plugin.apply(state, Play(1, over))
    assert state.turn == 0
    assert not state.finished
    over_cards = [str(c) for c in CardSet(over)] if over else None
    listed = {
        CardSet.parse(" ".join(m["cards"])).mask
        for m in plugin.moves_cards(rules, [str(c) for c in CardSet(hand)], over_cards)
    }
    accepted = _accepted(state, 0, hand)
    assert listed == accepted
    offered = {a.cards for a in plugin.legal_actions(state) if isinstance(a, Play)}
    assert offered == accepted
