"""The encoding of climbing (shedding) games on the French deck: Tiến lên, Sâm Lốc and
any other climbing game (:class:`~vncards.core.ClimbingGame`).

Actions. Number the cards the acting seat holds 0, 1, 2 … from its lowest (in the
game's card order: 3♠ lowest … 2♥ highest). A play is the set of positions it uses,
read as a bitmask, so with hands of ``H`` cards the ids ``1 … 2**H - 1`` are every
subset of the hand; id ``0`` (no card) is the pass (bỏ lượt). A game with declarations
(Sâm) adds ``2**H`` = declare (báo Sâm) and ``2**H + 1`` = decline an optional choice.
Space size: ``2**13 = 8192`` for Tiến lên, ``2**10 + 2 = 1026`` for Sâm Lốc.

Observation (``int8``; cards by id, 3♠ = 0 … 2♥ = 51; seats counted from the
observer: 0 = itself, 1 = the next seat in turn order …), read from the seat's
:class:`~vncards.core.ShedView`, in this order: ``hand`` (52), ``played`` — the cards
each seat has played (players × 52), ``known`` — cards the rules make public before
they are played, per seat (players × 52; Tiến lên's 3♠ opening), ``table`` — the
combination to beat (52; zeros while leading), ``table_seat`` — who played it
(players), ``cards_left`` per seat (players), ``passed`` this round (players),
``to_act`` — whose choice it is (players), and in games with declarations
``declared`` — who declared (players).
Tiến lên, 4 players: 536 values; Sâm Lốc, 4 players: 540.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.core import (
    Declare,
    IllegalMove,
    Pass,
    Play,
    PlayList,
    ShedView,
    View,
    classify,
    format_card,
    mask_ids,
)
from vncards.envs._encoding import DECLINED, Encoding, ObservationLayout
from vncards.envs._shed_fast import observation_bytes

__all__ = ["ACTION_TYPES", "SheddingEncoding", "hand_positions", "play_from_positions"]

ACTION_TYPES = (
    "pass",
    "single",
    "pair",
    "triple",
    "quad",
    "straight",
    "pair-run",
    "play",
    "declare",
    "decline",
)
"""The type block of a climbing game's action features, in order (``play``: cards the
game takes that form none of the six shapes)."""


def _shed_view(view: View) -> ShedView:
    if not isinstance(view, ShedView):
        raise TypeError(f"a climbing-game encoding reads ShedView views, not {type(view).__name__}")
    return view


def _hand_mask(view: View) -> int:
    return _shed_view(view).hand_mask


def hand_positions(hand: int, cards: int) -> int:
    """The positions, within ``hand`` (a card mask) sorted low to high, of ``cards``
    (a mask of cards it holds), as a bitmask: the play's action id.

    >>> from vncards.core import CardSet
    >>> hand = CardSet.parse("3S 5D 9H KC 2S").mask
    >>> hand_positions(hand, CardSet.parse("5D KC").mask)   # positions 1 and 3
    10
    """
    out = 0
    pos = 1
    while hand:
        low = hand & -hand
        if cards & low:
            out |= pos
        pos <<= 1
        hand ^= low
    return out


def play_from_positions(hand: int, positions: int) -> int:
    """The card mask of the positions ``positions`` of ``hand``; ``-1`` when a position
    lies beyond the hand.

    >>> from vncards.core import CardSet
    >>> hand = CardSet.parse("3S 5D 9H KC 2S").mask
    >>> str(CardSet(play_from_positions(hand, 10)))
    '5D KC'
    >>> play_from_positions(hand, 1 << 5)
    -1
    """
    out = 0
    while positions:
        if not hand:
            return -1
        low = hand & -hand
        if positions & 1:
            out |= low
        positions >>= 1
        hand ^= low
    return out


class SheddingEncoding(Encoding):
    """Plays as subsets of the sorted hand, pass, and (with declarations) declare and
    decline. See the module docstring for the layout.

    >>> from vncards.core import get_game
    >>> sam = get_game("samloc")
    >>> enc = SheddingEncoding(sam, sam.presets["standard"], 4)
    >>> enc.size, enc.pass_id, enc.declare_id, enc.decline_id
    (1026, 0, 1024, 1025)
    """

    def __init__(self, plugin: Any, rules: Any, n_players: int) -> None:
        self.plugin = plugin
        self.game = plugin.name
        self.n_players = n_players
        self.hand_size = plugin.hand_size(rules)
        self.declares = bool(plugin.has_side_decisions)
        self.pass_id = 0
        plays = 1 << self.hand_size
        self.declare_id: int | None = plays if self.declares else None
        self.decline_id = plays + 1 if self.declares else None
        self.size = plays + 2 if self.declares else plays
        n = n_players
        parts = [
            ("hand", 52, 1),
            ("played", n * 52, 1),
            ("known", n * 52, 1),
            ("table", 52, 1),
            ("table_seat", n, 1),
            ("cards_left", n, self.hand_size),
            ("passed", n, 1),
            ("to_act", n, 1),
        ]
        if self.declares:
            parts.append(("declared", n, 1))
        self.layout = ObservationLayout(parts)
        self._slices = self.layout.slices
        # where the parts after the card blocks start, for observation_bytes
        self._starts = tuple(
            self._slices[part].start if part in self._slices else 0
            for part in ("table_seat", "cards_left", "passed", "to_act", "declared")
        )
        self._combo_rules = plugin.combo_rules(rules)

    feature_parts = (("cards", 52), ("type", len(ACTION_TYPES)))

    def action_features(self, view: View, actions: Sequence[Any]) -> np.ndarray:
        """Per action: the cards it plays (52 bits, by card id) and its type, one-hot in
        :data:`ACTION_TYPES` order.

        >>> from vncards.core import Pass, get_game
        >>> tl = get_game("tienlen")
        >>> enc = SheddingEncoding(tl, tl.presets["dem-la"], 4)
        >>> view = tl.view(tl.new_game(tl.presets["dem-la"], 4, seed=1), 0)
        >>> rows = enc.action_features(view, [Pass(0)])
        >>> rows.shape, int(rows[0, 52 + ACTION_TYPES.index("pass")])
        ((1, 62), 1)
        """
        out = np.zeros((len(actions), self.feature_size), dtype=np.float32)
        rules = self._combo_rules
        for row, a in enumerate(actions):
            if type(a) is Play:
                combo = classify(a.cards, rules)
                for c in mask_ids(a.cards):
                    out[row, c] = 1
                kind = "play" if combo is None else combo.kind.code
            else:
                kind = "decline" if a is DECLINED else "declare" if type(a) is Declare else "pass"
            out[row, 52 + ACTION_TYPES.index(kind)] = 1
        return out

    # ------------------------------------------------------------ actions

    def action_id(self, view: View, action: Any) -> int:
        """The id of a play, pass, declaration or :data:`DECLINED`.

        >>> from vncards.core import CardSet, get_game
        >>> tl = get_game("tienlen")
        >>> enc = SheddingEncoding(tl, tl.presets["dem-la"], 4)
        >>> state = tl.new_game(tl.presets["dem-la"], 4, seed=1)
        >>> view = tl.view(state, state.turn)
        >>> [enc.action_id(view, a) for a in tl.legal_actions(state)][:3]
        [1, 2, 4]
        """
        if action is DECLINED:
            return self._decline_id()
        if isinstance(action, Play):
            return hand_positions(_hand_mask(view), action.cards)
        if isinstance(action, Pass):
            return self.pass_id
        if isinstance(action, Declare) and self.declare_id is not None:
            return self.declare_id
        raise IllegalMove("no-such-action", f"{self.game} has no action {action!r}.")

    def action(self, view: View, action_id: int) -> Any:
        """The play, pass or declaration of id ``action_id`` for ``view.seat``."""
        self.check_id(action_id)
        seat = view.seat
        if action_id == self.pass_id:
            return Pass(seat)
        if action_id == self.declare_id:
            return Declare(seat)
        if action_id == self.decline_id:
            return DECLINED
        cards = play_from_positions(_hand_mask(view), action_id)
        if cards < 0:
            raise IllegalMove(
                "card-not-in-hand",
                f"Action {action_id} uses a card position beyond the {len(view.hand)} cards"
                " this player holds.",
            )
        return Play(seat, cards)

    def describe(self, view: View, action_id: int) -> str:
        """``pass``, ``declare``, ``decline`` or ``play 3♠ 4♠ 5♥``.

        >>> from vncards.core import get_game
        >>> tl = get_game("tienlen")
        >>> enc = SheddingEncoding(tl, tl.presets["dem-la"], 4)
        >>> view = tl.view(tl.new_game(tl.presets["dem-la"], 4, seed=1), 0)
        >>> enc.describe(view, 0), enc.describe(view, 9999)
        ('pass', 'not an action of this game')
        """
        if not 0 <= action_id < self.size:
            return "not an action of this game"
        if action_id == self.pass_id:
            return "pass"
        if action_id == self.declare_id:
            return "declare"
        if action_id == self.decline_id:
            return "decline"
        cards = play_from_positions(_hand_mask(view), action_id)
        if cards < 0:
            return f"cards at positions beyond the {len(view.hand)} held"
        return "play " + " ".join(format_card(i, "symbol") for i in mask_ids(cards))

    def legal_ids(self, view: View, actions: Sequence[Any], optional: bool) -> list[int]:
        """The ids of the offered actions, the plays' positions worked out from one table
        of the hand's cards (and straight from the play masks of a lazy
        :class:`~vncards.core.PlayList`, without making its actions)."""
        hand = _hand_mask(view)
        pos: dict[int, int] = {}
        bit = 1
        rest = hand
        while rest:
            low = rest & -rest
            pos[low] = bit
            bit <<= 1
            rest ^= low
        ids: list[int] = []
        if type(actions) is PlayList:
            # its plays first, then a pass when offered
            masks: Sequence[Any] = actions.masks
            others: Sequence[Any] = [Pass(actions.seat)] if actions.can_pass else []
        else:
            masks, others = actions, ()
        for a in masks:
            if type(a) is Play:
                cards = a.cards
            elif type(a) is int:
                cards = a
            else:
                ids.append(self.action_id(view, a))
                continue
            out = 0
            while cards:
                low = cards & -cards
                out |= pos[low]
                cards ^= low
            ids.append(out)
        ids.extend(self.action_id(view, a) for a in others)
        if optional:
            ids.append(self._decline_id())
        return ids

    # ------------------------------------------------------------ observations

    def observe(self, view: View, draft: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of ``view`` (see the module docstring)."""
        # every entry written into one buffer (compiled), made an array at once
        raw = observation_bytes(
            _shed_view(view), self.n_players, self.layout.size, self._starts, self.declares
        )
        return np.frombuffer(raw, dtype=np.int8)

    def render(self, view: View, players: Sequence[str]) -> str:
        """The table from ``view.seat``: each seat's cards left, the table, the hand."""
        n = self.n_players
        obs = self.observe(view)
        sl = self._slices
        lines = [f"{self.plugin.title} — seen from {players[view.seat]}"]
        for r in range(n):
            seat = (view.seat + r) % n
            marks = []
            if view.to_act == seat:
                marks.append("to act")
            if obs[sl["passed"].start + r]:
                marks.append("passed")
            if self.declares and obs[sl["declared"].start + r]:
                marks.append("declared")
            note = f" ({', '.join(marks)})" if marks else ""
            lines.append(f"  {players[seat]}: {view.counts[seat]} cards{note}")
        v = _shed_view(view)
        if v.table is None:
            lines.append("  table: (lead)")
        else:
            cards = " ".join(format_card(i, "symbol") for i in mask_ids(v.table.mask))
            lines.append(f"  table: {cards}, played by {players[v.table_seat]}")
        hand = " ".join(format_card(i, "symbol") for i in mask_ids(_hand_mask(view)))
        lines.append(f"  hand: {hand or '(empty)'}")
        return "\n".join(lines)
