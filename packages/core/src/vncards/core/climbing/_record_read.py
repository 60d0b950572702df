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

from vncards.core._errors import RecordError
from vncards.core._record_cards import action_item, play_mask
from vncards.core.climbing._actions import Declare, SheddingAction, _pass, _play

__all__ = ["ActionReader", "read_shedding"]


def read_shedding(name: str, action: Any, seat: int) -> SheddingAction:
    """``action``, taken by ``seat``, read as a ``play`` / ``pass`` / ``declare`` of the
    climbing game ``name``; a :class:`RecordError` for a card that cannot be read or an
    action of another kind.

    >>> from vncards.core import RecordAction
    >>> read_shedding("tienlen", RecordAction.model_validate(
    ...     {"player": "A", "play": ["3S", "3X"]}), 0)
    Traceback (most recent call last):
    ...
    vncards.core._errors.RecordError: unknown card '3X': suit must be ...
    """
    kind, value = action_item(action)
    if kind == "play":
        if not isinstance(value, list | tuple):
            raise RecordError(f"a play is a list of cards, not {value!r}")
        return _play(seat, play_mask(value))
    if kind == "pass":
        return _pass(seat)
    if kind == "declare":
        return Declare(seat, value)
    raise RecordError(f"{name} records have no {kind!r} actions")


class ActionReader:
    """:func:`read_shedding` for the climbing game ``name``, called as the referee calls
    ``action_from_record`` (the state is not read).

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
        return read_shedding(self.name, action, seat)
