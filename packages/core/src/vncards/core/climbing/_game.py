"""The :class:`~vncards.core.Game` of a climbing (shedding) game on the French deck, made
from the game's hooks.

Tiến lên and Sâm subclass :class:`ClimbingGame`: it deals, lists legal actions, carries
them out, says why one is refused, builds views and determinized states; the subclass
supplies the hooks (:mod:`._hooks`): the engine (combination rules, chop table), hand
size, who leads, instant wins, declarations and the result. The game's record codec,
queries and probes are core's too (:class:`~vncards.core.ClimbingCodec`,
:class:`~vncards.core.ClimbingQueries`, :class:`~vncards.core.ClimbingProbes`), and
core's :class:`~vncards.core.Plugin` puts them together. Its rooms: the hooks
(:mod:`._hooks`), turns (:mod:`._turns`), views (:mod:`._seeing`) and the compiled loop
(:mod:`._loop`), the game's one declared fast seam (:meth:`ClimbingGame.playout`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vncards.core._bots import RandomBot
from vncards.core._errors import IllegalMove
from vncards.core._game import Bot
from vncards.core._rng import Rng
from vncards.core.climbing._actions import SheddingAction
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._loop import LoopPlan, run_playout
from vncards.core.climbing._seeing import ClimbingViews

__all__ = ["ClimbingGame", "random_first"]


class ClimbingGame(ClimbingViews[RulesT]):
    """A climbing game as a :class:`~vncards.core.Game`. A subclass sets :attr:`info`
    and implements the hooks :meth:`engine`, :meth:`player_range`, :meth:`hand_size`,
    :meth:`choose_first` and :meth:`result`; it may override :meth:`at_deal` (instant
    wins), :meth:`extra_actions`, :meth:`apply_other` and :meth:`side_decision`
    (declarations), and the others of :class:`~vncards.core.climbing._hooks.ClimbingHooks`.
    It declares :attr:`plays_fast` when the compiled loop may play it.

    A whole game in a few lines — 5 cards each, tứ quý chops a 2, the winner collects
    one lá per card left:

    >>> from vncards.core import (CARDS, FRENCH, TRUE, ActionKey, ChopRule, ClimbConfig,
    ...     ClimbingCodec, ComboRules, GameInfo, GameResult, Kind, Ledger, Plugin,
    ...     RandomBot, RecordVocabulary, RulesBase, play_game, record_game)
    >>> class Rules(RulesBase):
    ...     cards: int = 5
    >>> words = RecordVocabulary(actions=(ActionKey("play", CARDS), ActionKey("pass", TRUE)))
    >>> class Tiny(ClimbingGame[Rules]):
    ...     info = GameInfo("tiny", "Tiny climbing game", FRENCH, Rules, {"std": Rules()},
    ...                     "std", words)
    ...     plays_fast = True  # decides and applies as the base does
    ...     def engine(self, rules):
    ...         chops = (ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12),)
    ...         return ClimbEngine(ClimbConfig(ComboRules(), chops, lambda target: 3))
    ...     def player_range(self, rules): return (2, 4)
    ...     def hand_size(self, rules): return rules.cards
    ...     def choose_first(self, rules, hands, seed): return random_first(seed, len(hands))
    ...     def result(self, state):
    ...         led = Ledger(state.n_players)
    ...         led.extend(state.chop_transfers)  # chop chains paid so far
    ...         if state.finished:
    ...             for seat, hand in enumerate(state.hands):
    ...                 led.pay(seat, state.winner, hand.bit_count(), "cards-left")
    ...         won = state.winner if state.finished else None
    ...         return GameResult(state.finished, "win" if state.finished else None, won,
    ...                           None, tuple(led.net), (), tuple(led.transfers))
    >>> game = Tiny()
    >>> plugin = Plugin(game, ClimbingCodec(game), {"random": lambda g, seed: RandomBot(seed)})
    >>> state = plugin.new_game(Rules(), 3, seed=7)
    >>> played = play_game(plugin, state, [RandomBot(i) for i in range(3)])
    >>> record = record_game(plugin, played, ["An", "Bình", "Chi"], bet=2)
    >>> report = plugin.referee(record)
    >>> report.legal, report.finished, sum(report.payments.values())
    (True, True, 0)
    >>> report.winner == ["An", "Bình", "Chi"][state.winner]
    True
    """

    def players(self, rules: RulesT) -> tuple[int, int]:
        """Fewest and most players (the :meth:`player_range` hook)."""
        return self.player_range(rules)

    def why_illegal(self, state: ClimbState, action: SheddingAction) -> IllegalMove | None:
        """The refusal :meth:`apply` would raise for ``action``, or ``None``: what it
        raises on a copy of ``state`` (a game that can say it without trying, from its
        engine's checks, :func:`~vncards.core.climb_refusal`, says it quicker)."""
        trial = state.copy()
        try:
            self.apply(trial, action)
        except IllegalMove as e:
            return e
        return None

    def playout(
        self,
        state: ClimbState,
        bots: Sequence[Bot],
        record: Callable[[SheddingAction], None],
        max_steps: int,
    ) -> bool:
        """The :class:`~vncards.core.FastPlayout` seam: :func:`~vncards.core.play_game`'s
        loop with the choices of random bots drawn here — the same draws and actions,
        without a list of actions or a view per choice. Other bots are asked through
        their view as in the plain loop, and the state keeps every event. When every
        seat is a random bot drawn for, no one reads a view: the state then keeps no
        events of this playout (a simulation reads only its result), which saves about
        a tenth of the time of such a game.

        Returns ``False`` (having done nothing) unless the game declares
        :attr:`plays_fast`, so that the plain loop runs.
        """
        if not self.plays_fast:
            return False
        # a bot that chooses as RandomBot does is drawn for here: one random() per choice
        draws = [bot._random if _drawn_for(bot) else None for bot in bots]  # type: ignore[attr-defined]
        if None not in draws:
            kept = state.events
            state.events = []  # what the engine tells goes here, and is dropped
            try:
                return self._playout(state, bots, draws, record, max_steps, False)
            finally:
                state.events = kept
        return self._playout(state, bots, draws, record, max_steps, True)

    def _playout(
        self,
        state: ClimbState,
        bots: Sequence[Bot],
        draws: list[Callable[[], float] | None],
        record: Callable[[SheddingAction], None],
        max_steps: int,
        keep_events: bool,
    ) -> bool:
        """:meth:`playout`'s loop (compiled, see :func:`~._loop.run_playout`);
        ``keep_events`` off for random bots alone."""
        side = self.side_decision if self.has_side_decisions else None
        eng = state.engine
        assert eng is not None, "a state of this game carries its engine"
        plan: LoopPlan | None = eng._loop_parts
        if plan is None or plan.game is not type(self):
            plan = eng._loop_parts = _loop_plan(eng, type(self))
        return run_playout(self, state, plan, side, bots, draws, record, max_steps, keep_events)


def _loop_plan(eng: ClimbEngine, game: type[ClimbingGame[RulesT]]) -> LoopPlan:
    """How the loop drives ``eng`` for a game of class ``game``, from their classes
    (worked out once per engine: engines are stateless and shared)."""
    base_steps = (
        game._turn_parts is ClimbingGame._turn_parts,
        game.apply is ClimbingGame.apply,
        game._view is ClimbingGame._view,
    )
    return LoopPlan(
        eng.offers_legal_plays, eng.offers_legal_passes, eng.anyone_may_pass, game, base_steps
    )


def _drawn_for(bot: Bot) -> bool:
    """Whether :meth:`ClimbingGame.playout` may draw for ``bot`` (see
    :attr:`RandomBot.drawn_in_loop`)."""
    return isinstance(bot, RandomBot) and bot.drawn_in_loop


def random_first(seed: int | None, n_players: int) -> int | None:
    """A seeded random first seat, or ``None`` without a seed.

    >>> random_first(7, 4) == random_first(7, 4), random_first(None, 4)
    (True, None)
    """
    if seed is None:
        return None
    return Rng(seed ^ 0x5F5E_1000).below(n_players)
