"""Tiến lên settlement (đếm lá, thối, cóng), tới trắng, who leads, the rules model and
simulation statistics — one test per rule of the rules page."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import (
    CardSet,
    ClimbState,
    Pass,
    Play,
    RandomBot,
    RecordError,
    RulesError,
    play_match,
    referee,
    resolve_rules,
)
from vncards.tienlen import (
    PRESETS,
    TienLenRules,
    count_la,
    instant_win_of,
    instant_wins_in_order,
    plugin,
)

DEM_LA = PRESETS["dem-la"]


def mask(cards: str) -> int:
    return CardSet.parse(cards).mask


def table(hands: list[str], first: int = 0, rules: TienLenRules = DEM_LA) -> ClimbState:
    return plugin.start(rules, [mask(h) for h in hands], first)


# ------------------------------------------------------------------ đếm lá and thối


def test_loser_pays_one_la_per_card_left() -> None:
    """Seed example: a loser with 3 cards left and no 2 pays 3 lá (× bet: 3 × 1000)."""
    assert count_la(mask("5D 7D 9H"), DEM_LA) == 3


def test_held_twos_count_at_thoi_value() -> None:
    """Seed example: 5 cards left with one black and one red 2 → 3 + 3 + 6 = 12."""
    assert count_la(mask("5D 7D 9H 2C 2H"), DEM_LA) == 12


@pytest.mark.parametrize(
    ("cards", "owed"),
    [
        ("7S 7C 7D 7H", 12),  # tứ quý 12 instead of 4
        ("3S 3C 4S 4C 5S 5C", 12),  # 3 đôi thông 12 instead of 6
        ("3S 3C 4S 4C 5S 5C 6S 6C", 16),  # 4 đôi thông 16 instead of 8
        ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", 18),  # 5 pairs: a 4 đôi thông and a loose pair
        ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C", 24),  # 6 pairs: two 3 đôi thông
        ("3S 3C 3D 3H 4S 4C 5S 5C 6S 6C", 24),  # tứ quý + 3 đôi thông beats 4 đôi thông + 2
        ("3S 3C 3D 3H 4S 4C 4D 4H 5S 5C 5D 5H", 36),  # three tứ quý beat two 3 đôi thông
        ("2S 2C 2D 2H", 18),  # four 2s: 3 + 3 + 6 + 6 is more than one tứ quý
        ("KS KC AS AC 2S 2C", 10),  # no đôi thông through the 2: 4 + 3 + 3
    ],
)
def test_held_hang_count_at_thoi_value_best_disjoint_choice(cards: str, owed: int) -> None:
    """Rules page: held hàng count at their thối value instead of one lá per card,
    choosing the disjoint hàng that give the largest total."""
    assert count_la(mask(cards), DEM_LA) == owed


def _hang_masks(hand: int) -> list[int]:
    """Every tứ quý, 3 đôi thông and 4 đôi thông (as card masks) inside ``hand``."""
    out = []
    nibs = [(hand >> (4 * r)) & 15 for r in range(13)]
    pairs = [
        [p for p in range(16) if p & nibs[r] == p and bin(p).count("1") == 2] for r in range(13)
    ]
    for r in range(12):
        if nibs[r] == 15:
            out.append(15 << (4 * r))
    for length in (3, 4):
        for r in range(12 - length + 1):
            partial = [0]
            for k in range(r, r + length):
                partial = [m | (p << (4 * k)) for m in partial for p in pairs[k]]
            out.extend(partial)
    return out


def _value(m: int, rules: TienLenRules) -> int:
    n = m.bit_count()
    if n == 4:
        return rules.thoi_quad
    return rules.thoi_three_pair_run if n == 6 else rules.thoi_four_pair_run


def reference_count(hand: int, rules: TienLenRules) -> int:
    """Brute force over card sets: the lowest card is either loose or opens a hàng."""
    hang = _hang_masks(hand)

    @cache
    def best(rest: int) -> int:
        if not rest:
            return 0
        low = rest & -rest
        card = low.bit_length() - 1
        loose = (rules.thoi_black_two if card < 50 else rules.thoi_red_two) if card >= 48 else 1
        top = loose + best(rest ^ low)
        for m in hang:
            if m & low and m & rest == m and (m & -m) == low:
                top = max(top, _value(m, rules) + best(rest & ~m))
        if rest >> 48 == 15 and card == 48:
            top = max(top, rules.thoi_quad + best(rest & ~(15 << 48)))
        return top

    return best(hand)


# hands rich in pairs: ranks drawn from a narrow window, so hàng are frequent
pair_rich_hands = st.lists(
    st.integers(min_value=0, max_value=51).map(lambda c: c % 32 if c < 44 else c),
    min_size=1,
    max_size=13,
    unique=True,
).map(lambda ids: sum(1 << i for i in ids))

thoi_rules = st.builds(
    TienLenRules,
    thoi_black_two=st.integers(0, 8),
    thoi_red_two=st.integers(0, 8),
    thoi_quad=st.integers(0, 30),
    thoi_three_pair_run=st.integers(0, 30),
    thoi_four_pair_run=st.integers(0, 30),
)


@settings(max_examples=300, deadline=None)
@given(hand=pair_rich_hands, rules=thoi_rules)
def test_count_la_equals_brute_force_over_every_grouping(hand: int, rules: TienLenRules) -> None:
    """Rules page: the loser pays for the disjoint hàng that give the largest total —
    the solver agrees with trying every grouping, under any thối values."""
    assert count_la(hand, rules) == reference_count(hand, rules)


def test_cong_loser_pays_double_including_thoi() -> None:
    """Rules page (cóng): a loser who still holds all 13 cards pays double, thối
    included: a hand with a tứ quý, a red 2 and 8 other cards owes 2 × (12 + 6 + 8)."""
    winner = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S 2D"
    cong = "AS AC AD AH 2H 3C 5C 7C 9C JC 4D 6D 8D"
    other = "9D 9H 10D 10H JD JH 2C 4C 6C 8C KD 3D 5H"
    state = table([winner, cong, other], first=2)
    plugin.apply(state, Play(2, mask("3D")))  # Chi plays once: not cóng
    plugin.apply(state, Play(0, mask("2S")))
    plugin.apply(state, Pass(1))
    plugin.apply(state, Pass(2))
    plugin.apply(state, Play(0, mask("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")))
    plugin.apply(state, Pass(1))
    plugin.apply(state, Pass(2))
    plugin.apply(state, Play(0, mask("2D")))
    res = plugin.result(state)
    # Bình: cóng, 2 x 26 = 52; Chi: 3 đôi thông 12 + 2C 3 + five cards 5 = 20, not doubled
    assert res.payments == (72, -52, -20)
    assert plugin.game_stats(state)["cong"] == 1


def test_chop_payments_are_added_to_the_settlement() -> None:
    """Rules page: chop payments from the game are added to the final payments, which
    sum to zero."""
    state = table(["2S 4D 9H", "7S 7C 7D 7H 5C", "3S 8H"])
    plugin.apply(state, Play(0, mask("2S")))
    plugin.apply(state, Play(1, mask("7S 7C 7D 7H")))
    plugin.apply(state, Pass(2))
    plugin.apply(state, Pass(0))
    plugin.apply(state, Play(1, mask("5C")))
    res = plugin.result(state)
    # An: chop 3 + 2 cards; Chi never played: cóng 2 x 2
    assert res.payments == (-5, 9, -4)
    assert sum(res.payments) == 0
    assert plugin.game_stats(state)["chops"] == 1


# ------------------------------------------------------------------ tới trắng


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH 3H", "dragon"),
        ("2S 2C 2D 2H 3S 5C 7D 9H JS KC AD 4H 6S", "four-twos"),
        ("5S 5C 6S 6C 7S 7C 8S 8C 9S 9C 3D JD KD", "five-pair-run"),
        ("3S 3C 5S 5C 7S 7C 9S 9C JS JC KS KC 2S", "six-pairs"),
        ("QS QC QD QH 3S 3C 5S 5C 7S 7C 9S 9C JD", "six-pairs"),  # a tứ quý is two pairs
        ("3S 3C 5S 5C 7S 7C 9S 9C JS JC KS 4H 2S", None),  # five pairs only
        ("3S 4C 5D 6H 7S 8C 9D 10H JS QC KD 2H 2S", None),  # 3…K and no A
        ("9S 9C JS JC QS QC KS KC AS AC 2S 2C 3H", "six-pairs"),  # no run through the 2
    ],
)
def test_toi_trang_hands(cards: str, code: str | None) -> None:
    """Rules page (tới trắng): sảnh rồng (3…A), tứ quý heo, 5 đôi thông, 6 đôi (a tứ quý
    counts as two pairs)."""
    assert instant_win_of(mask(cards), DEM_LA) == code


def test_instant_win_stops_game_and_others_pay_thirteen_cards() -> None:
    """Rules page: the game stops at once; each other player pays as a loser holding 13
    cards, thối included, with no cóng doubling."""
    hands = [
        "3C 3D 3H 4C 5C 6C 7C 8C 9C 10C JC QC KC",
        "4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2C 2D",
        "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H",
        "AC AH 2S 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    ]
    state = table(hands)
    res = plugin.result(state)
    assert (res.finished, res.outcome, res.winner, res.instant_win) == (
        True,
        "instant-win",
        2,
        "dragon",
    )
    assert res.payments == (-13, -20, 48, -15)
    assert plugin.legal_actions(state) == []
    assert plugin.game_stats(state)["cong"] == 0


def test_instant_win_priority_by_hand_then_turn_order_from_first() -> None:
    """Rules page: dragon > four-twos > five-pair-run > six-pairs, then the earliest in
    turn order from the first player."""
    six_a = mask("3S 3C 5S 5C 7S 7C 9S 9C JS JC KS KC 2S")
    six_b = mask("4S 4C 6S 6C 8S 8C 10S 10C QS QC AS AC 2C")
    dragon = mask("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H")
    plain = mask("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2D AD")  # 3…A too: also a dragon
    assert instant_wins_in_order(DEM_LA, [six_a, six_b, dragon, 0], first=0)[0] == (2, "dragon")
    assert [s for s, _ in instant_wins_in_order(DEM_LA, [six_a, six_b], first=1)] == [1, 0]
    assert [s for s, _ in instant_wins_in_order(DEM_LA, [six_a, six_b], first=0)] == [0, 1]
    both = instant_wins_in_order(DEM_LA, [plain, six_a, dragon], first=1)
    assert both == [(2, "dragon"), (0, "dragon"), (1, "six-pairs")]


def test_instant_wins_setting_chooses_which_hands_count() -> None:
    """Setting instant_wins: a table may count only some tới trắng hands."""
    six = mask("3S 3C 5S 5C 7S 7C 9S 9C JS JC KS KC 2S")
    assert instant_win_of(six, TienLenRules(instant_wins=("dragon",))) is None
    assert instant_win_of(six, TienLenRules(instant_wins=("six-pairs",))) == "six-pairs"


# ------------------------------------------------------------------ who leads


def test_first_game_leader_is_a_seeded_draw() -> None:
    """Rules page: the first player of a first game is chosen at random, seeded; a
    record of such a game must name ``first``."""
    leaders = {plugin.new_game(DEM_LA, 4, seed).first for seed in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert plugin.new_game(DEM_LA, 4, 5).first == plugin.new_game(DEM_LA, 4, 5).first
    state = plugin.new_game(DEM_LA, 4, 5)
    deal = plugin.record_deal(state)
    players = ["A", "B", "C", "D"]
    record = {
        "game": "tienlen",
        "players": players,
        "hands": {players[i]: h for i, h in enumerate(deal["hands"])},
        "actions": [],
    }
    with pytest.raises(RecordError, match="first"):
        referee(plugin, record)


def test_three_of_spades_holder_leads_and_must_play_it() -> None:
    """Setting first_lead="three-of-spades": the holder of 3♠ leads the first game and
    the first play must contain 3♠ (error wrong-first-play)."""
    rules = TienLenRules(first_lead="three-of-spades")
    for seed in range(10):
        state = plugin.new_game(rules, 4, seed)
        if state.finished:
            continue
        assert state.hands[state.turn] & 1
        plays = [a for a in plugin.legal_actions(state) if isinstance(a, Play)]
        assert plays
        assert all(a.cards & 1 for a in plays)


def test_three_of_spades_undealt_lowest_card_leads() -> None:
    """Decision (rules page silent): with fewer than 4 players 3♠ may stay undealt; the
    holder of the lowest card dealt then leads and must play it."""
    rules = TienLenRules(first_lead="three-of-spades")
    for seed in range(30):
        state = plugin.new_game(rules, 2, seed)
        dealt = state.dealt[0] | state.dealt[1]
        low = dealt & -dealt
        holder = state.first
        assert state.hands[holder] & low
        if not state.finished:
            assert all(a.cards & low for a in plugin.legal_actions(state) if isinstance(a, Play))


def test_later_game_previous_winner_leads_freely() -> None:
    """Rules page: in later games of a match the previous winner leads, with no 3♠ rule."""
    rules = TienLenRules(first_lead="three-of-spades")
    state = plugin.new_game(rules, 4, 3, first=2)
    assert state.turn == 2
    assert not state.lead_card
    bots = [RandomBot(i) for i in range(4)]
    match = play_match(plugin, rules, 4, 5, seed=11, bots=bots)
    for prev, nxt in zip(match.games, match.games[1:], strict=False):
        assert nxt.start.first == plugin.result(prev.final).winner
    assert sum(match.totals) == 0


# ------------------------------------------------------------------ rules model


def test_presets_and_defaults() -> None:
    """Rules page: default preset dem-la with every default; ba-bich is the house variant
    where 3♠ opens and a passed player may come back to chop."""
    assert plugin.default_preset == "dem-la"
    d = PRESETS["dem-la"]
    assert (d.first_lead, d.passed_may_chop, d.hand_size, d.min_players, d.max_players) == (
        "random",
        False,
        13,
        2,
        4,
    )
    assert (d.thoi_black_two, d.thoi_red_two, d.thoi_quad) == (3, 6, 12)
    assert (d.thoi_three_pair_run, d.thoi_four_pair_run, d.cong_multiplier) == (12, 16, 2)
    assert d.instant_wins == ("dragon", "four-twos", "five-pair-run", "six-pairs")
    b = PRESETS["ba-bich"]
    assert (b.first_lead, b.passed_may_chop) == ("three-of-spades", True)


def test_every_setting_is_documented_and_checked() -> None:
    """Every field of the rules model says what it does; bad settings are refused."""
    for name, field in TienLenRules.model_fields.items():
        assert field.description, name
    with pytest.raises(RulesError):
        resolve_rules(plugin, "dem-la", {"first_lead": "youngest"})
    with pytest.raises(RulesError):
        resolve_rules(plugin, "dem-la", {"no_such_rule": 1})
    with pytest.raises(RulesError):
        resolve_rules(plugin, "dem-la", {"min_players": 4, "max_players": 3})
    with pytest.raises(RulesError):
        resolve_rules(plugin, "dem-la", {"instant_wins": ["dragon", "dragon"]})
    assert resolve_rules(plugin, "ba-bich", {"cong_multiplier": 3}).cong_multiplier == 3


def test_cong_multiplier_setting() -> None:
    """Setting cong_multiplier: what a cóng loser multiplies its debt by."""
    rules = TienLenRules(cong_multiplier=3)
    state = table(["2H", "3S 4D 9H"], rules=rules)
    plugin.apply(state, Play(0, mask("2H")))
    assert plugin.result(state).payments == (9, -9)


def test_first_game_record_under_three_of_spades_carries_no_first() -> None:
    """Contract: a first game opened by 3♠ is recorded without ``first`` (the rule names
    the leader), so the referee applies the 3♠ rule to it; ``vncards deal`` still shows
    who leads."""
    rules = plugin.presets["ba-bich"]
    state = plugin.new_game(rules, 4, 9)
    assert plugin.record_deal(state)["first"] is None
    later = plugin.new_game(rules, 4, 9, first=1)
    assert plugin.record_deal(later)["first"] == 1
    shown = plugin.deal_json(rules, 4, 9)
    holder = next(p for p, cards in shown["hands"].items() if "3S" in cards)
    assert shown["first"] == holder


def test_deal_lists_instant_wins_in_the_order_that_counts() -> None:
    """``vncards deal`` lists the tới trắng hands of a deal, the one that wins first."""
    for seed in range(400):
        shown = plugin.deal_json(DEM_LA, 4, seed)
        if len(shown["instant_wins"]) >= 1:
            state = plugin.new_game(DEM_LA, 4, seed)
            first = shown["instant_wins"][0]
            assert first["player"] == f"P{state.winner + 1}"
            assert first["code"] == plugin.result(state).instant_win
            return
    raise AssertionError("no tới trắng in 400 deals")
