"""The pair rule of the past in the worlds a Tứ Sắc seat imagines (rules/tusac, rule 4:
a player holding a pair of the active card, out of turn, must take it — so a card that
passed untaken says who held no pair of it)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from vncards.core import Discarded, Drew, Passed, RandomBot
from vncards.tusac import GreedyBot, TuSacState, plugin
from vncards.tusac import _view as view_module
from vncards.tusac._deck import parse_card
from vncards.tusac._engine import TookGroup, apply_action, decision_parts
from vncards.tusac._past import PairMark, _breaks, keep_pair_rule, pair_rule_marks
from vncards.tusac._solver import hand_kinds


def _positions(games: int, bots: str) -> Iterator[TuSacState]:
    """Every seventh position of ``games`` four-player games between ``bots``."""
    for g in range(games):
        state = plugin.new_game(plugin.presets["standard"], 4, seed=100 + g)
        players = [
            GreedyBot(i) if bots == "greedy" else RandomBot(i, decline=0.0) for i in range(4)
        ]
        for step in range(400):
            parts = decision_parts(state)
            if parts is None:
                break
            if step % 7 == 0:
                yield state.copy()
            seat, actions, optional = parts
            choice = players[seat].choose(plugin.view(state, seat), actions, optional)
            if choice is None:
                plugin.decline(state, seat)
            else:
                apply_action(state, choice)


def _broken(state: TuSacState, seat: int, world: TuSacState) -> int:
    """How many pair-rule marks of ``seat``'s view the hidden hands of ``world`` break."""
    marks = pair_rule_marks(plugin.view(state, seat).history, state.n_players, seat)
    return sum(len(_breaks(hand_kinds(world.hands[s]), m)) for s, m in marks.items())


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_real_hands_never_break_the_pair_rule_of_the_past(bots: str) -> None:
    """The marks read from the history agree with the engine: at every sampled position
    of real games, no player's real hand holds a pair it would have had to take."""
    checked = 0
    for state in _positions(12, bots):
        for seat in range(4):
            assert _broken(state, seat, state) == 0
            checked += 1
    assert checked > 200


def test_worlds_keep_the_pair_rule_where_uniform_deals_do_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """determinize's worlds hold no pair that passed a seat untaken (all but a few: a
    repair may fail), where deals that ignore the past often do; both match the view."""
    rng = random.Random(3)
    positions = [(s, seat) for s in _positions(10, "greedy") for seat in range(4)]
    kept = sum(_broken(s, seat, view_module.determinize(plugin.view(s, seat), rng)) > 0
               for s, seat in positions)  # fmt: skip
    monkeypatch.setattr(view_module, "keep_pair_rule", lambda *args: True)
    ignored = 0
    for state, seat in positions:
        view = plugin.view(state, seat)
        world = view_module.determinize(view, rng)
        assert plugin.view(world, seat) == view
        ignored += _broken(state, seat, world) > 0
    assert kept <= len(positions) // 50
    assert ignored >= len(positions) // 10


def test_marks_name_the_seats_that_were_out_of_turn() -> None:
    """A discard drawn over marks the seats other than its discarder and the next
    seat; a drawn card let go marks every seat but the drawer; a Tướng marks no one;
    a card taken marks no one; the cards a seat put down later are listed."""
    ra, gc, yk, wp = (parse_card(c) for c in ("RA", "GC", "YK", "WP"))
    history = [
        Discarded(0, "RA"),  # seat 1 in turn
        Drew(1, "GC"),  # RA passed seats 2 and 3
        Passed(1),  # GC passed seats 0, 2 and 3
        Drew(2, "YK"),  # GC passed seat 0 and 3 again
        Passed(2),  # a Tướng: no mark
        TookGroup(3, "YK", (), "general", False, False),
        Discarded(3, "WP"),
    ]
    marks = pair_rule_marks(history, 4, 0)
    assert set(marks) == {1, 2, 3}
    assert marks[1] == []
    assert marks[2] == [(ra, ()), (gc, ())]
    assert marks[3] == [(ra, (wp,)), (gc, (wp,)), (gc, (wp,))]
    assert yk not in {card for m in marks.values() for card, _ in m}


def test_a_repair_keeps_sizes_khap_and_every_card() -> None:
    """Swaps keep each hand's size, a Khạp whole and the cards of the world; a hand
    never gets a third copy of a card."""
    rng = random.Random(7)
    for _ in range(200):
        cards = [k for k in range(28) for _ in range(4)]
        rng.shuffle(cards)
        hands = {1: [5, 5, 5, *cards[:9]], 2: cards[9:21], 3: cards[21:33]}
        stock = cards[33:60]
        before = Counter([*hands[1], *hands[2], *hands[3], *stock])
        held = {s: Counter(h) for s, h in hands.items()}
        marks: dict[int, list[PairMark]] = {
            s: [(k, ()) for k in range(28) if k != 5 and k % 7] for s in hands
        }
        keep_pair_rule(hands, stock, marks, rng)
        assert Counter([*hands[1], *hands[2], *hands[3], *stock]) == before
        assert {s: len(h) for s, h in hands.items()} == {
            s: sum(c.values()) for s, c in held.items()
        }
        assert hands[1].count(5) >= 3
        for s, hand in hands.items():
            for kind, n in Counter(hand).items():
                assert n <= max(held[s][kind], 2), (s, kind)
