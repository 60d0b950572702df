"""What one seat of a climbing game may know: :class:`ShedView`, with typed fields bots
read quickly and ``public`` values written out only when read.

>>> ShedView.action_json(None, Pass(3))  # type: ignore[arg-type]
{'pass': True}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from vncards.core._events import Event, Played, Seat, Transfer, View
from vncards.core.climbing._actions import Declare, Pass, Play
from vncards.core.climbing._shapes import Combo
from vncards.core.climbing._tokens import _cards

__all__ = ["ShedView"]


class _Public(Mapping[str, Any]):
    """A shedding view's ``public`` values, written out the first time they are read
    (most bots read the view's typed fields and never look)."""

    __slots__ = ("_data", "_view")

    def __init__(self, view: ShedView) -> None:
        self._view = view
        self._data: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        data = self._data
        if data is None:
            data = self._data = self._view._public_values()
        return data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __repr__(self) -> str:
        return repr(self._get())


def _seats(mask: int) -> list[Seat]:
    return [Seat(i) for i in range(mask.bit_length()) if mask >> i & 1]


@dataclass(frozen=True, eq=False)
class ShedView(View):
    """What one seat of a climbing game may know, with typed fields bots read quickly.

    Besides the :class:`~vncards.core.View` fields: ``hand_mask`` (the seat's cards as a
    mask), ``table`` (the combination to beat, ``None`` when the seat to act leads) and
    ``table_seat`` (who played it, or who leads), ``passed`` and ``out`` (seat masks of
    who passed this round and whose hand is empty), ``pile`` (every card played),
    ``played_by`` (the cards each seat has played), the open chop chain
    (``chain_value``, ``chain_victim``, ``chain_chopper``), ``chop_net`` and
    ``chop_transfers`` (chains already paid), ``first`` (who acted first), ``finished``
    and ``winner``, ``optional`` (whether this seat's choice may be declined),
    ``declarations`` (Sâm's báo, as events), ``known`` and ``out_of_play`` (cards the
    rules make public: per seat, and not dealt at all) and ``extras`` (a game's own
    public values, see :meth:`SheddingGame.public_extras`).

    ``public`` is written out the first time it is read: the table as a ``play`` event,
    the pile, each seat's played cards, who passed and who is out, the chop chain,
    settled chop payments, the first seat and the declarations.

    >>> from vncards.core import RandomBot
    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=3)
    >>> view = plugin.view(state, state.turn)
    >>> len(view.hand), view.table is None, view.counts
    (13, True, (13, 13, 13, 13))
    >>> sorted(view.to_json(["An", "Bình", "Chi", "Dũng"])["public"])
    ['chain', 'chop_net', 'declarations', 'first', 'out', 'passed', 'pile', 'played', 'table']
    """

    hand_mask: int = 0
    table: Combo | None = None
    table_seat: int = -1
    passed: int = 0
    out: int = 0
    pile: int = 0
    played_by: tuple[int, ...] = ()
    chain_value: int = 0
    chain_victim: int = -1
    chain_chopper: int = -1
    chop_net: tuple[int, ...] = ()
    chop_transfers: tuple[Transfer, ...] = ()
    first: int = 0
    finished: bool = False
    winner: int = -1
    n_actions: int = 0
    optional: bool = False
    rules: Any = None
    declarations: tuple[Event, ...] = ()
    known: tuple[int, ...] = ()
    out_of_play: int = 0
    extras: tuple[Any, ...] = ()

    def _key(self) -> tuple[Any, ...]:
        # every field but ``public``, which is written from the others
        return (
            self.game, self.seat, self.to_act, self.hand, self.legal, self.counts,
            self.history, self.hand_mask, self.table, self.table_seat, self.passed,
            self.out, self.pile, self.played_by, self.chain_value, self.chain_victim,
            self.chain_chopper, self.chop_net, self.chop_transfers, self.first,
            self.finished, self.winner, self.n_actions, self.optional, self.rules,
            self.declarations, self.known, self.out_of_play, self.extras,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShedView):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _public_values(self) -> dict[str, Any]:
        table = self.table
        return {
            "table": (
                None
                if table is None
                else Played(Seat(self.table_seat), tuple(_cards(table.mask)), table.kind.code)
            ),
            "pile": _cards(self.pile),
            "played": {Seat(s): _cards(m) for s, m in enumerate(self.played_by)},
            "passed": _seats(self.passed),
            "out": _seats(self.out),
            "chain": (
                None
                if not self.chain_value
                else {
                    "value": self.chain_value,
                    "victim": Seat(self.chain_victim),
                    "chopper": Seat(self.chain_chopper),
                }
            ),
            "chop_net": {Seat(s): v for s, v in enumerate(self.chop_net)},
            "first": Seat(self.first),
            "declarations": list(self.declarations),
        }

    def action_json(self, action: Any) -> dict[str, Any]:
        """A play, pass or declaration as a record action (without ``player``).

        >>> ShedView.action_json(None, Pass(1))  # type: ignore[arg-type]
        {'pass': True}
        """
        if isinstance(action, Play):
            return {"play": _cards(action.cards)}
        if isinstance(action, Pass):
            return {"pass": True}
        if isinstance(action, Declare):
            return {"declare": action.what}
        raise TypeError(f"not a climbing-game action: {action!r}")


_new_view = object.__new__


def _set_dict(view: ShedView, fields: dict[str, Any]) -> None:
    """Give a new view all its fields at once (a frozen dataclass sets them one by one)."""
    object.__setattr__(view, "__dict__", fields)
