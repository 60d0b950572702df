"""The Sâm Lốc plugin: core's :class:`~vncards.core.Plugin` over the game (the hooks of a
climbing game: who leads, báo Sâm declarations, tới trắng and settlement), core's
climbing record codec, probes and queries, its bots, and its own tools (screen words,
báo một warnings, statistics counters, presets compared).

>>> from vncards.core import play_game, RandomBot
>>> state = plugin.new_game(plugin.presets["standard"], 4, seed=7)
>>> game = play_game(plugin, state, [RandomBot(i, decline=1.0) for i in range(4)])
>>> res = plugin.result(game.final)
>>> res.finished, sum(res.payments)
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from vncards.core import (
    BotMaker,
    ClimbingCodec,
    ClimbingGame,
    ClimbingProbes,
    ClimbingQueries,
    ClimbState,
    ClimbTalk,
    Declare,
    Declared,
    Event,
    GameResult,
    IllegalMove,
    Pass,
    Play,
    Plugin,
    SeedOnly,
    SheddingAction,
    ShedView,
    Words,
    climb_refusal,
    random_first,
)
from vncards.samloc._asking import (
    decline_seat,
    lowest_holder,
    ranked_instant_wins,
    side_step,
)
from vncards.samloc._bots import BOTS
from vncards.samloc._engine import TWOS, SamEngine, SamState
from vncards.samloc._events import BaoMotViolated, OneCard, Stuck
from vncards.samloc._facts import COMPARE_FACTS
from vncards.samloc._hands import INSTANT_WINS
from vncards.samloc._info import INFO
from vncards.samloc._rules import DEFAULT_PRESET, PRESETS, SamRules, preset_differences
from vncards.samloc._search import search_bot
from vncards.samloc._settle import game_stats, settle
from vncards.samloc._words import table_talk

__all__ = ["INFO", "MAKERS", "SamLoc", "SamTools", "build_plugin", "plugin"]

ENGINE_CACHE_SIZE = 256
"""Most engines kept, one per distinct rules (records may each override settings)."""


class SamLoc(ClimbingGame[SamRules]):
    """Sâm Lốc (Vietnamese Sâm) as a climbing :class:`~vncards.core.Game`: 10 cards
    each, rank-only climbing, báo Sâm, thối 2 (the hooks of
    :class:`~vncards.core.ClimbingGame`).

    >>> game = SamLoc()
    >>> state = game.deal(game.info.rules(None), 4, 7, None)
    >>> game.to_act(state).optional   # who would lead is asked first: declare Sâm?
    True
    """

    info = INFO
    state_type = SamState
    plays_fast = True  # decides and applies as ClimbingGame does: the compiled loop plays it
    has_side_decisions = True  # báo Sâm, asked before the first play

    def __init__(self) -> None:
        self._engines: dict[SamRules, SamEngine] = {}
        self._last: tuple[SamRules, SamEngine] | None = None
        self._last_result: tuple[ClimbState, int, GameResult] | None = None

    # ------------------------------------------------------------ setup

    def engine(self, rules: SamRules) -> SamEngine:
        """The (cached, stateless) engine for ``rules``."""
        last = self._last
        if last is not None and last[0] is rules:
            return last[1]  # the same rules object as last time (a preset): no hashing
        eng = self._engines.get(rules)
        if eng is None:
            if len(self._engines) >= ENGINE_CACHE_SIZE:
                # each record may override settings: the cache must not grow forever
                self._engines.clear()
            eng = self._engines[rules] = SamEngine(rules)
        self._last = (rules, eng)
        return eng

    def player_range(self, rules: SamRules) -> tuple[int, int]:
        """``(min_players, max_players)`` of the rules."""
        return rules.min_players, rules.max_players

    def hand_size(self, rules: SamRules) -> int:
        """Ten cards each."""
        return 10

    def choose_first(self, rules: SamRules, hands: Sequence[int], seed: int | None) -> int | None:
        """First game: the holder of the lowest card, or a seeded random seat.

        >>> from vncards.core import CardSet
        >>> hands = [CardSet.parse("4S 9H").mask, CardSet.parse("4C 3H").mask]
        >>> plugin.choose_first(plugin.presets["standard"], hands, None)
        1
        """
        if rules.first_lead == "random":
            return random_first(seed, len(hands))
        return lowest_holder(hands)

    def start(
        self, rules: SamRules, hands: Sequence[int], first: int, *, later: bool = False
    ) -> ClimbState:
        """A game from a given deal; ``later`` marks a game after the first of a match."""
        return self.begin(rules, hands, first, not later)

    def later_game(self, state: ClimbState) -> None:
        """A later game of a match (instant wins may count in the first game only)."""
        cast(SamState, state).later = True

    def record_first_game(self, rules: SamRules, names_first: bool) -> bool:
        """Naming ``first`` makes a record a later game of a match, except under
        ``first_lead=random``, where every record must name ``first``."""
        return not names_first or rules.first_lead == "random"

    def leader_by_rules(self, state: ClimbState) -> bool:
        """A first game under ``lowest-card``: its record leaves ``first`` out, so a
        referee sees it as a first game."""
        rules: SamRules = state.rules
        return not cast(SamState, state).later and rules.first_lead == "lowest-card"

    def query_plays(self, rules: SamRules, hand: int, masks: list[int]) -> list[int]:
        """Thối 2 in queries: under ``finish_on_two = forbidden`` no play that empties the
        hand and holds a 2 is listed, as the referee refuses it.

        >>> [m["cards"] for m in plugin.moves_cards(plugin.presets["standard"], ["2S"])]
        []
        >>> [m["cards"] for m in plugin.moves_cards(plugin.presets["standard"], ["2S", "9H"])]
        [['9H'], ['2S']]
        """
        if rules.finish_on_two == "forbidden" and hand & TWOS and hand in masks:
            return [m for m in masks if m != hand]
        return masks

    # ------------------------------------------------------------ tới trắng

    def instant_wins(
        self, rules: SamRules, hands: Sequence[int], first: int = 0
    ) -> list[tuple[int, str]]:
        """Seats holding a tới trắng hand, best first (ties: turn order from ``first``).

        >>> from vncards.core import CardSet
        >>> pairs = CardSet.parse("3S 3H 5D 5C 7S 7H 9H 9D JC JS").mask
        >>> triples = CardSet.parse("4S 4H 4D 6C 6S 6H 8H 8D 8C QS").mask
        >>> plugin.instant_wins(plugin.presets["standard"], [pairs, triples])
        [(1, 'three-triples'), (0, 'five-pairs')]
        """
        return ranked_instant_wins(rules, hands, first)

    def at_deal(self, state: ClimbState, rules: SamRules) -> None:
        """Tới trắng is checked at the deal, before any Sâm declaration."""
        if rules.instant_wins_first_game_only and cast(SamState, state).later:
            return
        wins = ranked_instant_wins(rules, state.dealt, state.turn)
        if wins:
            seat, code = wins[0]
            cast(SamState, state).instant = (seat, code)
            state.winner = seat
            state.finished = True

    # ------------------------------------------------------------ báo Sâm

    def extra_actions(self, state: ClimbState) -> list[SheddingAction]:
        """Before the first play, any seat that has not declared may declare Sâm."""
        if state.finished or state.pile:
            return []
        declared = cast(SamState, state).declared
        return [Declare(s) for s in range(len(state.hands)) if s not in declared]

    def why_illegal(self, state: ClimbState, action: SheddingAction) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

        >>> from vncards.samloc import plugin
        >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=1)
        >>> plugin.why_illegal(st, Declare(9)).code
        'no-such-seat'
        """
        if isinstance(action, Play | Pass):
            return climb_refusal(state, action)
        if isinstance(action, Declare):
            return _declare_refusal(state, action)
        return IllegalMove("unknown-action", f"{self.name} has no {type(action).__name__} action.")

    def apply_other(self, state: ClimbState, action: SheddingAction) -> None:
        """Carry out a Sâm declaration; the one nearest the would-be leader counts."""
        if not isinstance(action, Declare):
            super().apply_other(state, action)
            return
        refusal = _declare_refusal(state, action)
        if refusal is not None:
            raise refusal
        n = len(state.hands)
        seat = action.seat
        st = cast(SamState, state)
        declared = (*st.declared, seat)
        first = st.first
        declarer = min(declared, key=lambda s: (s - first) % n)
        st.declared = declared
        st.declarer = declarer
        state.turn = state.table_seat = declarer
        state.n_actions += 1

    def declarations(self, state: ClimbState) -> tuple[Event, ...]:
        """Every báo Sâm so far, in the order made, as ``declare`` events (public: the
        one nearest the would-be leader counts, see :func:`~vncards.samloc.declarer_of`).

        >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=7)
        >>> _ = plugin.apply(st, Declare(3))
        >>> plugin.game.declarations(st)
        (Declared(seat=3, what='sam'),)
        """
        return tuple([_DECLARED[s] for s in cast(SamState, state).declared])

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for Sâm's own events, after the player's name (the screen has its own
        for the core's).

        >>> from vncards.samloc import BaoMotViolated, OneCard
        >>> plugin.event_words(OneCard(1), ["An", "Bình"])
        ('has one card left (báo một).',)
        >>> plugin.event_words(BaoMotViolated(0, announced=1), ["An", "Bình"])[0][:40]
        'did not stop Bình, who holds one card: a'
        """
        if isinstance(event, OneCard):
            return ("has one card left (báo một).",)
        if isinstance(event, BaoMotViolated):
            who = players[event.announced]
            payer = "this player" if event.seat is None else players[event.seat]
            return (
                f"did not stop {who}, who holds one card: a báo một violation "
                f"(if {who} goes out, {payer} must pay for every loser).",
            )
        if isinstance(event, Stuck):
            return ("holds only a 2, which may not go out (thối 2), and leaves play.",)
        return None

    # The báo Sâm hooks are the compiled functions themselves (no method of this class
    # between the playout loop and them); a subclass may override either as a method.
    side_decision = staticmethod(side_step)
    """``side_decision(state)``: before the first play, each seat in turn order may
    declare Sâm (an optional choice; a declaration makes the farther seats' moot). The
    seat asked, its declaration and ``True`` (optional), or ``None`` once no seat is
    asked (examples: :mod:`vncards.samloc._asking`)."""

    decline = staticmethod(decline_seat)
    """``decline(state, seat)``: ``seat`` does not declare Sâm; the next seat is asked."""

    # ------------------------------------------------------------ settlement

    def result(self, state: ClimbState) -> GameResult:
        """Outcome, net lá per seat and every payment itemised with its reason (the
        codes are listed on the rules page): ``chop``, ``cards-left``, ``cong``,
        ``thoi-2``, ``thoi-hang``, ``bao-mot``, ``sam``, ``den`` and ``instant-win``.

        >>> from vncards.core import CardSet, Declare, Play
        >>> st = plugin.start(plugin.presets["a23"], [CardSet.parse(h).mask for h in
        ...     ("3S 9D 4S 5H 7H 8C 10D JS QD KC", "4C 10H 5C 6H 7S 8H 9C JC QH 2D",
        ...      "3C 3D 4D 5D 6D 7D 8D JD QC KS")], 0)
        >>> for action in (Declare(0), Play(0, CardSet.parse("3S").mask),
        ...                Play(1, CardSet.parse("10H").mask)):
        ...     _ = plugin.apply(st, action)
        >>> res = plugin.result(st)
        >>> res.outcome, res.winner, res.payments
        ('sam-failed', 1, (-40, 20, 20))
        >>> [(t.payer, t.payee, t.amount, t.reason) for t in res.transfers]
        [(0, 1, 20, 'den'), (0, 2, 20, 'den')]
        """
        st = cast(SamState, state)
        memo = self._last_result
        # a finished game changes no more: its result, asked again (the game loop
        # settles a game as it ends, and its caller asks once more), is the same
        if memo is not None and memo[0] is state and state.finished and memo[1] == state.n_actions:
            return memo[2]
        res = settle(st)
        if state.finished:
            self._last_result = (state, state.n_actions, res)
        return res


# the declaration events, immutable: one value serves every game
_DECLARED = tuple(Declared(seat, "sam") for seat in range(8))


def _declare_refusal(state: ClimbState, action: Declare) -> IllegalMove | None:
    """Why a báo Sâm is refused now, or ``None``."""
    seat = action.seat
    if state.finished:
        return IllegalMove("game-over", "The game is already over.")
    if action.what != "sam":
        return IllegalMove("unknown-declaration", f"Sâm has no {action.what!r} declaration.")
    if not 0 <= seat < len(state.hands):
        return IllegalMove("no-such-seat", f"There is no seat {seat} at this table.")
    if state.pile:
        return IllegalMove("declare-after-play", "Sâm may be declared only before the first play.")
    if seat in cast(SamState, state).declared:
        return IllegalMove("already-declared", "This player has already declared Sâm.")
    return None


class SamTools:
    """What the tools ask of Sâm beyond playing it: screen words, báo một warnings,
    statistics counters, the settings ``vncards compare`` lists, what a preset changes.

    >>> SamTools(SamLoc()).summary(PRESETS["standard"])["hand_size"]
    10
    """

    compare_facts = COMPARE_FACTS  # what vncards compare measures of it

    def __init__(self, game: SamLoc) -> None:
        self._played = game  # whose table the words describe, whose moves are tried

    def first_seat(self, state: ClimbState) -> int:
        """The seat that would lead before any Sâm declaration (``record_deal`` leaves it
        out of a first game's record, where the rules find it again).

        >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=7, first=2)
        >>> plugin.first_seat(st), plugin.record_deal(st)["first"]
        (2, 2)
        """
        return state.first

    def table_talk(self, vietnamese: bool = False, rules: SamRules | None = None) -> ClimbTalk:
        """What a play screen says about this game (:class:`~vncards.core.SpeaksAtTable`),
        with the amounts of ``rules`` (the default preset's when ``None``).

        >>> plugin.table_talk().reason("sam")
        'a Sâm made'
        """
        return table_talk(self._played, rules or PRESETS[DEFAULT_PRESET], vietnamese)

    def action_warning(self, state: ClimbState, action: SheddingAction) -> str | None:
        """What báo một penalty a legal ``action`` incurs (a single lower than the
        player's highest card, or a pass, while the next player holds one card), else
        ``None``; ``state`` is left unchanged. A screen asks before making such a play.

        >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=7)
        >>> plugin.action_warning(st, plugin.decision(st).actions[0]) is None
        True
        """
        trial = cast(SamState, state.copy())
        before = len(trial.viol)
        try:
            self._played.apply(trial, action)
        except IllegalMove:
            return None
        if len(trial.viol) == before:
            return None
        return (
            "breaks báo một: the next player holds one card and this does not play your"
            " highest single against them; if they go out, you pay for every loser."
        )

    def summary(self, rules: SamRules) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``.

        >>> plugin.summary(plugin.presets["a23"])["straights"]
        'A-2-3 < 2-3-4 < … < Q-K-A'
        """
        straights = (
            "3…A (no 2)" if rules.straight_order == "standard" else "A-2-3 < 2-3-4 < … < Q-K-A"
        )
        return {
            "deck": "french 52",
            "players": f"{rules.min_players}-{rules.max_players}",
            "hand_size": 10,
            "first_lead": rules.first_lead,
            "combinations": ["single", "pair", "triple", "straight", "quad"],
            "suits_break_ties": False,
            "straights": straights,
            "chops": [
                f"quad > single 2 ({rules.chop_two} lá)",
                f"quad > quad (higher, {rules.chop_quad} lá)",
            ],
            "chop_chain": (
                "each chop on a chop adds the chopped value"
                if rules.chop_chain == "accumulate"
                else f"each chop on a chop adds {rules.chop_chain_step} lá"
            ),
            "passed_may_chop": False,
            "finish_on_two": rules.finish_on_two,
            "instant_wins": [code for code, _ in INSTANT_WINS],
            "instant_wins_first_game_only": rules.instant_wins_first_game_only,
            "sam": (
                f"success: {rules.sam} from each opponent; failure: "
                + (
                    f"{rules.sam} × {rules.sam_failure_basis} to the blocker"
                    if rules.sam_failure_payee == "blocker"
                    else f"{rules.sam} to every other player"
                )
            ),
            "scoring": (
                f"lá left + {rules.held_two} per 2"
                + (f" + {rules.held_quad} per tứ quý" if rules.held_quad else "")
                + f"; cóng {rules.cong}; tới trắng {rules.instant_win}"
                + (" + 2s and tứ quý" if rules.instant_win_counts_held else "")
            ),
        }

    def preset_differences(self, name: str) -> dict[str, tuple[Any, Any]]:
        """Settings where preset ``name`` differs from the default:
        ``{setting: (default value, preset value)}``.

        >>> plugin.preset_differences("a23")["max_players"]
        (5, 4)
        """
        return preset_differences(name)

    def game_stats(self, state: ClimbState) -> dict[str, int]:
        """Counts for simulation tables (chops, cóng, Sâm, báo một violations, …).

        >>> from vncards.core import play_game
        >>> st = plugin.new_game(plugin.presets["standard"], 4, seed=7)
        >>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(4)])
        >>> stats = plugin.game_stats(game.final)
        >>> stats["sam_declared"], sorted(stats)[:3]
        (0, ['bao_mot_violations', 'chops', 'cong'])
        """
        return game_stats(cast(SamState, state))


MAKERS: dict[str, BotMaker] = {name: SeedOnly(f) for name, f in BOTS.items()}
"""Sâm's bots by name, each made from the plugin and a seed: those of
:data:`~vncards.samloc.BOTS`, and the ``search`` bot."""
MAKERS["search"] = search_bot


if TYPE_CHECKING:

    class SamPlugin(
        Plugin[ClimbState, SheddingAction, SamRules],
        SamTools,
        ClimbingQueries[SamRules],
    ):
        """The plugin as the type checker sees it: the members its tools lend it."""

        bots: Mapping[str, Callable[..., Any]]
        """Makers of this plugin's bots: a seed, and a thinking budget for ``search``."""

        def new_game(
            self, rules: SamRules, n_players: int, seed: int, *, first: int | None = None
        ) -> SamState:
            """A Sâm state."""
            ...

        def view(self, state: ClimbState, seat: int) -> ShedView:
            """A seat's view, a climbing game's."""
            ...

        def start(
            self, rules: SamRules, hands: Sequence[int], first: int, *, later: bool = False
        ) -> SamState:
            """A Sâm game from a given deal."""
            ...

else:
    SamPlugin = Plugin


def build_plugin(game: SamLoc) -> SamPlugin:
    """The Sâm plugin of ``game`` (a :class:`SamLoc`, or a subclass of it with other
    hooks): its record codec, probes and queries are core's climbing ones, its bots and
    tools Sâm's.

    >>> build_plugin(SamLoc())
    Plugin('samloc')
    """
    made: Plugin[ClimbState, SheddingAction, SamRules] = Plugin(
        game,
        ClimbingCodec(game),
        MAKERS,
        probes=ClimbingProbes(game),
        tools=(SamTools(game), ClimbingQueries(game)),
    )
    return cast("SamPlugin", made)


plugin = build_plugin(SamLoc())
"""The Sâm Lốc plugin (entry point ``samloc`` in the ``vncards.games`` group)."""
