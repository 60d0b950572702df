"""The Tứ Sắc search bot's evaluation: live outs of a hand, the rank of a hand, each
seat's chance to win, and the candidates and rewards the search builds from them."""

from __future__ import annotations

import random

from vncards.tusac import TuSacRules, plugin
from vncards.tusac._deck import KINDS, parse_card, parse_cards
from vncards.tusac._engine import Discard, Draw, Pass, decision_parts
from vncards.tusac._evaluate import hand_outs, hand_score, unseen_of, win_chances
from vncards.tusac._search import TuSacHooks
from vncards.tusac._solver import hand_of, hand_remove

ALL_LIVE = [4] * KINDS


def test_a_chariot_and_cannon_win_on_every_live_horse() -> None:
    # rules "Valid groups": Xe + Pháo + Mã of one colour; the last rác's group wins
    hand = hand_of(parse_cards("RR RC"))
    assert hand_outs(hand, ALL_LIVE).win == 4
    live = list(ALL_LIVE)
    live[parse_card("RH")] = 1  # three red Mã seen: one left
    assert hand_outs(hand, live).win == 1
    live[parse_card("RH")] = 0
    assert hand_outs(hand, live).win == 0


def test_a_pair_is_a_claim_out_taken_out_of_turn() -> None:
    # rules "Pair": a pair takes the matching card out of turn; it saves no rác itself
    hand = hand_of(parse_cards("YP YP RR WC"))
    outs = hand_outs(hand, ALL_LIVE)
    assert outs.claim == 4  # the Pháo
    assert outs.win == 0


def test_outs_count_only_copies_the_seat_has_not_seen() -> None:
    hand = hand_of(parse_cards("RR RC GP"))
    seen = [0] * KINDS
    seen[parse_card("RH")] = 2
    unseen = unseen_of(hand, seen)
    assert unseen[parse_card("RH")] == 2
    assert unseen[parse_card("RR")] == 3
    assert unseen[parse_card("GP")] == 3


def test_fewer_rac_rank_first_then_more_outs() -> None:
    one = hand_of(parse_cards("RR"))
    two_waiting = hand_of(parse_cards("RR RC"))
    two_apart = hand_of(parse_cards("RR YC"))
    assert hand_score(one, ALL_LIVE) > hand_score(two_waiting, ALL_LIVE)
    assert hand_score(two_waiting, ALL_LIVE) > hand_score(two_apart, ALL_LIVE)


def test_win_chances_favour_the_hand_nearer_complete() -> None:
    state = plugin.new_game(TuSacRules(), 4, seed=3)
    chances = win_chances(state)
    assert abs(sum(chances) - 1) < 1e-9
    # give seat 2 a hand of one rác: its chance rises above every other seat's
    state.hands[2] = hand_of(parse_cards("RK RA RE GR GC GH YP"))
    chances = win_chances(state)
    assert max(range(4), key=lambda s: chances[s]) == 2


def test_unfinished_rewards_sum_to_zero_like_payments() -> None:
    # every loser pays the winner: the expected payoffs of all seats sum to zero
    hooks = TuSacHooks()
    state = plugin.new_game(TuSacRules(), 4, seed=5)
    hooks.horizon = 4
    hooks.rollout(plugin, state, random.Random(1))  # four greedy actions
    assert not state.finished
    assert abs(sum(hooks.reward(plugin, state, s) for s in range(4))) < 1e-9


def test_discard_candidates_keep_the_best_ranked_hand_first() -> None:
    state = plugin.new_game(TuSacRules(), 4, seed=1)
    view = plugin.view(state, state.turn)
    cands = TuSacHooks().candidates(view, view.legal, view.optional)
    assert cands
    assert all(isinstance(a, Discard) for a in cands)
    unseen = unseen_of(view.own, view.seen)
    scores = [hand_score(hand_remove(view.own, a.card), unseen) for a in view.legal]
    assert hand_score(hand_remove(view.own, cands[0].card), unseen) == max(scores)


def test_the_draw_or_pass_is_always_a_candidate_in_turn() -> None:
    hooks = TuSacHooks()
    checked = 0
    for seed in range(1, 30):
        state = plugin.new_game(TuSacRules(), 4, seed)
        bots = [plugin.bots["greedy"](seed * 4 + i) for i in range(4)]
        for _ in range(60):
            parts = decision_parts(state)
            if parts is None:
                break
            seat, actions, optional = parts
            if not optional and any(isinstance(a, Draw | Pass) for a in actions):
                view = plugin.view(state, seat)
                cands = hooks.candidates(view, actions, optional)
                assert any(isinstance(a, Draw | Pass) for a in cands)
                assert len(cands) <= hooks.max_candidates
                checked += 1
            choice = bots[seat].choose(plugin.view(state, seat), actions, optional)
            assert choice is not None
            plugin.apply(state, choice)
    assert checked > 50
