"""The straightforward báo Sâm planner the bot used before it was made faster.

Kept as the reference the fast planner must agree with, decision for decision, and
as the baseline its benchmark is measured against.
"""

from __future__ import annotations

import random

from vncards.core import ComboRules, Kind, ShedView
from vncards.samloc._engine import sam_combo_rules

Unit = tuple[int, int, int, int]
_ByRank = list[list[tuple[int, int, int]]]
_ByLen = dict[int, list[tuple[int, int]]]
_Deals = list[list[tuple[list[int], int]]]
"""A planned combination by ranks: ``(kind, rank or top position, length, rank bits)``."""


def _sample_deals(view: ShedView, rng: random.Random, samples: int) -> _Deals:
    """``samples`` random deals of the cards ``view``'s seat cannot see to the seats
    still in play, one ``rng.shuffle`` each: per seat, its count of cards of each rank
    and its ranks as bits."""
    seat = view.seat
    hand = view.hand_mask
    opponents = [i for i in range(len(view.counts)) if i != seat and not view.out >> i & 1]
    unseen = [c for c in range(52) if not (hand | view.pile) >> c & 1]
    deals: _Deals = []
    for _ in range(samples):
        rng.shuffle(unseen)
        sample = []
        pos = 0
        for i in opponents:
            size = view.counts[i]
            opp = [0] * 13
            for c in unseen[pos : pos + size]:
                opp[c >> 2] += 1
            pos += size
            sample.append((opp, sum(1 << r for r in range(13) if opp[r])))
        deals.append(sample)
    return deals


def _straights_by_rank(rules: ComboRules) -> tuple[_ByRank, _ByLen]:
    table = rules.tables().straights
    by_rank: _ByRank = [[] for _ in range(13)]
    by_len: _ByLen = {}
    for bits, (pos, _) in table.items():
        n = bits.bit_count()
        by_len.setdefault(n, []).append((bits, pos))
        for r in range(13):
            if bits >> r & 1:
                by_rank[r].append((bits, pos, n))
    return by_rank, by_len


def _plans(counts: list[int], by_rank: _ByRank, limit: int) -> list[list[Unit]]:
    out: list[list[Unit]] = []
    acc: list[Unit] = []

    def rec() -> None:
        if len(out) >= limit:
            return
        r = next((i for i in range(13) if counts[i]), -1)
        if r < 0:
            out.append(acc[:])
            return
        for k in range(counts[r], 0, -1):
            counts[r] -= k
            acc.append((int(Kind.SINGLE) + k - 1, r, k, 1 << r))
            rec()
            acc.pop()
            counts[r] += k
        for bits, pos, n in by_rank[r]:
            ranks = [q for q in range(13) if bits >> q & 1]
            if all(counts[q] for q in ranks):
                for q in ranks:
                    counts[q] -= 1
                acc.append((int(Kind.STRAIGHT), pos, n, bits))
                rec()
                acc.pop()
                for q in ranks:
                    counts[q] += 1

    rec()
    return out


def _beaten(unit: Unit, counts: list[int], present: int, by_len: _ByLen) -> bool:
    kind, key, length, _ = unit
    if kind == Kind.STRAIGHT:
        return any(p > key and b & present == b for b, p in by_len[length])
    if length == 1 and key == 12:
        return 4 in counts
    need = 4 if length == 4 else length
    return any(counts[q] >= need for q in range(key + 1, 13))


def _losses(unit: Unit, deals: _Deals, by_len: _ByLen) -> int:
    """Bit s is set when some opponent of deal s can beat ``unit``."""
    m = 0
    for s, sample in enumerate(deals):
        if any(_beaten(unit, c, p, by_len) for c, p in sample):
            m |= 1 << s
    return m


def reference_sam_plan(
    view: ShedView, rng: random.Random, samples: int = 64, limit: int = 4000
) -> tuple[float, list[Unit]]:
    """The plan of leads most likely to play the viewing seat's hand out unbeaten, and
    the share of ``samples`` random deals of the cards it cannot see to the opponents
    that it survives.

    The plan is in playing order; its last combination holds no 2 (thối 2) and needs
    no protection, since going out ends the game before anyone answers.
    """
    hand = view.hand_mask
    by_rank, by_len = _straights_by_rank(sam_combo_rules(view.rules))
    counts = [(hand >> (4 * r) & 15).bit_count() for r in range(13)]
    plans = _plans(counts, by_rank, limit)
    deals = _sample_deals(view, rng, samples)
    cache: dict[Unit, int] = {}
    full = (1 << samples) - 1
    best: tuple[float, int, list[Unit]] = (-1.0, 0, [])
    for plan in plans:
        masks = []
        for u in plan:
            m = cache.get(u)
            if m is None:
                m = cache[u] = _losses(u, deals, by_len)
            masks.append(m)
        # the last play goes out at once, so nobody can beat it: spare the riskiest
        # combination without a 2 for it
        last = -1
        lost = full
        for j, u in enumerate(plan):
            if u[3] >> 12 & 1:
                continue
            rest = 0
            for i, m in enumerate(masks):
                if i != j:
                    rest |= m
            if last < 0 or (rest & full).bit_count() < lost.bit_count():
                last, lost = j, rest & full
        if last < 0:
            continue  # nothing to go out with but a 2
        share = (full & ~lost).bit_count() / samples
        if (share, -len(plan)) > (best[0], best[1]):
            ordered = [u for i, u in enumerate(plan) if i != last]
            ordered.sort(key=lambda u: not u[3] >> 12 & 1)  # 2s early: one may not go out
            best = (share, -len(plan), [*ordered, plan[last]])
    return best[0], best[2]
