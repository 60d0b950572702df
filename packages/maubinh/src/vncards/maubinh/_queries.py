"""The questions the command line asks of Mậu Binh: its settings side by side, what
a chi is, whether one chi beats another, the solver's reading of a hand, a seeded deal,
a hand for people and the counters of ``vncards simulate``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vncards.core import Cards, NotationError, Words, deal, format_cards, parse_card
from vncards.maubinh._bots import SolverBot
from vncards.maubinh._engine import HAND_SIZE, MauBinhState, start_game
from vncards.maubinh._facts import COMPARE_FACTS
from vncards.maubinh._hands import evaluator, hand_code
from vncards.maubinh._instant import instant_hand
from vncards.maubinh._notation import shown_cards
from vncards.maubinh._rules import DEFAULT_PRESET, HAND_CODES, PRESETS, MauBinhRules
from vncards.maubinh._settle import REASONS

__all__ = ["MauBinhQueries"]


class MauBinhQueries:
    """The plugin's answers to the command line's queries."""

    name = "maubinh"
    compare_facts = COMPARE_FACTS  # what vncards compare measures of it

    def summary(self, rules: MauBinhRules) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        return {
            "deck": "french: 52 cards",
            "players": "2-4",
            "hand_size": "13, split into chi1 (5), chi2 (5), chi3 (3)",
            "combinations": list(reversed(HAND_CODES)),
            "chops": "none",
            "instant_wins": list(rules.instant_wins),
            "scoring": "pairwise, 1 chi per chi won (bonuses below), sập hầm × "
            f"{rules.sap_ham_multiplier}, sập làng × {rules.sap_lang_multiplier}",
            "chi_bonuses": rules.chi_bonuses,
            "wheel": rules.wheel,
            "suits_break_ties": rules.suits_break_ties,
            "transfer_reasons": list(REASONS),
        }

    def classify_cards(self, rules: MauBinhRules, cards: Sequence[str]) -> dict[str, Any]:
        """``{"combo": hand code or None, "cards": [...]}`` for a 5- or 3-card chi.

        >>> from vncards.maubinh import plugin
        >>> plugin.classify_cards(MauBinhRules(), ["AS", "2S", "3S", "4S", "5S"])
        {'combo': 'straight-flush', 'cards': ['2S', '3S', '4S', '5S', 'AS']}
        >>> plugin.classify_cards(MauBinhRules(), ["Q cơ", "QD", "5C"])["combo"]
        'pair'
        >>> plugin.classify_cards(MauBinhRules(), ["QH", "QD"])["combo"] is None
        True
        """
        ids = sorted(parse_card(t).id for t in cards)
        combo = None
        if len(ids) in (3, 5) and len(set(ids)) == len(ids):
            combo = hand_code(evaluator(rules).key(ids))
        return {"combo": combo, "cards": shown_cards(ids)}

    def beats_cards(
        self, rules: MauBinhRules, over: Sequence[str], play: Sequence[str]
    ) -> dict[str, bool]:
        """Whether the chi ``play`` beats the chi ``over`` when compared (either of 5 or 3
        cards, as in the order rule); cards that are no chi, or a card in both, do not
        beat. Nothing is a chop in Mậu Binh.

        >>> from vncards.maubinh import plugin
        >>> plugin.beats_cards(MauBinhRules(), ["QS", "QC", "7H", "6D", "2S"], ["QH", "QD", "AC"])
        {'beats': True, 'chop': False}
        >>> plugin.beats_cards(MauBinhRules(), ["QS", "QC", "7H", "6D", "2S"], ["QH", "QD", "7C"])
        {'beats': False, 'chop': False}
        """
        a = [parse_card(t).id for t in over]
        b = [parse_card(t).id for t in play]
        chi = all(len(x) in (3, 5) and len(set(x)) == len(x) for x in (a, b))
        if not chi or set(a) & set(b):
            return {"beats": False, "chop": False}
        ev = evaluator(rules)
        return {"beats": ev.key(b) > ev.key(a), "chop": False}

    def analyze_cards(
        self, tokens: Sequence[str], rules: MauBinhRules | None = None
    ) -> dict[str, Any]:
        """For a 13-card hand: its instant hand (if any) and the solver's arrangement with
        its expected chi against one random opponent (hands dealt from the other 39 cards,
        arranged the greedy way), under the default rules unless given.

        >>> from vncards.maubinh import plugin
        >>> out = plugin.analyze_cards("AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C".split())
        >>> out["instant_win"], len(out["arrangement"]["chi1"]), out["hands"][0]
        (None, 5, 'full-house')
        """
        rules = rules or PRESETS[DEFAULT_PRESET]
        ids = [parse_card(t).id for t in tokens]
        for t, c in zip(tokens, ids, strict=True):
            if ids.count(c) > 1:
                raise NotationError(t, message=f"card {t!r} is listed twice")
        if len(ids) != HAND_SIZE:
            raise ValueError(f"a Mậu Binh hand holds 13 cards, not {len(ids)}")
        bot = SolverBot(seed=0, samples=200)
        split = bot.split(rules, sorted(ids), ())
        return {
            "instant_win": instant_hand(ids, rules),
            "arrangement": {
                "chi1": shown_cards(split.chi1),
                "chi2": shown_cards(split.chi2),
                "chi3": shown_cards(split.chi3),
            },
            "hands": [hand_code(k) for k in split.keys],
            "expected_chi": round(bot.last_expected, 3),
        }

    def analysis_words(self, data: Mapping[str, Any]) -> list[Words]:
        """The answer of :meth:`analyze_cards` for people.

        >>> from vncards.maubinh import plugin
        >>> out = plugin.analyze_cards("AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C".split())
        >>> for line in plugin.analysis_words(out)[:2]:
        ...     print("".join(" ".join(w) if isinstance(w, Cards) else w for w in line))
        Instant hand: none.
        Solver's arrangement (expected +2.49 chi against a random opponent):
        """
        code = data.get("instant_win")
        lines: list[Words] = [
            (f"Instant hand: {code} — shown at the deal, it wins without arranging.",)
            if code
            else ("Instant hand: none.",)
        ]
        lines.append(
            (
                f"Solver's arrangement (expected {data['expected_chi']:+.2f} chi"
                " against a random opponent):",
            )
        )
        arrangement = data["arrangement"]
        for key, hand in zip(("chi1", "chi2", "chi3"), data["hands"], strict=True):
            lines.append((f"  {key}: ", Cards(arrangement[key]), f"  {hand}"))
        return lines

    def deal_json(self, rules: MauBinhRules, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields with every instant hand at the table.

        >>> from vncards.maubinh import plugin
        >>> out = plugin.deal_json(MauBinhRules(), 2, 5)
        >>> sorted(out), len(out["hands"]["P1"])
        (['game', 'hands', 'instant_wins', 'players'], 13)
        """
        hands, _ = deal(seed, 52, [HAND_SIZE] * n_players)
        state = start_game(rules, hands)
        players = [f"P{i + 1}" for i in range(n_players)]
        return {
            "game": self.name,
            "players": players,
            "hands": {players[i]: format_cards(h) for i, h in enumerate(state.hands)},
            "instant_wins": [
                {"player": players[s], "code": code, "value": rules.instant_wins[code]}
                for s, code in enumerate(state.instant)
                if code is not None
            ],
        }

    def hand_cards(self, state: MauBinhState, seat: int) -> list[str]:
        """The 13 cards of ``seat``, in Mậu Binh order (2 low, A high)."""
        return shown_cards(state.hands[seat])

    def game_stats(self, state: MauBinhState) -> dict[str, int]:
        """Counters for ``vncards simulate``: instant hands, binh lủng, sập hầm, sập làng.

        >>> from vncards.maubinh import plugin
        >>> plugin.game_stats(plugin.new_game(MauBinhRules(), 2, 1))["binh_lung"]
        0
        """
        res = state.result()
        reasons = [t.reason for t in res.transfers]
        fouled = sum(1 for k in state.keys if k is not None and not k[0] >= k[1] >= k[2])
        return {
            "instant_hands": sum(1 for c in state.instant if c is not None),
            "binh_lung": fouled,
            "sap_ham": reasons.count("sap-ham"),
            "sap_lang": int("sap-lang" in reasons),
        }
