"""Phỏm records (core's :class:`~vncards.core.Codec`): the deal with its stock, and the
five actions; and the probes the conformance suite tries. Cards are read with
:func:`~vncards.phom.parse_phom_card`: core turns an unreadable one into a
:class:`~vncards.core.RecordError`, and checks the player count before the deal."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from vncards.core import GameRecord, RecordAction, RecordError
from vncards.phom._actions import Discard, Draw, LayOff, Meld, PhomAction, Take, action_record
from vncards.phom._cards import card_name, card_names, cards_of, mask_of, parse_phom_card
from vncards.phom._engine import start_game
from vncards.phom._game import FIRST_HAND, HAND
from vncards.phom._melds import solve
from vncards.phom._moves import legal_actions, normalise
from vncards.phom._rules import PhomRules
from vncards.phom._state import PhomState

__all__ = ["PhomCodec", "PhomProbes"]


class PhomCodec:
    """Reads and writes Phỏm records.

    >>> codec = PhomCodec()
    >>> codec.write_action(Meld(0, ((0, 1, 2),)))
    {'meld': [['AS', '2S', '3S']]}
    """

    def read_deal(self, record: GameRecord, rules: PhomRules) -> PhomState:
        """The deal of a record: one hand of 10 cards (the first player's), the others of
        9, and the stock holding exactly the undealt cards."""
        if record.stock is None:
            raise RecordError("a phom record needs the stock ('stock': cards in draw order)")
        dealt = [[parse_phom_card(t) for t in record.hands[p]] for p in record.players]
        for name, h in zip(record.players, dealt, strict=True):
            if len(h) not in (FIRST_HAND, HAND):
                raise RecordError(
                    f"{name} was dealt {len(h)} cards; phom deals 9 (10 to the first player)"
                )
        firsts = [s for s, h in enumerate(dealt) if len(h) == FIRST_HAND]
        if len(firsts) != 1:
            raise RecordError(f"exactly one player is dealt 10 cards, not {len(firsts)}")
        stock = [parse_phom_card(t) for t in record.stock]
        every = [c for h in dealt for c in h] + stock
        seen = 0
        for c in every:
            if seen >> c & 1:
                raise RecordError(f"the deal holds the {card_name(c)} twice")
            seen |= 1 << c
        if len(every) != 52:
            raise RecordError(
                f"the stock must hold exactly the {52 - sum(map(len, dealt))} undealt cards,"
                f" not {len(stock)}"
            )
        return start_game(rules, [mask_of(h) for h in dealt], stock, firsts[0])

    def read_action(self, state: PhomState, action: RecordAction, seat: int) -> PhomAction:
        """Read ``discard`` / ``draw`` / ``take`` / ``meld`` / ``lay_off`` (a legal meld
        or lay-off in its canonical form)."""
        kind, value = action.kind, action.value
        if kind == "discard":
            return Discard(seat, parse_phom_card(value))
        if kind == "draw":
            return Draw(seat)
        if kind == "take":
            return Take(seat)
        if kind == "meld":
            groups = tuple(tuple(parse_phom_card(t) for t in g) for g in value)
            return normalise(state, Meld(seat, groups))
        if kind == "lay_off":
            entries = tuple(
                (parse_phom_card(e["onto"]), tuple(parse_phom_card(t) for t in e["cards"]))
                for e in value
            )
            return normalise(state, LayOff(seat, entries))
        raise RecordError(f"phom records have no {kind!r} actions")

    def write_action(self, action: PhomAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        return action_record(action)

    def write_deal(self, state: PhomState) -> dict[str, Any]:
        """Hands as dealt and the stock in draw order (the first player holds 10)."""
        return {
            "hands": [card_names(h) for h in state.dealt],
            "first": None,
            "stock": card_names(list(state.stock)),
        }


class PhomProbes:
    """What the conformance suite tries on a Phỏm state, and every card in it.

    >>> from vncards.phom import plugin
    >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=1)
    >>> PhomProbes().card_multiset(st) == list(range(52))
    True
    """

    def action_universe(self, state: PhomState) -> Iterable[PhomAction]:
        """Legal actions plus many that are not, for every seat."""
        rng = random.Random(len(state.events) * 7919 + state.pos)
        out: list[PhomAction] = list(legal_actions(state))
        for seat in range(state.n_players):
            out.extend((Draw(seat), Take(seat), Meld(seat, ())))
            hand = cards_of(state.hands[seat])
            out.extend(Discard(seat, c) for c in hand)
            out.append(Discard(seat, rng.randrange(52)))
            if len(hand) >= 3:
                three = tuple(sorted(rng.sample(hand, 3)))
                out.append(Meld(seat, (three,)))
                out.append(LayOff(seat, ((rng.randrange(52), three[:1]),)))
            part = solve(state.hands[seat])
            if part is not None and part.melds:
                out.append(Meld(seat, tuple(sorted(tuple(cards_of(m)) for m in part.melds))))
            for melds in state.melds:
                for m in melds:
                    low = cards_of(m)[0]
                    out.extend(LayOff(seat, ((low, (c,)),)) for c in hand)
        return out

    def card_multiset(self, state: PhomState) -> list[int]:
        """Every card in every zone, sorted: hands, phỏm on the table, discards on the
        table and the stock."""
        cards = [c for h in state.hands for c in cards_of(h)]
        cards.extend(c for melds in state.melds for m in melds for c in cards_of(m))
        cards.extend(c for _, c, taker in state.pile if taker < 0)
        cards.extend(state.stock[state.pos :])
        return sorted(cards)
