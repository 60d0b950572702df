"""The questions the command line asks of Tứ Sắc — its settings side by side, what a
hand or a group is, a seeded deal, a hand for people — and the counters of ``vncards
simulate``: the plugin's tools (core's :class:`~vncards.core.Plugin` lends their
members to the plugin)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vncards.core import Cards, NotationError, RulesError, stocked_deal_json
from vncards.tusac._codec import TuSacCodec
from vncards.tusac._deck import COPIES, format_cards, parse_card
from vncards.tusac._engine import INSTANT_WIN, TuSacState
from vncards.tusac._facts import COMPARE_FACTS
from vncards.tusac._game import TuSacGame
from vncards.tusac._groups import GROUP_CODES, classify_group
from vncards.tusac._info import INFO
from vncards.tusac._rules import TuSacRules
from vncards.tusac._solver import best_grouping, hand_kinds, hand_of

__all__ = ["TuSacQueries", "TuSacStatistics"]


class TuSacQueries:
    """The plugin's answers to the command line's queries.

    >>> TuSacQueries().classify_cards(TuSacRules(), ["xe đỏ", "RC", "rh"])
    {'combo': 'chariot-set', 'cards': ['RR', 'RC', 'RH']}
    """

    compare_facts = COMPARE_FACTS  # what vncards compare measures of it

    def summary(self, rules: TuSacRules) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        return {
            "deck": "tusac: 7 pieces × 4 colours × 4 copies = 112 cards",
            "players": "2-4",
            "hand_size": "20 (dealer 21)",
            "combinations": list(GROUP_CODES),
            "chops": "none",
            "instant_wins": [INSTANT_WIN],
            "scoring": "each loser pays (3 + lệnh) + 10, × 2 before the +10 with a Quàn or Khui",
            "den": rules.den,
            "draw_limit": rules.draw_limit,
        }

    def analyze_cards(self, tokens: Sequence[str]) -> dict[str, Any]:
        """Rác, completeness, one best grouping and its lệnh for a private hand of any size
        (three identical cards are a Khạp, four a Quàn).

        >>> from vncards.tusac import plugin
        >>> out = plugin.analyze_cards(["RK", "RA", "RE", "GR", "GR", "GR", "YP", "GP", "WP", "WP"])
        >>> out["junk"], out["complete"], out["points"]
        (1, False, 0)
        >>> out["groups"]
        [['RK', 'RA', 'RE'], ['YP', 'GP', 'WP'], ['GR', 'GR', 'GR']]
        >>> plugin.analyze_cards(["RK", "RK", "GR", "GR", "GR"])
        {'junk': 0, 'complete': True, 'groups': [['RK'], ['RK'], ['GR', 'GR', 'GR']], 'points': 5}
        """
        kinds = [parse_card(t) for t in tokens]
        for t, k in zip(tokens, kinds, strict=True):
            if kinds.count(k) > COPIES:
                raise NotationError(
                    t,
                    message=f"card {t!r} is listed {kinds.count(k)} times; the deck has "
                    f"only {COPIES} copies of each card",
                )
        g = best_grouping(hand_of(kinds))
        return {
            "junk": g.junk,
            "complete": g.junk == 0,
            "groups": [format_cards(x) for x in g.groups],
            "points": g.lenh if g.junk == 0 else 0,
        }

    def analysis_words(self, data: Mapping[str, Any]) -> list[tuple[str | Cards, ...]]:
        """The ``analyze`` answer for people: rác, completeness and lệnh, then the groups.

        >>> queries = TuSacQueries()
        >>> for line in queries.analysis_words(queries.analyze_cards(["RK", "RA", "RE", "WP"])):
        ...     print("".join(w if isinstance(w, str) else " ".join(w) for w in line))
        junk: 1 — not complete — points: 0
          RK RA RE
        """
        done = "complete" if data.get("complete") else "not complete"
        lines: list[tuple[str | Cards, ...]] = [
            (f"junk: {data.get('junk')} — {done} — points: {data.get('points')}",)
        ]
        lines += [("  ", Cards(group)) for group in data.get("groups", [])]
        return lines

    def classify_cards(self, rules: TuSacRules, cards: Sequence[str]) -> dict[str, Any]:
        """``{"combo": group code or None, "cards": [...]}`` for cards in any notation."""
        kinds = sorted(parse_card(t) for t in cards)
        return {"combo": classify_group(kinds), "cards": format_cards(kinds)}

    def deal_json(self, rules: TuSacRules, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields (hands and stock) with its instant wins.

        >>> sorted(TuSacQueries().deal_json(TuSacRules(), 2, 1))
        ['game', 'hands', 'instant_wins', 'players', 'stock']
        """
        game = TuSacGame()
        lo, hi = game.players(rules)
        if not lo <= n_players <= hi:
            raise RulesError(f"{INFO.name} is played by {lo} to {hi} players, not {n_players}")
        state = game.deal(rules, n_players, seed, None)
        dealt = TuSacCodec().write_deal(state)
        return stocked_deal_json(INFO.name, dealt, state.winner, state.instant_win)

    def hand_cards(self, state: TuSacState, seat: int) -> list[str]:
        """The private hand of ``seat`` in kind order (Quàn and taken groups are exposed).

        >>> st = TuSacGame().deal(TuSacRules(), 2, 1, None)
        >>> len(TuSacQueries().hand_cards(st, 1)) <= 20
        True
        """
        return format_cards(hand_kinds(state.hands[seat]))


class TuSacStatistics:
    """The counters of ``vncards simulate`` (the statistics are :data:`INFO`'s)."""

    def game_stats(self, state: TuSacState) -> dict[str, int]:
        """Counters for ``vncards simulate``: cards drawn, takes, discards, passes, turns
        (a turn ends with a discard or a pass), actions, đền violations, Khui made, whether
        the game was drawn (hòa) and the cards left in the stock.

        >>> st = TuSacGame().deal(TuSacRules(), 2, 3, None)
        >>> stats = TuSacStatistics().game_stats(st)
        >>> stats["stock_draws"], stats["takes"], stats["den"], stats["hoa"], stats["stock_left"]
        (0, 0, 0, 0, 71)
        """
        draws, takes, discards, passes = state.counts
        return {
            "stock_draws": draws,
            "takes": takes,
            "discards": discards,
            "passes": passes,
            "turns": discards + passes,
            "actions": state.n_actions,
            "den": sum(1 for v in state.violations if v.rule == "den"),
            "khui": sum(1 for groups in state.exposed for g in groups if g.name == "khui"),
            "hoa": int(state.outcome == "draw"),
            "stock_left": state.stock_left(),
        }
