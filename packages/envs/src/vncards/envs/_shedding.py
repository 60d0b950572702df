"""The encoding of climbing (shedding) games on the French deck: Tiến lên, Sâm Lốc and
any other :class:`~vncards.core.SheddingGame`.

Actions. Number the cards the acting seat holds 0, 1, 2 … from its lowest (in the
game's card order: 3♠ lowest … 2♥ highest). A play is the set of positions it uses,
read as a bitmask, so with hands of ``H`` cards the ids ``1 … 2**H - 1`` are every
subset of the hand; id ``0`` (no card) is the pass (bỏ lượt). A game with declarations
(Sâm) adds ``2**H`` = declare (báo Sâm) and ``2**H + 1`` = decline an optional choice.
Space size: ``2**13 = 8192`` for Tiến lên, ``2**10 + 2 = 1026`` for Sâm Lốc.

Observation (``int8``; seats are counted from the observer: 0 = itself, 1 = the next
seat in turn order …): the seat's hand (52 cards), the cards each seat has played
(players × 52), the combination on the table to beat (52; zeros while leading), who
put it there (players), the cards each seat holds (players), who has passed this round
(players), whose choice it is (players), and in games with declarations who declared
(players).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.core import (
    Declare,
    Declared,
    IllegalMove,
    Pass,
    Passed,
    Play,
    Played,
    SheddingGame,
    View,
    format_card,
    mask_ids,
    parse_card,
)
from vncards.envs._encoding import DECLINED, Encoding, ObservationLayout

__all__ = ["SheddingEncoding", "hand_positions", "play_from_positions"]

_CARD_ID = {format_card(i): i for i in range(52)}


def _hand_mask(view: View) -> int:
    mask = getattr(view, "hand_mask", None)
    if isinstance(mask, int):
        return mask
    out = 0
    for token in view.hand:
        card = _CARD_ID.get(token)
        out |= 1 << (parse_card(token).id if card is None else card)
    return out


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

    def __init__(self, plugin: SheddingGame[Any], rules: Any, n_players: int) -> None:
        self.plugin = plugin
        self.game = plugin.name
        self.n_players = n_players
        self.hand_size = plugin.hand_size(rules)
        self.declares = type(plugin).side_decision is not SheddingGame.side_decision
        self.pass_id = 0
        plays = 1 << self.hand_size
        self.declare_id: int | None = plays if self.declares else None
        self.decline_id = plays + 1 if self.declares else None
        self.size = plays + 2 if self.declares else plays
        n = n_players
        parts = [
            ("hand", 52, 1),
            ("played", n * 52, 1),
            ("table", 52, 1),
            ("table_seat", n, 1),
            ("cards_left", n, self.hand_size),
            ("passed", n, 1),
            ("to_act", n, 1),
        ]
        if self.declares:
            parts.append(("declarer", n, 1))
        self.layout = ObservationLayout(parts)
        self._slices = self.layout.slices

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

    def legal_ids(
        self, view: View, actions: Sequence[Any], optional: bool
    ) -> tuple[list[int], list[Any]]:
        """Ids of the offered actions: the plays' positions worked out from one table of
        the hand's cards."""
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
        acts = list(actions)
        for a in acts:
            if type(a) is Play:
                cards = a.cards
                out = 0
                while cards:
                    low = cards & -cards
                    out |= pos[low]
                    cards ^= low
                ids.append(out)
            else:
                ids.append(self.action_id(view, a))
        if optional:
            ids.append(self._decline_id())
            acts.append(DECLINED)
        return ids, acts

    # ------------------------------------------------------------ observations

    def observe(self, view: View) -> np.ndarray:
        """The observation vector of ``view`` (see the module docstring)."""
        n = self.n_players
        me = view.seat
        sl = self._slices
        out = np.zeros(self.layout.size, dtype=np.int8)
        for i in mask_ids(_hand_mask(view)):
            out[i] = 1
        played0 = sl["played"].start
        passed0 = sl["passed"].start
        table0 = sl["table"].start
        table_seat0 = sl["table_seat"].start
        declarer0 = sl["declarer"].start if self.declares else -1
        table: tuple[str, ...] = ()
        table_seat = -1
        passed = 0
        for e in view.history:
            t = type(e)
            if t is Played:
                assert isinstance(e, Played)
                assert e.seat is not None
                rel = (e.seat - me) % n
                base = played0 + rel * 52
                for c in e.cards:
                    out[base + _CARD_ID[c]] = 1
                table, table_seat = e.cards, e.seat
            elif t is Passed and e.seat is not None:
                passed |= 1 << ((e.seat - me) % n)
            elif t is Declared and declarer0 >= 0 and e.seat is not None:
                out[declarer0 : declarer0 + n] = 0
                out[declarer0 + (e.seat - me) % n] = 1
        public = view.public
        if "table" in public:
            table = tuple(public["table"] or ())
        if "passed" in public:
            passed = 0
            for s in public["passed"]:
                passed |= 1 << ((int(s) - me) % n)
        for c in table:
            out[table0 + _CARD_ID[c]] = 1
        if table and table_seat >= 0:
            out[table_seat0 + (table_seat - me) % n] = 1
        left0 = sl["cards_left"].start
        for s, count in enumerate(view.counts):
            out[left0 + (s - me) % n] = count
        for r in range(n):
            if passed >> r & 1:
                out[passed0 + r] = 1
        if view.to_act is not None:
            out[sl["to_act"].start + (view.to_act - me) % n] = 1
        return out

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
            if self.declares and obs[sl["declarer"].start + r]:
                marks.append("declared")
            note = f" ({', '.join(marks)})" if marks else ""
            lines.append(f"  {players[seat]}: {view.counts[seat]} cards{note}")
        table = [i for i in range(52) if obs[sl["table"].start + i]]
        lines.append("  table: " + (" ".join(format_card(i, "symbol") for i in table) or "(lead)"))
        hand = " ".join(format_card(i, "symbol") for i in mask_ids(_hand_mask(view)))
        lines.append(f"  hand: {hand or '(empty)'}")
        return "\n".join(lines)
