"""Search over hidden cards: a bot that thinks by playing the game out many times.

A seat never sees the others' cards, so :class:`SearchBot` samples them: each round it
asks the plugin for one full state consistent with its view (``determinize``), plays
every candidate action in a copy of that same state, and lets a fast rollout policy
finish each copy. The payoff of a copy is the seat's net lá (not only whether it won).
Because all candidates of a round share one deal of the hidden cards and one rollout
seed, their payoffs are compared pair by pair, which cancels most of the luck of the
deal; a candidate clearly behind the best (by the paired differences) is dropped, so
the rounds left go to the close ones. After the budget the best mean wins.

Games fill three hooks through :class:`SearchHooks`: which candidate actions are worth
searching (pruning), the rollout policy, and an exact answer when few cards are left
(a play that wins whatever the hidden cards are). A :class:`Guide` (a learnt network,
say) may narrow the candidates further: the search then tries only those it scores
best.

The budget is a number of rollouts (``iterations``: the same seed gives the same
choices, on any machine) or seconds of thinking (``think``).
"""

from __future__ import annotations

import inspect
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from mypy_extensions import mypyc_attr
from vncards.core._cards import parse_card
from vncards.core._drive import RandomRollout, drive
from vncards.core._events import Event, View
from vncards.core._game import Decision, GameResult
from vncards.core._reading import heads_up_worlds
from vncards.core.climbing._actions import Pass
from vncards.core.climbing._classify import classify
from vncards.core.climbing._enumerate import legal_plays

__all__ = [
    "Budgeted",
    "ClimbHooks",
    "Guide",
    "SearchBot",
    "SearchGame",
    "SearchHooks",
    "SearchStats",
    "make_bot",
]

_FULL_DECK = (1 << 52) - 1
_TWOS = 15 << 48

# rounds after which candidates may be dropped (a few first: the paired differences
# need some samples before their spread means anything)
_MIN_ROUNDS = 4
# how many standard errors behind the best a candidate is dropped
_DROP_Z = 2.0


class SearchGame(Protocol):
    """The parts of :class:`~vncards.core.GamePlugin` a search uses (every plugin has
    them; a test's toy game may have only these)."""

    def decision(self, state: Any) -> Decision[Any] | None:
        """The next choice, ``None`` once the game is over."""
        ...

    def decline(self, state: Any, seat: int) -> None:
        """``seat`` declines an optional choice."""
        ...

    def apply(self, state: Any, action: Any) -> list[Event]:
        """Carry out ``action``."""
        ...

    def view(self, state: Any, seat: int) -> View:
        """What ``seat`` may know."""
        ...

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full state consistent with ``view``."""
        ...

    def result(self, state: Any) -> GameResult:
        """Outcome and net lá per seat."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchHooks:
    """The game-specific parts of a search; the defaults work for any plugin.

    Subclass and override what the game can do better: ``candidates`` (prune the
    actions worth searching, the preferred one first: it wins ties), ``rollout`` (a fast
    policy playing a full state to the end), ``exact`` (a proven choice, e.g. a hand
    that goes out whatever the others hold) and ``reward``.

    ``margin`` (0 by default) keeps the first candidate unless another one's payoff is
    higher by more than that many standard errors of the paired differences: a game
    whose rollouts are noisy trusts its first guess.

    >>> hooks = SearchHooks()
    >>> hooks.candidates(None, ["a", "b"], True)
    ['a', 'b', None]
    """

    # a class attribute that subclasses override (read on the class when compiled)
    margin: ClassVar[float] = 0.0

    def candidates(self, view: Any, actions: Sequence[Any], optional: bool) -> list[Any]:
        """The choices worth searching, best guess first; ``None`` stands for declining
        an optional choice. By default every action (and ``None`` when optional)."""
        out: list[Any] = list(actions)
        if optional:
            out.append(None)
        return out

    def exact(self, view: Any, actions: Sequence[Any], optional: bool) -> tuple[Any] | None:
        """``(choice,)`` when the game can prove the best choice from the view alone (no
        search needed), else ``None`` (the default)."""
        return None

    def rollout(self, plugin: SearchGame, state: Any, rng: random.Random) -> None:
        """Play ``state`` to the end. By default every seat picks uniformly at random
        through the plugin's decisions and declines optional choices."""
        drive(plugin, state, RandomRollout(rng), overrun="rollout did not end")

    def reward(self, plugin: SearchGame, state: Any, seat: int) -> float:
        """The payoff of a played-out state for ``seat``: its net lá (the default)."""
        return float(plugin.result(state).payments[seat])

    def worlds(self, plugin: SearchGame, view: Any, rng: random.Random) -> Callable[[], Any]:
        """How one decision deals the hidden cards: a function called once per round of
        rollouts, each call a full state consistent with ``view``. By default every call
        is the plugin's ``determinize`` (the hidden cards dealt uniformly at random); a
        game may weigh the deals by what the other seats' play so far says of them."""
        return lambda: plugin.determinize(view, rng)


class Guide(Protocol):
    """What scores a seat's choices from its view alone, the higher the better (a
    network's estimate of the payoff, say): :class:`SearchBot` searches the ones it
    scores best."""

    def scores(self, view: Any, actions: Sequence[Any], optional: bool) -> Sequence[float]:
        """A score for each of ``actions``, in order, then one for declining when
        ``optional``."""
        ...


def guided(
    guide: Guide, top: int, view: Any, actions: Sequence[Any], optional: bool, cands: list[Any]
) -> list[Any]:
    """The candidates a search with ``guide`` tries: the hooks' first candidate (their
    best guess, which wins ties), the ``top`` candidates among ``cands`` the guide
    scores best, and the guide's best choice of all when the hooks did not offer it.

    >>> class Longest:
    ...     def scores(self, view, actions, optional):
    ...         return [len(a) for a in actions] + [0.0] * optional
    >>> guided(Longest(), 1, None, ["a", "bbb", "cc"], False, ["a", "cc"])
    ['a', 'cc', 'bbb']
    """
    choices: list[Any] = list(actions)
    if optional:
        choices.append(None)
    scores = list(guide.scores(view, actions, optional))
    if len(scores) != len(choices):
        raise ValueError(f"the guide scored {len(scores)} choices of {len(choices)}")
    score_of = {i: scores[i] for i in range(len(choices))}

    def score(choice: Any) -> float:
        for i in range(len(choices)):
            if choices[i] == choice:
                return score_of[i]
        return -math.inf

    ranked = sorted(cands, key=lambda c: -score(c))[:top]
    best = choices[max(range(len(choices)), key=lambda i: (scores[i], -i))]
    out: list[Any] = []
    for c in [cands[0], *ranked, best]:
        if c not in out:
            out.append(c)
    return out


class SearchStats:
    """What the last decision's search did: rollouts, rounds and each candidate's mean
    payoff and number of rollouts (for benchmarks and tests).

    >>> SearchStats().rollouts
    0
    """

    def __init__(self) -> None:
        self.rollouts = 0
        self.rounds = 0
        self.means: list[float] = []
        self.counts: list[int] = []
        self.choice: Any = None


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchBot:
    """Determinized search from the seat's view: see the module docstring.

    ``iterations`` (rollouts per decision) makes the bot reproducible for its seed;
    otherwise it thinks ``think`` seconds per decision. A choice with one candidate, or
    one the hooks prove, takes no search. With a ``guide``, only the candidates of
    :func:`guided` (``top`` of them, and two more at most) are searched.

    A toy game ships with the tests; any plugin with ``view`` and ``determinize`` works:

    >>> from vncards.core import RandomBot, play_game
    >>> from vncards.tienlen import plugin  # doctest: +SKIP
    >>> bot = SearchBot(plugin, seed=1, iterations=200)  # doctest: +SKIP
    """

    name = "search"

    def __init__(
        self,
        plugin: SearchGame,
        hooks: SearchHooks | None = None,
        seed: int = 0,
        *,
        think: float = 0.1,
        iterations: int | None = None,
        guide: Guide | None = None,
        top: int = 4,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"a search needs at least one rollout, not {iterations}")
        if iterations is None and not think > 0:
            raise ValueError(f"thinking time must be positive, not {think}")
        self.plugin = plugin
        self.hooks = hooks or SearchHooks()
        self.think = think
        self.iterations = iterations
        self.guide = guide
        self.top = top
        self._rng = random.Random(seed)
        self.stats = SearchStats()

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Any | None:
        """The candidate with the best mean payoff over the rollouts of the budget."""
        stats = self.stats = SearchStats()
        hooks = self.hooks
        if not actions:
            return None
        proven = hooks.exact(view, actions, optional)
        if proven is not None:
            stats.choice = proven[0]
            return proven[0]
        cands = hooks.candidates(view, actions, optional)
        guide = self.guide
        if guide is not None and len(cands) > 1:
            cands = guided(guide, self.top, view, actions, optional, cands)
        if len(cands) == 1:
            stats.choice = cands[0]
            return cands[0]
        stats.choice = choice = self._search(view, cands)
        return choice

    def _search(self, view: View, cands: list[Any]) -> Any:
        plugin, hooks, rng = self.plugin, self.hooks, self._rng
        seat = view.seat
        k = len(cands)
        payoffs: list[list[float]] = [[] for _ in range(k)]
        alive = list(range(k))
        budget = self.iterations
        deadline = None if budget is not None else time.perf_counter() + self.think
        spent = 0
        rounds = 0
        stats = self.stats
        deal = hooks.worlds(plugin, view, rng)
        while True:
            world = deal()
            rollout_seed = rng.getrandbits(64)
            for i in alive:
                state = world.copy()
                choice = cands[i]
                if choice is None:
                    plugin.decline(state, seat)
                else:
                    plugin.apply(state, choice)
                hooks.rollout(plugin, state, random.Random(rollout_seed))
                payoffs[i].append(hooks.reward(plugin, state, seat))
            spent += len(alive)
            rounds += 1
            if budget is not None:
                if spent + len(alive) > budget:
                    break
            elif deadline is not None and time.perf_counter() >= deadline:
                break
            if rounds >= _MIN_ROUNDS and len(alive) > 1:
                alive = _survivors(alive, payoffs)
                if len(alive) == 1:
                    break
        stats.rollouts, stats.rounds = spent, rounds
        stats.counts = [len(p) for p in payoffs]
        stats.means = [sum(p) / len(p) if p else -math.inf for p in payoffs]
        # the best mean among the candidates still in the running; the first wins ties
        best = max(alive, key=lambda i: (stats.means[i], -i))
        margin = hooks.margin
        if margin > 0 and best != 0 and payoffs[0]:
            # leave the hooks' first choice only for a candidate better by ``margin``
            # standard errors of the paired differences
            mean, se = _paired(payoffs[best], payoffs[0])
            if mean <= margin * se:
                best = 0
        return cands[best]


def _survivors(alive: list[int], payoffs: list[list[float]]) -> list[int]:
    """The candidates not clearly behind the leader: a candidate goes when its paired
    difference from the leader (over the rounds both played) is more than ``_DROP_Z``
    standard errors below zero."""
    means = {i: sum(payoffs[i]) / len(payoffs[i]) for i in alive}
    lead = max(alive, key=lambda i: (means[i], -i))
    lead_p = payoffs[lead]
    keep = []
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        mean, se = _paired(payoffs[i], lead_p)
        if mean + _DROP_Z * se >= 0:
            keep.append(i)
    return keep


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a[j] - b[j]`` over the rounds both played (both
    played every round from the first: a dropped candidate never comes back)."""
    n = min(len(a), len(b))
    diffs = [a[j] - b[j] for j in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
    return mean, math.sqrt(var / n)


@mypyc_attr(allow_interpreted_subclasses=True)
class ClimbHooks(SearchHooks):
    """Search hooks for climbing games built on :class:`~vncards.core.SheddingGame`.

    A game gives its fast ``policy`` (a play mask, or ``None`` to pass, for the seat to
    act in a full state; it must read only what that seat may know: its own hand, card
    counts, the table) and, optionally, ``units`` (the groups a hand splits into). Then:

    - candidates: the policy's play first, the pass, every legal unit, the cheapest
      play of each shape, the lowest and the highest play (at most
      ``max_candidates``), then up to :meth:`extra_candidates` of the other legal
      plays in the order offered; optional choices (a Sâm declaration) are searched as
      they are, declining included;
    - exact: a hand that goes out in one play does so, and so does a hand whose units
      but one nobody can beat (see :meth:`exact`);
    - rollout: every seat plays the policy to the end, declining every optional choice.
    """

    max_candidates = 10
    # class attributes that subclasses override: read on the class, since a compiled
    # instance would otherwise keep the base's values in slots of its own
    reading_steps: ClassVar[int] = 0
    """Heads-up, how many steps of the chain of :func:`heads_up_worlds` read the
    opponent's hand from its play before each search (0, the default: the hidden cards
    are dealt uniformly)."""
    reading_odds: ClassVar[float] = 0.05
    """The weight of a guessed hand falls by this factor for every past choice of the
    opponent the rollout policy would have made otherwise with it."""

    def __init__(self, plugin: Any) -> None:
        self.plugin = plugin

    def worlds(self, plugin: SearchGame, view: Any, rng: random.Random) -> Callable[[], Any]:
        """Uniform deals (see :meth:`SearchHooks.worlds`), but heads-up with
        :attr:`reading_steps` set, the opponent's hand is read from its play so far:
        :func:`heads_up_worlds`."""
        cls = type(self)
        steps, odds = cls.reading_steps, cls.reading_odds
        if steps > 0 and len(view.counts) == 2:
            return heads_up_worlds(plugin, self.policy, view, rng, steps=steps, odds=odds)
        return super().worlds(plugin, view, rng)

    def policy(self, state: Any, seat: int, masks: list[int], can_pass: bool) -> int | None:
        """The play (card mask) of the rollout policy; ``None`` passes. By default the
        lowest-ranked play, and a pass whenever one is allowed but to lead."""
        if can_pass or not masks:
            return None
        return min(masks, key=lambda m: ((m & -m).bit_length(), -m.bit_count()))

    def units(self, hand: int) -> list[int]:
        """The groups (card masks) a hand splits into; none by default."""
        return []

    def extra_candidates(self, view: Any) -> int:
        """How many legal plays beyond the chosen ones a decision also searches: none
        by default. A game may search wider where rollouts are cheap (fewer players)."""
        return 0

    def candidates(self, view: Any, actions: Sequence[Any], optional: bool) -> list[Any]:
        """See the class docstring."""
        if optional:
            return [*actions, None]
        by_mask: dict[int, Any] = {}
        passing = None
        for a in actions:
            cards = getattr(a, "cards", None)
            if isinstance(cards, int):
                by_mask[cards] = a
            elif isinstance(a, Pass):
                passing = a
        if not by_mask:
            return list(actions)
        # the policy reads only the seat's own cards and what is public, so any state
        # consistent with the view gives the same answer
        state = self.plugin.determinize(view, random.Random(0))
        seat = view.seat
        masks = list(by_mask)
        out: list[Any] = []
        pick = self.policy(state, seat, masks, passing is not None)
        out.append(passing if pick is None else by_mask[pick])
        if passing is not None:
            out.append(passing)
        out.extend(by_mask[u] for u in self.units(state.hands[seat]) if u in by_mask)
        # the cheapest play of each shape (kind and length)
        rules = state.engine.combo_rules
        cheapest: dict[tuple[int, int], tuple[int, int]] = {}
        for m in masks:
            combo = classify(m, rules)
            if combo is not None:
                shape = (int(combo.kind), combo.length)
                if shape not in cheapest or combo.key < cheapest[shape][0]:
                    cheapest[shape] = (combo.key, m)
        out.extend(by_mask[m] for _, m in sorted(cheapest.values()))
        low = min(masks, key=lambda m: ((m & -m).bit_length(), m.bit_count()))
        high = max(masks, key=lambda m: (m.bit_length(), m.bit_count()))
        out += [by_mask[low], by_mask[high]]
        seen: set[int] = set()
        unique = []
        for a in out:
            if id(a) not in seen:
                seen.add(id(a))
                unique.append(a)
        unique = unique[: self.max_candidates]
        extra = self.extra_candidates(view)
        if extra > 0:
            chosen = {id(a) for a in unique}
            unique += [a for a in by_mask.values() if id(a) not in chosen][:extra]
        return unique

    def exact(self, view: Any, actions: Sequence[Any], optional: bool) -> tuple[Any] | None:
        """A win whatever the hidden cards are: the whole hand in one play; or, when the
        hand splits into units all but one of which no card the seat cannot see could
        beat (chops included), such a unit, so that the seat keeps the lead and goes out
        with the last unit (one without a 2)."""
        if optional:
            return None
        by_mask = {a.cards: a for a in actions if isinstance(getattr(a, "cards", None), int)}
        if not by_mask:
            return None
        hand = 0
        for token in view.hand:
            hand |= 1 << parse_card(token).id
        whole = by_mask.get(hand)
        if whole is not None:
            return (whole,)
        units = self.units(hand)
        if len(units) > 4 or not any(u in by_mask for u in units):
            return None
        state = self.plugin.determinize(view, random.Random(0))
        eng = state.engine
        unseen = _FULL_DECK & ~hand & ~state.pile & ~getattr(view, "out_of_play", 0)
        rules, chops = eng.combo_rules, eng.chops
        bosses = []
        for u in units:
            combo = classify(u, rules)
            if combo is None:
                return None
            if not legal_plays(unseen, rules, combo, chops):
                bosses.append(u)
        rest = [u for u in units if u not in bosses]
        if len(rest) > 1 or any(u & _TWOS for u in rest):
            return None
        playable = [u for u in bosses if u in by_mask]
        if not playable:
            return None
        return (by_mask[min(playable)],)

    def rollout(self, plugin: SearchGame, state: Any, rng: random.Random) -> None:
        """Every seat plays :meth:`policy` through the engine, without events."""
        eng = state.engine
        side = getattr(plugin, "side_decision", None)
        policy = self.policy
        for _ in range(10_000):
            if state.finished:
                return
            if side is not None and not state.pile:
                step = side(state)
                if step is not None:
                    plugin.decline(state, step[0])
                    continue
            seat = state.turn
            masks = eng.plays(state)
            can_pass = eng.can_pass(state)
            pick = policy(state, seat, masks, can_pass)
            if pick is None and can_pass:
                eng.pass_turn(state, seat)
            else:
                eng.play(state, seat, masks[0] if pick is None else pick)
        raise RuntimeError("rollout did not end")


@dataclass(frozen=True)
class Budgeted:
    """A bot factory with a thinking budget: ``Budgeted(name, factory, think=…)(seed)``
    is ``make_bot(factory, seed, think=…)``. It keeps the bot's ``name`` (simulations
    label seats with it) and pickles whenever ``factory`` does, so worker processes can
    make the bots.

    >>> from vncards.core import RandomBot
    >>> Budgeted("random", RandomBot, think=1.0)(5).name
    'random'
    """

    name: str
    factory: Callable[..., Any]
    think: float | None = None
    iterations: int | None = None

    def __call__(self, seed: int) -> Any:
        """The bot for ``seed``, with this budget when its factory takes one."""
        return make_bot(self.factory, seed, think=self.think, iterations=self.iterations)


def make_bot(
    factory: Callable[..., Any],
    seed: int,
    *,
    think: float | None = None,
    iterations: int | None = None,
) -> Any:
    """A bot from its factory, handing it the thinking budget when it takes one.

    Bot factories take a seed; a bot that searches also takes the keywords ``think``
    (seconds per decision) and ``iterations`` (rollouts per decision, reproducible). The
    keywords are passed only to factories that accept them, and only when given.

    >>> from vncards.core import RandomBot
    >>> make_bot(RandomBot, 3, think=0.5).name
    'random'
    >>> def searching(seed: int, *, think: float = 0.1, iterations: int | None = None):
    ...     return (seed, think, iterations)
    >>> make_bot(searching, 3, think=0.5), make_bot(searching, 3, iterations=50)
    ((3, 0.5, None), (3, 0.1, 50))
    """
    wanted = {"think": think, "iterations": iterations}
    kwargs = {k: v for k, v in wanted.items() if v is not None and _accepts(factory, k)}
    return factory(seed, **kwargs)


def _accepts(factory: Callable[..., Any], keyword: str) -> bool:
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False
    p = params.get(keyword)
    if p is not None:
        if p.kind is p.POSITIONAL_ONLY:
            # a compiled (mypyc) callable lists every parameter as positional-only, yet
            # takes them by keyword: only Python code means what it says
            return not _is_python_code(factory)
        return p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    return any(q.kind is q.VAR_KEYWORD for q in params.values())


def _is_python_code(factory: Callable[..., Any]) -> bool:
    """Whether ``factory`` (a class: its ``__init__``) is written in Python, not compiled.

    >>> _is_python_code(lambda seed: seed), _is_python_code(len)
    (True, False)
    """
    target = getattr(factory, "__init__", factory) if isinstance(factory, type) else factory
    return hasattr(getattr(target, "__func__", target), "__code__")
