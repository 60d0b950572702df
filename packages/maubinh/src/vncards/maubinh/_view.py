"""What one seat of Mậu Binh may know: its view (:class:`MauBinhView`, with the one
split it is offered in JSON), and a full state consistent with a view for search bots
(``determinize``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vncards.core import View, format_cards
from vncards.maubinh._engine import HAND_SIZE, Arrange, MauBinhState, apply_arrange, start_game
from vncards.maubinh._events import Arranged, InstantDeclared, Revealed
from vncards.maubinh._hands import evaluator
from vncards.maubinh._instant import instant_hand
from vncards.maubinh._notation import card_ids
from vncards.maubinh._rules import DEFAULT_PRESET, PRESETS, MauBinhRules
from vncards.maubinh._solver import greedy_split
from vncards.maubinh._splits import Splits

__all__ = ["MauBinhView", "MauBinhViews"]


@dataclass(frozen=True)
class MauBinhView(View):
    """One seat's view: its own cards (``cards``, sorted ids), the rules, which seats
    have arranged and which showed an instant hand. Other seats' cards and
    arrangements stay hidden until the reveal at the end.

    ``public`` holds ``{"arranged": [bool by seat], "instant": [code or null by seat]}``.
    """

    cards: tuple[int, ...] = ()
    rules: MauBinhRules = PRESETS[DEFAULT_PRESET]
    arranged: tuple[bool, ...] = ()
    instant: tuple[str | None, ...] = ()

    def action_json(self, action: Any) -> dict[str, Any]:
        """An arrangement as a record action."""
        assert isinstance(action, Arrange)
        return action.to_record()

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        """As :meth:`View.to_json`, but ``legal`` lists one of the 72,072 splits a seat
        that has to arrange may make: the greedy one (the strongest chi1, then chi2;
        never binh lủng), a record action the game accepts as it is. Any other split of
        the hand into 5 + 5 + 3 cards is as legal.

        >>> from vncards.core import RecordAction
        >>> from vncards.maubinh import plugin
        >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=3)
        >>> (offered,) = plugin.view(st, 0).to_json(["An", "Bình"])["legal"]
        >>> [len(offered["arrange"][k]) for k in ("chi1", "chi2", "chi3")]
        [5, 5, 3]
        >>> action = plugin.action_from_record(st, RecordAction(player="An", **offered), 0)
        >>> [type(e).__name__ for e in plugin.apply(st, action)]
        ['Arranged']
        """
        saved = self.legal
        object.__setattr__(self, "legal", ())
        try:
            out = super().to_json(players)
        finally:
            object.__setattr__(self, "legal", saved)
        if saved:
            split = greedy_split(evaluator(self.rules), self.cards)
            out["legal"] = [Arrange(self.seat, split.chi1, split.chi2, split.chi3).to_record()]
        return out


class MauBinhViews:
    """The plugin's views: what a seat knows, and states consistent with it."""

    name = "maubinh"

    def view(self, state: MauBinhState, seat: int) -> MauBinhView:
        """What ``seat`` knows: its cards, its own arrangement, who has arranged, the
        instant hands laid face up at the deal, and everything once all is revealed.

        A seat with an instant hand holds nothing: its 13 cards lie on the table for all
        to see (``public["shown"]``).
        """
        pending = state.pending()
        # the game asks the first seat still to arrange (others may arrange too: apply
        # takes any order, but a view offers actions only to the seat asked)
        asked = bool(pending) and pending[0] == seat
        legal: tuple[Any, ...] = (Splits(seat, state.hands[seat]),) if asked else ()
        held = () if state.instant[seat] is not None else state.hands[seat]
        return MauBinhView(
            game=self.name,
            seat=seat,
            to_act=pending[0] if pending else None,
            hand=tuple(format_cards(held)),
            legal=legal[0] if legal else (),
            counts=tuple(0 if c is not None else HAND_SIZE for c in state.instant),
            public={
                "arranged": [a is not None for a in state.arranged],
                "instant": list(state.instant),
                "shown": [
                    None if c is None else format_cards(h)
                    for c, h in zip(state.instant, state.hands, strict=True)
                ],
            },
            history=tuple(e.seen_by(seat) for e in state.history),
            cards=held,
            rules=state.rules,
            arranged=tuple(a is not None for a in state.arranged),
            instant=tuple(state.instant),
        )

    def determinize(self, view: View, rng: random.Random) -> MauBinhState:
        """A full state the seat cannot tell from the real one: the hands it has not
        seen dealt at random from the cards it has not seen (never an instant hand, as
        none was shown), the arrangements it has not seen made the greedy way.

        >>> from vncards.maubinh import plugin
        >>> st = plugin.new_game(MauBinhRules(), 3, seed=4)
        >>> view = plugin.view(st, 1)
        >>> plugin.view(plugin.determinize(view, random.Random(0)), 1) == view
        True
        """
        assert isinstance(view, MauBinhView)
        rules, n = view.rules, len(view.counts)
        hands: list[list[int] | None] = [None] * n
        if view.cards:
            hands[view.seat] = list(view.cards)
        known: dict[int, Arrange] = {}  # arrangements this seat has seen
        for e in view.history:
            if isinstance(e, InstantDeclared) and e.seat is not None:
                hands[e.seat] = card_ids(e.cards)
            elif isinstance(e, Arranged | Revealed) and e.seat is not None and e.chi1:
                known[e.seat] = Arrange.of(
                    e.seat, card_ids(e.chi1), card_ids(e.chi2), card_ids(e.chi3)
                )
        for s, a in known.items():
            hands[s] = [*a.chi1, *a.chi2, *a.chi3]
        used = {c for h in hands if h is not None for c in h}
        pool = [c for c in range(52) if c not in used]
        for s in range(n):
            if hands[s] is None:
                pick = rng.sample(pool, HAND_SIZE)
                for _ in range(50):
                    if instant_hand(pick, rules) is None:
                        break
                    pick = rng.sample(pool, HAND_SIZE)
                hands[s] = pick
                taken = set(pick)
                pool = [c for c in pool if c not in taken]
        st = start_game(rules, [h or [] for h in hands], view.instant)  # type: ignore[arg-type]
        for e in view.history:
            if isinstance(e, Arranged) and e.seat is not None:
                action = known.get(e.seat)
                if action is None:
                    g = greedy_split(st.ev, st.hands[e.seat])
                    action = Arrange(e.seat, g.chi1, g.chi2, g.chi3)
                apply_arrange(st, action)
        return st
