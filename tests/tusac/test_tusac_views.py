"""Views, determinization, events and itemised transfers (DESIGN, "Hidden information",
"Events", "Referee"; the rules page, "What each player sees", "Events" and "Transfers")."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import Discarded, Drew, RandomBot, Settled, Won, derive_seed, net_of
from vncards.tusac import (
    COPIES,
    KINDS,
    REASONS,
    Discard,
    GreedyBot,
    OwedDen,
    Revealed,
    TookGroup,
    TuSacRules,
    TuSacState,
    TuSacView,
    decision_parts,
    format_card,
    hand_count,
    hand_kinds,
    hand_of,
    parse_card,
    plugin,
)

from tests.tusac._positions import c, table, take

PLAYERS = ["An", "Bình", "Chi", "Dũng"]


def _positions(seed: int, n: int = 4, decline: float = 0.3) -> list[TuSacState]:
    """Every position of a seeded random game (random bots that sometimes let a winning
    claim go), the final one included."""
    state = plugin.new_game(TuSacRules(), n, seed)
    bots = [RandomBot(derive_seed(seed, i), decline=decline) for i in range(n)]
    out = [state.copy()]
    while (d := plugin.decision(state)) is not None:
        choice = bots[d.seat].pick(d.actions, d.optional)
        if choice is None:
            plugin.decline(state, d.seat)
        else:
            plugin.apply(state, choice)
        out.append(state.copy())
    return out


def _hidden_from(state: TuSacState, seat: int) -> Counter[int]:
    """The cards ``seat`` cannot see: other private hands and the undrawn stock."""
    hidden: Counter[int] = Counter(state.stock[state.pos :])
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(hand_kinds(hand))
    return hidden


def _cards_named(value: Any) -> Counter[str]:
    """Every card code written anywhere in a JSON value."""
    codes = {format_card(k) for k in range(KINDS)}
    found: Counter[str] = Counter()
    if isinstance(value, str):
        if value in codes:
            found[value] += 1
    elif isinstance(value, dict):
        for v in value.values():
            found += _cards_named(v)
    elif isinstance(value, list):
        for v in value:
            found += _cards_named(v)
    return found


# ---------------------------------------------------------------- what a view shows


def test_view_json_has_the_contract_keys_and_every_laid_group() -> None:
    """DESIGN, "Hidden information": the JSON form has game, seat, player, hand, to_act,
    legal (record actions), public and history; Tứ Sắc's public part shows every seat's
    laid groups, the discards, the active card and the stock's size, never its order."""
    st = table(
        "RP RP RP RP YC GA GE",
        "GR GC GH WA WE",
        "RK",
        "YK",
        stock="WP WP WP WP RA RA",
        draw_limit=0,
    )
    plugin.apply(st, Discard(0, c("YC")))
    plugin.apply(st, plugin.legal_actions(st)[-1])  # Bình draws WP
    data = plugin.view(st, 1).to_json(PLAYERS)
    assert set(data) >= {"game", "seat", "player", "hand", "to_act", "legal", "public", "history"}
    assert (data["game"], data["player"], data["to_act"]) == ("tusac", "Bình", "Bình")
    assert {"pass": True} in data["legal"]
    public = data["public"]
    assert public["groups"]["An"] == [{"group": "quad", "name": "quan", "cards": ["RP"] * 4}]
    assert public["discards"] == [{"type": "discard", "player": "An", "card": "YC"}]
    assert (public["active"], public["active_from"], public["stock"]) == ("WP", "Bình", 5)
    assert public["dead"] == ["YC"]
    assert [e["type"] for e in data["history"]] == ["reveal", "discard", "draw"]
    assert "WA" not in _cards_named(plugin.view(st, 0).to_json(PLAYERS))


@pytest.mark.parametrize("seed", [3, 8])
def test_no_view_names_a_hidden_card(seed: int) -> None:
    """No card a seat cannot see is named in its view: at every step of a game, each
    kind appears in the JSON at most as often as the seat holds it plus the copies
    everyone has seen (exposed, dead, active, and past discards and draws)."""
    for state in _positions(seed):
        seen = state.seen()
        for seat in range(state.n_players):
            view = plugin.view(state, seat)
            data = view.to_json(PLAYERS)
            named = _cards_named({k: v for k, v in data.items() if k not in ("history", "legal")})
            hand = state.hands[seat]
            # the legal actions name only the seat's own cards
            for code in _cards_named(data["legal"]):
                assert hand_count(hand, parse_card(code)) > 0, (seat, code)
            for code, n in named.items():
                k = parse_card(code)
                # a card is named in hand, groups and dead/active lists, and once more
                # as a past discard (it is then dead, exposed or active)
                assert n <= hand_count(hand, k) + 2 * seen[k], (seat, code)
            assert view.hand == tuple(format_card(k) for k in hand_kinds(hand))


def _swap_hidden(state: TuSacState, seat: int, picks: list[int]) -> TuSacState:
    """``state`` with pairs of cards hidden from ``seat`` exchanged between other
    private hands and the stock, keeping every hand's size and Khạp count."""
    other = state.copy()
    zones: list[tuple[str, int]] = [("stock", i) for i in range(other.pos, len(other.stock))]
    for s in range(other.n_players):
        if s != seat:
            zones.extend(("hand", s) for _ in hand_kinds(other.hands[s]))
    if len(zones) < 2:
        return other
    stock = list(other.stock)
    for a, b in zip(picks[::2], picks[1::2], strict=False):
        za, zb = zones[a % len(zones)], zones[b % len(zones)]
        if za == zb or za[0] == zb[0] == "stock":
            continue
        ka = _card_at(other, stock, za, a)
        kb = _card_at(other, stock, zb, b)
        if ka == kb:
            continue
        trial_hands = list(other.hands)
        trial_stock = list(stock)
        _put(trial_hands, trial_stock, za, ka, kb)
        _put(trial_hands, trial_stock, zb, kb, ka)
        if tuple(_khap(h) for h in trial_hands) != tuple(_khap(h) for h in other.hands):
            continue
        other.hands, stock = trial_hands, trial_stock
    other.stock = tuple(stock)
    return other


def _khap(hand: Any) -> tuple[int, int]:
    counts = [hand_count(hand, k) for k in range(KINDS)]
    return counts.count(3), counts.count(4)


def _card_at(state: TuSacState, stock: list[int], zone: tuple[str, int], pick: int) -> int:
    if zone[0] == "stock":
        return stock[zone[1]]
    kinds = hand_kinds(state.hands[zone[1]])
    return kinds[pick % len(kinds)]


def _put(hands: list[Any], stock: list[int], zone: tuple[str, int], old: int, new: int) -> None:
    if zone[0] == "stock":
        stock[zone[1]] = new
    else:
        kinds = hand_kinds(hands[zone[1]])
        kinds.remove(old)
        hands[zone[1]] = hand_of([*kinds, new])


def _asked(state: TuSacState, seat: int) -> tuple[Any, ...] | None:
    parts = decision_parts(state)
    if parts is None or parts[0] != seat:
        return None
    return (tuple(parts[1]), parts[2])


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**16),
    st.integers(0, 200),
    st.integers(0, 3),
    st.lists(st.integers(0, 10_000), min_size=2, max_size=12),
)
def test_states_differing_only_in_hidden_cards_give_equal_views(
    seed: int, step: int, seat: int, picks: list[int]
) -> None:
    """Property (DESIGN, "Hidden information"): exchanging cards a seat cannot see —
    between other hands and the stock, every hand keeping its size and its announced
    Khạp — leaves that seat's view unchanged, as long as the game puts the same choice
    to it (whether a claim is pending elsewhere is never shown: the rules page, "What
    each player sees")."""
    positions = _positions(seed)
    state = positions[min(step, len(positions) - 1)]
    other = _swap_hidden(state, seat, picks)
    assert other.hands[seat] == state.hands[seat]
    assert sorted(plugin.card_multiset(other)) == sorted(plugin.card_multiset(state))
    if _asked(other, seat) == _asked(state, seat):
        assert plugin.view(other, seat) == plugin.view(state, seat)


def test_a_pending_claim_elsewhere_is_not_shown() -> None:
    """While Chi must take An's discard with her pair (rule 4), Bình — in turn — and
    Dũng see the same view as if no one held that pair: Bình is named to act, with no
    action yet."""
    st = table("YC GA GE", "WA WE", "YC YC RA RE WR", "RK", stock="GP GP GP GP GP")
    plugin.apply(st, Discard(0, c("YC")))
    assert plugin.decision(st).seat == 2  # type: ignore[union-attr]
    for seat in (1, 3):
        view = plugin.view(st, seat)
        assert (view.to_act, view.legal) == (1, ())
    assert plugin.view(st, 2).legal == (take(2, "YC YC"),)


# ---------------------------------------------------------------- determinize


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_determinize_round_trip_at_every_step_for_every_seat(seed: int) -> None:
    """DESIGN, "Hidden information": the view of a determinized state equals the view it
    came from, for every seat at every step of a game; the seat's own cards and the
    public cards stay, the hidden cards are re-dealt with each hand's size, and all 112
    cards are there."""
    rng = random.Random(seed)
    deck = sorted(k for k in range(KINDS) for _ in range(COPIES))
    for state in _positions(seed):
        for seat in range(state.n_players):
            view = plugin.view(state, seat)
            world = plugin.determinize(view, rng)
            assert plugin.view(world, seat) == view
            assert world.hands[seat] == state.hands[seat]
            assert world.exposed == state.exposed
            assert world.stock[: world.pos] == state.stock[: state.pos]
            assert [len(hand_kinds(h)) for h in world.hands] == list(view.counts)
            assert world.khap_counts() == state.khap_counts()
            assert sorted(plugin.card_multiset(world)) == deck
            assert sum(_hidden_from(world, seat).values()) == sum(
                _hidden_from(state, seat).values()
            )


def test_determinized_worlds_play_on_to_the_end() -> None:
    """A determinized world is a real game from that point: bots play it to the end,
    every card stays in play, the payments sum to zero and replaying its actions gives
    the same final state."""
    from vncards.core import play_game

    positions = _positions(4)
    view = plugin.view(positions[len(positions) // 2], 1)
    deck = sorted(k for k in range(KINDS) for _ in range(COPIES))
    for i in range(5):
        world = plugin.determinize(view, random.Random(i))
        game = play_game(plugin, world, [RandomBot(i * 4 + s, decline=0.0) for s in range(4)])
        res = plugin.result(game.final)
        assert res.finished
        assert sum(res.payments) == 0
        assert sorted(plugin.card_multiset(game.final)) == deck
        replay = game.start.copy()
        for action in game.actions:
            plugin.apply(replay, action)
        # random bots alone are played out without events (core's FastPlayout seam)
        assert game.final.events == game.start.events
        game.final.events = replay.events
        assert replay == game.final


def test_hidden_cards_land_in_every_seat_and_the_stock() -> None:
    """Over many determinizations (seeded) every card hidden from a seat lands in every
    other hand and in the stock, and a card hidden once lands in each place about as
    often as that place's share of the hidden cards (chi-square, 3 degrees of freedom,
    below the 0.1 % critical value 16.27)."""
    state = next(s for s in _positions(6, decline=0.0) if s.n_actions == 12)
    seat = 0
    view = plugin.view(state, seat)
    rng = random.Random(2024)
    others = [s for s in range(4) if s != seat]
    places: dict[int, Counter[str]] = {k: Counter() for k in range(KINDS)}
    draws = 600
    for _ in range(draws):
        world = plugin.determinize(view, rng)
        for s in others:
            for k in set(hand_kinds(world.hands[s])):
                places[k][f"seat{s}"] += 1
        for k in set(world.stock[world.pos :]):
            places[k]["stock"] += 1
    hidden = _hidden_from(state, seat)
    for k in hidden:
        assert set(places[k]) == {"seat1", "seat2", "seat3", "stock"}, format_card(k)
    sizes = {f"seat{s}": view.counts[s] for s in others} | {"stock": view.stock_left}
    total = sum(sizes.values())
    singles = [k for k, n in hidden.items() if n == 1]
    assert singles
    for k in singles:
        chi2 = sum(
            (places[k][p] - draws * n / total) ** 2 / (draws * n / total) for p, n in sizes.items()
        )
        assert chi2 < 16.27, (format_card(k), places[k])


def test_determinize_refuses_a_view_of_another_game() -> None:
    """``determinize`` reads only Tứ Sắc views."""
    from vncards.core import View

    other = View("x", 0, None, (), (), (1,), {}, ())
    with pytest.raises(TypeError):
        plugin.determinize(other, random.Random(0))


# ---------------------------------------------------------------- events


@pytest.mark.parametrize("seed", [11, 12])
def test_events_are_what_apply_returned_and_replay_to_the_same_state(seed: int) -> None:
    """DESIGN, "Events": ``apply`` returns each action's events in order and the state
    keeps them after the deal's own; replaying the actions from the deal gives the same
    final state, events included."""
    state = plugin.new_game(TuSacRules(), 4, seed)
    start = state.copy()
    returned = list(state.events)
    actions = []
    bots = [GreedyBot(seed + s) for s in range(4)]
    while (d := plugin.decision(state)) is not None:
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        assert choice is not None
        returned.extend(plugin.apply(state, choice))
        actions.append(choice)
    assert state.events == returned
    replay = start.copy()
    for action in actions:
        plugin.apply(replay, action)
    assert replay == state


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_events_alone_rebuild_the_public_table(seed: int) -> None:
    """From its events alone a table UI knows every laid group, the dead cards and the
    stock's size: rebuilt from the history, they equal the state's (no diffing of
    states)."""
    final = _positions(seed)[-1]
    groups: list[list[tuple[str, ...]]] = [[] for _ in range(final.n_players)]
    dead: Counter[str] = Counter()
    drawn = 0
    active: str | None = None
    for e in final.events:
        if isinstance(e, Revealed):
            groups[e.seat or 0].append(e.cards)
        elif isinstance(e, TookGroup):
            groups[e.seat or 0].append(tuple(sorted((*e.cards, e.card), key=parse_card)))
            active = None
        elif isinstance(e, Discarded | Drew):
            if active is not None:
                dead[active] += 1  # the card passed over is out of play
            active = e.card
            drawn += isinstance(e, Drew)
        elif isinstance(e, Won) and e.outcome == "draw" and active is not None:
            dead[active] += 1
            active = None
    assert groups == [[tuple(format_card(k) for k in g.cards) for g in gs] for gs in final.exposed]
    assert dead == Counter(format_card(k) for k, n in enumerate(final.dead) for _ in range(n))
    assert drawn == final.pos


def test_take_event_names_the_group_and_the_claim() -> None:
    """A take's event says which group it made and whether the taker jumped the turn
    (rule 4: Dũng takes An's YC with his pair out of turn); the game's end is a ``win``
    then a ``settle`` event with the transfers."""
    st = table("YC GA GE", "WA WE", "RK", "YC YC RA RE WR", stock="GP GP GP GP GP")
    plugin.apply(st, Discard(0, c("YC")))
    events = plugin.apply(st, take(3, "YC YC"))
    assert [e.to_json(PLAYERS) for e in events] == [
        {
            "type": "take",
            "player": "Dũng",
            "card": "YC",
            "cards": ["YC", "YC"],
            "group": "triple",
            "khui": False,
            "out_of_turn": True,
        }
    ]
    winning = table("WC GA GE", "RK", "WR WH", "YK", stock="GP GP GP GP GP")
    plugin.apply(winning, Discard(0, c("WC")))
    events = plugin.apply(winning, take(2, "WR WH"))
    assert [e.type for e in events] == ["take", "win", "settle"]
    assert isinstance(events[-1], Settled)
    assert events[-1].transfers == plugin.result(winning).transfers


def test_den_is_an_event_when_it_is_owed() -> None:
    """Rules page, "Đền": a discard after a take that is not among the worst rác is
    announced as a ``den`` event naming the discarder and the card."""
    st = table(
        "WC RK RA RE YK YA YE",
        "WR WH YR YC GA RR RC RH",
        "YR YR GK GA GE",
        "WK",
        stock="GP GP GP GP GP",
    )
    plugin.apply(st, Discard(0, c("WC")))
    plugin.apply(st, take(1, "WR WH"))
    events = plugin.apply(st, Discard(1, c("YR")))
    assert events[0] == Discarded(1, "YR")
    assert isinstance(events[1], OwedDen)
    assert events[1].to_json(PLAYERS) == {"type": "den", "player": "Bình", "card": "YR", "index": 2}
    assert plugin.view(st, 3).public["den"] == 1


# ---------------------------------------------------------------- transfers


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_transfers_net_to_payments_in_bot_games(bot: str) -> None:
    """DESIGN, "Referee": in every finished bot game the itemised transfers net exactly
    to the payments, sum to zero, are positive and carry a listed reason."""
    from vncards.core import play_game

    for g in range(12):
        state = plugin.new_game(TuSacRules(), 2 + g % 3, derive_seed(77, g))
        game = play_game(plugin, state, [plugin.bots[bot](g * 4 + s) for s in range(4)])
        res = plugin.result(game.final)
        assert tuple(net_of(res.transfers, game.final.n_players)) == res.payments
        assert sum(res.payments) == 0
        assert all(t.amount > 0 and t.reason in REASONS for t in res.transfers)
        if res.outcome == "draw":
            assert res.transfers == ()


def test_every_reason_code_is_listed_on_the_rules_page() -> None:
    """DESIGN, "Referee": transfer reasons are codes listed on the game's rules page —
    each of Tứ Sắc's is a row of the page's transfers table, and the plugin's record
    vocabulary names the same codes."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "tusac.md").read_text()
    table = page.split("### Transfers (reason codes)")[1].split("##")[0]
    rows = {line.split("|")[1].strip().strip("`") for line in table.splitlines() if "| `" in line}
    assert rows == set(REASONS)
    assert tuple(plugin.record_vocabulary.transfer_reasons) == REASONS


# ---------------------------------------------------------------- bots see views


def test_greedy_bot_reads_only_the_view() -> None:
    """The greedy bot chooses from a view and its legal actions: handed two states that
    differ only in hidden cards (same choice put to it), it makes the same choice; a
    bare state is refused."""
    state = _positions(9)[20]
    d = plugin.decision(state)
    assert d is not None
    other = _swap_hidden(state, d.seat, list(range(0, 60, 7)))
    view = plugin.view(state, d.seat)
    if _asked(other, d.seat) == _asked(state, d.seat):
        assert GreedyBot(1).choose(plugin.view(other, d.seat), d.actions, d.optional) == (
            GreedyBot(1).choose(view, d.actions, d.optional)
        )
    assert isinstance(view, TuSacView)
    if len(d.actions) > 1 and not d.optional:
        with pytest.raises(TypeError):
            GreedyBot(1).choose(state, d.actions, d.optional)  # type: ignore[arg-type]


def test_random_bot_is_cores_random_bot() -> None:
    """The ``random`` bot is core's RandomBot, so the game loop builds no view for it."""
    assert type(plugin.bots["random"](3)) is RandomBot
