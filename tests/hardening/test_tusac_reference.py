"""Tứ Sắc groups and lệnh against a naive reading of the rules page's table: one Tướng;
2, 3 or 4 identical cards; Tướng + Sĩ + Tượng or Xe + Pháo + Mã of one colour; 3 or 4
Chốt of different colours. These tests are what kills mutants of
``vncards.tusac._groups`` and of the payment formula in ``vncards.tusac._settle``."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

tusac = pytest.importorskip("vncards.tusac")
settle = pytest.importorskip("vncards.tusac._settle")

GENERAL, ADVISOR, ELEPHANT, CHARIOT, CANNON, HORSE, SOLDIER = range(7)


def model_group(kinds: tuple[int, ...]) -> str | None:
    colours = [k // 7 for k in kinds]
    pieces = [k % 7 for k in kinds]
    n = len(kinds)
    if n == 1:
        return "single-general" if pieces[0] == GENERAL else None
    if len(set(kinds)) == 1 and n <= 4:
        return ("pair", "triple", "quad")[n - 2]
    one_colour = len(set(colours)) == 1
    if n == 3 and one_colour and sorted(pieces) == [GENERAL, ADVISOR, ELEPHANT]:
        return "general-set"
    if n == 3 and one_colour and sorted(pieces) == [CHARIOT, CANNON, HORSE]:
        return "chariot-set"
    if n in (3, 4) and set(pieces) == {SOLDIER} and len(set(colours)) == n:
        return "soldiers"
    return None


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_every_multiset_of_kinds_is_classified_as_the_table_says(size: int) -> None:
    """All multisets of 1 to 4 of the 28 kinds: a group exactly when the table says so,
    with the table's code, whatever the order of the cards."""
    found = 0
    for kinds in combinations_with_replacement(range(28), size):
        want = model_group(kinds)
        assert tusac.classify_group(kinds) == want, kinds
        assert tusac.classify_group(tuple(reversed(kinds))) == want
        found += want is not None
    assert found == {1: 4, 2: 28, 3: 28 + 8 + 4, 4: 28 + 1}[size]


@pytest.mark.parametrize(
    ("code", "size", "taken", "lenh"),
    [
        ("quad", 4, False, 8), ("quad", 4, True, 6), ("triple", 3, False, 3),
        ("triple", 3, True, 1), ("pair", 2, False, 0), ("pair", 2, True, 0),
        ("soldiers", 4, True, 2), ("soldiers", 4, False, 2), ("soldiers", 3, True, 1),
        ("general-set", 3, True, 1), ("chariot-set", 3, False, 1), ("single-general", 1, True, 1),
    ],
)  # fmt: skip
def test_lenh_of_each_group(code: str, size: int, taken: bool, lenh: int) -> None:
    """Lệnh: Quàn 8, Khui 6, Khạp 3, four Chốt of different colours 2, a pair 0, any
    other group 1 (a triple made by taking a card is 1, not 3)."""
    assert tusac.group_lenh(code, size, taken=taken) == lenh


@pytest.mark.parametrize("active", range(28))
def test_take_shapes_are_exactly_the_groups_with_the_active_card(active: int) -> None:
    """The own cards that may take an active card are every multiset that forms a group
    with it (a lone Tướng takes with none), listed with the fewest own cards first."""
    want = {}
    for size in range(4):
        for own in combinations_with_replacement(range(28), size):
            code = model_group(tuple(sorted((*own, active))))
            if code is not None:
                want[tuple(own)] = code
    shapes = tusac.take_shapes(active)
    assert shapes == want
    assert list(shapes) == sorted(want, key=lambda own: (len(own), own)), "fewest own cards first"


@pytest.mark.parametrize(
    ("lenh", "doubled", "pay"),
    [(0, False, 13), (5, False, 18), (5, True, 26), (0, True, 16), (12, True, 40)],
)
def test_loser_pays_three_plus_lenh_plus_ten(lenh: int, doubled: bool, pay: int) -> None:
    """Each loser pays (3 + L) + 10, or (3 + L) × 2 + 10 when the winner has a Quàn or
    a Khui (rules page: L = 5 → 18, doubled 26)."""
    assert settle.base_payment(lenh, doubled) == pay


def _table(
    winner: int, exposed: list[list[object]], hands: list[object], den_payer: int = -1
) -> object:
    from types import SimpleNamespace

    return SimpleNamespace(
        n_players=len(hands),
        winner=winner,
        finished=True,
        exposed=exposed,
        hands=hands,
        den_payer=den_payer,
    )


def test_losers_own_khui_and_khap_are_paid_as_the_rules_say() -> None:
    """Winner with a general set (L = 1, not doubled) → each loser pays (3 + 1) + 10 = 14.
    Loser B's Khui (6) is paid by the winner and by the other loser; loser C's Khạp (3)
    is paid by the other loser only. Net: winner 28 - 6 = 22, B -14 + 6 + 6 - 3 = -5,
    C -14 - 6 + 3 = -17."""
    group = tusac.Group
    general_set = group("general-set", (0, 1, 2), 1, "")
    khui = group("quad", (10, 10, 10, 10), 6, "khui")
    state = _table(
        0,
        [[general_set], [khui], []],
        [tusac.EMPTY_HAND, tusac.EMPTY_HAND, tusac.hand_of([20, 20, 20])],
    )
    assert settle.settle(state) == (22, -5, -17)


def test_den_by_the_first_seat_pays_for_every_loser() -> None:
    """Đền: the discarder (here seat 0) pays what both losers would have paid (2 × 14),
    the other loser nothing for the win — but still 3 to the Khạp holder."""
    general_set = tusac.Group("general-set", (0, 1, 2), 1, "")
    state = _table(
        1,
        [[], [general_set], []],
        [tusac.EMPTY_HAND, tusac.EMPTY_HAND, tusac.hand_of([20, 20, 20])],
        0,
    )
    assert settle.settle(state) == (-31, 28, 3)
