"""Finding game plugins (the ``vncards.games`` entry-point group), the bots other
packages offer for them (the ``vncards.bots`` group), and the optional capabilities a
plugin may offer beyond the game protocol.

A plugin that fails to import, is not a game (a player range that raises included), or
repeats a name already loaded is skipped with a warning naming it; what a plugin prints
while it loads goes to standard error, never to the standard output a tool answers
on; ``VNCARDS_PLUGINS=a,b`` loads only those names. Plugins are trusted code: they run
in the process that loads them, with its rights.

Capabilities are small typed protocols (checkable with ``isinstance``): a tool asks a
plugin for one and does without it when the plugin lacks it, so no tool needs to know a
game's words, colours or statistics.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from types import MappingProxyType
from typing import Any, Literal, Protocol, runtime_checkable

from vncards.core._errors import PluginError
from vncards.core._events import View
from vncards.core._game import Bot, GamePlugin, Words
from vncards.core._search import make_bot

__all__ = [
    "BOTS_ENTRY_POINT_GROUP",
    "ENTRY_POINT_GROUP",
    "AnalyzesHands",
    "BeatsCards",
    "CardColour",
    "CardLook",
    "ClassifiesCards",
    "CountsGames",
    "DealsJson",
    "DescribesAnalysis",
    "ExplainsNotation",
    "ExplainsPresets",
    "ListsMoves",
    "OfferedBot",
    "PluginWarning",
    "ReadsMoves",
    "ReportsStatistics",
    "ShowsCards",
    "SplitsCardLists",
    "Statistic",
    "SuggestsMoves",
    "SummarizesRules",
    "WarnsOfPenalties",
    "discover_games",
    "get_game",
    "offered_bots",
    "offered_elsewhere",
]

ENTRY_POINT_GROUP = "vncards.games"
"""The entry-point group game packages register their plugin object under."""

BOTS_ENTRY_POINT_GROUP = "vncards.bots"
"""The entry-point group through which a package offers a bot for a game it does not
own: the entry point ``GAME.BOT`` names a bot factory (a callable taking a seed)."""


class PluginWarning(UserWarning):
    """A plugin was skipped; the message names the entry point and why."""


# every member of the game protocol (the tools use them all without asking first)
_REQUIRED = (
    "name",
    "title",
    "deck",
    "rules_model",
    "presets",
    "default_preset",
    "bots",
    "player_range",
    "new_game",
    "state_from_record",
    "legal_actions",
    "decision",
    "decline",
    "apply",
    "view",
    "determinize",
    "result",
    "action_from_record",
    "action_to_record",
    "record_deal",
    "action_universe",
    "card_multiset",
    "summary",
    "referee",
)


def _wanted() -> set[str] | None:
    raw = os.environ.get("VNCARDS_PLUGINS")
    if raw is None or not raw.strip():
        return None
    return {p.strip() for p in raw.split(",") if p.strip()}


def _why(error: BaseException) -> str:
    """An exception as a short phrase: its type and the start of its message."""
    text = " ".join(str(error).split())
    if len(text) > 200:
        text = text[:200] + "…"
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _check_presets(plugin: Any) -> None:
    """The default preset is a preset, and every preset's player range answers (the
    tools ask for it without guarding: a range that raises would fail each of them)."""
    if plugin.default_preset not in plugin.presets:
        raise ValueError(f"its default preset {plugin.default_preset!r} is not a preset")
    for rules in plugin.presets.values():
        plugin.player_range(rules)


@dataclass(frozen=True)
class OfferedBot:
    """The factory of a bot that a package offers for a game through the
    ``vncards.bots`` group: ``game`` and ``name`` from the entry point's name
    ``GAME.NAME``, ``reference`` its ``module:attribute``. The factory is imported when
    the first bot is made (listing the games imports nothing), and it pickles, so worker
    processes make the bots too. A thinking budget (``think``, ``iterations``) is handed
    on when the factory takes it.

    >>> offer = OfferedBot("tienlen", "lucky", "vncards.core:RandomBot")
    >>> offer(3).name, offer(3, think=0.5).name
    ('random', 'random')
    """

    game: str
    name: str
    reference: str

    def factory(self) -> Any:
        """The factory the entry point names (importing its module)."""
        return EntryPoint(f"{self.game}.{self.name}", self.reference, BOTS_ENTRY_POINT_GROUP).load()

    def __call__(self, seed: int, **budget: Any) -> Bot:
        """The bot for ``seed`` (with the budget when its factory takes one)."""
        bot: Bot = make_bot(self.factory(), seed, **budget)
        return bot


def offered_bots(game: str, entries: Sequence[EntryPoint] | None = None) -> dict[str, OfferedBot]:
    """The bots the installed packages offer for ``game`` (by name, in name order), from
    the ``vncards.bots`` entry points named ``GAME.BOT``; ``entries`` replaces the
    installed entry points (for tests). A name without a game and a bot is skipped with
    a :class:`PluginWarning`.

    >>> ep = EntryPoint("toy.lucky", "vncards.core:RandomBot", BOTS_ENTRY_POINT_GROUP)
    >>> list(offered_bots("toy", [ep])), offered_bots("other", [ep])
    (['lucky'], {})
    """
    eps = list(entry_points(group=BOTS_ENTRY_POINT_GROUP)) if entries is None else entries
    found: dict[str, OfferedBot] = {}
    for ep in sorted(eps, key=lambda e: e.name):
        owner, _, name = ep.name.partition(".")
        if not owner or not name or ":" in name:
            warnings.warn(
                f"vncards bot entry point {ep.name!r} ({ep.value}) is not named GAME.BOT",
                PluginWarning,
                stacklevel=2,
            )
            continue
        if owner == game and name not in found:
            found[name] = OfferedBot(owner, name, ep.value)
    return found


def offered_elsewhere(game: str, name: str, entries: Sequence[EntryPoint] | None = None) -> str:
    """A sentence for a bot ``name`` that ``game`` lacks: the games the installed
    packages offer it for, or ``""`` when none does (``entries`` as in
    :func:`offered_bots`).

    >>> ep = EntryPoint("tienlen.net", "vncards.envs.net:tienlen", BOTS_ENTRY_POINT_GROUP)
    >>> offered_elsewhere("samloc", "net", [ep])
    "'net' is offered for tienlen only, not for samloc"
    >>> offered_elsewhere("samloc", "clever", [ep])
    ''
    """
    eps = list(entry_points(group=BOTS_ENTRY_POINT_GROUP)) if entries is None else entries
    games = sorted({g for g, _, b in (ep.name.partition(".") for ep in eps) if b == name and g})
    if not games or game in games:
        return ""
    return f"{name!r} is offered for {', '.join(games)} only, not for {game}"


def strongest_of(named: str | tuple[str, ...], bots: Collection[str]) -> str:
    """The default opponent among ``bots`` for a game whose strongest bot is ``named``:
    one name as it is, else the first of the names that ``bots`` holds (the last when
    none is there, so that a tool's error names a bot of the game).

    >>> ranked = ("net", "solver")
    >>> strongest_of(ranked, ["greedy", "solver"]), strongest_of(ranked, ["solver", "net"])
    ('solver', 'net')
    """
    if isinstance(named, str):
        return named
    return next((name for name in named if name in bots), named[-1])


def _add_offered(plugin: Any, offers: Mapping[str, OfferedBot]) -> None:
    """Seat the bots ``offers`` holds among ``plugin``'s bots (a game's own bot of the
    same name wins), so that every tool finds them by name; a game whose strongest bot
    may be an offered one (names in :class:`~vncards.core.GameInfo`'s ``strongest_bot``)
    gets the strongest installed as its ``default_opponent``."""
    extra = {name: offer for name, offer in offers.items() if name not in plugin.bots}
    if not extra:
        return
    try:
        plugin.bots = MappingProxyType({**plugin.bots, **extra})
        named = getattr(getattr(plugin, "info", None), "strongest_bot", None)
        if isinstance(named, tuple):
            plugin.default_opponent = strongest_of(named, plugin.bots)
    except (AttributeError, TypeError) as e:  # a read-only ``bots``
        warnings.warn(
            f"vncards game {plugin.name!r} cannot take the bots {', '.join(extra)}"
            f" offered for it: {_why(e)}",
            PluginWarning,
            stacklevel=3,
        )


def discover_games(
    entries: list[EntryPoint] | None = None,
    bots: list[EntryPoint] | None = None,
) -> dict[str, GamePlugin[Any, Any, Any]]:
    """Load every installed game plugin, by name, in name order, each with the bots
    other packages offer for it (:func:`offered_bots`) among its ``bots``.

    ``entries`` and ``bots`` replace the installed entry points (for tests). A plugin
    that fails to load, lacks a game's members or repeats a loaded name is skipped with
    a :class:`PluginWarning` naming it.

    >>> discover_games([])
    {}
    """
    eps = list(entry_points(group=ENTRY_POINT_GROUP)) if entries is None else entries
    wanted = _wanted()
    found: dict[str, GamePlugin[Any, Any, Any]] = {}
    for ep in sorted(eps, key=lambda e: e.name):
        if wanted is not None and ep.name not in wanted:
            continue
        try:
            # a plugin's own prints go to stderr: stdout is for the tools' answers
            with contextlib.redirect_stdout(sys.stderr):
                plugin = ep.load()
        except BaseException as e:  # sys.exit or Ctrl-C in a plugin's import too
            warnings.warn(
                f"vncards plugin {ep.name!r} ({ep.value}) failed to load: {_why(e)}",
                PluginWarning,
                stacklevel=2,
            )
            continue
        try:
            with contextlib.redirect_stdout(sys.stderr):
                missing = [a for a in _REQUIRED if not hasattr(plugin, a)]
                name = "" if missing else plugin.name
                title = "" if missing else plugin.title
                if not (isinstance(name, str) and isinstance(title, str)):
                    raise TypeError("its name and title must be text")
                if not missing:
                    _check_presets(plugin)
        except BaseException as e:  # a property or method that raises or exits
            warnings.warn(
                f"vncards plugin {ep.name!r} ({ep.value}) is broken: {_why(e)}",
                PluginWarning,
                stacklevel=2,
            )
            continue
        if missing:
            warnings.warn(
                f"vncards plugin {ep.name!r} ({ep.value}) is not a game:"
                f" lacks {', '.join(missing)}",
                PluginWarning,
                stacklevel=2,
            )
            continue
        if name in found:
            warnings.warn(
                f"vncards plugin {ep.name!r} ({ep.value}) repeats the game name {name!r}; skipped",
                PluginWarning,
                stacklevel=2,
            )
            continue
        found[name] = plugin
    if found:
        offers = list(entry_points(group=BOTS_ENTRY_POINT_GROUP)) if bots is None else bots
        for name, plugin in found.items():
            _add_offered(plugin, offered_bots(name, offers))
    return dict(sorted(found.items()))


def get_game(name: str) -> GamePlugin[Any, Any, Any]:
    """The installed game called ``name``; :class:`PluginError` listing the known ones.

    >>> try:
    ...     get_game("no-such-game")
    ... except PluginError as e:
    ...     print(str(e).split(" (")[0])
    unknown game 'no-such-game'
    """
    games = discover_games()
    try:
        return games[name]
    except KeyError:
        known = ", ".join(games) or "none"
        raise PluginError(f"unknown game {name!r} (installed: {known})") from None


# ----------------------------------------------------------------- capabilities


@dataclass(frozen=True)
class Statistic:
    """One statistic a game reports for simulations: the key of its per-game counter
    (:meth:`CountsGames.game_stats`), a short label for a table column, and a sentence.

    Tools show the share of games where the counter was above zero (e.g. games with a
    chop) and its mean per game.

    >>> Statistic("chops", "chop", "Games with at least one chop (chặt).").label
    'chop'
    """

    key: str
    label: str
    description: str = ""


@runtime_checkable
class CountsGames(Protocol):
    """A game that counts things in a finished game (chops, cóng, đền, …)."""

    def game_stats(self, state: Any) -> Mapping[str, int]:
        """Counters of one game, by key."""
        ...


@runtime_checkable
class ReportsStatistics(CountsGames, Protocol):
    """A game that names the statistics worth comparing (``vncards compare`` shows them).

    >>> class Game:
    ...     statistics = (Statistic("chops", "chop"),)
    ...     def game_stats(self, state): return {"chops": 0}
    >>> isinstance(Game(), ReportsStatistics)
    True
    """

    @property
    def statistics(self) -> Sequence[Statistic]:
        """The statistics, in the order a table shows them."""
        ...


CardColour = Literal["red", "yellow", "green", "white", "black"]
"""The colours a card may be shown in."""


@dataclass(frozen=True)
class CardLook:
    """How one card looks to people: its label and colour (``None`` for the default).

    >>> CardLook("tướng đỏ", "red").colour
    'red'
    """

    label: str
    colour: CardColour | None = None


@runtime_checkable
class ShowsCards(Protocol):
    """A game whose cards are not French cards, or look different from them."""

    def card_look(self, token: str, vietnamese: bool = False) -> CardLook:
        """How the card written ``token`` looks (Vietnamese names with ``vietnamese``)."""
        ...


@runtime_checkable
class ExplainsNotation(Protocol):
    """A game whose cards are typed in a notation of its own: examples a help screen
    shows (``vncards play GAME --help`` and the play screen's ``?``).

    >>> class Game:
    ...     notation_examples = ("RK GR", "tướng đỏ, xe xanh")
    >>> isinstance(Game(), ExplainsNotation)
    True
    """

    @property
    def notation_examples(self) -> Sequence[str]:
        """A few card entries as a player would type them, most useful first."""
        ...


@runtime_checkable
class WarnsOfPenalties(Protocol):
    """A game where some legal actions cost a penalty (Sâm's báo một): a screen marks
    them and asks before making them.

    >>> class Game:
    ...     def action_warning(self, state, action): return None
    >>> isinstance(Game(), WarnsOfPenalties)
    True
    """

    def action_warning(self, state: Any, action: Any) -> str | None:
        """A sentence saying what penalty ``action`` (legal in ``state``) incurs, or
        ``None`` when it incurs none. ``state`` is left unchanged."""
        ...


@runtime_checkable
class SplitsCardLists(Protocol):
    """A game that splits a card-list option itself (its own short notation)."""

    def split_card_list(self, text: str) -> list[str]:
        """The card tokens of one command-line value."""
        ...


@runtime_checkable
class ClassifiesCards(Protocol):
    """A game that names the combination some cards form (``vncards classify``)."""

    def classify_cards(self, rules: Any, tokens: Sequence[str]) -> dict[str, Any]:
        """``{"combo": code or None, "cards": [...]}``."""
        ...


@runtime_checkable
class BeatsCards(Protocol):
    """A climbing game that says whether a play beats another (``vncards beats``)."""

    def beats_cards(self, rules: Any, over: Sequence[str], play: Sequence[str]) -> dict[str, bool]:
        """``{"beats": bool, "chop": bool}``."""
        ...


@runtime_checkable
class ListsMoves(Protocol):
    """A climbing game that lists the legal plays from a hand (``vncards moves``)."""

    def moves_cards(
        self, rules: Any, hand: Sequence[str], over: Sequence[str] | None
    ) -> list[dict[str, Any]]:
        """Every legal play from ``hand``, leading or over ``over``."""
        ...


@runtime_checkable
class AnalyzesHands(Protocol):
    """A game that analyses a private hand (``vncards analyze``).

    An ``analyze_cards`` that also takes a ``rules`` keyword is given the rules of the
    chosen variant.
    """

    def analyze_cards(self, tokens: Sequence[str]) -> dict[str, Any]:
        """The hand's analysis as the ``analyze`` contract says."""
        ...


@runtime_checkable
class DescribesAnalysis(Protocol):
    """A game that words its own ``analyze`` answer for people: the screen prints the
    lines, drawing the :class:`~vncards.core.Cards` among them as cards.

    >>> class Game:
    ...     def analysis_words(self, data):
    ...         return [("points: ", str(data["points"]))]
    >>> isinstance(Game(), DescribesAnalysis)
    True
    """

    def analysis_words(self, data: Mapping[str, Any]) -> list[Words]:
        """Lines for the answer ``data`` of ``analyze_cards``."""
        ...


@runtime_checkable
class ReadsMoves(Protocol):
    """A game whose moves are typed at the play prompt in a form of its own (an
    arrangement of a whole hand, say), rather than as the cards of one play.

    ``parse_move`` reads what a person typed into one action of ``view.seat`` or raises
    a :class:`~vncards.core.VncardsError` whose message is one line saying what is
    wrong; whether the action is legal is for ``apply`` to say. ``move_help`` holds the
    lines a help screen shows about the form.

    >>> from vncards.core import VncardsError
    >>> class Game:
    ...     move_help = ("Type a number.",)
    ...     def parse_move(self, view, text):
    ...         if not text.isdigit():
    ...             raise VncardsError(f"{text!r} is not a number")
    ...         return int(text)
    >>> game = Game()
    >>> isinstance(game, ReadsMoves), game.parse_move(None, "7")
    (True, 7)
    >>> try:
    ...     game.parse_move(None, "seven")
    ... except VncardsError as e:
    ...     print(e)
    'seven' is not a number
    """

    @property
    def move_help(self) -> Sequence[str]:
        """How a move is typed, a line each, with an example."""
        ...

    def parse_move(self, view: View, text: str) -> Any:
        """The action ``text`` names for ``view.seat``."""
        ...


@runtime_checkable
class SuggestsMoves(Protocol):
    """A game with too many legal moves to list (every split of a hand): a screen's
    hint shows these few, labelled, instead of the whole list. (``vncards play`` shows
    them for ``h`` on a game that reads its typed moves, :class:`ReadsMoves`.)

    >>> class Game:
    ...     def hint(self, view):
    ...         return [(("the first move",), view.legal[0])]
    >>> isinstance(Game(), SuggestsMoves)
    True
    """

    def hint(self, view: View) -> list[tuple[Words, Any]]:
        """Suggested legal actions of ``view.seat``, best first, each with its words."""
        ...


@runtime_checkable
class DealsJson(Protocol):
    """A game that writes a seeded deal itself (``vncards deal``)."""

    def deal_json(self, rules: Any, n_players: int, seed: int) -> Mapping[str, Any]:
        """Record fields of the deal plus its instant wins."""
        ...


def stocked_deal_json(
    name: str, dealt: Mapping[str, Any], winner: int | None, code: str | None
) -> dict[str, Any]:
    """What ``vncards deal`` prints for a game dealt with a stock: the record fields of
    ``dealt`` (its ``hands`` by seat and its ``stock``) under the names P1, P2, …, and
    the instant win ``code`` of seat ``winner`` when the deal holds one.

    >>> stocked_deal_json("toy", {"hands": [["3S"], ["4S"]], "stock": ["5S"]}, 1, "u")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'game': 'toy', 'players': ['P1', 'P2'], 'hands': {'P1': ['3S'], 'P2': ['4S']},
     'stock': ['5S'], 'instant_wins': [{'player': 'P2', 'code': 'u'}]}
    """
    players = [f"P{i + 1}" for i in range(len(dealt["hands"]))]
    wins = [] if code is None or winner is None else [{"player": players[winner], "code": code}]
    return {
        "game": name,
        "players": players,
        "hands": {players[i]: cards for i, cards in enumerate(dealt["hands"])},
        "stock": dealt["stock"],
        "instant_wins": wins,
    }


@runtime_checkable
class ExplainsPresets(Protocol):
    """A game that says what a preset changes against its default."""

    def preset_differences(self, name: str) -> Any:
        """``{setting: (default value, preset value)}`` or a sentence."""
        ...


@runtime_checkable
class SummarizesRules(Protocol):
    """A game that sums its rules up for ``vncards compare --settings``."""

    def summary(self, rules: Any) -> Mapping[str, Any]:
        """Deck, players, hand size, combinations, chops, instant wins, scoring."""
        ...
