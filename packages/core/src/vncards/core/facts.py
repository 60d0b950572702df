"""What a game tells ``vncards compare`` about itself: the unit its payments are counted
in, whether a first seat (or dealer) means anything, the player count each preset is
played at, its rule-aware casual bot, its strongest bot, and the rules a seat can be
forbidden to use (restricted play).

A game declares these as one :class:`CompareFacts` value, its ``compare_facts``
attribute; a game without one gets the defaults (lá, a first seat, four players where
allowed, ``greedy``).

>>> facts = CompareFacts(unit="chi", first_seat=False)
>>> facts.unit, facts.players_for("standard", (2, 4))
('chi', 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from vncards.core._events import View

__all__ = ["CompareFacts", "ComparesGames", "RestrictedBot", "Restriction", "facts_of"]


@dataclass(frozen=True)
class Restriction:
    """A rule one seat may not use. ``forbids(view, action)`` says whether an action
    uses it (a module-level function, so that worker processes can pickle it); or
    ``blind`` names rule settings the seat is made to believe instead, so that it plays
    as if the rule did not exist (for bots that read the rules rather than the list of
    actions, such as a Mậu Binh arranger).

    >>> r = Restriction("no-pass", "never pass", forbids=lambda view, a: a == "pass")
    >>> r.key, r.forbids is not None, r.blind
    ('no-pass', True, {})
    """

    key: str
    description: str
    forbids: Callable[[View, Any], bool] | None = None
    blind: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CompareFacts:
    """A game's facts for comparisons (see the module docstring).

    ``unit`` is what payments count (``lá`` cards, ``chi`` hands); ``first_seat``
    whether who acts first (or deals) is a seat worth measuring; ``timed`` whether a
    game's length and its forced decisions depend on its play (not where every seat
    makes one choice, as in Mậu Binh); ``players`` the count
    each preset is played at when it is not the usual four (``{"five-players": 5}``);
    ``casual`` the bot that plays the game's rules as a casual player does (declares,
    chops); ``skilled`` the strongest bot (searching at a fixed budget where it
    searches); ``bot_options`` keywords a comparison gives a bot's factory (a lighter
    setting that keeps many games fast); ``counted`` counters of its own, beyond its
    declared statistics, to report per 100 games (key → label); ``restrictions`` the
    rules a seat can be forbidden (by key).
    """

    unit: str = "lá"
    first_seat: bool = True
    timed: bool = True
    players: Mapping[str, int] = field(default_factory=dict)
    casual: str = "greedy"
    skilled: str = "search"
    bot_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    counted: Mapping[str, str] = field(default_factory=dict)
    restrictions: Sequence[Restriction] = ()

    def players_for(self, preset: str, allowed: tuple[int, int]) -> int:
        """The player count of ``preset``: its own when declared, else four where the
        rules allow it (the nearest allowed count otherwise).

        >>> CompareFacts(players={"big": 5}).players_for("big", (2, 5))
        5
        >>> CompareFacts().players_for("x", (2, 3))
        3
        """
        lo, hi = allowed
        own = self.players.get(preset)
        if own is not None and lo <= own <= hi:
            return own
        return max(int(lo), min(4, int(hi)))

    def restriction(self, key: str) -> Restriction | None:
        """The restriction named ``key``, or None.

        >>> CompareFacts().restriction("no-chop") is None
        True
        """
        return next((r for r in self.restrictions if r.key == key), None)


@runtime_checkable
class ComparesGames(Protocol):
    """A plugin that declares its :class:`CompareFacts`."""

    @property
    def compare_facts(self) -> CompareFacts:
        """The game's facts for ``vncards compare``."""
        ...


def facts_of(plugin: Any) -> CompareFacts:
    """The plugin's declared facts, or the defaults.

    >>> facts_of(object()).unit
    'lá'
    """
    facts = getattr(plugin, "compare_facts", None)
    return facts if isinstance(facts, CompareFacts) else CompareFacts()


class RestrictedBot:
    """A bot that may not use one rule: the actions using it are taken from its list
    (when some action is left), and a ``blind`` restriction changes the rules its view
    shows. A bot that answers with a forbidden action anyway is given the first allowed
    action instead.

    >>> from vncards.core import RandomBot
    >>> r = Restriction("no-a", "never a", forbids=lambda view, a: a == "a")
    >>> bot = RestrictedBot(RandomBot(1), r)
    >>> {bot.choose(None, ["a", "b"], False) for _ in range(5)}  # type: ignore[arg-type]
    {'b'}
    >>> bot.choose(None, ["a"], False)  # type: ignore[arg-type]
    'a'
    """

    def __init__(self, inner: Any, restriction: Restriction) -> None:
        self.inner = inner
        self.restriction = restriction
        self.name = f"{getattr(inner, 'name', 'bot')}-{restriction.key}"
        self.stats = getattr(inner, "stats", None)

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """The inner bot's choice among the actions that do not use the rule."""
        r = self.restriction
        if r.blind:
            rules = getattr(view, "rules", None)
            if rules is not None and hasattr(rules, "model_copy"):
                view = dataclasses.replace(
                    view,
                    rules=rules.model_copy(update=dict(r.blind)),  # type: ignore[call-arg]
                )
        if r.forbids is None:
            choice = self.inner.choose(view, actions, optional)
            self.stats = getattr(self.inner, "stats", None)
            return choice
        allowed = [a for a in actions if not r.forbids(view, a)]
        if not allowed:
            # every action uses the rule: the seat must (a forced choice), or declines
            if optional:
                return None
            allowed = list(actions)
        choice = self.inner.choose(view, allowed, optional)
        self.stats = getattr(self.inner, "stats", None)
        if choice is not None and r.forbids(view, choice):
            return allowed[0]
        return choice


# ----------------------------------------------------------------- shared predicates


def _is_pair_run(mask: int) -> bool:
    """Three or more consecutive pairs below the 2s (đôi thông)."""
    from vncards.core._cardset import rank_counts

    counts = rank_counts(mask)
    ranks = [r for r, c in enumerate(counts) if c]
    return (
        len(ranks) >= 3
        and all(counts[r] == 2 for r in ranks)
        and ranks[-1] < 12
        and ranks[-1] - ranks[0] == len(ranks) - 1
    )


def _is_quad(mask: int) -> bool:
    """Four cards of one rank (tứ quý)."""
    return mask.bit_count() == 4 and any((mask >> (4 * r)) & 15 == 15 for r in range(13))


def plays_bomb_over_table(view: View, action: Any) -> bool:
    """Whether a climbing-game action plays a tứ quý or đôi thông over a combination on
    the table: the plays that chop (chặt).

    >>> from types import SimpleNamespace
    >>> from vncards.core import CardSet
    >>> from vncards.core.climbing._actions import Play
    >>> quad = Play(0, CardSet.parse("7S 7C 7D 7H").mask)
    >>> plays_bomb_over_table(SimpleNamespace(table="2H"), quad)  # type: ignore[arg-type]
    True
    >>> plays_bomb_over_table(SimpleNamespace(table=None), quad)  # type: ignore[arg-type]
    False
    """
    mask = getattr(action, "cards", None)
    if not isinstance(mask, int) or getattr(view, "table", None) is None:
        return False
    return _is_quad(mask) or _is_pair_run(mask)


def plays_pair_run(view: View, action: Any) -> bool:
    """Whether a climbing-game action plays đôi thông (three or more consecutive pairs).

    >>> from vncards.core import CardSet
    >>> from vncards.core.climbing._actions import Play
    >>> run, gap = CardSet.parse("3S 3H 4S 4H 5S 5H"), CardSet.parse("3S 3H 4S 4H 6S 6H")
    >>> plays_pair_run(None, Play(0, run.mask)), plays_pair_run(None, Play(0, gap.mask))
    (True, False)
    """
    mask = getattr(action, "cards", None)
    return isinstance(mask, int) and _is_pair_run(mask)


def declares(view: View, action: Any) -> bool:
    """Whether a climbing-game action is a declaration (báo Sâm).

    >>> from vncards.core.climbing._actions import Declare, Pass
    >>> declares(None, Declare(1)), declares(None, Pass(1))  # type: ignore[arg-type]
    (True, False)
    """
    from vncards.core.climbing._actions import Declare

    return isinstance(action, Declare)
