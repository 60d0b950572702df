"""The tools of a climbing game's plugin: questions about cards it answers without a
game in play (``vncards classify``, ``beats``, ``moves``, ``deal``) with the game's own
members the tools ask for, and the probes the conformance suite plays with.

>>> from vncards.tienlen import plugin
>>> plugin.classify_cards(plugin.presets["dem-la"], ["5S", "6H", "7D"])["combo"]
'straight'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic

from vncards.core._cards import parse_card
from vncards.core._cardset import FULL_DECK_MASK, mask_ids
from vncards.core._errors import NotationError
from vncards.core.climbing._actions import Declare, Pass, Play, SheddingAction
from vncards.core.climbing._classify import beats, classify, is_chop
from vncards.core.climbing._codec import dealt_tokens
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._enumerate import legal_plays
from vncards.core.climbing._game import ClimbingGame
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._shapes import ComboRules, Kind
from vncards.core.climbing._tokens import _STR

__all__ = ["ClimbingProbes", "ClimbingQueries"]

_ID = {s: i for i, s in enumerate(_STR)}
_KIND_ORDER = {k.code: k.value for k in Kind}


class ClimbingQueries(Generic[RulesT]):
    """What the tools ask of a climbing ``game`` beyond playing it (a tool of its
    :class:`~vncards.core.Plugin`): card questions, seeded deals, and the game's own
    members a tool reads (its engine and combination rules, hand size, who leads,
    instant wins, a start from given hands, side decisions, words for the table),
    lent as the game's bound methods, so a tool calls the game straight.

    >>> from vncards.tienlen import TienLenGame
    >>> game = TienLenGame()
    >>> tools = ClimbingQueries(game)
    >>> tools.hand_size(game.info.rules(None)), tools.engine == game.engine
    (13, True)
    """

    def __init__(self, game: ClimbingGame[RulesT]) -> None:
        self._game = game
        self.engine: Callable[[RulesT], ClimbEngine] = game.engine
        self.combo_rules: Callable[[RulesT], ComboRules] = game.combo_rules
        self.hand_size: Callable[[RulesT], int] = game.hand_size
        self.choose_first = game.choose_first
        self.instant_wins = game.instant_wins
        self.start = game.start
        self.side_decision = game.side_decision
        self.has_side_decisions = game.has_side_decisions
        self.table_words = game.table_words
        self.event_words = game.event_words

    def deal_json(self, rules: RulesT, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields, who leads, and its instant wins in the order
        that decides between them (the caller has checked the player count)."""
        game = self._game
        state = game.deal(rules, n_players, seed, None)
        players = [f"P{i + 1}" for i in range(n_players)]
        first = state.first
        return {
            "game": game.name,
            "players": players,
            "hands": {players[i]: cards for i, cards in enumerate(dealt_tokens(state))},
            "first": players[first],
            "instant_wins": [
                {"player": players[s], "code": code}
                for s, code in game.instant_wins(rules, state.dealt, first)
            ],
        }

    def classify_cards(self, rules: RulesT, cards: Sequence[str]) -> dict[str, Any]:
        """``{"combo": code or None, "cards": [...]}`` for cards in any notation.

        Raises :class:`NotationError` for an unreadable card.
        """
        ids = sorted(parse_card(t).id for t in cards)
        if len(set(ids)) != len(ids):  # a card twice: no combination of one deck
            return {"combo": None, "cards": [_STR[i] for i in ids]}
        combo = classify(sum(1 << i for i in ids), self._game.combo_rules(rules))
        return {
            "combo": None if combo is None else combo.kind.code,
            "cards": [_STR[i] for i in ids],
        }

    def beats_cards(
        self, rules: RulesT, over: Sequence[str], play: Sequence[str]
    ) -> dict[str, bool]:
        """``{"beats": bool, "chop": bool}``; non-combinations (a card listed twice
        included) simply do not beat."""
        eng = self._game.engine(rules)
        play_mask, over_mask = _distinct_mask(play), _distinct_mask(over)
        a = classify(play_mask, eng.combo_rules) if play_mask else None
        b = classify(over_mask, eng.combo_rules) if over_mask else None
        if a is None or b is None or a.mask & b.mask:
            return {"beats": False, "chop": False}
        chop = is_chop(a, b, eng.chops)
        return {"beats": beats(a, b, eng.chops, eng.combo_rules), "chop": chop}

    def moves_cards(
        self, rules: RulesT, hand: Sequence[str], over: Sequence[str] | None = None
    ) -> list[dict[str, Any]]:
        """Every play from ``hand`` leading (no ``over``) or beating ``over``:
        ``[{"combo": code, "cards": [...], "chop": bool}, ...]``.

        Raises :class:`NotationError` for an unreadable card, a card listed twice in
        the hand, or more cards than the rules deal a player (the plays of a hand grow
        exponentially with its size: a hand no deal gives is refused before any is
        looked for); an ``over`` that is no combination (a card twice included) has no
        answer.
        """
        game = self._game
        size = game.hand_size(rules)
        if len(hand) > size:
            raise NotationError(
                str(hand[size]),
                message=f"a {game.name} hand holds at most {size} cards, not {len(hand)}",
            )
        eng = game.engine(rules)
        mask = _distinct_mask(hand)
        if mask is None:
            ids = [parse_card(t).id for t in hand]
            twice = next(t for k, t in enumerate(hand) if ids[k] in ids[:k])
            raise NotationError(
                twice, message=f"card {twice!r} is listed twice; a hand holds each card once"
            )
        target = None
        if over:
            over_mask = _distinct_mask(over)
            target = None if over_mask is None else classify(over_mask, eng.combo_rules)
            if target is None:
                return []
        out: list[dict[str, Any]] = []
        plays = legal_plays(mask, eng.combo_rules, target, eng.chops)
        for m in game.query_plays(rules, mask, plays):
            c = classify(m, eng.combo_rules)
            assert c is not None
            out.append(
                {
                    "combo": c.kind.code,
                    "cards": [_STR[i] for i in mask_ids(m)],
                    "chop": target is not None and is_chop(c, target, eng.chops),
                }
            )
        out.sort(
            key=lambda d: (
                _KIND_ORDER[d["combo"]],
                len(d["cards"]),
                [_ID[c] for c in d["cards"]][::-1],
            )
        )
        return out


class ClimbingProbes(Generic[RulesT]):
    """The conformance probes of a climbing ``game`` (:class:`~vncards.core.Probes`).

    >>> from vncards.tienlen import TienLenGame
    >>> game = TienLenGame()
    >>> state = game.deal(game.info.rules(None), 4, 1, None)
    >>> len(ClimbingProbes(game).card_multiset(state))
    52
    """

    def __init__(self, game: ClimbingGame[RulesT]) -> None:
        self._game = game

    def action_universe(self, state: ClimbState) -> Iterable[SheddingAction]:
        """Legal actions plus many that are not: every combination each hand holds (so
        an engine that forgets a play, a chop say, is caught), other subsets of the hand,
        cards not held, and every seat's pass and declaration."""
        rng = random.Random(state.n_actions * 7919 + sum(state.hands))
        out: list[SheddingAction] = list(self._game.legal_actions(state))
        n = len(state.hands)
        combo_rules = self._game.engine(state.rules).combo_rules
        for seat in range(n):
            hand = state.hands[seat]
            ids = mask_ids(hand)
            out.append(Pass(seat))
            out.append(Declare(seat))
            out.extend(Play(seat, m) for m in legal_plays(hand, combo_rules))
            if len(ids) <= 8:
                sub = hand
                while sub:
                    out.append(Play(seat, sub))
                    sub = (sub - 1) & hand
            else:
                for _ in range(120):
                    k = rng.randint(1, min(len(ids), 8))
                    m = 0
                    for c in rng.sample(ids, k):
                        m |= 1 << c
                    out.append(Play(seat, m))
            others = FULL_DECK_MASK & ~hand
            out.append(Play(seat, (others & -others) | (hand & -hand)))
        return out

    def card_multiset(self, state: ClimbState) -> list[int]:
        """Cards in hands, on the pile and undealt: always the 52 cards once each."""
        dealt = 0
        for h in state.dealt:
            dealt |= h
        zones = [*state.hands, state.pile, FULL_DECK_MASK & ~dealt]
        return sorted(i for z in zones for i in mask_ids(z))


def _distinct_mask(tokens: Sequence[str]) -> int | None:
    """The mask of the cards named, or ``None`` when a card is named twice."""
    mask = 0
    for t in tokens:
        bit = 1 << parse_card(t).id
        if mask & bit:
            return None
        mask |= bit
    return mask
