"""The Tứ Sắc game plugin: core's :class:`~vncards.core.GamePlugin` protocol over the
engine, plus the queries the command line asks (analyze, classify, deal, summary)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from vncards.core import (
    CARD,
    CARDS,
    TRUE,
    ActionKey,
    Bot,
    BotFactory,
    CardColour,
    CardLook,
    Cards,
    Decision,
    Event,
    GameRecord,
    GameResult,
    IllegalMove,
    NotationError,
    RecordAction,
    RecordError,
    RecordVocabulary,
    RefereeReport,
    SearchBot,
    Statistic,
    View,
    deal,
    net_of,
    referee,
    stocked_deal_json,
)
from vncards.tusac._bots import BOTS
from vncards.tusac._deck import (
    COPIES,
    DECK_SIZE,
    KINDS,
    format_card,
    format_cards,
    parse_card,
    split_card_list,
)
from vncards.tusac._engine import (
    INSTANT_WIN,
    Discard,
    Draw,
    Pass,
    Take,
    TuSacAction,
    TuSacState,
    action_error,
    apply_action,
    decision_parts,
    decline_claim,
    legal_actions,
    start_game,
)
from vncards.tusac._facts import COMPARE_FACTS
from vncards.tusac._groups import GROUP_CODES, classify_group, take_shapes
from vncards.tusac._playout import play_out
from vncards.tusac._rules import PRESETS, TuSacRules
from vncards.tusac._search import search_bot as _search_bot_for
from vncards.tusac._settle import REASONS
from vncards.tusac._solver import best_grouping, hand_kinds, hand_of
from vncards.tusac._view import TuSacView, action_record, determinize, make_view
from vncards.tusac._words import TuSacTalk, table_talk

__all__ = ["TuSacGame", "plugin"]

HAND_SIZE = 20
_LOOKS: tuple[CardColour, ...] = ("red", "yellow", "green", "white")
DEALER_HAND_SIZE = 21
_SHAPES = tuple(take_shapes(k) for k in range(KINDS))


def _record_card(token: str) -> int:
    try:
        return parse_card(token)
    except NotationError as e:
        raise RecordError(str(e)) from None


def search_bot(seed: int = 0, *, think: float = 0.1, iterations: int | None = None) -> SearchBot:
    """The ``search`` bot factory (seed → bot) of this game's plugin.

    >>> search_bot(0, iterations=4).plugin is plugin
    True
    """
    return _search_bot_for(plugin, seed, think=think, iterations=iterations)


class TuSacGame:
    """Tứ Sắc as a vncards game plugin.

    >>> from vncards.core import play_game
    >>> st = plugin.new_game(TuSacRules(), 4, seed=7)
    >>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(4)])
    >>> plugin.result(game.final).finished, sum(plugin.result(game.final).payments)
    (True, 0)
    """

    name = "tusac"
    title = "Tứ Sắc"
    deck = "tusac"
    rules_model = TuSacRules
    presets: Mapping[str, TuSacRules] = PRESETS
    default_preset = "standard"
    bots: Mapping[str, BotFactory] = BOTS | {"search": search_bot}
    default_opponent = "search"  # the strongest bot: vncards play's default
    record_vocabulary = RecordVocabulary(
        actions=(
            ActionKey("discard", CARD, 'The card discarded, e.g. "RK".'),
            ActionKey("take", CARDS, "Own cards taking the active card ([] for a lone Tướng)."),
            ActionKey("draw", TRUE, "Draw from the stock."),
            ActionKey("pass", TRUE, "Decline the drawn card; the turn moves on."),
        ),
        outcomes=("win", "instant-win", "draw"),
        transfer_reasons=REASONS,
        violations=("den",),
    )
    compare_facts = COMPARE_FACTS  # what vncards compare measures of it
    statistics = (
        Statistic("den", "đền", "Games with a đền violation (a rác other than the worst)."),
        Statistic("khui", "khui", "Games where someone made a Khui."),
    )

    # ------------------------------------------------------------ dealing

    def player_range(self, rules: TuSacRules) -> tuple[int, int]:
        """Two to four players."""
        return (2, 4)

    def new_game(
        self, rules: TuSacRules, n_players: int, seed: int, *, first: int | None = None
    ) -> TuSacState:
        """Deal from ``seed``: 21 cards to the dealer (seat 0, or ``first`` — a match's
        previous winner deals), 20 to the others, the rest is the stock."""
        lo, hi = self.player_range(rules)
        if not lo <= n_players <= hi:
            raise ValueError(f"tusac is played by {lo} to {hi} players, not {n_players}")
        dealer = 0 if first is None else first
        sizes = [DEALER_HAND_SIZE if s == dealer else HAND_SIZE for s in range(n_players)]
        hands, stock = deal(seed, DECK_SIZE, sizes)
        return start_game(
            rules, [[c // COPIES for c in h] for h in hands], [c // COPIES for c in stock], dealer
        )

    def state_from_record(self, record: GameRecord, rules: TuSacRules) -> TuSacState:
        """The deal of a record: exactly the 112 cards between the hands and the stock,
        one dealer with 21 cards, everyone else 20."""
        n = len(record.players)
        lo, hi = self.player_range(rules)
        if not lo <= n <= hi:
            raise RecordError(f"tusac is played by {lo} to {hi} players, not {n}")
        if record.stock is None:
            raise RecordError("a tusac record needs the stock ('stock': cards in draw order)")
        dealt = [[_record_card(t) for t in record.hands[name]] for name in record.players]
        stock = [_record_card(t) for t in record.stock]
        dealers = [s for s, h in enumerate(dealt) if len(h) == DEALER_HAND_SIZE]
        for s, h in enumerate(dealt):
            if len(h) not in (HAND_SIZE, DEALER_HAND_SIZE):
                raise RecordError(
                    f"{record.players[s]} was dealt {len(h)} cards;"
                    " tusac deals 20 (21 to the dealer)"
                )
        if len(dealers) != 1:
            raise RecordError(
                f"exactly one player (the dealer) is dealt 21 cards, not {len(dealers)}"
            )
        counts = [0] * KINDS
        for k in (*stock, *(k for h in dealt for k in h)):
            counts[k] += 1
        bad = [k for k in range(KINDS) if counts[k] != COPIES]
        if bad:
            # name a card dealt too often first: that is what a duplicated card looks like
            k = max(bad, key=lambda k: (counts[k] > COPIES, -k))
            raise RecordError(
                f"the deal holds {counts[k]} × {format_card(k)}; the deck has exactly"
                f" {COPIES} of each card"
            )
        return start_game(rules, dealt, stock, dealers[0])

    # ------------------------------------------------------------ play

    def legal_actions(self, state: TuSacState) -> list[TuSacAction]:
        """Every action accepted now, by any seat (while someone must take, only that take
        and winning takes)."""
        return legal_actions(state)

    def decision(self, state: TuSacState) -> Decision[TuSacAction] | None:
        """Winning claims first (optional, in claim order), then a forced take, then the
        player in turn."""
        parts = decision_parts(state)
        if parts is None:
            return None
        seat, actions, optional = parts
        return Decision(seat, list(actions), optional)

    def decline(self, state: TuSacState, seat: int) -> None:
        """``seat`` lets its winning claim on the active card go."""
        decline_claim(state, seat)

    def playout(
        self,
        state: TuSacState,
        bots: Sequence[Bot],
        record: Callable[[TuSacAction], None],
        max_steps: int,
    ) -> bool:
        """The :class:`~vncards.core.FastPlayout` seam: :func:`~vncards.core.play_game`'s
        loop run on the engine's own decisions (the same choices; see
        :func:`vncards.tusac._playout.play_out`).

        >>> from vncards.core import play_game
        >>> st = plugin.new_game(TuSacRules(), 3, seed=5)
        >>> game = play_game(plugin, st, [plugin.bots["random"](s) for s in range(3)])
        >>> game.final.finished, len(game.actions) == game.final.n_actions
        (True, True)
        """
        return play_out(state, bots, record, max_steps, self.view)

    def apply(self, state: TuSacState, action: TuSacAction) -> list[Event]:
        """Carry out ``action`` and return its events, or raise
        :class:`~vncards.core.IllegalMove` and change nothing.

        >>> st = plugin.new_game(TuSacRules(), 2, seed=1)
        >>> [e.to_json(["An", "Bình"]) for e in plugin.apply(st, Discard(0, 2))]
        [{'type': 'discard', 'player': 'An', 'card': 'RE'}]
        """
        return apply_action(state, action)

    def why_illegal(self, state: TuSacState, action: TuSacAction) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

        >>> st = plugin.new_game(TuSacRules(), 2, seed=1)
        >>> plugin.why_illegal(st, Draw(0)).code, plugin.why_illegal(st, Discard(0, 2))
        ('must-discard', None)
        """
        if not isinstance(action, Take | Discard | Draw | Pass):
            return IllegalMove("unknown-action", f"Tứ Sắc has no {type(action).__name__} action.")
        return action_error(state, action)

    def view(self, state: TuSacState, seat: int) -> TuSacView:
        """What ``seat`` may know: its private hand, every exposed group, the discards,
        the active and dead cards, the stock's size, everyone's card and Khạp counts,
        its legal actions when the choice is its own, and the events so far."""
        return make_view(state, seat)

    def determinize(self, view: View, rng: random.Random) -> TuSacState:
        """A full state consistent with a :class:`TuSacView` (see
        :func:`~vncards.tusac.determinize`)."""
        if not isinstance(view, TuSacView):
            raise TypeError(f"a Tứ Sắc view is needed, not {type(view).__name__}")
        return determinize(view, rng)

    def result(self, state: TuSacState) -> GameResult:
        """Outcome, net lá per seat and the itemised transfers; a draw or an unfinished
        game pays nothing."""
        return GameResult(
            finished=state.finished,
            outcome=state.outcome,
            winner=state.winner,
            instant_win=state.instant_win,
            payments=tuple(net_of(state.transfers, state.n_players)),
            violations=state.violations,
            transfers=state.transfers,
        )

    # ------------------------------------------------------------ records

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's referee loop on this game).

        >>> plugin.referee({"game": "tusac", "players": ["A"], "hands": {"A": []}})
        Traceback (most recent call last):
        ...
        vncards.core._errors.RecordError: tusac is played by 2 to 4 players, not 1
        """
        return referee(self, record)

    def action_from_record(self, state: TuSacState, action: RecordAction, seat: int) -> TuSacAction:
        """Read ``discard`` / ``take`` / ``draw`` / ``pass``."""
        kind = action.kind
        if kind == "discard":
            return Discard(seat, _record_card(action.value))
        if kind == "take":
            return Take(seat, tuple(_record_card(t) for t in action.value))
        if kind == "draw":
            return Draw(seat)
        if kind == "pass":
            return Pass(seat)
        raise RecordError(f"tusac records have no {kind!r} actions")

    def action_to_record(self, state: TuSacState, action: TuSacAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        return action_record(action)

    def record_deal(self, state: TuSacState) -> dict[str, Any]:
        """Hands as dealt and the stock in draw order (the dealer is the 21-card hand)."""
        return {
            "hands": [format_cards(h) for h in state.dealt],
            "first": None,
            "stock": format_cards(state.stock),
        }

    # ------------------------------------------------------------ conformance

    def action_universe(self, state: TuSacState) -> Iterable[TuSacAction]:
        """Legal actions plus many that are not, for every seat."""
        rng = random.Random(state.n_actions * 7919 + state.pos)
        out: list[TuSacAction] = list(legal_actions(state))
        for seat in range(state.n_players):
            out.append(Draw(seat))
            out.append(Pass(seat))
            kinds = sorted(set(hand_kinds(state.hands[seat])))
            out.extend(Discard(seat, k) for k in kinds)
            out.append(Discard(seat, rng.randrange(KINDS)))
            out.append(Take(seat, ()))
            if state.active >= 0:
                out.extend(Take(seat, cards) for cards in _SHAPES[state.active])
            for k in rng.sample(kinds, min(3, len(kinds))):
                out.append(Take(seat, (k,)))
                out.append(Take(seat, (k, k)))
        return out

    def card_multiset(self, state: TuSacState) -> list[int]:
        """Kinds of all 112 cards in every zone, sorted: hands, exposed groups, the active
        card, dead cards and the stock."""
        cards = [k for h in state.hands for k in hand_kinds(h)]
        cards.extend(k for groups in state.exposed for g in groups for k in g.cards)
        cards.extend(k for k, n in enumerate(state.dead) for _ in range(n))
        cards.extend(state.stock[state.pos :])
        if state.active >= 0:
            cards.append(state.active)
        return sorted(cards)

    # ------------------------------------------------------------ queries (CLI)

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

        >>> for line in plugin.analysis_words(plugin.analyze_cards(["RK", "RA", "RE", "WP"])):
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
        """``{"combo": group code or None, "cards": [...]}`` for cards in any notation.

        >>> plugin.classify_cards(TuSacRules(), ["xe đỏ", "RC", "rh"])
        {'combo': 'chariot-set', 'cards': ['RR', 'RC', 'RH']}
        """
        kinds = sorted(parse_card(t) for t in cards)
        return {"combo": classify_group(kinds), "cards": format_cards(kinds)}

    def deal_json(self, rules: TuSacRules, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields (hands and stock) with its instant wins."""
        state = self.new_game(rules, n_players, seed)
        dealt = self.record_deal(state)
        return stocked_deal_json(self.name, dealt, state.winner, state.instant_win)

    notation_examples = ("RK GR", "tướng đỏ, xe xanh")
    """Card entries as a player types them (``vncards play tusac --help`` shows them):
    colour letter then piece letter, or the Vietnamese names."""

    def split_card_list(self, text: str) -> list[str]:
        """Split one command-line value into card tokens (commas, or spaces between codes).

        >>> plugin.split_card_list("RK GR"), plugin.split_card_list("tướng đỏ, xe xanh")
        (['RK', 'GR'], ['tướng đỏ', 'xe xanh'])
        """
        return split_card_list(text)

    def card_look(self, token: str, vietnamese: bool = False) -> CardLook:
        """How a card looks to people: in its colour, as its code or its Vietnamese name
        (a token that is no card is shown as written).

        >>> plugin.card_look("RK", vietnamese=True)
        CardLook(label='tướng đỏ', colour='red')
        """
        try:
            kind = parse_card(token)
        except NotationError:
            return CardLook(token)
        label = format_card(kind, "vietnamese" if vietnamese else "ascii")
        return CardLook(label, _LOOKS[kind // 7])

    def table_talk(self, vietnamese: bool = False, rules: Any = None) -> TuSacTalk:
        """What a play screen says about this game (:class:`~vncards.core.SpeaksAtTable`);
        its payments do not depend on the preset.

        >>> plugin.table_talk(vietnamese=True).reason("khui")
        'tiền khui'
        """
        return table_talk(vietnamese)

    def hand_cards(self, state: TuSacState, seat: int) -> list[str]:
        """The private hand of ``seat`` in kind order (Quàn and taken groups are exposed).

        >>> st = plugin.new_game(TuSacRules(), 2, seed=1)
        >>> len(plugin.hand_cards(st, 1)) <= 20
        True
        """
        return format_cards(hand_kinds(state.hands[seat]))

    def game_stats(self, state: TuSacState) -> dict[str, int]:
        """Counters for ``vncards simulate``: cards drawn, takes, discards, passes, turns
        (a turn ends with a discard or a pass), actions, đền violations, Khui made, whether
        the game was drawn (hòa) and the cards left in the stock.

        >>> st = plugin.new_game(TuSacRules(), 2, seed=3)
        >>> stats = plugin.game_stats(st)
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


plugin = TuSacGame()
"""The plugin object named by the ``vncards.games`` entry point."""
