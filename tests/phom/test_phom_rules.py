"""The turn, the refusals and the payments, each test naming its part of the rules page
(``docs/rules/phom.md``)."""

from __future__ import annotations

import pytest
from vncards.core import IllegalMove
from vncards.phom import (
    Discard,
    Draw,
    LayOff,
    Meld,
    PhomRules,
    PhomState,
    Take,
    apply_action,
    plugin,
    ranking,
    why_illegal,
)
from vncards.phom._settle import settle_ranking

from tests.phom._helpers import cards, game, mask

# An (first, 10), Bình, Chi, Dũng: Bình can take An's 5S into 5S-6S-7S-8S
HANDS = [
    "5S 5H 6H 7H 9C 9D 9H AC 2C 4D",
    "6S 7S 8S 10C 10D 10H 2H 4C 6D",
    "JC QC KC 3D 3H 3S AD 5C 6C",
    "2S 4S 7C 8D JD QH KD KS 9S",
]


def _code(state: PhomState, action: object) -> str | None:
    problem = why_illegal(state, action)  # type: ignore[arg-type]
    return None if problem is None else problem.code


def _play(state: PhomState, *actions: object) -> PhomState:
    for a in actions:
        apply_action(state, a)  # type: ignore[arg-type]
    return state


def _c(name: str) -> int:
    return cards(name)[0]


def test_opening_is_a_discard() -> None:
    """ "Turns": the first player opens by discarding, without drawing (`must-discard`);
    a meld there is `not-meld-turn`, a lay-off `no-lay-off`."""
    st = game(HANDS)
    assert _code(st, Draw(0)) == "must-discard"
    assert _code(st, Take(0)) == "must-discard"
    assert _code(st, Meld(0, ())) == "not-meld-turn"
    assert _code(st, LayOff(0, ((_c("5S"), (_c("5H"),)),))) == "no-lay-off"
    assert _code(st, Discard(1, _c("2H"))) == "not-your-turn"
    assert _code(st, Discard(0, _c("KS"))) == "card-not-in-hand"


def test_take_then_discard_and_its_refusals() -> None:
    """ "Turns": a take needs a phỏm (`no-phom`); one draw or take a turn
    (`already-drew`); nothing before it (`must-draw`); a taken card is never discarded
    (`taken-card`) and no discard may strand it (`breaks-phom`)."""
    st = _play(game(HANDS), Discard(0, _c("4D")))
    assert _code(st, Take(1)) == "no-phom"
    assert _code(st, Discard(1, _c("2H"))) == "must-draw"
    st = _play(game(HANDS), Discard(0, _c("5S")))
    apply_action(st, Take(1))
    assert st.taken[1] == mask("5S")
    assert _code(st, Draw(1)) == "already-drew"
    assert _code(st, Take(1)) == "already-drew"
    assert _code(st, Discard(1, _c("5S"))) == "taken-card"
    assert _code(st, Discard(1, _c("6S"))) == "breaks-phom"
    assert _code(st, Discard(1, _c("8S"))) is None  # 5S 6S 7S still a run


def test_an_ga_is_paid_at_the_take() -> None:
    """ "Turns", ăn gà: the discarder pays the taker `take_payment` at once."""
    st = _play(game(HANDS), Discard(0, _c("5S")), Take(1))
    assert [(t.payer, t.payee, t.amount, t.reason) for t in st.ledger] == [(0, 1, 1, "an-ga")]
    res = plugin.result(st)
    assert res.payments == (-1, 1, 0, 0)
    assert not res.finished


def test_two_taken_cards_never_share_a_phom() -> None:
    """ "Turns": a take that makes a phỏm only together with another taken card is
    `two-taken`."""
    hands = [
        "5S 5H 6H 7H 9C 9D 9H AC 2C 4D",
        "6S JS 8S 10C 10D 10H 2H 4C 6D",
        "JC QC KC 3D 3H 3S AD 5C 6C",
        "2S 4S 7C 8D JD QH KD KS 9S",
    ]
    # Bình takes 7S? It is not An's discard: build 5S then 7S from An and Chi instead
    st = game(hands, stock="QD")
    _play(st, Discard(0, _c("5H")))
    assert _code(st, Take(1)) == "no-phom"
    st = game(["5S 7S 6H 7H 9C 9D 9H AC 2C 4D", *hands[1:]], stock="QD KH")
    _play(st, Discard(0, _c("7S")), Take(1), Discard(1, _c("JS")))  # 6S 7S 8S
    _play(st, Draw(2), Discard(2, _c("QD")), Draw(3), Discard(3, _c("KH")))
    _play(st, Draw(0), Discard(0, _c("5S")))
    # 5S makes 5S 6S 7S only with the taken 7S: refused
    assert _code(st, Take(1)) == "two-taken"


def test_own_card_and_two_player_double_turn() -> None:
    """ "Four discards each": with two players a seat whose opponent has its four plays
    twice in a row; "Turns": nobody takes its own discard (`own-card`)."""
    st = game(["5S 5H 6H 7H 9C 9D 9H AC 2C 4D", "6S 7S 8S 10C 10D 10H 2H 4C 6D"])
    st.table = [2, 4]
    st.turn, st.phase = 0, 2
    st.hands[0] |= mask("KS")
    apply_action(st, Discard(0, _c("KS")))
    assert st.turn == 0
    assert _code(st, Take(0)) == "own-card"


def test_meld_turn_and_its_refusals() -> None:
    """ "Meld": only on the last turn (`not-meld-turn`), before the discard
    (`must-meld`), once (`already-melded`), with real phỏm (`not-a-phom`), held cards
    (`card-not-in-hand`), every taken card shown (`taken-cards`)."""
    st = _play(game(HANDS), Discard(0, _c("4D")), Draw(1))
    assert _code(st, Meld(1, ())) == "not-meld-turn"
    st.table[1] = 3
    assert _code(st, Discard(1, _c("2H"))) == "must-meld"
    assert _code(st, Meld(1, ((_c("6S"), _c("7S"), _c("9C")),))) == "card-not-in-hand"
    assert _code(st, Meld(1, ((_c("6S"), _c("7S"), _c("2H")),))) == "not-a-phom"
    six = (_c("6S"), _c("7S"), _c("8S"))
    assert _code(st, Meld(1, (six, six))) == "card-not-in-hand"
    apply_action(st, Meld(1, (six,)))
    assert _code(st, Meld(1, ())) == "already-melded"
    assert _code(st, Take(1)) == "already-drew"


def test_a_meld_must_show_the_taken_card() -> None:
    """ "Meld": a meld leaving a taken card out is `taken-cards`; móm is refused to a
    player who took."""
    st = _play(game(HANDS), Discard(0, _c("5S")), Take(1))
    st.table[1] = 3
    assert _code(st, Meld(1, ())) == "taken-cards"
    tens = (_c("10C"), _c("10D"), _c("10H"))
    assert _code(st, Meld(1, (tens,))) == "taken-cards"
    assert _code(st, Meld(1, (tens, (_c("5S"), _c("6S"), _c("7S"))))) is None


def _melded_table() -> PhomState:
    """Bình melded 6S 7S 8S and 10C 10D 10H; Chi to act on its last turn, drawn."""
    st = _play(game(HANDS, stock="QD"), Discard(0, _c("4D")), Draw(1))
    st.table[1] = 3
    _play(st, Meld(1, ((_c("6S"), _c("7S"), _c("8S")), (_c("10C"), _c("10D"), _c("10H")))))
    _play(st, Discard(1, _c("QD")))
    st.hands[2] |= mask("9S 5S")
    st.hands[3] &= ~mask("9S")
    return st


def test_lay_off_rules() -> None:
    """ "Lay-off": only after one's own meld (`no-lay-off`), onto another's phỏm
    (`no-such-phom`), keeping it a phỏm (`not-a-phom`), a card left to discard
    (`no-discard-left`); entries apply in order."""
    st = _melded_table()
    apply_action(st, Draw(2))
    nine = LayOff(2, ((_c("8S"), (_c("9S"),)),))
    assert _code(st, nine) == "no-lay-off"
    st.table[2] = 3
    apply_action(st, Meld(2, ((_c("JC"), _c("QC"), _c("KC")), (_c("3D"), _c("3H"), _c("3S")))))
    assert _code(st, LayOff(2, ((_c("JC"), (_c("9S"),)),))) == "no-such-phom"
    assert _code(st, LayOff(2, ((_c("6S"), (_c("AD"),)),))) == "not-a-phom"
    assert _code(st, LayOff(2, ((_c("6S"), (_c("KD"),)),))) == "card-not-in-hand"
    chain = LayOff(2, ((_c("8S"), (_c("9S"),)), (_c("9S"), (_c("5S"),))))
    assert _code(st, chain) is None
    apply_action(st, chain)
    assert mask("5S 6S 7S 8S 9S") in st.melds[1]


def test_no_discard_left() -> None:
    """ "Lay-off": at least one card stays in hand for the discard."""
    st = _melded_table()
    apply_action(st, Draw(2))
    st.table[2] = 3
    apply_action(st, Meld(2, ((_c("JC"), _c("QC"), _c("KC")), (_c("3D"), _c("3H"), _c("3S")))))
    st.hands[2] = mask("9S")
    assert _code(st, LayOff(2, ((_c("8S"), (_c("9S"),)),))) == "no-discard-left"


def test_mom_player_may_not_lay_off() -> None:
    """ "Lay-off": only a player who showed a phỏm lays off (`no-lay-off` for móm)."""
    st = _melded_table()
    apply_action(st, Draw(2))
    st.table[2] = 3
    apply_action(st, Meld(2, ()))
    assert _code(st, LayOff(2, ((_c("8S"), (_c("9S"),)),))) == "no-lay-off"
    off = _melded_table()
    off.rules = PhomRules(lay_off=False)
    apply_action(off, Draw(2))
    off.table[2] = 3
    apply_action(off, Meld(2, ((_c("JC"), _c("QC"), _c("KC")),)))
    assert _code(off, LayOff(2, ((_c("8S"), (_c("9S"),)),))) == "no-lay-off"


def test_first_players_dealt_hand_may_be_an_u() -> None:
    """ "Ù": the first player's ten dealt cards are checked before its opening."""
    st = game(
        [
            "AS 2S 3S 5H 5D 5C 9C 10C JC KD",
            "6S 7S 8S 10D 10H 2H 4C 6D QD",
            "JS QS 3D 3H 4S AD 8C 6C 8H",
            "2C 3C 7C 8D JD QH KC 9S 4H",
        ]
    )
    assert st.finished
    assert st.instant_win == "u"
    assert st.winner == 0
    assert plugin.result(st).payments == (15, -5, -5, -5)


def test_u_khan_earliest_in_turn_order() -> None:
    """ "Ù khan": off by default; when on, the first hand without a cạ in turn order from
    the first player wins at the deal (Bình before Chi, who has none either), paid
    `u_payment` by each other player."""
    hands = [
        "5S 5H 6H 7H 9C 9D 9H AC 2C 4D",
        "AS 4S 7C 10S KS 2D 5D 8D JD",
        "2S 5S 8S JS 3C 10C AH QH 6D",
        "3S 6S 7S 9S QS 3D 4C 6C 8C",
    ]
    assert not game(hands).finished
    st = game(hands, PhomRules(u_khan=True))
    assert (st.instant_win, st.winner) == ("u-khan", 1)
    assert plugin.result(st).payments == (-5, 15, -5, -5)


def test_ranking_ties_go_to_the_earlier_meld() -> None:
    """ "End of the game": fewest points first, móm last, ties to the earlier meld."""
    assert ranking((12, 7, 12, 3), [2, 1, 0, 3], [False, False, False, True]) == [1, 2, 0, 3]


@pytest.mark.parametrize(("n", "expected"), [(2, [1]), (3, [1, 2]), (4, [1, 2, 3])])
def test_places_are_positional(n: int, expected: list[int]) -> None:
    """Decision 2: the places pay by position — the loser of two pays 1, the third of
    three pays 2."""
    st = game(HANDS[:n] if n > 1 else HANDS)
    st.points = tuple(range(n))
    st.meld_order = list(range(n))
    st.melds = [[1] for _ in range(n)]
    _, pays = settle_ranking(st)
    assert [t.amount for t in pays] == expected


def test_everyone_mom_pays_by_place() -> None:
    """Decision 8: when every player is móm nobody pays the móm rate."""
    st = game(HANDS)
    st.points = (9, 3, 5, 7)
    st.meld_order = [0, 1, 2, 3]
    order, pays = settle_ranking(st)
    assert order == [1, 2, 3, 0]
    assert [(t.payer, t.amount, t.reason) for t in pays] == [
        (2, 1, "rank"),
        (3, 2, "rank"),
        (0, 3, "rank"),
    ]


def test_refused_action_raises_and_changes_nothing() -> None:
    """Refusals: `apply` raises the refusal and leaves the state as it was."""
    st = game(HANDS)
    before = st.copy()
    with pytest.raises(IllegalMove) as err:
        apply_action(st, Draw(0))
    assert err.value.code == "must-discard"
    assert st == before
