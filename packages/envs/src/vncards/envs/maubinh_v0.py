"""Mậu Binh (binh xập xám) as a PettingZoo AEC environment (needs ``vncards-maubinh``
installed), 2 to 4 players; rewards are chi won or lost.

Actions, by default (``actions="cards"``): ``Discrete(52)``, an id is a card (3♠ = 0 …
2♥ = 51). A seat arranges in ten steps: it names the five cards of chi1 (the back),
then the five of chi2 (the middle), each chi in increasing card order; the three cards
left make chi3 (the front), and the tenth card completes the arrangement. The mask
offers the cards the seat holds that can come next: not yet placed, above the last
card of the chi being filled, and leaving enough higher cards to finish it — so every
arrangement is exactly one sequence of ten ids and every sequence an arrangement
(binh lủng ones too: they are paid for, not refused).

With ``actions="splits"``: ``Discrete(72072)``, one id per arrangement of the seat's
13 cards. Number the cards 0 … 12 from the lowest; chi1 is the ``b``-th 5-card subset
of the 13 positions in lexicographic order (``b`` in 0 … 1286), chi2 the ``m``-th
5-card subset of the 8 positions left (``m`` in 0 … 55), chi3 the 3 cards remaining;
the id is ``56 * b + m`` (the numbering :class:`vncards.maubinh.Splits` uses), and a
seat that has to arrange has all 72,072 ids in its mask.

Observation (``int8``, seats counted from the observer: 0 = itself, 1 = next …):
``hand`` (52), ``shown`` — cards each seat has shown: an instant hand (mậu binh trắng)
at the deal, every chi at the reveal (players × 52), ``arranged`` — who has arranged
(players), ``instant`` — who showed an instant hand (players), ``to_act`` (players);
with card ids also ``chi1_draft`` and ``chi2_draft`` (52 each): the cards the seat has
placed so far in the arrangement it is making.

Action features: with card ids, the card (52) and the chi it goes to (2); with split
ids, the cards of chi1, chi2 and chi3 (3 × 52).

>>> from vncards.envs import maubinh_v0
>>> env = maubinh_v0.env(players=2)
>>> env.reset(seed=3)
>>> int(env.action_space(env.agent_selection).n)
52
>>> int(maubinh_v0.env(players=2, actions="splits").action_space("player_0").n)
72072

``parallel_env()`` gives the same game with PettingZoo's parallel API: the seats
arrange together, one card each a step.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np
from vncards.core import Event, GamePlugin, IllegalMove, View, format_card
from vncards.envs._encoding import Encoding, ObservationLayout
from vncards.envs._factory import game_envs, game_parallel_env
from vncards.envs._lookup import unknown_actions
from vncards.maubinh import Arrange, MauBinhView, Splits

__all__ = [
    "BACKS",
    "MIDDLES",
    "SIZE",
    "MauBinhCardEncoding",
    "MauBinhEncoding",
    "encoding",
    "env",
    "parallel_env",
    "raw_env",
]

BACKS: tuple[tuple[int, ...], ...] = tuple(combinations(range(13), 5))
"""chi1 positions among the 13 cards, by ``b``."""
MIDDLES: tuple[tuple[int, ...], ...] = tuple(combinations(range(8), 5))
"""chi2 positions among the 8 cards left, by ``m``."""
SIZE = len(BACKS) * len(MIDDLES)
"""72,072 arrangements."""
_BACK_ID = {c: i for i, c in enumerate(BACKS)}
_MIDDLE_ID = {c: i for i, c in enumerate(MIDDLES)}
_CARD_ID = {format_card(i): i for i in range(52)}


def split_of(cards: Sequence[int], action_id: int) -> tuple[tuple[int, ...], ...]:
    """``(chi1, chi2, chi3)`` of id ``action_id`` for the sorted ``cards``.

    >>> split_of(range(13), 0)
    ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11, 12))
    """
    b, m = divmod(action_id, len(MIDDLES))
    back = BACKS[b]
    rest = [cards[i] for i in range(13) if i not in back]
    middle = MIDDLES[m]
    return (
        tuple(cards[i] for i in back),
        tuple(rest[i] for i in middle),
        tuple(rest[i] for i in range(8) if i not in middle),
    )


def id_of(cards: Sequence[int], chi1: Sequence[int], chi2: Sequence[int]) -> int:
    """The id of the arrangement with ``chi1`` and ``chi2`` of the sorted ``cards``;
    ``KeyError`` when they are not 5 cards each of the hand.

    >>> id_of(range(13), (0, 1, 2, 3, 4), (5, 6, 7, 8, 9))
    0
    >>> id_of(range(13), (8, 9, 10, 11, 12), (3, 4, 5, 6, 7))
    72071
    """
    place = {c: i for i, c in enumerate(cards)}
    back = tuple(sorted(place[c] for c in chi1))
    rest = [i for i in range(13) if i not in back]
    where = {p: i for i, p in enumerate(rest)}
    middle = tuple(sorted(where[place[c]] for c in chi2))
    return _BACK_ID[back] * len(MIDDLES) + _MIDDLE_ID[middle]


class MauBinhEncoding(Encoding):
    """Arrangements as split numbers (see the module docstring).

    >>> from vncards.core import get_game
    >>> mb = get_game("maubinh")
    >>> enc = MauBinhEncoding(mb, mb.presets["standard"], 4)
    >>> view = mb.view(mb.new_game(mb.presets["standard"], 4, seed=1), 0)
    >>> enc.action_id(view, enc.action(view, 12345))
    12345
    """

    def __init__(self, plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int) -> None:
        self.plugin = plugin
        self.game = plugin.name
        self.n_players = n_players
        self.size = SIZE
        self.decline_id = None
        n = n_players
        self.layout = ObservationLayout(
            [
                ("hand", 52, 1),
                ("shown", n * 52, 1),
                ("arranged", n, 1),
                ("instant", n, 1),
                ("to_act", n, 1),
            ]
        )
        self._slices = self.layout.slices

    def action_id(self, view: View, action: Any) -> int:
        """The id of an :class:`~vncards.maubinh.Arrange` of ``view.seat``'s cards."""
        v = _maubinh_view(view)
        if isinstance(action, Arrange):
            try:
                return id_of(v.cards, action.chi1, action.chi2)
            except KeyError:
                pass
        raise IllegalMove("no-such-action", f"{action!r} is not an arrangement of this hand.")

    def action(self, view: View, action_id: int) -> Any:
        """The arrangement of id ``action_id``."""
        self.check_id(action_id)
        v = _maubinh_view(view)
        if len(v.cards) != 13:
            raise IllegalMove("no-cards", "This player has no 13 cards to arrange.")
        chi1, chi2, chi3 = split_of(v.cards, action_id)
        return Arrange(v.seat, chi1, chi2, chi3)

    def describe(self, view: View, action_id: int) -> str:
        """``arrange 2♠ … | … | …``."""
        v = _maubinh_view(view)
        if not 0 <= action_id < self.size or len(v.cards) != 13:
            return "not an action of this game"
        chis = split_of(v.cards, action_id)
        return "arrange " + " | ".join(
            " ".join(format_card(c, "symbol") for c in chi) for chi in chis
        )

    def legal_ids(self, view: View, actions: Sequence[Any], optional: bool) -> Sequence[int]:
        """Every id when the seat has all its splits to choose from (kept as a range)."""
        v = _maubinh_view(view)
        if (
            type(actions) is Splits
            and not optional
            and actions.seat == v.seat
            and tuple(actions.cards) == tuple(v.cards)
            and self.action_id(view, actions[len(actions) - 1]) == SIZE - 1
        ):
            return range(SIZE)
        return super().legal_ids(view, actions, optional)

    feature_parts: tuple[tuple[str, int], ...] = (("chi1", 52), ("chi2", 52), ("chi3", 52))

    def action_features(self, view: View, actions: Sequence[Any]) -> np.ndarray:
        """Per arrangement: the cards of chi1, chi2 and chi3 (52 bits each)."""
        out = np.zeros((len(actions), 156), dtype=np.float32)
        for row, a in enumerate(actions):
            for block, chi in enumerate((a.chi1, a.chi2, a.chi3)):
                out[row, [52 * block + c for c in chi]] = 1
        return out

    def observe(self, view: View, draft: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of ``view`` (see the module docstring)."""
        v = _maubinh_view(view)
        n = self.n_players
        me = v.seat
        sl = self._slices
        out = np.zeros(self.layout.size, dtype=np.int8)
        for c in v.cards:
            out[c] = 1
        shown0 = sl["shown"].start
        for e in v.history:
            cards = _shown_cards(e)
            if cards and e.seat is not None:
                base = shown0 + 52 * ((e.seat - me) % n)
                for token in cards:
                    out[base + _CARD_ID[token]] = 1
        for s in range(n):
            r = (s - me) % n
            out[sl["arranged"].start + r] = v.arranged[s]
            out[sl["instant"].start + r] = v.instant[s] is not None
        if v.to_act is not None:
            out[sl["to_act"].start + (v.to_act - me) % n] = 1
        if draft:
            out[[sl["chi1_draft"].start + c for c in draft[:5]]] = 1
            if draft[5:]:
                out[[sl["chi2_draft"].start + c for c in draft[5:]]] = 1
        return out

    def render(self, view: View, players: Sequence[str]) -> str:
        """Who has arranged, instant hands, and the seat's own cards."""
        v = _maubinh_view(view)
        n = self.n_players
        lines = [f"{self.plugin.title} — seen from {players[v.seat]}"]
        for r in range(n):
            s = (v.seat + r) % n
            marks = []
            if v.to_act == s:
                marks.append("to act")
            marks.append("arranged" if v.arranged[s] else "arranging")
            if v.instant[s] is not None:
                marks.append(f"instant hand {v.instant[s]}")
            lines.append(f"  {players[s]}: {', '.join(marks)}")
        lines.append("  hand: " + " ".join(format_card(c, "symbol") for c in v.cards))
        return "\n".join(lines)


class MauBinhCardEncoding(MauBinhEncoding):
    """An arrangement as ten card ids in a row (see the module docstring).

    >>> from vncards.core import get_game
    >>> from vncards.maubinh import Arrange
    >>> mb = get_game("maubinh")
    >>> enc = MauBinhCardEncoding(mb, mb.presets["standard"], 2)
    >>> view = mb.view(mb.new_game(mb.presets["standard"], 2, seed=1), 0)
    >>> arrangement = Arrange(0, *split_of(view.cards, 12345))
    >>> path = enc.stage_path(view, arrangement)
    >>> len(path), enc.stage(view, path[:9], path[9]) == arrangement
    (10, True)
    >>> enc.stage(view, path[:3], path[3]) is None
    True
    """

    staged = True
    simultaneous = True
    feature_parts = (("card", 52), ("chi", 2))

    def __init__(self, plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int) -> None:
        super().__init__(plugin, rules, n_players)
        self.size = 52
        self.layout = ObservationLayout(
            [*self.layout.parts, ("chi1_draft", 52, 1), ("chi2_draft", 52, 1)]
        )
        self._slices = self.layout.slices

    def action_id(self, view: View, action: Any) -> int:
        """The first id of an arrangement: the lowest card of its chi1."""
        return self.stage_path(view, action)[0]

    def action(self, view: View, action_id: int) -> Any:
        """Refused: one card id is no arrangement (the environment completes one with
        :meth:`stage`)."""
        self.check_id(action_id)
        raise IllegalMove(
            "incomplete-action",
            f"Card id {action_id} alone is no arrangement; an arrangement is ten card ids.",
        )

    def stage_ids(self, view: View, draft: Sequence[int]) -> list[int]:
        """The cards that may come after ``draft``."""
        v = _maubinh_view(view)
        if len(v.cards) != 13 or len(draft) >= 10:
            return []
        within = len(draft) % 5
        last = draft[-1] if within else -1
        placed = set(draft)
        free = [c for c in v.cards if c not in placed and c > last]
        return free[: len(free) - (4 - within)]

    def stage(self, view: View, draft: Sequence[int], action_id: int) -> Any:
        """The arrangement the tenth card completes; ``None`` before it."""
        if len(draft) < 9:
            return None
        v = _maubinh_view(view)
        picks = [*draft, action_id]
        chi3 = tuple(c for c in v.cards if c not in picks)
        return Arrange(v.seat, tuple(picks[:5]), tuple(picks[5:]), chi3)

    def stage_path(self, view: View, action: Any) -> list[int]:
        """chi1's cards, then chi2's, each increasing."""
        if not isinstance(action, Arrange):
            raise IllegalMove("no-such-action", f"{action!r} is not an arrangement.")
        return [*sorted(action.chi1), *sorted(action.chi2)]

    def stage_features(self, view: View, draft: Sequence[int], ids: Sequence[int]) -> np.ndarray:
        """Per id: the card and the chi it goes to."""
        out = np.zeros((len(ids), 54), dtype=np.float32)
        if ids:
            out[np.arange(len(ids)), list(ids)] = 1
            out[:, 52 + (len(draft) >= 5)] = 1
        return out

    def legal_ids(self, view: View, actions: Sequence[Any], optional: bool) -> Sequence[int]:
        """The cards a first pick may be (the environment asks :meth:`stage_ids`)."""
        return self.stage_ids(view, ())

    def describe(self, view: View, action_id: int) -> str:
        """``place 7♦``."""
        if not 0 <= action_id < self.size:
            return "not an action of this game"
        return "place " + format_card(action_id, "symbol")


def _shown_cards(event: Event) -> tuple[str, ...]:
    """Cards an event shows everyone: an instant hand's 13, or a reveal's three chi."""
    cards: tuple[str, ...] = getattr(event, "cards", ())
    if event.type == "reveal":
        cards = (
            *getattr(event, "chi1", ()),
            *getattr(event, "chi2", ()),
            *getattr(event, "chi3", ()),
        )
    return cards if event.type in ("declare", "reveal") else ()


def _maubinh_view(view: View) -> MauBinhView:
    if not isinstance(view, MauBinhView):
        raise TypeError(f"a Mậu Binh encoding reads Mậu Binh views, not {type(view).__name__}")
    return view


def encoding(
    plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int, actions: str = "cards"
) -> MauBinhEncoding:
    """Mậu Binh's encoding (what :func:`vncards.envs.encoding_for` looks up):
    ``actions`` is ``"cards"`` (the default) or ``"splits"``."""
    if actions == "cards":
        return MauBinhCardEncoding(plugin, rules, n_players)
    if actions == "splits":
        return MauBinhEncoding(plugin, rules, n_players)
    raise unknown_actions(plugin.name, actions, ("cards", "splits"))


env, raw_env = game_envs("maubinh", "Mậu Binh", __name__)
parallel_env = game_parallel_env(
    "maubinh", "Mậu Binh", __name__, "every seat places a card each step (card ids only)"
)
