"""The climbing engine: turns, pass lock-out, rounds, leaders, chặt chồng chains."""

from __future__ import annotations

import pytest
from vncards.core import (
    CardSet,
    ChopRule,
    ClimbConfig,
    ClimbEngine,
    ClimbState,
    Combo,
    ComboRules,
    IllegalMove,
    Kind,
)

TWO = 12
CHOPS = (
    ChopRule((Kind.PAIR_RUN, 6), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.PAIR_RUN, 6), (Kind.PAIR_RUN, 6), need_higher=True),
    ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=TWO),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR, 2), target_rank=TWO),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR_RUN, 6)),
    ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
)


def thoi(target: Combo) -> int:
    """Tiến lên thối values: black 2 = 3, red 2 = 6, tứ quý 12, 3 đôi thông 12, 4 = 16."""
    if target.top_rank == TWO and target.kind in (Kind.SINGLE, Kind.PAIR):
        total = 0
        m = target.mask
        while m:
            low = m & -m
            total += 3 if (low.bit_length() - 1) % 4 < 2 else 6
            m ^= low
        return total
    if target.kind == Kind.QUAD:
        return 12
    return {6: 12, 8: 16}.get(target.length, 0)


ENGINE = ClimbEngine(ClimbConfig(ComboRules(), CHOPS, thoi))
LENIENT = ClimbEngine(ClimbConfig(ComboRules(), CHOPS, thoi, passed_may_chop=True))


def start(*hands: str, first: int = 0) -> ClimbState:
    return ClimbState([CardSet.parse(h).mask if h else 0 for h in hands], first)


def play(engine: ClimbEngine, state: ClimbState, seat: int, cards: str) -> Combo:
    return engine.play(state, seat, CardSet.parse(cards).mask)


def test_pass_locks_player_out_until_round_ends() -> None:
    """A pass locks that player out of the round (samloc-gamevh: A 5s, B 7s, C passes,
    D 9s, A and B pass → D leads; C may not come back with a pair of Ks)."""
    s = start("5S 5C 3S", "7S 7C 3C", "KS KC 3D", "9S 9C 3H")
    play(ENGINE, s, 0, "5S 5C")
    play(ENGINE, s, 1, "7S 7C")
    ENGINE.pass_turn(s, 2)
    play(ENGINE, s, 3, "9S 9C")
    ENGINE.pass_turn(s, 0)
    assert s.turn == 1
    ENGINE.pass_turn(s, 1)
    # C passed earlier: skipped, so play is back to D, who leads a new round
    assert s.table is None
    assert s.turn == 3
    assert s.passed == 0


def test_passed_player_cannot_play_in_same_round() -> None:
    """A player who passed gets no turn this round: the turn skips them, and their play is
    refused."""
    s = start("3S 8S", "4S 9S", "5S 10S")
    play(ENGINE, s, 0, "3S")
    ENGINE.pass_turn(s, 1)
    play(ENGINE, s, 2, "5S")
    before = s.copy()
    with pytest.raises(IllegalMove) as info:
        ENGINE.check_play(s, 1, CardSet.parse("9S").mask)
    assert info.value.code == "not-your-turn"
    assert s == before
    assert s.turn == 0  # B is skipped
    ENGINE.pass_turn(s, 0)
    assert s.table is None
    assert s.turn == 2


def test_round_ends_when_play_comes_back_and_last_player_leads() -> None:
    """When all others passed, the last player to play leads a new round with anything."""
    s = start("3S 4S", "5S 6S", "7S 8S")
    play(ENGINE, s, 0, "3S")
    play(ENGINE, s, 1, "6S")
    ENGINE.pass_turn(s, 2)
    ENGINE.pass_turn(s, 0)
    assert s.table is None
    assert s.turn == 1
    assert s.table_seat == 1
    assert not ENGINE.can_pass(s)
    assert set(ENGINE.plays(s)) == {CardSet.parse("5S").mask}


def test_engine_refusals_change_nothing() -> None:
    """Each illegal act raises IllegalMove with its code and leaves the state unchanged."""
    s = start("3S 4S 5H 9D", "6S 7S 8S 2D")
    plays = [
        (1, "6S", "not-your-turn"),
        (0, "", "empty-play"),
        (0, "6S", "card-not-in-hand"),
        (0, "3S 9D", "not-a-combination"),
    ]
    for seat, cards, code in plays:
        before = s.copy()
        with pytest.raises(IllegalMove) as info:
            ENGINE.play(s, seat, CardSet.parse(cards).mask)
        assert info.value.code == code
        assert s == before
    for seat, code in [(0, "cannot-pass-lead"), (1, "not-your-turn")]:
        before = s.copy()
        with pytest.raises(IllegalMove) as info:
            ENGINE.pass_turn(s, seat)
        assert info.value.code == code
        assert s == before
    play(ENGINE, s, 0, "3S 4S 5H")
    with pytest.raises(IllegalMove) as info:
        ENGINE.play(s, 1, CardSet.parse("2D").mask)
    assert info.value.code == "does-not-beat"


def test_empty_hand_wins_and_ends_game() -> None:
    """The game ends the instant one player has no cards; nothing is legal afterwards."""
    s = start("3S", "4S 5S")
    play(ENGINE, s, 0, "3S")
    assert s.finished
    assert s.winner == 0
    assert s.out == 1
    assert ENGINE.plays(s) == []
    assert not ENGINE.can_pass(s)
    with pytest.raises(IllegalMove) as info:
        ENGINE.play(s, 1, CardSet.parse("4S").mask)
    assert info.value.code == "game-over"
    with pytest.raises(IllegalMove):
        ENGINE.pass_turn(s, 1)


def test_chat_chong_last_victim_pays_whole_chain() -> None:
    """Seed example: A plays a black 2, B chops with 3 đôi thông, C chops B with tứ quý
    → B pays C 3 + 12 = 15 lá; A pays nothing (settled when the round ends)."""
    s = start("2S 3D", "3S 3C 4S 4C 5S 5C 6D", "9S 9C 9D 9H 7D", "8D 10D")
    play(ENGINE, s, 0, "2S")
    play(ENGINE, s, 1, "3S 3C 4S 4C 5S 5C")
    assert (s.chain_value, s.chain_victim, s.chain_chopper) == (3, 0, 1)
    play(ENGINE, s, 2, "9S 9C 9D 9H")
    assert (s.chain_value, s.chain_victim, s.chain_chopper) == (3 + 12, 1, 2)
    assert s.chop_net == [0, 0, 0, 0]  # the round is open: nothing paid yet
    ENGINE.pass_turn(s, 3)
    ENGINE.pass_turn(s, 0)
    ENGINE.pass_turn(s, 1)
    assert s.table is None
    assert s.turn == 2
    assert s.chop_net == [0, -15, 15, 0]
    assert s.chain_value == 0


def test_chop_chain_settles_at_game_end() -> None:
    """A chain still open when the chopper's last cards empty the hand is paid at once."""
    s = start("2H 3D", "9S 9C 9D 9H", "8D 10D")
    play(ENGINE, s, 0, "2H")
    play(ENGINE, s, 1, "9S 9C 9D 9H")
    assert s.finished
    assert s.winner == 1
    assert s.chop_net == [-6, 6, 0]  # a red 2 costs 6


def test_chop_of_pair_of_twos_costs_both_cards() -> None:
    """A chopped pair of 2s is worth the sum of its two cards (black 3 + red 6 = 9)."""
    s = start("2S 2H 3D", "9S 9C 9D 9H 4D")
    play(ENGINE, s, 0, "2S 2H")
    play(ENGINE, s, 1, "9S 9C 9D 9H")
    ENGINE.pass_turn(s, 0)
    assert s.chop_net == [-9, 9]


def test_new_chain_after_non_chop_beat_pays_the_old_one() -> None:
    """When the last chopper is beaten without a chop, their chain can grow no more: it is
    paid, and a later chop starts a new chain (under a table where a higher pair-run is
    not a chop)."""
    chops = (
        ChopRule((Kind.PAIR_RUN, 6), (Kind.SINGLE, 1), target_rank=TWO),
        ChopRule((Kind.QUAD, 4), (Kind.PAIR_RUN, 6)),
    )
    eng = ClimbEngine(ClimbConfig(ComboRules(), chops, thoi))
    s = start("2S 3D", "3S 3C 4S 4C 5S 5C 6D", "6S 6C 7S 7C 8S 8C 6H", "JS JC JD JH 7D")
    play(eng, s, 0, "2S")
    play(eng, s, 1, "3S 3C 4S 4C 5S 5C")
    play(eng, s, 2, "6S 6C 7S 7C 8S 8C")  # higher, but no chop row: B keeps A's 3
    play(eng, s, 3, "JS JC JD JH")
    assert s.chop_net == [-3, 3, 0, 0]
    assert (s.chain_value, s.chain_victim, s.chain_chopper) == (12, 2, 3)


def test_passed_may_chop_lets_a_passed_player_return_only_to_chop() -> None:
    """Setting passed_may_chop: a passed player may come back, but only with a chop."""
    hands = ("5S 3D", "9S 9C 9D 9H 6S", "2S 4D", "7D 8D")
    s = start(*hands)
    play(LENIENT, s, 0, "5S")
    LENIENT.pass_turn(s, 1)
    play(LENIENT, s, 2, "2S")
    LENIENT.pass_turn(s, 3)
    LENIENT.pass_turn(s, 0)
    assert s.turn == 1
    assert LENIENT.plays(s) == [CardSet.parse("9S 9C 9D 9H").mask]
    with pytest.raises(IllegalMove) as info:
        LENIENT.check_play(s, 1, CardSet.parse("6S").mask)
    assert info.value.code == "passed-this-round"
    play(LENIENT, s, 1, "9S 9C 9D 9H")
    assert (s.chain_value, s.chain_victim, s.chain_chopper) == (3, 2, 1)
    # the default table: B stays locked out and C leads the next round
    s = start(*hands)
    play(ENGINE, s, 0, "5S")
    ENGINE.pass_turn(s, 1)
    play(ENGINE, s, 2, "2S")
    ENGINE.pass_turn(s, 3)
    ENGINE.pass_turn(s, 0)
    assert s.table is None
    assert s.turn == 2


class _RankingEngine(ClimbEngine):
    """Play goes on after a hand empties, until one player holds cards."""

    def _on_empty(self, state: ClimbState, seat: int, combo: Combo) -> None:
        if state.winner < 0:
            state.winner = seat
        if (state.out | (1 << seat)).bit_count() == state.n_players - 1:
            state.finished = True


def test_seats_out_are_skipped_and_lead_passes_on() -> None:
    """With a game that plays on, an emptied seat never gets the turn, and when it won the
    round the next seat still holding cards leads."""
    eng = _RankingEngine(ClimbConfig(ComboRules(), (), thoi))
    s = start("3S", "4S 8S", "5S 9S")
    play(eng, s, 0, "3S")
    assert s.out == 1
    assert not s.finished
    assert s.turn == 1
    play(eng, s, 1, "4S")
    play(eng, s, 2, "5S")
    eng.pass_turn(s, 1)
    assert s.table is None
    assert s.turn == 2
    play(eng, s, 2, "9S")
    assert s.finished
    assert s.winner == 0


def test_state_copy_is_independent() -> None:
    """A copy shares nothing mutable: changing it leaves the original as it was; a game's
    own fields (a subclass's slots) are copied and compared too."""

    class Counted(ClimbState):
        __slots__ = ("extra",)
        extra: tuple[int, ...]

    s = Counted([CardSet.parse("3S 4S").mask, CardSet.parse("5S 6S").mask], 0)
    s.extra = ()
    c = s.copy()
    assert c == s
    play(ENGINE, c, 0, "3S")
    c.chop_net[1] = 7
    c.extra = (1, 2)
    assert s.hands == [CardSet.parse("3S 4S").mask, CardSet.parse("5S 6S").mask]
    assert s.chop_net == [0, 0]
    assert s.extra == ()
    assert s.table is None
    assert s.n_actions == 0
    assert c != s
    assert s != "not a state"
