"""Reading the opponent's hand from its play, for a heads-up climbing-game search.

With two players a seat's only unknown is the other's hand (the cards never dealt are
out of play). Every play and pass of the opponent so far says something about it: a
hand that would have led a 3 where the opponent led a 9 is unlikely. The search models
the opponent by its rollout policy, so a hand is weighed by how many of the opponent's
past choices that policy explains: ``odds ** mismatches``. Hands are drawn from that
weight by a Metropolis chain that swaps one card of the guessed hand for one unseen
card at a time, and each round of rollouts deals one hand of the chain at random.

With ``odds`` below 1 a hand that explains every choice is preferred, but a hand that
explains fewer is never ruled out: an opponent who plays otherwise than the policy
leaves the search with a broad guess rather than a wrong certainty.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from vncards.core._cards import parse_card
from vncards.core._cardset import mask_ids, mask_of
from vncards.core._errors import IllegalMove
from vncards.core._events import Passed, Played

__all__ = ["heads_up_worlds"]

_FULL_DECK = (1 << 52) - 1
_MASKS: dict[tuple[str, ...], int] = {}

Policy = Callable[[Any, int, list[int], bool], "int | None"]


def _mask(cards: tuple[str, ...]) -> int:
    mask = _MASKS.get(cards)
    if mask is None:
        mask = mask_of(parse_card(token) for token in cards)
        if len(_MASKS) < 1 << 16:
            _MASKS[cards] = mask
    return mask


def heads_up_worlds(
    plugin: Any,
    policy: Policy,
    view: Any,
    rng: random.Random,
    *,
    steps: int,
    odds: float,
) -> Callable[[], Any]:
    """A deal function for a two-player climbing-game view: each call is the plugin's
    ``determinize`` with the opponent's hand drawn from the chain (see the module
    docstring). Uniform deals when the opponent has not chosen anything yet.

    >>> import random
    >>> from vncards.tienlen import GreedyBot, plugin
    >>> from vncards.tienlen._search import TienLenHooks
    >>> hooks = TienLenHooks(plugin)
    >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=4)
    >>> for _ in range(6):  # six choices of two greedy bots
    ...     d = plugin.decision(state)
    ...     view = plugin.view(state, d.seat)
    ...     _ = plugin.apply(state, GreedyBot(d.seat).choose(view, d.actions, False))
    >>> view = plugin.view(state, state.turn)
    >>> deal = heads_up_worlds(plugin, hooks.policy, view, random.Random(1), steps=50, odds=0.05)
    >>> world = deal()
    >>> plugin.view(world, view.seat) == view
    True
    """
    if len(view.counts) != 2:
        raise ValueError(f"the reading is for two players, not {len(view.counts)}")
    if steps < 1:
        raise ValueError(f"the reading needs at least one step of its chain, not {steps}")
    if not 0 < odds < 1:
        raise ValueError(f"the odds of an unexplained choice must be between 0 and 1, not {odds}")
    me = view.seat
    opp = 1 - me
    snaps = _decisions(plugin, view, rng, opp)
    if not snaps:
        return lambda: plugin.determinize(view, rng)
    eng = snaps[0][0].engine
    count = view.counts[opp]
    unseen = _FULL_DECK & ~view.hand_mask & ~view.pile & ~view.out_of_play
    ids = mask_ids(unseen)
    if count == 0 or count >= len(ids):
        return lambda: plugin.determinize(view, rng)

    def mismatches(hand: int, limit: float) -> int:
        # choices of the opponent the policy would have made otherwise with ``hand``,
        # counted until ``limit`` is passed
        m = 0
        for snap, later, action in snaps:
            snap.hands[opp] = hand | later
            masks = eng.plays(snap)
            can_pass = eng.can_pass(snap)
            pick = policy(snap, opp, masks, can_pass)
            if pick is None and not can_pass and masks:
                pick = masks[0]
            if pick != action:
                m += 1
                if m > limit:
                    return m
        return m

    rng.shuffle(ids)
    inside, outside = ids[:count], ids[count:]
    hand = 0
    for i in inside:
        hand |= 1 << i
    m = mismatches(hand, math.inf)
    log_odds = math.log(odds)
    pool: list[int] = []
    burn_in = steps // 5
    for step in range(steps):
        a = int(rng.random() * len(inside))
        b = int(rng.random() * len(outside))
        proposal = hand ^ (1 << inside[a]) ^ (1 << outside[b])
        u = rng.random()
        # accepted with probability odds ** (m' - m): when m' <= m + log(u) / log(odds)
        limit = m + math.floor(math.log(u) / log_odds) if u > 0 else math.inf
        m2 = mismatches(proposal, limit)
        if m2 <= limit:
            inside[a], outside[b] = outside[b], inside[a]
            hand, m = proposal, m2
        if step >= burn_in:
            pool.append(hand)
    played = view.played_by[opp]

    def deal() -> Any:
        world = plugin.determinize(view, rng)
        guess = pool[int(rng.random() * len(pool))]
        world.hands[opp] = guess
        dealt = list(world.dealt)
        dealt[opp] = guess | played
        world.dealt = tuple(dealt)
        return world

    return deal


def _decisions(
    plugin: Any, view: Any, rng: random.Random, opp: int
) -> list[tuple[Any, int, int | None]]:
    """The opponent's choices so far: for each, the state it chose in (its hand to be
    filled in), the cards it played from then on, and what it chose (a mask, ``None``
    for a pass). Empty when it has chosen nothing or the game cannot be replayed."""
    history = [e for e in view.history if isinstance(e, Played | Passed)]
    if not any(e.seat == opp for e in history):
        return []
    # any deal consistent with the view replays the public history; one that some
    # rule ends at the deal (an instant win) cannot, so another is drawn
    for _ in range(20):
        world = plugin.determinize(view, rng)
        state = plugin.start(view.rules, world.dealt, view.first)
        if not state.finished:
            break
    else:
        return []
    eng = state.engine
    later = view.played_by[opp]
    snaps: list[tuple[Any, int, int | None]] = []
    for event in history:
        seat = event.seat
        mask = _mask(event.cards) if isinstance(event, Played) else None
        if seat == opp:
            snaps.append((state.copy(), later, mask))
            if mask is not None:
                later &= ~mask
        if state.finished or state.turn != seat:
            return []
        try:
            if mask is None:
                eng.pass_turn(state, seat)
            else:
                eng.play(state, seat, mask)
        except IllegalMove:
            # a game whose public history does not replay on its bare engine (a rule
            # the plugin carries out beyond it): the search deals uniformly
            return []
    return snaps
