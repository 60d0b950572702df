"""Phỏm (Tá lả) as a PettingZoo AEC environment (needs ``vncards-phom`` installed), 2
to 4 players; rewards are lá won or lost.

Cards are Phỏm's own numbers: ``suit × 13 + rank`` with the ace low (A♠ = 0 … K♠ = 12,
A♣ = 13 … K♥ = 51), so each suit's run order is a block of 13.

Actions (``Discrete(540)``), by id (:mod:`vncards.envs._phom_ids`):

- ``0 … 51``: discard that card; ``52 … 103``: take (ăn) that card, the discard just
  before; ``104``: draw (bốc);
- a meld (hạ phỏm) is chosen phỏm by phỏm: ``105 … 433`` name one phỏm of the fixed
  table ``GROUPS`` (65 sets: for each rank A … K its four 3-card sets, then its 4-card
  one; then 264 runs: by suit, lowest rank, length), the phỏm of one meld in
  increasing id order, then ``434`` shows them (with none chosen: móm);
- a lay-off (gửi) is chosen card by card: ``435 … 486`` name the phỏm on the table
  whose lowest card is ``id - 435``, then ``487 … 538`` the cards laid onto it
  (increasing), the next phỏm (a higher lowest card) or ``539``, which lays them.

The mask offers exactly the ids that lead on to an offered action, so every offered
action is one sequence of ids and every sequence an offered action; the agent stays
selected until its action is complete (``env.unwrapped.draft`` holds the ids so far).

Observation (``int8``, seats counted from the observer: 0 = itself, 1 = next …):
``hand`` (52), per seat ``discards`` — its discards lying on the table, ``taken`` —
the cards it took, ``melds`` — its phỏm on the table (laid-off cards included), each
card marked with its phỏm's number 1 … 3, and ``laid_off`` — the cards it laid off
(players × 52 each); ``table_card`` — the discard that may be taken now (52),
``stock`` — cards left in it (1), ``cards_left`` (players), ``melded`` — who has
melded, móm included (players), ``to_act`` (players), ``phase`` (3: the opening
discard, draw or take, meld / lay off / discard); and the choice being made:
``meld_draft`` — the cards of the phỏm chosen so far, each marked with its place 1 … 3,
``lay_onto`` and ``lay_draft`` — the lowest card of each phỏm named so far and the
cards laid onto it, each marked with that phỏm's place 1, 2 … (52 each).

Action features: the cards an id names (52: a discard's or a take's card, a phỏm's
cards, the cards of the phỏm laid onto, the card laid; ``434`` and ``539`` the cards of
the whole meld or lay-off) and its type (8, one-hot: discard, take, draw, phỏm, meld,
onto, lay, lay-off).

>>> from vncards.envs import phom_v0
>>> env = phom_v0.env(players=3)
>>> env.reset(seed=2)
>>> int(env.action_space(env.agent_selection).n)
540
>>> obs, *_ = env.last()
>>> [int(i) for i in obs["action_mask"].nonzero()[0]][:3]
[0, 3, 15]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.core import GamePlugin, IllegalMove, View, mask_ids
from vncards.envs._encoding import Encoding, ObservationLayout
from vncards.envs._factory import game_envs
from vncards.envs._lookup import unknown_actions
from vncards.envs._phom_ids import (
    GROUP0,
    GROUPS,
    LAY0,
    LAY_END,
    MELD,
    ONTO0,
    SIZE,
    STEP_TYPES,
    SYMBOLS,
    OfferedPaths,
    describe_id,
    path_of,
    step_type,
)
from vncards.phom import LaidOff, PhomView, card_name

__all__ = ["GROUPS", "SIZE", "PhomEncoding", "encoding", "env", "raw_env"]

_CARD = {card_name(c): c for c in range(52)}
_PHASES = ("open", "draw", "act")
_TYPES = len(STEP_TYPES)


class PhomEncoding(Encoding):
    """Phỏm's card ids, stepped for melds and lay-offs (see the module docstring).

    >>> from vncards.core import get_game
    >>> from vncards.phom import Discard
    >>> phom = get_game("phom")
    >>> enc = PhomEncoding(phom, phom.presets["standard"], 2)
    >>> state = phom.new_game(phom.presets["standard"], 2, seed=3)
    >>> view = phom.view(state, state.turn)
    >>> enc.action_id(view, Discard(0, 9)), enc.action(view, 9), enc.describe(view, 9)
    (9, Discard(seat=0, card=9), 'discard 10♠')
    """

    staged = True
    feature_parts = (("cards", 52), ("type", _TYPES))

    def __init__(self, plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int) -> None:
        self.plugin = plugin
        self.game = plugin.name
        self.n_players = n = n_players
        self.size = SIZE
        self.decline_id = None
        self.layout = ObservationLayout(
            [
                ("hand", 52, 1),
                ("discards", n * 52, 1),
                ("taken", n * 52, 1),
                ("melds", n * 52, 3),
                ("laid_off", n * 52, 1),
                ("table_card", 52, 1),
                ("stock", 1, 51 - 9 * n),
                ("cards_left", n, 10),
                ("melded", n, 1),
                ("to_act", n, 1),
                ("phase", 3, 1),
                ("meld_draft", 52, 3),
                ("lay_onto", 52, 9),
                ("lay_draft", 52, 9),
            ]
        )
        self._starts = {name: sl.start for name, sl in self.layout.slices.items()}
        self._tree_view: View | None = None
        self._tree: OfferedPaths | None = None

    def _paths(self, view: View) -> OfferedPaths:
        """The tree of the view's offered actions (kept for the last view asked)."""
        if self._tree is None or self._tree_view is not view:
            self._tree = OfferedPaths(_phom_view(view))
            self._tree_view = view
        return self._tree

    # ------------------------------------------------------------ actions

    def action_id(self, view: View, action: Any) -> int:
        """The first id of ``action`` (its only one for a discard, a draw or a take)."""
        return self.stage_path(view, action)[0]

    def action(self, view: View, action_id: int) -> Any:
        """The offered action of a one-id action (a discard, a draw or a take); a meld's
        or a lay-off's first id is refused as incomplete."""
        self.check_id(action_id)
        try:
            found = self._paths(view).action((), action_id)
        except IllegalMove:
            raise IllegalMove(
                "no-such-action", f"Action {action_id} ({describe_id(action_id)}) is not offered."
            ) from None
        if found is None:
            raise IllegalMove(
                "incomplete-action",
                f"Action {action_id} ({describe_id(action_id)}) only begins a meld or a lay-off.",
            )
        return found

    def describe(self, view: View, action_id: int) -> str:
        """``discard 9♠``, ``take 5♣``, ``draw``, ``phỏm 5♠ 5♣ 5♦``, ``meld the phỏm
        chosen``, ``lay off onto the phỏm of 7♣``, ``lay 10♣``, ``end the lay-off``."""
        return describe_id(action_id)

    def legal_ids(self, view: View, actions: Sequence[Any], optional: bool) -> Sequence[int]:
        """The first ids of the offered actions (the environment asks :meth:`stage_ids`)."""
        return self.stage_ids(view, ())

    def stage_ids(self, view: View, draft: Sequence[int]) -> list[int]:
        """The ids that lead on from ``draft`` to an offered action, increasing."""
        return self._paths(view).next_ids(draft)

    def stage(self, view: View, draft: Sequence[int], action_id: int) -> Any:
        """The offered action ``draft`` then ``action_id`` completes; ``None`` before."""
        return self._paths(view).action(draft, action_id)

    def stage_path(self, view: View, action: Any) -> list[int]:
        """The ids that make ``action``, in order."""
        return path_of(action, _phom_view(view))

    # ------------------------------------------------------------ features

    def stage_features(self, view: View, draft: Sequence[int], ids: Sequence[int]) -> np.ndarray:
        """Per id: the cards it names and its type (see the module docstring)."""
        v = _phom_view(view)
        out = np.zeros((len(ids), 52 + _TYPES), dtype=np.float32)
        for row, i in enumerate(ids):
            kind = step_type(i)
            out[row, 52 + kind] = 1
            out[row, mask_ids(_step_cards(v, draft, i, STEP_TYPES[kind]))] = 1
        return out

    def action_features(self, view: View, actions: Sequence[Any]) -> np.ndarray:
        """Per whole action: the row of its last id (the cards it moves, its type)."""
        v = _phom_view(view)
        rows = [self.stage_features(v, p[:-1], p[-1:]) for p in (path_of(a, v) for a in actions)]
        return np.concatenate(rows) if rows else np.zeros((0, self.feature_size), np.float32)

    # ------------------------------------------------------------ observations

    def observe(self, view: View, draft: Sequence[int] = ()) -> np.ndarray:
        """The observation vector of ``view`` (see the module docstring)."""
        v = _phom_view(view)
        n = self.n_players
        at = self._starts
        out = np.zeros(self.layout.size, dtype=np.int8)
        out[mask_ids(v.own)] = 1

        def rel(seat: int) -> int:
            return 52 * ((seat - v.seat) % n)

        for seat, card, taker in v.pile:
            if taker < 0:
                out[at["discards"] + rel(seat) + card] = 1
            else:
                out[at["taken"] + rel(taker) + card] = 1
        for seat, groups in enumerate(v.melds):
            for k, m in enumerate(groups):
                out[[at["melds"] + rel(seat) + c for c in mask_ids(m)]] = k + 1
        for e in v.history:
            if isinstance(e, LaidOff) and e.seat is not None:
                base = at["laid_off"] + rel(e.seat)
                out[[base + _CARD[t] for _, cards in e.entries for t in cards]] = 1
        if v.last >= 0:
            out[at["table_card"] + v.pile[v.last][1]] = 1
        out[at["stock"]] = v.stock_left
        for s in range(n):
            r = (s - v.seat) % n
            out[at["cards_left"] + r] = v.counts[s]
            out[at["melded"] + r] = s in v.meld_order
        if v.to_act is not None:
            out[at["to_act"] + (v.to_act - v.seat) % n] = 1
        if not v.finished:
            out[at["phase"] + v.phase] = 1
        self._draft_parts(out, draft)
        return out

    def _draft_parts(self, out: np.ndarray, draft: Sequence[int]) -> None:
        """Mark the phỏm chosen so far of a meld, or the phỏm named and cards laid so far
        of a lay-off, each with its place in the choice (1, 2 …)."""
        at = self._starts
        place = 0
        for i in draft:
            if GROUP0 <= i < MELD:
                place += 1
                out[[at["meld_draft"] + c for c in mask_ids(GROUPS[i - GROUP0])]] = place
            elif ONTO0 <= i < LAY0:
                place += 1
                out[at["lay_onto"] + i - ONTO0] = place
            elif LAY0 <= i < LAY_END:
                out[at["lay_draft"] + i - LAY0] = place

    def render(self, view: View, players: Sequence[str]) -> str:
        """Each seat's cards, discards, taken cards and phỏm; the card that may be taken,
        the stock and the seat's own hand."""
        v = _phom_view(view)
        lines = [f"{self.plugin.title} — seen from {players[v.seat]}"]
        for r in range(self.n_players):
            s = (v.seat + r) % self.n_players
            row = [f"{v.counts[s]} cards"]
            if v.to_act == s:
                row.append(f"to act ({_PHASES[v.phase]})")
            lying = [c for seat, c, taker in v.pile if seat == s and taker < 0]
            took = [c for _, c, taker in v.pile if taker == s]
            row.append("discards " + (_symbols(lying) or "none"))
            if took:
                row.append("took " + _symbols(took))
            if v.melds[s]:
                row.append("phỏm " + " | ".join(_symbols(mask_ids(m)) for m in v.melds[s]))
            elif s in v.meld_order:
                row.append("móm")
            lines.append(f"  {players[s]}: " + ", ".join(row))
        if v.last >= 0:
            lines.append("  to take: " + _symbols([v.pile[v.last][1]]))
        lines.append(f"  stock: {v.stock_left} cards")
        lines.append("  hand: " + (_symbols(mask_ids(v.own)) or "(empty)"))
        return "\n".join(lines)


def _step_cards(v: PhomView, draft: Sequence[int], action_id: int, kind: str) -> int:
    """The card mask an id names (see the module docstring)."""
    if kind in ("discard", "take", "lay"):
        return 1 << (action_id % 52 if kind != "lay" else action_id - LAY0)
    if kind == "phom":
        return GROUPS[action_id - GROUP0]
    if kind == "onto":
        bit = 1 << (action_id - ONTO0)
        return next((m for groups in v.melds for m in groups if m & bit), bit)
    if kind == "meld":
        return sum(GROUPS[i - GROUP0] for i in draft if GROUP0 <= i < MELD)
    if kind == "lay-off":
        return sum(1 << (i - LAY0) for i in draft if LAY0 <= i < LAY_END)
    return 0


def _symbols(cards: Sequence[int]) -> str:
    return " ".join(SYMBOLS[c] for c in cards)


def _phom_view(view: View | None) -> PhomView:
    if not isinstance(view, PhomView):
        raise TypeError(f"the Phỏm encoding reads Phỏm views, not {type(view).__name__}")
    return view


def encoding(
    plugin: GamePlugin[Any, Any, Any], rules: Any, n_players: int, actions: str = "cards"
) -> PhomEncoding:
    """Phỏm's encoding (what :func:`vncards.envs.encoding_for` looks up); ``actions`` is
    ``"cards"``, the only one."""
    if actions != "cards":
        raise unknown_actions(plugin.name, actions, ("cards",))
    return PhomEncoding(plugin, rules, n_players)


env, raw_env = game_envs("phom", "Phỏm", __name__)
