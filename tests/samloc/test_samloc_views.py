"""Sâm views, determinization, events and itemised transfers (DESIGN: Hidden information,
Events, Referee ``transfers``; rules page: Báo Sâm, Báo một, Thối 2, Transfers).

- a seat's view shows its own hand, everything played, the others' counts and the
  declarations, and nothing of the cards it cannot see;
- ``determinize`` deals those cards at random with the right counts, and the view of
  the result is the view it came from; every hidden card can land in every place;
- ``apply`` returns the events an action caused; a game's events, replayed, are the same;
- transfers net to the payments of every finished or unfinished game.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    FULL_DECK_MASK,
    CardSet,
    ClimbState,
    Declare,
    Declared,
    Pass,
    Play,
    RandomBot,
    Settled,
    ShedView,
    Won,
    derive_seed,
    net_of,
    play_game,
    resolve_rules,
)
from vncards.samloc import BOTS, BaoMotViolated, OneCard, Stuck, declarer_of, plugin

from tests.samloc._positions import deal_table, pass_, play

VARIANTS = sorted(plugin.presets)
PLAYERS = ["An", "Bình", "Chi", "Dũng", "Em"]
FAST = settings(max_examples=40, deadline=None)


def _position(seed: int, variant: str, steps: int) -> ClimbState:
    """A seeded game after up to ``steps`` choices of random bots that declare Sâm one
    time in four (so that declarations and Sâm games show up)."""
    rules = resolve_rules(plugin, variant)
    lo, hi = plugin.player_range(rules)
    n = random.Random(seed).randint(lo, hi)
    state = plugin.new_game(rules, n, seed)
    bots = [RandomBot(derive_seed(seed, i), decline=0.75) for i in range(n)]
    for _ in range(steps):
        d = plugin.decision(state)
        if d is None:
            break
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
    return state


def _reshuffled(state: ClimbState, seat: int, rng: random.Random) -> ClimbState:
    """The same game with the cards ``seat`` cannot see (others' hands and the undealt
    cards) dealt again at random, each other seat keeping its count."""
    other = state.copy()
    played = [d & ~h for d, h in zip(state.dealt, state.hands, strict=True)]
    dealt = 0
    for d in state.dealt:
        dealt |= d
    hidden = [i for i in range(52) if (FULL_DECK_MASK & ~state.hands[seat] & ~state.pile) >> i & 1]
    rng.shuffle(hidden)
    for s, hand in enumerate(state.hands):
        if s == seat:
            continue
        k = hand.bit_count()
        other.hands[s] = sum(1 << i for i in hidden[:k])
        hidden = hidden[k:]
    other.dealt = tuple(h | p for h, p in zip(other.hands, played, strict=True))
    return other


@FAST
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(VARIANTS),
    steps=st.integers(0, 60),
)
def test_views_never_show_hidden_cards(seed: int, variant: str, steps: int) -> None:
    """DESIGN Hidden information: two states that differ only in cards hidden from a seat
    (the others' hands, the undealt cards) give that seat equal views, in every seat."""
    state = _position(seed, variant, steps)
    rng = random.Random(seed)
    for seat in range(state.n_players):
        view = plugin.view(state, seat)
        assert plugin.view(_reshuffled(state, seat, rng), seat) == view
        assert list(view.hand) == [str(c) for c in CardSet(state.hands[seat])]
        assert view.counts == tuple(h.bit_count() for h in state.hands)


@FAST
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(VARIANTS),
    steps=st.integers(0, 60),
)
def test_determinized_state_gives_the_same_view(seed: int, variant: str, steps: int) -> None:
    """DESIGN determinize: the seat's cards and everything public stay, the hidden cards
    are dealt with the right counts, and the view of the result equals the view; the
    game then goes on from the determinized state as from any other."""
    state = _position(seed, variant, steps)
    rng = random.Random(seed)
    for seat in range(state.n_players):
        view = plugin.view(state, seat)
        guess = plugin.determinize(view, rng)
        assert plugin.view(guess, seat) == view
        assert guess.hands[seat] == state.hands[seat]
        assert [h.bit_count() for h in guess.hands] == [h.bit_count() for h in state.hands]
        assert plugin.result(guess).finished == plugin.result(state).finished
        game = play_game(plugin, guess, [BOTS["random"](i) for i in range(state.n_players)])
        assert plugin.result(game.final).finished


def test_determinize_deals_every_hidden_card_everywhere() -> None:
    """DESIGN determinize, chi-square (seeded): from seat 0's view of a four-player
    game after a few plays, each hidden card lands in each other seat and among the 12
    undealt cards in proportion to how many cards each place holds."""
    state = _position(7, "standard", 6)
    assert not state.finished
    view = plugin.view(state, 0)
    places = list(range(1, state.n_players))
    hidden = FULL_DECK_MASK & ~state.hands[0] & ~state.pile
    cards = [i for i in range(52) if hidden >> i & 1]
    sizes = [state.hands[s].bit_count() for s in places]
    sizes.append(len(cards) - sum(sizes))  # the undealt cards
    rng = random.Random(11)
    trials = 3000
    seen = {(c, p): 0 for c in cards for p in range(len(sizes))}
    for _ in range(trials):
        guess = plugin.determinize(view, rng)
        for c in cards:
            where = next((k for k, s in enumerate(places) if guess.hands[s] >> c & 1), len(places))
            seen[(c, where)] += 1
    chi2 = 0.0
    for (_, p), got in seen.items():
        expected = trials * sizes[p] / len(cards)
        chi2 += (got - expected) ** 2 / expected
    dof = len(cards) * (len(sizes) - 1)
    # Wilson–Hilferty: the 99.9 % point of chi-square with dof degrees of freedom
    z = 3.09
    critical = dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3
    assert chi2 < critical
    assert all(got > 0 for got in seen.values())


def test_view_shows_declarations_and_the_declarer() -> None:
    """DESIGN views (Sâm shows declarations): every seat sees every báo Sâm, and all
    agree on whose counts (the nearest from the would-be leader)."""
    state = plugin.new_game(plugin.presets["standard"], 4, seed=3)
    n = state.n_players
    first = plugin.first_seat(state)
    plugin.apply(state, Declare((first + 2) % n))
    plugin.apply(state, Declare((first + 1) % n))
    for seat in range(n):
        view = plugin.view(state, seat)
        assert isinstance(view, ShedView)
        assert view.declarations == (
            Declared((first + 2) % n, "sam"),
            Declared((first + 1) % n, "sam"),
        )
        assert declarer_of(view) == (first + 1) % n
        public = view.to_json(PLAYERS[:n])["public"]
        assert [d["player"] for d in public["declarations"]] == [
            PLAYERS[(first + 2) % n],
            PLAYERS[(first + 1) % n],
        ]


def test_view_legal_actions_only_for_the_seat_to_act() -> None:
    """DESIGN views: legal actions are the seat's own, as record actions in JSON; before
    the first play the seat asked sees its optional báo Sâm."""
    state = deal_table("3S 4S 9D", "5C 6H 10D", first=0, no_instant=True)
    asked = plugin.view(state, 0)
    assert (asked.to_act, asked.optional) == (0, True)
    assert asked.to_json(PLAYERS[:2])["legal"] == [{"declare": "sam"}]
    plugin.decline(state, 0)
    plugin.decline(state, 1)
    mine = plugin.view(state, 0)
    theirs = plugin.view(state, 1)
    assert mine.to_act == theirs.to_act == 0
    assert theirs.legal == ()
    assert {"play": ["3S"]} in mine.to_json(PLAYERS[:2])["legal"]


# ---------------------------------------------------------------- events


def _types(events: Any) -> list[str]:
    return [e.type for e in events]


def test_events_of_a_chop_chain_and_its_settlement() -> None:
    """DESIGN events and rules page Chặt chồng (a23, flat): a 2, four 5s, four 9s: each
    play is a ``play`` event, each chop a ``chop`` with the chain's value (15, then 30),
    and the round's end a ``settle`` of 30 from the 5s' owner to the 9s' owner."""
    state = deal_table(
        "2S 3H 8D",
        "5S 5C 5D 5H 8S 6D",
        "9S 9C 9D 9H 4C 7C",
        "KD KH 4S",
        variant="a23",
        no_instant=True,
    )
    assert _types(plugin.apply(state, Play(0, CardSet.parse("2S").mask))) == ["play"]
    chop = plugin.apply(state, Play(1, CardSet.parse("5S 5C 5D 5H").mask))
    assert _types(chop) == ["play", "chop"]
    assert chop[1].to_json(PLAYERS[:4]) == {
        "type": "chop",
        "player": "Bình",
        "victim": "An",
        "value": 15,
    }
    again = plugin.apply(state, Play(2, CardSet.parse("9S 9C 9D 9H").mask))
    assert again[1].to_json(PLAYERS[:4])["value"] == 30
    plugin.apply(state, Pass(3))
    plugin.apply(state, Pass(0))
    settle = plugin.apply(state, Pass(1))
    assert _types(settle) == ["pass", "settle"]
    assert isinstance(settle[1], Settled)
    assert [t.to_json(PLAYERS[:4]) for t in settle[1].transfers] == [
        {"from": "Bình", "to": "Chi", "amount": 30, "reason": "chop"}
    ]


def test_events_of_bao_mot_one_card_violation_and_the_end() -> None:
    """Rules page, Báo một: a player left with one card is announced (``one-card``); a
    pass on a single that the highest card beats is a ``violation``; the announced
    player going out ends with ``out``, ``win`` and a ``settle`` where the violator pays
    for every loser (``bao-mot``)."""
    state = deal_table("3S 9H KD", "8C AD", "4S 7D QC", no_instant=True)
    play(state, 0, "3S")
    assert _types(plugin.apply(state, Play(1, CardSet.parse("8C").mask))) == ["play", "one-card"]
    play(state, 2, "QC")
    assert _types(plugin.apply(state, Pass(0))) == ["pass", "violation"]
    violation = state.events[-1]
    assert violation == BaoMotViolated(0, announced=1)
    pass_(state, 1)
    play(state, 2, "4S")
    play(state, 0, "9H")
    end = plugin.apply(state, Play(1, CardSet.parse("AD").mask))
    assert _types(end) == ["play", "out", "win", "settle"]
    assert end[2] == Won(1, "win", None)
    res = plugin.result(state)
    settle = end[3]
    assert isinstance(settle, Settled)
    assert settle.transfers == res.transfers
    assert [(t.payer, t.payee, t.reason) for t in res.transfers] == [
        (0, 1, "cards-left"),
        (0, 1, "bao-mot"),
    ]


def test_events_of_a_stuck_player() -> None:
    """Rules page, Thối 2: a leader holding only a lone 2 leaves play (``stuck``)."""
    state = deal_table("AS 2H", "5C 6H KD", "4C 7H 9C", no_instant=True)
    assert _types(plugin.apply(state, Play(0, CardSet.parse("AS").mask))) == ["play", "one-card"]
    assert state.events[-1] == OneCard(0)
    pass_(state, 1)
    events = plugin.apply(state, Pass(2))  # 9♣ cannot beat the A: no báo một violation
    assert _types(events) == ["pass", "stuck"]
    assert events[1] == Stuck(0)
    assert state.turn == 1


def test_events_of_a_failed_sam_under_a23() -> None:
    """Rules page, Báo Sâm (a23, đền làng): ``declare``, then the blocking play ends the
    game: ``win`` names the blocker, ``settle`` holds one ``den`` transfer per player."""
    state = deal_table("3S 9D", "4C 10H", "5C 6H", variant="a23", no_instant=True)
    assert _types(plugin.apply(state, Declare(0))) == ["declare"]
    play(state, 0, "3S")
    end = plugin.apply(state, Play(1, CardSet.parse("10H").mask))
    assert _types(end) == ["play", "win", "settle"]
    assert end[1].to_json(PLAYERS[:3]) == {
        "type": "win",
        "player": "Bình",
        "outcome": "sam-failed",
        "instant_win": None,
    }
    settle = end[2]
    assert isinstance(settle, Settled)
    assert [(t.payer, t.payee, t.amount, t.reason) for t in settle.transfers] == [
        (0, 1, 20, "den"),
        (0, 2, 20, "den"),
    ]


@FAST
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
def test_events_replay_and_transfers_net_to_payments(seed: int, variant: str) -> None:
    """DESIGN events and referee transfers: the events ``apply`` returns, joined, are the
    game's events; replaying the actions gives the same events and final state; every
    event has a JSON form; the transfers of the settles (chains and the final one) are
    the result's, and they net to the payments, which sum to zero."""
    rules = resolve_rules(plugin, variant)
    n = random.Random(seed).randint(*plugin.player_range(rules))
    state = plugin.new_game(rules, n, seed)
    start = state.copy()
    bots = [BOTS[("random", "greedy", "sam")[(seed + i) % 3]](i) for i in range(n)]
    said = list(state.events)
    steps: list[tuple[int, Any]] = []  # (seat, action or None for a declined choice)
    for _ in range(2000):
        d = plugin.decision(state)
        if d is None:
            break
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            said += plugin.apply(state, choice)
        steps.append((d.seat, choice))
    assert said == state.events
    again = start.copy()
    for seat, action in steps:
        if action is None:
            plugin.decline(again, seat)
        else:
            plugin.apply(again, action)
    assert again.events == state.events
    assert again == state
    json.dumps([e.to_json(PLAYERS[:n]) for e in state.events])
    res = plugin.result(state)
    assert net_of(res.transfers, n) == list(res.payments)
    assert sum(res.payments) == 0
    settled = [t for e in state.events if isinstance(e, Settled) for t in e.transfers]
    assert sorted(settled, key=repr) == sorted(res.transfers, key=repr)
    assert isinstance(state.events[-2], Won)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_bot_games_fast_and_plain_loops_agree(variant: str) -> None:
    """DESIGN FastPlayout: the fast loop of random bots makes the choices and events the
    plain loop makes (the plain loop runs for bots the fast loop does not draw for)."""

    class Plain(RandomBot):
        drawn_in_loop = False

    rules = resolve_rules(plugin, variant)
    for seed in range(20):
        fast = play_game(
            plugin, plugin.new_game(rules, 4, seed), [BOTS["random"](i) for i in range(4)]
        )
        plain = play_game(
            plugin, plugin.new_game(rules, 4, seed), [Plain(i, decline=0.99) for i in range(4)]
        )
        assert fast.actions == plain.actions
        assert plugin.result(fast.final) == plugin.result(plain.final)


def test_events_of_an_instant_win() -> None:
    """Rules page, Tới trắng: a game won at the deal holds its ``win`` (with the hand's
    code) and ``settle`` events from the start, and a replay's view shows them."""
    hands = (
        "3S 3H 5D 5C 7S 7H 9H 9D JC JS",  # five pairs
        "4S 4H 4D 6C 6S 6H 8H 8D 8C QS",  # three triples: the better hand
        "3C 4C 5S 6D 7D 9C 10S JD QH KS",
        "2S 2H 3D 5H 7C 8S 10C 10D KC AD",
    )
    state = plugin.start(plugin.presets["standard"], [CardSet.parse(h).mask for h in hands], 0)
    assert _types(state.events) == ["win", "settle"]
    assert state.events[0] == Won(1, "instant-win", "three-triples")
    settle = state.events[1]
    assert isinstance(settle, Settled)
    assert settle.transfers == plugin.result(state).transfers
    assert plugin.view(state, 0).history == tuple(state.events)


def test_screens_have_words_for_sam_events() -> None:
    """DESIGN events (the play screen and the referee's account are written from
    events): Sâm gives words for its own events, and leaves the core's to the screen."""
    names = PLAYERS[:3]
    assert plugin.event_words(OneCard(1), names) == ("has one card left (báo một).",)
    words = plugin.event_words(BaoMotViolated(0, announced=1), names)
    assert words is not None
    assert "Bình" in words[0]
    assert "An must pay for every loser" in words[0]
    stuck = plugin.event_words(Stuck(2), names)
    assert stuck is not None
    assert "thối 2" in stuck[0]
    assert plugin.event_words(Won(0, "win", None), names) is None


def test_the_table_words_of_a_declaration_agree_with_you() -> None:
    """The play screen names the declarer; the seat that declared reads "You have
    declared", any other seat "<name> has declared"."""
    from vncards.samloc import plugin as sam

    state = sam.new_game(sam.presets[sam.default_preset], 2, seed=1)
    d = sam.decision(state)
    assert d is not None
    assert d.optional
    sam.apply(state, d.actions[0])
    mine = sam.table_words(sam.view(state, d.seat), ["You", "An"][:: 1 if d.seat == 0 else -1])
    theirs = sam.table_words(sam.view(state, 1 - d.seat), ["Bình", "Chi"])
    assert ("You have declared sam.",) in mine
    assert (f"{['Bình', 'Chi'][d.seat]} has declared sam.",) in theirs
