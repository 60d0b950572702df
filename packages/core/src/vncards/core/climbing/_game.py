"""A ready-made plugin base for climbing (shedding) games on the French deck.

Tiến lên and Sâm subclass :class:`SheddingGame`: it deals, reads and writes record
actions, lists legal actions, drives bots and probes for conformance; the subclass
supplies the engine (combination rules, chop table, hooks), who leads, instant wins
and settlement. Its rooms: the hooks a game supplies (:mod:`._hooks`), turns
(:mod:`._turns`), views (:mod:`._seeing`), records (:mod:`._codec`), card questions
and probes (:mod:`._queries`), and the compiled loop (:mod:`._loop`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vncards.core._bots import RandomBot
from vncards.core._game import Bot, referee
from vncards.core._records import GameRecord, RefereeReport
from vncards.core._rng import Rng
from vncards.core.climbing._actions import SheddingAction
from vncards.core.climbing._engine import ClimbEngine, ClimbState
from vncards.core.climbing._hooks import RulesT
from vncards.core.climbing._loop import LoopPlan, run_playout
from vncards.core.climbing._queries import ClimbingQueries

__all__ = ["SheddingGame", "random_first"]


class SheddingGame(ClimbingQueries[RulesT]):
    """Plugin base for a climbing game. Subclasses set the class attributes and
    implement :meth:`engine`, :meth:`player_range`, :meth:`hand_size`,
    :meth:`choose_first`, :meth:`result` and :meth:`summary`; they may override
    :meth:`at_deal` (instant wins), :meth:`extra_actions` and :meth:`apply_other`
    (declarations).

    A whole game in a few lines — 5 cards each, tứ quý chops a 2, the winner collects
    one lá per card left:

    >>> from vncards.core import (ChopRule, ClimbConfig, ComboRules, GameResult, Kind,
    ...     Ledger, RandomBot, RulesBase, play_game, record_game, referee)
    >>> class Rules(RulesBase):
    ...     cards: int = 5
    >>> class Tiny(SheddingGame[Rules]):
    ...     name, title, rules_model = "tiny", "Tiny climbing game", Rules
    ...     presets, default_preset, bots = {"std": Rules()}, "std", {"random": RandomBot}
    ...     def engine(self, rules):
    ...         chops = (ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12),)
    ...         return ClimbEngine(ClimbConfig(ComboRules(), chops, lambda target: 3))
    ...     def player_range(self, rules): return (2, 4)
    ...     def hand_size(self, rules): return rules.cards
    ...     def choose_first(self, rules, hands, seed): return random_first(seed, len(hands))
    ...     def summary(self, rules): return {"hand_size": rules.cards}
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
    >>> state = game.new_game(Rules(), 3, seed=7)
    >>> played = play_game(game, state, [RandomBot(i) for i in range(3)])
    >>> record = record_game(game, played, ["An", "Bình", "Chi"], bet=2)
    >>> report = game.referee(record)
    >>> report.legal, report.finished, sum(report.payments.values())
    (True, True, 0)
    >>> report.winner == ["An", "Bình", "Chi"][state.winner]
    True
    """

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

        Returns ``False`` (having done nothing) when :attr:`plays_fast` is off, so that
        the plain loop runs.
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

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's :func:`~vncards.core.referee` on this game):
        the first illegal action, the outcome and who pays whom. Raises
        :class:`~vncards.core.RecordError` for a record that cannot be read. The
        class docstring has an example."""
        return referee(self, record)

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
        if plan is None:
            plan = eng._loop_parts = _loop_plan(eng)
        return run_playout(self, state, plan, side, bots, draws, record, max_steps, keep_events)


def _loop_plan(eng: ClimbEngine) -> LoopPlan:
    """How the loop drives ``eng``, from its class's flags (worked out once per engine:
    engines are stateless and shared)."""
    return LoopPlan(eng.offers_legal_plays, eng.offers_legal_passes, eng.anyone_may_pass)


def _drawn_for(bot: Bot) -> bool:
    """Whether :meth:`SheddingGame.playout` may draw for ``bot`` (see
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
