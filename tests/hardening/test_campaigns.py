"""Long campaigns: many seeded games of every installed game and preset, played by
random and by greedy bots, each checked step by step with the core conformance suite —
cards conserved, ``legal_actions`` exactly what ``apply`` accepts (probed), every game
ends with payments summing to zero, and its record replays through the referee to the
same result.

The normal run plays a handful of games per game and preset. ``pytest -m slow`` plays
``VNCARDS_CAMPAIGN_GAMES`` (default 20,000) games per game, preset and bot kind, probing
a sample of steps and actions so the campaign stays within hours.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from vncards.core import (
    Bot,
    IllegalMove,
    Play,
    PlayedGame,
    RandomBot,
    derive_seed,
    legal_plays,
    play_game,
    resolve_rules,
)
from vncards.core.testing import check_actions_exact, check_game, check_replay, check_result

from tests.hardening._support import AnyPlugin, GreedyBot, game_presets, preset_id

PAIRS = game_presets()
CAMPAIGN_GAMES = int(os.environ.get("VNCARDS_CAMPAIGN_GAMES", "20000"))


def check_bot_game(
    plugin: AnyPlugin,
    preset: str,
    seed: int,
    make_bot: Callable[[int], Bot],
    *,
    probe_every: int = 1,
    probe_limit: int | None = 200,
    max_steps: int = 20_000,
) -> tuple[str, int]:
    """One seeded game between bots from ``make_bot``, checked as
    :func:`vncards.core.testing.check_game` checks a random-bot game; returns the
    outcome and the number of steps."""
    rules = resolve_rules(plugin, preset)
    lo, hi = plugin.player_range(rules)
    n = random.Random(seed).randint(lo, hi)
    state = plugin.new_game(rules, n, seed)
    start = state.copy()
    cards = plugin.card_multiset(state)
    bots = [make_bot(derive_seed(seed, s)) for s in range(n)]
    actions: list[Any] = []
    for step in range(max_steps):
        assert plugin.card_multiset(state) == cards, (
            f"seed {seed}: cards not conserved at step {step}"
        )
        if probe_every and step % probe_every == 0:
            check_actions_exact(plugin, state, limit=probe_limit, seed=seed + step)
        d = plugin.decision(state)
        if d is None:
            assert not plugin.legal_actions(state), "a finished game still lists actions"
            break
        legal = set(plugin.legal_actions(state))
        assert all(a in legal for a in d.actions), "a decision offers an illegal action"
        choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
        if choice is None:
            assert d.optional, "a bot declined a forced choice"
            plugin.decline(state, d.seat)
        else:
            assert choice in legal, f"bot chose an illegal action {choice!r}"
            plugin.apply(state, choice)
            actions.append(choice)
    else:
        raise AssertionError(f"seed {seed}: the game did not end in {max_steps} steps")
    res = check_result(plugin, state)
    check_replay(plugin, PlayedGame(start, actions, state), variant=preset, bet=1 + seed % 3)
    return res.outcome or "unfinished", step


def _random_game(
    plugin: AnyPlugin, preset: str, seed: int, every: int, limit: int
) -> tuple[str, int]:
    game, steps, _ = check_game(
        plugin, variant=preset, seed=seed, probe_every=every, probe_limit=limit
    )
    return plugin.result(game.final).outcome or "unfinished", steps


def _greedy_game(
    plugin: AnyPlugin, preset: str, seed: int, every: int, limit: int
) -> tuple[str, int]:
    return check_bot_game(plugin, preset, seed, GreedyBot, probe_every=every, probe_limit=limit)


KINDS = {"random": _random_game, "greedy": _greedy_game}


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("pair", PAIRS, ids=[preset_id(p) for p in PAIRS])
def test_sample_of_bot_games_conforms(pair: tuple[AnyPlugin, str], kind: str) -> None:
    """A few seeded games per game, preset and bot kind pass every conformance check,
    probing every step."""
    plugin, preset = pair
    outcomes = Counter(
        KINDS[kind](plugin, preset, derive_seed(7, g) % 2**32, 1, 150)[0] for g in range(3)
    )
    assert sum(outcomes.values()) == 3


@pytest.mark.parametrize("pair", PAIRS, ids=[preset_id(p) for p in PAIRS])
def test_every_bot_a_game_offers_plays_legally(pair: tuple[AnyPlugin, str]) -> None:
    """Each bot a game ships (``plugin.bots``) only chooses offered actions, and its games
    end, conserve cards, sum to zero and replay."""
    plugin, preset = pair
    for name, factory in plugin.bots.items():
        for g in range(2):
            outcome, _ = check_bot_game(
                plugin, preset, 100 + g, factory, probe_every=5, probe_limit=30
            )
            assert outcome, f"bot {name}"


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("pair", PAIRS, ids=[preset_id(p) for p in PAIRS])
def test_campaign(pair: tuple[AnyPlugin, str], kind: str) -> None:
    """VNCARDS_CAMPAIGN_GAMES seeded games (default 20,000) per game, preset and bot kind,
    each fully checked; exactness is probed every 7th step over a sample of 40 actions."""
    plugin, preset = pair
    outcomes: Counter[str] = Counter()
    steps = 0
    began = time.perf_counter()
    for g in range(CAMPAIGN_GAMES):
        outcome, n = KINDS[kind](plugin, preset, derive_seed(20_000, g) % 2**32, 7, 40)
        outcomes[outcome] += 1
        steps += n
    spent = time.perf_counter() - began
    print(
        f"\ncampaign {plugin.name}/{preset}/{kind}: {sum(outcomes.values())} games, {steps} steps,"
        f" {spent:.0f} s, outcomes {dict(outcomes)}"
    )
    assert sum(outcomes.values()) == CAMPAIGN_GAMES


FRENCH_PAIRS = [p for p in PAIRS if p[0].deck == "french" and hasattr(p[0], "combo_rules")]


@pytest.mark.parametrize("pair", FRENCH_PAIRS, ids=[preset_id(p) for p in FRENCH_PAIRS])
def test_offered_plays_are_exactly_the_combinations_apply_accepts(
    pair: tuple[AnyPlugin, str],
) -> None:
    """At every step of a few games, the plays ``legal_actions`` offers the seat to act
    are exactly those combinations of its hand that ``apply`` accepts — all of them
    tried, chặt included, not a sample (the conformance probe samples subsets of large
    hands, where a missing tứ quý or đôi thông would hide)."""
    plugin, preset = pair
    rules = resolve_rules(plugin, preset)
    combo_rules = plugin.combo_rules(rules)  # type: ignore[attr-defined]
    lo, hi = plugin.player_range(rules)
    for g in range(8):
        seed = derive_seed(31, g) % 2**32
        n = lo + g % (hi - lo + 1)
        if g % 2:
            state = plugin.new_game(rules, n, seed)
        else:
            # hands holding the 2s, tứ quý and runs of pairs, so chặt is often possible
            hands = _bomb_heavy_hands(seed, n, plugin.hand_size(rules))  # type: ignore[attr-defined]
            first = min(range(n), key=lambda s: hands[s] & -hands[s])
            state = plugin.start(rules, hands, first)  # type: ignore[attr-defined]
        bots = [
            GreedyBot(derive_seed(seed, s)) if g % 2 else RandomBot(seed + s)
            for s in range(len(state.hands))
        ]
        for _ in range(500):
            d = plugin.decision(state)
            if d is None:
                break
            seat = state.turn
            offered = {
                a.cards
                for a in plugin.legal_actions(state)
                if isinstance(a, Play) and a.seat == seat
            }
            accepted = set()
            for mask in legal_plays(state.hands[seat], combo_rules):
                trial = state.copy()
                try:
                    plugin.apply(trial, Play(seat, mask))
                except IllegalMove:
                    continue
                accepted.add(mask)
            assert offered == accepted, f"seed {seed}: offered and accepted plays differ"
            choice = bots[d.seat].choose(plugin.view(state, d.seat), d.actions, d.optional)
            if choice is None:
                plugin.decline(state, d.seat)
            else:
                plugin.apply(state, choice)


def _bomb_heavy_hands(seed: int, n: int, size: int) -> list[int]:
    """``n`` hands of ``size`` cards: the 2s, whole tứ quý and a run of pairs dealt to the
    seats first, the rest at random."""
    rng = random.Random(seed)
    ranks = list(range(12))
    rng.shuffle(ranks)
    low = rng.randrange(10)
    blocks = [[48 + s] for s in range(4)]  # one by one: four 2s in a hand win at the deal
    blocks += [[r * 4 + s for s in range(4)] for r in ranks[:2]]
    blocks.append([r * 4 + s for r in range(low, low + 3) for s in (1, 2)])
    hands: list[set[int]] = [set() for _ in range(n)]
    used: set[int] = set()
    for block in blocks:
        block = [c for c in block if c not in used]
        seat = rng.randrange(n)
        room = size - len(hands[seat])
        hands[seat].update(block[:room])
        used.update(block[:room])
    rest = [c for c in range(52) if c not in used]
    rng.shuffle(rest)
    for h in hands:
        while len(h) < size:
            h.add(rest.pop())
    return [sum(1 << c for c in h) for h in hands]


class _Asked:
    """Chooses what the bot it wraps chooses, through ``choose``, so that ``play_game``
    runs its plain loop for it instead of drawing for a random bot itself."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name

    def choose(self, view: Any, actions: Any, optional: bool) -> Any | None:
        return self.bot.choose(view, actions, optional)


@pytest.mark.slow
@pytest.mark.parametrize("pair", PAIRS, ids=[preset_id(p) for p in PAIRS])
def test_campaign_random_bots_drawn_for_play_the_games_they_choose(
    pair: tuple[AnyPlugin, str],
) -> None:
    """VNCARDS_CAMPAIGN_GAMES seeded random-bot games per game and preset, played twice:
    once by ``play_game`` drawing the random bots' choices itself (SheddingGame's own
    loop), once asking each bot through ``choose``. Every action and every result is the
    same; the campaigns above check the games themselves."""
    plugin, preset = pair
    rules = resolve_rules(plugin, preset)
    lo, hi = plugin.player_range(rules)
    factory = plugin.bots.get("random", RandomBot)
    began = time.perf_counter()
    for g in range(CAMPAIGN_GAMES):
        seed = derive_seed(30_000, g) % 2**32
        n = lo + g % (hi - lo + 1)
        drawn = play_game(
            plugin, plugin.new_game(rules, n, seed), [factory(seed + s) for s in range(n)]
        )
        asked = play_game(
            plugin,
            plugin.new_game(rules, n, seed),
            [_Asked(factory(seed + s)) for s in range(n)],
        )
        assert drawn.actions == asked.actions, f"seed {seed}"
        assert plugin.result(drawn.final) == plugin.result(asked.final), f"seed {seed}"
    spent = time.perf_counter() - began
    print(f"\nsame games {plugin.name}/{preset}: {CAMPAIGN_GAMES} games twice, {spent:.0f} s")
