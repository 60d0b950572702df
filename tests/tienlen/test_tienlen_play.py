"""Tiến lên play rules, one test per rule of the rules page (docs/rules/tienlen.md), each
naming the example it comes from."""

from __future__ import annotations

import itertools

import pytest
from vncards.core import CardSet, ClimbState, Pass, Play, classify
from vncards.tienlen import COMBO_RULES, TienLenRules, plugin

from tests.tienlen._positions import BA_BICH, DEM_LA, mask, pass_, play, refused, table


def beats(over: str, play_: str) -> bool:
    return plugin.beats_cards(DEM_LA, over.split(), play_.split())["beats"]


def chop(over: str, play_: str) -> dict[str, bool]:
    return plugin.beats_cards(DEM_LA, over.split(), play_.split())


# ------------------------------------------------------------------ combinations


def test_rank_order_three_lowest_two_highest() -> None:
    """Rules page: ranks 3 4 5 6 7 8 9 10 J Q K A 2, low to high; the 2 is heo."""
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    for low, high in itertools.pairwise(order):
        assert beats(f"{low}H", f"{high}S")
        assert not beats(f"{high}S", f"{low}H")


def test_single_same_rank_higher_suit_wins() -> None:
    """Seed (rác): a single beats one of the same rank with a higher suit, ♠ < ♣ < ♦ < ♥."""
    suits = "SCDH"
    for i, low in enumerate(suits):
        for high in suits[i + 1 :]:
            assert beats(f"9{low}", f"9{high}")
            assert not beats(f"9{high}", f"9{low}")


def test_pair_compared_by_its_higher_suit() -> None:
    """Rules page: 3♣3♥ beats 3♠3♦ (the pair's higher card decides)."""
    assert beats("3S 3D", "3C 3H")
    assert not beats("3C 3H", "3S 3D")


def test_triple_compared_by_rank() -> None:
    """Rules page (sám cô): compared by rank."""
    assert beats("8S 8C 8D", "9S 9C 9D")
    assert not beats("9S 9C 9D", "8C 8D 8H")


@pytest.mark.parametrize(
    "cards", ["QS KS AS 2S", "KS AH 2D", "AS 2S 3S", "2S 3D 4C", "KS AS 2S 3S"]
)
def test_straight_has_no_two_and_no_wraparound(cards: str) -> None:
    """Rules page (sảnh): at least three consecutive ranks, no 2, no wrap-around."""
    assert classify(mask(cards), COMBO_RULES) is None


def test_straight_beats_only_same_length_by_top_card() -> None:
    """Seed (sảnh): a straight beats a lower one of the same length; the top card's suit
    breaks a tie (3♠4♠5♥ beats 3♥4♥5♦)."""
    assert beats("3H 4H 5D", "3S 4S 5H")
    assert beats("3S 4S 5S", "4C 5C 6C")
    assert not beats("3S 4S 5S", "4C 5C 6C 7C")
    assert not beats("3S 4S 5S 6S", "7S 8S 9S")


def test_pair_run_has_no_two_and_same_length_only() -> None:
    """Rules page (đôi thông): three or more consecutive pairs, no 2; compared with the
    same number of pairs."""
    assert classify(mask("KS KC AS AC 2S 2C"), COMBO_RULES) is None
    assert beats("3S 3C 4S 4C 5S 5C", "3D 3H 4D 4H 5D 5H")
    assert not beats("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", "8S 8C 9S 9C 10S 10C")


def test_different_shapes_do_not_beat_each_other() -> None:
    """Rules page: a play beats the table only as the same combination type and size."""
    assert not beats("3S", "4S 4C")
    assert not beats("3S 3C", "4S 4C 4D")
    assert not beats("3S 4S 5S", "6S 6C 6D")


# ------------------------------------------------------------------ chặt


CHOP_CASES = [
    # (table, play, is a legal chop) — every row of the rules page's chop table, and
    # the neighbouring cases it leaves out
    ("2S", "3S 3C 4S 4C 5S 5C", True),  # 3 đôi thông on a single 2
    ("2S 2C", "3S 3C 4S 4C 5S 5C", False),  # not on a pair of 2s
    ("AH", "3S 3C 4S 4C 5S 5C", False),  # only a 2 is chopped
    ("3D 3H 4D 4H 5D 5H", "6S 6C 7S 7C 8S 8C", True),  # on a smaller 3 đôi thông
    ("6S 6C 6D 6H", "3S 3C 4S 4C 5S 5C", False),  # not on a tứ quý
    ("2H", "7S 7C 7D 7H", True),  # tứ quý on a single 2
    ("2D 2H", "7S 7C 7D 7H", True),  # on a pair of 2s
    ("QD QH KD KH AD AH", "3S 3C 3D 3H", True),  # on any 3 đôi thông
    ("5S 5C 5D 5H", "9S 9C 9D 9H", True),  # on a smaller tứ quý
    ("3S 3C 4S 4C 5S 5C 6S 6C", "KS KC KD KH", False),  # not on a 4 đôi thông
    ("2S 2C 2D", "7S 7C 7D 7H", False),  # not on three 2s
    ("2C", "3S 3C 4S 4C 5S 5C 6S 6C", True),  # 4 đôi thông on a single 2
    ("2S 2H", "3S 3C 4S 4C 5S 5C 6S 6C", True),  # on a pair of 2s
    ("QD QH KD KH AD AH", "3S 3C 4S 4C 5S 5C 6S 6C", True),  # on any 3 đôi thông
    ("AS AC AD AH", "3S 3C 4S 4C 5S 5C 6S 6C", True),  # on any tứ quý
    ("3S 3C 4S 4C 5S 5C 6S 6C", "3D 3H 4D 4H 5D 5H 6D 6H", True),  # on a smaller one
    ("2S", "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", False),  # 5 đôi thông is no bomb
]


@pytest.mark.parametrize(("over", "play_", "allowed"), CHOP_CASES)
def test_chop_table_is_the_rules_page_table(over: str, play_: str, allowed: bool) -> None:
    """Rules page, chặt table: 3 đôi thông on a single 2 and a smaller 3 đôi thông; tứ
    quý on a single 2, a pair of 2s, any 3 đôi thông, a smaller tứ quý; 4 đôi thông on a
    single 2, a pair of 2s, any 3 đôi thông, any tứ quý, a smaller 4 đôi thông."""
    assert chop(over, play_) == {"beats": allowed, "chop": allowed}


def test_chop_values_are_thoi_values() -> None:
    """Rules page: whoever is chopped pays the value of what was chopped — black 2 = 3,
    red 2 = 6, a pair of 2s the sum of its cards, tứ quý 12, 3 đôi thông 12, 4 đôi thông 16."""
    cases = [
        ("2S", 3), ("2C", 3), ("2D", 6), ("2H", 6), ("2S 2H", 9), ("2C 2D", 9), ("2S 2C", 6),
        ("3S 3C 4S 4C 5S 5C", 12), ("8S 8C 8D 8H", 12), ("3S 3C 4S 4C 5S 5C 6S 6C", 16),
    ]  # fmt: skip
    for target, value in cases:
        # the chopper's hand holds six pairs: no tới trắng here, the test is about chops
        state = table(
            [target + " 9S", "3D 3H 4D 4H 5D 5H 6D 6H AS AC AD AH 9H"],
            rules=TienLenRules(instant_wins=()),
        )
        play(state, 0, target)
        is_four_pairs = len(target.split()) == 8
        play(state, 1, "3D 3H 4D 4H 5D 5H 6D 6H" if is_four_pairs else "AS AC AD AH")
        assert state.chain_value == value, target


def test_chat_chong_last_victim_pays_whole_chain() -> None:
    """Seed example: A plays a black 2, B chops with 3 đôi thông, C chops B with tứ quý →
    B pays C 3 + 12 = 15 lá; A pays nothing."""
    state = table(["2S 9H", "3C 3D 4C 4D 5C 5D 9D", "9S 9C 6S 6C 6D 6H 10H", "KH QH"])
    play(state, 0, "2S")
    play(state, 1, "3C 3D 4C 4D 5C 5D")
    play(state, 2, "6S 6C 6D 6H")
    pass_(state, 3)
    pass_(state, 0)
    pass_(state, 1)
    assert state.table is None
    assert state.turn == 2
    assert state.chop_net == [0, -15, 15, 0]
    assert plugin.result(state).payments == (0, -15, 15, 0)


def test_chain_grows_over_three_chops() -> None:
    """Rules page (chặt chồng): the chain accumulates — 2♥ (6), then 3 đôi thông (12),
    then tứ quý (12): the last player chopped pays 6 + 12 + 12 = 30."""
    state = table(
        ["2H 5S", "3S 3C 4S 4C 5H 5C 9C", "9S 9D 9H 9C 10H", "JS JC QS QC KS KC AS AC 8H"]
    )
    play(state, 0, "2H")
    play(state, 1, "3S 3C 4S 4C 5H 5C")
    play(state, 2, "9S 9D 9H 9C")
    play(state, 3, "JS JC QS QC KS KC AS AC")
    for seat in (0, 1, 2):
        pass_(state, seat)
    assert state.chop_net == [0, 0, -30, 30]
    assert plugin.game_stats(state)["chops"] == 3


def test_chain_unpaid_until_its_round_ends() -> None:
    """Rules page: the chain settles when its round ends — before that nobody has paid."""
    state = table(["2S 9H", "3C 3D 4C 4D 5C 5D 9D", "8S 7H", "KH QH"])
    play(state, 0, "2S")
    play(state, 1, "3C 3D 4C 4D 5C 5D")
    pass_(state, 2)
    pass_(state, 3)
    assert plugin.result(state).payments == (0, 0, 0, 0)
    pass_(state, 0)
    assert plugin.result(state).payments == (-3, 3, 0, 0)


def test_chain_settles_when_the_chopper_goes_out() -> None:
    """Rules page: the game ends the instant a hand is empty; an open chain is paid then."""
    state = table(["2D 9H", "3C 3D 4C 4D 5C 5D", "8S 7H 6H", "KH QH"])
    play(state, 0, "2D")
    play(state, 1, "3C 3D 4C 4D 5C 5D")
    res = plugin.result(state)
    assert res.finished
    assert res.winner == 1
    # A pays the chop (6) and 1 card left; C and D never played: cóng, 2 x 3 and 2 x 2
    assert res.payments == (-7, 17, -6, -4)


def test_chopping_a_led_quad_is_a_chop() -> None:
    """Decision (rules page, tứ quý on a smaller tứ quý): beating a hàng with a higher
    hàng is a chop even when it was led, so the owner pays its value (12)."""
    state = table(["4S 4C 4D 4H 9H", "8S 8C 8D 8H 9D", "3S 7H", "KH QH"])
    play(state, 0, "4S 4C 4D 4H")
    play(state, 1, "8S 8C 8D 8H")
    pass_(state, 2)
    pass_(state, 3)
    pass_(state, 0)
    assert state.chop_net == [-12, 12, 0, 0]


def offered(state: ClimbState) -> set[str]:
    """The plays offered to the seat to act, as card strings."""
    return {str(CardSet(a.cards)) for a in plugin.legal_actions(state) if isinstance(a, Play)}


def test_every_chop_of_the_table_is_offered() -> None:
    """Chặt (rules page table): against a pair of 2s the hand's tứ quý and 4 đôi thông are
    offered beside the higher pair; against 3 đôi thông, a higher 3 đôi thông, the tứ
    quý and the 4 đôi thông; against a tứ quý, only the 4 đôi thông and a higher tứ quý.
    (The bomb hand holds six pairs, a tới trắng, so instant wins are off here.)"""
    rules = DEM_LA.model_copy(update={"instant_wins": ()})
    bombs = "9S 9C 9D 9H 4S 4C 5S 5C 6S 6C 7S 7C 2H"
    state = table(["2S 2C 3D", bombs], rules=rules)
    play(state, 0, "2S 2C")
    assert offered(state) == {"9S 9C 9D 9H", "4S 4C 5S 5C 6S 6C 7S 7C"}
    state = table(["3S 3C 4D 4H 5D 5H 8D", bombs, "QC KD"], rules=rules)
    play(state, 0, "3S 3C 4D 4H 5D 5H")
    assert offered(state) == {
        "4S 4C 5S 5C 6S 6C",
        "5S 5C 6S 6C 7S 7C",
        "9S 9C 9D 9H",
        "4S 4C 5S 5C 6S 6C 7S 7C",
    }
    state = table(["8S 8C 8D 8H 3D", bombs, "QC KD"], rules=rules)
    play(state, 0, "8S 8C 8D 8H")
    assert offered(state) == {"9S 9C 9D 9H", "4S 4C 5S 5C 6S 6C 7S 7C"}


# ------------------------------------------------------------------ rounds


def test_pass_locks_player_out_until_round_ends() -> None:
    """Rules page (vòng): a pass locks that player out until the round ends; the round
    goes on among the others."""
    state = table(["4S 10S JS", "5S 9S", "6S 8S 2H", "7S QS"])
    play(state, 0, "4S")
    pass_(state, 1)
    play(state, 2, "6S")
    play(state, 3, "7S")
    play(state, 0, "10S")
    assert state.turn == 2  # Bình is skipped
    assert refused(state, Play(1, mask("9S"))) == "not-your-turn"


def test_last_player_to_play_leads_next_round() -> None:
    """Seed: when everyone else passed, the last player to play leads a new round with
    any combination."""
    state = table(["4S 5S 6S 10H", "7S 9S", "6C 8S", "7H QS"])
    play(state, 0, "4S 5S 6S")
    pass_(state, 1)
    pass_(state, 2)
    pass_(state, 3)
    assert state.table is None
    assert state.turn == 0
    play(state, 0, "10H")  # a single now: any combination leads
    assert state.table is not None
    assert state.table.kind.code == "single"


def test_leader_cannot_pass() -> None:
    """Rules page: the leader plays any combination (a pass is refused)."""
    state = table(["4S", "5S", "6S", "7S"])
    assert refused(state, Pass(0)) == "cannot-pass-lead"


def test_passed_player_comes_back_only_to_chop() -> None:
    """Setting passed_may_chop (ba-bich): a passed player may come back in the round, but
    only to chop a 2 or a hàng."""
    hands = ["5S 10H", "8S 8C 8D 8H 2H", "2S 9C", "6C JD"]
    off = table(hands, rules=DEM_LA)
    on = table(hands, rules=BA_BICH)
    for state in (off, on):
        play(state, 0, "5S")
        pass_(state, 1)
        play(state, 2, "2S")
        pass_(state, 3)
        pass_(state, 0)
    assert off.table is None
    assert off.turn == 2
    assert on.turn == 1  # ba-bich: Bình holds a tứ quý, so is asked again
    assert refused(on, Play(1, mask("2H"))) == "passed-this-round"
    assert set(plugin.legal_actions(on)) == {Play(1, mask("8S 8C 8D 8H")), Pass(1)}
    play(on, 1, "8S 8C 8D 8H")
    pass_(on, 2)
    assert on.chop_net == [0, 3, -3, 0]


def test_passed_player_without_a_chop_is_not_asked_again() -> None:
    """Setting passed_may_chop: a passed player who cannot chop the table is skipped."""
    state = table(["5S 10H", "8S 9C 2H", "2S 9D", "6C JD"], rules=BA_BICH)
    play(state, 0, "5S")
    pass_(state, 1)
    play(state, 2, "2S")
    pass_(state, 3)
    pass_(state, 0)
    assert state.table is None
    assert state.turn == 2


def test_game_ends_when_a_hand_is_empty_even_on_a_two() -> None:
    """Rules page: the game ends the instant one player has no cards; finishing on a 2
    is allowed."""
    state = table(["2H", "3S 4S", "5S", "6S"])
    play(state, 0, "2H")
    res = plugin.result(state)
    assert state.finished
    assert res.winner == 0
    assert res.outcome == "win"
    assert refused(state, Play(1, mask("3S"))) == "game-over"


# ------------------------------------------------------------------ illegal actions


def test_illegal_actions_have_precise_codes() -> None:
    """Referee contract: each illegal action is refused with its own code and changes
    nothing."""
    state = table(["2S 2C QS KS AS 9H", "3S 3C 4S 4C 5S 5C", "7D 8D", "9D 10D"])
    assert refused(state, Play(1, mask("3S"))) == "not-your-turn"
    assert refused(state, Play(0, mask("7D"))) == "card-not-in-hand"
    assert refused(state, Play(0, 0)) == "empty-play"
    assert refused(state, Play(0, mask("QS KS AS 2S"))) == "not-a-combination"
    play(state, 0, "2S 2C")
    assert refused(state, Play(1, mask("3S 3C 4S 4C 5S 5C"))) == "does-not-beat"
