"""The Mậu Binh game plugin: core's :class:`~vncards.core.GamePlugin` protocol over the
engine (dealing, play, records, conformance probes) and a fast playout for bot games.
The seat views (``_view``), what play screens ask (``_screen``) and the command line's
queries (``_queries``) are mixed in from their own modules."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from vncards.core import (
    ActionKey,
    Bot,
    BotFactory,
    Decision,
    GameRecord,
    GameResult,
    IllegalMove,
    RecordAction,
    RecordError,
    RecordVocabulary,
    RefereeReport,
    Statistic,
    deal,
    format_cards,
    named_cards,
    referee,
)
from vncards.maubinh._bots import BOTS
from vncards.maubinh._engine import (
    HAND_SIZE,
    Arrange,
    MauBinhState,
    apply_arrange,
    arrange_error,
    start_game,
)
from vncards.maubinh._facts import COMPARE_FACTS
from vncards.maubinh._notation import record_card
from vncards.maubinh._playout import play_out
from vncards.maubinh._queries import MauBinhQueries
from vncards.maubinh._rules import DEFAULT_PRESET, PRESETS, MauBinhRules
from vncards.maubinh._screen import MauBinhScreen
from vncards.maubinh._settle import REASONS
from vncards.maubinh._splits import PendingSplits, Splits
from vncards.maubinh._view import MauBinhView, MauBinhViews

__all__ = ["MauBinhGame", "MauBinhView", "plugin"]


class MauBinhGame(MauBinhViews, MauBinhScreen, MauBinhQueries):
    """Mậu Binh as a vncards game plugin.

    >>> from vncards.core import play_game
    >>> st = plugin.new_game(MauBinhRules(), 3, seed=7)
    >>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(3)])
    >>> res = plugin.result(game.final)
    >>> res.finished, sum(res.payments), res.outcome in ("showdown", "instant-win", "draw")
    (True, 0, True)
    """

    name = "maubinh"
    title = "Mậu Binh (binh xập xám)"
    deck = "french"
    rules_model = MauBinhRules
    presets: Mapping[str, MauBinhRules] = PRESETS
    default_preset = DEFAULT_PRESET
    bots: Mapping[str, BotFactory] = BOTS
    default_opponent = "solver"  # the strongest bot: the default at the terminal and tables
    record_vocabulary = RecordVocabulary(
        actions=(
            ActionKey(
                "arrange",
                named_cards("chi1", "chi2", "chi3"),
                "The player's three chi: chi1 and chi2 of 5 cards, chi3 of 3.",
            ),
        ),
        outcomes=("showdown", "instant-win", "draw"),
        transfer_reasons=REASONS,
    )
    compare_facts = COMPARE_FACTS  # what vncards compare measures of it
    statistics = (
        Statistic("binh_lung", "lủng", "Games where a player's chi were out of order."),
        Statistic("sap_ham", "sập hầm", "Games where a player lost all three chi to one."),
        Statistic("sap_lang", "sập làng", "Games where one player won every chi of all."),
    )

    # ------------------------------------------------------------ dealing

    def player_range(self, rules: MauBinhRules) -> tuple[int, int]:
        """Two to four players."""
        return (2, 4)

    def new_game(
        self, rules: MauBinhRules, n_players: int, seed: int, *, first: int | None = None
    ) -> MauBinhState:
        """Deal 13 cards to each player from ``seed`` (``first`` plays no part: everyone
        arranges at once)."""
        lo, hi = self.player_range(rules)
        if not lo <= n_players <= hi:
            raise ValueError(f"maubinh is played by {lo} to {hi} players, not {n_players}")
        hands, _ = deal(seed, 52, [HAND_SIZE] * n_players)
        return start_game(rules, hands)

    def state_from_record(self, record: GameRecord, rules: MauBinhRules) -> MauBinhState:
        """The deal of a record: 13 distinct cards to each of 2 to 4 players."""
        n = len(record.players)
        lo, hi = self.player_range(rules)
        if not lo <= n <= hi:
            raise RecordError(f"maubinh is played by {lo} to {hi} players, not {n}")
        if record.stock is not None:
            raise RecordError("maubinh records have no stock (undealt cards stay out of play)")
        seen: dict[int, str] = {}
        hands = []
        for name in record.players:
            cards = [record_card(t) for t in record.hands[name]]
            if len(cards) != HAND_SIZE:
                raise RecordError(f"{name} was dealt {len(cards)} cards; maubinh deals 13")
            for c in cards:
                if c in seen:
                    raise RecordError(f"{format_cards([c])[0]} is dealt twice")
                seen[c] = name
            hands.append(cards)
        return start_game(rules, hands)

    # ------------------------------------------------------------ play

    def legal_actions(self, state: MauBinhState) -> list[Arrange]:
        """Every split of every seat that has yet to arrange, made on demand (72,072 a
        seat): a list only in type, whose items are built when read.

        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> len(plugin.legal_actions(st)), plugin.legal_actions(st)[72_072].seat
        (144144, 1)
        """
        return PendingSplits([Splits(s, state.hands[s]) for s in state.pending()])

    def _decision_parts(self, state: MauBinhState) -> tuple[int, Sequence[Arrange], bool] | None:
        pending = state.pending()
        if not pending:
            return None
        seat = pending[0]
        return seat, Splits(seat, state.hands[seat]), False

    def decision(self, state: MauBinhState) -> Decision[Arrange] | None:
        """The first seat (in seat order) that has yet to arrange; any order is legal."""
        parts = self._decision_parts(state)
        return None if parts is None else Decision(parts[0], parts[1])

    def decline(self, state: MauBinhState, seat: int) -> None:
        """Nothing in Mậu Binh may be declined."""
        raise IllegalMove("must-act", "every player without an instant hand must arrange")

    def why_illegal(self, state: MauBinhState, action: Arrange) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

        >>> st = plugin.new_game(plugin.presets[plugin.default_preset], 2, seed=1)
        >>> plugin.why_illegal(st, "fold").code
        'bad-arrangement'
        """
        if not isinstance(action, Arrange):
            return IllegalMove("bad-arrangement", f"{action!r} is not an arrangement")
        return arrange_error(state, action)

    def apply(self, state: MauBinhState, action: Arrange) -> list[Any]:
        """Record an arrangement; the last one reveals every chi and settles."""
        if not isinstance(action, Arrange):
            raise IllegalMove("bad-arrangement", f"{action!r} is not an arrangement")
        return list(apply_arrange(state, action))

    def result(self, state: MauBinhState) -> GameResult:
        """Outcome and net chi per seat (all 0 until everyone has arranged)."""
        return state.result()

    # ------------------------------------------------------------ fast bot games

    def playout(
        self,
        state: MauBinhState,
        bots: Sequence[Bot],
        record: Callable[[Any], None],
        max_steps: int,
    ) -> bool:
        """Play a game of Mậu Binh bots (or core random bots) without building views;
        the same choices, in the same order, as the plain loop."""
        return play_out(state, bots, record, max_steps)

    # ------------------------------------------------------------ records

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's referee loop on this game).

        >>> plugin.referee({"game": "maubinh", "players": ["A"], "hands": {"A": []}})
        Traceback (most recent call last):
        ...
        vncards.core._errors.RecordError: maubinh is played by 2 to 4 players, not 1
        """
        return referee(self, record)

    def action_from_record(self, state: MauBinhState, action: RecordAction, seat: int) -> Arrange:
        """Read ``{"arrange": {"chi1": [...], "chi2": [...], "chi3": [...]}}``; cards that
        are not this seat's, or chi of the wrong size, are left for ``apply`` to refuse."""
        kind = action.kind
        if kind != "arrange":
            raise RecordError(f"maubinh records have no {kind!r} actions (only 'arrange')")
        value = action.value
        if not isinstance(value, Mapping) or set(value) != {"chi1", "chi2", "chi3"}:
            raise RecordError("an arrangement names exactly chi1, chi2 and chi3")
        chis = []
        for key in ("chi1", "chi2", "chi3"):
            cards = value[key]
            if not isinstance(cards, list) or not all(isinstance(t, str) for t in cards):
                raise RecordError(f"{key} is a list of cards")
            chis.append(tuple(sorted(record_card(t) for t in cards)))
        return Arrange(seat, chis[0], chis[1], chis[2])

    def action_to_record(self, state: MauBinhState, action: Arrange) -> dict[str, Any]:
        """The record form of an arrangement (without ``player``)."""
        return action.to_record()

    def record_deal(self, state: MauBinhState) -> dict[str, Any]:
        """The dealt hands (no first player, no stock)."""
        return {"hands": [format_cards(h) for h in state.hands], "first": None}

    # ------------------------------------------------------------ conformance

    def action_universe(self, state: MauBinhState) -> Iterable[Arrange]:
        """A sample of every seat's legal splits and of refused arrangements: wrong
        sizes, a card twice, another seat's card, a second arrangement, a seat with an
        instant hand. Never the 72,072 splits of a hand."""
        rng = random.Random(hash((state.hands, tuple(a is not None for a in state.arranged))))
        out: list[Arrange] = []
        for seat in range(state.n):
            splits = Splits(seat, state.hands[seat])
            picks = [splits[i] for i in (0, 1, 55, 56, 72_071)]
            picks += [splits[rng.randrange(72_072)] for _ in range(8)]
            out.extend(picks)
            a = picks[-1]
            other = state.hands[(seat + 1) % state.n]
            out.append(Arrange(seat, a.chi1[:4], a.chi2 + a.chi1[4:], a.chi3))  # 4 + 6 + 3
            out.append(Arrange(seat, a.chi1, a.chi2, a.chi3[:2]))  # 12 cards
            out.append(Arrange(seat, a.chi1, a.chi2[:4] + a.chi1[:1], a.chi3))  # a card twice
            out.append(Arrange.of(seat, (*a.chi1[:4], other[0]), a.chi2, a.chi3))  # not held
        return out

    def card_multiset(self, state: MauBinhState) -> list[int]:
        """All 52 cards: the hands and the cards left out of play (arranging moves no
        card between zones)."""
        dealt = [c for h in state.hands for c in h]
        held = set(dealt)
        return sorted(dealt + [c for c in range(52) if c not in held])


plugin = MauBinhGame()
"""The plugin object named by the ``vncards.games`` entry point."""
