"""The ``search`` bot of Tiến lên: core's :class:`~vncards.core.SearchBot` with Tiến
lên's hooks.

The rollout policy is the beginner's strategy of :mod:`vncards.tienlen._bots` (whole
units, hàng kept to chop, 2s spent late) written for full states, so that a rollout
costs a fraction of a millisecond; the candidates searched are its play, the pass, every
legal unit of the hand and the lowest and highest plays.
"""

from __future__ import annotations

from vncards.core import ClimbHooks, ClimbState, Combo, Kind, SearchBot, classify, is_chop
from vncards.tienlen._bots import Unit, split_hand
from vncards.tienlen._engine import CHOP_TABLE, COMBO_RULES

__all__ = ["TienLenHooks", "search_bot"]

_TWO = 12
_TWOS = 15 << (_TWO * 4)


class TienLenHooks(ClimbHooks):
    """Tiến lên's search hooks: the beginner's strategy as rollout policy, the units of
    :func:`~vncards.tienlen.split_hand` as candidates.

    >>> from vncards.core import CardSet, ClimbState
    >>> from vncards.tienlen import plugin
    >>> hooks = TienLenHooks(plugin)
    >>> state = ClimbState([CardSet.parse("3S 4D 5C 9H").mask, CardSet.parse("6S").mask], 0)
    >>> masks = [CardSet.parse(p).mask for p in ("3S", "3S 4D 5C", "9H")]
    >>> str(CardSet(hooks.policy(state, 0, masks, False)))
    '3S 4D 5C'
    """

    def units(self, hand: int) -> list[int]:
        """The units of :func:`~vncards.tienlen.split_hand`."""
        return [u.mask for u in _units(hand)]

    def policy(self, state: ClimbState, seat: int, masks: list[int], can_pass: bool) -> int | None:
        """The beginner's play; ``None`` passes."""
        if not masks:
            return None
        pick = _pick(state, seat, masks, can_pass)
        if pick is None and not can_pass:
            return min(masks)
        return pick


def search_bot(seed: int = 0, *, think: float = 0.1, iterations: int | None = None) -> SearchBot:
    """A Tiến lên ``search`` bot (a bot factory: seed → bot).

    >>> from vncards.core import play_game
    >>> from vncards.tienlen import GreedyBot, plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=2)
    >>> bots = [search_bot(0, iterations=20)] + [GreedyBot(i) for i in range(1, 4)]
    >>> plugin.result(play_game(plugin, state, bots).final).finished
    True
    """
    from vncards.tienlen._plugin import plugin

    return SearchBot(plugin, TienLenHooks(plugin), seed, think=think, iterations=iterations)


# ---------------------------------------------------------------- the policy


# split_hand by hand: rollouts of one decision meet the same hands again and again
_UNITS: dict[int, list[Unit]] = {}


def _units(hand: int) -> list[Unit]:
    units = _UNITS.get(hand)
    if units is None:
        if len(_UNITS) >= 1 << 16:
            _UNITS.clear()
        units = _UNITS[hand] = split_hand(hand)
    return units


def _pick(state: ClimbState, seat: int, masks: list[int], can_pass: bool) -> int | None:
    hand = state.hands[seat]
    legal = set(masks)
    if hand in legal:
        return hand
    danger = min(
        (h.bit_count() for s, h in enumerate(state.hands) if s != seat and h),
        default=13,
    )
    units = _units(hand)
    table = state.table
    if table is None:
        return _lead(units, legal, masks, danger)
    return _answer(table, units, legal, masks, danger, can_pass)


def _lead(units: list[Unit], legal: set[int], masks: list[int], danger: int) -> int:
    playable = [u for u in units if u.mask in legal]
    if not playable:
        return min(masks, key=lambda m: (m.bit_count() == 1, -m.bit_count(), m))
    costly = [u for u in playable if u.costly]
    cheap = [u for u in playable if not u.costly]
    if len(units) <= 2 and costly:
        return max(costly, key=lambda u: u.high).mask
    if danger <= 2 and costly:
        return max(costly, key=lambda u: u.mask.bit_count() * 4 + (u.high >> 2)).mask
    if not cheap:
        return min(costly, key=lambda u: u.high).mask
    if danger == 1:
        groups = [u for u in cheap if u.mask.bit_count() > 1]
        if groups:
            return groups[0].mask
        return max(cheap, key=lambda u: u.high).mask
    return cheap[0].mask


def _answer(
    table: Combo,
    units: list[Unit],
    legal: set[int],
    masks: list[int],
    danger: int,
    can_pass: bool,
) -> int | None:
    chops = [m for m in masks if _bomb(m) and _chops(m, table)]
    if chops:
        return min(chops)
    whole = [u for u in units if u.mask in legal and not u.costly]
    if whole:
        return min(whole, key=lambda u: u.high).mask
    twos = [m for m in masks if m & _TWOS == m]
    if twos and (table.top_rank >= 9 or len(units) <= 3 or danger <= 3):
        return min(twos)
    if danger <= 2 or not can_pass:
        loose = [m for m in masks if not _bomb(m)]
        if loose:
            return min(loose, key=lambda m: (m.bit_length(), m))
    return None


def _bomb(mask: int) -> bool:
    if mask.bit_count() < 4:
        return False
    combo = classify(mask, COMBO_RULES)
    return combo is not None and combo.kind in (Kind.QUAD, Kind.PAIR_RUN)


def _chops(mask: int, table: Combo) -> bool:
    combo = classify(mask, COMBO_RULES)
    return combo is not None and is_chop(combo, table, CHOP_TABLE)
