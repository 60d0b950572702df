"""Sâm Lốc settlement: what each seat pays at the end of a game, and its counts for
simulation tables.

- a tới trắng: every other seat pays the instant-win amount (and, by the rules, its
  2s and tứ quý still held);
- a báo Sâm: success is paid by every opponent, failure (đền) by the declarer;
- a plain end: the settled chop chains, then each loser's cards left (cóng when it
  never played), 2s (thối 2) and tứ quý (thối hàng) held, all paid by a báo một
  violator instead when the winner went out past one.
"""

from __future__ import annotations

from vncards.core import GameResult, Ledger, Transfer, Violation
from vncards.samloc._engine import TWOS, SamState
from vncards.samloc._hands import quads_in
from vncards.samloc._rules import SamRules

__all__ = ["game_stats", "settle"]


def settle(st: SamState) -> GameResult:
    """The result of a Sâm game as it stands (see :meth:`~vncards.samloc.SamLoc.result`):
    a game not over has paid only its chop chains.

    >>> from vncards.samloc import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=7)
    >>> settle(st).finished, settle(st).payments
    (False, (0, 0, 0, 0))
    """
    state = st
    rules: SamRules = st.rules
    n = len(state.hands)
    noted = st.viol
    violations = tuple(Violation(i, s, "bao-mot", msg) for i, s, _, msg in noted) if noted else ()
    if not state.finished:
        # only the chop chains already paid
        return GameResult(
            False, None, None, None, tuple(state.chop_net), violations,
            tuple(state.chop_transfers),
        )  # fmt: skip
    win = state.winner
    instant = st.instant
    if instant is not None:
        seat, code = instant
        led = Ledger(n)
        for i, hand in enumerate(state.dealt):
            if i != seat:
                led.pay(i, seat, rules.instant_win, "instant-win")
                if rules.instant_win_counts_held:
                    _pay_held(led, i, seat, hand, rules)
        return _result(led, "instant-win", seat, code, violations)
    sam = st.sam
    if sam is not None:
        declarer = st.declarer
        led = Ledger(n)  # a Sâm settles alone: no chop, card or cóng payment
        if sam == "success":
            for i in range(n):
                if i != declarer:
                    led.pay(i, declarer, rules.sam, "sam")
            return _result(led, "sam-success", declarer, None, violations)
        blocker = st.blocker
        if blocker >= 0 and rules.sam_failure_payee == "blocker":
            count = n - 1 if rules.sam_failure_basis == "opponents" else n
            led.pay(declarer, blocker, rules.sam * count, "den")
        else:
            for i in range(n):
                if i != declarer:
                    led.pay(declarer, i, rules.sam, "den")
        return _result(led, "sam-failed", win, None, violations)
    # a plain end: the settled chop chains, then each loser's items (this runs
    # after every simulated game, so it writes the payments without a Ledger)
    pay = list(state.chop_net)
    transfers = list(state.chop_transfers)
    if st.draw:
        return GameResult(True, "draw", None, None, tuple(pay), violations, tuple(transfers))
    thoi = dict(st.thoi) if st.thoi else {}
    violator = -1
    if noted and state.hands[win] == 0:
        for _, seat, announced, _ in noted:
            if announced == win:
                violator = seat  # the latest violation against the winner counts
    held_two, held_quad, cong = rules.held_two, rules.held_quad, rules.cong
    hands, played = state.hands, state.played
    for i in range(n):
        if i == win:
            continue
        if i in thoi:
            hand, did_play = thoi[i], 1  # pays as if still holding that last play
        else:
            hand, did_play = hands[i], played >> i & 1
        twos = held_two * (hand & TWOS).bit_count()
        quads = held_quad * quads_in(hand) if held_quad else 0
        base = hand.bit_count() if did_play else cong
        if violator >= 0 and i != violator:
            # đền: the violator pays what this loser owed, the loser nothing
            _owe(pay, transfers, violator, win, base + twos + quads, "bao-mot")
            continue
        _owe(pay, transfers, i, win, base, "cards-left" if did_play else "cong")
        if twos:
            _owe(pay, transfers, i, win, twos, "thoi-2")
        if quads:
            _owe(pay, transfers, i, win, quads, "thoi-hang")
    return GameResult(True, "win", win, None, tuple(pay), violations, tuple(transfers))


def game_stats(st: SamState) -> dict[str, int]:
    """Counts for simulation tables (see :meth:`~vncards.samloc.SamLoc.game_stats`)."""
    state = st
    cong = 0
    # the outcome is a plain win unless one of these ended the game (see result)
    if state.finished and st.instant is None and st.sam is None and not st.draw:
        thoi = {s for s, _ in st.thoi}
        cong = sum(
            1
            for i in range(len(state.hands))
            if i != state.winner and not state.played >> i & 1 and i not in thoi
        )
    return {
        "chops": st.chops,
        "cong": cong,
        "sam_declared": int(st.declarer != -1),
        "sam_success": int(st.sam == "success"),
        "sam_failed": int(st.sam == "failed"),
        "bao_mot_violations": len(st.viol),
        "instant_wins": int(st.instant is not None),
        "thoi_2": st.stuck.bit_count() + len(st.thoi),
        "draws": int(st.draw),
    }


def _pay_held(led: Ledger, payer: int, payee: int, hand: int, rules: SamRules) -> None:
    """The extras for 2s (``thoi-2``) and tứ quý (``thoi-hang``) still in ``hand``."""
    led.pay(payer, payee, rules.held_two * (hand & TWOS).bit_count(), "thoi-2")
    led.pay(payer, payee, rules.held_quad * quads_in(hand), "thoi-hang")


# transfers are immutable: the common ones are made once
_TRANSFERS: dict[tuple[int, int, int, str], Transfer] = {}


def _owe(
    pay: list[int], transfers: list[Transfer], payer: int, payee: int, amount: int, reason: str
) -> None:
    """``payer`` pays ``payee`` ``amount`` lá for ``reason`` (nothing when 0)."""
    if not amount:
        return
    pay[payer] -= amount
    pay[payee] += amount
    key = (payer, payee, amount, reason)
    t = _TRANSFERS.get(key)
    if t is None:
        t = Transfer(payer, payee, amount, reason)
        if len(_TRANSFERS) < 1 << 12:
            _TRANSFERS[key] = t
    transfers.append(t)


def _result(
    led: Ledger,
    outcome: str,
    winner: int | None,
    code: str | None,
    violations: tuple[Violation, ...],
) -> GameResult:
    """A finished game's result from its ledger: payments are the net of the transfers."""
    return GameResult(True, outcome, winner, code, tuple(led.net), violations, tuple(led.transfers))
