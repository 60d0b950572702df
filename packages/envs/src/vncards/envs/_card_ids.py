"""Card-based action ids for climbing games (the default): an id names cards, not
places in a hand, so it means the same play in every deal.

Ids, with cards numbered 3♠ = 0 … 2♥ = 51 (rank × 4 + suit, suits ♠ ♣ ♦ ♥):

- ``0``: pass (bỏ lượt);
- ``1 … 195``: a set of one rank — a single, pair (đôi), triple (sám cô) or quad
  (tứ quý) — as ``1 + 15 × rank + (suits − 1)``, ``suits`` the 4-bit set of its suits
  (♠ = 1, ♣ = 2, ♦ = 4, ♥ = 8): exactly those cards;
- ``196 … 1443``: a straight (sảnh) or pair-run (đôi thông) as ``196 + (52 × (12 × k
  + ranks − 2) + top)``, ``k`` 0 for a straight and 1 for a pair-run, ``ranks`` how
  many ranks it spans (2 … 13), ``top`` its highest card — the card it is compared by.
  Its other cards are the lowest the seat holds that make the play: among the plays
  offered with that id, the one with the smallest card mask;
- ``1444``: declare (báo Sâm) and ``1445``: decline an optional choice, in games with
  declarations.

Spelling out every suit of a run would need millions of ids (a 12-card straight alone
has 4¹² suit patterns); the lower cards of a run never decide what it beats, so the id
keeps the cards that do. The encoding that gives every subset of the hand its own id
(positions in the sorted hand) stays available as ``actions="positions"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vncards.core import (
    IllegalMove,
    Kind,
    Play,
    PlayList,
    View,
    format_card,
    mask_ids,
)
from vncards.envs._shed_fast import RUN0, SETS0, SPANS, play_id, play_places
from vncards.envs._shedding import SheddingEncoding, _hand_mask

__all__ = ["RUN0", "RUNS_END", "CardIdEncoding", "play_id"]

RUNS_END = RUN0 + 2 * SPANS * 52
"""1444: one past the last run id."""
_RUN_KINDS = (Kind.STRAIGHT, Kind.PAIR_RUN)


def _run_parts(action_id: int) -> tuple[Kind, int, int]:
    """``(kind, ranks, top card)`` of a run id."""
    block, top = divmod(action_id - RUN0, 52)
    k, span = divmod(block, SPANS)
    return _RUN_KINDS[k], span + 2, top


def _lowest(hand: int, rank: int, count: int, below: int = 4) -> int:
    """The ``count`` lowest cards of ``rank`` in ``hand`` with a suit under ``below``;
    ``-1`` when it holds fewer."""
    suits = (hand >> (4 * rank)) & ((1 << below) - 1)
    out = 0
    for _ in range(count):
        if not suits:
            return -1
        low = suits & -suits
        out |= low
        suits ^= low
    return out << (4 * rank)


class CardIdEncoding(SheddingEncoding):
    """Card-based ids over the climbing-game observation of
    :class:`~vncards.envs.SheddingEncoding` (see the module docstring).

    >>> from vncards.core import get_game
    >>> sam = get_game("samloc")
    >>> enc = CardIdEncoding(sam, sam.presets["standard"], 4)
    >>> enc.size, enc.pass_id, enc.declare_id, enc.decline_id
    (1446, 0, 1444, 1445)
    """

    def __init__(self, plugin: Any, rules: Any, n_players: int) -> None:
        super().__init__(plugin, rules, n_players)
        self.declare_id = RUNS_END if self.declares else None
        self.decline_id = RUNS_END + 1 if self.declares else None
        self.size = RUNS_END + 2 if self.declares else RUNS_END

    def action_id(self, view: View, action: Any) -> int:
        """The id of a play, pass, declaration or :data:`DECLINED`.

        >>> from vncards.core import CardSet, Play, get_game
        >>> tl = get_game("tienlen")
        >>> enc = CardIdEncoding(tl, tl.presets["dem-la"], 4)
        >>> view = tl.view(tl.new_game(tl.presets["dem-la"], 4, seed=1), 0)
        >>> enc.action_id(view, Play(0, CardSet.parse("4H").mask))   # 1 + 15·1 + 7
        23
        """
        if not isinstance(action, Play):
            return super().action_id(view, action)
        found = play_id(action.cards, self._combo_rules)
        if found is None:
            raise IllegalMove("no-such-action", f"{self.game} has no action {action!r}.")
        return found

    def _cards_of(self, hand: int, action_id: int) -> int:
        """The cards of play id ``action_id`` from ``hand``; ``-1`` when it lacks them."""
        if action_id < RUN0:
            rank, suits = divmod(action_id - SETS0, 15)
            cards = (suits + 1) << (4 * rank)
            return cards if cards & hand == cards else -1
        kind, ranks, top = _run_parts(action_id)
        if not hand >> top & 1:
            return -1
        rules = self._combo_rules
        order = rules.straight_order if kind is Kind.STRAIGHT else rules.pair_run_order
        per = 1 if kind is Kind.STRAIGHT else 2
        best = -1
        for i, rank in enumerate(order):
            if rank != top >> 2 or i + 1 < ranks:
                continue
            cards = 1 << top | _lowest(hand, rank, per - 1, top & 3)
            for lower in order[i - ranks + 1 : i]:
                part = _lowest(hand, lower, per)
                cards = -1 if part < 0 or cards < 0 else cards | part
            if cards > 0 and play_id(cards, rules) == action_id and (best < 0 or cards < best):
                best = cards
        return best

    def action(self, view: View, action_id: int) -> Any:
        """The play of id ``action_id`` for ``view.seat`` from the cards it holds (a
        run's lower cards the lowest held), or its pass, declaration or decline."""
        self.check_id(action_id)
        if action_id in (self.pass_id, self.declare_id, self.decline_id):
            return super().action(view, action_id)
        cards = self._cards_of(_hand_mask(view), action_id)
        if cards < 0:
            raise IllegalMove(
                "card-not-in-hand",
                f"Action {action_id} ({self.describe(view, action_id)}) needs cards this"
                " player does not hold.",
            )
        return Play(view.seat, cards)

    def describe(self, view: View, action_id: int) -> str:
        """``pass``, ``declare``, ``decline``, ``play 5♠ 5♥`` or ``straight of 3 ranks
        up to 5♥``.

        >>> from vncards.core import get_game
        >>> tl = get_game("tienlen")
        >>> enc = CardIdEncoding(tl, tl.presets["dem-la"], 4)
        >>> view = tl.view(tl.new_game(tl.presets["dem-la"], 4, seed=1), 0)
        >>> enc.describe(view, 189), enc.describe(view, 196 + 52 + 11)
        ('play 2♠ 2♥', 'straight of 3 ranks up to 5♥')
        """
        if not 0 <= action_id < self.size:
            return "not an action of this game"
        if action_id in (self.pass_id, self.declare_id, self.decline_id):
            return super().describe(view, action_id)
        if action_id < RUN0:
            rank, suits = divmod(action_id - SETS0, 15)
            cards = (suits + 1) << (4 * rank)
            return "play " + " ".join(format_card(i, "symbol") for i in mask_ids(cards))
        kind, ranks, top = _run_parts(action_id)
        return f"{kind.code} of {ranks} ranks up to {format_card(top, 'symbol')}"

    def legal_places(
        self, view: View, actions: Sequence[Any], optional: bool
    ) -> tuple[list[int], list[int]]:
        """One id per distinct play id offered, its place the offered play of that id
        with the smallest card mask; the pass, declaration and decline as themselves."""
        masks: Sequence[Any] = actions
        can_pass = False
        if type(actions) is PlayList:  # its plays, then a pass when offered
            masks, can_pass = actions.masks, actions.can_pass
        ids, places, unnamed = play_places(masks, self._combo_rules)
        for place in unnamed:
            ids.append(self.action_id(view, masks[place]))
            places.append(place)
        if can_pass:
            ids.append(self.pass_id)  # the id of the trailing Pass
            places.append(len(masks))
        if optional:
            ids.append(self._decline_id())
            places.append(len(actions))
        return ids, places

    def legal_ids(self, view: View, actions: Sequence[Any], optional: bool) -> list[int]:
        """The legal ids (see :meth:`legal_places`)."""
        return self.legal_places(view, actions, optional)[0]
