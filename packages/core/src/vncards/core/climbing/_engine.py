"""The climbing-game engine Tiến lên and Sâm share ("đánh bài": rounds, passes, chops).

Seats sit in turn order. A round (vòng) starts with a lead; each next seat beats the
table or passes, and a pass locks that seat out until the round ends. When play comes
back to whoever played last, the round ends and that seat leads a new one.

Chặt chồng: a chop over a chop adds the value of what was chopped to the chain, and
when the round ends only the last seat chopped pays the whole chain to the last chopper.

Games change the engine through :class:`ClimbConfig` and by overriding the hook
methods of :class:`ClimbEngine`; a :class:`ClimbState` is plain data, cheap to copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Protocol, Self

from mypy_extensions import mypyc_attr
from vncards.core._cards import DECK
from vncards.core._errors import IllegalMove
from vncards.core._events import Chopped, Event, Settled, Transfer
from vncards.core.climbing._classify import _classify_known, _follows
from vncards.core.climbing._enumerate import legal_plays, single_answers
from vncards.core.climbing._shapes import ChopRule, Combo, ComboRules, Kind

__all__ = ["ChopValue", "ClimbConfig", "ClimbEngine", "ClimbState"]

_QUAD = Kind.QUAD  # read once: an enum attribute lookup is slow on a hot path


class ChopValue(Protocol):
    """What a chopped combination costs its owner, in lá (thối): any callable taking the
    chopped :class:`Combo`.

    >>> def thoi(target: Combo) -> int:
    ...     return 12 if target.kind.code == "quad" else 3
    >>> value: ChopValue = thoi
    >>> from vncards.core import CardSet, ComboRules, classify
    >>> value(classify(CardSet.parse("7S 7C 7D 7H").mask, ComboRules()))
    12
    """

    def __call__(self, target: Combo) -> int: ...


@dataclass(frozen=True)
class ClimbConfig:
    """The parts of a climbing game that are data: combination rules, the chop table and
    what a chop costs, whether a player who passed may come back to chop, table size.
    ``extra`` holds a game's own settings for its hooks.

    >>> from vncards.core import ChopRule, ComboRules, Kind
    >>> cfg = ClimbConfig(ComboRules(), (ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), 12),),
    ...                   lambda target: 3)
    >>> cfg.passed_may_chop, len(cfg.chops)
    (False, 1)
    """

    combo_rules: ComboRules
    chops: tuple[ChopRule, ...]
    chop_value: ChopValue
    passed_may_chop: bool = False
    hand_size: int = 13
    min_players: int = 2
    max_players: int = 4
    extra: dict[str, object] = field(default_factory=dict)


# the fields of every climbing state (a game's subclass adds its own)
_STATE_SLOTS = (
    "chain_chopper",
    "chain_value",
    "chain_victim",
    "chop_net",
    "chop_transfers",
    "dealt",
    "engine",
    "events",
    "finished",
    "first",
    "hands",
    "n_actions",
    "out",
    "passed",
    "pile",
    "played",
    "rules",
    "table",
    "table_seat",
    "turn",
    "winner",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class ClimbState:
    """Where a climbing game stands. All fields are plain ints and lists.

    ``hands`` are card masks per seat; ``table`` is the combination to beat (``None``
    when the seat to act leads); ``passed`` is a seat bitmask of who passed this round;
    ``chain_*`` describe the open chop chain (value 0 when none); ``chop_net`` holds
    settled chop payments per seat and ``chop_transfers`` the same payments itemised
    (reason ``chop``); ``events`` what the actions so far caused (the engine adds the
    chops and chain settlements, the plugin the rest); ``out`` is a seat bitmask of
    empty hands; ``pile`` the cards played so far. ``engine`` and ``rules`` are those
    the game is played with (``None`` for a bare state driven by an engine directly) and
    ``first`` the seat that acted first.

    A game keeps values of its own in a subclass that adds ``__slots__`` (immutable
    values only: copies share them); they are its :attr:`extra_fields`, which
    :meth:`copy` and ``==`` include.

    >>> s = ClimbState([0b11, 0b1100], first=1)
    >>> s.n_players, s.turn, s.table is None
    (2, 1, True)
    >>> t = s.copy(); t.hands[0] = 0
    >>> s.hands[0], t == s
    (3, False)
    >>> class Counted(ClimbState):
    ...     __slots__ = ("chops",)
    ...     def __init__(self, hands, first):
    ...         super().__init__(hands, first)
    ...         self.chops = 0
    >>> c = Counted([0b1, 0b10], 0); c.chops = 2
    >>> Counted.extra_fields, c.copy().chops, c.copy() == c
    (('chops',), 2, True)
    """

    __slots__ = _STATE_SLOTS

    extra_fields: ClassVar[tuple[str, ...]] = ()
    """The slots a game's subclass adds, in order (worked out when it is defined)."""

    # what == compares: every slot but the engine (it follows from the rules)
    _compared: ClassVar[tuple[str, ...]] = tuple(f for f in _STATE_SLOTS if f != "engine")

    hands: list[int]
    dealt: tuple[int, ...]
    turn: int
    table: Combo | None
    table_seat: int
    passed: int
    chain_value: int
    chain_victim: int
    chain_chopper: int
    chop_net: list[int]
    chop_transfers: list[Transfer]
    events: list[Event]
    played: int
    out: int
    pile: int
    winner: int
    finished: bool
    n_actions: int
    engine: ClimbEngine | None
    rules: Any
    first: int

    def __init__(
        self,
        hands: Sequence[int],
        first: int,
        engine: ClimbEngine | None = None,
        rules: Any = None,
    ) -> None:
        self.hands = list(hands)
        self.dealt = tuple(hands)
        self.turn = first
        self.table = None
        self.table_seat = first
        self.passed = 0
        self.chain_value = 0
        self.chain_victim = -1
        self.chain_chopper = -1
        self.chop_net = [0] * len(hands)
        self.chop_transfers = []
        self.events = []
        self.played = 0
        self.out = 0
        self.pile = 0
        self.winner = -1
        self.finished = False
        self.n_actions = 0
        self.engine = engine
        self.rules = rules
        self.first = first

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        extra: list[str] = []
        for klass in reversed(cls.__mro__):
            if issubclass(klass, ClimbState) and klass is not ClimbState:
                slots = vars(klass).get("__slots__", ())
                extra.extend([slots] if isinstance(slots, str) else slots)
        cls.extra_fields = tuple(extra)
        cls._compared = ClimbState._compared + cls.extra_fields

    @property
    def n_players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def copy(self) -> Self:
        """An independent copy (search bots copy states many times)."""
        cls = type(self)
        new = cls.__new__(cls)
        new.hands = self.hands[:]
        new.dealt = self.dealt
        new.turn = self.turn
        new.table = self.table
        new.table_seat = self.table_seat
        new.passed = self.passed
        new.chain_value = self.chain_value
        new.chain_victim = self.chain_victim
        new.chain_chopper = self.chain_chopper
        new.chop_net = self.chop_net[:]
        new.chop_transfers = self.chop_transfers[:]
        new.events = self.events[:]
        new.played = self.played
        new.out = self.out
        new.pile = self.pile
        new.winner = self.winner
        new.finished = self.finished
        new.n_actions = self.n_actions
        new.engine = self.engine
        new.rules = self.rules
        new.first = self.first
        for name in cls.extra_fields:
            setattr(new, name, getattr(self, name))
        return new

    def __eq__(self, other: object) -> bool:
        # the engine is left out: it follows from the rules
        if not isinstance(other, ClimbState):
            return NotImplemented
        if type(self) is not type(other):
            return False
        return all(getattr(self, f) == getattr(other, f) for f in self._compared)

    __hash__ = None  # type: ignore[assignment]


@mypyc_attr(allow_interpreted_subclasses=True)
class ClimbEngine:
    """Rules of play for a climbing game; stateless, so one engine serves many games.

    Subclasses override the hooks (``_plays_hook``, ``_check_hook``, ``_after_play``,
    ``_on_empty``, ``_can_pass``) for game-specific rules.

    A game of two seats: seat 0 leads 3♠, seat 1 answers 2♠, seat 0 passes, and seat 1
    leads the next round with its last card and wins.

    >>> from vncards.core import CardSet, ComboRules
    >>> eng = ClimbEngine(ClimbConfig(ComboRules(), (), lambda target: 0))
    >>> s = ClimbState([CardSet.parse("3S 9H").mask, CardSet.parse("2S 4D").mask], 0)
    >>> eng.play(s, 0, CardSet.parse("3S").mask).kind.code
    'single'
    >>> [str(CardSet(m)) for m in eng.plays(s)], eng.can_pass(s)
    (['4D', '2S'], True)
    >>> eng.play(s, 1, CardSet.parse("2S").mask); eng.pass_turn(s, 0)
    Combo(kind=<Kind.SINGLE: 0>, length=1, key=48, mask=281474976710656, top_rank=12)
    >>> s.turn, s.table is None
    (1, True)
    >>> _ = eng.play(s, 1, CardSet.parse("4D").mask)
    >>> s.finished, s.winner
    (True, 1)
    """

    offers_legal_plays: ClassVar[bool] = False
    """Whether :meth:`plays` offers exactly the plays :meth:`play` accepts, so that a play
    taken from it need not be checked again. An engine that changes either side sets it
    only once its tests compare the two (``_check_hook`` refusals included), and a
    subclass whose body refuses plays its own way (``_check_hook``, ``check_play``,
    ``_check``, ``play``) loses it unless that body sets it again: a rule added on the
    referee's side alone is then checked on every play of a fast loop too.
    ``vncards.core.testing.check_fast_path`` plays games under random rules to hold an
    engine that sets it to its word."""

    offers_legal_passes: ClassVar[bool] = True
    """Whether :meth:`can_pass` answers exactly as :meth:`check_pass` would, and
    :meth:`_pass` does all that a checked pass does, so that a game loop may pass an
    offered pass through :meth:`_pass` without a second check. Off for a subclass whose
    body overrides ``can_pass``, ``check_pass`` or ``pass_turn`` (unless that body sets
    it); a game that notes something about a pass overrides ``_pass``."""

    anyone_may_pass: ClassVar[bool] = True
    """Whether every seat but the leader of a round may pass (the rule of
    :meth:`_can_pass` here), so that a game loop need not ask. Off for a subclass whose
    body overrides ``_can_pass`` or ``can_pass`` (unless that body sets it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        body = vars(cls)
        if "offers_legal_plays" not in body and any(
            name in body for name in ("_check_hook", "check_play", "_check", "play")
        ):
            cls.offers_legal_plays = False
        if "offers_legal_passes" not in body and any(
            name in body for name in ("can_pass", "check_pass", "pass_turn")
        ):
            cls.offers_legal_passes = False
        if "anyone_may_pass" not in body and ("_can_pass" in body or "can_pass" in body):
            cls.anyone_may_pass = False

    # how SheddingGame's own loop drives this engine (a LoopPlan), worked out on its
    # first game
    _loop_parts: Any = None
    # the ``play`` events SheddingGame has made with this engine, by seat and mask
    _played_events: dict[tuple[int, int], Any] | None = None

    opening_hook_only: bool = False
    """Set by an engine whose ``_plays_hook`` drops plays only from the first play of a
    game (none made yet, as Tiến lên's 3♠ opening): :meth:`plays` then passes its list
    through the hook only while the pile is empty."""

    # Whether this engine's class keeps each step below as the base defines it. A kept
    # step is called straight through the base class: compiled, that is a machine call,
    # where a call on an engine of a class compiled apart (a game's subclass) looks its
    # method up and boxes its arguments. A hook kept as the base's no-op is not called.
    # False (call through the engine) until __init__ has looked.
    _base_plays: bool = False
    _base_plays_hook: bool = False
    _base_can_pass: bool = False
    _base_play_offered: bool = False
    _base_pass: bool = False
    _base_advance: bool = False
    _base_end_round: bool = False
    _base_after_play: bool = False
    _base_check: bool = False
    _base_play: bool = False
    _base_pass_turn: bool = False
    _base_check_hook: bool = False

    def __init__(self, config: ClimbConfig) -> None:
        _see_kept_steps(self)
        self.config = config
        self.combo_rules = config.combo_rules
        self.chops = config.chops
        tables = config.combo_rules.tables()
        self._suits = tables.suits
        # the ranks of singles some chop row may chop (bit r for rank r), every rank when
        # the combination rules narrow answers (follow suit, colours): plays() lists the
        # answers to any other single itself
        self._narrowed = tables.narrowed
        self._single_chops = _ALL_RANKS if tables.narrowed else _single_targets(config.chops)
        # the shapes that may chop a single, for a quick look at whether a hand has one
        self._single_attackers = tuple(
            (int(rule.attacker[0]), rule.attacker[1])
            for rule in config.chops
            if rule.target == (Kind.SINGLE, 1)
        )
        # chop rows by the attacker's shape: most plays (singles, pairs) have none, so
        # asking whether a play chops is one dictionary miss
        index: dict[tuple[int, int], list[ChopRule]] = {}
        for rule in config.chops:
            index.setdefault((int(rule.attacker[0]), rule.attacker[1]), []).append(rule)
        self._chop_rows = {shape: tuple(rows) for shape, rows in index.items()}

    def is_chop(self, combo: Combo, table: Combo) -> bool:
        """Whether ``combo`` beats ``table`` through a row of this game's chop table."""
        rows = self._chop_rows.get((combo.kind, combo.length))
        if rows is None:
            return False
        return any(rule.applies(combo, table) for rule in rows)

    # ------------------------------------------------------------ queries

    def plays(self, state: ClimbState) -> list[int]:
        """Every legal play (card mask) for the seat to act; empty once finished."""
        if state.finished:
            return []
        seat = state.turn
        hand = state.hands[seat]
        table = state.table
        if table is None:
            masks = legal_plays(hand, self.combo_rules)
        elif state.passed >> seat & 1:
            masks = legal_plays(hand, self.combo_rules, table, self.chops, chops_only=True)
        elif table.length == 1 and (
            not self._single_chops >> table.top_rank & 1
            or not (self._narrowed or _may_hold(hand, self._single_attackers))
        ):
            # most answers are to a single that no row of the chop table chops, or that
            # the hand holds nothing to chop with: the singles above it, as legal_plays
            # lists them
            masks = []
            single_answers(hand, table.key, self._suits, masks)
        else:
            masks = legal_plays(hand, self.combo_rules, table, self.chops)
        if self._base_plays_hook or (state.pile and self.opening_hook_only):
            return masks
        return self._plays_hook(state, seat, masks)

    def can_pass(self, state: ClimbState) -> bool:
        """Whether the seat to act may pass (never when leading a round)."""
        if state.finished or state.table is None:
            return False
        return self._base_can_pass or self._can_pass(state)

    def check_play(self, state: ClimbState, seat: int, mask: int) -> Combo:
        """Raise :class:`IllegalMove` unless ``seat`` may play ``mask`` now; return its combo."""
        return self._check(state, seat, mask)[0]

    def _check(self, state: ClimbState, seat: int, mask: int) -> tuple[Combo, bool]:
        """The combo of a legal play and whether it chops; :class:`IllegalMove` otherwise."""
        if state.finished:
            raise IllegalMove("game-over", "The game is already over.")
        if seat != state.turn:
            raise IllegalMove("not-your-turn", "It is not this player's turn.")
        hand = state.hands[seat]
        if mask == 0:
            raise IllegalMove("empty-play", "A play needs at least one card.")
        if mask < 0 or mask >> 52:
            raise IllegalMove("card-not-in-hand", "A play may hold only cards of the deck.")
        if mask & ~hand:
            missing = [str(DECK[i]) for i in range(52) if (mask & ~hand) >> i & 1]
            raise IllegalMove("card-not-in-hand", f"Card not in hand: {' '.join(missing)}.")
        rules = self.combo_rules
        t = rules._tables or rules.tables()
        # the remembered combination, else classify it (see _classify_known)
        combo = t.known.get(mask) if type(mask) is int else None
        if combo is None:
            combo = _classify_known(mask, t)
        if combo is None:
            raise IllegalMove("not-a-combination", "These cards do not form a combination.")
        table = state.table
        chop = False
        if table is not None:
            chop = self.is_chop(combo, table)
            if state.passed >> seat & 1:
                if not (self.config.passed_may_chop and chop):
                    raise IllegalMove(
                        "passed-this-round",
                        "This player passed and is locked out until the round ends.",
                    )
            elif not chop:
                same_shape = combo.kind == table.kind and combo.length == table.length
                if same_shape and t.follow and table.kind != _QUAD and not _follows(mask, table):
                    raise IllegalMove(
                        "must-follow",
                        "This play must follow the suits of the combination on the table.",
                    )
                if not (same_shape and combo.key > table.key):
                    raise IllegalMove(
                        "does-not-beat", "This play does not beat the combination on the table."
                    )
        if not self._base_check_hook:
            self._check_hook(state, seat, mask, combo)
        return combo, chop

    def check_pass(self, state: ClimbState, seat: int) -> None:
        """Raise :class:`IllegalMove` unless ``seat`` may pass now."""
        if state.finished:
            raise IllegalMove("game-over", "The game is already over.")
        if seat != state.turn:
            raise IllegalMove("not-your-turn", "It is not this player's turn.")
        if state.table is None:
            raise IllegalMove("cannot-pass-lead", "The leader of a round must play, not pass.")
        if not self._can_pass(state):
            raise IllegalMove("cannot-pass", "This player may not pass now.")

    # ------------------------------------------------------------ actions

    def play(self, state: ClimbState, seat: int, mask: int) -> Combo:
        """Play ``mask`` from ``seat``; raise :class:`IllegalMove` and change nothing if illegal.

        A chop (a play that beats the table through a chop-table row) opens a chop chain,
        or grows the open one when the seat beaten is its last chopper (chặt chồng). The
        chain is paid — victim to chopper, the whole value — when the round ends or the
        hand empties and the game ends; a game that finishes in ``_after_play`` leaves an
        open chain to its own settlement.
        """
        if self._base_check:
            combo, chop = ClimbEngine._check(self, state, seat, mask)
        else:
            combo, chop = self._check(state, seat, mask)
        if self._base_play_offered:
            ClimbEngine._play_offered(self, state, seat, mask, combo, chop)
        else:
            self._play_offered(state, seat, mask, combo, chop)
        return combo

    def _play_offered(
        self,
        state: ClimbState,
        seat: int,
        mask: int,
        combo: Combo | None = None,
        chop: bool = False,
    ) -> None:
        """Carry out a play: one :meth:`play` checked (``combo`` and ``chop`` given), or
        one of :meth:`plays` of ``state``, made without a second check by a game loop
        when :attr:`offers_legal_plays` is set (classified here)."""
        if combo is None:
            t = self.combo_rules._tables or self.combo_rules.tables()
            combo = t.known.get(mask)
            if combo is None:
                combo = _classify_known(mask, t)
                assert combo is not None
            if state.table is not None:
                rows = self._chop_rows.get((combo.kind, combo.length))
                chop = rows is not None and any(rule.applies(combo, state.table) for rule in rows)
        table = state.table
        beaten_seat = state.table_seat
        if chop:
            assert table is not None
            if state.chain_value and state.chain_chopper == beaten_seat:
                state.chain_value += self.config.chop_value(table)
            else:
                # the open chain's chopper was beaten without a chop, so that chain can
                # grow no more: it is paid now and a new one starts
                self._settle_chain(state)
                state.chain_value = self.config.chop_value(table)
            state.chain_victim = beaten_seat
            state.chain_chopper = seat
            state.events.append(Chopped(seat, victim=beaten_seat, value=state.chain_value))
        state.hands[seat] &= ~mask
        state.pile |= mask
        state.played |= 1 << seat
        state.table = combo
        state.table_seat = seat
        state.n_actions += 1
        if not self._base_after_play:
            self._after_play(state, seat, combo, table, beaten_seat)
            if state.finished:
                return
        if state.hands[seat] == 0:
            state.out |= 1 << seat
            self._on_empty(state, seat, combo)
            if state.finished:
                self._settle_chain(state)
                return
        _turn_on(self, state, seat)

    def pass_turn(self, state: ClimbState, seat: int) -> None:
        """Pass for ``seat``; raise :class:`IllegalMove` and change nothing if illegal."""
        self.check_pass(state, seat)
        if self._base_pass:
            ClimbEngine._pass(self, state, seat)
        else:
            self._pass(state, seat)

    def _pass(self, state: ClimbState, seat: int) -> None:
        """The pass of ``seat``, already checked (games that note something about a pass
        change this, not :meth:`pass_turn`)."""
        state.passed |= 1 << seat
        state.n_actions += 1
        _turn_on(self, state, seat)

    # ------------------------------------------------------------ turn order

    def _advance(self, state: ClimbState, seat: int) -> None:
        n = len(state.hands)
        table_seat = state.table_seat
        # seats not asked: those out, and those who passed unless they may come back
        skip = state.out if self.config.passed_may_chop else state.out | state.passed
        i = seat + 1 if seat + 1 < n else 0
        for _ in range(n):
            if i == table_seat:
                break
            if not skip >> i & 1:
                state.turn = i
                return
            i = i + 1 if i + 1 < n else 0
        if self._base_end_round:
            ClimbEngine._end_round(self, state)
        else:
            self._end_round(state)

    def _end_round(self, state: ClimbState) -> None:
        if state.chain_value:
            self._settle_chain(state)
        state.table = None
        state.passed = 0
        n = len(state.hands)
        leader = state.table_seat
        for _ in range(n):
            if not state.out >> leader & 1:
                break
            leader = leader + 1 if leader + 1 < n else 0
        state.turn = leader
        state.table_seat = leader

    def _settle_chain(self, state: ClimbState) -> None:
        """Pay the open chop chain, if any: its last victim pays its last chopper the
        whole value (a transfer with reason ``chop``, announced by a ``settle`` event)."""
        if state.chain_value:
            state.chop_net[state.chain_victim] -= state.chain_value
            state.chop_net[state.chain_chopper] += state.chain_value
            paid = Transfer(state.chain_victim, state.chain_chopper, state.chain_value, "chop")
            state.chop_transfers.append(paid)
            state.events.append(Settled(None, (paid,)))
            state.chain_value = 0
            state.chain_victim = state.chain_chopper = -1

    # ------------------------------------------------------------ hooks

    def _plays_hook(self, state: ClimbState, seat: int, masks: list[int]) -> list[int]:
        """Filter generated plays (e.g. a first play that must hold 3♠)."""
        return masks

    def _check_hook(self, state: ClimbState, seat: int, mask: int, combo: Combo) -> None:
        """Raise :class:`IllegalMove` for plays a game forbids beyond beating the table."""

    def _can_pass(self, state: ClimbState) -> bool:
        return True

    def _after_play(
        self,
        state: ClimbState,
        seat: int,
        combo: Combo,
        beaten: Combo | None,
        beaten_seat: int,
    ) -> None:
        """Called after every play, before the turn moves on; may finish the game."""

    def _on_empty(self, state: ClimbState, seat: int, combo: Combo) -> None:
        """A hand just emptied; by default its seat wins and the game ends."""
        state.winner = seat
        state.finished = True


def _turn_on(engine: ClimbEngine, state: ClimbState, seat: int) -> None:
    """``engine._advance``: called straight where the engine's class keeps the base's."""
    if engine._base_advance:
        ClimbEngine._advance(engine, state, seat)
    else:
        engine._advance(state, seat)


def _see_kept_steps(engine: ClimbEngine) -> None:
    """Set ``engine``'s ``_base_*`` flags: which steps its class keeps as the base's."""
    cls = type(engine)
    base = ClimbEngine
    engine._base_plays = cls.plays is base.plays
    engine._base_plays_hook = cls._plays_hook is base._plays_hook
    engine._base_can_pass = cls.can_pass is base.can_pass and cls._can_pass is base._can_pass
    engine._base_play_offered = cls._play_offered is base._play_offered
    engine._base_pass = cls._pass is base._pass
    engine._base_advance = cls._advance is base._advance
    engine._base_end_round = cls._end_round is base._end_round
    engine._base_after_play = cls._after_play is base._after_play
    engine._base_check = cls._check is base._check
    engine._base_check_hook = cls._check_hook is base._check_hook
    engine._base_play = cls.play is base.play
    engine._base_pass_turn = cls.pass_turn is base.pass_turn


_ALL_RANKS = (1 << 13) - 1


def _single_targets(chops: Sequence[ChopRule]) -> int:
    """The ranks (bit r for rank r) of the singles some row of ``chops`` may chop."""
    ranks = 0
    for rule in chops:
        if rule.target == (Kind.SINGLE, 1):
            ranks |= _ALL_RANKS if rule.target_rank is None else 1 << rule.target_rank
    return ranks


_RANK_BITS: Final = 0x1111111111111  # bit 4r for each rank r
# the kinds by their numbers: compiled, comparing them is a machine comparison
_SINGLE_CODE: Final = int(Kind.SINGLE)
_PAIR_CODE: Final = int(Kind.PAIR)
_TRIPLE_CODE: Final = int(Kind.TRIPLE)
_QUAD_CODE: Final = int(Kind.QUAD)
_PAIR_RUN_CODE: Final = int(Kind.PAIR_RUN)


def _may_hold(hand: int, shapes: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``hand`` has, for one of ``shapes`` (``(kind, length)``), the cards by rank
    it takes (a pair, a triple or a tứ quý of a rank; as many ranks, or ranks of pairs,
    as a straight or a pair-run of that length): ``False`` only when no combination of
    those shapes can be in ``hand``.

    >>> from vncards.core import CardSet
    >>> quad, three_pairs = (int(Kind.QUAD), 4), (int(Kind.PAIR_RUN), 6)
    >>> _may_hold(CardSet.parse("5S 5C 5D 5H 9S").mask, (quad,))
    True
    >>> _may_hold(CardSet.parse("5S 5C 6D 6H 9S 9C").mask, (quad,))
    False
    >>> _may_hold(CardSet.parse("5S 5C 6D 6H 9S 9C").mask, (quad, three_pairs))
    True
    """
    a, b, c = hand >> 1, hand >> 2, hand >> 3
    pairs = (hand & (a | b | c) | a & (b | c) | b & c) & _RANK_BITS
    for kind, length in shapes:
        if kind == _SINGLE_CODE:
            found = bool(hand)
        elif kind == _PAIR_CODE:
            found = bool(pairs)
        elif kind == _TRIPLE_CODE:
            found = bool((hand & a & (b | c) | (hand | a) & b & c) & _RANK_BITS)
        elif kind == _QUAD_CODE:
            found = bool(hand & a & b & c & _RANK_BITS)
        elif kind == _PAIR_RUN_CODE:
            found = pairs.bit_count() >= length // 2
        else:  # a straight: as many ranks as cards, or more
            found = ((hand | a | b | c) & _RANK_BITS).bit_count() >= length
        if found:
            return True
    return False
