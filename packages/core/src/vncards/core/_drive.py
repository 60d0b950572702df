"""The decide-and-apply loop every game loop of vncards runs: :func:`drive`.

The loop asks the game whose choice it waits for (``decision``), asks that seat's
chooser, and declines or applies the answer, until the game is over, a seat has no
chooser, or a chooser answers :data:`STOP`. A declined forced choice is refused here,
and only here (:func:`forced_refusal`, code ``must-act``). What happens reaches the
caller through callbacks: each applied action with its events, each decline.

A chooser is a bot (:class:`BotChooser`, which hands the bot its seat's view and nothing
else), a person at a screen or a table, or the next action of a record. A caller that
plays bots to the end hands them over as they are (``bots=``): a game with a fast seam
(:class:`~vncards.core.FastPlayout`) then plays them itself, making the same choices
without views.

``play_game``, the referee's pass over a record, the server's bot turns, ``vncards
play``, the search's default rollout and the environments' bots all go through here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from vncards.core._bots import RandomBot
from vncards.core._errors import IllegalMove

__all__ = ["STOP", "BotChooser", "Chooser", "RandomRollout", "drive", "forced_refusal"]


class _Stop:
    """The type of :data:`STOP`."""

    def __repr__(self) -> str:
        return "STOP"


STOP: Final = _Stop()
"""What a chooser answers to stop :func:`drive` before the decision it was asked."""


class Chooser(Protocol):
    """Makes one seat's choices for :func:`drive`: called with the state and the pending
    decision (``decision.seat`` is the seat), it answers one of ``decision.actions``,
    ``None`` to decline (refused unless ``decision.optional``) or :data:`STOP`.
    ``name`` names it in the refusal of a declined forced choice.

    >>> class First:
    ...     name = "first"
    ...     def __call__(self, state, decision):
    ...         return decision.actions[0]
    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
    >>> drive(plugin, state, [First(), First()]) is None  # played to the end
    True
    """

    @property
    def name(self) -> str:
        """Who chooses (a bot's name)."""
        ...

    def __call__(self, state: Any, decision: Any, /) -> Any:
        """An action of ``decision.actions``, ``None`` to decline, or :data:`STOP`."""
        ...


def forced_refusal(name: str) -> IllegalMove:
    """The refusal of chooser ``name``'s silence where a choice is forced.

    >>> err = forced_refusal("greedy")
    >>> err.code, err.message
    ('must-act', 'bot greedy declined a forced choice')
    """
    return IllegalMove("must-act", f"bot {name} declined a forced choice")


class BotChooser:
    """A bot (:class:`~vncards.core.Bot`) as a chooser: it sees its seat's view, never
    the state. A :class:`~vncards.core.RandomBot` that lets loops draw for it is asked
    through :meth:`~vncards.core.RandomBot.pick`, without a view.

    >>> from vncards.core import RandomBot
    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
    >>> choice = BotChooser(plugin, RandomBot(seed=2))(state, plugin.decision(state))
    >>> choice in plugin.decision(state).actions
    True
    """

    def __init__(self, plugin: Any, bot: Any) -> None:
        self.plugin = plugin
        self.bot = bot
        self.name: str = bot.name
        self.pick: Callable[[Sequence[Any], bool], Any] | None = (
            bot.pick if isinstance(bot, RandomBot) and bot.drawn_in_loop else None
        )

    def __call__(self, state: Any, decision: Any) -> Any:
        """The bot's answer to ``decision`` from its seat's view."""
        pick = self.pick
        if pick is not None:
            return pick(decision.actions, decision.optional)
        seat = decision.seat
        return self.bot.choose(self.plugin.view(state, seat), decision.actions, decision.optional)


class RandomRollout:
    """The search's default rollout chooser for every seat: a forced choice uniformly at
    random (one draw of ``rng``), every optional one declined.

    >>> import random
    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
    >>> choice = RandomRollout(random.Random(3))(state, plugin.decision(state))
    >>> choice in plugin.decision(state).actions
    True
    """

    name = "rollout"

    def __init__(self, rng: random.Random) -> None:
        self.random = rng.random

    def __call__(self, state: Any, decision: Any) -> Any:
        """A random action, or ``None`` when the choice may be declined."""
        if decision.optional:
            return None
        acts = decision.actions
        return acts[int(self.random() * len(acts))]


def drive(
    plugin: Any,
    state: Any,
    choosers: Sequence[Any] | Chooser | None = None,
    *,
    bots: Sequence[Any] | None = None,
    keep: list[Any] | None = None,
    on_action: Callable[[Any, Sequence[Any]], object] | None = None,
    on_decline: Callable[[int], object] | None = None,
    decisions: Callable[[Any], Any] | None = None,
    max_steps: int = 100_000,
    overrun: str = "",
) -> Any:
    """Run ``state``'s decisions (``state`` changes in place) until the game is over
    (``None`` is returned) or the seat to choose has no chooser or answers :data:`STOP`
    (the pending decision is returned).

    ``choosers`` holds one chooser (or ``None``) per seat, or is one chooser for every
    seat. Each applied action is appended to ``keep`` and passed with its events to
    ``on_action``; each decline's seat to ``on_decline``. A chooser that declines a
    forced choice raises :func:`forced_refusal`'s ``IllegalMove``; more than
    ``max_steps`` choices raise ``RuntimeError(overrun)``. ``decisions`` replaces the
    game's ``decision`` (a record's reader names the seat of its next action).

    ``bots`` instead of ``choosers`` (one :class:`~vncards.core.Bot` per seat) plays
    those bots to the end: a game with a fast seam (``playout``) may play them itself,
    keeping no events, so ``on_action`` is not taken then.

    >>> from vncards.core import RandomBot
    >>> from vncards.tienlen import plugin
    >>> state = plugin.new_game(plugin.presets["dem-la"], 2, seed=1)
    >>> seen = []
    >>> first = plugin.decision(state).seat
    >>> bots = [BotChooser(plugin, RandomBot(1)), BotChooser(plugin, RandomBot(2))]
    >>> bots[1 - first] = None
    >>> pending = drive(plugin, state, bots,
    ...                 on_action=lambda action, events: seen.append(events))
    >>> pending.seat == 1 - first, len(seen)  # stopped at the seat without a chooser
    (True, 1)
    """
    if bots is not None:
        if on_action is not None:
            raise ValueError("a playout keeps no events: drive bots without on_action")
        fast = getattr(plugin, "playout", None)
        if fast is not None and fast(
            state, bots, _discard if keep is None else keep.append, max_steps
        ):
            return None
        choosers = [BotChooser(plugin, bot) for bot in bots]
    elif choosers is None:
        raise ValueError("drive needs choosers or bots")
    one: Any = choosers if callable(choosers) else None
    seats: Sequence[Any] = () if one is not None else choosers  # type: ignore[assignment]
    # a bot that never reads its view is asked without one (see RandomBot.pick)
    picks = [c.pick if isinstance(c, BotChooser) else None for c in seats]
    decide = plugin.decision if decisions is None else decisions
    apply = plugin.apply
    stop = STOP
    for _ in range(max_steps):
        d = decide(state)
        if d is None:
            return None
        seat = d.seat
        chooser = one
        if chooser is None:
            pick = picks[seat]
            if pick is not None:
                choice = pick(d.actions, d.optional)
                chooser = seats[seat]
            else:
                chooser = seats[seat]
                if chooser is None:
                    return d
                choice = chooser(state, d)
        else:
            choice = chooser(state, d)
        if choice is None:
            if not d.optional:
                raise forced_refusal(chooser.name)
            plugin.decline(state, seat)
            if on_decline is not None:
                on_decline(seat)
        elif choice is stop:
            return d
        else:
            events = apply(state, choice)
            if keep is not None:
                keep.append(choice)
            if on_action is not None:
                on_action(choice, events)
    raise RuntimeError(overrun or f"game did not end within {max_steps} steps")


def _discard(action: Any) -> None:
    """What a playout is handed when nobody keeps the actions."""
