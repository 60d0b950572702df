"""What a game's author writes: a frozen :class:`GameInfo`, a :class:`Game` of about ten
methods, a record :class:`Codec`, and optionally :class:`Probes` for the conformance
suite. None of it knows a framework; core's :class:`~vncards.core.Plugin` builds
everything the tools use (referee, records, schema, CLI, server, environments) from
these parts.

Legality has one source of truth: ``Game.why_illegal`` says which
:class:`~vncards.core.IllegalMove` ``Game.apply`` would raise, or ``None``; ``apply``
raises exactly that, so a screen explains a refusal without trying the action.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from vncards.core._cards import format_card, parse_card, split_card_list
from vncards.core._errors import IllegalMove, NotationError
from vncards.core._events import Event, View
from vncards.core._game import Bot, Decision, GameResult, RulesBase, Words
from vncards.core._plugins import CardLook, Statistic
from vncards.core._records import GameRecord, RecordAction, RecordVocabulary

__all__ = [
    "FRENCH",
    "BotMaker",
    "Codec",
    "ExplainsRefusals",
    "Game",
    "GameInfo",
    "HintsInWords",
    "Notation",
    "Probes",
    "SaysMisreads",
    "SaysViolations",
    "SeedOnly",
    "why_illegal",
]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Hashable)
RulesT = TypeVar("RulesT", bound=RulesBase, contravariant=True)
StateIn = TypeVar("StateIn", contravariant=True)
ActionOut = TypeVar("ActionOut", bound=Hashable, covariant=True)


def _french_id(token: str) -> int:
    return parse_card(token).id


def _french_name(card: int) -> str:
    return format_card(card)


@dataclass(frozen=True)
class Notation:
    """How a game's cards are written: ``name`` (``french``, ``tusac``: the notation
    the tools know by name), ``parse`` (a token to the game's card number, or a
    :class:`~vncards.core.NotationError`), ``format`` (a card number to its record
    token), ``split`` (one typed value to its tokens), ``look`` (how a card looks to
    people, when not as a French card), ``examples`` (entries a help screen shows) and
    ``size`` (card numbers run from ``0`` up to ``size - 1``; those ``format`` refuses
    are no card, so a smaller deck may keep the default).

    >>> FRENCH.parse("10 cơ"), FRENCH.format(31)
    (31, '10H')
    >>> FRENCH.cards("8S 8H")
    [20, 23]
    """

    name: str
    parse: Callable[[str], int]
    format: Callable[[int], str]
    split: Callable[[str], list[str]] = split_card_list
    look: Callable[[str, bool], CardLook] | None = None
    examples: tuple[str, ...] = ()
    size: int = 52

    def deck(self) -> tuple[str, ...]:
        """The record token of every card number, in number order (a screen that draws
        cards from data alone learns the deck from it).

        >>> FRENCH.deck()[:3], len(FRENCH.deck())
        (('3S', '3C', '3D'), 52)
        """
        tokens = []
        for n in range(self.size):
            try:
                tokens.append(self.format(n))
            except (NotationError, ValueError, LookupError):
                continue  # a number of no card
        return tuple(tokens)

    def cards(self, text: str) -> list[int]:
        """The card numbers of one typed value (``"8S 8H"``, ``"10 cơ, J cơ"``)."""
        return [self.parse(t) for t in self.split(text)]


FRENCH = Notation("french", _french_id, _french_name, examples=("3s 4s 5h", "10 cơ", "3♠,4♠"))
"""The French deck in core's card ids (3 lowest, 2 highest): ``3S``, ``10h``, ``2♥``,
``Q rô``. A game numbering its cards otherwise (Phỏm's ace-low order) gives its own
``parse`` and ``format`` under the same name."""


@dataclass(frozen=True)
class GameInfo:
    """What a tool may know of a game without playing it: its ``name`` (records, the
    command line) and ``title``, its card :class:`Notation`, its rules model with the
    named presets (one the default), its record vocabulary (action keys with value
    shapes, outcome codes, transfer reasons), the statistics a simulation reports, and
    the name of its strongest bot (the default opponent), if any: one name, or several,
    strongest first, when the strongest may be a bot another package offers (the first
    installed one is the default; see :func:`strongest_of`).

    >>> from vncards.core import ActionKey, RecordVocabulary, TRUE
    >>> class Rules(RulesBase):
    ...     rounds: int = 3
    >>> info = GameInfo("toy", "A toy game", FRENCH, Rules, {"standard": Rules()}, "standard",
    ...                 RecordVocabulary(actions=(ActionKey("pass", TRUE),)))
    >>> info.rules(None), info.notation.name
    (Rules(rounds=3), 'french')
    """

    name: str
    title: str
    notation: Notation
    rules_model: type[RulesBase]
    presets: Mapping[str, Any]
    default_preset: str
    vocabulary: RecordVocabulary
    statistics: tuple[Statistic, ...] = ()
    strongest_bot: str | tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.default_preset not in self.presets:
            raise ValueError(f"the default preset {self.default_preset!r} is not a preset")
        if self.strongest_bot == ():
            raise ValueError("strongest_bot names no bot: give None, a name or names")

    def rules(self, variant: str | None) -> Any:
        """The preset called ``variant`` (the default one for ``None``)."""
        return self.presets[self.default_preset if variant is None else variant]


@runtime_checkable
class Game(Protocol[StateT, ActionT, RulesT]):
    """The rules of a game, as a handful of methods over its own state and actions.

    States are mutable, have ``copy()`` and compare with ``==``; actions are hashable
    values that name their ``seat``. ``apply`` raises exactly what ``why_illegal``
    returns, and changes nothing then.

    >>> from vncards.phom import PhomGame
    >>> game = PhomGame()
    >>> isinstance(game, Game), game.info.name
    (True, 'phom')
    >>> state = game.deal(game.info.rules(None), 3, 5, None)
    >>> game.why_illegal(state, game.to_act(state).actions[0]) is None
    True
    """

    @property
    def info(self) -> GameInfo:
        """The game's data (:class:`GameInfo`)."""
        ...

    def players(self, rules: RulesT) -> tuple[int, int]:
        """Fewest and most players these rules allow (core checks a deal against it)."""
        ...

    def deal(self, rules: RulesT, n_players: int, seed: int, first: int | None) -> StateT:
        """A new game dealt from ``seed``; ``first`` is a match's previous winner."""
        ...

    def to_act(self, state: StateT) -> Decision[ActionT] | None:
        """The next choice the game waits for; ``None`` once finished."""
        ...

    def legal_actions(self, state: StateT) -> Sequence[ActionT]:
        """Every action ``apply`` accepts now, by any seat."""
        ...

    def why_illegal(self, state: StateT, action: ActionT) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` if it is legal."""
        ...

    def apply(self, state: StateT, action: ActionT) -> list[Event]:
        """Carry out ``action`` and return the events it caused, in order."""
        ...

    def decline(self, state: StateT, seat: int) -> None:
        """``seat`` declines an optional choice (or :class:`IllegalMove`)."""
        ...

    def view(self, state: StateT, seat: int) -> View:
        """What ``seat`` may know of ``state``."""
        ...

    def determinize(self, view: View, rng: random.Random) -> StateT:
        """A full state consistent with ``view`` (hidden cards dealt at random)."""
        ...

    def result(self, state: StateT) -> GameResult:
        """Outcome and net lá per seat (settled payments only while unfinished)."""
        ...


@runtime_checkable
class Codec(Protocol[StateT, ActionT, RulesT]):
    """The record side of a game. Card tokens are read with the game's notation: a
    :class:`~vncards.core.NotationError` raised here reaches the caller as a
    :class:`~vncards.core.RecordError` (core wraps it once); the player count of a
    record is checked by core before ``read_deal``.

    >>> from vncards.phom import Draw, PhomCodec
    >>> codec = PhomCodec()
    >>> isinstance(codec, Codec), codec.write_action(Draw(1))
    (True, {'draw': True})
    """

    def read_deal(self, record: GameRecord, rules: RulesT) -> StateT:
        """The starting state a record describes (``RecordError`` if it is no deal)."""
        ...

    def read_action(self, state: StateT, action: RecordAction, seat: int) -> ActionT:
        """One record action of ``seat`` as the game's action."""
        ...

    def write_action(self, action: ActionT) -> dict[str, Any]:
        """A record action without ``player`` (no state needed)."""
        ...

    def write_deal(self, state: StateT) -> dict[str, Any]:
        """``hands`` (by seat, as tokens), plus ``first`` seat and ``stock`` when used."""
        ...


@runtime_checkable
class Probes(Protocol[StateIn, ActionOut]):
    """What the conformance suite asks beyond the game: actions to try and every card.

    A plugin built without probes is probed with its legal actions only, and its card
    conservation is not checked.

    >>> from vncards.phom import PhomGame, PhomProbes
    >>> state = PhomGame().deal(PhomGame.info.rules(None), 2, 1, None)
    >>> isinstance(PhomProbes(), Probes), len(PhomProbes().card_multiset(state))
    (True, 52)
    """

    def action_universe(self, state: StateIn) -> Iterable[ActionOut]:
        """A superset of the legal actions, many of them illegal, for every seat."""
        ...

    def card_multiset(self, state: StateIn) -> list[int]:
        """Every card of the game in every zone, sorted."""
        ...


BotMaker = Callable[[Any, int], Bot]
"""Makes a bot from the game's plugin and a seed: a search bot gets the game it
searches from its caller, so a game's bots need not import its plugin.

>>> from vncards.core import RandomBot
>>> random_player: BotMaker = lambda game, seed: RandomBot(seed)
>>> random_player(None, 3).name
'random'
"""


@dataclass(frozen=True)
class SeedOnly:
    """The :data:`BotMaker` of a bot factory that needs no game, only a seed (and its
    own options): ``SeedOnly(factory)(game, seed, **options)`` is
    ``factory(seed, **options)``. Its signature is the factory's with ``game`` first,
    so a tool hands it only the keywords the factory takes; it pickles when the
    factory does.

    >>> from vncards.core import RandomBot
    >>> SeedOnly(RandomBot)(None, 3).name
    'random'
    >>> "decline" in inspect.signature(SeedOnly(RandomBot)).parameters
    True
    """

    factory: Callable[..., Bot]

    @property
    def __signature__(self) -> inspect.Signature:
        # positional only: a compiled factory's own parameters may all be
        game = inspect.Parameter("game", inspect.Parameter.POSITIONAL_ONLY)
        try:
            own = inspect.signature(self.factory)
        except (TypeError, ValueError):  # a callable that does not tell: a seed
            seed = inspect.Parameter("seed", inspect.Parameter.POSITIONAL_OR_KEYWORD)
            return inspect.Signature([game, seed])
        return own.replace(parameters=[game, *own.parameters.values()])

    def __call__(self, game: object, seed: int, **options: Any) -> Bot:
        return self.factory(seed, **options)


@runtime_checkable
class ExplainsRefusals(Protocol):
    """A plugin that says why an action is refused without trying it.

    >>> class Game:
    ...     def why_illegal(self, state, action): return None
    >>> isinstance(Game(), ExplainsRefusals)
    True
    """

    def why_illegal(self, state: Any, action: Any) -> IllegalMove | None:
        """The refusal ``apply`` would raise, or ``None``."""
        ...


def why_illegal(plugin: Any, state: Any, action: Any) -> IllegalMove | None:
    """Why ``plugin`` refuses ``action`` in ``state`` (``None``: it accepts it), leaving
    ``state`` unchanged: the plugin's own ``why_illegal`` when it has one, else what its
    ``apply`` raises on a copy of the state.

    >>> from vncards.core import Pass, get_game
    >>> game = get_game("tienlen")
    >>> state = game.new_game(game.presets["dem-la"], 4, seed=1)
    >>> why_illegal(game, state, Pass((state.turn + 1) % 4)).code
    'not-your-turn'
    """
    if isinstance(plugin, ExplainsRefusals):
        return plugin.why_illegal(state, action)
    trial = state.copy()
    try:
        plugin.apply(trial, action)
    except IllegalMove as e:
        return e
    return None


# A game's words for one language (a :class:`~vncards.core.TableTalk`) may say more
# than a table: the three protocols below are what a screen asks of them when they do.


@runtime_checkable
class SaysMisreads(Protocol):
    """Words that say, in their language, why what a player typed could not be read:
    a card in no notation, a move of the wrong form (the error's ``code`` and
    ``fields``, :func:`~vncards.core.error_words`).

    >>> from vncards.core import NotationError, get_game
    >>> talk = get_game("tienlen").table_talk(vietnamese=True)
    >>> isinstance(talk, SaysMisreads), talk.misread(NotationError("3X", code="bad-suit"))
    (True, "không có lá '3X': chất phải là S C D H, ♠ ♣ ♦ ♥ hay bích, chuồn/tép, rô, cơ")
    """

    def misread(self, error: Exception) -> str:
        """Why ``error``'s input was not read, one line (its message when unknown)."""
        ...


@runtime_checkable
class SaysViolations(Protocol):
    """Words for a legal action's penalty as the referee reports it (a
    :class:`~vncards.core.Violation`: the rule's code and the engine's sentence).

    >>> from vncards.core import get_game
    >>> talk = get_game("samloc").table_talk(vietnamese=True)
    >>> isinstance(talk, SaysViolations)
    True
    """

    def violation(self, rule: str, message: str) -> str:
        """The penalised act and what it costs, in this language (``message`` when the
        rule has no words here)."""
        ...


@runtime_checkable
class HintsInWords(Protocol):
    """Words that say a game's suggested moves (:class:`~vncards.core.SuggestsMoves`)
    in their language, each with its reason.

    >>> from vncards.core import get_game
    >>> isinstance(get_game("maubinh").table_talk(vietnamese=True), HintsInWords)
    True
    """

    def hint(self, view: View) -> list[tuple[Words, Any]]:
        """The game's suggested legal actions of ``view.seat``, best first, in words."""
        ...
