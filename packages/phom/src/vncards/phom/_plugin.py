"""The Phỏm plugin: core's :class:`~vncards.core.Plugin` over the game, its record codec,
its bots and probes, and the queries the tools ask (analyze, classify, moves, deal,
summary, statistics counters)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vncards.core import Cards, NotationError, Plugin, stocked_deal_json
from vncards.phom._bots import BOTS
from vncards.phom._cards import card_names, mask_of, parse_phom_card
from vncards.phom._codec import PhomCodec, PhomProbes
from vncards.phom._game import FIRST_HAND, PhomGame
from vncards.phom._info import INFO
from vncards.phom._melds import (
    FACE,
    TENS,
    candidate_melds,
    cards_meld_names,
    classify_meld,
    solve,
)
from vncards.phom._rules import PhomRules
from vncards.phom._settle import hand_points
from vncards.phom._state import PhomState
from vncards.phom._typed import TypedMoves
from vncards.phom._words import SpeaksPhom

__all__ = ["PhomQueries", "plugin"]


class PhomQueries:
    """What the tools may ask of Phỏm beyond playing it.

    >>> PhomQueries().hand_size(PhomRules())
    10
    """

    def game_stats(self, state: PhomState) -> dict[str, int]:
        """Counters of a finished game: ù, móm players, taken cards, đền."""
        return {
            "u": int(state.outcome == "instant-win"),
            "mom": sum(state.is_mom(s) for s in range(state.n_players)),
            "takes": sum(1 for _, _, t in state.pile if t >= 0),
            "den": int(any(t.reason == "den" for t in state.ledger)),
        }

    def summary(self, rules: PhomRules) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        return {
            "deck": "french 52",
            "players": f"{rules.min_players}-{rules.max_players}",
            "hand_size": "9 (first player 10)",
            "combinations": ["set", "run"],
            "chops": "none",
            "instant_wins": ["u", "u-tron", *(["u-khan"] if rules.u_khan else [])],
            "scoring": f"ranking {list(rules.rank_payments)}, móm {rules.mom_payment},"
            f" ăn gà {rules.take_payment}/{rules.chot_payment}, ù {rules.u_payment}",
            "card_points": rules.card_points,
            "den": rules.den,
            "lay_off": rules.lay_off,
        }

    def analyze_cards(
        self, tokens: Sequence[str], rules: PhomRules | None = None
    ) -> dict[str, Any]:
        """The partition solver's answer for a hand: its phỏm, its rác and their points.

        >>> out = plugin.analyze_cards(["5S", "6S", "7S", "7H", "7D", "7C", "KD"])
        >>> out["melds"], out["deadwood"], out["points"]
        ([['5S', '6S', '7S'], ['7C', '7D', '7H']], ['KD'], 13)
        """
        cards = [parse_phom_card(t) for t in tokens]
        hand = mask_of(cards)
        if hand.bit_count() != len(cards):
            dup = next(t for t, c in zip(tokens, cards, strict=True) if cards.count(c) > 1)
            raise NotationError(dup, message=f"card {dup!r} is listed twice")
        rules = rules or PhomRules()
        part = solve(hand, 0, _table(rules))
        assert part is not None  # nothing taken: a split always exists
        return {
            "melds": cards_meld_names(part.melds),
            "deadwood": cards_meld_names([part.rest])[0],
            "points": hand_points(part.rest, rules),
            "u": len(cards) == 10 and part.rest.bit_count() <= 1,
        }

    def analysis_words(self, data: Mapping[str, Any]) -> list[tuple[str | Cards, ...]]:
        """The ``analyze`` answer for people.

        >>> for line in plugin.analysis_words(plugin.analyze_cards(["5S", "6S", "7S", "KD"])):
        ...     print("".join(w if isinstance(w, str) else " ".join(w) for w in line))
        rác: 13 points
          phỏm: 5S 6S 7S
          rác: KD
        """
        lines: list[tuple[str | Cards, ...]] = [(f"rác: {data.get('points')} points",)]
        lines += [("  phỏm: ", Cards(m)) for m in data.get("melds", [])]
        if data.get("deadwood"):
            lines.append(("  rác: ", Cards(data["deadwood"])))
        return lines

    def classify_cards(self, rules: PhomRules, tokens: Sequence[str]) -> dict[str, Any]:
        """``{"combo": "set" | "run" | None, "cards": [...]}``.

        >>> plugin.classify_cards(PhomRules(), ["AS", "2S", "3S"])["combo"]
        'run'
        """
        cards = [parse_phom_card(t) for t in tokens]
        mask = mask_of(cards)
        combo = classify_meld(mask) if mask.bit_count() == len(cards) else None
        return {"combo": combo, "cards": cards_meld_names([mask])[0]}

    def beats_cards(
        self, rules: PhomRules, over: Sequence[str], play: Sequence[str]
    ) -> dict[str, bool]:
        """Phỏm plays nothing over anything: no cards beat others, none chop.

        >>> plugin.beats_cards(PhomRules(), ["8S"], ["9S"])
        {'beats': False, 'chop': False}
        """
        for token in (*over, *play):
            parse_phom_card(token)
        return {"beats": False, "chop": False}

    def hand_size(self, rules: PhomRules) -> int:
        """The most cards a Phỏm hand holds (the first player's deal, a hand after a draw)."""
        return FIRST_HAND

    def moves_cards(
        self, rules: PhomRules, hand: Sequence[str], over: Sequence[str] | None
    ) -> list[dict[str, Any]]:
        """Every phỏm the hand holds; with ``over`` (the last discard), every phỏm a take
        of that card would make with the hand (none: it cannot be taken).

        >>> [m["cards"] for m in plugin.moves_cards(PhomRules(), ["5S", "6S", "9H"], ["7S"])]
        [['5S', '6S', '7S']]
        """
        held = mask_of(parse_phom_card(t) for t in hand)
        size = self.hand_size(rules)
        if len(hand) > size:  # the meld search grows with the hand: bound it to a deal's
            raise NotationError(
                " ".join(hand),
                message=f"a {INFO.name} hand holds at most {size} cards, not {len(hand)}",
            )
        extra = mask_of(parse_phom_card(t) for t in over or ())
        if extra.bit_count() > 1:
            raise NotationError(" ".join(over or ()), message="a take is of one discarded card")
        if held & extra:
            raise NotationError(over[0] if over else "", message="that card is in the hand")
        out = []
        for m in candidate_melds(held | extra):
            if extra and not m & extra:
                continue
            out.append({"combo": classify_meld(m), "cards": card_names(m)})
        return out

    def deal_json(self, rules: PhomRules, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields (hands and stock) with its instant wins (the
        caller has checked the player count)."""
        state = PhomGame().deal(rules, n_players, seed, None)
        dealt = PhomCodec().write_deal(state)
        return stocked_deal_json(INFO.name, dealt, state.winner, state.instant_win)


def _table(rules: PhomRules) -> tuple[int, ...]:
    return FACE if rules.card_points == "face" else TENS


plugin: Plugin[PhomState, Any, PhomRules] = Plugin(
    PhomGame(),
    PhomCodec(),
    BOTS,
    probes=PhomProbes(),
    tools=(PhomQueries(), TypedMoves(), SpeaksPhom()),
)
"""The ``phom`` plugin (entry point ``vncards.games``).

>>> from vncards.core import play_game
>>> st = plugin.new_game(PhomRules(), 4, seed=7)
>>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(4)])
>>> res = plugin.result(game.final)
>>> res.finished, sum(res.payments)
(True, 0)
"""
