"""Mậu Binh's records (core's :class:`~vncards.core.Codec`): the dealt hands and the
``arrange`` action; and its conformance probes (:class:`~vncards.core.Probes`).

>>> from vncards.maubinh._rules import MauBinhRules
>>> st = start_game(MauBinhRules(), [range(0, 52, 4), range(1, 52, 4)])
>>> MauBinhCodec().write_deal(st)["hands"][1][:3]
['3C', '4C', '5C']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from vncards.core import GameRecord, RecordAction, RecordError, format_cards
from vncards.maubinh._engine import HAND_SIZE, Arrange, MauBinhState, start_game
from vncards.maubinh._notation import record_card
from vncards.maubinh._rules import MauBinhRules
from vncards.maubinh._splits import Splits

__all__ = ["MauBinhCodec", "MauBinhProbes"]


class MauBinhCodec:
    """Reads and writes Mậu Binh records."""

    def read_deal(self, record: GameRecord, rules: MauBinhRules) -> MauBinhState:
        """The deal of a record: 13 distinct cards to each player (core has checked
        the player count)."""
        if record.stock is not None:
            raise RecordError("maubinh records have no stock (undealt cards stay out of play)")
        seen: dict[int, str] = {}
        hands = []
        for name in record.players:
            cards = [record_card(t) for t in record.hands[name]]
            if len(cards) != HAND_SIZE:
                raise RecordError(f"{name} was dealt {len(cards)} cards; maubinh deals 13")
            for c in cards:
                if c in seen:
                    raise RecordError(f"{format_cards([c])[0]} is dealt twice")
                seen[c] = name
            hands.append(cards)
        return start_game(rules, hands)

    def read_action(self, state: MauBinhState, action: RecordAction, seat: int) -> Arrange:
        """Read ``{"arrange": {"chi1": [...], "chi2": [...], "chi3": [...]}}``; cards that
        are not this seat's, or chi of the wrong size, are left for ``apply`` to refuse."""
        kind = action.kind
        if kind != "arrange":
            raise RecordError(f"maubinh records have no {kind!r} actions (only 'arrange')")
        value = action.value
        if not isinstance(value, Mapping) or set(value) != {"chi1", "chi2", "chi3"}:
            raise RecordError("an arrangement names exactly chi1, chi2 and chi3")
        chis = []
        for key in ("chi1", "chi2", "chi3"):
            cards = value[key]
            if not isinstance(cards, list) or not all(isinstance(t, str) for t in cards):
                raise RecordError(f"{key} is a list of cards")
            chis.append(tuple(sorted(record_card(t) for t in cards)))
        return Arrange(seat, chis[0], chis[1], chis[2])

    def write_action(self, action: Arrange) -> dict[str, Any]:
        """The record form of an arrangement (without ``player``)."""
        return action.to_record()

    def write_deal(self, state: MauBinhState) -> dict[str, Any]:
        """The dealt hands (no first player, no stock)."""
        return {"hands": [format_cards(h) for h in state.hands], "first": None}


class MauBinhProbes:
    """What the conformance suite tries on a Mậu Binh state."""

    def action_universe(self, state: MauBinhState) -> Iterable[Arrange]:
        """A sample of every seat's legal splits and of refused arrangements: wrong
        sizes, a card twice, another seat's card, a second arrangement, a seat with an
        instant hand. Never the 72,072 splits of a hand."""
        rng = random.Random(hash((state.hands, tuple(a is not None for a in state.arranged))))
        out: list[Arrange] = []
        for seat in range(state.n):
            splits = Splits(seat, state.hands[seat])
            picks = [splits[i] for i in (0, 1, 55, 56, 72_071)]
            picks += [splits[rng.randrange(72_072)] for _ in range(8)]
            out.extend(picks)
            a = picks[-1]
            other = state.hands[(seat + 1) % state.n]
            out.append(Arrange(seat, a.chi1[:4], a.chi2 + a.chi1[4:], a.chi3))  # 4 + 6 + 3
            out.append(Arrange(seat, a.chi1, a.chi2, a.chi3[:2]))  # 12 cards
            out.append(Arrange(seat, a.chi1, a.chi2[:4] + a.chi1[:1], a.chi3))  # a card twice
            out.append(Arrange.of(seat, (*a.chi1[:4], other[0]), a.chi2, a.chi3))  # not held
        return out

    def card_multiset(self, state: MauBinhState) -> list[int]:
        """All 52 cards: the hands and the cards left out of play (arranging moves no
        card between zones)."""
        dealt = [c for h in state.hands for c in h]
        held = set(dealt)
        return sorted(dealt + [c for c in range(52) if c not in held])
