"""The climbing engine against an independent model of a round (vòng) and of chặt chồng.

The model is written from the rules pages alone, as plainly as possible: whose turn it
is, who has passed this round, who leads the next one, how a chop chain grows and who
pays it when it settles. Random games — mostly legal moves, mixed with moves from the
wrong seat, cards not held, passes by a leader — are played on both; after every action
the two must agree on the refusal code (or acceptance) and on the whole visible state.
These tests are what kills mutants of ``vncards.core._climb``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vncards.core import (
    CardSet,
    ChopRule,
    ClimbConfig,
    ClimbEngine,
    ClimbState,
    Combo,
    ComboRules,
    IllegalMove,
    Kind,
    classify,
    deal,
    is_chop,
    legal_plays,
)

RULES = ComboRules()
# Sâm-like: suits never decide, so equal combinations of different cards tie (and a tie
# does not beat)
SAM_RULES = ComboRules(suits_break_ties=False, pair_runs=False, max_straight=10)
CHOPS = (
    ChopRule((Kind.QUAD, 4), (Kind.SINGLE, 1), target_rank=12),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR, 2), target_rank=12),
    ChopRule((Kind.QUAD, 4), (Kind.QUAD, 4), need_higher=True),
    ChopRule((Kind.PAIR_RUN, 6), (Kind.SINGLE, 1), target_rank=12),
    ChopRule((Kind.PAIR_RUN, 6), (Kind.PAIR_RUN, 6), need_higher=True),
    ChopRule((Kind.QUAD, 4), (Kind.PAIR_RUN, 6)),
)
# without the "smaller of the same shape" rows, a chopper can be beaten without a chop,
# which closes their chain early
CHOPS_PLAIN = tuple(row for row in CHOPS if not row.need_higher)
TABLES = {"full": CHOPS, "plain": CHOPS_PLAIN}


def chop_value(target: Combo) -> int:
    """Distinct values per shape so a wrong sum cannot pass for the right one."""
    if target.kind == Kind.SINGLE:
        return 3 if target.mask & 0x3 << 48 else 6
    if target.kind == Kind.PAIR:
        return 9
    if target.kind == Kind.QUAD:
        return 12 + target.top_rank
    return 20 + target.top_rank


# ---------------------------------------------------------------- the model


@dataclass
class Table:
    """A plain reading of a climbing game."""

    hands: list[set[int]]
    turn: int
    may_chop: bool
    chops: tuple[ChopRule, ...] = CHOPS
    rules: ComboRules = RULES
    table: Combo | None = None
    last: int = 0  # who played what is on the table (or leads)
    passed: set[int] = field(default_factory=set)
    out: set[int] = field(default_factory=set)
    chain: int = 0
    victim: int = -1
    chopper: int = -1
    net: list[int] = field(default_factory=list)
    winner: int = -1
    over: bool = False
    play_on: bool = False  # an emptied hand leaves the table; play goes on to the last two
    must_beat: bool = False  # a seat able to beat a single on the table may not pass
    pile: set[int] = field(default_factory=set)
    played: set[int] = field(default_factory=set)
    actions: int = 0

    def __post_init__(self) -> None:
        self.last = self.turn
        self.net = [0] * len(self.hands)

    def _next_turn(self, seat: int) -> None:
        n = len(self.hands)
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s == self.last:
                break
            if s in self.out or (s in self.passed and not self.may_chop):
                continue
            self.turn = s
            return
        self._settle()
        self.table = None
        self.passed = set()
        leader = self.last
        while leader in self.out:
            leader = (leader + 1) % n
        self.turn = self.last = leader

    def _settle(self) -> None:
        if self.chain:
            self.net[self.victim] -= self.chain
            self.net[self.chopper] += self.chain
        self.chain, self.victim, self.chopper = 0, -1, -1

    def play(self, seat: int, cards: set[int]) -> str | None:
        """The refusal code, or None once the play is made."""
        if self.over:
            return "game-over"
        if seat != self.turn:
            return "not-your-turn"
        if not cards:
            return "empty-play"
        if not cards <= self.hands[seat]:
            return "card-not-in-hand"
        combo = classify(sum(1 << c for c in cards), self.rules)
        if combo is None:
            return "not-a-combination"
        chop = self.table is not None and is_chop(combo, self.table, self.chops)
        if self.table is not None:
            if seat in self.passed:
                if not (self.may_chop and chop):
                    return "passed-this-round"
            else:
                same = (combo.kind, combo.length) == (self.table.kind, self.table.length)
                if not ((same and combo.key > self.table.key) or chop):
                    return "does-not-beat"
        if chop:
            assert self.table is not None
            value = chop_value(self.table)
            if self.chain and self.chopper == self.last:
                self.chain += value
            else:
                # the chopper was beaten without a chop: that chain is closed and paid
                self._settle()
                self.chain = value
            self.victim, self.chopper = self.last, seat
        self.hands[seat] -= cards
        self.pile |= cards
        self.played.add(seat)
        self.actions += 1
        self.table, self.last = combo, seat
        if not self.hands[seat]:
            self.out.add(seat)
            if self.winner < 0:
                self.winner = seat
            if not self.play_on or len(self.out) >= len(self.hands) - 1:
                self.over = True
                self._settle()
                return None
        self._next_turn(seat)
        return None

    def may_pass(self, seat: int) -> bool:
        """The ``must_beat`` house rule: holding a single that beats a single on the table,
        a seat that has not passed must play."""
        if not self.must_beat or self.table is None or self.table.kind != Kind.SINGLE:
            return True
        if seat in self.passed:
            return True
        return not any(c > max(_ids(self.table.mask)) for c in self.hands[seat])

    def pass_(self, seat: int) -> str | None:
        """The refusal code, or None once the pass is made."""
        if self.over:
            return "game-over"
        if seat != self.turn:
            return "not-your-turn"
        if self.table is None:
            return "cannot-pass-lead"
        if not self.may_pass(seat):
            return "cannot-pass"
        self.passed.add(seat)
        self.actions += 1
        self._next_turn(seat)
        return None


def _bits(cards: set[int]) -> int:
    return sum(1 << c for c in cards)


def _ids(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _agree(model: Table, state: ClimbState) -> None:
    assert [_bits(h) for h in model.hands] == state.hands
    assert model.over == state.finished
    if model.over:
        assert model.winner == state.winner
    else:
        assert model.turn == state.turn, "whose turn"
        assert model.last == state.table_seat, "who played last"
    assert (model.table is None) == (state.table is None)
    if model.table is not None and state.table is not None:
        assert model.table.mask == state.table.mask
    assert _bits(model.passed) == state.passed, "who passed this round"
    assert model.chain == state.chain_value, "open chop chain"
    if model.chain:
        assert (model.victim, model.chopper) == (state.chain_victim, state.chain_chopper)
    assert model.net == state.chop_net, "settled chop payments"
    assert sum(state.chop_net) == 0
    if not model.chain:
        assert (state.chain_victim, state.chain_chopper) == (-1, -1), "no chain, no parties"
    assert _bits(model.pile) == state.pile, "cards played so far"
    assert _bits(model.played) == state.played, "seats that have played a card (cóng)"
    assert _bits(model.out) == state.out, "seats whose hand is empty"
    assert model.actions == state.n_actions
    assert model.winner == state.winner


# ---------------------------------------------------------------- random games


class HouseEngine(ClimbEngine):
    """The engine with two house rules through its hooks: an emptied hand leaves the
    table and play goes on until two seats are left; a seat able to beat a single on the
    table may not pass. It records every hook call, to check what hooks are given."""

    def __init__(self, config: ClimbConfig) -> None:
        super().__init__(config)
        self.calls: list[tuple[object, ...]] = []

    def _plays_hook(self, state: ClimbState, seat: int, masks: list[int]) -> list[int]:
        self.calls.append(("plays", state.n_actions, seat, len(masks)))
        return masks

    def _check_hook(self, state: ClimbState, seat: int, mask: int, combo: Combo) -> None:
        self.calls.append(("check", state.n_actions, seat, mask, combo.mask))

    def _can_pass(self, state: ClimbState) -> bool:
        table = state.table
        seat = state.turn
        if table is None or table.kind != Kind.SINGLE or state.passed >> seat & 1:
            return True
        return not state.hands[seat] >> (table.mask.bit_length())

    def _after_play(
        self, state: ClimbState, seat: int, combo: Combo, beaten: Combo | None, beaten_seat: int
    ) -> None:
        self.calls.append(
            ("after", state.n_actions, seat, combo.mask, beaten and beaten.mask, beaten_seat)
        )

    def _on_empty(self, state: ClimbState, seat: int, combo: Combo) -> None:
        self.calls.append(("empty", state.n_actions, seat, combo.mask))
        if state.winner < 0:
            state.winner = seat
        if state.out.bit_count() >= len(state.hands) - 1:
            state.finished = True


ENGINES: dict[tuple[bool, str], ClimbEngine] = {
    (flag, table): ClimbEngine(ClimbConfig(RULES, TABLES[table], chop_value, flag))
    for flag in (False, True)
    for table in TABLES
}
for _flag in (False, True):
    ENGINES[_flag, "house"] = HouseEngine(ClimbConfig(RULES, CHOPS, chop_value, _flag))
    ENGINES[_flag, "sam"] = ClimbEngine(ClimbConfig(SAM_RULES, CHOPS_PLAIN[:3], chop_value, _flag))


def _bomb_heavy_deal(seed: int, n: int) -> list[set[int]]:
    """Half the time a fair deal; else hands holding whole tứ quý, runs of pairs and the
    2s, so that chops and chop chains actually happen."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        dealt, _ = deal(seed, 52, [13] * n)
        return [set(h) for h in dealt]
    hands: list[set[int]] = [set() for _ in range(n)]
    ranks = list(range(12))
    rng.shuffle(ranks)
    blocks = [[r * 4 + s for s in range(4)] for r in ranks[:3]]  # quads
    low = rng.randrange(10)
    blocks.append([r * 4 + s for r in range(low, low + 3) for s in (0, 3)])  # 3 đôi thông
    for block in blocks:
        free = [h for h in hands if len(h) + len(block) <= 13]
        if free:
            rng.choice(free).update(c for c in block if all(c not in h for h in hands))
    rest = [c for c in range(52) if all(c not in h for h in hands)]
    rng.shuffle(rest)
    for h in hands:
        while len(h) < 13:
            h.add(rest.pop())
    return hands


def _play_both(seed: int, n: int, may_chop: bool, junk: float, table: str) -> int:
    rng = random.Random(seed)
    hands = _bomb_heavy_deal(seed, n)
    first = rng.randrange(n)
    engine = ENGINES[may_chop, table]
    state = ClimbState([_bits(h) for h in hands], first)
    house = table == "house"
    model = Table([set(h) for h in hands], first, may_chop, engine.chops)
    model.rules = engine.combo_rules
    model.play_on = model.must_beat = house
    assert state.dealt == tuple(_bits(h) for h in hands)
    steps = 0
    after_end = 0
    while after_end < 3 and steps < 600:
        steps += 1
        after_end += state.finished
        if rng.random() < junk or state.finished:
            # the model refuses before changing anything, so it can be asked directly
            seat = rng.randrange(n)
            before = state.copy()
            if rng.random() < 0.3:
                code = _try(engine.pass_turn, state, seat)
                want = model.pass_(seat)
                what = f"pass by {seat}"
            else:
                pool = sorted(model.hands[seat] | set(rng.sample(range(52), 2)))
                cards = set(rng.sample(pool, rng.randint(0, min(4, len(pool)))))
                code = _try(engine.play, state, seat, _bits(cards))
                want = model.play(seat, cards)
                what = f"play {sorted(cards)} by {seat}"
            assert code == want, f"{what}: engine {code}, model {want}"
            if code is not None:
                assert state == before, f"a refused {what} changed the state"
        else:
            plays = engine.plays(state)
            seat = state.turn
            passed = seat in model.passed
            assert model.table is not None or not passed
            want_plays = legal_plays(
                _bits(model.hands[seat]), model.rules, model.table, model.chops, chops_only=passed
            )
            assert sorted(plays) == sorted(want_plays), "plays offered to the seat to act"
            assert engine.can_pass(state) == (model.table is not None and model.may_pass(seat))
            options: list[int | None] = list(plays)
            if engine.can_pass(state):
                options.append(None)
            assert options, "the seat to act has nothing to do"
            # prefer bombs so chop chains grow
            bombs = [m for m in plays if m.bit_count() >= 4 and rng.random() < 0.8]
            choice = rng.choice(bombs) if bombs else rng.choice(options)
            if choice is None:
                engine.pass_turn(state, seat)
                assert model.pass_(seat) is None
            else:
                beaten = model.table
                engine.play(state, seat, choice)
                assert model.play(seat, {i for i in range(52) if choice >> i & 1}) is None
                if isinstance(engine, HouseEngine):
                    after = [c for c in engine.calls if c[0] == "after"][-1]
                    assert after[4] == (None if beaten is None else beaten.mask), "hook's beaten"
        _agree(model, state)
    return steps


def _try(action: Callable[..., object], *args: object) -> str | None:
    try:
        action(*args)
    except IllegalMove as e:
        return e.code
    return None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32 - 1),
    st.integers(2, 4),
    st.booleans(),
    st.sampled_from([0.0, 0.3]),
    st.sampled_from([*sorted(TABLES), "house", "sam"]),
)
def test_engine_agrees_with_the_model_of_rounds_and_chop_chains(
    seed: int, n: int, may_chop: bool, junk: float, table: str
) -> None:
    """Turn order, pass lock-out (and the passed-may-chop comeback), round ends and their
    leader, seats out skipped, chain growth, who pays the chain and when, the game end:
    all as the model says, after every accepted or refused action."""
    _play_both(seed, n, may_chop, junk, table)
    if table == "house":
        engine = ENGINES[may_chop, table]
        assert isinstance(engine, HouseEngine)
        _check_hook_calls(engine)


def test_model_games_reach_chop_chains() -> None:
    """The random games above do exercise chained chops (a check on the test itself)."""
    assert sum(_chains_in_game(seed) for seed in range(60)) > 0


def _chains_in_game(seed: int) -> int:
    rng = random.Random(seed)
    hands = _bomb_heavy_deal(seed, 4)
    engine = ENGINES[seed % 2 == 0, "full"]
    state = ClimbState([_bits(h) for h in hands], 0)
    chains = 0
    for _ in range(400):
        if state.finished:
            break
        plays = engine.plays(state)
        bombs = [m for m in plays if m.bit_count() >= 4]
        if bombs:
            before = state.chain_value
            engine.play(state, state.turn, rng.choice(bombs))
            chains += bool(before and state.chain_value > before)
        elif plays and rng.random() < 0.7:
            engine.play(state, state.turn, rng.choice(plays))
        elif engine.can_pass(state):
            engine.pass_turn(state, state.turn)
        else:
            engine.play(state, state.turn, rng.choice(plays))
    return chains


# ---------------------------------------------------------------- rules pinned by example


def _mask(text: str) -> int:
    from vncards.core import CardSet

    return CardSet.parse(text).mask


def test_chat_chong_seed_example_b_pays_c_fifteen() -> None:
    """Tiến lên seed: A plays a black 2, B chops with 3 đôi thông, C chops B with tứ quý →
    B pays C 3 + 12 = 15 lá (here 3 + (20 + top rank) with this test's values) and A
    pays nothing; the chain settles when the round ends."""
    a = _mask("2S 3S")
    b = _mask("5S 5H 6S 6H 7S 7H 9D")
    c = _mask("JS JC JD JH 4D")
    state = ClimbState([a, b, c], 0)
    engine = ENGINES[False, "full"]
    engine.play(state, 0, _mask("2S"))
    engine.play(state, 1, _mask("5S 5H 6S 6H 7S 7H"))
    engine.play(state, 2, _mask("JS JC JD JH"))
    three_pairs = classify(_mask("5S 5H 6S 6H 7S 7H"), RULES)
    assert three_pairs is not None
    chain = 3 + chop_value(three_pairs)
    assert (state.chain_value, state.chain_victim, state.chain_chopper) == (chain, 1, 2)
    assert state.chop_net == [0, 0, 0], "nothing is paid while the round is open"
    engine.pass_turn(state, 0)
    engine.pass_turn(state, 1)
    assert state.chop_net == [0, -chain, chain]
    assert state.table is None
    assert state.turn == 2


def test_quad_over_quad_grows_the_chain_of_the_quad_it_chops() -> None:
    """Chặt chồng through tứ quý: A's 2♠ is chopped by B's tứ quý, B's by C's higher tứ
    quý → one chain, B pays C 3 + the value of B's quad; A pays nothing."""
    state = ClimbState([_mask("2S 3S"), _mask("5S 5C 5D 5H 9D"), _mask("JS JC JD JH 4D")], 0)
    engine = ENGINES[False, "full"]
    engine.play(state, 0, _mask("2S"))
    engine.play(state, 1, _mask("5S 5C 5D 5H"))
    engine.play(state, 2, _mask("JS JC JD JH"))
    quad = classify(_mask("5S 5C 5D 5H"), RULES)
    assert quad is not None
    chain = 3 + chop_value(quad)
    assert (state.chain_value, state.chain_victim, state.chain_chopper) == (chain, 1, 2)
    engine.pass_turn(state, 0)
    engine.pass_turn(state, 1)
    assert state.chop_net == [0, -chain, chain]


def test_chopper_beaten_without_a_chop_is_paid_before_a_new_chain() -> None:
    """Without a "smaller of the same shape" chop row, B's chopping quad beaten by C's
    higher quad is no chop: B's chain (A pays 3) is paid when D's chop starts a new one."""
    engine = ClimbEngine(
        ClimbConfig(RULES, (*CHOPS_PLAIN, ChopRule((Kind.PAIR_RUN, 8), (Kind.QUAD, 4))), chop_value)
    )
    hands = ["2S 3S", "5S 5C 5D 5H 9D", "JS JC JD JH 4D", "6S 6H 7S 7H 8S 8H 9S 9H 3D"]
    state = ClimbState([_mask(h) for h in hands], 0)
    engine.play(state, 0, _mask("2S"))
    engine.play(state, 1, _mask("5S 5C 5D 5H"))
    engine.play(state, 2, _mask("JS JC JD JH"))
    assert state.chop_net == [0, 0, 0, 0]
    assert state.chain_value == 3
    engine.play(state, 3, _mask("6S 6H 7S 7H 8S 8H 9S 9H"))
    quad = classify(_mask("JS JC JD JH"), RULES)
    assert quad is not None
    assert state.chop_net == [-3, 3, 0, 0]
    assert (state.chain_value, state.chain_victim, state.chain_chopper) == (chop_value(quad), 2, 3)


@pytest.mark.parametrize("may_chop", [False, True])
def test_chain_open_when_the_game_ends_is_paid(may_chop: bool) -> None:
    """A chopper who goes out with the chop collects the open chain at once."""
    state = ClimbState([_mask("2H 3S"), _mask("JS JC JD JH")], 0)
    engine = ENGINES[may_chop, "full"]
    engine.play(state, 0, _mask("2H"))
    engine.play(state, 1, _mask("JS JC JD JH"))
    assert state.finished
    assert state.winner == 1
    assert state.chop_net == [-6, 6]


def _check_hook_calls(engine: HouseEngine) -> None:
    """Hooks get the real state, seat, combo, beaten combo and beaten seat."""
    calls, engine.calls = engine.calls, []
    for call in calls:
        assert None not in call[:3], f"hook given None: {call}"
        if call[0] == "after":
            _, _, seat, mask, beaten, beaten_seat = call
            assert isinstance(seat, int)
            assert isinstance(mask, int)
            assert mask
            assert isinstance(beaten_seat, int)
            assert beaten_seat >= 0
            assert beaten is None or (isinstance(beaten, int) and beaten > 0 and not beaten & mask)
        if call[0] in ("check", "empty"):
            assert isinstance(call[3], int)
            assert call[3]


def act(engine: ClimbEngine, state: ClimbState, seat: int, mask: int | None) -> None:
    """Pass when ``mask`` is None, else play it."""
    if mask is None:
        engine.pass_turn(state, seat)
    else:
        engine.play(state, seat, mask)


@pytest.mark.parametrize(
    ("setup", "action", "code"),
    [
        ("over", "play", "game-over"),
        ("over", "pass", "game-over"),
        ("turn", "play", "not-your-turn"),
        ("turn", "pass", "not-your-turn"),
        ("lead", "empty", "empty-play"),
        ("lead", "pass", "cannot-pass-lead"),
        ("lead", "stranger", "card-not-in-hand"),
        ("lead", "huge", "card-not-in-hand"),
        ("lead", "negative", "card-not-in-hand"),
        ("lead", "junk", "not-a-combination"),
        ("table", "low", "does-not-beat"),
        ("passed", "play", "passed-this-round"),
        ("must", "pass", "cannot-pass"),
    ],
)  # fmt: skip
def test_each_refusal_has_its_code_and_sentence(setup: str, action: str, code: str) -> None:
    """The referee reports each refusal with a stable code and a full sentence saying what
    was wrong; a refused action changes nothing."""
    engine: ClimbEngine = ENGINES[False, "full"]
    hands = [
        CardSet.parse("3S 5D 9C").mask,
        CardSet.parse("4S 8D 10C").mask,
        CardSet.parse("6S 7D 2H").mask,
    ]
    state = ClimbState(hands, 0)
    seat = 0
    if setup == "over":
        state.finished = True
    elif setup == "table":
        engine.play(state, 0, CardSet.parse("9C").mask)
        seat = 1
    elif setup == "passed":
        engine.play(state, 0, CardSet.parse("3S").mask)
        engine.pass_turn(state, 1)
        engine.play(state, 2, CardSet.parse("6S").mask)
        engine.play(state, 0, CardSet.parse("9C").mask)
        state.turn = 1  # seat 1 passed this round; force its turn to see the refusal
        seat = 1
    elif setup == "must":
        engine = ENGINES[False, "house"]
        engine.play(state, 0, CardSet.parse("3S").mask)
        seat = 1
    before = state.copy()
    masks = {
        "play": CardSet.parse("4S").mask if seat == 1 else hands[seat] & -hands[seat],
        "empty": 0,
        "stranger": CardSet.parse("2H").mask,
        "huge": 1 << 60,
        "negative": -1,
        "junk": CardSet.parse("3S 5D").mask,
        "low": CardSet.parse("4S").mask,
    }
    actor = 1 if setup == "turn" else seat
    with pytest.raises(IllegalMove) as info:
        act(engine, state, actor, None if action == "pass" else masks[action])
    assert info.value.code == code
    message = info.value.message
    assert isinstance(message, str)
    assert message[0].isupper(), message
    assert message.endswith("."), message
    assert message != message.upper(), message
    assert str(info.value) == message
    assert state == before


def test_card_not_in_hand_names_exactly_the_missing_cards() -> None:
    """A play with cards the player does not hold names those cards, in card order, and
    no other; a play beyond the 52 cards says it is not of the deck."""
    engine = ENGINES[False, "full"]
    state = ClimbState([CardSet.parse("3S 5D 9C").mask, CardSet.parse("4S 8D 10C").mask], 0)
    with pytest.raises(IllegalMove) as info:
        engine.play(state, 0, CardSet.parse("3S 2H 7D").mask)
    assert info.value.message == "Card not in hand: 7D 2H."
    for mask in (1 << 52, 1 << 60, -1, -(1 << 52)):
        with pytest.raises(IllegalMove) as info:
            engine.play(state, 0, mask)
        assert info.value.code == "card-not-in-hand"
        assert "deck" in info.value.message


def test_check_play_returns_the_combination_and_changes_nothing() -> None:
    """check_play answers with the combination the play would make, and only checks;
    the engine keeps the configured chop table (queries read it)."""
    engine = ENGINES[False, "full"]
    state = ClimbState([CardSet.parse("3S 3H 9C").mask, CardSet.parse("4S 8D 10C").mask], 0)
    before = state.copy()
    combo = engine.check_play(state, 0, CardSet.parse("3S 3H").mask)
    assert (combo.kind, combo.mask) == (Kind.PAIR, CardSet.parse("3S 3H").mask)
    assert state == before
    config = ClimbConfig(RULES, CHOPS_PLAIN, chop_value)
    assert ClimbEngine(config).chops == CHOPS_PLAIN


def test_an_equal_combination_does_not_beat() -> None:
    """Where suits never decide (Sâm), 9♥ does not beat 9♠: a tie is refused."""
    engine = ENGINES[False, "sam"]
    state = ClimbState([CardSet.parse("9S 3D").mask, CardSet.parse("9H 4D").mask], 0)
    engine.play(state, 0, CardSet.parse("9S").mask)
    with pytest.raises(IllegalMove) as info:
        engine.play(state, 1, CardSet.parse("9H").mask)
    assert info.value.code == "does-not-beat"
