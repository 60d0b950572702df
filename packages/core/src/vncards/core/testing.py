"""A conformance suite any game plugin runs against itself.

It plays seeded games between random bots and checks, at every step, what a referee
must be able to trust:

- cards are conserved (no card appears or vanishes in any zone);
- ``legal_actions`` is exactly the set of actions ``apply`` accepts (probed over the
  plugin's ``action_universe``); ``why_illegal`` (the plugin's own, or
  :func:`~vncards.core.why_illegal`'s default) answers ``None`` for exactly those and,
  for every other, the refusal ``apply`` raises, same code and message; and a refused
  action changes nothing;
- every game ends, and its payments sum to zero; the itemised transfers net to the
  payments exactly;
- the game's record replays through the referee to the same result;
- hidden information (:func:`check_views`): a seat's view shows none of the cards the
  other seats still hold from the deal, and the view of a state determinized from a
  view is that view again (so two states that differ only in cards hidden from a seat
  give it equal views); determinized states hold the same cards;
- determinization is fair (:func:`check_determinize_spread`): over many seeded
  determinizations every hidden card lands in every place it may be, as often as
  chance says (a chi-square test);
- events (:func:`check_events`): what ``apply`` returned, as each seat sees it, is the
  history of that seat's final view, and replaying the actions gives the same events
  and the same final state;
- the fast path (:func:`check_fast_path`): under rules objects drawn at random from the
  game's rules model (:func:`random_rules`: every field over its allowed values, not
  only the presets), seeded random and greedy games offer only actions the referee
  accepts, the referee accepts the games the fast loop plays, and every few steps the
  offered actions are exactly those the referee accepts.

Use it from a test::

    from vncards.core.testing import check_plugin
    def test_my_game_conforms():
        check_plugin(my_plugin, games=20)
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vncards.core._bots import RandomBot
from vncards.core._events import Event, View, net_of
from vncards.core._exact import MANY_ACTIONS, check_actions_exact
from vncards.core._fastcheck import FastPathReport, check_fast_path, random_rules
from vncards.core._game import (
    GamePlugin,
    GameResult,
    PlayedGame,
    play_game,
    record_game,
    referee,
    resolve_rules,
)
from vncards.core._rng import derive_seed

__all__ = [
    "MANY_ACTIONS",
    "ConformanceReport",
    "FastPathReport",
    "check_actions_exact",
    "check_determinize_spread",
    "check_events",
    "check_fast_path",
    "check_game",
    "check_plugin",
    "check_replay",
    "check_result",
    "check_views",
    "play_random",
    "random_rules",
]


@dataclass
class ConformanceReport:
    """What :func:`check_plugin` exercised: games played, bot steps, actions probed,
    how many games ended in each outcome and how many hidden cards' spread was tested.

    >>> ConformanceReport(games=2, outcomes={"win": 2}).outcomes
    {'win': 2}
    """

    games: int = 0
    steps: int = 0
    probes: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    spread_cards: int = 0
    """Hidden cards whose spread over determinizations was tested."""


def check_result(plugin: GamePlugin[Any, Any, Any], state: Any) -> GameResult:
    """A finished game has an outcome and payments that sum to zero."""
    res = plugin.result(state)
    assert res.finished, "the game is not finished"
    assert res.outcome is not None, "a finished game needs an outcome"
    assert sum(res.payments) == 0, f"payments do not sum to zero: {res.payments}"
    if res.outcome != "draw":
        assert res.winner is not None, "a won game needs a winner"
    check_transfers(res, len(res.payments))
    return res


def check_transfers(res: GameResult, n_players: int) -> None:
    """Every transfer moves a positive amount between two seats for a reason, and the
    transfers net to the payments exactly (so they sum to zero too)."""
    for t in res.transfers:
        assert t.amount > 0, f"a transfer of {t.amount} lá: {t}"
        assert t.payer != t.payee, f"a seat pays itself: {t}"
        assert 0 <= t.payer < n_players, f"no such seat: {t}"
        assert 0 <= t.payee < n_players, f"no such seat: {t}"
        assert t.reason, f"a transfer without a reason: {t}"
    net = net_of(res.transfers, n_players)
    assert net == list(res.payments), (
        f"transfers net to {net}, not to the payments {list(res.payments)}"
    )


def _seat_hands(plugin: GamePlugin[Any, Any, Any], state: Any, n: int) -> list[set[str]]:
    """Each seat's own cards, as its view shows them."""
    return [set(plugin.view(state, s).hand) for s in range(n)]


def check_views(
    plugin: GamePlugin[Any, Any, Any],
    state: Any,
    dealt: Sequence[Sequence[str]],
    rng: random.Random,
    *,
    worlds: int = 2,
    stock: Sequence[str] = (),
) -> None:
    """Hidden information at one state, for every seat.

    ``dealt`` is the deal (``record_deal(start)["hands"]``, with its ``stock`` when
    there is one). While the game runs, no card another seat was dealt and still holds
    appears anywhere in a seat's view or its JSON (cards whose name the deal holds
    once; a deck with copies of a card is checked by the determinizations alone); the
    view of each of ``worlds`` determinizations equals the view it came
    from (the determinized state differs from the real one only in cards hidden from
    that seat), and holds the same cards as the real state. The seat whose decision the
    game waits for sees it as its legal actions; the others see none.
    """
    n = len(dealt)
    names = [c for hand in dealt for c in hand] + list(stock)
    unique = {c for c in names if names.count(c) == 1}
    hands = _seat_hands(plugin, state, n)
    cards = plugin.card_multiset(state)
    players = [f"P{i}" for i in range(n)]
    d = plugin.decision(state)
    for seat in range(n):
        view = plugin.view(state, seat)
        assert isinstance(view, View), "view() must give a View"
        assert view.seat == seat
        assert set(view.hand) == hands[seat]
        if d is not None and d.seat == seat:
            assert view.to_act == seat, "the view does not say whose choice it is"
            assert list(view.legal) == list(d.actions), "the view's legal actions are not offered"
        elif d is not None:
            assert not view.legal, f"seat {seat}'s view offers actions on another's turn"
        text = json.dumps(view.to_json(players), ensure_ascii=False)
        if view.to_act is not None:
            for other in range(n):
                if other == seat:
                    continue
                for card in hands[other] & set(dealt[other]) & unique:
                    assert f'"{card}"' not in text, (
                        f"seat {seat}'s view shows {card}, hidden in seat {other}'s hand"
                    )
        for _ in range(worlds):
            world = plugin.determinize(view, rng)
            again = plugin.view(world, seat)
            assert again == view, f"the view of a determinized state is not seat {seat}'s view"
            assert plugin.card_multiset(world) == cards, "a determinized state lost a card"


def check_determinize_spread(
    plugin: GamePlugin[Any, Any, Any],
    state: Any,
    seat: int,
    *,
    draws: int = 300,
    seed: int = 0,
    alpha_z: float = 3.72,
) -> int:
    """Seeded determinizations of ``seat``'s view deal the hidden cards fairly.

    Each card some draw puts in another seat's hand is hidden; its place in a draw is
    the seat holding it, or "elsewhere" (a stock, undealt cards). A card that lands in
    one place every time is fixed by what the seat knows and is left out. Every other
    card must land in every place that takes such cards, and the counts must fit a
    uniform deal: each place gets each card in proportion to how many of them it takes
    per draw. The sum of the chi-square statistics over cards is compared with the
    upper ``alpha_z`` (z-score) point of its distribution, by the Wilson–Hilferty
    approximation. A deck with copies of a card (Tứ Sắc) is tested by card name, over
    the other seats' hands only, and only for landing everywhere: what such a game
    announces (a Khạp, say) makes a fair deal uneven. Returns how many cards (names)
    were tested.
    """
    deal = plugin.record_deal(state)
    n = len(deal["hands"])
    names = [c for hand in deal["hands"] for c in hand] + list(deal.get("stock") or ())
    copies = len(set(names)) < len(names)
    rng = random.Random(seed)
    view = plugin.view(state, seat)
    others = [s for s in range(n) if s != seat]
    elsewhere = -1
    places: list[dict[str, dict[int, int]]] = []
    for _ in range(draws):
        world = plugin.determinize(view, rng)
        where: dict[str, dict[int, int]] = {}
        for s in others:
            for card in plugin.view(world, s).hand:
                at = where.setdefault(card, {})
                at[s] = at.get(s, 0) + 1
        places.append(where)
    hidden = set().union(*places) - (set() if copies else set(view.hand))
    counts: dict[str, dict[int, int]] = {c: {} for c in hidden}
    for where in places:
        for c in hidden:
            for p, k in where.get(c, {elsewhere: 1}).items():
                if copies and p == elsewhere:
                    continue
                counts[c][p] = counts[c].get(p, 0) + k
    free = {c for c in hidden if len(counts[c]) > 1}
    if not free:
        return 0
    if copies:
        for c in free:
            for s in others:
                if view.counts[s]:
                    assert counts[c].get(s), f"hidden card {c} never lands in seat {s}"
        return len(free)
    per_draw = dict.fromkeys([*others, elsewhere], 0.0)
    for where in places:
        for c in free:
            per_draw[next(iter(where.get(c, {elsewhere: 1})))] += 1
    slots = {p: taken / (len(free) * draws) for p, taken in per_draw.items()}
    stat = 0.0
    cells = 0
    for c in free:
        for p, share in slots.items():
            if share == 0:
                continue
            expected = draws * share
            seen = counts[c].get(p, 0)
            assert seen > 0, f"hidden card {c} never lands in place {p} over {draws} draws"
            stat += (seen - expected) ** 2 / expected
            cells += 1
    df = cells - len(free)
    if df <= 0:
        return len(free)
    wh = 2.0 / (9.0 * df)  # Wilson–Hilferty
    critical = df * (1.0 - wh + alpha_z * math.sqrt(wh)) ** 3
    assert stat < critical, (
        f"determinize deals hidden cards unevenly: chi-square {stat:.1f} on {df} degrees "
        f"of freedom (limit {critical:.1f})"
    )
    return len(free)


def check_events(
    plugin: GamePlugin[Any, Any, Any],
    game: PlayedGame[Any, Any],
    returned: Sequence[Sequence[Event]],
    declines: Sequence[tuple[int, int]] = (),
) -> None:
    """``returned[i]`` is what ``apply`` gave for ``game.actions[i]``; ``declines`` the
    optional choices declined, as ``(number of actions made before, seat)``. Each is a
    list of events with a JSON form; seen by any seat they make up, after the events of
    the deal, the history of that seat's final view; and replaying the actions (and the
    declines) from the start gives the same events and an equal final state."""
    n = len(plugin.record_deal(game.start)["hands"])
    players = [f"P{i}" for i in range(n)]
    for events in returned:
        assert isinstance(events, list), "apply must return a list of events"
        for e in events:
            assert isinstance(e, Event), f"apply returned {e!r}, not an Event"
            json.dumps(e.to_json(players))
    for seat in range(n):
        start = plugin.view(game.start, seat).history
        seen = tuple(e.seen_by(seat) for events in returned for e in events)
        final = plugin.view(game.final, seat).history
        assert start + seen == final, (
            f"seat {seat}'s history is not the events apply returned, as that seat saw them"
        )
    replay = game.start.copy()
    again = []
    waiting = list(declines)
    for k, action in enumerate([*game.actions, None]):
        while waiting and waiting[0][0] == k:
            plugin.decline(replay, waiting.pop(0)[1])
        if action is not None:
            again.append(plugin.apply(replay, action))
    assert again == [list(e) for e in returned], "replaying the actions gives other events"
    assert replay == game.final, "replaying the actions gives another final state"


def check_replay(
    plugin: GamePlugin[Any, Any, Any],
    game: PlayedGame[Any, Any],
    *,
    variant: str | None = None,
    bet: int = 1,
) -> None:
    """The game's record, refereed, gives the engine's own result."""
    n = len(plugin.record_deal(game.start)["hands"])
    players = [f"P{i}" for i in range(n)]
    record = record_game(plugin, game, players, variant=variant, bet=bet)
    report = referee(plugin, record.model_dump_json(by_alias=True, exclude_none=True))
    res = plugin.result(game.final)
    assert report.legal, f"the referee refused a bot game: {report.error}"
    assert report.finished == res.finished
    assert report.outcome == res.outcome
    assert report.instant_win == res.instant_win
    expected_winner = None if res.winner is None else players[res.winner]
    assert report.winner == expected_winner
    assert report.payments == {players[i]: v * bet for i, v in enumerate(res.payments)}
    assert [(v.index, v.player, v.rule) for v in report.violations] == [
        (v.index, players[v.seat], v.rule) for v in res.violations
    ]


def check_game(
    plugin: GamePlugin[Any, Any, Any],
    *,
    variant: str | None = None,
    n_players: int | None = None,
    seed: int = 0,
    probe_every: int = 1,
    probe_limit: int | None = 400,
    max_steps: int = 20_000,
    view_every: int = 5,
) -> tuple[PlayedGame[Any, Any], int, int]:
    """Play one seeded random-bot game with every check (views and determinization
    every ``view_every`` steps, 0 for never); return it, steps and probes."""
    rules = resolve_rules(plugin, variant)
    lo, hi = plugin.player_range(rules)
    rng = random.Random(seed)
    n = n_players if n_players is not None else rng.randint(lo, hi)
    state = plugin.new_game(rules, n, seed)
    start = state.copy()
    cards = plugin.card_multiset(state)
    bots = [RandomBot(derive_seed(seed, i), decline=0.5) for i in range(n)]
    deal = plugin.record_deal(start)
    dealt, stock = deal["hands"], deal.get("stock") or ()
    worlds = random.Random(seed ^ 0x5EED)
    actions: list[Any] = []
    returned: list[list[Event]] = []
    declines: list[tuple[int, int]] = []
    steps = probes = 0
    for step in range(max_steps):
        assert plugin.card_multiset(state) == cards, f"cards not conserved at step {step}"
        if view_every and step % view_every == 0:
            check_views(plugin, state, dealt, worlds, stock=stock)
        d = plugin.decision(state)
        if probe_every and step % probe_every == 0:
            probes += check_actions_exact(plugin, state, limit=probe_limit, seed=seed + step)
        if d is None:
            assert not plugin.legal_actions(state), "a finished game still lists actions"
            break
        assert d.actions or d.optional, "a forced decision offers no action"
        listed = plugin.legal_actions(state)
        offered = d.actions
        if probe_limit is not None and len(offered) > MANY_ACTIONS:
            # too many to go through (made on demand): a sample, checked with ``in``
            draw = random.Random(seed + step).sample(range(len(offered)), probe_limit)
            offered = [offered[i] for i in draw]
        legal = listed if len(listed) > MANY_ACTIONS else set(listed)
        assert all(a in legal for a in offered), "a decision offers an illegal action"
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        steps += 1
        if choice is None:
            plugin.decline(state, d.seat)
            declines.append((len(actions), d.seat))
        else:
            returned.append(plugin.apply(state, choice))
            actions.append(choice)
    else:
        raise AssertionError(f"game with seed {seed} did not end in {max_steps} steps")
    game = PlayedGame(start, actions, state)
    check_result(plugin, state)
    check_replay(plugin, game, variant=variant, bet=1 + seed % 3)
    check_events(plugin, game, returned, declines)
    return game, steps, probes


def check_plugin(
    plugin: GamePlugin[Any, Any, Any],
    *,
    games: int = 20,
    seed: int = 0,
    variants: Iterable[str] | None = None,
    probe_every: int = 1,
    probe_limit: int | None = 400,
    view_every: int = 5,
    spread_draws: int = 300,
) -> ConformanceReport:
    """Run :func:`check_game` over seeded games of every preset, and
    :func:`check_determinize_spread` halfway through the first game of each (for the
    seat to act; ``spread_draws`` 0 skips it); raise ``AssertionError`` on the first
    failure, else return what was exercised."""
    report = ConformanceReport()
    for variant in variants if variants is not None else list(plugin.presets):
        for g in range(games):
            game, steps, probes = check_game(
                plugin,
                variant=variant,
                seed=derive_seed(seed, g) % (1 << 32),
                probe_every=probe_every,
                probe_limit=probe_limit,
                view_every=view_every,
            )
            report.games += 1
            report.steps += steps
            report.probes += probes
            if g == 0 and spread_draws:
                middle = game.start.copy()
                for action in game.actions[: len(game.actions) // 2]:
                    plugin.apply(middle, action)
                d = plugin.decision(middle)
                if d is not None:
                    report.spread_cards += check_determinize_spread(
                        plugin, middle, d.seat, draws=spread_draws, seed=seed + g
                    )
            outcome = plugin.result(game.final).outcome or "unfinished"
            report.outcomes[outcome] = report.outcomes.get(outcome, 0) + 1
    return report


def play_random(
    plugin: GamePlugin[Any, Any, Any],
    *,
    variant: str | None = None,
    n_players: int = 4,
    seed: int = 0,
) -> PlayedGame[Any, Any]:
    """One random-bot game without checks (for property tests that check something else)."""
    rules = resolve_rules(plugin, variant)
    state = plugin.new_game(rules, n_players, seed)
    bots = [RandomBot(derive_seed(seed, i)) for i in range(n_players)]
    return play_game(plugin, state, bots)
