"""The Tiến lên plugin: core's :class:`~vncards.core.Plugin` over the game (the hooks of
a climbing game: who leads, tới trắng at the deal, the 3♠ opening, the end of the game
and who pays whom), core's climbing record codec, probes and queries, its bots, and its
own tools (screen words, statistics counters, the settings ``vncards compare`` lists).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from vncards.core import (
    CARDS,
    DECK,
    FRENCH,
    TRUE,
    ActionKey,
    BotMaker,
    ClimbingCodec,
    ClimbingGame,
    ClimbingProbes,
    ClimbingQueries,
    ClimbState,
    ClimbTalk,
    Event,
    GameInfo,
    GameResult,
    IllegalMove,
    Kind,
    Ledger,
    Pass,
    Play,
    Plugin,
    RandomBot,
    RecordVocabulary,
    Revealed,
    SeedOnly,
    SheddingAction,
    ShedView,
    Statistic,
    Words,
    climb_refusal,
    mask_ids,
    random_first,
    word,
)
from vncards.tienlen._bots import GreedyBot
from vncards.tienlen._engine import CHOP_TABLE, TienLenEngine, TienLenState
from vncards.tienlen._events import Stuck
from vncards.tienlen._facts import COMPARE_FACTS
from vncards.tienlen._rules import DEFAULT_PRESET, PRESETS, TienLenRules
from vncards.tienlen._scoring import count_la, instant_wins_in_order, itemise_la
from vncards.tienlen._search import search_bot
from vncards.tienlen._words import table_talk

__all__ = ["BOTS", "INFO", "TienLenGame", "TienLenTools", "build_plugin", "plugin"]


def _no_declarations() -> IllegalMove:
    return IllegalMove(
        "unknown-action", "Tiến lên has no declarations: a player may only play or pass."
    )


INFO = GameInfo(
    name="tienlen",
    title="Tiến lên miền Nam (đếm lá)",
    notation=FRENCH,
    rules_model=TienLenRules,
    presets=PRESETS,
    default_preset=DEFAULT_PRESET,
    vocabulary=RecordVocabulary(
        actions=(
            ActionKey("play", CARDS, 'The cards played, e.g. ["3S", "4S", "5H"].'),
            ActionKey("pass", TRUE, "Pass (bỏ lượt)."),
            ActionKey(
                "declare",
                word("sam"),
                "Read but always refused (illegal, unknown-action): Tiến lên has no declarations.",
            ),
        ),
        outcomes=("win", "instant-win"),
        transfer_reasons=("cards-left", "thoi-2", "thoi-hang", "cong", "chop", "instant-win"),
    ),
    statistics=(
        Statistic("chops", "chop", "Games with at least one chop (chặt)."),
        Statistic("thoi", "thối", "Games where a loser paid thối for held 2s or hàng."),
        Statistic("cong", "cóng", "Games where a loser never played a card (cóng)."),
    ),
    strongest_bot="search",  # vncards play's default opponent
)
"""What the tools know of Tiến lên without playing it."""


class TienLenGame(ClimbingGame[TienLenRules]):
    """Tiến lên miền Nam, đếm lá, as a climbing :class:`~vncards.core.Game`: the hooks
    of :class:`~vncards.core.ClimbingGame` (the engine of the rules, who leads, tới
    trắng at the deal, the 3♠ opening, the end of the game and who pays whom).

    >>> game = TienLenGame()
    >>> state = game.deal(game.info.rules("dem-la"), 4, 7, None)
    >>> game.to_act(state).seat == state.first, game.result(state).finished
    (True, False)
    """

    info = INFO
    state_type = TienLenState
    plays_fast = True  # decides and applies as ClimbingGame does: the compiled loop plays it

    def __init__(self) -> None:
        self._engines: dict[TienLenRules, TienLenEngine] = {}

    # ------------------------------------------------------------ set-up

    def engine(self, rules: TienLenRules) -> TienLenEngine:
        """The (cached, stateless) engine for ``rules``."""
        eng = self._engines.get(rules)
        if eng is None:
            if len(self._engines) >= 256:  # records may each override settings: stay bounded
                self._engines.clear()
            eng = self._engines[rules] = TienLenEngine(rules)
        return eng

    def player_range(self, rules: TienLenRules) -> tuple[int, int]:
        """Fewest and most players (2 and 4 by default)."""
        return rules.min_players, rules.max_players

    def hand_size(self, rules: TienLenRules) -> int:
        """Cards dealt to each player (13 by default)."""
        return rules.hand_size

    def choose_first(
        self, rules: TienLenRules, hands: Sequence[int], seed: int | None
    ) -> int | None:
        """Who leads a first game: a seeded draw, or the holder of 3♠ (of the lowest
        card dealt when 3♠ stayed in the stock)."""
        if rules.first_lead == "three-of-spades":
            return _holder(hands, _lowest_dealt(hands))
        return random_first(seed, len(hands))

    def opened(self, state: ClimbState, rules: TienLenRules) -> None:
        """A first game under the 3♠ opening: its first play must hold the opening card
        (3♠, or the lowest card dealt when 3♠ stayed in the stock)."""
        if rules.first_lead == "three-of-spades":
            _own(state).lead_card = _lowest_dealt(state.dealt)

    def leader_by_rules(self, state: ClimbState) -> bool:
        """Under the 3♠ opening a first game's leader is the opening card's holder: its
        record leaves ``first`` out, so that the record carries that rule."""
        return bool(_own(state).lead_card)

    def at_deal(self, state: ClimbState, rules: TienLenRules) -> None:
        """Tới trắng: a hand that wins at the deal ends the game at once; its holder
        shows it (a ``reveal`` event)."""
        wins = instant_wins_in_order(rules, state.dealt, state.first)
        if wins:
            seat, code = wins[0]
            state.winner = seat
            state.finished = True
            _own(state).instant_win = code
            shown = tuple(str(DECK[i]) for i in mask_ids(state.dealt[seat]))
            state.events.append(Revealed(seat, shown))
            return
        eng = state.engine
        if isinstance(eng, TienLenEngine) and eng.forbid_two:
            eng.skip_stuck_leaders(state)  # a deal of one card may hand the lead a lone 2

    def instant_wins(
        self, rules: TienLenRules, hands: Sequence[int], first: int = 0
    ) -> list[tuple[int, str]]:
        """Every seat whose dealt hand is a tới trắng, the strongest first (the turn
        order from ``first`` breaks ties)."""
        return instant_wins_in_order(rules, hands, first)

    # ------------------------------------------------------------ play

    def known_cards(self, state: ClimbState) -> tuple[tuple[int, ...], int]:
        """Under the 3♠ opening the opening card (the lowest dealt) is public: its holder
        leads the first play with it, and no lower card was dealt."""
        lead = _own(state).lead_card
        if not lead:
            return (), 0
        known = [0] * state.n_players
        if state.pile == 0:
            known[state.first] = lead
        return tuple(known), lead - 1

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for a ``stuck`` event (the only event of Tiến lên's own)."""
        if isinstance(event, Stuck):
            return ("holds only a 2, which may not go out here, and leaves play.",)
        return None

    def query_plays(self, rules: TienLenRules, hand: int, masks: list[int]) -> list[int]:
        """Under ``finish_on_two`` ``forbidden`` no play that empties the hand and holds
        a 2 is listed (``vncards moves``, hints), as the referee refuses it.

        >>> north = plugin.presets["mien-bac"]
        >>> [m["cards"] for m in plugin.moves_cards(north, ["2S"])]
        []
        >>> [m["cards"] for m in plugin.moves_cards(north, ["9H", "2S"], ["5H"])]
        [['9H'], ['2S']]
        """
        if rules.finish_on_two == "forbidden" and hand & _TWOS and hand in masks:
            return [m for m in masks if m != hand]
        return masks

    def why_illegal(self, state: ClimbState, action: SheddingAction) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

        >>> st = plugin.new_game(plugin.presets["dem-la"], 4, seed=1)
        >>> plugin.game.why_illegal(st, Pass(st.turn)).code
        'cannot-pass-lead'
        """
        if isinstance(action, Play | Pass):
            return climb_refusal(state, action)
        return _no_declarations()

    def apply_other(self, state: ClimbState, action: SheddingAction) -> None:
        """Tiến lên has no declarations."""
        raise _no_declarations()

    # ------------------------------------------------------------ end of game

    def result(self, state: ClimbState) -> GameResult:
        """Outcome and payments: chop chains settled so far (reason ``chop``), and once
        the game is over each loser's debt to the winner, itemised as ``cards-left``,
        ``thoi-2`` and ``thoi-hang`` (see :func:`itemise_la`) plus ``cong`` (what the
        cóng doubling adds), or one ``instant-win`` payment after a tới trắng."""
        led = Ledger(state.n_players)
        led.extend(state.chop_transfers)
        if not state.finished:
            return GameResult(False, None, None, None, tuple(led.net), (), tuple(led.transfers))
        own = _own(state)
        rules = own.rules
        winner = state.winner
        instant = own.instant_win
        for seat, hand in enumerate(state.hands):
            if seat == winner:
                continue
            if isinstance(instant, str):
                led.pay(seat, winner, count_la(hand, rules), "instant-win")
                continue
            items = itemise_la(hand, rules)
            for reason, amount in items:
                led.pay(seat, winner, amount, reason)
            if not state.played >> seat & 1:
                owed = sum(amount for _, amount in items)
                led.pay(seat, winner, owed * (rules.cong_multiplier - 1), "cong")
        pay, transfers = tuple(led.net), tuple(led.transfers)
        if isinstance(instant, str):
            return GameResult(True, "instant-win", winner, instant, pay, (), transfers)
        return GameResult(True, "win", winner, None, pay, (), transfers)


_TWOS = 15 << 48  # the four 2s (heo)


def _shape_name(shape: tuple[Any, int], rank: int | None = None) -> str:
    kind, length = shape
    code: str = kind.code
    if code == "pair-run":
        return f"{length // 2} pair-run"
    if rank == 12:
        return f"{code} of 2s" if code == "pair" else "single 2"
    return code


def _own(state: ClimbState) -> TienLenState:
    """``state`` as the Tiến lên state it is (every state this plugin makes is one)."""
    if not isinstance(state, TienLenState):
        raise TypeError(f"not a Tiến lên state: {type(state).__name__}")
    return state


def _lowest_dealt(hands: Sequence[int]) -> int:
    dealt = 0
    for h in hands:
        dealt |= h
    return dealt & -dealt


def _holder(hands: Sequence[int], card: int) -> int:
    return next(seat for seat, h in enumerate(hands) if h & card)


class TienLenTools:
    """What the tools ask of Tiến lên beyond playing it: screen words, statistics
    counters for simulations, the settings ``vncards compare`` lists.

    >>> TienLenTools(TienLenGame()).summary(TienLenRules())["hand_size"]
    13
    """

    compare_facts = COMPARE_FACTS  # what vncards compare measures of it

    def __init__(self, game: TienLenGame) -> None:
        self._seen = game  # whose table the screen words describe

    def table_talk(self, vietnamese: bool = False, rules: TienLenRules | None = None) -> ClimbTalk:
        """What a play screen says about this game (:class:`~vncards.core.SpeaksAtTable`),
        with the amounts of ``rules`` (the default preset's when ``None``).

        >>> plugin.table_talk().reason("cards-left")
        'cards left in hand'
        """
        return table_talk(self._seen, rules or PRESETS[DEFAULT_PRESET], vietnamese)

    def game_stats(self, state: ClimbState) -> dict[str, int]:
        """Counts for simulation tables: ``chops`` made, ``cong`` losers, ``instant_win``
        (1 or 0), ``actions`` taken and ``thoi`` (lá losers paid beyond one per card)."""
        own = _own(state)
        rules = own.rules
        instant = own.instant_win is not None
        cong = thoi = 0
        if state.finished:
            for seat, hand in enumerate(state.hands):
                if seat == state.winner:
                    continue
                thoi += count_la(hand, rules) - hand.bit_count()
                if not instant and not state.played >> seat & 1:
                    cong += 1
        return {
            "chops": own.chops,
            "cong": cong,
            "instant_win": int(instant),
            "actions": state.n_actions,
            "thoi": thoi,
        }

    def summary(self, rules: TienLenRules) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        return {
            "deck": "french 52",
            "players": f"{rules.min_players}-{rules.max_players}",
            "hand_size": rules.hand_size,
            "first_lead": rules.first_lead,
            "combinations": ["single", "pair", "triple", "straight", "quad"]
            + (["pair-run"] if rules.pair_runs else []),
            "suits_break_ties": True,
            "follow": rules.follow,
            "straight_suits": rules.straight_suits,
            "pair_colours": rules.pair_colours,
            "finish_on_two": rules.finish_on_two,
            "chops": [
                f"{_shape_name(r.attacker)} > {_shape_name(r.target, r.target_rank)}"
                + (" (higher)" if r.need_higher else "")
                for r in CHOP_TABLE
                if rules.pair_runs or Kind.PAIR_RUN not in (r.attacker[0], r.target[0])
            ],
            "passed_may_chop": rules.passed_may_chop,
            "instant_wins": list(rules.instant_wins),
            "scoring": (
                f"lá left; black 2 = {rules.thoi_black_two}, red 2 = {rules.thoi_red_two}, "
                f"tứ quý = {rules.thoi_quad}, 3 đôi thông = {rules.thoi_three_pair_run}, "
                f"4 đôi thông = {rules.thoi_four_pair_run}; cóng x{rules.cong_multiplier}"
            ),
        }


def _random_bot(game: object, seed: int) -> RandomBot:
    return RandomBot(seed)


BOTS: dict[str, BotMaker] = {
    "random": _random_bot,
    "greedy": SeedOnly(GreedyBot),
    "search": search_bot,
}
"""Tiến lên's bots by name, each made from the plugin and a seed."""

if TYPE_CHECKING:

    class TienLenPlugin(
        Plugin[ClimbState, SheddingAction, TienLenRules],
        TienLenTools,
        ClimbingQueries[TienLenRules],
    ):
        """The plugin as the type checker sees it: the members its tools lend it."""

        bots: Mapping[str, Callable[..., Any]]
        """Makers of this plugin's bots: a seed, and a thinking budget for ``search``."""

        def new_game(
            self, rules: TienLenRules, n_players: int, seed: int, *, first: int | None = None
        ) -> TienLenState:
            """A Tiến lên state."""
            ...

        def view(self, state: ClimbState, seat: int) -> ShedView:
            """A seat's view, a climbing game's."""
            ...

else:
    TienLenPlugin = Plugin


def build_plugin(game: TienLenGame) -> TienLenPlugin:
    """The Tiến lên plugin of ``game`` (a :class:`TienLenGame`, or a subclass of it
    with other hooks): its record codec, probes and queries are core's climbing ones,
    its bots and tools Tiến lên's.

    >>> build_plugin(TienLenGame())
    Plugin('tienlen')
    """
    made: Plugin[ClimbState, SheddingAction, TienLenRules] = Plugin(
        game,
        ClimbingCodec(game),
        BOTS,
        probes=ClimbingProbes(game),
        tools=(TienLenTools(game), ClimbingQueries(game)),
    )
    return cast("TienLenPlugin", made)


plugin = build_plugin(TienLenGame())
"""The plugin object the ``vncards.games`` entry point names.

>>> from vncards.core import RandomBot, play_game
>>> state = plugin.new_game(plugin.presets["dem-la"], 4, seed=7)
>>> played = play_game(plugin, state, [RandomBot(i) for i in range(4)])
>>> result = plugin.result(played.final)
>>> result.finished, sum(result.payments)
(True, 0)
"""
