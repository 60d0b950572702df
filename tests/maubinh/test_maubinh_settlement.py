"""Settlement against the rules page, "Settlement" and "Mậu binh trắng": the worked
example, every chi bonus, sập hầm, binh lủng, sập làng, instant hands, the ``flat``
preset, the winner and outcome; payments sum to zero and transfers net to them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vncards.core import RandomBot, derive_seed, net_of, play_game
from vncards.maubinh import PRESETS, MauBinhRules, plugin

from tests.maubinh._helpers import table

STD = PRESETS["standard"]
FLAT = PRESETS["flat"]

# the rules page's worked example
AN = ("9S 9H 9D 9C 2S", "3H 6H 8H JH KH", "5S 5H 7C")
BINH = ("2D 6D 8D 10D QD", "4S 5D 6C 7S 8C", "QS QC 3C")


def transfers(state: object) -> list[tuple[int, int, int, str]]:
    res = plugin.result(state)  # type: ignore[arg-type]
    return [(t.payer, t.payee, t.amount, t.reason) for t in res.transfers]


def test_worked_example() -> None:
    """Rules, worked example: An wins chi1 with tứ quý (4) and chi2 (1), Bình wins chi3
    (1): An +4 +1 −1 = +4, Bình −4."""
    state = table(STD, AN, BINH)
    res = plugin.result(state)
    assert res.payments == (4, -4)
    assert transfers(state) == [(1, 0, 4, "chi"), (1, 0, 1, "chi"), (0, 1, 1, "chi")]
    assert (res.outcome, res.winner, res.instant_win) == ("showdown", 0, None)


def test_worked_example_sap_ham() -> None:
    """Rules, worked example: had An also won chi3, An collects (4 + 1 + 1) × 2 = 12."""
    an = (AN[0], AN[1], "AS AH 7C")
    binh = (BINH[0], BINH[1], "QS 5S 3C")
    state = table(STD, an, (binh[0], binh[1], "QC 5H 3C"))
    assert plugin.result(state).payments == (12, -12)
    assert transfers(state)[-1] == (1, 0, 6, "sap-ham")


def test_settle_event_names_the_chi_each_chi_transfer_pays_for() -> None:
    """The ``settle`` event says who won each chi: a ``chi`` transfer's JSON carries the
    chi's record name (an added key); the sập hầm extra and the referee report's
    transfers keep the contract's four keys."""
    from tests.maubinh._helpers import record

    state = table(STD, AN, BINH)
    (settled,) = [e for e in state.history if e.type == "settle"]
    names = ["An", "Bình"]
    assert [t.get("chi") for t in settled.to_json(names)["transfers"]] == ["chi1", "chi2", "chi3"]
    assert settled.to_json(names)["transfers"][2]["to"] == "Bình"
    sweep = table(STD, AN, (BINH[0], BINH[1], "KC 4H 3C"))
    (settled,) = [e for e in sweep.history if e.type == "settle"]
    assert [t.get("chi") for t in settled.to_json(names)["transfers"]] == [
        "chi1",
        "chi2",
        "chi3",
        None,
    ]
    report = plugin.referee(record(names, [AN, BINH]))
    assert {tuple(t.model_dump(by_alias=True)) for t in report.transfers} == {
        ("from", "to", "amount", "reason")
    }


# a weak hand of clubs and diamonds none of the examples below uses
WEAK = ("3D 5D 7D 9C JC", "2D 4D 6C 8C 10C", "2C 3C 4C")


@pytest.mark.parametrize(
    ("an", "value"),
    [
        (("10H JH QH KH AH", "2S 2H 5S 6H 8S", "3S 4H 9S"), 5),
        (("KS KH KD KC 2S", "2H 3S 9S 6H 8S", "3H 4H 5S"), 4),
        (("10S JS QS KS AS", "5H 6H 7H 8H 9H", "3S 4S 6S"), 10),
        (("AS AH AD AC 2S", "KS KH KD KC 3S", "4S 5S 6S"), 8),
        (("AS AH AD AC 2S", "KS KH KD QH QS", "3S 4S 6S"), 2),
        (("AS AH AD AC 2S", "3H 8H 9H 10H JH", "5S 5H 5C"), 3),
    ],
    ids=[
        "chi1-straight-flush", "chi1-quads", "chi2-straight-flush", "chi2-quads",
        "chi2-full-house", "chi3-trips",
    ],
)  # fmt: skip
def test_every_chi_bonus(an: tuple[str, str, str], value: int) -> None:
    """Rules, the bonus table: the winner of that chi collects its bonus value; the
    ``flat`` preset has no bonuses (every chi 1). (Instant hands are turned off: these
    one-suit-heavy hands would otherwise be 3 thùng.)"""
    state = table(STD.model_copy(update={"instant_wins": {}}), an, WEAK)
    assert (1, 0, value, "chi") in transfers(state)
    flat = table(FLAT.model_copy(update={"instant_wins": {}}), an, WEAK)
    assert all(t[2] == 1 for t in transfers(flat) if t[3] == "chi")


FOUL = ("2S 3H 5D 7C 9S", "AS AH KD KC QS", "4S 4H 6D")  # chi2 two-pair over chi1 high-card


def test_binh_lung_against_a_normal_hand() -> None:
    """Rules, binh lủng: the fouled hand loses all three chi; the opponent collects as if
    winning them with its own hands (bonuses included) and sập hầm (× 2)."""
    other = ("8S 8H 8D 8C 10S", "JS JH 10D 10C 6S", "QH QD 3S")  # quads in chi1: 4 + 1 + 1
    state = table(STD, FOUL, other)
    assert plugin.result(state).payments == (-12, 12)
    assert transfers(state) == [(0, 1, 6, "binh-lung"), (0, 1, 6, "sap-ham")]
    assert plugin.result(state).winner == 1


def test_binh_lung_against_binh_lung_ties() -> None:
    """Rules: two fouled hands tie; alone at the table the game is a draw."""
    other = ("2H 3S 5C 7D 9H", "AD AC KS KH QH", "4D 4C 6S")
    state = table(STD, FOUL, other)
    res = plugin.result(state)
    assert (res.payments, res.outcome, res.winner) == ((0, 0), "draw", None)
    assert res.transfers == ()


def test_sap_lang_three_players() -> None:
    """Rules, sập làng: with 3 players, one who sập hầm both others collects a further
    × 2 on each of those amounts."""
    an = ("10H JH QH KH AH", "AS AD AC 7D 7C", "KS KD KC")
    binh = ("4S 4D 6C 8S JC", "2S 3C 5D 7S 9C", "2H 3D 6H")
    chi = ("4C 4H 6S 8H JD", "2D 3S 5C 7H 9D", "2C 3H 6D")
    state = table(STD, an, binh, chi)
    res = plugin.result(state)
    # each: (5 + 2 + 3) × 2 = 20, then × 2 more for sập làng = 40
    assert res.payments == (80, -40, -40)
    assert transfers(state)[-2:] == [(1, 0, 20, "sap-lang"), (2, 0, 20, "sap-lang")]
    flat = table(FLAT, an, binh, chi)
    assert plugin.result(flat).payments == (12, -6, -6)
    assert not [t for t in transfers(flat) if t[3] == "sap-lang"]


def test_sap_lang_counts_fouled_players() -> None:
    """Rules, sập làng: fouled players count as swept."""
    an = ("10H JH QH KH AH", "AS AD AC 7D 7C", "KS KD KC")
    chi = ("4C 4H 6S 8H JD", "2D 3S 5C 7H 9D", "2C 3H 6D")
    state = table(STD, an, FOUL, chi)
    res = plugin.result(state)
    assert res.payments[0] == 80
    assert [t[3] for t in transfers(state)].count("sap-lang") == 2


def test_no_sap_lang_heads_up() -> None:
    """Rules, sập làng needs 3 or 4 players."""
    an = ("10H JH QH KH AH", "AS AD AC 7D 7C", "KS KD KC")
    binh = ("4S 4D 6C 8S JC", "2S 3C 5D 7S 9C", "2H 3D 6H")
    assert plugin.result(table(STD, an, binh)).payments == (20, -20)


DRAGON = ("2H 3H 4H 5H 6H", "7H 8H 9H 10H JH", "QH KH AH")
SIX_PAIRS = ("2S 2D 4S 4D 6S", "6D 8S 8D 10S 10D", "QS QD AS")


def test_instant_hand_collects_from_everyone_without_one() -> None:
    """Rules: an instant hand collects its value from every player without one; those
    players do not compare chi with it but still settle among themselves."""
    binh = ("2C 3C 5C 7C 9C", "4C 6C 8C JC KD", "3D 5D 7D")
    chi = ("AC AD KC KS QC", "9D 10C JD JS 3S", "5S 7S 9S")
    state = table(STD, DRAGON, binh, chi)
    res = plugin.result(state)
    assert (1, 0, 48, "instant-win") in transfers(state)
    assert (2, 0, 48, "instant-win") in transfers(state)
    assert res.outcome == "instant-win"
    assert res.instant_win == "rong-cuon"
    assert sum(res.payments) == 0
    assert not [t for t in transfers(state) if t[3] == "sap-lang"]


def test_two_instant_hands() -> None:
    """Rules: between two instant hands the higher kind collects its own value; the
    same kind ties."""
    state = table(STD, DRAGON, SIX_PAIRS)
    assert transfers(state) == [(1, 0, 48, "instant-win")]
    assert plugin.result(state).finished
    flat = table(FLAT, SIX_PAIRS, DRAGON)
    assert transfers(flat) == [(0, 1, 6, "instant-win")]
    twins = table(STD, SIX_PAIRS, ("2H 2C 4H 4C 6H", "6C 8H 8C 10H 10C", "QH QC AH"))
    res = plugin.result(twins)
    assert (res.payments, res.outcome, res.instant_win) == ((0, 0), "draw", "luc-phe-bon")


def test_bet_multiplies_in_the_referee() -> None:
    """Referee contract: payments × bet (bet 5 turns the worked example into ±20)."""
    from vncards.core import record_game
    from vncards.core import referee as run

    state = table(STD, AN, BINH)
    del state
    from tests.maubinh._helpers import record

    report = run(plugin, record(["An", "Bình"], [AN, BINH], bet=5))
    assert report.payments == {"An": 20, "Bình": -20}
    assert [t.amount for t in report.transfers] == [20, 5, 5]
    del record_game


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(2, 4),
    st.sampled_from(["standard", "flat"]),
    st.booleans(),
)
def test_payments_sum_to_zero_and_transfers_net_to_them(
    seed: int, players: int, preset: str, random_core: bool
) -> None:
    """Property: in every finished game payments sum to zero, the transfers' net is the
    payments, every amount is positive, and the winner has the largest net."""
    rules = PRESETS[preset]
    state = plugin.new_game(rules, players, seed)
    bots = [
        RandomBot(derive_seed(seed, i)) if random_core else plugin.bots["random"](seed + i)
        for i in range(players)
    ]
    res = plugin.result(play_game(plugin, state, bots).final)
    assert res.finished
    assert sum(res.payments) == 0
    assert tuple(net_of(res.transfers, players)) == res.payments
    assert all(t.amount > 0 for t in res.transfers)
    if res.winner is None:
        assert res.outcome == "draw"
        assert not any(res.payments)
    else:
        assert res.payments[res.winner] == max(res.payments)
        assert res.payments.index(max(res.payments)) == res.winner


def test_rules_settings_are_checked() -> None:
    """Rules model: unknown settings, bad values and impossible bonuses are refused."""
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        MauBinhRules(wheel="middle")
    with pytest.raises(ValidationError):
        MauBinhRules(chi_bonuses={"chi3": {"flush": 3}})
    with pytest.raises(ValidationError):
        MauBinhRules(sap_ham_multiplier=0)
    with pytest.raises(ValidationError):
        MauBinhRules(instant_wins={"rong-cuon": 0})
    assert FLAT.chi_bonuses == {}
    assert FLAT.sap_lang_multiplier == 1
    assert set(FLAT.instant_wins.values()) == {6}
