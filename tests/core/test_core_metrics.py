"""The design metrics of ``vncards compare`` (docs/compare.md), each on a constructed case
whose answer is known by hand: rigged traces, and bots that always or never do a thing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from vncards.core import play_game
from vncards.core.facts import CompareFacts, RestrictedBot, facts_of
from vncards.core.lab import Arm, Trace, lead_changes, play_arms
from vncards.core.metrics import (
    Figure,
    Row,
    core_figures,
    delta,
    estimate,
    luck_share,
    percentile,
    rule_figures,
    search_figures,
)
from vncards.core.simulate import load_game


def _trace(
    payments: Sequence[int],
    *,
    winner: int | None = 0,
    first: int | None = 0,
    decisions: int = 10,
    choices: int = 6,
    counters: dict[str, int] | None = None,
    estimates: Sequence[tuple[int, float]] = (),
    index: int = 0,
) -> Trace:
    return Trace(
        index, tuple(payments), winner, first, "win", None, decisions, decisions, choices,
        2, counters or {}, tuple(estimates),
    )  # fmt: skip


def _figure(key: str, players: int = 2, *, first_seat: bool = True) -> Figure:
    figures = core_figures(players, first_seat=first_seat) + search_figures()
    return next(f for f in figures if f.key == key)


def _value(key: str, rows: Sequence[Row], players: int = 2) -> float | None:
    return estimate(_figure(key, players), rows).value


def test_seat_gap_is_best_minus_worst_seat_mean() -> None:
    """Seat balance (docs/compare.md, "seat gap"): seat 1 wins 4 then 2, seat 2 loses
    them: means +3 and -3, a gap of 6 lá."""
    rows = [{"main": _trace((4, -4))}, {"main": _trace((2, -2))}]
    assert _value("seat_gap", rows) == 6.0


def test_spread_is_the_sd_of_one_seats_payment() -> None:
    """Outcome spread: every payment is +3 or -3, so one seat's sd is 3."""
    rows = [{"main": _trace((3, -3))}, {"main": _trace((-3, 3))}] * 5
    assert _value("spread", rows) == pytest.approx(3.0)


def test_loss_p95_is_what_one_hand_can_cost() -> None:
    """The 95th-percentile loss: 20 games where the loser pays 1 … 20 lá (40 seat
    payments, half of them wins): the 5th percentile of payments is the 2nd lowest,
    -19, so the loss is 19."""
    rows = [{"main": _trace((k, -k))} for k in range(1, 21)]
    assert _value("loss_p95", rows) == 19.0
    assert percentile([-k for k in range(1, 21)] + list(range(1, 21)), 5) == -19


def test_first_seat_wins_every_game_is_a_share_of_one() -> None:
    """First-seat advantage: the first seat wins all 30 games: a share of 1, its Wilson
    interval below 1; games without a winner count for neither side."""
    rows: list[Row] = [{"main": _trace((5, -5), winner=0, first=0)} for _ in range(30)]
    rows.append({"main": _trace((0, 0), winner=None, first=0)})
    est = estimate(_figure("first_seat"), rows)
    assert est.value == 1.0
    assert est.n == 30
    assert est.ci95 is not None
    assert 0.85 < est.ci95[0] < 1.0


def test_a_game_without_a_first_seat_has_no_first_seat_figure() -> None:
    """Mậu Binh has no first seat: its figures leave it out (and say chi)."""
    facts = facts_of(load_game("maubinh"))
    keys = [f.key for f in core_figures(4, first_seat=facts.first_seat, unit=facts.unit)]
    assert facts.unit == "chi"
    assert "first_seat" not in keys
    assert "first_seat_payment" not in keys


def test_forced_share_and_duration() -> None:
    """Ten decisions, six of them real choices: 40% forced; ten actions; two rounds."""
    rows = [{"main": _trace((1, -1), decisions=10, choices=6)}] * 3
    assert _value("forced", rows) == pytest.approx(0.4)
    assert _value("length", rows) == 10.0
    assert _value("rounds", rows) == 2.0


def test_luck_share_of_identical_and_opposite_replays() -> None:
    """Luck from duplicate deals: replays that repeat every payment leave all variance
    between deals (1); replays that turn every payment round leave none (0)."""
    same = [((3, -3), (3, -3)), ((-1, 1), (-1, 1)), ((5, -5), (5, -5))]
    assert luck_share(same) == 1.0
    opposite = [((2, -2), (-2, 2)), ((-2, 2), (2, -2))]
    assert luck_share(opposite) == 0.0
    rows = [{"main": _trace(a), "replay": _trace(b)} for a, b in same]
    assert _value("luck", rows) == 1.0


def test_skill_gap_of_a_seat_that_always_wins() -> None:
    """Skill gap: in the ``skill`` arm the casual seat (seat 1) wins every game of three
    players: its share above the fair third is 2/3."""
    rows = [{"skill": _trace((4, -2, -2), winner=0)}] * 10
    assert _value("skill_casual", rows, players=3) == pytest.approx(2 / 3)


def test_restricted_rule_worth_is_the_paired_loss() -> None:
    """Restricted play: seat 1 gets 5 lá freely and 2 when barred: the rule is worth 3."""
    rows = [{"main": _trace((5, -5)), "restricted": _trace((2, -2))}] * 4
    assert _value("restricted", rows) == 3.0


def test_rule_counts_are_per_100_games() -> None:
    """A rule counted once in half of the games: 50 per 100 games."""
    f = rule_figures({"chops": "chop"})[0]
    rows = [{"main": _trace((1, -1), counters={"chops": k % 2})} for k in range(10)]
    assert estimate(f, rows).value == 50.0


def test_lead_changes_decisiveness_and_comebacks() -> None:
    """From the search's estimates: seat 1 leads, seat 2 overtakes, seat 1 leads again
    and wins: two changes, decided at the 3rd of 4 estimates (2/4), and seat 1 never
    expected a loss (no comeback); a winner whose own estimate was once below 0 came
    back."""
    est = [(0, 1.0), (1, 2.0), (0, 3.0), (1, 0.0)]
    assert lead_changes(est) == (2, 0, 2)
    rows = [{"main": _trace((3, -3), winner=0, estimates=est)}]
    assert _value("lead_changes", rows) == 2.0
    assert _value("decided_at", rows) == 0.5
    assert _value("comebacks", rows) == 0.0
    behind = [(0, -2.0), (1, 1.0), (0, 4.0)]
    rows = [{"main": _trace((3, -3), winner=0, estimates=behind)}]
    assert _value("comebacks", rows) == 1.0


def test_paired_delta_of_a_constant_shift_is_clear() -> None:
    """Paired differences: a column paying 2 lá more on every deal differs by exactly
    +2 (clear of zero); the same column against itself by 0 (not clear)."""
    f = _figure("moved")
    base = [{"main": _trace((k, -k), index=k)} for k in range(1, 9)]
    more = [{"main": _trace((k + 2, -k - 2), index=k)} for k in range(1, 9)]
    d = delta(f, more, base)
    assert d is not None
    assert d.mean == 2.0
    assert d.clear
    same = delta(f, base, base)
    assert same is not None
    assert same.mean == 0.0
    assert not same.clear
    gap = delta(_figure("seat_gap"), more, base)
    assert gap is not None
    assert gap.mean == pytest.approx(4.0)
    assert gap.clear


@given(st.lists(st.integers(-20, 20), min_size=2, max_size=30))
def test_delta_of_a_column_with_itself_is_zero(paid: list[int]) -> None:
    """Whatever the payments, a column against itself differs by nothing, for a
    per-game figure and for a whole-sample one."""
    rows = [{"main": _trace((p, -p), index=i)} for i, p in enumerate(paid)]
    for key in ("moved", "spread"):
        d = delta(_figure(key), rows, rows)
        assert d is not None
        assert d.mean == 0.0
        assert not d.clear


@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(-20, 20)), min_size=2, max_size=30))
def test_delta_reusing_the_columns_bootstraps_is_the_same(paid: list[tuple[int, int]]) -> None:
    """A whole-sample difference given both columns' estimates reuses their bootstrap
    resamples and finds exactly the interval it finds on its own; estimates over other
    deals than the shared ones are not reused."""
    rows = [{"main": _trace((a, -a), index=i)} for i, (a, _) in enumerate(paid)]
    base = [{"main": _trace((b, -b), index=i)} for i, (_, b) in enumerate(paid)]
    for key in ("seat_gap", "spread", "loss_p95"):
        f = _figure(key)
        both = (estimate(f, rows), estimate(f, base))
        assert delta(f, rows, base, both) == delta(f, rows, base)
        shorter = (estimate(f, rows[1:]), estimate(f, base[1:]))
        assert delta(f, rows, base, shorter) == delta(f, rows, base)


class _Always:
    """A bot that always takes the first action offered, declaring whenever it may."""

    name = "always"

    def choose(self, view: Any, actions: Sequence[Any], optional: bool) -> Any:
        return actions[0]


def test_restricted_bot_never_declares_sam() -> None:
    """``no-sam``: a seat that would declare Sâm in every game declares in none when
    barred (the others are greedy, who never declare)."""
    plugin = load_game("samloc")
    rule = facts_of(plugin).restriction("no-sam")
    assert rule is not None
    declared = []
    for seed in range(6):
        for seat0 in (_Always(), RestrictedBot(_Always(), rule)):
            state = plugin.new_game(plugin.presets["standard"], 4, seed)
            bots = [seat0] + [plugin.bots["greedy"](i) for i in range(1, 4)]
            final = play_game(plugin, state, bots).final
            declared.append(plugin.game_stats(final)["sam_declared"])  # type: ignore[attr-defined]
    assert declared[0::2] == [1] * 6
    assert declared[1::2] == [0] * 6


def test_every_game_offers_two_restrictions() -> None:
    """Each installed game names at least two rules a seat can be barred from."""
    for name in ("tienlen", "samloc", "tusac", "maubinh"):
        facts = facts_of(load_game(name))
        assert len(facts.restrictions) >= 2, name


def test_five_players_preset_sits_five() -> None:
    """Sâm's ``five-players`` preset is played by five (its own count), the others by
    four; a game without facts by four."""
    facts = facts_of(load_game("samloc"))
    assert facts.players_for("five-players", (2, 5)) == 5
    assert facts.players_for("standard", (2, 5)) == 4
    assert CompareFacts().players_for("x", (2, 4)) == 4


def test_arms_are_the_same_on_one_or_two_workers() -> None:
    """Same seed, same traces, whether one process or two play them."""
    arms = [
        Arm("tienlen", "main", None, 4, ("greedy",) * 4, seed=3, games=12),
        Arm("samloc", "replay", None, 4, ("sam",) * 4, seed=3, games=6),
    ]
    assert play_arms(arms, workers=1) == play_arms(arms, workers=2)


def test_stake_decisions_and_outcome_shares() -> None:
    """The stake is what the winners receive (5 + 3 = 8 lá); decisions count every
    choice asked; the first seat's payment is its own; instant wins and draws are
    shares of the games."""
    game = Trace(0, (5, 3, -8), 1, 2, "win", "dragon", 7, 9, 4, 3, {})
    drawn = Trace(1, (0, 0, 0), None, 0, "draw", None, 7, 9, 4, 3, {})
    rows: list[Row] = [{"main": game}, {"main": drawn}]
    assert _value("moved", rows, 3) == 4.0
    assert _value("decisions", rows, 3) == 9.0
    assert _value("first_seat_payment", rows, 3) == -4.0
    assert _value("instant_wins", rows, 3) == 0.5
    assert _value("draws", rows, 3) == 0.5


def test_search_edge_and_paid_against_random() -> None:
    """The search arm's first seat wins one game in two of four players: an edge of
    1/2 - 1/4; the skill arm's first seat is paid 6 lá a game."""
    rows: list[Row] = [
        {"search": _trace((3, -1, -1, -1), winner=k % 2), "skill": _trace((6, -2, -2, -2))}
        for k in range(4)
    ]
    assert _value("skill_search", rows, 4) == pytest.approx(0.25)
    assert _value("skill_casual_paid", rows, 4) == 6.0


def _free_uses(game: str, key: str, barred: bool, deals: int) -> int:
    """How often the greedy first seat used the rule when it had another choice."""
    plugin = load_game(game)
    rule = facts_of(plugin).restriction(key)
    assert rule is not None
    assert rule.forbids is not None
    used = 0
    for seed in range(deals):
        state = plugin.new_game(plugin.presets[plugin.default_preset], 4, seed)
        first = plugin.bots["greedy"](seed)
        bots = [RestrictedBot(first, rule) if barred else first]
        bots += [plugin.bots["greedy"](i) for i in range(1, 4)]
        while (d := plugin.decision(state)) is not None:
            view = plugin.view(state, d.seat)
            choice = bots[d.seat].choose(view, d.actions, d.optional)
            if d.seat == 0 and choice is not None and rule.forbids(view, choice):
                used += any(not rule.forbids(view, a) for a in d.actions) or d.optional
            if choice is None:
                plugin.decline(state, d.seat)
            else:
                plugin.apply(state, choice)
    return used


@pytest.mark.parametrize(("game", "key"), [("tienlen", "no-chop"), ("tusac", "no-take")])
def test_restricted_greedy_never_uses_the_rule_by_choice(game: str, key: str) -> None:
    """A greedy first seat uses the rule (chops; takes) by choice in some of 40 games
    when free, and never when barred (a take the rules make compulsory it still
    makes)."""
    assert _free_uses(game, key, barred=False, deals=40) > 0
    assert _free_uses(game, key, barred=True, deals=40) == 0
