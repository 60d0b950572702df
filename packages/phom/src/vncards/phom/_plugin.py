"""The Phỏm game plugin: core's :class:`~vncards.core.GamePlugin` protocol over the
engine, and the queries the tools ask (analyze, classify, deal, summary)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any

from pydantic import AfterValidator, Field, WithJsonSchema
from vncards.core import (
    CARD,
    TRUE,
    ActionKey,
    BotFactory,
    Cards,
    Decision,
    Event,
    GameRecord,
    GameResult,
    IllegalMove,
    NotationError,
    RecordAction,
    RecordError,
    RecordVocabulary,
    RefereeReport,
    Statistic,
    View,
    deal,
    derive_seed,
    net_of,
    referee,
    stocked_deal_json,
)
from vncards.phom._actions import (
    Discard,
    Draw,
    LayOff,
    Meld,
    PhomAction,
    Take,
    action_record,
)
from vncards.phom._bots import BOTS
from vncards.phom._cards import (
    card_name,
    card_names,
    cards_of,
    from_core,
    mask_of,
    parse_phom_card,
    record_card,
)
from vncards.phom._engine import apply_action, start_game, why_illegal
from vncards.phom._melds import (
    FACE,
    TENS,
    candidate_melds,
    cards_meld_names,
    classify_meld,
    solve,
)
from vncards.phom._moves import legal_actions, normalise
from vncards.phom._rules import PRESETS, PhomRules
from vncards.phom._settle import REASONS, hand_points
from vncards.phom._state import PhomState, aggregate
from vncards.phom._typed import TypedMoves
from vncards.phom._view import PhomView, determinize, make_view

__all__ = ["PhomGame", "plugin"]

FIRST_HAND = 10
HAND = 9


def _lay_off_entry(value: dict[str, Any]) -> dict[str, Any]:
    """Check one lay-off entry: ``onto`` a card, ``cards`` a non-empty list of cards."""
    if set(value) != {"onto", "cards"}:
        raise ValueError("a lay-off entry holds exactly 'onto' and 'cards'")
    cards = value["cards"]
    if not isinstance(value["onto"], str):
        raise ValueError("'onto' must be one card")
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise ValueError("'cards' must be a list of at least one card")
    return value


# an inline schema (a nested model would leave a dangling $ref in the record schema)
_ENTRY_SCHEMA = {
    "type": "object",
    "properties": {
        "onto": {"type": "string"},
        "cards": {"type": "array", "items": {"type": "string"}, "minItems": 1},
    },
    "required": ["onto", "cards"],
    "additionalProperties": False,
}
_MELD_SHAPE: Any = list[list[str]]
_LAY_OFF_SHAPE: Any = Annotated[
    list[Annotated[dict[str, Any], AfterValidator(_lay_off_entry), WithJsonSchema(_ENTRY_SCHEMA)]],
    Field(min_length=1),
]


class PhomGame(TypedMoves):
    """Phỏm (Tá lả) as a vncards game plugin.

    >>> from vncards.core import play_game
    >>> st = plugin.new_game(PhomRules(), 4, seed=7)
    >>> game = play_game(plugin, st, [plugin.bots["greedy"](i) for i in range(4)])
    >>> res = plugin.result(game.final)
    >>> res.finished, sum(res.payments)
    (True, 0)
    """

    name = "phom"
    title = "Phỏm (Tá lả)"
    deck = "french"
    rules_model = PhomRules
    presets: Mapping[str, PhomRules] = PRESETS
    default_preset = "standard"
    bots: Mapping[str, BotFactory] = BOTS
    default_opponent = "search"
    record_vocabulary = RecordVocabulary(
        actions=(
            ActionKey("discard", CARD, 'The card discarded, e.g. "9D".'),
            ActionKey("draw", TRUE, "Draw the top card of the stock."),
            ActionKey("take", TRUE, "Take the card discarded on the turn just before."),
            ActionKey("meld", _MELD_SHAPE, "Every phỏm shown at once ([] = móm)."),
            ActionKey("lay_off", _LAY_OFF_SHAPE, "Cards laid onto phỏm of other players."),
        ),
        outcomes=("win", "instant-win"),
        transfer_reasons=REASONS,
    )
    statistics = (
        Statistic("u", "ù", "Games ended by an ù."),
        Statistic("mom", "móm", "Móm players per game."),
        Statistic("takes", "ăn", "Cards taken per game."),
        Statistic("den", "đền", "Games where one player paid for all at an ù."),
    )

    # ------------------------------------------------------------ dealing

    def player_range(self, rules: PhomRules) -> tuple[int, int]:
        """``min_players`` to ``max_players`` (2 to 4)."""
        return (rules.min_players, rules.max_players)

    def new_game(
        self, rules: PhomRules, n_players: int, seed: int, *, first: int | None = None
    ) -> PhomState:
        """Deal from ``seed``: 10 cards to the first player (``first``, a match's previous
        winner, else a seat drawn from the seed), 9 to the others; the rest is the stock."""
        lo, hi = self.player_range(rules)
        if not lo <= n_players <= hi:
            raise ValueError(f"phom is played by {lo} to {hi} players, not {n_players}")
        # the shuffle first: it checks the seed
        _, order = deal(seed, 52, [])
        if first is None:
            first = derive_seed(seed, n_players) % n_players
        masks = []
        at = 0
        for s in range(n_players):
            size = FIRST_HAND if s == first else HAND
            masks.append(mask_of(from_core(c) for c in order[at : at + size]))
            at += size
        stock = order[at:]
        return start_game(rules, masks, [from_core(c) for c in stock], first)

    def state_from_record(self, record: GameRecord, rules: PhomRules) -> PhomState:
        """The deal of a record: one hand of 10 cards (the first player's), the others of
        9, and the stock holding exactly the undealt cards."""
        n = len(record.players)
        lo, hi = self.player_range(rules)
        if not lo <= n <= hi:
            raise RecordError(f"phom is played by {lo} to {hi} players, not {n}")
        if record.stock is None:
            raise RecordError("a phom record needs the stock ('stock': cards in draw order)")
        dealt = [[record_card(t) for t in record.hands[p]] for p in record.players]
        for name, h in zip(record.players, dealt, strict=True):
            if len(h) not in (FIRST_HAND, HAND):
                raise RecordError(
                    f"{name} was dealt {len(h)} cards; phom deals 9 (10 to the first player)"
                )
        firsts = [s for s, h in enumerate(dealt) if len(h) == FIRST_HAND]
        if len(firsts) != 1:
            raise RecordError(f"exactly one player is dealt 10 cards, not {len(firsts)}")
        stock = [record_card(t) for t in record.stock]
        every = [c for h in dealt for c in h] + stock
        seen = 0
        for c in every:
            if seen >> c & 1:
                raise RecordError(f"the deal holds the {card_name(c)} twice")
            seen |= 1 << c
        if len(every) != 52:
            raise RecordError(
                f"the stock must hold exactly the {52 - sum(map(len, dealt))} undealt cards,"
                f" not {len(stock)}"
            )
        return start_game(rules, [mask_of(h) for h in dealt], stock, firsts[0])

    # ------------------------------------------------------------ play

    def legal_actions(self, state: PhomState) -> list[PhomAction]:
        """Every action accepted now (by the player in turn)."""
        return legal_actions(state)

    def decision(self, state: PhomState) -> Decision[PhomAction] | None:
        """The player in turn, with its legal actions; ``None`` once over."""
        if state.finished:
            return None
        return Decision(state.turn, legal_actions(state))

    def decline(self, state: PhomState, seat: int) -> None:
        """Phỏm offers no optional choice: declining is refused."""
        raise IllegalMove("must-act", "Phỏm has no choice a player may decline.")

    def why_illegal(self, state: PhomState, action: PhomAction) -> IllegalMove | None:
        """The refusal ``apply`` would raise for ``action``, or ``None`` when it is legal."""
        return why_illegal(state, action)

    def apply(self, state: PhomState, action: PhomAction) -> list[Event]:
        """Carry out ``action`` and return its events, or raise
        :class:`~vncards.core.IllegalMove` and change nothing."""
        return apply_action(state, action)

    def view(self, state: PhomState, seat: int) -> PhomView:
        """What ``seat`` may know (see :mod:`vncards.phom._view`)."""
        return make_view(state, seat)

    def determinize(self, view: View, rng: random.Random) -> PhomState:
        """A full state consistent with a :class:`PhomView`."""
        if not isinstance(view, PhomView):
            raise TypeError(f"a Phỏm view is needed, not {type(view).__name__}")
        return determinize(view, rng)

    def result(self, state: PhomState) -> GameResult:
        """Outcome and the itemised transfers (only ăn gà while unfinished)."""
        transfers = aggregate(state.ledger)
        return GameResult(
            finished=state.finished,
            outcome=state.outcome,
            winner=state.winner,
            instant_win=state.instant_win,
            payments=tuple(net_of(transfers, state.n_players)),
            transfers=transfers,
        )

    # ------------------------------------------------------------ records

    def referee(self, record: str | bytes | dict[str, Any] | GameRecord) -> RefereeReport:
        """Rule on a whole record (core's referee loop on this game).

        >>> plugin.referee({"game": "phom", "players": ["A"], "hands": {"A": []}})
        Traceback (most recent call last):
        ...
        vncards.core._errors.RecordError: phom is played by 2 to 4 players, not 1
        """
        return referee(self, record)

    def action_from_record(self, state: PhomState, action: RecordAction, seat: int) -> PhomAction:
        """Read ``discard`` / ``draw`` / ``take`` / ``meld`` / ``lay_off`` (a legal meld
        or lay-off in its canonical form)."""
        kind, value = action.kind, action.value
        if kind == "discard":
            return Discard(seat, record_card(value))
        if kind == "draw":
            return Draw(seat)
        if kind == "take":
            return Take(seat)
        if kind == "meld":
            groups = tuple(tuple(record_card(t) for t in g) for g in value)
            return normalise(state, Meld(seat, groups))
        if kind == "lay_off":
            entries = tuple(
                (record_card(e["onto"]), tuple(record_card(t) for t in e["cards"])) for e in value
            )
            return normalise(state, LayOff(seat, entries))
        raise RecordError(f"phom records have no {kind!r} actions")

    def action_to_record(self, state: PhomState, action: PhomAction) -> dict[str, Any]:
        """The record form of an action (without ``player``)."""
        return action_record(action)

    def record_deal(self, state: PhomState) -> dict[str, Any]:
        """Hands as dealt and the stock in draw order (the first player holds 10)."""
        return {
            "hands": [card_names(h) for h in state.dealt],
            "first": None,
            "stock": card_names(list(state.stock)),
        }

    # ------------------------------------------------------------ conformance

    def action_universe(self, state: PhomState) -> Iterable[PhomAction]:
        """Legal actions plus many that are not, for every seat."""
        rng = random.Random(len(state.events) * 7919 + state.pos)
        out: list[PhomAction] = list(legal_actions(state))
        for seat in range(state.n_players):
            out.extend((Draw(seat), Take(seat), Meld(seat, ())))
            hand = cards_of(state.hands[seat])
            out.extend(Discard(seat, c) for c in hand)
            out.append(Discard(seat, rng.randrange(52)))
            if len(hand) >= 3:
                three = tuple(sorted(rng.sample(hand, 3)))
                out.append(Meld(seat, (three,)))
                out.append(LayOff(seat, ((rng.randrange(52), three[:1]),)))
            part = solve(state.hands[seat])
            if part is not None and part.melds:
                out.append(Meld(seat, tuple(sorted(tuple(cards_of(m)) for m in part.melds))))
            for melds in state.melds:
                for m in melds:
                    low = cards_of(m)[0]
                    out.extend(LayOff(seat, ((low, (c,)),)) for c in hand)
        return out

    def card_multiset(self, state: PhomState) -> list[int]:
        """Every card in every zone, sorted: hands, phỏm on the table, discards on the
        table and the stock."""
        cards = [c for h in state.hands for c in cards_of(h)]
        cards.extend(c for melds in state.melds for m in melds for c in cards_of(m))
        cards.extend(c for _, c, taker in state.pile if taker < 0)
        cards.extend(state.stock[state.pos :])
        return sorted(cards)

    def game_stats(self, state: PhomState) -> dict[str, int]:
        """Counters of a finished game: ù, móm players, taken cards, đền."""
        return {
            "u": int(state.outcome == "instant-win"),
            "mom": sum(state.is_mom(s) for s in range(state.n_players)),
            "takes": sum(1 for _, _, t in state.pile if t >= 0),
            "den": int(any(t.reason == "den" for t in state.ledger)),
        }

    # ------------------------------------------------------------ queries (tools)

    def summary(self, rules: PhomRules) -> dict[str, Any]:
        """Settings side by side for ``vncards compare``."""
        return {
            "deck": "french 52",
            "players": f"{rules.min_players}-{rules.max_players}",
            "hand_size": "9 (first player 10)",
            "combinations": ["set", "run"],
            "chops": "none",
            "instant_wins": ["u", "u-tron", *(["u-khan"] if rules.u_khan else [])],
            "scoring": f"ranking {list(rules.rank_payments)}, móm {rules.mom_payment},"
            f" ăn gà {rules.take_payment}/{rules.chot_payment}, ù {rules.u_payment}",
            "card_points": rules.card_points,
            "den": rules.den,
            "lay_off": rules.lay_off,
        }

    def analyze_cards(
        self, tokens: Sequence[str], rules: PhomRules | None = None
    ) -> dict[str, Any]:
        """The partition solver's answer for a hand: its phỏm, its rác and their points.

        >>> out = plugin.analyze_cards(["5S", "6S", "7S", "7H", "7D", "7C", "KD"])
        >>> out["melds"], out["deadwood"], out["points"]
        ([['5S', '6S', '7S'], ['7C', '7D', '7H']], ['KD'], 13)
        """
        cards = [parse_phom_card(t) for t in tokens]
        hand = mask_of(cards)
        if hand.bit_count() != len(cards):
            dup = next(t for t, c in zip(tokens, cards, strict=True) if cards.count(c) > 1)
            raise NotationError(dup, message=f"card {dup!r} is listed twice")
        rules = rules or PhomRules()
        part = solve(hand, 0, _table(rules))
        assert part is not None  # nothing taken: a split always exists
        return {
            "melds": cards_meld_names(part.melds),
            "deadwood": cards_meld_names([part.rest])[0],
            "points": hand_points(part.rest, rules),
            "u": len(cards) == 10 and part.rest.bit_count() <= 1,
        }

    def analysis_words(self, data: Mapping[str, Any]) -> list[tuple[str | Cards, ...]]:
        """The ``analyze`` answer for people.

        >>> for line in plugin.analysis_words(plugin.analyze_cards(["5S", "6S", "7S", "KD"])):
        ...     print("".join(w if isinstance(w, str) else " ".join(w) for w in line))
        rác: 13 points
          phỏm: 5S 6S 7S
          rác: KD
        """
        lines: list[tuple[str | Cards, ...]] = [(f"rác: {data.get('points')} points",)]
        lines += [("  phỏm: ", Cards(m)) for m in data.get("melds", [])]
        if data.get("deadwood"):
            lines.append(("  rác: ", Cards(data["deadwood"])))
        return lines

    def classify_cards(self, rules: PhomRules, tokens: Sequence[str]) -> dict[str, Any]:
        """``{"combo": "set" | "run" | None, "cards": [...]}``.

        >>> plugin.classify_cards(PhomRules(), ["AS", "2S", "3S"])["combo"]
        'run'
        """
        cards = [parse_phom_card(t) for t in tokens]
        mask = mask_of(cards)
        combo = classify_meld(mask) if mask.bit_count() == len(cards) else None
        return {"combo": combo, "cards": cards_meld_names([mask])[0]}

    def beats_cards(
        self, rules: PhomRules, over: Sequence[str], play: Sequence[str]
    ) -> dict[str, bool]:
        """Phỏm plays nothing over anything: no cards beat others, none chop.

        >>> plugin.beats_cards(PhomRules(), ["8S"], ["9S"])
        {'beats': False, 'chop': False}
        """
        for token in (*over, *play):
            parse_phom_card(token)
        return {"beats": False, "chop": False}

    def hand_size(self, rules: PhomRules) -> int:
        """The most cards a Phỏm hand holds (the first player's deal, a hand after a draw)."""
        return FIRST_HAND

    def moves_cards(
        self, rules: PhomRules, hand: Sequence[str], over: Sequence[str] | None
    ) -> list[dict[str, Any]]:
        """Every phỏm the hand holds; with ``over`` (the last discard), every phỏm a take
        of that card would make with the hand (none: it cannot be taken).

        >>> [m["cards"] for m in plugin.moves_cards(PhomRules(), ["5S", "6S", "9H"], ["7S"])]
        [['5S', '6S', '7S']]
        """
        held = mask_of(parse_phom_card(t) for t in hand)
        size = self.hand_size(rules)
        if len(hand) > size:  # the meld search grows with the hand: bound it to a deal's
            raise NotationError(
                " ".join(hand),
                message=f"a {self.name} hand holds at most {size} cards, not {len(hand)}",
            )
        extra = mask_of(parse_phom_card(t) for t in over or ())
        if extra.bit_count() > 1:
            raise NotationError(" ".join(over or ()), message="a take is of one discarded card")
        if held & extra:
            raise NotationError(over[0] if over else "", message="that card is in the hand")
        out = []
        for m in candidate_melds(held | extra):
            if extra and not m & extra:
                continue
            out.append({"combo": classify_meld(m), "cards": card_names(m)})
        return out

    def deal_json(self, rules: PhomRules, n_players: int, seed: int) -> dict[str, Any]:
        """A seeded deal as record fields (hands and stock) with its instant wins."""
        state = self.new_game(rules, n_players, seed)
        dealt = self.record_deal(state)
        return stocked_deal_json(self.name, dealt, state.winner, state.instant_win)


def _table(rules: PhomRules) -> tuple[int, ...]:
    return FACE if rules.card_points == "face" else TENS


plugin = PhomGame()
"""The ``phom`` plugin (entry point ``vncards.games``)."""
