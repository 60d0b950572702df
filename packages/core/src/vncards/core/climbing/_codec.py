"""Records of a climbing game (its :class:`~vncards.core.Codec`): a deal read and
checked, actions read and written (``play`` / ``pass`` / ``declare``), the deal written.

>>> from vncards.tienlen import plugin
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
>>> plugin.record_deal(state)["first"] == state.first
True
>>> state = plugin.new_game(plugin.presets["ba-bich"], 4, seed=3)
>>> plugin.record_deal(state)["first"] is None   # 3♠ leads: the rules find the seat
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic

from vncards.core._cardset import mask_ids
from vncards.core._errors import RecordError
from vncards.core._record_cards import hand_mask
from vncards.core._records import GameRecord, RecordAction
from vncards.core.climbing._actions import Pass, Play, SheddingAction
from vncards.core.climbing._engine import ClimbState
from vncards.core.climbing._game import ClimbingGame
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._record_read import ActionReader, read_shedding
from vncards.core.climbing._tokens import _STR

__all__ = ["ClimbingCodec"]


class ClimbingCodec(Generic[RulesT]):
    """The record codec of a climbing ``game``, driven by its hooks (hand size, who
    leads, :meth:`~vncards.core.ClimbingGame.record_first_game` and
    :meth:`~vncards.core.ClimbingGame.leader_by_rules`).

    >>> from vncards.core import Pass
    >>> from vncards.tienlen import TienLenGame
    >>> ClimbingCodec(TienLenGame()).write_action(Pass(2))
    {'pass': True}
    """

    def __init__(self, game: ClimbingGame[RulesT]) -> None:
        self.game = game

    def read_deal(self, record: GameRecord, rules: RulesT) -> ClimbState:
        """Check the deal of a record and start from it (core has checked the player
        count)."""
        game = self.game
        if record.stock is not None:
            raise RecordError(f"{game.name} records have no stock")
        size = game.hand_size(rules)
        hands: list[int] = []
        seen = 0
        for name in record.players:
            cards = record.hands[name]
            if len(cards) != size:
                raise RecordError(f"{name} was dealt {len(cards)} cards; {game.name} deals {size}")
            mask = hand_mask(cards, seen)
            seen |= mask
            hands.append(mask)
        if record.first is not None:
            first = record.seat_of(record.first)
        else:
            chosen = game.choose_first(rules, hands, None)
            if chosen is None:
                raise RecordError(
                    "the first player is drawn at random under these rules: name them in 'first'"
                )
            first = chosen
        first_game = game.record_first_game(rules, record.first is not None)
        return game.begin(rules, hands, first, first_game)

    def read_action(self, state: ClimbState, action: RecordAction, seat: int) -> SheddingAction:
        """Read ``play`` / ``pass`` / ``declare``; other kinds are not this game's."""
        return read_shedding(self.game.name, action, seat)

    def action_reader(self) -> Callable[[ClimbState, RecordAction, int], SheddingAction] | None:
        """:meth:`read_action` as one compiled call, without the plugin's and this
        codec's frames around it (the referee reads every action through it), or
        ``None`` for a codec that reads otherwise (a subclass's own ``read_action``).

        >>> from vncards.tienlen import plugin
        >>> plugin.codec.action_reader() is not None
        True
        """
        if type(self).read_action is not ClimbingCodec.read_action:
            return None
        return ActionReader(self.game.name)

    def write_action(self, action: SheddingAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        if isinstance(action, Play):
            return {"play": [_STR[i] for i in mask_ids(action.cards)]}
        if isinstance(action, Pass):
            return {"pass": True}
        return {"declare": action.what}

    def write_deal(self, state: ClimbState) -> dict[str, Any]:
        """Hands as dealt and the first seat (``None`` when the rules find it again
        from the deal, so that a referee sees a first game)."""
        return {
            "hands": dealt_tokens(state),
            "first": None if self.game.leader_by_rules(state) else state.first,
        }


def dealt_tokens(state: ClimbState) -> list[list[str]]:
    """The hands of ``state`` as dealt, as record tokens by seat."""
    return [[_STR[i] for i in mask_ids(h)] for h in state.dealt]
