"""Bots: ``random`` (a random valid arrangement), ``greedy`` (strongest chi1 first) and
``solver`` (the best expected chi against sampled opponent hands). Each reads only its
seat's view: its own 13 cards, the rules and the instant hands shown at the deal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from mypy_extensions import mypyc_attr
from vncards.core import BotMaker, View, parse_card, random_generator
from vncards.maubinh._engine import Arrange
from vncards.maubinh._hands import evaluator
from vncards.maubinh._rules import MauBinhRules
from vncards.maubinh._settle import scoring
from vncards.maubinh._solver import Split, greedy_split, random_split, solve

__all__ = [
    "BOTS",
    "ArrangingBot",
    "GreedyBot",
    "RandomArrangeBot",
    "SolverBot",
    "greedy_bot",
    "random_bot",
    "solver_bot",
]


def _arrange(seat: int, split: Split) -> Arrange:
    return Arrange(seat, split.chi1, split.chi2, split.chi3)


def _view_parts(view: View) -> tuple[MauBinhRules, tuple[int, ...], list[int]]:
    """Rules, own cards and the cards shown by instant hands, from a Mậu Binh view."""
    rules: MauBinhRules = getattr(view, "rules")  # noqa: B009 - MauBinhView's field
    cards: tuple[int, ...] = getattr(view, "cards")  # noqa: B009
    shown = [
        parse_card(c).id
        for e in view.history
        if e.type == "declare"
        for c in getattr(e, "cards", ())
    ]
    return rules, cards, shown


@mypyc_attr(allow_interpreted_subclasses=True)
class ArrangingBot:
    """Base of the Mậu Binh bots: ``split`` makes the arrangement from the seat's cards."""

    name = "arranging"

    def split(self, rules: MauBinhRules, cards: Sequence[int], shown: Sequence[int]) -> Split:
        """The arrangement of ``cards`` (sorted ids); ``shown`` are cards others showed."""
        raise NotImplementedError

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Arrange:
        """The seat's arrangement."""
        rules, cards, shown = _view_parts(view)
        return _arrange(view.seat, self.split(rules, cards, shown))


class RandomArrangeBot(ArrangingBot):
    """A random valid arrangement (never binh lủng).

    >>> from vncards.maubinh._hands import evaluator
    >>> s = RandomArrangeBot(3).split(MauBinhRules(), tuple(range(13)), ())
    >>> len(s.chi1), len(s.chi2), len(s.chi3)
    (5, 5, 3)
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random_generator(seed)  # random.Random(seed)'s floats

    def split(self, rules: MauBinhRules, cards: Sequence[int], shown: Sequence[int]) -> Split:
        """A random valid split."""
        return random_split(evaluator(rules), cards, self.rng)


class GreedyBot(ArrangingBot):
    """The strongest chi1, then the strongest chi2 of the rest, chi3 what is left.

    >>> s = GreedyBot().split(MauBinhRules(), tuple(range(13)), ())
    >>> s.keys[0] >= s.keys[1] >= s.keys[2]
    True
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def split(self, rules: MauBinhRules, cards: Sequence[int], shown: Sequence[int]) -> Split:
        """The greedy split."""
        return greedy_split(evaluator(rules), cards)


class SolverBot(ArrangingBot):
    """The split with the best expected chi against ``samples`` opponent hands dealt
    from the cards it cannot see and arranged the greedy way; only splits on the
    Pareto front of the three chi are scored.

    >>> s = SolverBot(1, samples=8).split(MauBinhRules(), tuple(range(13)), ())
    >>> s.keys[0] >= s.keys[1] >= s.keys[2]
    True
    """

    name = "solver"

    def __init__(self, seed: int = 0, samples: int = 40) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.last_expected = 0.0

    def split(
        self,
        rules: MauBinhRules,
        cards: Sequence[int],
        shown: Sequence[int],
        splits: Sequence[Split] | None = None,
    ) -> Split:
        """The solver's split; its expected chi per opponent is kept in ``last_expected``.
        ``splits``: the front of ``cards``, when the caller made it already."""
        seen = set(cards) | set(shown)
        unseen = [c for c in range(52) if c not in seen]
        split, value = solve(
            evaluator(rules), scoring(rules), cards, self.rng,
            samples=self.samples, unseen=unseen, splits=splits,
        )  # fmt: skip
        self.last_expected = value
        return split

    def choose_among(self, view: View, splits: Sequence[Split]) -> Split:
        """The split :meth:`choose` makes for ``view``, the same draws made, when the
        front of its cards is ``splits`` already (:func:`~vncards.maubinh.front`).

        >>> from vncards.maubinh import evaluator, front, plugin
        >>> rules = plugin.presets["standard"]
        >>> view = plugin.view(plugin.new_game(rules, 2, seed=4), 0)
        >>> made = SolverBot(7).choose(view, view.legal, False)
        >>> among = SolverBot(7).choose_among(view, front(evaluator(rules), view.cards))
        >>> (among.chi1, among.chi2, among.chi3) == (made.chi1, made.chi2, made.chi3)
        True
        """
        rules, cards, shown = _view_parts(view)
        return self.split(rules, cards, shown, splits)


def random_bot(game: object, seed: int = 0) -> RandomArrangeBot:
    """A random valid arrangement (:class:`RandomArrangeBot`); a bot maker: the plugin
    played and a seed.

    >>> random_bot(None, 1).name
    'random'
    """
    return RandomArrangeBot(seed)


def greedy_bot(game: object, seed: int = 0) -> GreedyBot:
    """The greedy arrangement (:class:`GreedyBot`); a bot maker.

    >>> greedy_bot(None, 1).name
    'greedy'
    """
    return GreedyBot(seed)


def solver_bot(game: object, seed: int = 0, samples: int = 40) -> SolverBot:
    """The solver (:class:`SolverBot`, ``samples`` opponent hands); a bot maker.

    >>> solver_bot(None, 1, samples=8).samples
    8
    """
    return SolverBot(seed, samples)


BOTS: Mapping[str, BotMaker] = MappingProxyType(
    {"random": random_bot, "greedy": greedy_bot, "solver": solver_bot}
)
"""Bot makers by name, each taking the plugin played and a seed."""
