"""The Mậu Binh game plugin: core's :class:`~vncards.core.GamePlugin` protocol over the
engine, the seat views, a fast playout for bot games, and the queries the command line
asks (classify, analyze, deal, summary)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vncards.core import (
    ActionKey,
    Bot,
    BotFactory,
    Cards,
    Decision,
    Event,
    GameRecord,
    GameResult,
    IllegalMove,
    NotationError,
    RandomBot,
    RecordAction,
    RecordError,
    RecordVocabulary,
    RefereeReport,
    Statistic,
    View,
    Words,
    deal,
    format_cards,
    named_cards,
    parse_card,
    referee,
    split_card_list,
)
from vncards.maubinh._bots import BOTS, ArrangingBot, SolverBot
from vncards.maubinh._engine import (
    Arrange,
    Arranged,
    InstantDeclared,
    MauBinhState,
    Revealed,
    Splits,
    apply_arrange,
    arrange_error,
    chi_keys,
    outcome_of,
    start_game,
)
from vncards.maubinh._facts import COMPARE_FACTS
from vncards.maubinh._hands import RANK, SUIT, evaluator, hand_code
from vncards.maubinh._instant import instant_hand
from vncards.maubinh._rules import (
    DEFAULT_PRESET,
    HAND_CODES,
    PRESETS,
    MauBinhRules,
)
from vncards.maubinh._settle import REASONS, is_fouled, settle
from vncards.maubinh._solver import greedy_split
from vncards.maubinh._words import MauBinhTalk, table_talk

__all__ = ["MauBinhGame", "MauBinhView", "plugin"]

HAND_SIZE = 13


def _shown(cards: Iterable[int]) -> list[str]:
    """Cards for people and queries, in Mậu Binh order: by rank (2 low, A high), then
    suit."""
    ordered: list[int] = sorted(cards, key=lambda c: (RANK[c], SUIT[c]))
    return format_cards(ordered)


def _ids(tokens: Iterable[str]) -> list[int]:
    return [parse_card(t).id for t in tokens]


def _record_card(token: str) -> int:
    try:
        return parse_card(token).id
    except NotationError as e:
        raise RecordError(str(e)) from None


_LABEL = re.compile(r"^\s*chi\s*([123])\s*:?\s*", re.IGNORECASE)


def _typed_cards(text: str, hand: Sequence[str], key: str) -> tuple[int, ...]:
    """One typed chi: cards in any notation, or positions in ``hand`` (1 to 13)."""
    pieces = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if pieces and all(p.isdigit() for p in pieces):
        bad = [p for p in pieces if not 1 <= int(p) <= len(hand)]
        if bad:
            raise IllegalMove(
                "bad-arrangement",
                f"{key}: your hand has positions 1 to {len(hand)}; {bad[0]} is not one of them",
            )
        return tuple(sorted(parse_card(hand[int(p) - 1]).id for p in pieces))
    try:
        return tuple(sorted(parse_card(t).id for t in split_card_list(text)))
    except NotationError as e:
        error = e
    for piece in pieces:  # name the one piece that is no card, not the whole chi
        try:
            parse_card(piece)
        except NotationError as e:
            error = e
            break
    raise NotationError(error.token, message=f"{key}: unknown card {error.token!r}") from None


def _split_words(split: Any, keys: Sequence[str]) -> Words:
    """A split as words: its three chi with their hands, in the form typed at play."""
    return (
        "chi1: ", Cards(_shown(split.chi1)), f" ({keys[0]}) / chi2: ", Cards(_shown(split.chi2)),
        f" ({keys[1]}) / chi3: ", Cards(_shown(split.chi3)), f" ({keys[2]})",
    )  # fmt: skip


@dataclass(frozen=True)
class MauBinhView(View):
    """One seat's view: its own cards (``cards``, sorted ids), the rules, which seats
    have arranged and which showed an instant hand. Other seats' cards and
    arrangements stay hidden until the reveal at the end.

    ``public`` holds ``{"arranged": [bool by seat], "instant": [code or null by seat]}``.
    """

    cards: tuple[int, ...] = ()
    rules: MauBinhRules = PRESETS[DEFAULT_PRESET]
    arranged: tuple[bool, ...] = ()
    instant: tuple[str | None, ...] = ()

    def action_json(self, action: Any) -> dict[str, Any]:
        """An arrangement as a record action."""
        assert isinstance(action, Arrange)
        return action.to_record()

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        """As :meth:`View.to_json`, but ``legal`` lists one of the 72,072 splits a seat
        that has to arrange may make: the greedy one (the strongest chi1, then chi2;
        never binh lủng), a record action the game accepts as it is. Any other split of
        the hand into 5 + 5 + 3 cards is as legal.

        >>> from vncards.maubinh import plugin
        >>> st = plugin.new_game(plugin.presets["standard"], 2, seed=3)
        >>> (offered,) = plugin.view(st, 0).to_json(["An", "Bình"])["legal"]
        >>> [len(offered["arrange"][k]) for k in ("chi1", "chi2", "chi3")]
        [5, 5, 3]
        >>> action = plugin.action_from_record(st, RecordAction(player="An", **offered), 0)
        >>> [type(e).__name__ for e in plugin.apply(st, action)]
        ['Arranged']
        """
        saved = self.legal
        object.__setattr__(self, "legal", ())
        try:
            out = super().to_json(players)
        finally:
            object.__setattr__(self, "legal", saved)
        if saved:
            split = greedy_split(evaluator(self.rules), self.cards)
            out["legal"] = [Arrange(self.seat, split.chi1, split.chi2, split.chi3).to_record()]
        return out


class MauBinhGame:
    """Mậu Binh as a vncards game plugin.

    >>> from vncards.core import play_game
    >>> st = plugin.new_game(MauBinhRules(), 3, seed=7)
    >>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(3)])
    >>> res = plugin.result(game.final)
    >>> res.finished, sum(res.payments), res.outcome in ("showdown", "instant-win", "draw")
    (True, 0, True)
    """

    name = "maubinh"
    title = "Mậu Binh (binh xập xám)"
    deck = "french"
    rules_model = MauBinhRules
    presets: Mapping[str, MauBinhRules] = PRESETS
    default_preset = DEFAULT_PRESET
    bots: Mapping[str, BotFactory] = BOTS
    default_opponent = "solver"  # the strongest bot: the default at the terminal and tables
    record_vocabulary = RecordVocabulary(
        actions=(
            ActionKey(
                "arrange",
                named_cards("chi1", "chi2", "chi3"),
                "The player's three chi: chi1 and chi2 of 5 cards, chi3 of 3.",
            ),
        ),
        outcomes=("showdown", "instant-win", "draw"),
        transfer_reasons=REASONS,
    )
    compare_facts = COMPARE_FACTS  # what vncards compare measures of it
    statistics = (
        Statistic("binh_lung", "lủng", "Games where a player's chi were out of order."),
        Statistic("sap_ham", "sập hầm", "Games where a player lost all three chi to one."),
        Statistic("sap_lang", "sập làng", "Games where one player won every chi of all."),
    )

    # ------------------------------------------------------------ dealing

    def player_range(self, rules: MauBinhRules) -> tuple[int, int]:
        """Two to four players."""
        return (2, 4)

    def new_game(
        self, rules: MauBinhRules, n_players: int, seed: int, *, first: int | None = None
    ) -> MauBinhState:
        """Deal 13 cards to each player from ``seed`` (``first`` plays no part: everyone
        arranges at once)."""
        lo, hi = self.player_range(rules)
        if not lo <= n_players <= hi:
            raise ValueError(f"maubinh is played by {lo} to {hi} players, not {n_players}")
        hands, _ = deal(seed, 52, [HAND_SIZE] * n_players)
        return start_game(rules, hands)

    def state_from_record(self, record: GameRecord, rules: MauBinhRules) -> MauBinhState:
        """The deal of a record: 13 distinct cards to each of 2 to 4 players."""
        n = len(record.players)
        lo, hi = self.player_range(rules)
        if not lo <= n <= hi:
            raise RecordError(f"maubinh is played by {lo} to {hi} players, not {n}")
        if record.stock is not None:
            raise RecordError("maubinh records have no stock (undealt cards stay out of play)")
        seen: dict[int, str] = {}
        hands = []
        for name in record.players:
            cards = [_record_card(t) for t in record.hands[name]]
            if len(cards) != HAND_SIZE:
                raise RecordError(f"{name} was dealt {len(cards)} cards; maubinh deals 13")
            for c in cards:
                if c in seen:
                    raise RecordError(f"{format_cards([c])[0]} is dealt twice")
                seen[c] = name
            hands.append(cards)
        return start_game(rules, hands)

    # ------------------------------------------------------------ play

    def legal_actions(self, state: MauBinhState) -> list[Arrange]:
        """Every split of every seat that has yet to arrange, made on demand (72,072 a
        seat): a list only in type, whose items are built when read.

        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> len(plugin.legal_actions(st)), plugin.legal_actions(st)[72_072].seat
        (144144, 1)
        """
        return _Concat([Splits(s, state.hands[s]) for s in state.pending()])

    def _decision_parts(self, state: MauBinhState) -> tuple[int, Sequence[Arrange], bool] | None:
        pending = state.pending()
        if not pending:
            return None
        seat = pending[0]
        return seat, Splits(seat, state.hands[seat]), False

    def decision(self, state: MauBinhState) -> Decision[Arrange] | None:
        """The first seat (in seat order) that has yet to arrange; any order is legal."""
        parts = self._decision_parts(state)
        return None if parts is None else Decision(parts[0], parts[1])

    def decline(self, state: MauBinhState, seat: int) -> None:
        """Nothing in Mậu Binh may be declined."""
        raise IllegalMove("must-act", "every player without an instant hand must arrange")

    def why_illegal(self, state: MauBinhState, action: Arrange) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal.

        >>> st = plugin.new_game(plugin.presets[plugin.default_preset], 2, seed=1)
        >>> plugin.why_illegal(st, "fold").code
        'bad-arrangement'
        """
        if not isinstance(action, Arrange):
            return IllegalMove("bad-arrangement", f"{action!r} is not an arrangement")
        return arrange_error(state, action)

    def apply(self, state: MauBinhState, action: Arrange) -> list[Any]:
        """Record an arrangement; the last one reveals every chi and settles."""
        if not isinstance(action, Arrange):
            raise IllegalMove("bad-arrangement", f"{action!r} is not an arrangement")
        return list(apply_arrange(state, action))

    def result(self, state: MauBinhState) -> GameResult:
        """Outcome and net chi per seat (all 0 until everyone has arranged)."""
        return state.result()

    # ------------------------------------------------------------ views

    def view(self, state: MauBinhState, seat: int) -> MauBinhView:
        """What ``seat`` knows: its cards, its own arrangement, who has arranged, the
        instant hands laid face up at the deal, and everything once all is revealed.

        A seat with an instant hand holds nothing: its 13 cards lie on the table for all
        to see (``public["shown"]``).
        """
        pending = state.pending()
        # the game asks the first seat still to arrange (others may arrange too: apply
        # takes any order, but a view offers actions only to the seat asked)
        asked = bool(pending) and pending[0] == seat
        legal: tuple[Any, ...] = (Splits(seat, state.hands[seat]),) if asked else ()
        held = () if state.instant[seat] is not None else state.hands[seat]
        return MauBinhView(
            game=self.name,
            seat=seat,
            to_act=pending[0] if pending else None,
            hand=tuple(format_cards(held)),
            legal=legal[0] if legal else (),
            counts=tuple(0 if c is not None else HAND_SIZE for c in state.instant),
            public={
                "arranged": [a is not None for a in state.arranged],
                "instant": list(state.instant),
                "shown": [
                    None if c is None else format_cards(h)
                    for c, h in zip(state.instant, state.hands, strict=True)
                ],
            },
            history=tuple(e.seen_by(seat) for e in state.history),
            cards=held,
            rules=state.rules,
            arranged=tuple(a is not None for a in state.arranged),
            instant=tuple(state.instant),
        )

    def determinize(self, view: View, rng: random.Random) -> MauBinhState:
        """A full state the seat cannot tell from the real one: the hands it has not
        seen dealt at random from the cards it has not seen (never an instant hand, as
        none was shown), the arrangements it has not seen made the greedy way.

        >>> st = plugin.new_game(MauBinhRules(), 3, seed=4)
        >>> view = plugin.view(st, 1)
        >>> plugin.view(plugin.determinize(view, random.Random(0)), 1) == view
        True
        """
        assert isinstance(view, MauBinhView)
        rules, n = view.rules, len(view.counts)
        hands: list[list[int] | None] = [None] * n
        if view.cards:
            hands[view.seat] = list(view.cards)
        known: dict[int, Arrange] = {}  # arrangements this seat has seen
        for e in view.history:
            if isinstance(e, InstantDeclared) and e.seat is not None:
                hands[e.seat] = _ids(e.cards)
            elif isinstance(e, Arranged | Revealed) and e.seat is not None and e.chi1:
                known[e.seat] = Arrange.of(e.seat, _ids(e.chi1), _ids(e.chi2), _ids(e.chi3))
        for s, a in known.items():
            hands[s] = [*a.chi1, *a.chi2, *a.chi3]
        used = {c for h in hands if h is not None for c in h}
        pool = [c for c in range(52) if c not in used]
        for s in range(n):
            if hands[s] is None:
                pick = rng.sample(pool, HAND_SIZE)
                for _ in range(50):
                    if instant_hand(pick, rules) is None:
                        break
                    pick = rng.sample(pool, HAND_SIZE)
                hands[s] = pick
                taken = set(pick)
                pool = [c for c in pool if c not in taken]
        st = start_game(rules, [h or [] for h in hands], view.instant)  # type: ignore[arg-type]
        for e in view.history:
            if isinstance(e, Arranged) and e.seat is not None:
                action = known.get(e.seat)
                if action is None:
                    g = greedy_split(st.ev, st.hands[e.seat])
                    action = Arrange(e.seat, g.chi1, g.chi2, g.chi3)
                apply_arrange(st, action)
        return st

    # ------------------------------------------------------------ words for screens

    def table_words(self, view: View, players: Sequence[str]) -> list[Words]:
        """What the table shows: the instant hands laid face up and who has arranged.

        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> plugin.table_words(plugin.view(st, 0), ["An", "Bình"])
        [('Still to arrange: An, Bình.',)]
        """
        if not isinstance(view, MauBinhView):
            raise TypeError(f"{self.name} describes its own views, not {type(view).__name__}")
        lines: list[Words] = []
        shown = view.public.get("shown", [])
        for seat, code in enumerate(view.instant):
            if code is not None:
                lines.append((f"{code} shown by {players[seat]}: ", Cards(shown[seat])))
        waiting = [
            players[s]
            for s in range(len(players))
            if view.instant[s] is None and not view.arranged[s]
        ]
        if waiting and view.to_act is not None:
            lines.append((f"Still to arrange: {', '.join(waiting)}.",))
        return lines

    def event_words(self, event: Event, players: Sequence[str]) -> Words | None:
        """Words for this game's events: an instant hand shown, an arrangement made
        (its cards only when this seat may see them), every chi revealed.

        >>> plugin.event_words(Arranged(0), ["An", "Bình"])
        ('has arranged.',)
        """
        if isinstance(event, InstantDeclared):
            return (f"showed {event.what}: ", Cards(event.cards))
        if isinstance(event, Arranged):
            if not event.chi1:
                return ("has arranged.",)
            return (
                "arranged ", Cards(event.chi1), " / ", Cards(event.chi2), " / ",
                Cards(event.chi3), ".",
            )  # fmt: skip
        if isinstance(event, Revealed):
            foul = " — binh lủng" if event.fouled else ""
            return (
                "revealed ", Cards(event.chi1), f" ({event.hands[0]}) / ", Cards(event.chi2),
                f" ({event.hands[1]}) / ", Cards(event.chi3), f" ({event.hands[2]}){foul}.",
            )  # fmt: skip
        return None

    def table_talk(self, vietnamese: bool = False, rules: Any = None) -> MauBinhTalk:
        """What a play screen says about this game (:class:`~vncards.core.SpeaksAtTable`).

        >>> plugin.table_talk(vietnamese=True).reason("sap-lang")
        'sập làng'
        """
        return table_talk(self, vietnamese)

    # ------------------------------------------------------------ typed moves, hints

    move_help = (
        "Type your three chi separated by /, the back (chi1, 5 cards) first, then the"
        " middle (chi2, 5 cards) and the front (chi3, 3 cards):",
        "  chi1: AS AH AD 5C 5D / chi2: 9S 9H 7S 8C 2C / chi3: JD QH KS",
        "or without the labels (AS AH AD 5C 5D / 9S 9H 7S 8C 2C / JD QH KS); labelled"
        " chi may come in any order, and a chi may be positions in your hand (1 2 3 4 5).",
        "Each chi must be at least as strong as the one after it (else binh lủng).",
    )

    def parse_move(self, view: View, text: str) -> Arrange:
        """The arrangement a player typed: three groups separated by ``/``, each
        optionally labelled ``chi1:``, ``chi2:``, ``chi3:``; cards in any notation or
        positions in the hand. Whether the cards are the seat's is for ``apply``.

        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> v = plugin.view(st, 0)
        >>> a = plugin.parse_move(v, "chi3: 1 2 3 / chi1: 4 5 6 7 8 / chi2: 9 10 11 12 13")
        >>> a.chi3 == tuple(st.hands[0][:3]), plugin.apply(st.copy(), a) != []
        (True, True)
        >>> plugin.parse_move(v, "AS AH / 2C")
        Traceback (most recent call last):
        ...
        vncards.core._errors.IllegalMove: type three chi separated by /, not 2 (chi1 / chi2 / chi3)
        """
        groups = text.split("/")
        if len(groups) != 3:
            raise IllegalMove(
                "bad-arrangement",
                f"type three chi separated by /, not {len(groups)} (chi1 / chi2 / chi3)",
            )
        labels = [_LABEL.match(g) for g in groups]
        if any(labels) and not all(labels):
            raise IllegalMove(
                "bad-arrangement", "label every chi (chi1: … / chi2: … / chi3: …) or none"
            )
        chis: dict[str, tuple[int, ...]] = {}
        for i, (g, m) in enumerate(zip(groups, labels, strict=True)):
            key = f"chi{m.group(1)}" if m else f"chi{i + 1}"
            if key in chis:
                raise IllegalMove("bad-arrangement", f"{key} is typed twice")
            chis[key] = _typed_cards(g[m.end() :] if m else g, view.hand, key)
        return Arrange(view.seat, chis["chi1"], chis["chi2"], chis["chi3"])

    def hint(self, view: View) -> list[tuple[Words, Arrange]]:
        """The solver's arrangement of the seat's cards, with its expected chi against
        one random opponent (none for a seat that does not arrange).

        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> [(words[0], action in plugin.legal_actions(st)) for words, action in
        ...  plugin.hint(plugin.view(st, 0))]
        [('solver: chi1: ', True)]
        """
        if not isinstance(view, MauBinhView):
            raise TypeError(f"{self.name} reads its own views, not {type(view).__name__}")
        if not view.legal or len(view.cards) != HAND_SIZE:
            return []
        shown = [parse_card(t).id for cards in view.public.get("shown", []) if cards for t in cards]
        bot = SolverBot(seed=0, samples=200)
        split = bot.split(view.rules, view.cards, shown)
        words = _split_words(split, [hand_code(k) for k in split.keys])
        label: Words = (
            "solver: " + str(words[0]), *words[1:],
            f" — about {bot.last_expected:+.2f} chi against each opponent",
        )  # fmt: skip
        return [(label, Arrange(view.seat, split.chi1, split.chi2, split.chi3))]

    def action_warning(self, state: MauBinhState, action: Arrange) -> str | None:
        """A sentence when ``action`` is binh lủng (out of order: legal, but the hand
        loses), else ``None``; a screen asks before making it.

        >>> st = plugin.new_game(MauBinhRules(), 2, seed=1)
        >>> v = plugin.view(st, 0)
        >>> plugin.action_warning(st, plugin.hint(v)[0][1]) is None
        True
        >>> a = plugin.parse_move(v, "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13")
        >>> print(plugin.action_warning(st, a))
        is binh lủng: chi1 (two-pair) is weaker than chi2 (two-pair), so the hand loses.
        """
        if not isinstance(action, Arrange) or len(action.chi3) != 3:
            return None
        if (len(action.chi1), len(action.chi2)) != (5, 5):
            return None
        keys = chi_keys(state.ev, action)
        if not is_fouled(keys):
            return None
        names = [hand_code(k) for k in keys]
        k = 0 if keys[0] < keys[1] else 1
        return (
            f"is binh lủng: chi{k + 1} ({names[k]}) is weaker than chi{k + 2}"
            f" ({names[k + 1]}), so the hand loses."
        )

    # ------------------------------------------------------------ fast bot games

    def playout(
        self,
        state: MauBinhState,
        bots: Sequence[Bot],
        record: Callable[[Any], None],
        max_steps: int,
    ) -> bool:
        """Play a game of Mậu Binh bots (or core random bots) without building views;
        the same choices, in the same order, as the plain loop."""
        for bot in bots:
            plain = isinstance(bot, ArrangingBot) and type(bot).choose is ArrangingBot.choose
            if not plain and type(bot) is not RandomBot:
                return False
        pending = state.pending()
        if len(pending) > max_steps:
            return False
        rules, hands, ev = state.rules, state.hands, state.ev
        shown = [c for s in range(state.n) if state.instant[s] is not None for c in hands[s]]
        for seat in pending:
            bot = bots[seat]
            if isinstance(bot, ArrangingBot):
                sp = bot.split(rules, hands[seat], shown)
                action = Arrange(seat, sp.chi1, sp.chi2, sp.chi3)
                keys = sp.keys
            else:
                action = bot.pick(Splits(seat, hands[seat]), False)  # type: ignore[attr-defined]
                keys = chi_keys(ev, action)
            state.arranged[seat] = action
            state.keys[seat] = keys
            record(action)
        if pending:
            transfers = settle(state.score, state.instant, state.keys)
            state.result_ = outcome_of(state.n, state.instant, transfers)
            state.finished = True
        return True

    # ------------------------------------------------------------ records

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's referee loop on this game).

        >>> plugin.referee({"game": "maubinh", "players": ["A"], "hands": {"A": []}})
        Traceback (most recent call last):
        ...
        vncards.core._errors.RecordError: maubinh is played by 2 to 4 players, not 1
        """
        return referee(self, record)

    def action_from_record(self, state: MauBinhState, action: RecordAction, seat: int) -> Arrange:
        """Read ``{"arrange": {"chi1": [...], "chi2": [...], "chi3": [...]}}``; cards that
        are not this seat's, or chi of the wrong size, are left for ``apply`` to refuse."""
        kind = action.kind
        if kind != "arrange":
            raise RecordError(f"maubinh records have no {kind!r} actions (only 'arrange')")
        value = action.value
        if not isinstance(value, Mapping) or set(value) != {"chi1", "chi2", "chi3"}:
            raise RecordError("an arrangement names exactly chi1, chi2 and chi3")
        chis = []
        for key in ("chi1", "chi2", "chi3"):
            cards = value[key]
            if not isinstance(cards, list) or not all(isinstance(t, str) for t in cards):
                raise RecordError(f"{key} is a list of cards")
            chis.append(tuple(sorted(_record_card(t) for t in cards)))
        return Arrange(seat, chis[0], chis[1], chis[2])

    def action_to_record(self, state: MauBinhState, action: Arrange) -> dict[str, Any]:
        """The record form of an arrangement (without ``player``)."""
        return action.to_record()

    def record_deal(self, state: MauBinhState) -> dict[str, Any]:
        """The dealt hands (no first player, no stock)."""
        return {"hands": [format_cards(h) for h in state.hands], "first": None}

    # ------------------------------------------------------------ conformance

    def action_universe(self, state: MauBinhState) -> Iterable[Arrange]:
        """A sample of every seat's legal splits and of refused arrangements: wrong
        sizes, a card twice, another seat's card, a second arrangement, a seat with an
        instant hand. Never the 72,072 splits of a hand."""
        rng = random.Random(hash((state.hands, tuple(a is not None for a in state.arranged))))
        out: list[Arrange] = []
        for seat in range(state.n):
            splits = Splits(seat, state.hands[seat])
            picks = [splits[i] for i in (0, 1, 55, 56, 72_071)]
            picks += [splits[rng.randrange(72_072)] for _ in range(8)]
            out.extend(picks)
            a = picks[-1]
            other = state.hands[(seat + 1) % state.n]
            out.append(Arrange(seat, a.chi1[:4], a.chi2 + a.chi1[4:], a.chi3))  # 4 + 6 + 3
            out.append(Arrange(seat, a.chi1, a.chi2, a.chi3[:2]))  # 12 cards
            out.append(Arrange(seat, a.chi1, a.chi2[:4] + a.chi1[:1], a.chi3))  # a card twice
            out.append(Arrange.of(seat, (*a.chi1[:4], other[0]), a.chi2, a.chi3))  # not held
        return out

    def card_multiset(self, state: MauBinhState) -> list[int]:
        """All 52 cards: the hands and the cards left out of play (arranging moves no
        card between zones)."""
        dealt = [c for h in state.hands for c in h]
        held = set(dealt)
        return sorted(dealt + [c for c in range(52) if c not in held])

    # ------------------------------------------------------------ queries (CLI)

    def summary(self, rules: MauBinhRules) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        return {
            "deck": "french: 52 cards",
            "players": "2-4",
            "hand_size": "13, split into chi1 (5), chi2 (5), chi3 (3)",
            "combinations": list(reversed(HAND_CODES)),
            "chops": "none",
            "instant_wins": list(rules.instant_wins),
            "scoring": "pairwise, 1 chi per chi won (bonuses below), sập hầm × "
            f"{rules.sap_ham_multiplier}, sập làng × {rules.sap_lang_multiplier}",
            "chi_bonuses": rules.chi_bonuses,
            "wheel": rules.wheel,
            "suits_break_ties": rules.suits_break_ties,
            "transfer_reasons": list(REASONS),
        }

    def classify_cards(self, rules: MauBinhRules, cards: Sequence[str]) -> dict[str, Any]:
        """``{"combo": hand code or None, "cards": [...]}`` for a 5- or 3-card chi.

        >>> plugin.classify_cards(MauBinhRules(), ["AS", "2S", "3S", "4S", "5S"])
        {'combo': 'straight-flush', 'cards': ['2S', '3S', '4S', '5S', 'AS']}
        >>> plugin.classify_cards(MauBinhRules(), ["Q cơ", "QD", "5C"])["combo"]
        'pair'
        >>> plugin.classify_cards(MauBinhRules(), ["QH", "QD"])["combo"] is None
        True
        """
        ids = sorted(parse_card(t).id for t in cards)
        combo = None
        if len(ids) in (3, 5) and len(set(ids)) == len(ids):
            combo = hand_code(evaluator(rules).key(ids))
        return {"combo": combo, "cards": _shown(ids)}

    def beats_cards(
        self, rules: MauBinhRules, over: Sequence[str], play: Sequence[str]
    ) -> dict[str, bool]:
        """Whether the chi ``play`` beats the chi ``over`` when compared (either of 5 or 3
        cards, as in the order rule); cards that are no chi, or a card in both, do not
        beat. Nothing is a chop in Mậu Binh.

        >>> plugin.beats_cards(MauBinhRules(), ["QS", "QC", "7H", "6D", "2S"], ["QH", "QD", "AC"])
        {'beats': True, 'chop': False}
        >>> plugin.beats_cards(MauBinhRules(), ["QS", "QC", "7H", "6D", "2S"], ["QH", "QD", "7C"])
        {'beats': False, 'chop': False}
        """
        a = [parse_card(t).id for t in over]
        b = [parse_card(t).id for t in play]
        chi = all(len(x) in (3, 5) and len(set(x)) == len(x) for x in (a, b))
        if not chi or set(a) & set(b):
            return {"beats": False, "chop": False}
        ev = evaluator(rules)
        return {"beats": ev.key(b) > ev.key(a), "chop": False}

    def analyze_cards(
        self, tokens: Sequence[str], rules: MauBinhRules | None = None
    ) -> dict[str, Any]:
        """For a 13-card hand: its instant hand (if any) and the solver's arrangement with
        its expected chi against one random opponent (hands dealt from the other 39 cards,
        arranged the greedy way), under the default rules unless given.

        >>> out = plugin.analyze_cards("AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C".split())
        >>> out["instant_win"], len(out["arrangement"]["chi1"]), out["hands"][0]
        (None, 5, 'full-house')
        """
        rules = rules or PRESETS[DEFAULT_PRESET]
        ids = [parse_card(t).id for t in tokens]
        for t, c in zip(tokens, ids, strict=True):
            if ids.count(c) > 1:
                raise NotationError(t, message=f"card {t!r} is listed twice")
        if len(ids) != HAND_SIZE:
            raise ValueError(f"a Mậu Binh hand holds 13 cards, not {len(ids)}")
        bot = SolverBot(seed=0, samples=200)
        split = bot.split(rules, sorted(ids), ())
        return {
            "instant_win": instant_hand(ids, rules),
            "arrangement": {
                "chi1": _shown(split.chi1),
                "chi2": _shown(split.chi2),
                "chi3": _shown(split.chi3),
            },
            "hands": [hand_code(k) for k in split.keys],
            "expected_chi": round(bot.last_expected, 3),
        }

    def analysis_words(self, data: Mapping[str, Any]) -> list[Words]:
        """The answer of :meth:`analyze_cards` for people.

        >>> out = plugin.analyze_cards("AS AH AD 9S 9H 5C 5D 7S 8C JD QH KS 2C".split())
        >>> for line in plugin.analysis_words(out)[:2]:
        ...     print("".join(" ".join(w) if isinstance(w, Cards) else w for w in line))
        Instant hand: none.
        Solver's arrangement (expected +2.49 chi against a random opponent):
        """
        code = data.get("instant_win")
        lines: list[Words] = [
            (f"Instant hand: {code} — shown at the deal, it wins without arranging.",)
            if code
            else ("Instant hand: none.",)
        ]
        lines.append(
            (
                f"Solver's arrangement (expected {data['expected_chi']:+.2f} chi"
                " against a random opponent):",
            )
        )
        arrangement = data["arrangement"]
        for key, hand in zip(("chi1", "chi2", "chi3"), data["hands"], strict=True):
            lines.append((f"  {key}: ", Cards(arrangement[key]), f"  {hand}"))
        return lines

    def deal_json(self, rules: MauBinhRules, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields with every instant hand at the table.

        >>> out = plugin.deal_json(MauBinhRules(), 2, 5)
        >>> sorted(out), len(out["hands"]["P1"])
        (['game', 'hands', 'instant_wins', 'players'], 13)
        """
        state = self.new_game(rules, n_players, seed)
        players = [f"P{i + 1}" for i in range(n_players)]
        return {
            "game": self.name,
            "players": players,
            "hands": {players[i]: format_cards(h) for i, h in enumerate(state.hands)},
            "instant_wins": [
                {"player": players[s], "code": code, "value": rules.instant_wins[code]}
                for s, code in enumerate(state.instant)
                if code is not None
            ],
        }

    def hand_cards(self, state: MauBinhState, seat: int) -> list[str]:
        """The 13 cards of ``seat``, in Mậu Binh order (2 low, A high)."""
        return _shown(state.hands[seat])

    def game_stats(self, state: MauBinhState) -> dict[str, int]:
        """Counters for ``vncards simulate``: instant hands, binh lủng, sập hầm, sập làng.

        >>> plugin.game_stats(plugin.new_game(MauBinhRules(), 2, 1))["binh_lung"]
        0
        """
        res = state.result()
        reasons = [t.reason for t in res.transfers]
        fouled = sum(1 for k in state.keys if k is not None and not k[0] >= k[1] >= k[2])
        return {
            "instant_hands": sum(1 for c in state.instant if c is not None),
            "binh_lung": fouled,
            "sap_ham": reasons.count("sap-ham"),
            "sap_lang": int("sap-lang" in reasons),
        }


class _Concat(list[Arrange]):
    """Several seats' :class:`Splits` as one sequence, made on demand.

    It is a ``list`` only so that it fits the protocol's ``legal_actions`` type: the
    list itself stays empty and every read goes through the methods below.
    """

    def __init__(self, parts: list[Splits]) -> None:
        super().__init__()
        self.parts = parts

    def __len__(self) -> int:
        return sum(len(p) for p in self.parts)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        for p in self.parts:
            if index < len(p):
                return p[index]
            index -= len(p)
        raise IndexError("action index out of range")

    def __contains__(self, item: object) -> bool:
        return any(item in p for p in self.parts)

    def __iter__(self) -> Iterator[Arrange]:
        for p in self.parts:
            yield from p

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __repr__(self) -> str:
        return f"<{len(self)} arrangements of seats {[p.seat for p in self.parts]}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Concat) and self.parts == other.parts

    __hash__ = None


plugin = MauBinhGame()
"""The plugin object named by the ``vncards.games`` entry point."""
