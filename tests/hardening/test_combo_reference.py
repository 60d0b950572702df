"""The combination rules against an independent, deliberately naive model of them.

The model below reads the rules as the rules pages state them — sets of one rank,
straights as windows of a rank order, đôi thông as windows of pairs, comparison by
highest card, chặt rows — with none of the core's nibble tables or key packing. The
core's ``classify``, ``beats``, ``is_chop`` and ``legal_plays`` must agree with it on
random cards under Tiến lên, Sâm and Sâm A-2-3 settings and random minimum lengths.
These tests are what kills mutants of ``vncards.core.climbing`` (its combination modules).
"""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vncards.core import (
    CardSet,
    ChopRule,
    Combo,
    ComboRules,
    Kind,
    beats,
    classify,
    is_chop,
    legal_plays,
)

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TIENLEN = ComboRules()
SAM = ComboRules(suits_break_ties=False, pair_runs=False, max_straight=10)
SAM_A23 = ComboRules(
    suits_break_ties=False, straight_order=(11, 12, *range(12)), pair_runs=False, max_straight=10
)
RULESETS = {"tienlen": TIENLEN, "sam": SAM, "sam-a23": SAM_A23}

K = Kind
TIENLEN_CHOPS = (
    ChopRule((K.PAIR_RUN, 6), (K.SINGLE, 1), target_rank=12),
    ChopRule((K.PAIR_RUN, 6), (K.PAIR_RUN, 6), need_higher=True),
    ChopRule((K.QUAD, 4), (K.SINGLE, 1), target_rank=12),
    ChopRule((K.QUAD, 4), (K.PAIR, 2), target_rank=12),
    ChopRule((K.QUAD, 4), (K.PAIR_RUN, 6)),
    ChopRule((K.QUAD, 4), (K.QUAD, 4), need_higher=True),
    ChopRule((K.PAIR_RUN, 8), (K.SINGLE, 1), target_rank=12),
    ChopRule((K.PAIR_RUN, 8), (K.PAIR, 2), target_rank=12),
    ChopRule((K.PAIR_RUN, 8), (K.PAIR_RUN, 6)),
    ChopRule((K.PAIR_RUN, 8), (K.QUAD, 4)),
    ChopRule((K.PAIR_RUN, 8), (K.PAIR_RUN, 8), need_higher=True),
)
# a house table where any tứ quý chops any other, listed before the stricter row: the
# lenient row must win whatever the order
LENIENT_CHOPS = (ChopRule((K.QUAD, 4), (K.QUAD, 4)), *TIENLEN_CHOPS)
SAM_CHOPS = (
    ChopRule((K.QUAD, 4), (K.SINGLE, 1), target_rank=12),
    ChopRule((K.QUAD, 4), (K.QUAD, 4), need_higher=True),
)


# ---------------------------------------------------------------- the naive model

Model = tuple[Kind, int, tuple[int, ...], int]  # kind, cards, comparison key, top rank


def _window_top(ranks: set[int], order: tuple[int, ...], lo: int, hi: int) -> int | None:
    """Highest end position of a window of ``order`` made exactly of ``ranks``."""
    n = len(ranks)
    if not lo <= n <= hi:
        return None
    best = None
    for start in range(len(order) - n + 1):
        window = order[start : start + n]
        if len(set(window)) == n and set(window) == ranks:
            best = start + n - 1
    return best


def model(ids: list[int], rules: ComboRules) -> Model | None:
    """What the rules pages say these cards are, or None."""
    if not ids:
        return None
    by_rank: dict[int, list[int]] = {}
    for i in ids:
        by_rank.setdefault(i // 4, []).append(i % 4)
    n = len(ids)
    suits = rules.suits_break_ties
    if len(by_rank) == 1:
        ((rank, held),) = by_rank.items()
        kind = (K.SINGLE, K.PAIR, K.TRIPLE, K.QUAD)[n - 1]
        key = (rank, max(held)) if suits and n <= 2 else (rank, 0)
        return kind, n, key, rank
    counts = {len(v) for v in by_rank.values()}
    ranks = set(by_rank)
    if counts == {1}:
        top = _window_top(ranks, rules.straight_order, rules.min_straight, rules.max_straight)
        if top is None:
            return None
        top_rank = rules.straight_order[top]
        return K.STRAIGHT, n, (top, max(by_rank[top_rank]) if suits else 0), top_rank
    if counts == {2} and rules.pair_runs:
        top = _window_top(ranks, rules.pair_run_order, rules.min_pair_run, 13)
        if top is None:
            return None
        top_rank = rules.pair_run_order[top]
        return K.PAIR_RUN, n, (top, max(by_rank[top_rank]) if suits else 0), top_rank
    return None


def model_chop(play: Model, over: Model, chops: tuple[ChopRule, ...]) -> bool:
    for row in chops:
        if (play[0], play[1]) != row.attacker or (over[0], over[1]) != row.target:
            continue
        if row.target_rank is not None and over[3] != row.target_rank:
            continue
        if row.need_higher and not play[2] > over[2]:
            continue
        return True
    return False


def model_beats(play: Model, over: Model, chops: tuple[ChopRule, ...]) -> bool:
    same = play[0] == over[0] and play[1] == over[1]
    return (same and play[2] > over[2]) or model_chop(play, over, chops)


def _ids(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _mask(ids: list[int] | tuple[int, ...]) -> int:
    return sum(1 << i for i in set(ids))


# ---------------------------------------------------------------- strategies


@st.composite
def card_sets(draw: st.DrawFn, max_size: int = 8) -> list[int]:
    """Cards biased towards combinations: runs of ranks, several suits per rank."""
    how = draw(st.sampled_from(["any", "run", "pairs", "set"]))
    if how == "any":
        return sorted(set(draw(st.lists(st.integers(0, 51), min_size=1, max_size=max_size))))
    if how == "set":
        rank = draw(st.integers(0, 12))
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
        return sorted(rank * 4 + s for s in suits)
    per = 1 if how == "run" else 2
    start = draw(st.integers(0, 12))
    length = draw(st.integers(2, 6 if per == 2 else 12))
    ids = []
    for r in range(start, start + length):
        rank = r % 13
        suits = draw(st.lists(st.integers(0, 3), min_size=per, max_size=per, unique=True))
        ids += [rank * 4 + s for s in suits]
    extra = draw(st.lists(st.integers(0, 51), max_size=1))
    return sorted(set(ids + extra))[: max(max_size, 1) * 2]


_ORDERS = [tuple(range(12)), (11, 12, *range(12)), tuple(range(13))]
rulesets = st.one_of(
    st.sampled_from(list(RULESETS.values())),
    st.integers(2, 5).flatmap(
        lambda lo: st.builds(
            ComboRules,
            suits_break_ties=st.booleans(),
            straight_order=st.sampled_from(_ORDERS),
            min_straight=st.just(lo),
            max_straight=st.integers(lo, 13),
            pair_runs=st.booleans(),
            min_pair_run=st.integers(2, 4),
        )
    ),
)


# ---------------------------------------------------------------- agreement


@FUZZ
@given(card_sets(max_size=12), rulesets)
def test_classify_agrees_with_the_rules_model(ids: list[int], rules: ComboRules) -> None:
    """Kind, size, top rank and order of any cards match the naive reading of the rules."""
    got = classify(_mask(ids), rules)
    want = model(ids, rules)
    if want is None:
        assert got is None, f"{CardSet(_mask(ids))} classified as {got}"
        return
    assert got is not None, f"{CardSet(_mask(ids))} is a {want[0].code}"
    assert (got.kind, got.length, got.top_rank, got.mask) == (want[0], want[1], want[3], _mask(ids))


@FUZZ
@given(card_sets(), card_sets(), st.sampled_from(sorted(RULESETS)))
def test_beats_and_chop_agree_with_the_rules_model(a: list[int], b: list[int], name: str) -> None:
    """Whether one combination beats or chops another matches the model, for each game's
    settings and chop table."""
    rules = RULESETS[name]
    chops = TIENLEN_CHOPS if name == "tienlen" else SAM_CHOPS
    ca, cb = classify(_mask(a), rules), classify(_mask(b), rules)
    ma, mb = model(a, rules), model(b, rules)
    if ca is None or cb is None or ma is None or mb is None:
        return
    assert beats(ca, cb, chops) == model_beats(ma, mb, chops)
    assert is_chop(ca, cb, chops) == model_chop(ma, mb, chops)
    if (ca.kind, ca.length) == (cb.kind, cb.length):
        assert (ca.key > cb.key) == (ma[2] > mb[2]), "order within one shape"
        assert (ca.key == cb.key) == (ma[2] == mb[2]), "ties within one shape"


def _model_plays(
    hand: list[int], rules: ComboRules, over: Model | None, chops: tuple[ChopRule, ...], only: bool
) -> set[int]:
    out = set()
    for k in range(1, len(hand) + 1):
        for sub in combinations(hand, k):
            m = model(list(sub), rules)
            if m is None:
                continue
            if over is None or (
                model_chop(m, over, chops) if only else model_beats(m, over, chops)
            ):
                out.add(_mask(sub))
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    card_sets(max_size=10),
    card_sets(max_size=8),
    st.sampled_from(sorted(RULESETS)),
    st.booleans(),
    st.booleans(),
)
def test_legal_plays_agree_with_the_rules_model(
    hand: list[int], over_ids: list[int], name: str, lead: bool, only: bool
) -> None:
    """Every play a hand may lead, or beat a combination with (or only chop it with), is
    exactly what the model finds by trying every subset of the hand; each appears once."""
    hand = hand[:10]
    rules = RULESETS[name]
    chops = TIENLEN_CHOPS if name == "tienlen" else SAM_CHOPS
    hand_mask = _mask(hand)
    over = None if lead else classify(_mask(over_ids), rules)
    if not lead and over is None:
        return
    got = legal_plays(hand_mask, rules, over, chops, chops_only=only)
    assert len(got) == len(set(got)), "a play is listed twice"
    want = _model_plays(hand, rules, None if over is None else model(over_ids, rules), chops, only)
    assert set(got) == want


# ---------------------------------------------------------------- rules pinned by example


def _c(text: str, rules: ComboRules = TIENLEN) -> Combo:
    combo = classify(CardSet.parse(text).mask, rules)
    assert combo is not None, text
    return combo


def test_pair_compares_by_its_higher_suit() -> None:
    """Tiến lên: 3♣3♥ beats 3♠3♦ (the pair's higher suit, ♥ over ♦, decides)."""
    assert beats(_c("3C 3H"), _c("3S 3D"))
    assert not beats(_c("3S 3D"), _c("3C 3H"))


def test_sam_suits_never_decide() -> None:
    """Sâm: 9♥ does not beat 9♠, a pair of 8s does not beat another pair of 8s, and a
    straight does not beat another of the same ranks."""
    assert not beats(_c("9H", SAM), _c("9S", SAM))
    assert not beats(_c("8D 8H", SAM), _c("8S 8C", SAM))
    assert beats(_c("10S", SAM), _c("9H", SAM))
    # nor do the suits of a straight's top card: 5-6-7 is 5-6-7
    assert not beats(_c("5S 6S 7H", SAM), _c("5H 6H 7D", SAM))
    assert not beats(_c("5H 6H 7D", SAM), _c("5S 6S 7H", SAM))
    assert not beats(_c("AS 2S 3H", SAM_A23), _c("AH 2H 3D", SAM_A23))


def test_straight_compares_by_its_highest_card_then_suit() -> None:
    """Tiến lên: 5-6-7 ending in 7♥ beats 5-6-7 ending in 7♦; 6-7-8 beats both."""
    assert beats(_c("5S 6S 7H"), _c("5H 6H 7D"))
    assert beats(_c("6S 7S 8S"), _c("5H 6H 7H"))
    assert not beats(_c("5H 6H 7D"), _c("5S 6S 7H"))


def test_no_two_in_a_tienlen_straight_or_pair_run() -> None:
    """Tiến lên: Q-K-A-2 is no straight and K-K-A-A-2-2 no đôi thông; no wrap-around."""
    assert classify(CardSet.parse("QS KS AS 2S").mask, TIENLEN) is None
    assert classify(CardSet.parse("KS KH AS AH 2S 2H").mask, TIENLEN) is None
    assert classify(CardSet.parse("AS 2S 3S").mask, TIENLEN) is None


def test_sam_a23_straights_are_the_lowest() -> None:
    """Sâm A-2-3: A-2-3 < 2-3-4 < 3-4-5 < … < Q-K-A, and K-A-2 is no straight."""
    order = ["AS 2S 3S", "2S 3S 4S", "3S 4S 5S", "QS KS AS"]
    combos = [_c(t, SAM_A23) for t in order]
    for low, high in pairwise(combos):
        assert beats(high, low, ())
        assert not beats(low, high, ())
    assert classify(CardSet.parse("KS AS 2S").mask, SAM_A23) is None
    assert combos[0].top_rank == 0, "A-2-3 tops at the 3"


def test_sam_ten_card_straight() -> None:
    """Sâm: a straight of all ten cards, 3…Q, is a straight (and 5…A beats it)."""
    low = _c("3S 4S 5S 6S 7S 8S 9S 10S JS QS", SAM)
    high = _c("5H 6H 7H 8H 9H 10H JH QH KH AH", SAM)
    assert (low.kind, low.length) == (K.STRAIGHT, 10)
    assert beats(high, low)


def test_tienlen_chop_table_rows() -> None:
    """Tiến lên chặt: 3 đôi thông chops a single 2 but not a pair of 2s; a tứ quý chops
    a pair of 2s, any 3 đôi thông and a smaller tứ quý; 4 đôi thông chops a tứ quý."""
    three_pairs = _c("5S 5H 6S 6H 7S 7H")
    quad = _c("9S 9C 9D 9H")
    four_pairs = _c("3S 3C 4S 4C 5D 5C 6D 6H")
    two, twos = _c("2S"), _c("2D 2H")
    assert is_chop(three_pairs, two, TIENLEN_CHOPS)
    assert not beats(three_pairs, twos, TIENLEN_CHOPS)
    assert is_chop(quad, twos, TIENLEN_CHOPS)
    assert is_chop(quad, three_pairs, TIENLEN_CHOPS)
    assert is_chop(_c("10S 10C 10D 10H"), quad, TIENLEN_CHOPS)
    assert not is_chop(quad, _c("10S 10C 10D 10H"), TIENLEN_CHOPS)
    assert is_chop(four_pairs, quad, TIENLEN_CHOPS)
    assert not is_chop(quad, four_pairs, TIENLEN_CHOPS)
    assert not is_chop(quad, _c("AS"), TIENLEN_CHOPS), "a chop row for 2s only"


@pytest.mark.parametrize(
    ("text", "code"),
    [("3S", "single"), ("3S 3H", "pair"), ("3S 3C 3H", "triple"), ("3S 3C 3D 3H", "quad"),
     ("3S 4S 5H", "straight"), ("3S 3H 4S 4H 5S 5H", "pair-run")],
)  # fmt: skip
def test_kind_codes_are_the_json_names(text: str, code: str) -> None:
    """Combination codes in JSON are the rules page names."""
    assert _c(text).kind.code == code
    assert Kind.from_code(code) == _c(text).kind


def test_unknown_kind_code_is_refused() -> None:
    """An unknown combination name raises ValueError naming it."""
    with pytest.raises(ValueError, match="'bomb'"):
        Kind.from_code("bomb")


_BOMBS = [
    "3S 3H 4S 4H 5S 5H",
    "8S 8C 9S 9C 10D 10H",
    "5S 5C 6D 6H 7S 7C 8D 8H",
    "JS JC JD JH",
    "6S 6C 6D 6H",
    "QS QH KS KH AS AH",
]
_TARGETS = [
    "2S",
    "2H",
    "2C 2D",
    "2S 2H",
    "4C 4D 5C 5D 6C 6D",
    "9S 9C 9D 9H",
    "3C 3D 4C 4D 5C 5D 6S 6H",
    "3D",
    "KD KC",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(_BOMBS), min_size=1, max_size=2),
    st.lists(st.integers(0, 51), max_size=3),
    st.sampled_from(_TARGETS),
    st.sampled_from([*sorted(RULESETS), "lenient"]),
    st.booleans(),
)
def test_legal_plays_over_twos_and_bombs_agree_with_the_rules_model(
    bombs: list[str], extra: list[int], target: str, name: str, only: bool
) -> None:
    """Hands holding tứ quý and đôi thông, facing a 2, a pair of 2s or a bomb: every
    beat and every chặt (or only the chặt, for a seat that passed) is found — also under
    a house table with two rows for the same shapes."""
    rules = RULESETS.get(name, TIENLEN)
    chops = {"tienlen": TIENLEN_CHOPS, "lenient": LENIENT_CHOPS}.get(name, SAM_CHOPS)
    over_mask = CardSet.parse(target).mask
    hand_mask = 0
    for b in bombs:
        hand_mask |= CardSet.parse(b).mask
    for i in extra:
        hand_mask |= 1 << i
    hand_mask &= ~over_mask
    hand = _ids(hand_mask)[:12]
    hand_mask = _mask(hand)
    over = classify(over_mask, rules)
    if over is None:
        return
    got = legal_plays(hand_mask, rules, over, chops, chops_only=only)
    assert len(got) == len(set(got))
    assert set(got) == _model_plays(hand, rules, model(_ids(over_mask), rules), chops, only)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_card_never_beats_an_equal_one(name: str) -> None:
    """A play beats only what is strictly lower: the lowest single (3♠) is beaten by no
    3 in Sâm, where suits never decide, and in Tiến lên only by the higher-suited 3s."""
    rules = RULESETS[name]
    lowest = classify(CardSet.parse("3S").mask, rules)
    assert lowest is not None
    hand = CardSet.parse("3S 3C 3D 3H 4S").mask
    singles = set(legal_plays(hand, rules, lowest))
    want = {"3C", "3D", "3H", "4S"} if rules.suits_break_ties else {"4S"}
    assert singles == {CardSet.parse(c).mask for c in want}


def _plays(
    hand: str, over: str, rules: ComboRules = TIENLEN, chops: tuple[ChopRule, ...] = ()
) -> set[str]:
    combo = classify(CardSet.parse(over).mask, rules)
    assert combo is not None
    return {str(CardSet(m)) for m in legal_plays(CardSet.parse(hand).mask, rules, combo, chops)}


def test_pair_of_the_same_rank_beats_only_with_a_higher_suit() -> None:
    """Tiến lên: over 8♠8♦ the pairs that beat are those holding 8♥ (♥ > ♦), and any
    higher pair; 8♣8♦-style pairs topped by ♦ or lower do not."""
    assert _plays("8C 8H 9S 9C", "8S 8D") == {
        str(CardSet.parse("8C 8H")),
        str(CardSet.parse("9S 9C")),
    }
    assert _plays("8S 8C 9S", "8D 8H") == set()


def test_pair_run_of_the_same_ranks_beats_only_with_a_higher_top_suit() -> None:
    """Tiến lên: 3 đôi thông 5-6-7 topped by 7♥ beats 5-6-7 topped by 7♦; topped by 7♣
    it does not."""
    over = "5S 5C 6S 6C 7S 7D"
    assert _plays("5D 5H 6D 6H 7C 7H", over) == {str(CardSet.parse("5D 5H 6D 6H 7C 7H"))}
    assert _plays("5D 5H 6D 6H 7C 8H", over) == set()


def test_lenient_chop_row_wins_whatever_the_row_order() -> None:
    """A house table with "any tứ quý chops any tứ quý" listed before the standard "a
    higher tứ quý" row: a lower tứ quý may chop; with the standard table alone it may
    not."""
    hand, over = "6S 6C 6D 6H 3S", "9S 9C 9D 9H"
    quad = str(CardSet.parse("6S 6C 6D 6H"))
    assert _plays(hand, over, chops=LENIENT_CHOPS) == {quad}
    assert _plays(hand, over, chops=(*TIENLEN_CHOPS, LENIENT_CHOPS[0])) == {quad}
    assert _plays(hand, over, chops=TIENLEN_CHOPS) == set()


@pytest.mark.parametrize(
    ("settings_", "word"),
    [
        ({"straight_order": (0, 1, 13)}, "straight_order"),
        ({"pair_run_order": (-1, 0, 1)}, "pair_run_order"),
        ({"min_straight": 1}, "two ranks"),
        ({"min_pair_run": 1}, "two ranks"),
        ({"min_straight": 5, "max_straight": 4}, "max_straight"),
    ],
)
def test_invalid_combo_rules_are_refused_naming_the_setting(
    settings_: dict[str, object], word: str
) -> None:
    """Combination settings that make no sense raise RulesError saying which."""
    from vncards.core import RulesError

    with pytest.raises(RulesError) as info:
        ComboRules(**settings_)  # type: ignore[arg-type]
    assert word in str(info.value)
    assert str(info.value) != str(info.value).upper()
