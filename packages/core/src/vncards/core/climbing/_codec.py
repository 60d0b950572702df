"""Records of a climbing game: a deal read and checked, actions read and written
(``play`` / ``pass`` / ``declare``), the deal written, and seeded deals as record fields.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> plugin.record_deal(state)["first"] == state.first
True
"""

from __future__ import annotations

from typing import Any

from vncards.core._cardset import mask_ids
from vncards.core._errors import RecordError
from vncards.core._record_cards import action_item, hand_mask, play_mask
from vncards.core._records import GameRecord, RecordAction
from vncards.core.climbing._actions import Declare, Pass, Play, SheddingAction, _pass, _play
from vncards.core.climbing._engine import ClimbState
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._seeing import ClimbingViews
from vncards.core.climbing._tokens import _STR

__all__ = ["ClimbingCodec"]


class ClimbingCodec(ClimbingViews[RulesT]):
    """Reading and writing the records of a climbing game (part of
    :class:`~vncards.core.SheddingGame`)."""

    def state_from_record(self, record: GameRecord, rules: RulesT) -> ClimbState:
        """Check the deal of a record and start from it."""
        n = len(record.players)
        lo, hi = self.player_range(rules)
        if not lo <= n <= hi:
            raise RecordError(f"{self.name} is played by {lo} to {hi} players, not {n}")
        if record.stock is not None:
            raise RecordError(f"{self.name} records have no stock")
        size = self.hand_size(rules)
        hands: list[int] = []
        seen = 0
        for name in record.players:
            cards = record.hands[name]
            if len(cards) != size:
                raise RecordError(f"{name} was dealt {len(cards)} cards; {self.name} deals {size}")
            mask = hand_mask(cards, seen)
            seen |= mask
            hands.append(mask)
        if record.first is not None:
            first = record.seat_of(record.first)
        else:
            chosen = self.choose_first(rules, hands, None)
            if chosen is None:
                raise RecordError(
                    "the first player is drawn at random under these rules: name them in 'first'"
                )
            first = chosen
        return self.start(rules, hands, first)

    # ------------------------------------------------------------ play

    def action_from_record(
        self, state: ClimbState, action: RecordAction, seat: int
    ) -> SheddingAction:
        """Read ``play`` / ``pass`` / ``declare``; other kinds are not this game's."""
        kind, value = action_item(action)
        if kind == "play":
            if not isinstance(value, list | tuple):
                raise RecordError(f"a play is a list of cards, not {value!r}")
            return _play(seat, play_mask(value))
        if kind == "pass":
            return _pass(seat)
        if kind == "declare":
            return Declare(seat, value)
        raise RecordError(f"{self.name} records have no {kind!r} actions")

    def action_to_record(self, state: ClimbState, action: SheddingAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        if isinstance(action, Play):
            return {"play": [_STR[i] for i in mask_ids(action.cards)]}
        if isinstance(action, Pass):
            return {"pass": True}
        return {"declare": action.what}

    def record_deal(self, state: ClimbState) -> dict[str, Any]:
        """Hands as dealt and the first seat."""
        return {
            "hands": [[_STR[i] for i in mask_ids(h)] for h in state.dealt],
            "first": state.first,
        }

    # ------------------------------------------------------------ conformance

    def deal_json(self, rules: RulesT, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields, with the instant wins it holds."""
        state = self.new_game(rules, n_players, seed)
        players = [f"P{i + 1}" for i in range(n_players)]
        deal_ = self.record_deal(state)
        wins = self.instant_wins(rules, state.dealt)
        return {
            "game": self.name,
            "players": players,
            "hands": {players[i]: cards for i, cards in enumerate(deal_["hands"])},
            "first": players[deal_["first"]],
            "instant_wins": [{"player": players[s], "code": code} for s, code in wins],
        }

    # ------------------------------------------------------------ dealing
