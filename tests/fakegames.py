"""What the small stand-in climbing games of the tests share: cards per hand as the one
rule every one of them has, four of a kind chopping a single 2, two to four seats, and a
settlement where each loser pays the winner one lá per card left (plus what the chops
paid).

A test's game subclasses :class:`CardsLeftHooks` beside the base it is about
(:class:`~vncards.core.ClimbingGame` for a plugin made with
:class:`~vncards.core.Plugin`, :class:`~vncards.core.SheddingGame` for a game that is its
own plugin) and supplies only its engine and who leads:

>>> from vncards.core import ClimbingGame
>>> class Rules(HandRules):
...     hand_size: int = 4
>>> class Lead0(CardsLeftHooks[Rules], ClimbingGame[Rules]):
...     def engine(self, rules): return quad_chops_two(lambda target: 3)
...     def choose_first(self, rules, hands, seed): return 0
>>> game = Lead0()
>>> game.player_range(Rules()), game.hand_size(Rules())
((2, 4), 4)
"""

from __future__ import annotations

from typing import Any, TypeVar

from vncards.core import (
    ChopRule,
    ChopValue,
    ClimbConfig,
    ClimbEngine,
    ClimbingGame,
    ClimbState,
    ComboRules,
    GameResult,
    Kind,
    Ledger,
    RandomBot,
    RulesBase,
)

__all__ = [
    "CardsLeftHooks",
    "HandRules",
    "cards_left_result",
    "quad_chops_two",
    "random_bot",
]


class HandRules(RulesBase):
    """Cards per hand: the setting every stand-in game has."""

    hand_size: int = 13


HandRulesT = TypeVar("HandRulesT", bound=HandRules)


def quad_chops_two(
    value: ChopValue,
    *,
    passed_may_chop: bool = False,
    engine_type: type[ClimbEngine] = ClimbEngine,
) -> ClimbEngine:
    """An engine of Tiến lên combinations where four of a kind chops a single 2, the
    chop paying ``value(target)`` lá; ``engine_type`` is a :class:`ClimbEngine` subclass
    with hooks of its own.

    >>> eng = quad_chops_two(lambda target: 3)
    >>> [(rule.attacker, rule.target) for rule in eng.config.chops]
    [((<Kind.QUAD: ...>, 4), (<Kind.SINGLE: ...>, 1))]
    """
    chops = (ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12),)
    return engine_type(ClimbConfig(ComboRules(), chops, value, passed_may_chop=passed_may_chop))


def cards_left_result(state: ClimbState, *extra: tuple[int, int, int, str]) -> GameResult:
    """What the chops paid, and once the game is over each seat paying the winner a lá
    per card it holds ("cards-left"), then the ``extra`` payments ``(payer, payee,
    amount, reason)`` of a game that has more.

    >>> from vncards.core import ClimbState
    >>> state = ClimbState([0b1, 0b110], 0, quad_chops_two(lambda target: 3))
    >>> cards_left_result(state).payments
    (0, 0)
    """
    led = Ledger(state.n_players)
    led.extend(state.chop_transfers)
    if state.finished:
        for seat, hand in enumerate(state.hands):
            led.pay(seat, state.winner, hand.bit_count(), "cards-left")
        for payer, payee, amount, reason in extra:
            led.pay(payer, payee, amount, reason)
    return GameResult(
        state.finished,
        "win" if state.finished else None,
        state.winner if state.finished else None,
        None,
        tuple(led.net),
        (),
        tuple(led.transfers),
    )


class CardsLeftHooks(ClimbingGame[HandRulesT]):
    """The hooks the stand-in games share: two to four seats, the rules' hand size, and
    :func:`cards_left_result`. Listed before the game's base class, so its hooks are
    the ones used."""

    def player_range(self, rules: HandRulesT) -> tuple[int, int]:
        """Two to four players."""
        return (2, 4)

    def hand_size(self, rules: HandRulesT) -> int:
        """The rules' ``hand_size``."""
        return rules.hand_size

    def result(self, state: ClimbState) -> GameResult:
        """Chops, and a lá per card left (:func:`cards_left_result`)."""
        return cards_left_result(state)


def random_bot(game: Any, seed: int) -> RandomBot:
    """The ``random`` bot maker of a :class:`~vncards.core.Plugin` (a named function, so
    that the plugin pickles).

    >>> random_bot(None, 3).choose(None, [7], False)
    7
    """
    return RandomBot(seed)
