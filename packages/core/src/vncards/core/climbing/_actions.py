"""The actions of a climbing game — :class:`Play`, :class:`Pass`, :class:`Declare` — and
:class:`PlayList`, a seat's offered actions built lazily from play masks.

Plays and passes handed out are shared values (see :func:`_play`): they are immutable,
and making a frozen dataclass costs more than the rest of a random bot's pick.

>>> Play(0, 0b11) is _play(0, 0b11) or Play(0, 0b11) == _play(0, 0b11)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from vncards.core._events import Passed

__all__ = ["Declare", "Pass", "Play", "PlayList", "SheddingAction"]


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays the cards of mask ``cards``.

    >>> from vncards.core import CardSet
    >>> Play(0, CardSet.parse("3S 3H").mask)
    Play(seat=0, cards=9)
    """

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes (bỏ lượt) and is locked out until the round ends.

    >>> Pass(2) == Pass(2)
    True
    """

    seat: int


@dataclass(frozen=True, slots=True)
class Declare:
    """``seat`` declares (báo) — Sâm: ``what == "sam"``.

    >>> Declare(1)
    Declare(seat=1, what='sam')
    """

    seat: int
    what: str = "sam"


SheddingAction = Play | Pass | Declare


class PlayList(Sequence[SheddingAction]):
    """The actions of one seat, built lazily from play masks (bots often look at one).

    ``masks`` holds the plays; a trailing :class:`Pass` is offered when ``can_pass``.

    >>> acts = PlayList(seat=1, masks=[0b1, 0b10], can_pass=True)
    >>> len(acts), acts[0], acts[-1]
    (3, Play(seat=1, cards=1), Pass(seat=1))
    """

    __slots__ = ("can_pass", "masks", "seat")

    def __init__(self, seat: int, masks: list[int], can_pass: bool) -> None:
        self.seat = seat
        self.masks = masks
        self.can_pass = can_pass

    def __len__(self) -> int:
        return len(self.masks) + self.can_pass

    @overload
    def __getitem__(self, i: int) -> SheddingAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[SheddingAction]: ...
    def __getitem__(self, i: int | slice) -> SheddingAction | Sequence[SheddingAction]:
        masks = self.masks
        if type(i) is int and i >= 0:
            # the pick of a bot, once per decision: an equal shared value (see _play)
            n = len(masks)
            seat = self.seat
            if i < n:
                mask = masks[i]
                if type(mask) is int and type(seat) is int:
                    play = _PLAYS.get((seat, mask))
                    if play is not None:
                        return play
                return _play(seat, mask)
            if i == n and self.can_pass:
                done = _PASSES.get(seat) if type(seat) is int else None
                return _pass(seat) if done is None else done
            raise IndexError(i)
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(masks)
        if i < 0:
            i += n + self.can_pass
        if 0 <= i < n:
            return _play(self.seat, masks[i])
        if i == n and self.can_pass:
            return _pass(self.seat)
        raise IndexError(i)

    def __iter__(self) -> Iterator[SheddingAction]:
        seat = self.seat
        for m in self.masks:
            yield _play(seat, m)
        if self.can_pass:
            yield _pass(seat)


# Play and Pass values already handed out, by seat and mask. They are immutable, so a
# list may hand out an equal value it made before: building a frozen dataclass costs
# more than all the rest of a random bot's pick. Only plain ints are keys (a bool or
# another int type gets a value of its own, as before), and the table stops growing at
# a bound (singles, pairs and short runs, the plays made most, come first).
_PLAYS: dict[tuple[int, int], Play] = {}
_PASSES: dict[int, Pass] = {}
_PLAYS_LIMIT = 1 << 13


def _play(seat: int, mask: int) -> Play:
    if type(mask) is not int or type(seat) is not int:
        return Play(seat, mask)
    play = _PLAYS.get((seat, mask))
    if play is None:
        play = Play(seat, mask)
        if len(_PLAYS) < _PLAYS_LIMIT:
            _PLAYS[(seat, mask)] = play
    return play


def _pass(seat: int) -> Pass:
    if type(seat) is not int:
        return Pass(seat)
    done = _PASSES.get(seat)
    if done is None:
        done = Pass(seat)
        if len(_PASSES) < 64:
            _PASSES[seat] = done
    return done


_PASSED: dict[int, Passed] = {}


def _passed(seat: int) -> Passed:
    done = _PASSED.get(seat)
    if done is None:
        done = Passed(seat)
        if type(seat) is int and len(_PASSED) < 64:
            _PASSED[seat] = done
    return done
