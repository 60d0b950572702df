"""Core's :class:`Plugin`: a game's small parts (its :class:`~vncards.core.Game`,
:class:`~vncards.core.Codec`, bots and optional probes and tools) put together as the
whole plugin every tool uses (:class:`~vncards.core.GamePlugin`).

What every game would otherwise write again lives here once: the player count of a
deal and of a record checked against the game's range, a card that cannot be read
turned into a :class:`~vncards.core.RecordError`, the referee, the seat-free record
writer, and bots handed the plugin they play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

from vncards.core._cards import split_card_list
from vncards.core._errors import IllegalMove, NotationError, RecordError, RulesError
from vncards.core._events import Event, View
from vncards.core._game import BotFactory, Decision, GameResult, RulesBase, referee
from vncards.core._iface import BotMaker, Codec, Game, GameInfo, Probes
from vncards.core._plugins import strongest_of
from vncards.core._records import GameRecord, RecordAction, RecordVocabulary, RefereeReport

__all__ = ["Plugin"]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
RulesT = TypeVar("RulesT", bound=RulesBase)
T = TypeVar("T")

# members the plugin answers by default and a tool may answer better
_DEFAULTS = frozenset({"summary"})

# members that only pass the call on to the game: the game's own bound methods stand in
# for them on each plugin (a simulation or a search asks them at every step, and a call
# through the plugin would cost one more frame each time)
_BOUND = (
    ("decision", "to_act"),
    ("apply", "apply"),
    ("decline", "decline"),
    ("view", "view"),
    ("determinize", "determinize"),
    ("result", "result"),
    ("why_illegal", "why_illegal"),
)


class Plugin(Generic[StateT, ActionT, RulesT]):
    """A whole game plugin from a game's parts; what the ``vncards.games`` entry point
    names.

    ``game`` plays (:class:`~vncards.core.Game`), ``codec`` reads and writes records
    (:class:`~vncards.core.Codec`), ``bots`` are makers taking this plugin and a seed,
    ``probes`` (:class:`~vncards.core.Probes`) help the conformance suite, and each of
    ``tools`` lends the plugin its public members: the optional capabilities a tool
    asks for (queries such as ``classify_cards``, screen words, statistics counters).
    A game method ``playout`` is the game's declared fast path (see
    :class:`~vncards.core.FastPlayout`). The members that only pass a call on to the
    game (``decision``, ``apply``, ``decline``, ``view``, ``determinize``, ``result``,
    ``why_illegal``) are the game's own bound methods on each plugin (``apply`` what
    the game's ``applier()`` gives, when it has one: a climbing game's is one compiled
    call).

    ``docs/recipes/write-a-game.md`` builds a whole game this way; Phỏm's plugin is
    one:

    >>> from vncards.phom import plugin
    >>> plugin, plugin.deck, plugin.player_range(plugin.presets["standard"])
    (Plugin('phom'), 'french', (2, 4))
    >>> plugin.apply == plugin.game.apply  # the game's own method, called straight
    True
    >>> try:
    ...     plugin.new_game(plugin.presets["standard"], 5, seed=1)
    ... except RulesError as e:
    ...     print(e)
    phom is played by 2 to 4 players, not 5
    """

    name: str
    title: str
    deck: str
    rules_model: type[RulesT]
    presets: Mapping[str, RulesT]
    default_preset: str
    record_vocabulary: RecordVocabulary
    bots: Mapping[str, BotFactory]

    def __init__(
        self,
        game: Game[StateT, Any, RulesT],
        codec: Codec[StateT, Any, RulesT],
        bots: Mapping[str, BotMaker],
        *,
        probes: Probes[StateT, Any] | None = None,
        tools: Sequence[object] = (),
    ) -> None:
        info: GameInfo = game.info
        self._parts = (game, codec, dict(bots), probes, tuple(tools))
        self.game, self.codec, self.probes, self.info = game, codec, probes, info
        self.name, self.title, self.deck = info.name, info.title, info.notation.name
        self.rules_model = info.rules_model  # type: ignore[assignment]
        self.presets = MappingProxyType(dict(info.presets))
        self.default_preset = info.default_preset
        self.record_vocabulary = info.vocabulary
        self.bots = MappingProxyType({k: partial(make, self) for k, make in bots.items()})
        for mine, theirs in _BOUND:
            setattr(self, mine, getattr(game, theirs))
        for name, value in self._lent(game, tools).items():
            setattr(self, name, value)

    def _lent(self, game: object, tools: Sequence[object]) -> dict[str, Any]:
        """The optional members the parts give the plugin, by name (a tool's last: what
        it names replaces what the game's data gives)."""
        info = self.info
        lent: dict[str, Any] = {}
        if info.statistics:
            lent["statistics"] = info.statistics
        if info.strongest_bot is not None:  # again once other packages' bots join
            lent["default_opponent"] = strongest_of(info.strongest_bot, self.bots)
        notation = info.notation
        if notation.look is not None:
            lent["card_look"] = notation.look
        if notation.examples:
            lent["notation_examples"] = notation.examples
        if notation.split is not split_card_list:
            lent["split_card_list"] = notation.split
        playout = getattr(game, "playout", None)
        if playout is not None:
            lent["playout"] = playout
        applier = getattr(game, "applier", None)
        if applier is not None:  # the game's apply as one call (a climbing game's)
            lent["apply"] = applier()
        for tool in tools:
            for name in dir(tool):
                if not name.startswith("_") and (name in _DEFAULTS or not hasattr(self, name)):
                    lent[name] = getattr(tool, name)
        return lent

    def __repr__(self) -> str:
        return f"Plugin({self.name!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # made again from its parts (a worker process gets a plugin that is no
        # installed game this way)
        return (_rebuild, (self._parts,))

    # ------------------------------------------------------------ dealing

    def player_range(self, rules: RulesT) -> tuple[int, int]:
        """Fewest and most players these rules allow (the game's ``players``)."""
        return self.game.players(rules)

    def _players_problem(self, rules: RulesT, n: int) -> str | None:
        lo, hi = self.game.players(rules)
        if lo <= n <= hi:
            return None
        return f"{self.name} is played by {lo} to {hi} players, not {n}"

    def new_game(
        self, rules: RulesT, n_players: int, seed: int, *, first: int | None = None
    ) -> StateT:
        """Deal a new game from ``seed``; :class:`RulesError` for a player count the
        rules do not allow."""
        problem = self._players_problem(rules, n_players)
        if problem is not None:
            raise RulesError(problem)
        return self.game.deal(rules, n_players, seed, first)

    def state_from_record(self, record: GameRecord, rules: RulesT) -> StateT:
        """The deal a record describes; :class:`RecordError` for a player count the
        rules do not allow, an unreadable card or a deal that is not one."""
        problem = self._players_problem(rules, len(record.players))
        if problem is not None:
            raise RecordError(problem)
        return _reading(self.codec.read_deal, record, rules)

    # ------------------------------------------------------------ play

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Every action ``apply`` accepts now."""
        actions = self.game.legal_actions(state)
        # the game's own list when it gives one (simulations ask at every step)
        return actions if isinstance(actions, list) else list(actions)

    def decision(self, state: StateT) -> Decision[ActionT] | None:
        """The next choice (the game's ``to_act``)."""
        return self.game.to_act(state)

    def why_illegal(self, state: StateT, action: ActionT) -> IllegalMove | None:
        """The refusal ``apply`` would raise, or ``None``; ``state`` is unchanged."""
        return self.game.why_illegal(state, action)

    def apply(self, state: StateT, action: ActionT) -> list[Event]:
        """Carry out ``action``: the events it caused, or :class:`IllegalMove`."""
        return self.game.apply(state, action)

    def decline(self, state: StateT, seat: int) -> None:
        """``seat`` declines an optional choice."""
        self.game.decline(state, seat)

    def view(self, state: StateT, seat: int) -> View:
        """What ``seat`` may know."""
        return self.game.view(state, seat)

    def determinize(self, view: View, rng: random.Random) -> StateT:
        """A full state consistent with ``view``."""
        return self.game.determinize(view, rng)

    def result(self, state: StateT) -> GameResult:
        """Outcome and net lá per seat."""
        return self.game.result(state)

    # ------------------------------------------------------------ records

    def action_from_record(self, state: StateT, action: RecordAction, seat: int) -> ActionT:
        """A record action as the game's action; :class:`RecordError` for a bad card."""
        read: ActionT = _reading(self.codec.read_action, state, action, seat)
        return read

    def action_reader(self) -> Callable[[StateT, RecordAction, int], ActionT]:
        """:meth:`action_from_record` as the referee calls it for every action: the
        codec's own one-call reader when it has one (``action_reader``) and this
        plugin reads through it, else the method itself.

        >>> from vncards.phom import plugin
        >>> plugin.action_reader() == plugin.action_from_record
        True
        """
        if type(self).action_from_record is Plugin.action_from_record:
            make = getattr(self.codec, "action_reader", None)
            reader = None if make is None else make()
            if reader is not None:
                return cast(Callable[[StateT, RecordAction, int], ActionT], reader)
        return self.action_from_record

    def action_to_record(self, state: StateT, action: ActionT) -> dict[str, Any]:
        """A record action without ``player`` (``state`` is not needed)."""
        return self.codec.write_action(action)

    def record_deal(self, state: StateT) -> dict[str, Any]:
        """``hands`` by seat, and ``first`` and ``stock`` when the game uses them."""
        return self.codec.write_deal(state)

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's :func:`~vncards.core.referee`)."""
        return referee(self, record)

    # ------------------------------------------------------------ conformance, tools

    def action_universe(self, state: StateT) -> Iterable[ActionT]:
        """The probes' actions to try, else the legal actions."""
        if self.probes is None:
            return self.legal_actions(state)
        universe: Iterable[ActionT] = self.probes.action_universe(state)
        return universe

    def card_multiset(self, state: StateT) -> list[int]:
        """Every card in every zone (the probes'; empty without probes)."""
        return [] if self.probes is None else self.probes.card_multiset(state)

    def summary(self, rules: RulesT) -> dict[str, Any]:
        """Facts for ``vncards compare``: the deck and the player range (a tool with a
        ``summary`` of its own replaces this)."""
        lo, hi = self.game.players(rules)
        return {"deck": self.deck, "players": f"{lo}-{hi}"}


def _reading(read: Callable[..., T], *args: Any) -> T:
    """``read(*args)`` with a card that cannot be read made a :class:`RecordError`."""
    try:
        return read(*args)
    except NotationError as e:
        raise RecordError(str(e)) from None


def _rebuild(parts: tuple[Any, Any, Any, Any, Any]) -> Plugin[Any, Any, Any]:
    """A plugin made again from the parts it was made of (unpickling)."""
    game, codec, bots, probes, tools = parts
    return Plugin(game, codec, bots, probes=probes, tools=tools)
