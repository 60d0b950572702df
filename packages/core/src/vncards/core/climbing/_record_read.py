"""A climbing game's record actions read at once (compiled): what
:meth:`~vncards.core.ClimbingCodec.read_action`, called through
:meth:`~vncards.core.Plugin.action_from_record`, reads, without the three Python calls
between the referee's loop and the reading (the referee reads one action a step).

>>> from vncards.core import RecordAction
>>> read = ActionReader("tienlen")
>>> read(None, RecordAction.model_validate({"player": "A", "play": ["3S", "3C"]}), 1)
Play(seat=1, cards=3)
>>> read(None, RecordAction.model_validate({"player": "A", "pass": True}), 2)
Pass(seat=2)
"""

from __future__ import annotations

from typing import Any

from vncards.core._errors import NotationError, RecordError
from vncards.core._record_cards import action_item, play_mask
from vncards.core.climbing._actions import _PASSES, _PLAYS, Declare, SheddingAction, _pass, _play

__all__ = ["ActionReader"]


class ActionReader:
    """Reads ``play`` / ``pass`` / ``declare`` record actions of the game ``name`` as
    the climbing codec does, a card that cannot be read a :class:`RecordError` (as
    ``action_from_record`` makes it).

    >>> from vncards.core import RecordAction
    >>> ActionReader("samloc")(None, RecordAction.model_validate(
    ...     {"player": "A", "fold": True}), 0)
    Traceback (most recent call last):
    ...
    vncards.core._errors.RecordError: samloc records have no 'fold' actions
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, state: Any, action: Any, seat: int) -> SheddingAction:
        """``action``, taken by ``seat``, as the game's action (``state`` is not read)."""
        kind, value = action_item(action)
        if kind == "play":
            if not isinstance(value, list | tuple):
                raise RecordError(f"a play is a list of cards, not {value!r}")
            try:
                mask = play_mask(value)
            except NotationError as e:
                raise RecordError(str(e)) from None
            if type(seat) is int:
                done = _PLAYS.get((seat, mask))
                if done is not None:
                    return done
            return _play(seat, mask)
        if kind == "pass":
            said = _PASSES.get(seat) if type(seat) is int else None
            return _pass(seat) if said is None else said
        if kind == "declare":
            return Declare(seat, value)
        raise RecordError(f"{self.name} records have no {kind!r} actions")
