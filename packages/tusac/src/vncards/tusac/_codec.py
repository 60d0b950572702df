"""Tứ Sắc's records (core's :class:`~vncards.core.Codec`): the dealt hands with the stock
in draw order, and the ``discard`` / ``take`` / ``draw`` / ``pass`` actions; and its
conformance probes (:class:`~vncards.core.Probes`).

>>> from vncards.tusac._engine import Take
>>> TuSacCodec().write_action(Take(1, (3, 4)))
{'take': ['RR', 'RC']}
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from vncards.core import GameRecord, RecordAction, RecordError
from vncards.tusac._deck import COPIES, KINDS, format_card, format_cards, parse_card
from vncards.tusac._engine import (
    Discard,
    Draw,
    Pass,
    Take,
    TuSacAction,
    TuSacState,
    legal_actions,
    start_game,
)
from vncards.tusac._groups import take_shapes
from vncards.tusac._rules import TuSacRules
from vncards.tusac._solver import hand_kinds
from vncards.tusac._view import action_record

__all__ = ["DEALER_HAND_SIZE", "HAND_SIZE", "TuSacCodec", "TuSacProbes"]

HAND_SIZE = 20
DEALER_HAND_SIZE = 21
_SHAPES = tuple(take_shapes(k) for k in range(KINDS))


class TuSacCodec:
    """Reads and writes Tứ Sắc records."""

    def read_deal(self, record: GameRecord, rules: TuSacRules) -> TuSacState:
        """The deal of a record: exactly the 112 cards between the hands and the stock,
        one dealer with 21 cards, everyone else 20 (core has checked the player count)."""
        if record.stock is None:
            raise RecordError("a tusac record needs the stock ('stock': cards in draw order)")
        dealt = [[parse_card(t) for t in record.hands[name]] for name in record.players]
        stock = [parse_card(t) for t in record.stock]
        dealers = [s for s, h in enumerate(dealt) if len(h) == DEALER_HAND_SIZE]
        for s, h in enumerate(dealt):
            if len(h) not in (HAND_SIZE, DEALER_HAND_SIZE):
                raise RecordError(
                    f"{record.players[s]} was dealt {len(h)} cards;"
                    " tusac deals 20 (21 to the dealer)"
                )
        if len(dealers) != 1:
            raise RecordError(
                f"exactly one player (the dealer) is dealt 21 cards, not {len(dealers)}"
            )
        counts = [0] * KINDS
        for k in (*stock, *(k for h in dealt for k in h)):
            counts[k] += 1
        bad = [k for k in range(KINDS) if counts[k] != COPIES]
        if bad:
            # name a card dealt too often first: that is what a duplicated card looks like
            k = max(bad, key=lambda k: (counts[k] > COPIES, -k))
            raise RecordError(
                f"the deal holds {counts[k]} × {format_card(k)}; the deck has exactly"
                f" {COPIES} of each card"
            )
        return start_game(rules, dealt, stock, dealers[0])

    def read_action(self, state: TuSacState, action: RecordAction, seat: int) -> TuSacAction:
        """Read ``discard`` / ``take`` / ``draw`` / ``pass``."""
        kind = action.kind
        if kind == "discard":
            return Discard(seat, parse_card(action.value))
        if kind == "take":
            return Take(seat, tuple(parse_card(t) for t in action.value))
        if kind == "draw":
            return Draw(seat)
        if kind == "pass":
            return Pass(seat)
        raise RecordError(f"tusac records have no {kind!r} actions")

    def write_action(self, action: TuSacAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        return action_record(action)

    def write_deal(self, state: TuSacState) -> dict[str, Any]:
        """Hands as dealt and the stock in draw order (the dealer is the 21-card hand)."""
        return {
            "hands": [format_cards(h) for h in state.dealt],
            "first": None,
            "stock": format_cards(state.stock),
        }


class TuSacProbes:
    """What the conformance suite tries on a Tứ Sắc state.

    >>> from vncards.tusac import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> len(TuSacProbes().card_multiset(st))
    112
    """

    def action_universe(self, state: TuSacState) -> Iterable[TuSacAction]:
        """Legal actions plus many that are not, for every seat."""
        rng = random.Random(state.n_actions * 7919 + state.pos)
        out: list[TuSacAction] = list(legal_actions(state))
        for seat in range(state.n_players):
            out.append(Draw(seat))
            out.append(Pass(seat))
            kinds = sorted(set(hand_kinds(state.hands[seat])))
            out.extend(Discard(seat, k) for k in kinds)
            out.append(Discard(seat, rng.randrange(KINDS)))
            out.append(Take(seat, ()))
            if state.active >= 0:
                out.extend(Take(seat, cards) for cards in _SHAPES[state.active])
            for k in rng.sample(kinds, min(3, len(kinds))):
                out.append(Take(seat, (k,)))
                out.append(Take(seat, (k, k)))
        return out

    def card_multiset(self, state: TuSacState) -> list[int]:
        """Kinds of all 112 cards in every zone, sorted: hands, exposed groups, the active
        card, dead cards and the stock."""
        cards = [k for h in state.hands for k in hand_kinds(h)]
        cards.extend(k for groups in state.exposed for g in groups for k in g.cards)
        cards.extend(k for k, n in enumerate(state.dead) for _ in range(n))
        cards.extend(state.stock[state.pos :])
        if state.active >= 0:
            cards.append(state.active)
        return sorted(cards)
