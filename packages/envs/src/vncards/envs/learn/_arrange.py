"""The learner for Mậu Binh, a one-decision game: the network scores each candidate
arrangement of a seat's 13 cards (the chi it expects to win with it) and the bot plays
the best.

The candidates are the Pareto front (:func:`vncards.maubinh.front`: every valid
arrangement that no other matches or beats in all three chi) of the splits whose back
chi is among the :data:`BACKS` strongest five cards of the hand. The state row is
the hand's 52 card bits; an action row holds, for each chi in turn, its category
one-hot (9, high card … straight flush), its five rank nibbles from the chi's key (the
ranks that decide it, 0–12) and what winning it is worth under the rules (1 or the
bonus), then ``advised`` — whether it is the advised candidate, which the network
starts from: the first of the front (the strongest chi1, then chi2, then chi3: the
greedy arrangement made on the front), or the choice of an advisor bot given one.

Training needs no self-play: the other seats arrange without seeing this seat's
choice, so one deal settles every candidate exactly — the chi it wins against the
arrangements the others made (:meth:`~vncards.maubinh.Scoring.pair`, summed over the
opponents; sập làng is left out at larger tables). :func:`arrange_samples` writes down
those targets for a sample of each deal's candidates.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from vncards.core import Bot, View, derive_seed, get_game
from vncards.envs.learn._mlp import MLP
from vncards.maubinh import Arrange, MauBinhRules, MauBinhView, SolverBot, evaluator, scoring
from vncards.maubinh._solver import front_keys, split_of

__all__ = ["BACKS", "KEPT", "ArrangeFeatures", "ArrangeNetBot", "arrange_samples"]

_CATEGORIES = 9
_CHI = _CATEGORIES + 5 + 1
_SHIFTS = np.array([2 + 4 * (4 - i) for i in range(5)], dtype=np.int64)
KEPT = 48
"""How many candidates of each deal are written down for training (the advised one
always among them)."""
BACKS = 32
"""The candidates' back chi are among this many strongest five cards of the hand (of
1,287): the front of every split, about 130 arrangements, costs a millisecond a hand;
that of the 32 strongest backs, about 85, a third of it."""
Keys = tuple[int, int, int]


class ArrangeFeatures:
    """The feature rows of Mậu Binh under ``rules`` (see the module docstring).

    >>> from vncards.maubinh import plugin
    >>> f = ArrangeFeatures(plugin.presets["standard"])
    >>> f.state_size, f.action_size, f.advised
    (52, 46, 45)
    """

    def __init__(self, rules: MauBinhRules) -> None:
        self.rules = rules
        self.state_size = 52
        self.action_size = 3 * _CHI + 1
        self.advised = 3 * _CHI
        """The column of the ``advised`` flag in an action row."""
        self._values = np.array(scoring(rules).values, dtype=np.uint8)  # (3 chi, 9 cats)
        scale = np.ones(self.state_size + self.action_size, dtype=np.float32)
        for chi in range(3):
            at = self.state_size + chi * _CHI
            scale[at + _CATEGORIES : at + _CATEGORIES + 5] = 1 / 12
            scale[at + _CHI - 1] = 1 / 10
        self.scale = scale
        """Multiplies a joined ``[state, action]`` row into the network's input."""

    def state(self, cards: Sequence[int]) -> np.ndarray:
        """The state row of a hand (card ids; ``uint8``)."""
        out = np.zeros(self.state_size, dtype=np.uint8)
        out[list(cards)] = 1
        return out

    def actions(self, splits: Sequence[Keys], advice: int = -1) -> np.ndarray:
        """One action row per split (its three chi keys), in order; row ``advice``
        flagged as advised.

        >>> from vncards.maubinh import plugin, front, evaluator
        >>> rules = plugin.presets["standard"]
        >>> splits = front(evaluator(rules), list(range(13)))
        >>> rows = ArrangeFeatures(rules).actions([s.keys for s in splits], 0)
        >>> rows.shape == (len(splits), 46), int(rows[:, 45].sum())
        (True, 1)
        """
        k = len(splits)
        out = np.zeros((k, self.action_size), dtype=np.uint8)
        if not k:
            return out
        keys = np.array(splits, dtype=np.int64)  # (k, 3)
        cats = keys >> 22
        nibbles = (keys[:, :, None] >> _SHIFTS) & 15  # (k, 3, 5)
        rows = np.arange(k)
        for chi in range(3):
            at = chi * _CHI
            out[rows, at + cats[:, chi]] = 1
            out[:, at + _CATEGORIES : at + _CATEGORIES + 5] = nibbles[:, chi]
            out[:, at + _CHI - 1] = self._values[chi][cats[:, chi]]
        if advice >= 0:
            out[advice, self.advised] = 1
        return out


def _keys(rules: MauBinhRules, made: Any) -> tuple[int, int, int]:
    """The chi keys of an arrangement a bot made."""
    if not isinstance(made, Arrange):
        raise TypeError(f"a Mậu Binh bot arranges, it does not play {made!r}")
    ev = evaluator(rules)
    return ev.key(made.chi1), ev.key(made.chi2), ev.key(made.chi3)


def _advice(
    advisor: Bot | None, view: MauBinhView, keys: Sequence[Keys], masks: Sequence[tuple[int, int]]
) -> int:
    """Where the advised arrangement stands among the candidates of ``keys`` and
    ``masks`` (-1: not there): the first without an advisor, else the advisor's (the
    solver is handed the candidates, rather than making its front again)."""
    if not keys:
        return -1
    if advisor is None:
        return 0
    if isinstance(advisor, SolverBot):
        hand = sorted(view.cards)
        splits = [split_of(hand, *m, k) for k, m in zip(keys, masks, strict=True)]
        advised = advisor.choose_among(view, splits).keys
    else:
        advised = _keys(view.rules, advisor.choose(view, view.legal, False))
    return keys.index(advised) if advised in keys else -1


class ArrangeNetBot:
    """The network as a Mậu Binh player: it scores every candidate arrangement of its
    seat's cards (see the module docstring) and plays the best, reading only its view.
    The advised candidate is the front's first (the strongest-first arrangement), or
    ``advisor``'s choice when one is given; with ``margin`` above 0 the bot keeps the
    advised arrangement unless another scores higher by more than ``margin`` (as
    :class:`~vncards.envs.learn.NetBot` does). It needs no exploration: training settles
    every candidate.

    >>> from vncards.core import play_game
    >>> from vncards.maubinh import plugin
    >>> rules = plugin.presets["standard"]
    >>> net = MLP.init([52 + 46, 8, 1], np.random.default_rng(0))
    >>> bots = [ArrangeNetBot(net, ArrangeFeatures(rules)), plugin.bots["greedy"](1)]
    >>> plugin.result(play_game(plugin, plugin.new_game(rules, 2, seed=3), bots).final).finished
    True
    """

    name = "net"

    def __init__(
        self,
        net: MLP,
        features: ArrangeFeatures,
        *,
        advisor: Bot | None = None,
        margin: float = 0.0,
        backs: int = BACKS,
    ) -> None:
        self.net = net
        self.features = features
        self.advisor = advisor
        self.margin = margin
        self.backs = backs
        self._scales = features.scale[: features.state_size], features.scale[features.state_size :]

    def candidates(self, view: MauBinhView) -> tuple[list[Keys], list[tuple[int, int]], int]:
        """The arrangements scored for ``view`` — their chi keys and the position masks
        of their chi1 and chi2 among the sorted cards (:func:`~vncards.maubinh.front` of
        the ``backs`` strongest backs) — and where the advised one stands."""
        keys, masks = front_keys(evaluator(view.rules), view.cards, self.backs)
        return keys, masks, _advice(self.advisor, view, keys, masks)

    def choose(self, view: View, actions: Sequence[Any], optional: bool) -> Arrange:
        """The best-scored arrangement."""
        if not isinstance(view, MauBinhView):
            raise TypeError("this net bot plays Mậu Binh: it needs a MauBinhView")
        f = self.features
        keys, masks, advice = self.candidates(view)
        state, rows = f.state(view.cards), f.actions(keys, advice)
        q = self.net.score(state * self._scales[0], rows * self._scales[1])
        pick = int(np.argmax(q))
        if self.margin and advice >= 0 and q[pick] <= q[advice] + self.margin:
            pick = advice
        s = split_of(sorted(view.cards), *masks[pick], keys[pick])
        return Arrange(view.seat, s.chi1, s.chi2, s.chi3)


def arrange_samples(
    rules: MauBinhRules, players: Sequence[int], seed: int, start: int, stop: int
) -> tuple[list[np.ndarray], list[float]]:
    """The ``[state, action]`` rows and exact settled chi of up to :data:`KEPT`
    candidates of one seat in each of deals ``start`` to ``stop - 1`` of the run seeded
    ``seed``, every other seat the solver (deals with an instant hand are skipped: no
    arrangement changes what they pay). The advised candidate is the front's first, as
    the shipped bot advises.

    >>> from vncards.maubinh import plugin
    >>> rows, paid = arrange_samples(plugin.presets["standard"], (2,), 1, 0, 2)
    >>> len(rows) == len(paid) > 0, rows[0].shape
    (True, (98,))
    """
    plugin = get_game("maubinh")
    features = ArrangeFeatures(rules)
    score = scoring(rules)
    rows: list[np.ndarray] = []
    payoffs: list[float] = []
    for index in range(start, stop):
        n = players[index % len(players)]
        game_seed = derive_seed(seed, index)
        draw = random.Random(game_seed)
        learner = draw.randrange(n)
        state = plugin.new_game(rules, n, game_seed)
        if any(code is not None for code in state.instant):
            continue
        others = []
        for seat in range(n):
            if seat != learner:
                seen = plugin.view(state, seat)
                solver = plugin.bots["solver"](derive_seed(game_seed, 1000 + seat))
                others.append(_keys(rules, solver.choose(seen, seen.legal, False)))
        view = plugin.view(state, learner)
        assert isinstance(view, MauBinhView)
        bot = ArrangeNetBot(MLP.init([1, 1], np.random.default_rng(0)), features)
        splits, _, advice = bot.candidates(view)
        keep = list(range(len(splits)))
        if len(keep) > KEPT:
            rest = [i for i in keep if i != advice]
            keep = sorted(draw.sample(rest, KEPT - (advice >= 0)) + [advice] * (advice >= 0))
        chosen = [splits[i] for i in keep]
        table = features.actions(chosen, keep.index(advice) if advice in keep else -1)
        hand = features.state(view.cards)
        for keys, row in zip(chosen, table, strict=True):
            rows.append(np.concatenate([hand, row]))
            payoffs.append(float(sum(score.pair(keys, o)[0] for o in others)))
    return rows, payoffs
